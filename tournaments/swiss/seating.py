"""Table numbers: by standing (table 1 for the best-ranked pairing), fixed tables honoured."""

from collections.abc import Iterable, Sequence

from tournaments.swiss.players import SwissPlayer


def assign_tables(
    pairs: Sequence[tuple[int, int]], players: Iterable[SwissPlayer]
) -> tuple[list[int], list[str]]:
    """Table number for each pair (in the order given), and any conflicts to show.

    A pair with a player who needs a fixed table gets that table; the other pairs take the
    remaining numbers in order of their best-ranked player.
    """
    by_id = {p.id: p for p in players}
    tables: list[int | None] = [None] * len(pairs)
    taken: dict[int, int] = {}
    conflicts = []
    for index, pair in enumerate(pairs):
        wanted = sorted({by_id[pid].fixed_table for pid in pair if by_id[pid].fixed_table})
        if not wanted:
            continue
        table = wanted[0]
        if len(wanted) > 1:
            conflicts.append(
                f"{' and '.join(by_id[pid].name for pid in pair)} both need fixed tables "
                f"({', '.join(map(str, wanted))}); they sit at table {table}."
            )
        if table in taken:
            other = pairs[taken[table]]
            conflicts.append(
                f"Table {table} is needed by {by_id[pair[0]].name}'s and "
                f"{by_id[other[0]].name}'s matches; {by_id[pair[0]].name}'s moves."
            )
            continue
        tables[index] = table
        taken[table] = index
    free = (n for n in range(1, len(pairs) + len(taken) + 1) if n not in taken)
    order = sorted(range(len(pairs)), key=lambda i: min(by_id[pid].rank for pid in pairs[i]))
    for index in order:
        if tables[index] is None:
            tables[index] = next(free)
    return [t for t in tables if t is not None], conflicts
