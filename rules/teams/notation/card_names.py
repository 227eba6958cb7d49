"""A list of cards without dice, one per line, as organisers write ban lists.

Each line is a Team Builder code (`31uxm`) or a card as players write it (`Relentless (AvX)`,
`Half-Elf Bard: Greater Lords' Alliance (BFF)`); a dice count in front is ignored. Blank
lines and lines starting with `#` or `//` are skipped. Every line that names no single card is
reported at once, with its line number and the closest card names.
"""

import re

from rules.teams.cards import CardIndex, CardInfo
from rules.teams.errors import TeamListError, TeamListProblem
from rules.teams.notation.lookup import (
    CardReference,
    Unresolved,
    describe_card,
    resolve_card,
    split_trailing_set,
)
from rules.teams.notation.text_list import split_count

_CODE = re.compile(r"^\d+[a-z][a-z0-9]*$", re.IGNORECASE)
_COMMENT = re.compile(r"^(#|//)")


def parse_card_names(text: str, cards: CardIndex) -> tuple[CardInfo, ...]:
    """The cards named, in order and without repeats; raises TeamListError naming each bad line."""
    found: dict[str, CardInfo] = {}
    problems: list[TeamListProblem] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or _COMMENT.match(line):
            continue
        card = _card(line, cards)
        if isinstance(card, Unresolved):
            problems.append(
                TeamListProblem(number, line, f"Line {number}: {card.message}", card.suggestions)
            )
        else:
            found.setdefault(card.key, card)
    if problems:
        raise TeamListError(problems)
    return tuple(found.values())


def _card(line: str, cards: CardIndex) -> CardInfo | Unresolved:
    if _CODE.match(line):
        card = cards.get(line)
        if card is not None:
            return card
        close = [cards.get(key) for key in cards.closest_keys(line)]
        return Unresolved(
            f"No card has the code {line.lower()!r}.",
            [f"{card.key}: {describe_card(card)}" for card in close if card is not None],
        )
    body = split_count(line)[1]
    references = []
    for written, set_code in split_trailing_set(body, cards):
        title, colon, subtitle = written.partition(":")
        subtitle_or_none = subtitle.strip() if colon else None
        references.append(CardReference(title.strip(), subtitle_or_none, set_code))
    return resolve_card(references, cards, body)
