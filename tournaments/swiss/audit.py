"""Checks run on every pairing before it is saved: the engine's own and a judge's hand edits."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import rustworkx as rx

from tournaments.swiss.players import SwissPlayer


@dataclass(frozen=True)
class PairingProblem:
    """`code` is stable (for confirmation forms and tests); `message` names the players."""

    code: str
    message: str

    def __str__(self) -> str:
        return self.message


def check_pairings(
    players: Iterable[SwissPlayer],
    pairs: Iterable[tuple[int, int]],
    bye: int | None,
    *,
    forbidden: Iterable[tuple[int, int]] = (),
) -> list[PairingProblem]:
    """Every problem with a proposed round: players missing or twice, unknown players, rematches,
    a second bye, an avoidable bye (odd/even count), and forbidden pairs."""
    by_id = {p.id: p for p in players}
    pairs = list(pairs)
    seats = Counter(pid for pair in pairs for pid in pair)
    if bye is not None:
        seats[bye] += 1
    problems = []

    def name(pid: int) -> str:
        return by_id[pid].name if pid in by_id else f"unknown player #{pid}"

    for pid, count in sorted(seats.items()):
        if pid not in by_id:
            problems.append(
                PairingProblem("unknown_player", f"{name(pid)} is not an active player.")
            )
        elif count > 1:
            problems.append(PairingProblem("twice", f"{name(pid)} is paired {count} times."))
    for pid in sorted(set(by_id) - set(seats)):
        problems.append(PairingProblem("missing", f"{name(pid)} has no opponent and no bye."))
    for a, b in pairs:
        if a == b:
            problems.append(PairingProblem("self", f"{name(a)} is paired with themselves."))
        elif a in by_id and b in by_id and (b in by_id[a].opponents or a in by_id[b].opponents):
            problems.append(
                PairingProblem("rematch", f"{name(a)} and {name(b)} have already played.")
            )
    forbidden_pairs = {frozenset(pair) for pair in forbidden}
    for a, b in pairs:
        if frozenset((a, b)) in forbidden_pairs:
            problems.append(
                PairingProblem("forbidden", f"{name(a)} and {name(b)} should not be paired.")
            )
    if bye is not None:
        if bye in by_id and by_id[bye].had_bye:
            problems.append(PairingProblem("second_bye", f"{name(bye)} already had a bye."))
        if len(by_id) % 2 == 0:
            problems.append(
                PairingProblem("needless_bye", f"{name(bye)} gets a bye with an even player count.")
            )
    elif len(by_id) % 2:
        problems.append(PairingProblem("no_bye", "The player count is odd but nobody has the bye."))
    return problems


def pairing_within_gap(
    players: Iterable[SwissPlayer],
    limit: int,
    *,
    bye_points: int | None = None,
    forbidden: Iterable[tuple[int, int]] = (),
) -> list[tuple[int, int | None]] | None:
    """A pairing with no rematch, no forbidden pair and no score gap above `limit`, or None if
    none exists. With an odd count the bye, written (player, None), goes to a player without
    one who has `bye_points` (any such player when None). Exact: every allowed pair is a
    candidate, and a maximum-cardinality matching decides."""
    field = sorted(players, key=lambda p: -p.points)
    avoid = {frozenset(pair) for pair in forbidden}
    graph = rx.PyGraph()
    nodes = [p.id for p in field] + ([None] if len(field) % 2 else [])
    graph.add_nodes_from(nodes)
    edges = []
    for i, a in enumerate(field):
        for j in range(i + 1, len(field)):
            b = field[j]
            if a.points - b.points > limit:
                break  # sorted by points: everyone further down is further away
            met = b.id in a.opponents or a.id in b.opponents
            if not met and frozenset((a.id, b.id)) not in avoid:
                edges.append((i, j, 1))
        if len(field) % 2 and not a.had_bye and bye_points in (None, a.points):
            edges.append((i, len(field), 1))
    graph.add_edges_from(edges)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    if 2 * len(matching) < len(nodes):
        return None
    return [(nodes[u], nodes[v]) if nodes[u] is not None else (nodes[v], None) for u, v in matching]


def smallest_largest_gap(
    players: Iterable[SwissPlayer],
    *,
    bye_points: int | None = None,
    forbidden: Iterable[tuple[int, int]] = (),
) -> int | None:
    """The smallest largest score gap of any pairing without rematches or forbidden pairs (the
    bye as in `pairing_within_gap`), or None if every pairing has one. Binary search over the
    limit on the complete graph of allowed pairs: the audit for pair-downs."""
    field = list(players)
    forbidden = list(forbidden)
    low, high = 0, max(p.points for p in field) - min(p.points for p in field)
    if pairing_within_gap(field, high, bye_points=bye_points, forbidden=forbidden) is None:
        return None
    while low < high:
        middle = (low + high) // 2
        if pairing_within_gap(field, middle, bye_points=bye_points, forbidden=forbidden):
            high = middle
        else:
            low = middle + 1
    return low
