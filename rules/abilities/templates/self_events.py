"""Events of the card's own die in the long-tail spellings: 'Each time <this die> takes
damage / is damaged / attacks / blocks, <effect>', 'The first time <this die> is damaged
each turn, <effect>' (also 'The first time each turn <this die> is damaged'), 'When
assigned to attack, <effect>' and 'If <this die> is blocked, <effect>'. A triggered ability
of the die (the engine's damaged / attacks / blocks / blocked events); 'the first time ...
each turn' is the engine's first-time limit (R13.5: per card, per turn).

Weaker readings (T5.1): 'if <this die> is blocked' is read as 'when it is blocked', once per
attack however many blockers; a qualified event ('KO'd while attacking', 'blocked but not
knocked out', 'damaged during the attack step') is not matched (manual).
"""

import re

from rules.abilities import (
    phrases,
    phrases_tail,  # noqa: F401 (registers the long-tail clauses)
)
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

_EVENTS = {
    "takes damage": "damaged",
    "is damaged": "damaged",
    "is dealt damage": "damaged",
    "attacks": "attacks",
    "blocks": "blocks",
}


def _who(line: Line) -> str:
    return rf"(?:{t.self_names(line.card_name)}|this monster)"


def _ability(when: str, rest: str, line: Line, **extra) -> Match | None:
    optional = rest.lower().startswith("you may ")
    if optional:
        rest = rest[len("you may ") :]
    effects = phrases.effects(rest, line)
    if effects is None:
        return None
    spec = {"when": when, "effects": effects, **extra}
    if optional:
        spec["optional"] = True
    return Match.ability(spec)


@recogniser("self_events", kinds=("ability",))
def self_event(line: Line) -> Match | None:
    who, text = _who(line), line.text
    event = "|".join(re.escape(e) for e in _EVENTS)
    each = re.match(rf"^each time {who} (?P<event>{event}),? (?P<rest>.+)$", text, re.IGNORECASE)
    if each:
        return _ability(_EVENTS[each["event"].lower()], each["rest"], line)
    first = re.match(
        rf"^the first time (?:each turn )?{who} (?P<event>{event})(?: each turn)?,? "
        r"(?P<rest>.+)$",
        text,
        re.IGNORECASE,
    )
    if first and "each turn" in text[: first.start("rest")].lower():
        return _ability(_EVENTS[first["event"].lower()], first["rest"], line, limit="first_time")
    assigned = re.match(r"^when assigned to attack,? (?P<rest>.+)$", text, re.IGNORECASE)
    if assigned:
        return _ability("attacks", assigned["rest"], line)
    blocked = re.match(rf"^if {who} is blocked,? (?P<rest>.+)$", text, re.IGNORECASE)
    if blocked:
        return _ability("blocked", blocked["rest"], line, limit="once_per_turn_per_die")
    return None
