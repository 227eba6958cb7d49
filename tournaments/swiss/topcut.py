"""Single-elimination top cut seeded by the final Swiss standings (T1.4)."""

from dataclasses import dataclass


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order, so that 1 and 2 can meet only in the final: for 8,
    1 8 4 5 2 7 3 6 (matches 1v8, 4v5, 2v7, 3v6)."""
    if size < 2 or size & (size - 1):
        raise ValueError(f"A top cut has 2, 4, 8, 16, ... players, not {size}.")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


@dataclass(frozen=True)
class BracketMatch:
    round: int  # 1 = first round of the cut
    slot: int  # position within the round, top to bottom
    player1: int | None  # the better seed first
    player2: int | None
    winner: int | None = None


def first_round(seeded: list[int]) -> list[BracketMatch]:
    """`seeded` are player ids in standings order (index 0 is seed 1)."""
    order = bracket_order(len(seeded))
    return [
        BracketMatch(1, slot, seeded[order[2 * slot] - 1], seeded[order[2 * slot + 1] - 1])
        for slot in range(len(seeded) // 2)
    ]


def next_round(finished: list[BracketMatch], seed_of: dict[int, int]) -> list[BracketMatch]:
    """Pair the winners of adjacent matches; the better seed is listed first."""
    if any(match.winner is None for match in finished):
        raise ValueError("Every match of the round needs a winner first.")
    if len(finished) < 2:
        return []
    number = finished[0].round + 1
    matches = []
    for slot in range(len(finished) // 2):
        a, b = finished[2 * slot].winner, finished[2 * slot + 1].winner
        first, second = sorted((a, b), key=lambda pid: seed_of[pid])
        matches.append(BracketMatch(number, slot, first, second))
    return matches


def stage_name(matches: int) -> str:
    """What a top-cut round with this many matches is called."""
    return {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}.get(
        matches, f"Round of {2 * matches}"
    )


def stage_sizes(size: int) -> list[int]:
    """Matches in each round of a cut of `size` players: 8 -> [4, 2, 1]."""
    bracket_order(size)  # refuses sizes that are not powers of two
    sizes = []
    while size > 1:
        size //= 2
        sizes.append(size)
    return sizes
