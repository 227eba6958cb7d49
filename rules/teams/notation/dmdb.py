"""DiceMastersDB team exports.

    Team: Mutant Rush
    4 * Beast - Big Boy Blue (avx)
    Basic Action Card - Distraction (avx)

Reading:
- A card line is `<dice> * <title> - <subtitle> (<set>)`; `4x` and a bare `4` are accepted for
  the count. The count is required for character and action cards.
- A basic action line is `Basic Action Card - <title> (<set>)`. The export prints no dice for
  it; then it brings 3, the dice that come with a basic action card (R1.6). A count may precede
  it (`0 * Basic Action Card - Distraction (avx)`).
- Titles and subtitles may themselves contain " - " ("Upgrade - Proton Cannon"): every split is
  tried against the card list. The set is optional when title and subtitle name one card.
- The export tool's extra lines are skipped: blank lines, `#` and `//` comments, headings such
  as `Characters:` or `Characters (8)`, totals such as `Total dice: 20`. `Team: <name>` names the
  team, and so does a first line that can't be a card and is not close to any card name.
- `Partner 1:` / `Partner 2:` start a Doubles partner's cards; `No partner:` ends them.

Writing gives the form above in the team's order, sets in lower case, one line a card.
"""

import re

from rules.teams.cards import CardIndex, CardInfo
from rules.teams.notation.lookup import (
    CardReference,
    Unresolved,
    describe_card,
    resolve_card,
    split_trailing_set,
)
from rules.teams.notation.text_list import (
    BASIC_ACTION_DEFAULT_DICE,
    TextListReader,
    format_header,
    partner_header,
    partner_runs,
    split_count,
    writable_cards,
)
from rules.teams.team import Team

_BASIC_ACTION = re.compile(
    r"^(?:basic\s+action(?:\s+card)?|bac)\s+-\s+(?P<body>\S.*)$", re.IGNORECASE
)
_DASH = " - "


def parse_dmdb(text: str, cards: CardIndex) -> Team:
    return TextListReader(cards).read(text, _parse_line, _looks_like_card)


def format_dmdb(team: Team, cards: CardIndex) -> str:
    lines = format_header(team.name)
    previous: int | None = None
    for partner, run in partner_runs(writable_cards(team, cards)):
        lines += partner_header(partner, previous)
        previous = partner
        lines += [_card_line(card, entry.dice) for entry, card in run]
    return "\n".join(lines) + "\n"


def _card_line(card: CardInfo, dice: int) -> str:
    where = f"({card.set_code})"
    if card.is_basic_action:
        line = f"Basic Action Card - {card.name} {where}"
        return line if dice == BASIC_ACTION_DEFAULT_DICE else f"{dice} * {line}"
    if card.subtitle:
        return f"{dice} * {card.name} - {card.subtitle} {where}"
    return f"{dice} * {card.name} {where}"


def _parse_line(reader: TextListReader, number: int, line: str) -> None:
    dice, body = split_count(line)
    basic_match = _BASIC_ACTION.match(body)
    if basic_match:
        body = basic_match["body"]
    references = _references(body, reader.cards)
    found = resolve_card(references, reader.cards, body, basic_action_only=bool(basic_match))
    if isinstance(found, Unresolved):
        reader.report_unresolved(number, line, found)
    elif dice is not None:
        reader.add(found, dice)
    elif found.is_basic_action:
        reader.add(found, BASIC_ACTION_DEFAULT_DICE)
    else:
        example = _card_line(found, found.max_dice)
        reader.report(number, line, f"{describe_card(found)} needs a dice count, e.g. '{example}'.")


def _references(body: str, cards: CardIndex) -> list[CardReference]:
    """Every title/subtitle split at " - " (or a colon), then the whole text as a title."""
    references: list[CardReference] = []
    for text, set_code in split_trailing_set(body, cards):
        position = text.find(_DASH)
        while position != -1:
            title, subtitle = text[:position].strip(), text[position + len(_DASH) :].strip()
            references.append(CardReference(title, subtitle, set_code))
            position = text.find(_DASH, position + 1)
        title, colon, subtitle = text.partition(":")
        if colon:
            references.append(CardReference(title.strip(), subtitle.strip(), set_code))
        references.append(CardReference(text, None, set_code))
    return references


def _looks_like_card(line: str) -> bool:
    return split_count(line)[0] is not None or _DASH in line or ":" in line or line.endswith(")")
