"""More global lines than templates/globals.py reads: 'Use [1]. <effect>' and costs written
with spaces ('Pay [1] [S]. <effect>'), with 'Once per turn' before the cost or after it.
Runs after the `globals` family (priority 110), so it only sees the lines that one leaves.
The engine reads a global's cost from the line itself (rules.engine.faces.global_defs): a line
whose cost the engine would read differently is not recognised (the two must agree).

Not read here: globals limited to 'your turn' / 'during your turn' (that is the `globals`
family's to decide: a turn limit is not this module's vocabulary), reactive globals ('Pay [S]
when ...'), costs with something besides energy ('pay [S] and take 2 damage', 'Sacrifice
...', '[F] or [B]')."""

import re

from rules.abilities import phrases, phrases_actions  # noqa: F401 (registers the clauses)
from rules.abilities.templates import Line, Match, recogniser
from rules.engine.faces import global_defs, parse_cost

_GLOBAL = re.compile(
    r"(?P<once>once per turn,? )?(?:pay|use) (?P<cost>\[[^\]]+\](?:\s*\[[^\]]+\])*)"
    r"(?:\.|:| to)\s*(?P<once2>once per turn,? )?(?P<rest>.+)",
    re.IGNORECASE,
)


@recogniser("globals", kinds=("global",), priority=110)
def pay_or_use_then_effect(line: Line) -> Match | None:
    match = _GLOBAL.fullmatch(line.text)
    if not match:
        return None
    cost = match["cost"].replace(" ", "")
    parsed = parse_cost(cost)  # ValueError: not a cost we read, so not this template
    if line.raw and global_defs([line.raw])[0].cost != parsed:
        return None
    effects = phrases.effects(match["rest"], line)
    if effects is None:
        return None
    spec = {"when": "global", "cost": cost, "effects": effects}
    if match["once"] or match["once2"]:
        spec["limit"] = "once_per_turn"
    return Match.ability(spec)
