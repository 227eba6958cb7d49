"""Clauses of the `fielded_tail` family, registered into the shared phrase registry (so they
work after every trigger, not only 'When fielded'):

- 'prevent all damage dealt to <dice>' (the card's reminder: until end of turn): effect
  `ft_prevent_all`, fielded_choices' `fc_no_damage_taken` ('<dice> take no damage this turn')
  under a verb-first name (its English reads after 'you may pay [1] to'): each die picked when
  it resolves is protected from all damage until end of turn (R13.4). Dice the holder fields
  later in the turn are not protected: the weaker reading (T5.1) of 'Sidekick dice you
  control'. A player ('you') is refused.
- 'the next character (die) you field this turn is free / can be fielded for free' and 'the
  next [SF] character die you field this turn is free' (effect `ft_next_field_free`, in
  rules/abilities/extensions/fielded_tail.py): the holder's next matching character die
  fielded after this effect resolves costs nothing to field (R7.2's fielding cost); once one
  has been fielded, the effect is used up.
- '<target die> with NA or less ...' and 'target level N <die> ...': the target's filters
  `max_attack` / `min_level` + `max_level` (checked when the target is chosen, R13.2) put on
  the clause the rest of the text reads ('target character die with 3A or less can't be
  blocked this turn'). A restriction printed without a duration ('target level 3 Superstar die
  can't be blocked') lasts this turn, as every restriction from a triggered effect does: the
  weaker reading (T5.1).
- '<die> can't be blocked by <dice> this turn' (effect `ft_unblockable_by`): a lasting
  restriction (R13.7) on each die picked until end of turn, about blockers matching the dice
  named (one kind of blocker; 'non-Villains' is a die without the Villain affiliation). Read
  after 'When NAME attacks' too ('he cannot be blocked by Sidekicks'): blocking matters only
  while it attacks, so this turn is all it can mean.
- '<dice> cost N less to purchase / field (until end of turn)' (effect `ft_cost_this_turn`):
  the holder's purchases (or fieldings) of matching dice cost N less until end of turn (a
  reduced purchase cost stays 1 or more, R7.3). A subject without 'your' means either player's
  (R13.8; only the active player buys). Printed without a duration, the card's reminder says
  until end of turn; each resolution adds its own reduction ('for each NAME fielded this
  turn').
- '<die> can't block your [B] or [F] character dice' (effect `ft_cant_block`): a lasting
  restriction (R13.7) on each die picked: it can't block an attacker matching the dice named.
  Printed without a duration, it lasts this turn, as every restriction from a triggered effect
  does: the weaker reading (T5.1).
- 'KO all NAME dice' (a capitalised name that is not a trait, a kind of die or this card's):
  each die in the Field whose card's title is exactly NAME, the holder's own: a card that
  names a character refers to its owner's cards only (R13.8). A card whose
  title only contains NAME ('Black Lantern Anti-Monitor' for 'Anti-Monitor dice') is not
  counted: the weaker reading (T5.1).
- 'knock out all fielded characters that have a purchase cost of 4 or less' (the card's
  reminder: both players'): every non-Sidekick character die in the Field whose card costs 4
  or less. A Sidekick prints no purchase cost, so it is left alone: the weaker reading (T5.1).
"""

import re

from rules.abilities import phrases
from rules.abilities import phrases_triggers as pt
from rules.abilities import tokens as t
from rules.abilities.phrases import phrase


def _read(text: str, line) -> list[dict] | None:
    return phrases.effects(text, line) or pt.clauses_joined_by_and(text, line)


# -- prevent all damage dealt to <dice> ---------------------------------------------------------
@phrase(
    r"prevent all damage (?:dealt )?to (?P<who>.+?)"
    r"(?: (?:this turn|until (?:the )?end of (?:the )?turn))?"
)
def _prevent_all(m, line):
    to = pt.target_of(m["who"], line)
    if to is None or to.get("pick") == "player":
        return None
    return [{"do": "ft_prevent_all", "to": to}]


# -- the next character die you field this turn is free -----------------------------------------
@phrase(
    r"the next (?P<what>(?:\[\w+\] )?character(?: die)?) you field this turn "
    r"(?:is free(?: to field)?|can be fielded for free)"
)
def _next_field_free(m, line):
    what = m["what"]
    if not what.endswith(" die"):
        what += " die"
    dice = pt.die_selector(f"a {what}", line)
    if dice is None:
        return None
    filters = {k: v for k, v in dice.items() if k not in ("pick", "count", "side", "what")}
    if set(filters) - {"affiliation", "energy"}:
        return None
    return [{"do": "ft_next_field_free", "dice": filters}]


# -- filters on a target: 'with 3A or less', 'level 3' ------------------------------------------
_TARGETED = ("to",)


def _filtered(effects: list[dict], extra: dict) -> list[dict] | None:
    """The effects with `extra` filters on the one target they choose; None unless exactly
    one effect chooses one target die."""
    chosen = [
        e for e in effects if isinstance(e.get("to"), dict) and e["to"].get("pick") == "target"
    ]
    if len(chosen) != 1 or any(k in chosen[0]["to"] for k in extra):
        return None
    return [{**e, "to": {**e["to"], **extra}} if e is chosen[0] else e for e in effects]


@phrase(
    r"(?P<who>target (?:[^ ]+ )*?(?:character die|die|character)) "
    r"with (?P<n>\d)A or less (?P<rest>.+)"
)
def _with_attack_at_most(m, line):
    effects = _read(f"{m['who']} {m['rest']}", line)
    if effects is None:
        return None
    return _filtered(effects, {"max_attack": int(m["n"])})


@phrase(r"target level (?P<n>[1-4]) (?P<rest>.+)")
def _target_level(m, line):
    if re.match(r"(?:or|and)\b", m["rest"], re.IGNORECASE):
        return None
    effects = _read(f"target {m['rest']}", line)
    if effects is None:
        return None
    n = int(m["n"])
    return _filtered(effects, {"min_level": n, "max_level": n})


_BY_FILTERS = {"pick", "what", "affiliation", "not_affiliation", "energy", "not_energy"}


# -- <die> can't be blocked by <dice> this turn ---------------------------------------------------
@phrase(
    r"(?P<who>.+?) (?:can't|cannot|can not) be blocked by (?P<by>.+?)"
    r"(?: this turn| \(?until (?:the )?end of (?:the )?turn\)?)?"
)
def _unblockable_by(m, line):
    from rules.abilities import phrases_static

    to = pt.target_of(m["who"], line)
    if to is None or to.get("pick") == "player":
        return None
    non = re.fullmatch(r"non-(?P<a>villains?)", m["by"], re.IGNORECASE)
    if non:
        by = [{"pick": "each", "not_affiliation": [t.affiliation(non["a"])]}]
    else:
        by = phrases_static._blockers(m["by"], line)
    if len(by) != 1 or by[0] is None or set(by[0]) - _BY_FILTERS:
        return None
    return [{"do": "ft_unblockable_by", "to": to, "by": {**by[0], "pick": "each"}}]


# -- <dice> cost N less to purchase / field (this turn) -------------------------------------------
@phrase(
    r"(?P<who>.+?) (?P<cost>costs? \[?\d\]? (?:less|more) to (?:purchase|buy|field))"
    r"(?: this turn| \(?until (?:the )?end of (?:the )?turn\)?| for the rest of the turn)?"
)
def _cost_this_turn(m, line):
    from rules.abilities import phrases_static

    who = phrases_static.subject(m["who"], line)
    if who is None or who.get("pick") != "each" or "_while" in who:
        return None
    change = phrases_static.cost(m["cost"], line.raw)
    if change is None or len(change) != 1 or change[0].get("free"):
        return None
    (cost,) = change
    to = {k: v for k, v in who.items() if not k.startswith("_")}
    return [{"do": "ft_cost_this_turn", "to": to, **{k: cost[k] for k in ("of", "amount", "sign")}}]


# -- KO all NAME dice -----------------------------------------------------------------------------
_NOT_NAMES = {"character", "action", "opposing", "your", "their", "other", "the", "energy"}


@phrase(r"(?:KO|knock out) all (?P<name>[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2}) dice")
def _ko_all_named(m, line):
    from rules.abilities.phrases_while_statics_more import TRAITS

    name = m["name"]
    words = {w.lower() for w in name.split()}
    if not all(w[0].isupper() for w in name.split()) or words & (TRAITS | _NOT_NAMES):
        return None
    if pt.is_self(name, line):
        return None
    return [{"do": "ko", "to": {"pick": "each", "side": "yours", "name": name}}]  # R13.8


# -- <die> can't block <dice> ---------------------------------------------------------------------
@phrase(
    r"(?P<who>.+?) (?:can't|cannot|can not) block (?P<of>your .+?)"
    r"(?: this turn| \(?until (?:the )?end of (?:the )?turn\)?)?"
)
def _cant_block_these(m, line):
    from rules.abilities import phrases_static

    to = pt.target_of(m["who"], line)
    if to is None or to.get("pick") == "player":
        return None
    of = phrases_static.subject(m["of"], line)
    if of is None or of.get("pick") != "each" or set(of) - _BY_FILTERS - {"side"}:
        return None
    return [{"do": "ft_cant_block", "to": to, "of": of}]


@phrase(
    r"(?:KO|knock out) all (?:fielded )?character(?: dice|s)(?: in the field(?: zone)?)? "
    r"(?:that have|with) a purchase cost of (?P<n>\d) or less"
)
def _ko_all_cheap(m, line):
    return [
        {
            "do": "ko",
            "to": {"pick": "each", "side": "any", "what": "non_sidekick", "max_cost": int(m["n"])},
        }
    ]
