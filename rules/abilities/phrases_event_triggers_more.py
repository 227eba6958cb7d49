"""Clauses of the `event_triggers_more` family, registered into the shared phrase registry
(so every trigger family reads them):

- '... for each other attacking <dice>' / '... for each other blocking <dice>': a count of the
  dice in that combat role ('he gets +1A for each other attacking character die', 'deal 1
  damage to target opposing character die for each other attacking character die'). The count
  is of the clause without the role, narrowed to attacking (blocking) dice;
- 'deal N damage to all characters and players': each character die in the Field, then each
  player; '+N attack (and +N defense)' spelt out, read as '+NA (and +ND)'; 'for each other,
  active [X] ...' and 'for each other active [WT]' (an icon alone: character dice, both
  players', R13.8);
- after the card's own die is KO'd: 'return him to the Field Zone at level N' (`kod_return`);
- after the card's own die is purchased: 'add him to your Prep Area', 'Prep this die'
  (`bought_to_prep`);
- after the card's own die is blocked: 'deal N damage to each character die blocking it',
  'deal damage equal to NAME's level to each character die blocking NAME'
  (`damage_blockers`).

The last three read the line's own trigger (a clause about 'him' after another trigger is not
these effects) and decline anywhere else.
"""

from rules.abilities import phrases
from rules.abilities import phrases_triggers as body
from rules.abilities import tokens as t
from rules.abilities.phrases import phrase

_N = rf"(?P<n>{t.NUMBER})"
_ROLES = {"attacking": "attacking", "blocking": "blocking"}


def _counts(effects: list[dict]) -> list[dict]:
    """The count amounts ('for each ...') among the effects."""
    return [
        value
        for effect in effects
        for value in effect.values()
        if isinstance(value, dict) and "count" in value
    ]


@phrase(r"(?P<head>.+ for each (?:of your )?other) (?P<role>attacking|blocking) (?P<tail>.+)")
def _for_each_in_combat(m, line):
    """The clause read without the role, its one count narrowed to dice in that role. The
    count is taken when the ability resolves: after the attack trigger, every attacker has
    been declared (R11.1)."""
    found = phrases.effects(f"{m['head']} {m['tail']}", line)
    if found is None:
        return None
    counts = _counts(found)
    if not counts or any(c["count"] != counts[0]["count"] for c in counts):
        return None  # another count beside it ('for each' twice): which one is meant is unclear
    if "combat" in counts[0]["count"]:
        return None
    role = _ROLES[m["role"].lower()]
    for count in counts:  # '+1A and +1D for each ...': the same count for both
        count["count"] = {**count["count"], "combat": role}
    return found


@phrase(
    rf"deal {_N} damage to (?:all|each) characters?(?: dice| die)? and (?:to )?(?:all |each )?"
    r"players?"
)
def _damage_all_and_players(m, line):
    """Each character die in the Field (both players'), then each player."""
    amount = t.number(m["n"])
    return [
        {"do": "damage", "to": {"pick": "each"}, "amount": amount},
        {"do": "damage", "to": {"pick": "player", "side": "any"}, "amount": amount},
    ]


@phrase(r"(?P<head>.+ for each other), (?P<tail>active .+)")
def _other_comma_active(m, line):
    """'for each other, active [TURTLE] character you control': the comma is no word."""
    return phrases.effects(f"{m['head']} {m['tail']}", line)


@phrase(r"(?P<head>.+ for each (?:other )?(?:active )?)(?P<token>\[[A-Za-z0-9]+\])")
def _bare_token(m, line):
    """'for each other active [WT]': an affiliation icon alone names character dice, either
    player's (R13.8: an affiliation covers both players unless stated; 'active' is any die
    in a Field)."""
    try:
        t.affiliation(m["token"])
    except ValueError:
        return None  # an energy symbol alone may be energy, not a die
    found = phrases.effects(f"{m['head']}{m['token']} character", line)
    counts = _counts(found or [])
    if not counts or any(c["count"] != counts[0]["count"] for c in counts):
        return None
    return found


@phrase(
    r"(?P<head>.+?\b(?:gets?|gains?) )\+(?P<a>\d+) attack(?: and \+(?P<d>\d+) defense)?"
    r"(?P<tail>(?: until (?:the )?end of (?:the )?turn| this turn)?)"
)
def _attack_spelt_out(m, line):
    """'he gets +3 attack', '+1 attack and +1 defense': the same as '+3A', '+1A and +1D'."""
    mods = f"+{m['a']}A" + (f" and +{m['d']}D" if m["d"] else "")
    return phrases.effects(f"{m['head']}{mods}{m['tail']}", line)


@phrase(r"(?P<head>.+?) until (?:the )?end of (?:the )?turn (?P<tail>for each .+)")
def _until_before_for_each(m, line):
    """'he gets +1A until end of turn for each ...': a one-off change lasts until end of turn
    anyway (R13.1), wherever the words stand."""
    return phrases.effects(f"{m['head']} {m['tail']}", line)


@phrase(r"(?P<pre>(?:your |all your |all )?)other,? non-(?P<name>[^\[,]+?) (?P<rest>\[.+)")
def _other_not_named(m, line):
    """'other, non-Metalhead [TURTLE] character dice cannot be blocked': the card's own name
    after 'non-' leaves out every die of that name (besides 'other': not this die)."""
    if line is None or m["name"].strip().lower() != line.card_name.strip().lower():
        return None
    found = phrases.effects(f"{m['pre']}other {m['rest']}", line)
    targets = [e["to"] for e in found or [] if isinstance(e.get("to"), dict)]
    if not found or len(targets) != 1 or not targets[0].get("other"):
        return None
    targets[0]["not_name"] = line.card_name.strip()
    return found


# -- clauses about the card's own die after its own trigger -------------------------------------
def _own_trigger(line) -> set[str]:
    """The events of the line's trigger on the card's own die (combat_triggers' reading)."""
    if line is None or line.kind == "global" or line.card_kind == "basic_action":
        return set()
    from rules.abilities.templates import combat_triggers

    found = combat_triggers._WHEN.match(line.text)
    if not found:
        return set()
    if found["subject"] and not body.is_self(found["subject"], line):
        return set()
    event = found["event"] or combat_triggers._BARE[found["bare"].lower()]
    return set(combat_triggers._EVENTS[event.lower()])


def _self_word(words: str, line) -> bool:
    return body.is_self(words, line) or words.strip().lower() in ("this die", "this character")


@phrase(r"(?:return|move) (?P<who>.+?) to (?:the|your) field(?: zone)? at level (?P<level>[123])")
def _kod_return(m, line):
    """'When NAME is KO'd, return him to the Field Zone at level 1' (not fielding, R8.2)."""
    if not _own_trigger(line) & {"kod", "kod_combat"} or not _self_word(m["who"], line):
        return None
    return [{"do": "kod_return", "level": int(m["level"])}]


@phrase(
    r"(?:add|put|move|place) (?P<who>him|her|it|this die|[^,]+?) (?:to|into|in) your prep area"
    r"|prep (?P<who2>this die)"
)
def _bought_to_prep(m, line):
    """'When NAME is purchased, add him to your Prep Area': the die bought (R7.4: in the Used
    Pile) goes to the Prep Area."""
    if _own_trigger(line) != {"purchased"} or not _self_word(m["who"] or m["who2"], line):
        return None
    return [{"do": "bought_to_prep"}]


@phrase(rf"spin that die (?P<way>up|down) {_N} levels?")
def _spin_that_die(m, line):
    """'When NAME attacks, spin that die up one level': the attacking die itself, the only
    die the trigger names (a die still in the Field: attacks, blocks, is blocked)."""
    events = _own_trigger(line)
    if not events or not events <= {"attacks", "attacks_alone", "blocks", "blocked"}:
        return None
    levels = t.number(m["n"]) * (1 if m["way"].lower() == "up" else -1)
    return [{"do": "spin", "to": {"pick": "this"}, "levels": levels}]


_BLOCKING = r"each (?:character )?(?:die|dice) blocking (?P<who>.+)"


@phrase(rf"deal {_N} damage to {_BLOCKING}")
@phrase(rf"deal damage equal to (?P<stat>.+?) to {_BLOCKING}")
def _damage_blockers(m, line):
    """'When NAME is blocked, deal 1 damage to each character die blocking it'."""
    if _own_trigger(line) != {"blocked"} or not _self_word(m["who"], line):
        return None
    groups = m.groupdict()
    if groups.get("stat"):
        amount = body.stat_amount(groups["stat"], line)
        if amount is None:
            return None
    else:
        amount = t.number(groups["n"])
    return [{"do": "damage_blockers", "amount": amount}]
