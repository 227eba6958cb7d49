"""The actions a log records: player decisions plus the recorded draws and rolls (no dice are
ever rolled by the engine itself, so a replay is exact)."""

from dataclasses import dataclass

from rules.engine.faces import Face


@dataclass(frozen=True)
class Draw:
    """The dice drawn in Clear and Draw; on the first player's first turn one of four drawn goes
    Out of Play (R3.3)."""

    player: str
    dice: tuple[str, ...]
    out_of_play: tuple[str, ...] = ()


@dataclass(frozen=True)
class Roll:
    player: str
    faces: tuple[tuple[str, Face], ...]


@dataclass(frozen=True)
class Reroll:
    player: str
    faces: tuple[tuple[str, Face], ...]


@dataclass(frozen=True)
class Purchase:
    player: str
    card: str
    pay: tuple[str, ...]


@dataclass(frozen=True)
class FieldDie:
    player: str
    die: str
    pay: tuple[str, ...] = ()


@dataclass(frozen=True)
class EndTurn:
    """The Main Step ends with no attack and the turn ends (R5.3, R5.5)."""

    player: str


Action = Draw | Roll | Reroll | Purchase | FieldDie | EndTurn
