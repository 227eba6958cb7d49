"""Global lines: 'Pay [B]. <effect>', 'Pay [S]: <effect>', 'Pay [S] to <effect>', 'Use [1].
<effect>', with 'Once per turn, pay ...' or 'Pay [X]. Once per turn, <effect>' as a
once-per-turn limit. The engine takes the cost from the line itself (rules.engine.faces.
global_defs); the encoding carries it for the description, and a line whose cost the engine
would read differently is not recognised (the two must agree).

Not read here (they stay manual): globals limited to 'your turn' / 'during your turn' (the
engine lets either player use a global whenever it may, R10.1, and a turn restriction is not
in the vocabulary), reactive globals ('Pay [S] when ...'), costs with extra payments ('pay
[S] and take 2 damage', 'Sacrifice ...')."""

import re

from rules.abilities import phrases, phrases_actions  # noqa: F401 (registers action clauses)
from rules.abilities.templates import Line, Match, recogniser
from rules.engine.faces import global_defs, parse_cost

_COST = r"(?P<cost>(?:\s*\[[^\]]+\])+)"
_GLOBAL = re.compile(
    rf"(?P<once>once per turn,? )?(?:pay|use) {_COST}(?:\.|:| to)\s*"
    r"(?P<once2>once per turn,? )?(?P<rest>.+)",
    re.IGNORECASE,
)


@recogniser("globals", kinds=("global",))
def pay_then_effect(line: Line) -> Match | None:
    match = _GLOBAL.fullmatch(line.text)
    if not match:
        return None
    cost = match["cost"].replace(" ", "")
    parsed = parse_cost(cost)  # ValueError: not a cost we read, so not this template
    engine = global_defs([line.raw])[0].cost if line.raw else parsed
    if engine != parsed:
        return None
    effects = phrases.effects(match["rest"], line)
    if effects is None:
        return None
    spec = {"when": "global", "cost": cost, "effects": effects}
    if match["once"] or match["once2"]:
        spec["limit"] = "once_per_turn"
    return Match.ability(spec)
