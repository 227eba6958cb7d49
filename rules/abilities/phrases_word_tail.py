"""Clauses of the `word_tail` family (rules/abilities/templates/word_tail.py), registered into
the shared phrase registry (they read after every trigger, so each is narrow).

- '(Immediately) field this (NAME) (Superstar) die at level N' / 'field it at level N' in a
  trigger on the card's own purchase ('When you purchase this die', Crosspulse, Impulse): the
  die bought, from the Used Pile, fielded (`wdt_field_bought`).
- Teamwatch's 'that character and NAME both get +2A this turn' / 'spin both of them up 1
  level', only after 'When you field a character who shares an affiliation with NAME': the die
  fielded (`pick` `that`) and this card's dice in the Field (`pick` `this`).
- 'double NAME's printed A (until end of turn)' (`wdt_double_printed`).
- 'Roll a die from your Prep Area' (`wdt_roll_own`: the holder's choice, not a target).
- Energize's 'Spin target X down 1 level. If that character die is already level 1, spin it
  to an energy face (of your choice)' (`wdt_spin_down_or_energy`).
- 'field a NAME die from your Used Pile at level N (for free)' (core `from_used`, a card with
  that exact title) and 'spin all of your NAME and NAME dice (in the Field Zone) up one level'
  (one of the names this card's own): titles are capitalised words, not kinds of dice.
"""

import re

from rules.abilities import phrases_triggers as body
from rules.abilities import tokens as t
from rules.abilities.phrases import phrase
from rules.abilities.phrases_event_triggers_more import _own_trigger


@phrase(
    r"(?:immediately )?field (?P<who>it|this die|this (?P<name>[^,]+?) (?:superstar |character )?"
    r"die) at level (?P<level>[123])"
)
def _field_bought(m, line):
    """The die just purchased, fielded at that level (R8.2)."""
    if _own_trigger(line) != {"purchased"}:
        return None
    name = m["name"]
    if name and name.strip().lower() != line.card_name.strip().lower():
        return None
    return [{"do": "wdt_field_bought", "level": int(m["level"])}]


# -- Teamwatch's 'that character' ------------------------------------------------------------
_SHARES = re.compile(
    r"^(?:when|whenever) you field (?:a|another) character (?:die )?(?:who|that) shares an "
    r"affiliation with ",
    re.IGNORECASE,
)


def _shares_trigger(line) -> bool:
    """A line (or an ability word's text) 'When you field a character who shares an
    affiliation with NAME, ...': the watched die is the one fielded (`pick` `that`)."""
    return line is not None and line.kind == "ability" and bool(_SHARES.match(line.text))


@phrase(r"that character and (?P<me>.+?) both get \+(?P<a>\d)A(?: and \+(?P<d>\d)D)? this turn")
def _both_get(m, line):
    """'that character and NAME both get +2A this turn': the die fielded and this card's."""
    if not _shares_trigger(line) or not body.is_self(m["me"], line):
        return None
    bonus = {"attack": int(m["a"])}
    if m["d"]:
        bonus["defense"] = int(m["d"])
    return [
        {"do": "modify", "to": {"pick": "that"}, **bonus},
        {"do": "modify", "to": {"pick": "this"}, **bonus},
    ]


@phrase(rf"spin both of them up (?P<n>{t.NUMBER}) levels?")
def _spin_both(m, line):
    """'spin both of them up 1 level': the die fielded and this card's."""
    if not _shares_trigger(line):
        return None
    levels = t.number(m["n"])
    return [
        {"do": "spin", "to": {"pick": "that"}, "levels": levels},
        {"do": "spin", "to": {"pick": "this"}, "levels": levels},
    ]


# -- double NAME's printed A ------------------------------------------------------------------
@phrase(r"double (?P<me>.+?)'s printed a(?: \(?until end of turn\)?| this turn)?")
def _double_own_printed(m, line):
    """'double Iceman's printed A (until end of turn)': this card's die gets +A equal to the A
    its face prints (`wdt_double_printed`)."""
    if line is None or line.kind != "ability" or not body.is_self(m["me"], line):
        return None
    return [{"do": "wdt_double_printed"}]


# -- roll a die from your Prep Area --------------------------------------------------------------
@phrase(r"roll (?:a|one) die (?:from|in) your prep area")
def _roll_own_die(m, line):
    """'Roll a die from your Prep Area': the holder chooses one of their dice there (not a
    target) and rolls it into the Reserve Pool (`wdt_roll_own`). ('Reroll a die in your Reserve
    Pool', the same effect with `zone` reserve, is not registered: the awaken_impulse family's
    test keeps Rocket Raccoon 123ig manual as its example of an unread effect.)"""
    return [{"do": "wdt_roll_own", "zone": "prep"}]


# -- spin down 1 level; if already level 1, to an energy face ---------------------------------
@phrase(
    r"spin (?P<who>target (?:opposing )?character die) down (?:1|one) level\. if that character "
    r"die is already level 1, spin it to an energy face(?: \(?of your choice\)?)?"
)
def _spin_down_or_energy(m, line):
    """'Spin target opposing character die down 1 level. If that character die is already
    level 1, spin it to an energy face (of your choice)' (`wdt_spin_down_or_energy`)."""
    to = body.die_selector(m["who"], line)
    if to is None or to.get("pick") != "target":
        return None
    return [{"do": "wdt_spin_down_or_energy", "to": to}]


# -- dice named by a card's title ----------------------------------------------------------------
_NAME = r"[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2}"
_KINDS = {"sidekick", "character", "superstar", "villain", "hero", "monster", "action", "basic"}


def _a_name(name: str) -> bool:
    words = name.split()
    return (
        bool(words)
        and all(w[0].isupper() for w in words)
        and not {w.lower() for w in words} & _KINDS
    )


@phrase(
    rf"field an? (?P<name>{_NAME}) die from your used pile at level (?P<level>[123])"
    r"(?: \(?for free\)?)?",
)
def _field_named_from_used(m, line):
    """'field a Batman die from your Used Pile at level 3 (for free)': one die of a card with
    that exact title (the trigger_events `from_used` reading of a name), fielded (R8.2)."""
    if not _a_name(m["name"]):
        return None
    return [
        {
            "do": "from_used",
            "into": "field",
            "count": 1,
            "level": int(m["level"]),
            "dice": {"name": m["name"]},
        }
    ]


@phrase(
    rf"spin all of your (?P<a>{_NAME}) and (?P<b>{_NAME}) dice(?: in the field zone)? up "
    r"(?:one|1) level",
)
def _spin_two_names(m, line):
    """'spin all of your Commissioner Gordon and Batman dice in the Field Zone up one level':
    each of the holder's dice in the Field whose card has either title (one of them this
    card's own: a line naming two other cards is not read)."""
    if line is None or not (_a_name(m["a"]) and _a_name(m["b"])):
        return None
    own = line.card_name.strip().lower()
    if own not in (m["a"].lower(), m["b"].lower()):
        return None
    return [
        {"do": "spin", "to": {"pick": "each", "side": "yours", "name": name}, "levels": 1}
        for name in (m["a"], m["b"])
    ]
