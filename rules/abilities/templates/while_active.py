"""'While <this die> is active, your Sidekicks get +1A and +1D' and the like: a continuous
A/D bonus to each matching die of the holder, answered through the stat query layer while
one of the card's dice is in the Field (R13.1)."""

import re

from rules.abilities import phrases
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

_WHILE = re.compile(r"^while (?P<subject>.+?) is active,? (?P<rest>.+)$", re.IGNORECASE)


@recogniser("while_active", kinds=("ability",))
def while_active_bonus(line: Line) -> Match | None:
    match = _WHILE.match(line.text)
    if not match or not t.is_self(match["subject"], line.card_name):
        return None
    effects = phrases.static_effects(match["rest"], line)
    if effects is None:
        return None
    return Match.ability({"when": "while_active", "effects": effects})
