"""Swiss pairing: record groups, no avoidable rematch, fair byes, reproducible, optimal."""

import itertools
import os

import networkx as nx
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.tournaments.swiss.helpers import history
from tournaments.swiss import TIERS, SwissPlayer, Tiers, check_pairings, pair_round
from tournaments.swiss.audit import smallest_largest_gap
from tournaments.swiss.pairing import BYE, _Round


def players(*specs) -> list[SwissPlayer]:
    """specs: (points, opponents, had_bye); ids and ranks follow the order given."""
    return [
        SwissPlayer(i, f"P{i}", points, i, frozenset(opponents), had_bye)
        for i, (points, opponents, had_bye) in enumerate(specs, start=1)
    ]


def test_round_one_is_random_but_reproducible_from_the_seed():
    field = players(*[(0, (), False)] * 16)
    first = pair_round(field, seed=1)
    assert pair_round(field, seed=1) == first
    assert {pair_round(field, seed=s).pairs for s in range(2, 7)} != {first.pairs}
    assert len(first.pairs) == 8 and first.bye is None


def test_players_meet_their_own_record_and_the_lowest_of_an_odd_group_pairs_down():
    # 6 points: P1 P2 P3 (odd), 3 points: P4 P5 P6 P7 P8 (odd), 0: none.
    field = players(*[(6, (), False)] * 3, *[(3, (), False)] * 5)
    pairing = pair_round(field, seed=3)
    cross = [pair for pair in pairing.pairs if {p.points for p in field if p.id in pair} == {6, 3}]
    assert len(cross) == 1
    assert 3 in cross[0]  # P3, the lowest-ranked 6-pointer, is the one paired down
    assert pairing.quality.cross_group == 1 and pairing.quality.score_gap == 3
    assert any("paired down" in note for note in pairing.notes)


def test_no_rematch_when_one_can_be_avoided():
    field = players((3, (2,), False), (3, (1,), False), (3, (), False), (3, (), False))
    pairing = pair_round(field, seed=5)
    assert all(set(pair) != {1, 2} for pair in pairing.pairs)
    assert pairing.quality.rematches == 0 and not pairing.flags


def test_unavoidable_rematch_is_the_fewest_possible_and_flagged():
    # Four players who have all played each other: every pairing has two rematches.
    field = players(*[(3, tuple(j for j in range(1, 5) if j != i), False) for i in range(1, 5)])
    pairing = pair_round(field, seed=2)
    assert pairing.quality.rematches == 2
    assert sum("meet again" in flag for flag in pairing.flags) == 2


def test_bye_goes_to_the_lowest_ranked_player_without_one():
    field = players((3, (), False), (3, (), False), (0, (), False), (0, (), True), (0, (), True))
    pairing = pair_round(field, seed=9)
    assert pairing.bye == 3  # P4 and P5 rank lower but already had a bye
    assert not check_pairings(field, pairing.pairs, pairing.bye)


def test_a_second_bye_only_when_everyone_has_had_one_and_flagged():
    field = players(*[(3, (), True)] * 3)
    pairing = pair_round(field, seed=1)
    assert pairing.bye == 3
    assert any("second bye" in flag for flag in pairing.flags)


def test_forbidden_pairs_are_avoided_when_possible():
    field = players(*[(0, (), False)] * 4)
    for seed in range(10):
        pairing = pair_round(field, seed=seed, forbidden=[(1, 2), (3, 4)])
        assert {frozenset(p) for p in pairing.pairs} & {
            frozenset((1, 2)),
            frozenset((3, 4)),
        } == set()


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(2, 8000), max_gap=st.integers(0, 60), groups=st.integers(1, 61),
)  # fmt: skip
def test_tiers_dominate_one_another(n, max_gap, groups):
    """One unit of a tier outweighs the largest total all lower tiers reach together, and no
    single pair costs the ceiling (weights stay positive) (weights.py's proof, numerically)."""
    tiers = Tiers.for_round(n, max_gap, groups)
    for tier in range(len(TIERS) - 1):
        below = sum(tiers.totals[j] * tiers.units[j] for j in range(tier + 1, len(TIERS)))
        assert tiers.units[tier] > below
    assert tiers.ceiling > sum(
        total * unit for total, unit in zip(tiers.totals, tiers.units, strict=True)
    )


@settings(max_examples=25, deadline=None)
@given(size=st.integers(3, 40), rounds=st.integers(1, 6), seed=st.integers(0, 10_000))
def test_no_edge_value_exceeds_its_tiers_bound(size, rounds, seed):
    """The proof needs every tier's total over a round within `totals`: checked per edge
    (a round has at most n // 2 + n % 2 edges) on every candidate of simulated rounds; the
    engine's direct edge cost equals the tiered sum."""
    for field, round_seed in history(size, rounds, seed):
        state = _Round(field, round_seed, set())
        state.limit = seed % 4  # every limit, not only the round's own
        edges = len(field) // 2 + len(field) % 2
        for a, b in state.complete_edges():
            values = state.values(a, b)
            assert state.cost(a, b) == state.tiers.cost(values)
            for tier, value in enumerate(values):
                single = 1 if TIERS[tier] in ("bye_group", "bye_rank") else edges
                assert value >= 0 and value * single <= state.tiers.totals[tier]


def _matchings(ids):
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for k, other in enumerate(rest):
        for tail in _matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


def _spec_cost(field, edges, forbidden) -> tuple[int, ...]:
    """A round's cost tuple straight from docs/pairing.md, independent of the engine."""
    by_id = {p.id: p for p in field}
    pool = [p for p in field if not p.had_bye] or field
    viol = bye_group = forb = largest = squares = bye_rank = high = 0
    for a, b in edges:
        if b is None:
            receiver = by_id[a]
            viol += receiver.had_bye
            if receiver in pool:
                bye_group = len({p.points for p in pool if p.points < receiver.points})
                bye_rank = sum(p.points == receiver.points and p.rank > receiver.rank for p in pool)
            else:
                bye_group, bye_rank = len({p.points for p in pool}), len(field)
            continue
        pa, pb = by_id[a], by_id[b]
        viol += b in pa.opponents
        forb += frozenset((a, b)) in forbidden
        gap = abs(pa.points - pb.points)
        largest, squares = max(largest, gap), squares + gap * gap
        if gap:
            higher = pa if pa.points > pb.points else pb
            high += len(field) - higher.rank
    return (viol, bye_group, forb, largest, squares, bye_rank, high)


@st.composite
def small_fields(draw):
    n = draw(st.integers(2, 9))
    points = sorted(draw(st.lists(st.sampled_from([0, 1, 3, 4, 6, 7, 9, 12]), min_size=n,
                                  max_size=n)), reverse=True)  # fmt: skip
    pairs = list(itertools.combinations(range(1, n + 1), 2))
    met = set(draw(st.lists(st.sampled_from(pairs), max_size=n * 2)))
    byes = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    forbidden = set(draw(st.lists(st.sampled_from(pairs), max_size=2)))
    field = [
        SwissPlayer(i, f"P{i}", points[i - 1], i,
                    frozenset(j for pair in met if i in pair for j in pair if j != i),
                    byes[i - 1])
        for i in range(1, n + 1)
    ]  # fmt: skip
    return field, {frozenset(pair) for pair in forbidden}


@settings(max_examples=150, deadline=None)
@given(case=small_fields(), seed=st.integers(0, 1000))
@example(  # squared gaps tie here; only the largest-gap tier picks the right round
    case=(players((12, (), False), (12, (), False), (9, (5,), False), (6, (), False),
                  (6, (3, 6), False), (0, (5,), False)), set()),
    seed=0,
)  # fmt: skip
def test_the_pairing_is_lexicographically_best_tier_by_tier_by_brute_force(case, seed):
    """Strict tiers in practice: over every possible round of a small field (rematches, byes
    and forbidden pairs drawn at random), the engine's is the best by comparing the tiers in
    order (T1.2, T1.5): rematches, bye group, forbidden, largest gap, squared gaps, ..."""
    field, forbidden = case
    ids = [p.id for p in field] + ([None] if len(field) % 2 else [])
    best = min(
        _spec_cost(field, [(a, b) if a is not None else (b, a) for a, b in m], forbidden)
        for m in _matchings(ids)
    )
    for exact_limit in (256, 0):
        pairing = pair_round(field, seed=seed, forbidden=forbidden, exact_limit=exact_limit)
        edges = list(pairing.pairs) + ([(pairing.bye, None)] if pairing.bye is not None else [])
        assert _spec_cost(field, edges, forbidden) == best
        assert pairing.quality.as_tuple() == best


def test_a_long_pair_down_is_split_into_short_ones():
    """T1.2 pairs players with their own record: with 9, 6, 6, 3, 3 and 0 points the rounds
    are 9 v 6, 6 v 3, 3 v 0, never 9 v 0 (the smallest largest gap, then squared gaps)."""
    pts = {1: 9, 2: 6, 3: 6, 4: 3, 5: 3, 6: 0}
    r = pair_round([SwissPlayer(i, f"P{i}", p, rank=i) for i, p in pts.items()], seed=0)
    assert [(pts[a], pts[b]) for a, b in r.pairs] == [(9, 6), (6, 3), (3, 0)]
    assert r.quality.largest_gap == 3 and r.quality.gap_squares == 27
    # The lowest-ranked 6-pointer is the one paired down (tier 7).
    assert (2, 1) not in r.pairs and (1, 2) in r.pairs


def test_two_short_pair_downs_beat_one_long_one_when_the_largest_gap_is_equal():
    """6 4 2 1 1 0: 6 v 4 sets the largest gap (2) whatever else; then 2 v 1 and 1 v 0 (two
    1-point floats) or 2 v 0 and 1 v 1 (one 2-point float) have the same largest gap and the
    same summed gap (2), and only the squared gaps (2 against 4) tell them apart (tier 5)."""
    pts = [6, 4, 2, 1, 1, 0]
    field = [SwissPlayer(i, f"P{i}", p, rank=i) for i, p in enumerate(pts, start=1)]
    for seed in range(5):
        r = pair_round(field, seed=seed)
        gaps = sorted(abs(pts[a - 1] - pts[b - 1]) for a, b in r.pairs)
        assert gaps == [1, 1, 2] and r.quality.largest_gap == 2 and r.quality.gap_squares == 6


def test_the_largest_gap_comes_before_the_squared_gaps():
    """P3 (9) has met P5 (6), P5 has met P6 (0). 12 v 12, 9 v 0, 6 v 6 and 12 v 9, 12 v 6,
    6 v 0 both square to 81; the second keeps every gap within 6 points, so it is chosen."""
    field = players(
        (12, (), False), (12, (), False), (9, (5,), False), (6, (), False),
        (6, (3, 6), False), (0, (5,), False),
    )  # fmt: skip
    for seed in range(5):
        pairing = pair_round(field, seed=seed)
        assert pairing.quality.largest_gap == 6 and pairing.quality.gap_squares == 81
        assert (3, 6) not in pairing.pairs


@pytest.mark.parametrize("exact_limit", [256, 0])
def test_when_rematches_rule_out_the_bound_the_next_smallest_largest_gap_is_found(exact_limit):
    """P1 (9 points) has met both 6-pointers, so the neighbours' bound of 3 cannot hold; the
    exact search settles on 6 (P1 v a 3-pointer), not 9 (P1 v P6), on either graph."""
    field = players(
        (9, (2, 3), False), (6, (1,), False), (6, (1,), False), (3, (), False), (3, (), False),
        (0, (), False),
    )  # fmt: skip
    pairing = pair_round(field, seed=3, exact_limit=exact_limit)
    assert pairing.quality.rematches == 0 and pairing.quality.largest_gap == 6
    assert (1, 6) not in pairing.pairs and (2, 3) in pairing.pairs
    assert pairing.quality.largest_gap == smallest_largest_gap(field)
    assert total_weight(field, pairing) == networkx_optimum(field, 3, 6)


def test_the_bye_inside_the_lowest_group_goes_where_it_saves_pair_downs():
    """T1.5 gives the bye to the lowest score group; within it, to the player whose bye lets
    the rest pair within their records, then the lowest-ranked. P5 and P6 (0 points) have
    met: a bye for P7, the lowest-ranked, would pair both of them up a group."""
    field = players(*[(3, (), False)] * 4, (0, (6,), False), (0, (5,), False), (0, (), False))
    pairing = pair_round(field, seed=2)
    assert pairing.bye == 6  # not P7: P5 v P7 keeps everyone in their own record
    assert pairing.quality.cross_group == 0 and pairing.quality.rematches == 0
    assert any("lower-ranked player's bye" in note for note in pairing.notes)


def test_the_bye_still_goes_to_the_lowest_score_group_before_saving_pair_downs():
    """T1.5's lowest score group comes first: a 0-pointer gets the bye even though a bye for
    the 3-pointer would leave no pair-down at all."""
    field = players((6, (), False), (6, (), False), (3, (), False), (0, (), False), (0, (), False))
    pairing = pair_round(field, seed=1)
    assert pairing.bye in (4, 5) and pairing.quality.bye_group == 0
    assert pairing.quality.largest_gap == 3


def networkx_optimum(field, seed, limit) -> int:
    """The exact maximum weight over all pairings, by networkx, on the same weights (with the
    round's settled limit: the engine's largest gap, see pairing.py)."""
    state = _Round(field, seed, set())
    state.limit = limit
    graph = nx.Graph()
    for a, b in state.complete_edges():
        graph.add_edge(a, b, weight=state.tiers.ceiling - state.tiers.cost(state.values(a, b)))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sum(graph[a][b]["weight"] for a, b in matching)


def total_weight(field, pairing) -> int:
    state = _Round(field, pairing.seed, set())
    state.limit = pairing.quality.largest_gap
    edges = list(pairing.pairs) + ([(pairing.bye, BYE)] if pairing.bye is not None else [])
    return sum(state.tiers.ceiling - state.tiers.cost(state.values(a, b)) for a, b in edges)


@settings(max_examples=25, deadline=None)
@given(size=st.integers(3, 24), rounds=st.integers(1, 5), seed=st.integers(0, 10_000))
def test_rustworkx_pairing_is_optimal_by_the_networkx_cross_check(size, rounds, seed):
    for field, round_seed in history(size, rounds, seed):
        pairing = pair_round(field, seed=round_seed)
        assert total_weight(field, pairing) == networkx_optimum(
            field, round_seed, pairing.quality.largest_gap
        )


def fewest_violations(field, *, bye_to=None) -> int:
    """Rematches plus second byes of the best possible round, by networkx on its own weights
    (independent of the engine's tiers): 2 for a clean pair, 1 for a rematch or second bye.
    With `bye_to`, that player has the bye and the others are paired."""
    by_id = {p.id: p for p in field}
    graph = nx.Graph()
    ids = [p.id for p in field if p.id != bye_to]
    graph.add_nodes_from(ids)
    for a, b in itertools.combinations(ids, 2):
        graph.add_edge(a, b, weight=1 if b in by_id[a].opponents else 2)
    if len(ids) % 2:
        for a in ids:
            graph.add_edge(a, "BYE", weight=1 if by_id[a].had_bye else 2)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    assert 2 * len(matching) == graph.number_of_nodes()
    fixed = 1 if bye_to is not None and by_id[bye_to].had_bye else 0
    return 2 * len(matching) - sum(graph[a][b]["weight"] for a, b in matching) + fixed


@settings(max_examples=int(os.environ.get("SWISS_EXAMPLES", "25")), deadline=None)
@given(size=st.integers(3, 60), rounds=st.integers(1, 6), seed=st.integers(0, 10_000))
def test_properties_over_random_event_histories(size, rounds, seed):
    for field, round_seed in history(size, rounds, seed):
        exact = pair_round(field, seed=round_seed)
        restricted = pair_round(field, seed=round_seed, exact_limit=0)
        # The restricted graph used for big events is as good as the exact matching.
        assert restricted.quality.as_tuple() == exact.quality.as_tuple()
        fewest = fewest_violations(field)
        for pairing in (exact, restricted):
            problems = check_pairings(field, pairing.pairs, pairing.bye)
            # Nobody twice or missing, no bye with an even count: only rematches and a second
            # bye can appear, and only as many as no pairing at all can avoid.
            assert {p.code for p in problems} <= {"rematch", "second_bye"}
            assert len(problems) == fewest
            assert pairing.quality.rematches + pairing.quality.second_byes == fewest
        if exact.bye is None:
            assert len(field) % 2 == 0
            continue
        receiver = next(p for p in field if p.id == exact.bye)
        # The bye goes to the lowest score group of players without one, and there to the
        # lowest-ranked unless their bye makes the rest worse (T1.5): anyone eligible ranked
        # lower in a lower group would have forced more rematches (or a second bye); in the
        # same group, more rematches, a larger largest gap or larger squared gaps.
        mine = exact.quality
        for lower in (p for p in field if p.rank > receiver.rank and not p.had_bye):
            if lower.points != receiver.points:
                assert fewest_violations(field, bye_to=lower.id) > fewest
                continue
            rest = pair_round([p for p in field if p.id != lower.id], seed=round_seed).quality
            assert (rest.rematches, rest.largest_gap, rest.gap_squares) > (
                mine.rematches,
                mine.largest_gap,
                mine.gap_squares,
            )
        if receiver.had_bye:
            assert all(
                fewest_violations(field, bye_to=p.id) > fewest for p in field if not p.had_bye
            )


def brute_force_fewest_rematches(field) -> int:
    ids = [p.id for p in field]
    by_id = {p.id: p for p in field}
    return min(
        sum(b in by_id[a].opponents for a, b in zip(order[::2], order[1::2], strict=True))
        for order in itertools.permutations(ids)
    )


@pytest.mark.parametrize("seed", range(6))
def test_rematches_are_the_fewest_possible_by_brute_force(seed):
    for field, round_seed in history(6, 5, seed, drop_rate=0):
        assert pair_round(field, seed=round_seed).quality.rematches == (
            brute_force_fewest_rematches(field)
        )


def test_at_256_players_the_pairing_is_the_exact_global_optimum_by_networkx():
    """The issue's bar: up to 256 players, as good as an exact maximum-weight matching over all
    player pairs. Checked at the limit, after a few rounds, with an odd count (a bye)."""
    *_, (field, round_seed) = history(255, 4, seed=256, drop_rate=0)
    assert len(field) == 255
    pairing = pair_round(field, seed=round_seed)
    assert pairing.method == "exact" and pairing.bye is not None
    assert total_weight(field, pairing) == networkx_optimum(
        field, round_seed, pairing.quality.largest_gap
    )


def test_a_field_too_large_for_128_bit_weights_is_refused_not_overflowed():
    field = [SwissPlayer(i, f"P{i}", 0, i) for i in range(1, 30_001)]
    with pytest.raises(ValueError, match="too many to pair"):
        pair_round(field, seed=1)


def test_just_above_the_exact_limit_the_restricted_graph_matches_the_exact_optimum():
    """Events over 256 players pair on a restricted candidate graph; over a 301-player event
    with drops it finds pairings of the same quality, tier by tier, as the complete graph."""
    for field, round_seed in history(301, 6, seed=301, drop_rate=0.02):
        restricted = pair_round(field, seed=round_seed)
        assert restricted.method == "restricted"
        exact = pair_round(field, seed=round_seed, exact_limit=10_000)
        assert restricted.quality.as_tuple() == exact.quality.as_tuple()


def brute_force_smallest_largest_gap(field, bye_points) -> int | None:
    ids = [p.id for p in field] + ([None] if len(field) % 2 else [])
    by_id = {p.id: p for p in field}
    best = None
    for matching in _matchings(ids):
        largest, allowed = 0, True
        for a, b in matching:
            if None in (a, b):
                receiver = by_id[a if b is None else b]
                allowed &= not receiver.had_bye and bye_points in (None, receiver.points)
            else:
                allowed &= b not in by_id[a].opponents
                largest = max(largest, abs(by_id[a].points - by_id[b].points))
        if allowed:
            best = largest if best is None else min(best, largest)
    return best


@settings(max_examples=100, deadline=None)
@given(case=small_fields())
def test_the_largest_gap_audit_agrees_with_brute_force(case):
    """audit.smallest_largest_gap, the yardstick of the pair-down checks below and of
    bench/bench_pairing.py, against every possible round of a small field."""
    field, _ = case
    pool = [p.points for p in field if not p.had_bye]
    for bye_points in {None, *pool} if len(field) % 2 else {None}:
        assert smallest_largest_gap(field, bye_points=bye_points) == (
            brute_force_smallest_largest_gap(field, bye_points)
        )


@pytest.mark.parametrize(("size", "exact_limit"), [(97, 256), (129, 0)])
def test_every_rounds_largest_gap_is_the_smallest_possible(size, exact_limit):
    """The issue's target, bounded for CI (the bench runs it at 1,025 players): in every round
    of simulated events the largest score gap equals the smallest any rematch-free pairing
    can have with the bye in the lowest score group (T1.2, T1.5), by the exact audit on the
    complete graph; also on the restricted graph big events use (exact_limit=0)."""
    for seed in (1, 2):
        for field, round_seed in history(size, 8, seed=seed, drop_rate=0.02):
            pairing = pair_round(field, seed=round_seed, exact_limit=exact_limit)
            assert pairing.quality.rematches == 0
            pool = [p for p in field if not p.had_bye] or field
            lowest = min(p.points for p in pool) if len(field) % 2 else None
            if lowest is not None:
                assert next(p for p in field if p.id == pairing.bye).points == lowest
            best = smallest_largest_gap(field, bye_points=lowest)
            assert pairing.quality.largest_gap == best
