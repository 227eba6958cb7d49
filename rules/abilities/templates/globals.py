"""Global lines: 'Pay [B]. <effect>', 'Pay [S]: <effect>', 'Pay [S] to <effect>', with
'Once per turn, pay ...' as a once-per-turn limit. The engine takes the cost from the line
itself (rules.engine.faces.global_defs); the encoding carries it for the description."""

import re

from rules.abilities import phrases
from rules.abilities.templates import Line, Match, recogniser
from rules.engine.faces import parse_cost

_GLOBAL = re.compile(
    r"(?P<once>once per turn,? )?pay (?P<cost>(?:\[[^\]]+\])+)(?:\.|:| to)\s*(?P<rest>.+)",
    re.IGNORECASE,
)


@recogniser("globals", kinds=("global",))
def pay_then_effect(line: Line) -> Match | None:
    match = _GLOBAL.fullmatch(line.text)
    if not match:
        return None
    cost = match["cost"].replace(" ", "")
    parse_cost(cost)  # ValueError: not a cost we read, so not this template
    rest, once = match["rest"], bool(match["once"])
    later = re.match(r"once per turn,? (?P<rest>.+)", rest, re.IGNORECASE)
    if later:
        rest, once = later["rest"], True
    mine = re.match(r"(?:during|on) your turn,? (?P<rest>.+)", rest, re.IGNORECASE)
    if mine:
        rest = mine["rest"]
    effects = phrases.effects(rest, line)
    if effects is None:
        return None
    spec = {"when": "global", "cost": cost, "effects": effects}
    if once:
        spec["limit"] = "once_per_turn"
    if mine:
        spec["if"] = {"test": "your_turn"}
    return Match.ability(spec)
