"""Template family `experience`: D&D-era keyword lines that are a card's only manual line,
read bare or with the reminder the cards print for them, and played by the abilities their
keyword adds to the card (rules/abilities/extensions/experience.py).

- Regenerate, bare or with its printed reminder ('reroll when KO'd' / 'reroll when knocked
  out', in brackets or after a dash). The reminder says only that the die is rerolled; what a
  successful reroll does is read from the other cards of the pool (see the extension).

A reminder that says something else declines (the line stays manual). Left manual, and why:
a Regenerate another card grants or takes away ('gains Regenerate', 'can't use Regenerate').
"""

import re

from rules.abilities.templates import Line, Match, recogniser

_REGENERATE = re.compile(
    r"regenerate\.?(?:\s*(?:[-–—]\s*|\()\s*reroll when (?:ko'd|knocked out)\s*\.?\s*\)?)?\s*\.?",
    re.IGNORECASE,
)


def _plain(raw: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", raw).replace("’", "'")).strip()


@recogniser("experience", kinds=("ability",), priority=15)
def regenerate(line: Line) -> Match | None:
    if not _REGENERATE.fullmatch(_plain(line.raw or line.text)):
        return None
    return Match.keyword("regenerate")
