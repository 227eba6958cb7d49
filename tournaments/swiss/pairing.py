"""Swiss pairing by maximum-weight matching over strictly tiered weights (T1.2, T1.5).

Up to EXACT_LIMIT players every pair is a candidate, so the result is the exact optimum over
all pairings. Larger events use a restricted candidate graph (near neighbours and seeded random
group-mates inside each score group, every pair-down candidate across the next two groups, the
lowest-ranked players for the bye); if that graph's best pairing still holds a rematch or a
forbidden pair, the graph is widened, and finally made complete, before any is accepted.
"""

from collections.abc import Iterable
from dataclasses import dataclass

import rustworkx as rx

from tournaments.swiss.players import SwissPlayer
from tournaments.swiss.weights import RANDOM_RANGE, TIERS, Tiers

EXACT_LIMIT = 256
# Candidate graphs tried in turn above EXACT_LIMIT (near, sampled, mates, mates_sampled; see
# _Round.restricted_edges), then the complete graph. Inside a score group every player has the
# same points, so a few group-mates each are enough for a perfect matching; the wider graphs
# are there for rematches and forbidden pairs.
RESTRICTED_WIDTHS = ((6, 8, 4, 4), (12, 24, 12, 24))
BYE = -1
_MASK = (1 << 64) - 1
WEIGHT_LIMIT = 1 << 120  # headroom under rustworkx's i128 weights for the dual variables


@dataclass(frozen=True)
class Quality:
    """The pairing's cost in each tier (lower is better); equal tuples are equally good."""

    rematches: int = 0
    second_byes: int = 0
    bye_rank: int = 0
    forbidden: int = 0
    cross_group: int = 0
    score_gap: int = 0
    high_pairdown: int = 0

    def as_tuple(self) -> tuple[int, ...]:
        return (
            self.rematches + self.second_byes, self.bye_rank, self.forbidden, self.cross_group,
            self.score_gap, self.high_pairdown,
        )  # fmt: skip


@dataclass(frozen=True)
class Pairing:
    """Pairs (better-ranked player first, best table first), the bye, and why."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None
    seed: int
    quality: Quality
    notes: tuple[str, ...]
    flags: tuple[str, ...]  # what the organiser must look at: rematches, a second bye, ...
    method: str  # "exact" or "restricted"


def _mix(seed: int, a: int, b: int) -> int:
    """A seeded random number for the pair {a, b}, independent of the order edges are built."""
    low, high = (a, b) if a < b else (b, a)
    x = (seed * 0x9E3779B97F4A7C15 + low * 0xBF58476D1CE4E5B9 + high * 0x94D049BB133111EB) & _MASK
    x = ((x ^ (x >> 31)) * 0xD6E8FEB86659FD93) & _MASK
    return (x ^ (x >> 29)) % RANDOM_RANGE


class _Round:
    def __init__(self, players: list[SwissPlayer], seed: int, forbidden: set[frozenset[int]]):
        self.players = sorted(players, key=lambda p: (p.rank, p.id))
        self.position = {p.id: i + 1 for i, p in enumerate(self.players)}
        self.by_id = {p.id: p for p in self.players}
        self.seed = seed
        self.forbidden = forbidden
        self.n = len(self.players)
        max_gap = max(p.points for p in self.players) - min(p.points for p in self.players)
        self.tiers = Tiers.for_round(self.n, max_gap)
        if self.tiers.ceiling >= WEIGHT_LIMIT:
            # rustworkx matches on 128-bit integers; refuse rather than let weights overflow.
            raise ValueError(
                f"{self.n} players are too many to pair in one matching; split the event."
            )
        self.eligible_below: dict[int, int] = {}
        below = 0
        for player in reversed(self.players):  # players are in rank order
            self.eligible_below[player.id] = below
            below += not player.had_bye

    def values(self, a: int, b: int) -> tuple[int, ...]:
        if b == BYE:
            player = self.by_id[a]
            # A second bye always costs more than a first, and goes to the lowest-ranked too.
            rank_cost = (
                self.n + self.n - self.position[a] if player.had_bye else self.eligible_below[a]
            )
            return (int(player.had_bye), rank_cost, 0, 0, 0, 0, _mix(self.seed, a, BYE))
        pa, pb = self.by_id[a], self.by_id[b]
        higher = pa if (pa.points, -self.position[a]) > (pb.points, -self.position[b]) else pb
        cross = pa.points != pb.points
        return (
            int(b in pa.opponents or a in pb.opponents),
            0,
            int(frozenset((a, b)) in self.forbidden),
            int(cross),
            abs(pa.points - pb.points),
            self.n - self.position[higher.id] if cross else 0,
            _mix(self.seed, a, b),
        )

    def complete_edges(self) -> Iterable[tuple[int, int]]:
        ids = [p.id for p in self.players]
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                yield a, b
        if self.n % 2:
            for a in ids:
                yield a, BYE

    def restricted_edges(
        self, near: int, sampled: int, mates: int, mates_sampled: int
    ) -> Iterable[tuple[int, int]]:
        """Candidate pairs: `mates` next-ranked and `mates_sampled` seeded random group-mates
        per player inside each score group; the `near` lowest of each group may pair down, to
        `2 * near` (then `near`) of each lower group and `sampled` random picks there."""
        groups: list[list[SwissPlayer]] = []
        for player in sorted(self.players, key=lambda p: (-p.points, self.position[p.id])):
            if groups and groups[-1][0].points == player.points:
                groups[-1].append(player)
            else:
                groups.append([player])
        seen: set[tuple[int, int]] = set()

        def edge(a: int, b: int):
            key = (a, b) if a < b else (b, a)
            if a != b and key not in seen:
                seen.add(key)
                yield key

        for g, group in enumerate(groups):
            ids = [p.id for p in group]
            for k, a in enumerate(ids):
                for b in ids[k + 1 : k + 1 + mates]:
                    yield from edge(a, b)
                for s in range(mates_sampled):
                    yield from edge(a, ids[_mix(self.seed + s, a, k) * len(ids) // RANDOM_RANGE])
            # Who is paired down matters (tier 6: the lowest-ranked floats); whom they meet in
            # a lower group only matters for rematches and the random tier, so a few of each
            # lower group do. Every lower group is reachable: after many rounds, fragmented
            # records may need a float across several groups.
            floaters = ids[-near:]
            for distance, lower in enumerate(groups[g + 1 :]):
                lower_ids = [p.id for p in lower]
                reach = 2 * near if distance < 2 else near
                for a in floaters:
                    for b in lower_ids[:reach]:
                        yield from edge(a, b)
                    for s in range(sampled if distance < 2 else 1):
                        pick = _mix(self.seed + s, a, g) * len(lower_ids) // RANDOM_RANGE
                        yield from edge(a, lower_ids[pick])
        if self.n % 2:
            lowest = [p.id for p in self.players[-2 * near :]]
            unbyed = [p.id for p in self.players if not p.had_bye][-2 * near :]
            for a in dict.fromkeys(lowest + unbyed):
                yield a, BYE

    def match(self, edges: Iterable[tuple[int, int]]) -> dict[int, int] | None:
        graph = rx.PyGraph()
        ids = [p.id for p in self.players] + ([BYE] if self.n % 2 else [])
        index = {pid: graph.add_node(pid) for pid in ids}
        ceiling = self.tiers.ceiling
        graph.add_edges_from(
            (index[a], index[b], ceiling - self.tiers.cost(self.values(a, b))) for a, b in edges
        )
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        partner: dict[int, int] = {}
        for u, v in matching:
            partner[ids[u]], partner[ids[v]] = ids[v], ids[u]
        return partner if len(partner) == len(ids) else None

    def quality(self, partner: dict[int, int]) -> Quality:
        totals = [0] * (len(TIERS) - 1)
        second_byes = 0
        for a, b in partner.items():
            if a == BYE or (b != BYE and a > b):
                continue
            values = self.values(a, b)
            for tier, value in enumerate(values[:-1]):
                totals[tier] += value
            if b == BYE:
                second_byes += values[0]
        rematches, *rest = totals
        return Quality(rematches - second_byes, second_byes, *rest)


def pair_round(
    players: Iterable[SwissPlayer],
    *,
    seed: int,
    forbidden: Iterable[tuple[int, int]] = (),
    exact_limit: int = EXACT_LIMIT,
) -> Pairing:
    """Pair one round. Same players and seed give the same pairing, so any round reproduces."""
    players = list(players)
    if len({p.id for p in players}) != len(players):
        raise ValueError("A player is listed twice.")
    if len(players) < 2:
        raise ValueError("At least two players are needed to pair a round.")
    state = _Round(players, seed, {frozenset(pair) for pair in forbidden})
    partner, method = None, "exact"
    if state.n > exact_limit:
        method = "restricted"
        for widths in RESTRICTED_WIDTHS:
            partner = state.match(state.restricted_edges(*widths))
            if partner is not None:
                quality = state.quality(partner)
                if not (quality.rematches or quality.forbidden):
                    break
            partner = None
    if partner is None:
        partner = state.match(state.complete_edges())
    if partner is None:  # cannot happen on a complete graph; guard the invariant anyway
        raise RuntimeError("No complete pairing found.")
    return _result(state, partner, method)


def _result(state: _Round, partner: dict[int, int], method: str) -> Pairing:
    position = state.position
    pairs = sorted(
        (
            tuple(sorted((a, b), key=lambda pid: position[pid]))
            for a, b in partner.items()
            if BYE not in (a, b) and position[a] < position[b]
        ),
        key=lambda pair: position[pair[0]],
    )
    bye = partner.get(BYE)
    quality = state.quality(partner)
    notes, flags = [f"Paired {state.n} players with seed {state.seed} ({method} matching)."], []
    by_id = state.by_id
    for a, b in pairs:
        pa, pb = by_id[a], by_id[b]
        if b in pa.opponents:
            flags.append(
                f"{pa.name} and {pb.name} meet again: no pairing without a rematch exists."
            )
        if frozenset((a, b)) in state.forbidden:
            flags.append(f"{pa.name} and {pb.name} are a forbidden pair, paired as a last resort.")
        if pa.points != pb.points:
            high, low = (pa, pb) if pa.points > pb.points else (pb, pa)
            notes.append(
                f"{high.name} ({high.points} points) is paired down to {low.name} "
                f"({low.points} points): their score groups could not be paired within."
            )
    if bye is not None:
        receiver = by_id[bye]
        if receiver.had_bye:
            flags.append(f"{receiver.name} gets a second bye: everyone left has had one.")
        elif state.eligible_below[bye]:
            notes.append(
                f"{receiver.name} gets the bye: any lower-ranked player without one would have "
                "forced a rematch."
            )
        else:
            notes.append(f"{receiver.name} gets the bye: the lowest-ranked player without one.")
    return Pairing(tuple(pairs), bye, state.seed, quality, tuple(notes), tuple(flags), method)
