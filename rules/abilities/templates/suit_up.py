"""'Suit Up - Iron Man': the engine's Suit Up plugin (K-SUITUP), with the names it may KO."""

import re

from rules.abilities.templates import Line, Match, recogniser


@recogniser("suit_up", kinds=("ability",), priority=20)
def suit_up(line: Line) -> Match | None:
    match = re.fullmatch(r"suit up\s*[-:–]\s*(?P<names>[^()]+)", line.text, re.IGNORECASE)
    if not match:
        return None
    names = [n.strip() for n in re.split(r",| or ", match["names"]) if n.strip()]
    if not names:
        return None
    return Match(keywords=("suit_up",), suit_up=tuple(names))
