"""Swiss pairing by maximum-weight matching over strictly tiered weights (T1.2, T1.5).

Each round first fixes its limit: the smallest largest score gap any pairing can have. With
points sorted x1 >= x2 >= ... (the bye's receiver left out), pairing neighbours achieves
max_k (x[2k-1] - x[2k]), and no pairing does better: of the 2k-1 best players one must meet
someone with at most x[2k]. That bound ignores rematches; when the matching cannot keep
every gap within it, an exact search (audit.pairing_within_gap on every allowed pair) finds
the smallest limit that can, and its pairing joins the candidates.

Up to EXACT_LIMIT players every pair is a candidate, so the result is the exact optimum over
all pairings. Larger events use a restricted candidate graph (near neighbours and seeded random
group-mates inside each score group, pair-down candidates to every lower group, the
lowest-ranked players for the bye); if that graph's best pairing still holds a rematch, a
forbidden pair or a bye pushed up a score group, the graph is widened, and finally made
complete, before any is accepted.
"""

from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass

import rustworkx as rx

from tournaments.swiss.audit import pairing_within_gap
from tournaments.swiss.players import SwissPlayer
from tournaments.swiss.weights import RANDOM_RANGE, Tiers

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
    """The pairing's cost in each tier (lower is better; see weights.py), then two figures
    that are reported but not optimised on their own."""

    rematches: int = 0
    second_byes: int = 0
    bye_group: int = 0
    forbidden: int = 0
    largest_gap: int = 0
    gap_squares: int = 0
    bye_rank: int = 0
    high_pairdown: int = 0
    cross_group: int = 0  # pairs across score groups
    score_gap: int = 0  # the plain sum of score gaps

    def as_tuple(self) -> tuple[int, ...]:
        """Compared lexicographically, as the tiers rank pairings; equal tuples are as good."""
        return (
            self.rematches + self.second_byes, self.bye_group, self.forbidden,
            self.largest_gap, self.gap_squares, self.bye_rank, self.high_pairdown,
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
        points = [p.points for p in self.players]
        self.tiers = Tiers.for_round(self.n, max(points) - min(points), len(set(points)))
        if self.tiers.ceiling >= WEIGHT_LIMIT:
            # rustworkx matches on 128-bit integers; refuse rather than let weights overflow.
            raise ValueError(
                f"{self.n} players are too many to pair in one matching; split the event."
            )
        # The bye's pool (T1.5): players without a bye, or everyone once all have had one.
        pool = [p for p in self.players if not p.had_bye] or self.players
        self.pool = {p.id for p in pool}
        self.pool_points = sorted({p.points for p in pool})
        self.pool_below: dict[int, int] = {}  # pool players of the same points ranked lower
        seen: dict[int, int] = {}
        for player in reversed(pool):  # players are in rank order
            self.pool_below[player.id] = seen.get(player.points, 0)
            seen[player.points] = self.pool_below[player.id] + 1
        self.limit = self.lower_bound(self.pool_points[0] if self.n % 2 else None)

    def lower_bound(self, bye_points: int | None) -> int:
        """The smallest largest gap ignoring rematches, the bye going to someone with
        `bye_points`: neighbours in points order, paired (proof in the module docstring)."""
        points = sorted((p.points for p in self.players), reverse=True)
        if bye_points is not None:
            points.remove(bye_points)
        return max((points[i] - points[i + 1] for i in range(0, len(points) - 1, 2)), default=0)

    def values(self, a: int, b: int) -> tuple[int, ...]:
        if b == BYE:
            player = self.by_id[a]
            if a in self.pool:
                group = bisect_left(self.pool_points, player.points)
                rank = self.pool_below[a]
            else:  # a second bye while others have none: tier 1 already rules it out
                group, rank = len(self.pool_points), self.n
            return (int(player.had_bye), group, 0, 0, 0, rank, 0, _mix(self.seed, a, BYE))
        pa, pb = self.by_id[a], self.by_id[b]
        higher = pa if (pa.points, -self.position[a]) > (pb.points, -self.position[b]) else pb
        gap = abs(pa.points - pb.points)
        return (
            int(b in pa.opponents or a in pb.opponents),
            0,
            int(frozenset((a, b)) in self.forbidden),
            int(gap > self.limit),
            gap * gap,
            0,
            self.n - self.position[higher.id] if gap else 0,
            _mix(self.seed, a, b),
        )

    def cost(self, a: int, b: int) -> int:
        """tiers.cost(values(a, b)), computed directly: it runs for every candidate edge."""
        if b == BYE:
            return self.tiers.cost(self.values(a, b))
        pa, pb = self.by_id[a], self.by_id[b]
        units = self.tiers.units
        cost = _mix(self.seed, a, b)
        if b in pa.opponents or a in pb.opponents:
            cost += units[0]
        if self.forbidden and frozenset((a, b)) in self.forbidden:
            cost += units[2]
        gap = pa.points - pb.points
        if gap:
            higher = pa if gap > 0 else pb
            gap = abs(gap)
            cost += gap * gap * units[4] + (self.n - self.position[higher.id]) * units[6]
            if gap > self.limit:
                cost += units[3]
        return cost

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
            # Who is paired down matters (tier 7: the lowest-ranked floats); whom they meet in
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

    def match(self, edges: list[tuple[int, int]]) -> dict[int, int] | None:
        graph = rx.PyGraph()
        ids = [p.id for p in self.players] + ([BYE] if self.n % 2 else [])
        index = {pid: graph.add_node(pid) for pid in ids}
        ceiling = self.tiers.ceiling
        graph.add_edges_from((index[a], index[b], ceiling - self.cost(a, b)) for a, b in edges)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        partner: dict[int, int] = {}
        for u, v in matching:
            partner[ids[u]], partner[ids[v]] = ids[v], ids[u]
        return partner if len(partner) == len(ids) else None

    def over_limit(self, partner: dict[int, int]) -> bool:
        return any(
            BYE not in (a, b) and abs(self.by_id[a].points - self.by_id[b].points) > self.limit
            for a, b in partner.items()
        )

    def best(self, edges: Iterable[tuple[int, int]], *, complete: bool) -> dict[int, int] | None:
        """The best pairing on these candidate edges, the round's limit settled on the way."""
        edges = list(edges)
        partner = self.match(edges)
        if partner is None:
            return None
        bye = partner.get(BYE)
        bye_points = self.by_id[bye].points if bye is not None else None
        if bye is not None and self.lower_bound(bye_points) != self.limit:
            # Rematches pushed the bye out of the lowest group (tier 2): the bound moves too.
            self.limit = self.lower_bound(bye_points)
            partner = self.match(edges)
        if not self.over_limit(partner):
            return partner  # every gap within a lower bound: the largest gap is the smallest
        quality = self.quality(partner)
        if quality.rematches or quality.second_byes or quality.forbidden:
            if not complete:
                return partner  # the caller widens the graph before anything else
            while self.over_limit(partner):
                # On the complete graph the fewest pairs over the limit is more than none, so
                # the limit cannot hold: try the next.
                self.limit += 1
                partner = self.match(edges)
            return partner
        # Without rematches or forbidden pairs, the exact search on every allowed pair finds
        # the smallest limit that holds, and its pairing joins the candidates.
        forbidden = [tuple(pair) for pair in self.forbidden]
        limit = self.limit + 1
        while (
            within := pairing_within_gap(
                self.players, limit, bye_points=bye_points, forbidden=forbidden
            )
        ) is None:
            limit += 1
        self.limit = limit
        if not complete:
            known = {frozenset(edge) for edge in edges}
            edges += [
                (a, BYE if b is None else b)
                for a, b in within
                if frozenset((a, BYE if b is None else b)) not in known
            ]
        return self.match(edges)

    def quality(self, partner: dict[int, int]) -> Quality:
        totals = [0] * 7
        second_byes = largest = cross = gaps = 0
        for a, b in partner.items():
            if a == BYE or (b != BYE and a > b):
                continue
            values = self.values(a, b)
            rematch, bye_group, forbidden, _, squares, bye_rank, high_pairdown, _ = values
            for tier, value in enumerate(
                (rematch, bye_group, forbidden, 0, squares, bye_rank, high_pairdown)
            ):
                totals[tier] += value
            if b == BYE:
                second_byes += rematch
            else:
                gap = abs(self.by_id[a].points - self.by_id[b].points)
                largest, cross, gaps = max(largest, gap), cross + bool(gap), gaps + gap
        rematches, bye_group, forbidden, _, squares, bye_rank, high_pairdown = totals
        return Quality(
            rematches - second_byes, second_byes, bye_group, forbidden, largest, squares,
            bye_rank, high_pairdown, cross, gaps,
        )  # fmt: skip


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
            partner = state.best(state.restricted_edges(*widths), complete=False)
            if partner is not None:
                quality = state.quality(partner)
                if not (
                    quality.rematches or quality.second_byes or quality.forbidden
                    or quality.bye_group
                ):  # fmt: skip
                    break
            partner = None
    if partner is None:
        partner = state.best(state.complete_edges(), complete=True)
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
    if quality.largest_gap:
        notes.append(
            f"The largest score gap is {quality.largest_gap} points: no pairing without more "
            "rematches or forbidden pairs has a smaller one."
        )
    if bye is not None:
        receiver = by_id[bye]
        if receiver.had_bye:
            flags.append(f"{receiver.name} gets a second bye: everyone left has had one.")
        elif quality.bye_group:
            notes.append(
                f"{receiver.name} gets the bye: giving it to anyone without one in a lower "
                "score group would have forced a rematch."
            )
        elif quality.bye_rank:
            notes.append(
                f"{receiver.name} gets the bye: in the lowest score group, a lower-ranked "
                "player's bye would have forced a rematch or more or longer pair-downs."
            )
        else:
            notes.append(f"{receiver.name} gets the bye: the lowest-ranked player without one.")
    return Pairing(tuple(pairs), bye, state.seed, quality, tuple(notes), tuple(flags), method)
