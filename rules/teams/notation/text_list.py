"""What the line-based notations share: headers, comments, the team name, Doubles partners."""

import re
from collections.abc import Callable, Iterable

from rules.teams.cards import CardIndex, CardInfo
from rules.teams.errors import TeamListError, TeamListProblem
from rules.teams.notation.lookup import Unresolved, describe_card
from rules.teams.team import PARTNERS, Team, TeamEntry

EMPTY_LIST_MESSAGE = "The team list is empty: paste one card per line."
NO_CARDS_MESSAGE = "The team list names no cards."
BASIC_ACTION_DEFAULT_DICE = 3

# "4x Beast", "4 x Beast", "4 * Beast" or "4 Beast".
_COUNT = re.compile(r"^(?P<count>\d+)(?:\s*[x×*])?\s+(?P<body>\S.*)$", re.IGNORECASE)
_COMMENT = re.compile(r"^(#|//)")
_TEAM_NAME = re.compile(r"^(?:team\s*name|team|name)\s*:\s*(?P<name>.*)$", re.IGNORECASE)
_PARTNER = re.compile(r"^(?:partner|player)\s*(?P<number>\d+)\s*:?$", re.IGNORECASE)
_NO_PARTNER = re.compile(r"^no\s+partner\s*:?$", re.IGNORECASE)
# Bare headings such as "Characters:", "Characters (8)" or "Total dice: 20".
_SECTION = re.compile(r"^[a-z][a-z &/'-]*(?::|\s*\(\d+\)|:\s*\d+)$", re.IGNORECASE)

# As close to a card name as misspellings usually are (difflib ratio): such text is taken for a
# misspelt card, not for a team name or for several basic actions.
TYPO_CUTOFF = 0.8

LineParser = Callable[["TextListReader", int, str], None]
WrittenCard = tuple[TeamEntry, CardInfo]


class TextListReader:
    """Collects entries and problems while a notation reads its lines."""

    def __init__(self, cards: CardIndex) -> None:
        self.cards = cards
        self.entries: list[TeamEntry] = []
        self.problems: list[TeamListProblem] = []
        self.name: str | None = None
        self.partner: int | None = None
        self._seen_cards = False

    def add(self, card: CardInfo, dice: int) -> None:
        self.entries.append(TeamEntry(card.key, dice, self.partner))

    def report(self, line: int, text: str, message: str, suggestions: Iterable[str] = ()) -> None:
        self.problems.append(TeamListProblem(line, text, f"Line {line}: {message}", [*suggestions]))

    def report_unresolved(self, line: int, text: str, unresolved: Unresolved) -> None:
        self.report(line, text, unresolved.message, unresolved.suggestions)

    def read(
        self, text: str, parse_card_line: LineParser, looks_like_card: Callable[[str], bool]
    ) -> Team:
        if not text.strip():
            raise TeamListError([TeamListProblem(0, text, EMPTY_LIST_MESSAGE, [])])
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or _COMMENT.match(line) or self._read_header(number, line):
                continue
            if not self._seen_cards and self.name is None and self._is_title(line, looks_like_card):
                self.name = line
                continue
            self._seen_cards = True
            parse_card_line(self, number, line)
        if not self.problems and not self.entries:
            self.problems.append(TeamListProblem(0, text, NO_CARDS_MESSAGE, []))
        if self.problems:
            raise TeamListError(self.problems)
        return Team(tuple(self.entries), self.name or "")

    def _read_header(self, number: int, line: str) -> bool:
        if match := _TEAM_NAME.match(line):
            if self.name is not None:
                self.report(number, line, "The team name is given a second time.")
            else:
                self.name = " ".join(match["name"].split())
            return True
        if match := _PARTNER.match(line):
            partner = int(match["number"])
            if partner in PARTNERS:
                self.partner = partner
            else:
                self.report(number, line, f"A Doubles pair has partners 1 and 2, not {partner}.")
            return True
        if _NO_PARTNER.match(line):
            self.partner = None
            return True
        return bool(_SECTION.match(line))

    def _is_title(self, line: str, looks_like_card: Callable[[str], bool]) -> bool:
        """A first line that can't be a card, and isn't a typo of one, names the team."""
        return not (
            looks_like_card(line)
            or self.cards.find(line)
            or self.cards.closest_names(line, n=1, cutoff=TYPO_CUTOFF)
        )


def split_count(written: str) -> tuple[int | None, str]:
    """("4x Beast") -> (4, "Beast"); without a leading dice count, (None, the text)."""
    match = _COUNT.match(written)
    return (int(match["count"]), match["body"]) if match else (None, written)


def format_header(name: str) -> list[str]:
    collapsed = " ".join(name.split())
    return [f"Team: {collapsed}"] if collapsed else []


def partner_runs(pairs: list[WrittenCard]) -> list[tuple[int | None, list[WrittenCard]]]:
    """Consecutive entries with the same partner, in order, so that order survives writing."""
    runs: list[tuple[int | None, list[WrittenCard]]] = []
    for pair in pairs:
        partner = pair[0].partner
        if runs and runs[-1][0] == partner:
            runs[-1][1].append(pair)
        else:
            runs.append((partner, [pair]))
    return runs


def partner_header(partner: int | None, previous: int | None) -> list[str]:
    if partner == previous:
        return []
    return ["No partner:"] if partner is None else [f"Partner {partner}:"]


def writable_cards(team: Team, cards: CardIndex) -> list[WrittenCard]:
    """Each entry with its card, or TeamListError if some entry can't be written down."""
    problems: list[TeamListProblem] = []
    found: list[WrittenCard] = []
    for position, entry in enumerate(team.entries, start=1):
        card = cards.get(entry.card_key)
        if card is None:
            message = f"Entry {position}: no card has the code {entry.card_key!r}."
        elif entry.dice < 0:
            message = f"Entry {position}: {describe_card(card)} has {entry.dice} dice."
        elif entry.partner is not None and entry.partner not in PARTNERS:
            message = f"Entry {position}: partner {entry.partner} is not 1 or 2."
        else:
            found.append((entry, card))
            continue
        problems.append(TeamListProblem(position, entry.card_key, message, []))
    if problems:
        raise TeamListError(problems)
    return found
