"""A dispute's game log in two parts: the setup (format, teams and the described board) that
every branch shares, and each branch's action lines. The engine reads them as one log; errors
are reported back in the part, line and column the judge typed them. Pure: no Django.
"""

import re
from dataclasses import dataclass

from rules.engine import Board, BoardError, GameLog, NotationError, format_log, parse_log

PLAYERS = ("P1", "P2")
# Card keys are Team Builder codes: a collector number, then the set code (19sww, 2bff).
_CARD_KEY = re.compile(r"(?<![\w:])(\d+[a-z][a-z0-9]*)(?=[\s:#>=/]|$)", re.IGNORECASE)


@dataclass(frozen=True)
class LogParts:
    setup: str
    actions: str


@dataclass(frozen=True)
class LogProblem:
    """Where a log can't be read or its board is impossible: 'setup' or 'sequence', the line
    and column in that part (column 0: the whole line), the rule for a board problem, the
    message, and the line's text."""

    part: str
    line: int
    column: int
    message: str
    text: str = ""
    rule: str = ""
    subject: str = ""  # the die concerned, for a board problem

    def __str__(self) -> str:
        where = f"{self.part} line {self.line}" + (f", column {self.column}" if self.column else "")
        rule = f"({self.rule}) " if self.rule else ""
        return f"{where}: {rule}{self.message}"


def setup_text(
    *,
    teams: dict[str, list[tuple[str, int]]],
    format: str = "tournament",
    starting_life: int = 20,
    first_player: str = "P1",
    board: Board | None = None,
) -> str:
    """The setup lines: the game line, both teams and, from a moment in a game, the board."""
    text = format_log(
        GameLog(
            teams={p: list(teams.get(p, [])) for p in PLAYERS},
            first_player=first_player,
            starting_life=starting_life,
            format=format,
            board=board,
        )
    )
    return "".join(line.rstrip() + "\n" for line in text.splitlines())


def line_count(text: str) -> int:
    return len(text.splitlines())


def compose(setup: str, actions: str) -> tuple[str, int]:
    """The whole log, and how many of its first lines are the setup's."""
    setup = setup.rstrip("\n")
    lines = line_count(setup)
    return (setup + "\n" if setup else "") + actions, lines


def card_keys(text: str) -> set[str]:
    """Every word of a log that could be a card key, for loading just those cards."""
    return {match.group(1).lower() for match in _CARD_KEY.finditer(text)}


def notation_problem(error: NotationError, setup_lines: int) -> LogProblem:
    message = str(error).split(": ", 1)[1] if ": " in str(error) else str(error)
    part, line = ("setup", error.line)
    if error.line > setup_lines:
        part, line = "sequence", error.line - setup_lines
    return LogProblem(part, line, error.column, message, error.text)


def board_problems(error: BoardError, setup: str) -> list[LogProblem]:
    lines = setup.splitlines()
    return [
        LogProblem(
            "setup",
            line,
            0,
            verdict.message,
            lines[line - 1] if 0 < line <= len(lines) else "",
            verdict.rule,
            verdict.subject,
        )
        for line, verdict in error.problems
    ]


def parse_parts(setup: str, actions: str, cards) -> GameLog:
    """The log of both parts; NotationError (with its line in the whole log) if it can't be
    read, or if the setup holds actions or the sequence holds setup lines."""
    text, setup_lines = compose(setup, actions)
    setup_only = parse_log(setup, cards)
    if setup_only.actions:
        raise NotationError(setup_only.actions[0][0], 1, "actions go in the sequence, not here")
    for number, raw in enumerate(actions.splitlines(), start=1):
        words = [] if raw.lstrip().startswith("#") else raw.split()
        if words and (
            words[0] in ("game", "board")
            or (words[0] in ("P1", "P2") and len(words) > 1 and words[1] in _SETUP_VERBS)
        ):
            raise NotationError(
                setup_lines + number,
                1,
                "the sequence holds actions only: the game, teams and board are the setup",
                raw,
            )
    return parse_log(text, cards)


_SETUP_VERBS = ("team", "life", "energy", "die")


def split_log(text: str, cards) -> LogParts:
    """A whole pasted log cut where its first action begins; NotationError if unreadable."""
    log = parse_log(text, cards)
    lines = text.splitlines()
    if not log.actions:
        return LogParts(text.rstrip("\n") + "\n", "")
    first = log.actions[0][0]
    # Comments just above the first action introduce the sequence: they go with it.
    while first > 1 and (not lines[first - 2].strip() or lines[first - 2].lstrip().startswith("#")):
        first -= 1
    while first < log.actions[0][0] and not lines[first - 1].strip():
        first += 1
    setup = "\n".join(lines[: first - 1]).rstrip("\n")
    return LogParts(setup + "\n", "\n".join(lines[first - 1 :]).rstrip("\n") + "\n")


def fork_actions(actions: str, line: int | None, replacement: str, *, keep_rest: bool) -> str:
    """A branch's actions: everything before the action on `line` (1-based, in `actions`),
    then `replacement` instead of it, then, with keep_rest, what came after it. With no line
    (forking at the start) the replacement goes first and keep_rest keeps every action."""
    lines = actions.splitlines()
    new = [text for text in replacement.splitlines() if text.strip()]
    if line is None:
        kept, rest = [], lines
    else:
        kept, rest = lines[: line - 1], lines[line:]
    return "\n".join(kept + new + (rest if keep_rest else [])).strip("\n") + "\n"
