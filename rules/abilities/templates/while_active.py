"""'While <this die> is active, your Sidekicks get +1A and +1D' and the like: a continuous
A/D bonus to each matching die of the holder, answered through the stat query layer while
one of the card's dice is in the Field (R13.1)."""

import re

from rules.abilities import phrases
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser


@recogniser("while_active", kinds=("ability",))
def while_active_bonus(line: Line) -> Match | None:
    name = t.self_names(line.card_name)
    match = re.match(rf"^while (?:{name}) is active,? (?P<rest>.+)$", line.text, re.IGNORECASE)
    if not match:
        return None
    effects = phrases.static_effects(match["rest"], line)
    if effects is None:
        return None
    return Match.ability({"when": "while_active", "effects": effects})
