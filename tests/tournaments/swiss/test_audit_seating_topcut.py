from tournaments.swiss import (
    BracketMatch,
    SwissPlayer,
    assign_tables,
    bracket_order,
    check_pairings,
    first_round,
    next_round,
    stage_name,
    stage_sizes,
)


def field(n, fixed_tables=None):
    fixed_tables = fixed_tables or {}
    return [SwissPlayer(i, f"P{i}", 0, i, fixed_table=fixed_tables.get(i)) for i in range(1, n + 1)]


def test_check_pairings_reports_every_problem():
    players = [
        SwissPlayer(1, "Ana", 0, 1, frozenset({2})),
        SwissPlayer(2, "Ben", 0, 2, frozenset({1})),
        SwissPlayer(3, "Cy", 0, 3, had_bye=True),
        SwissPlayer(4, "Di", 0, 4),
    ]
    problems = check_pairings(players, [(1, 2), (1, 4)], 3, forbidden=[(1, 4)])
    codes = {p.code for p in problems}
    assert codes == {"twice", "rematch", "forbidden", "second_bye", "needless_bye"}
    assert "Ana and Ben have already played." in {p.message for p in problems}
    assert {p.code for p in check_pairings(players, [(1, 3)], None)} == {"missing"}


def test_tables_follow_standing_and_fixed_tables_are_honoured():
    players = field(6, {5: 1})
    tables, conflicts = assign_tables([(1, 2), (3, 4), (5, 6)], players)
    assert tables == [2, 3, 1] and not conflicts


def test_conflicting_fixed_tables_are_reported():
    players = field(4, {1: 2, 3: 2})
    tables, conflicts = assign_tables([(1, 2), (3, 4)], players)
    assert sorted(tables) == [1, 2] and len(conflicts) == 1


def test_bracket_order_keeps_the_top_seeds_apart():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(16)[:4] == [1, 16, 8, 9]


def test_top_cut_advances_winners_with_the_better_seed_first():
    seeded = [11, 12, 13, 14, 15, 16, 17, 18]  # player ids by final standing
    first = first_round(seeded)
    assert [(m.player1, m.player2) for m in first] == [(11, 18), (14, 15), (12, 17), (13, 16)]
    finished = [BracketMatch(1, m.slot, m.player1, m.player2, winner=m.player2) for m in first]
    seed_of = {pid: n for n, pid in enumerate(seeded, start=1)}
    semis = next_round(finished, seed_of)
    assert [(m.player1, m.player2) for m in semis] == [(15, 18), (16, 17)]


def test_stages_of_a_cut_are_named_from_its_size():
    assert stage_sizes(8) == [4, 2, 1]
    assert [stage_name(n) for n in stage_sizes(16)] == [
        "Round of 16", "Quarter-finals", "Semi-finals", "Final"
    ]  # fmt: skip
