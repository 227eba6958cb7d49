"""What the pairing engine needs to know about each active player. Pure Python."""

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """An active player before a round.

    `rank` is the current standings rank (1 = best). `opponents` are everyone they have played;
    `had_bye` whether they already received a bye; `fixed_table` a table they must sit at
    (accessibility), or None.
    """

    id: int
    name: str
    points: int
    rank: int
    opponents: frozenset[int] = field(default_factory=frozenset)
    had_bye: bool = False
    fixed_table: int | None = None
