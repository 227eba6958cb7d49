"""The pure standings function against examples computed by hand (T1.5, T1.6, T3.2)."""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings import Entrant, MatchResult, Scoring, compute_standings, explain

A, B, C, D = (Entrant(i, name, random_key=i) for i, name in enumerate("ABCD", start=1))
THIRD = F(1, 3)


def by_name(rows):
    return {row.entrant.name: row for row in rows}


def test_four_players_three_rounds_with_draws():
    results = [
        MatchResult(1, A.id, B.id, wins1=1),  # A beats B
        MatchResult(1, C.id, D.id, draws=1),  # C and D draw their game
        MatchResult(2, A.id, C.id, wins1=1),
        MatchResult(2, B.id, D.id, wins1=1),
        MatchResult(3, A.id, D.id, draws=1),
        MatchResult(3, B.id, C.id, wins1=1),
    ]
    rows = compute_standings([A, B, C, D], results)
    assert [row.entrant.name for row in rows] == ["A", "B", "D", "C"]
    got = by_name(rows)
    # Points: A W W D = 7; B L W W = 6; C D L L = 1; D D L D = 2.
    assert [got[n].points for n in "ABCD"] == [7, 6, 1, 2]
    # MW%: A 7/9; B 6/9; C 1/9 and D 2/9 are floored to 1/3.
    assert [got[n].mw for n in "ABCD"] == [F(7, 9), F(2, 3), THIRD, THIRD]
    # OMW%: A met B, C, D: (2/3 + 1/3 + 1/3) / 3 = 4/9. B met A, D, C: (7/9 + 1/3 + 1/3) / 3.
    assert got["A"].omw == F(4, 9)
    assert got["B"].omw == F(13, 27)
    # C met D, A, B: (1/3 + 7/9 + 2/3) / 3 = 16/27; D met C, B, A: the same.
    assert got["C"].omw == got["D"].omw == F(16, 27)
    # GW%: A won, won, drew: (3 + 3 + 1) / 9. D drew, lost, drew: 2/9, floored.
    assert got["A"].gw == F(7, 9)
    assert got["D"].gw == THIRD
    assert got["A"].percent("omw") == "44.44"
    # OGW%: single games, so each GW% equals the MW%: A (2/3 + 1/3 + 1/3) / 3; C and D 16/27.
    assert [got[n].ogw for n in "ABCD"] == [F(4, 9), F(13, 27), F(16, 27), F(16, 27)]


def test_byes_score_a_win_count_two_nil_for_games_and_are_no_opponent():
    results = [
        MatchResult(1, A.id, B.id, wins1=1),
        MatchResult(1, C.id, None),  # C's bye
        MatchResult(2, C.id, A.id, wins1=1),
        MatchResult(2, B.id, None),  # B's bye
    ]
    got = by_name(compute_standings([A, B, C], results))
    assert [got[n].points for n in "ABC"] == [3, 3, 6]
    assert got["B"].byes == 1 and got["B"].wins == 1
    # B: lost one game, bye = two games won: 6 game points of 9.
    assert got["B"].gw == F(2, 3)
    # B's only real opponent is A (MW 1/2): the bye is not an opponent.
    assert got["B"].omw == F(1, 2)
    # A met B (MW 1/2) and C (MW 1): 3/4. A and B tie on points; OMW puts A second.
    assert got["A"].omw == F(3, 4)
    assert [row.entrant.name for row in compute_standings([A, B, C], results)] == ["C", "A", "B"]


def test_a_dropped_player_stays_ranked_and_counts_as_an_opponent_with_their_own_record():
    E = Entrant(5, "E", random_key=5)
    results = [
        MatchResult(1, B.id, A.id, wins1=1),  # B beats A
        MatchResult(1, C.id, D.id, wins1=1),
        MatchResult(1, E.id, None),  # E's bye
        MatchResult(2, A.id, C.id, wins1=1),
        MatchResult(2, E.id, B.id, wins1=1),
        MatchResult(2, D.id, None),  # D's bye
        # B drops after round 2.
        MatchResult(3, A.id, D.id, draws=1),
        MatchResult(3, E.id, C.id, wins1=1),
    ]
    rows = compute_standings([A, B, C, D, E], results)
    got = by_name(rows)
    # Points: A L W D = 4; B W L = 3; C W L L = 3; D L bye D = 4; E bye W W = 9.
    assert [got[n].points for n in "ABCDE"] == [4, 3, 3, 4, 9]
    # B's MW% is over the two rounds B played: 3/6, not 3/9.
    assert [got[n].mw for n in "ABCDE"] == [F(4, 9), F(1, 2), THIRD, F(4, 9), 1]
    # GW%: D lost one game, the bye is 2-0, one drawn game: (0 + 6 + 1) / (3 x 4) = 7/12.
    assert [got[n].gw for n in "ABCDE"] == [F(4, 9), F(1, 2), THIRD, F(7, 12), 1]
    # OMW%: A met B (1/2), C (1/3), D (4/9): 23/54. D met C and A, the bye is no opponent.
    assert [got[n].omw for n in "ABCDE"] == [F(23, 54), F(13, 18), F(17, 27), F(7, 18), F(5, 12)]
    # OGW%: C met D (7/12), A (4/9), E (1): 73/108.
    assert [got[n].ogw for n in "ABCDE"] == [F(17, 36), F(13, 18), F(73, 108), F(7, 18), F(5, 12)]
    # A and D tie on 4 points, A's OMW% is higher; B (dropped) ties C on 3 and ranks above.
    assert [row.entrant.name for row in rows] == ["E", "A", "D", "B", "C"]
    assert got["A"].percent("omw") == "42.59"


def test_the_tiebreaker_chain_is_configurable():
    results = [
        MatchResult(1, A.id, B.id, wins1=1),
        MatchResult(1, C.id, None),
        MatchResult(2, C.id, A.id, wins1=1),
        MatchResult(2, B.id, None),
    ]
    # GW% first: B's 2/3 (thanks to the bye) beats A's 1/2.
    rows = compute_standings([A, B, C], results, Scoring(tiebreakers=("gw", "omw", "random")))
    assert [row.entrant.name for row in rows] == ["C", "B", "A"]
    assert "GW% 66.67% is higher than A's 50.00%" in explain(
        rows[1], rows[2], Scoring(tiebreakers=("gw", "omw", "random"))
    )


def test_best_of_three_game_counts():
    results = [MatchResult(1, A.id, B.id, wins1=2, wins2=1), MatchResult(1, C.id, D.id, 1, 1, 1)]
    got = by_name(compute_standings([A, B, C, D], results))
    assert (got["A"].gw, got["B"].gw) == (F(2, 3), THIRD)  # 6/9 and 3/9
    assert got["C"].draws == 1 and got["C"].points == 1
    assert got["C"].gw == F(4, 9)  # one win and one drawn game: 3 + 1 of 9


def test_missed_round_is_a_loss_without_games_and_after_round_rewinds():
    results = [MatchResult(1, A.id, None, missed_round=True), MatchResult(2, A.id, B.id, wins1=1)]
    got = by_name(compute_standings([A, B], results))
    assert (got["A"].points, got["A"].losses, got["A"].wins) == (3, 1, 1)
    assert got["A"].mw == F(1, 2)
    assert got["A"].gw == 1  # one game played, won
    earlier = by_name(compute_standings([A, B], results, after_round=1))
    assert (earlier["A"].points, earlier["B"].points) == (0, 0)


def test_exact_ties_fall_to_the_recorded_random_draw():
    first, second = Entrant(1, "First", random_key=5), Entrant(2, "Second", random_key=9)
    rows = compute_standings([second, first], [])
    assert [row.entrant.name for row in rows] == ["First", "Second"]
    assert "random draw" in explain(rows[0], rows[1])


def test_unknown_tiebreaker_is_refused():
    with pytest.raises(ValueError, match="Unknown tiebreaker"):
        Scoring(tiebreakers=("omw", "buchholz"))


histories = st.lists(
    st.tuples(
        st.integers(1, 6), st.integers(1, 8), st.integers(1, 8), st.integers(0, 2),
        st.integers(0, 2), st.integers(0, 1), st.booleans(),
    ),
    max_size=30,
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(histories)
def test_properties_over_random_histories(history):
    entrants = [Entrant(i, f"P{i}", random_key=i * 7 % 11) for i in range(1, 9)]
    results = [
        MatchResult(rnd, p1, None if bye or p1 == p2 else p2, w1, w2, d)
        for rnd, p1, p2, w1, w2, d, bye in history
    ]
    rows = compute_standings(entrants, results)
    assert sorted(row.rank for row in rows) == list(range(1, 9))
    for row in rows:
        assert row.points == 3 * row.wins + row.draws
        for figure in (row.mw, row.omw, row.gw, row.ogw):
            assert THIRD <= figure <= 1
    for above, below in zip(rows, rows[1:], strict=False):
        assert above.points >= below.points
    assert compute_standings(entrants, list(reversed(results))) == rows
