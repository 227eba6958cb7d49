"""Template family `experience`: D&D-era keyword lines that are a card's only manual line,
read bare or with the reminder the cards print for them, and played by the abilities their
keyword adds to the card (rules/abilities/extensions/experience.py).

- Regenerate, bare or with its printed reminder ('reroll when KO'd' / 'reroll when knocked
  out', in brackets or after a dash). The reminder says only that the die is rerolled; what a
  successful reroll does is read from the other cards of the pool (see the extension).

- Experience with Battle for Faerun's reminder ('once per turn, gain a +1A / +1D token when
  you knock out a monster'): keyword `experience_+1a/+1d`.
- Experience with Trouble in Waterdeep's reminder (an Experience token on the card at the end
  of your turn if you KO'd an opposing Monster), or bare on a card of the D&D sets that print
  it bare (Faerun Under Siege and its promos, Tomb of Annihilation, The Zhentarim,
  Adventures in Waterdeep, Trouble in Waterdeep): keyword `experience`. A bare Experience
  elsewhere declines (no D&D set prints it bare with another meaning, but none is assumed).

- Immortal with its printed reminder (a die going to the Used Pile goes to the bag instead,
  except when purchased): keyword `immortal`. Only the whole line: the cards that print the
  keyword and another ability in the same line stay with the other families (manual).

A reminder that says something else declines (the line stays manual). Left manual, and why:
a Regenerate another card grants or takes away ('gains Regenerate', 'can't use Regenerate');
Battle for Faerun's Experience 'grows by knocking out monsters' (the reminder says no more);
the lines that add, remove or count Experience tokens.
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


_BFF_REMINDER = re.compile(
    r"\(once per turn, gain a \+1A ?/ ?\+1D token when you knock out a monster\.?\)",
    re.IGNORECASE,
)
_LATER_REMINDER = re.compile(
    r"\(if you ko'd an opposing \[ddm\] during your turn, place one experience token on this"
    r" character die's card at the end of your turn\.?\)",
    re.IGNORECASE,
)
# the D&D sets whose cards print the word bare (their tokens are 'on this character card')
_BARE_SETS = ("fus", "wko16dd", "toa", "zhn", "aiw", "tiw")


@recogniser("experience", kinds=("ability",), priority=15)
def experience(line: Line) -> Match | None:
    plain = _plain(line.raw or line.text)
    word, _, rest = plain.partition(" ")
    if word.lower().rstrip(".") != "experience":
        return None
    rest = rest.strip()
    if not rest:
        set_code = re.sub(r"^\d+", "", line.card_key).lower()
        return Match.keyword("experience") if set_code in _BARE_SETS else None
    if _BFF_REMINDER.fullmatch(rest):
        return Match.keyword("experience_+1a/+1d")
    if _LATER_REMINDER.fullmatch(rest):
        return Match.keyword("experience")
    return None


_IMMORTAL = re.compile(
    r"immortal \(except when purchased, when this die would go to the used pile, instead add it"
    r" to your bag\.?\)\.?",
    re.IGNORECASE,
)


@recogniser("experience", kinds=("ability",), priority=15)
def immortal(line: Line) -> Match | None:
    if not _IMMORTAL.fullmatch(_plain(line.raw or line.text)):
        return None
    return Match.keyword("immortal")
