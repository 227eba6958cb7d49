"""Reading a line of a log word by word, with each word's column, so that every error can
say where it is and what was expected; and the small readers all notation lines share."""

import re
from dataclasses import dataclass

from rules.engine.faces import CardDef, Face, parse_face
from rules.engine.state import Zone

FORMATS = ("tournament", "casual", "demo", "draft")
PLAYERS = ("P1", "P2")


class NotationError(ValueError):
    """Text that doesn't parse: the line, the column, and what was expected."""

    def __init__(self, line: int, column: int, message: str, text: str = ""):
        self.line, self.column, self.text = line, column, text
        super().__init__(f"line {line}, column {column}: {message}")


@dataclass(frozen=True)
class Word:
    text: str
    column: int


class Line:
    """The words of one line with their columns, read left to right."""

    def __init__(self, number: int, raw: str, words: list[Word]):
        self.number, self.raw, self.words, self.position = number, raw, words, 0

    def fail(self, message: str, word: Word | None = None):
        column = word.column if word else len(self.raw.rstrip()) + 1
        raise NotationError(self.number, column, message, self.raw)

    def peek(self) -> Word | None:
        return self.words[self.position] if self.position < len(self.words) else None

    def take(self, expected: str) -> Word:
        word = self.peek()
        if word is None:
            self.fail(f"expected {expected}")
        self.position += 1
        return word

    def rest(self) -> list[Word]:
        words = self.words[self.position :]
        self.position = len(self.words)
        return words

    def until(self, *stops: str) -> list[Word]:
        taken = []
        while (word := self.peek()) is not None and word.text not in stops:
            taken.append(word)
            self.position += 1
        return taken

    def done(self) -> None:
        word = self.peek()
        if word is not None:
            self.fail(f"unexpected {word.text!r} at the end of the line", word)


_COMMENT = re.compile(r"(^|\s)#")


def read_lines(text: str):
    for number, raw in enumerate(text.splitlines(), start=1):
        # '#' is part of die names (19sww#2): a comment starts at a '#' after a space.
        match = _COMMENT.search(raw)
        body = raw[: match.start()] if match else raw
        words = [Word(m.group(), m.start() + 1) for m in re.finditer(r"\S+", body)]
        if words:
            yield Line(number, raw, words)


def read_number(line: Line, what: str, *, signed: bool = False) -> int:
    word = line.take(what)
    text = word.text
    ok = re.fullmatch(r"[+-]?\d+" if signed else r"\d+", text)
    if not ok:
        line.fail(f"expected {what}, got {text!r}", word)
    return int(text)


def read_card(word: Word, line: Line, cards) -> str:
    key = word.text.lower()
    if key not in cards:
        line.fail(f"unknown card {word.text!r} (a Team Builder key such as 19sww)", word)
    return key


def die_name(token: str, player: str) -> str:
    return token if ":" in token else f"{player}:{token}"


def short_name(die_id: str, player: str) -> str:
    return die_id.removeprefix(f"{player}:")


def card_of_die(die_id: str, cards) -> CardDef | None:
    name = die_id.split(":", 1)[1]
    return cards.get(name.split("#")[0]) if "#" in name else None


def read_face(word: Word, line: Line, die_id: str, cards) -> Face:
    try:
        return parse_face(word.text, card_of_die(die_id, cards))
    except ValueError as error:
        line.fail(str(error), word)


def read_zone(word: Word, line: Line) -> Zone:
    try:
        return Zone(word.text)
    except ValueError:
        zones = ", ".join(z.value for z in Zone if z not in (Zone.UNPURCHASED, Zone.CAPTURED))
        line.fail(f"expected a zone ({zones}), got {word.text!r}", word)


def full_die_name(word: Word, line: Line) -> str:
    if ":" not in word.text:
        line.fail(f"name the die with its player, e.g. P1:{word.text}", word)
    return word.text


def read_player(line) -> str:
    word = line.take("P1 or P2")
    if word.text not in PLAYERS:
        line.fail(f"expected P1 or P2, got {word.text!r}", word)
    return word.text
