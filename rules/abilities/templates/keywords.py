"""Bare keyword lines ('Overcrush', 'Fast', 'Iron Will', 'Ally', 'Continuous', a list of
them): the engine's keyword plugins play them, so the encoding only names the keyword."""

import re

from rules.abilities.templates import Line, Match, recogniser

# Keywords the engine implements as plugins (rules/engine/keywords/) and that need nothing
# more from the card than the word. Suit Up needs the names it may KO, so it is not here.
PLUGIN_KEYWORDS = {
    "overcrush": "overcrush",
    "fast": "fast",
    "iron will": "iron_will",
    "ally": "ally",
    "continuous": "continuous",
}
_SPLIT = re.compile(r"\s*(?:,|;| and )\s*", re.IGNORECASE)


@recogniser("keywords", kinds=("ability",), priority=10)
def bare_keywords(line: Line) -> Match | None:
    words = [w.strip().lower() for w in _SPLIT.split(line.text) if w.strip()]
    if not words or any(w not in PLUGIN_KEYWORDS for w in words):
        return None
    return Match.keyword(*(PLUGIN_KEYWORDS[w] for w in words))
