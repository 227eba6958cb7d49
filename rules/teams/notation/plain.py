"""Plain team lists, the way players type them into forums and chats.

    Team: Mutant Rush
    4x Beast: Big Boy Blue (AvX)
    2x Thor (M): Unworthy (THOR)
    Basic Actions: Distraction (AvX) and Power Bolt (AvX)

Reading:
- A card line is `<dice>x <title>: <subtitle> (<set>)`. The dice count is required for character
  and action cards (the team is not defined without it) and may be written `4x`, `4 x`, `4 *` or
  `4`. Subtitle and set are optional when the title alone names one card.
- `Basic Actions:` lists basic action cards separated by commas, "and", "&" or ";". Each may be
  prefixed with a dice count (`0x Distraction (AvX)`); without one it brings 3 dice. A basic
  action card may also stand on a card line of its own, with or without a count.
- `Team: <name>` (or `Name:`) names the team; a first line that can't be a card, and is not
  close to any card name, is taken as the name too.
- `Partner 1:` / `Partner 2:` start a Doubles partner's cards; `No partner:` ends them.
- Blank lines, lines starting with `#` or `//`, and bare section headers such as `Characters:`
  are ignored.

Writing gives the form above, in the team's order: the basic actions that end each partner's
run go on a `Basic Actions:` line, any others on card lines. Sets are written in capitals.
"""

import re

from rules.teams.cards import CardIndex
from rules.teams.notation.lookup import (
    CardReference,
    Unresolved,
    describe_card,
    resolve_card,
    split_trailing_set,
)
from rules.teams.notation.text_list import (
    BASIC_ACTION_DEFAULT_DICE,
    TYPO_CUTOFF,
    TextListReader,
    WrittenCard,
    format_header,
    partner_header,
    partner_runs,
    split_count,
    writable_cards,
)
from rules.teams.team import Team

_BASIC_ACTIONS = re.compile(
    r"^(?:basic\s+actions?(?:\s+cards?)?|bacs?)\s*:\s*(?P<items>.*\S)\s*$", re.IGNORECASE
)
_LIST_SEPARATOR = re.compile(r"(\s*,\s*(?:and\s+)?|\s+and\s+|\s*[;&]\s*)", re.IGNORECASE)


def parse_plain(text: str, cards: CardIndex) -> Team:
    return TextListReader(cards).read(text, _parse_line, _looks_like_card)


def format_plain(team: Team, cards: CardIndex) -> str:
    lines = format_header(team.name)
    previous: int | None = None
    for partner, run in partner_runs(writable_cards(team, cards)):
        lines += partner_header(partner, previous)
        previous = partner
        first_trailing = len(run)
        while first_trailing > 0 and run[first_trailing - 1][1].is_basic_action:
            first_trailing -= 1
        lines += [f"{entry.dice}x {describe_card(card)}" for entry, card in run[:first_trailing]]
        if first_trailing < len(run):
            items = [_basic_action_item(pair) for pair in run[first_trailing:]]
            lines.append(f"Basic Actions: {_join_items(items)}")
    return "\n".join(lines) + "\n"


def _parse_line(reader: TextListReader, number: int, line: str) -> None:
    if match := _BASIC_ACTIONS.match(line):
        _parse_basic_actions(reader, number, match["items"])
        return
    dice, body = split_count(line)
    found = resolve_card(_references(body, reader.cards), reader.cards, body)
    if isinstance(found, Unresolved):
        reader.report_unresolved(number, line, found)
    elif dice is not None:
        reader.add(found, dice)
    elif found.is_basic_action:
        reader.add(found, BASIC_ACTION_DEFAULT_DICE)
    else:
        reader.report(
            number,
            line,
            f"{describe_card(found)} needs a dice count, e.g. '4x {describe_card(found)}'.",
        )


def _parse_basic_actions(reader: TextListReader, number: int, items: str) -> None:
    parts = _LIST_SEPARATOR.split(items)
    start = 0
    while start < len(parts):
        end = _longest_naming_run(parts, start, reader.cards)
        written = "".join(parts[start:end]).strip()
        start = end + 1
        if not written:
            continue
        dice, body = split_count(written)
        references = _references(body, reader.cards)
        found = resolve_card(references, reader.cards, body, basic_action_only=True)
        if isinstance(found, Unresolved):
            reader.report_unresolved(number, written, found)
        else:
            reader.add(found, BASIC_ACTION_DEFAULT_DICE if dice is None else dice)


def _longest_naming_run(parts: list[str], start: int, cards: CardIndex) -> int:
    """The end of the longest run of pieces from `start` that names a card.

    `parts` alternates pieces and separators, so names that contain "and" or a comma (e.g.
    "Take That, Villain!") are found whole. If no run names a card, the longest run that looks
    like a misspelt name is taken, so "Smoke and Mirorrs" is one problem, not two.
    """
    ends = range(len(parts), start, -2)
    bodies = {end: split_count("".join(parts[start:end]).strip())[1] for end in ends}
    for end, body in bodies.items():
        for reference in _references(body, cards):
            if cards.find(reference.name, reference.subtitle, reference.set_code):
                return end
    for end, body in bodies.items():
        if cards.closest_names(body, n=1, cutoff=TYPO_CUTOFF):
            return end
    return start + 1


def _references(body: str, cards: CardIndex) -> list[CardReference]:
    references: list[CardReference] = []
    for text, set_code in split_trailing_set(body, cards):
        title, colon, subtitle = text.partition(":")
        if colon:
            references.append(CardReference(title.strip(), subtitle.strip(), set_code))
        else:
            references.append(CardReference(text, None, set_code))
    return references


def _looks_like_card(line: str) -> bool:
    return split_count(line)[0] is not None or ":" in line or line.endswith(")")


def _basic_action_item(pair: WrittenCard) -> str:
    entry, card = pair
    if entry.dice == BASIC_ACTION_DEFAULT_DICE:
        return describe_card(card)
    return f"{entry.dice}x {describe_card(card)}"


def _join_items(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"
