"""A dispute's log in two parts (setup and sequence), errors placed where the judge typed."""

import pytest

from judging.logtext import (
    board_problems,
    card_keys,
    compose,
    fork_actions,
    notation_problem,
    parse_parts,
    setup_text,
    split_log,
)
from rules.engine import Board, BoardError, NotationError, Replay
from tests.judging.logs import SEQUENCE, SETUP, TEAMS
from tests.rules.engine.conftest import demo_cards


@pytest.fixture(scope="module")
def cards():
    return demo_cards()


def test_the_two_parts_make_one_log_and_the_sequence_starts_after_the_setup(cards):
    text, setup_lines = compose(SETUP, SEQUENCE)
    assert setup_lines == len(SETUP.splitlines()) == 10
    log = parse_parts(SETUP, SEQUENCE, cards)
    assert [line for line, _ in log.actions] == [11, 12, 13]
    assert Replay.from_log(log, cards).legal


def test_card_keys_finds_every_card_a_log_names(cards):
    keys = card_keys(SETUP + SEQUENCE + "P1 buy 31sww pay SK1\njudge ko P2:9sww#1\n")
    assert keys >= {"19sww", "22sww", "34sww", "31sww", "5sww", "9sww", "32sww"}
    assert not {k for k in keys if k.startswith(("p", "sk", "ba"))}


def test_a_typo_in_the_sequence_is_placed_at_its_line_and_column_in_the_sequence(cards):
    with pytest.raises(NotationError) as error:
        parse_parts(SETUP, "P2 attack 5sww#1\nP1 blokc 22sww#1>5sww#1\n", cards)
    problem = notation_problem(error.value, compose(SETUP, "")[1])
    assert (problem.part, problem.line, problem.column) == ("sequence", 2, 4)
    assert "unknown action 'blokc'" in problem.message
    assert problem.text == "P1 blokc 22sww#1>5sww#1"


def test_setup_lines_in_the_sequence_and_actions_in_the_setup_are_refused(cards):
    with pytest.raises(NotationError) as in_sequence:
        parse_parts(TEAMS, "# the board\nboard turn 3 active P2\nP2 pass\n", cards)
    assert notation_problem(in_sequence.value, 3).line == 2
    with pytest.raises(NotationError) as die_line:
        parse_parts(SETUP, SEQUENCE + "P1 die SK3 field L1\n", cards)
    assert notation_problem(die_line.value, 10).line == 4
    with pytest.raises(NotationError, match="actions go in the sequence"):
        parse_parts(SETUP + "P2 pass\n", "", cards)


def test_judge_adjustments_of_life_and_energy_belong_in_the_sequence(cards):
    """`judge life P1 -2` shares its second word with the setup's `P1 life 20`; it is an
    action all the same (the matrix test found the console refusing it)."""
    log = parse_parts(SETUP, SEQUENCE + "judge life P1 -2\n", cards)
    assert len(log.actions) == len(SEQUENCE.splitlines()) + 1
    assert Replay.from_log(log, cards).legal


def test_a_pasted_log_is_cut_where_its_first_action_begins(cards):
    parts = split_log(SETUP + "\n# the disputed sequence\n" + SEQUENCE, cards)
    assert parts.setup == SETUP
    assert parts.actions == "# the disputed sequence\n" + SEQUENCE
    assert split_log(SETUP, cards).actions == ""


def test_an_impossible_board_gives_each_problem_with_its_line_rule_and_die(cards):
    setup = SETUP + "P1 die 19sww#1 reserve L1\nP1 die SK2 prep damage 2\n"
    with pytest.raises(BoardError) as error:
        parse = parse_parts(setup, "", cards)
        Replay.from_log(parse, cards)
    problems = board_problems(error.value, setup)
    by_die = {p.subject: p for p in problems}
    assert by_die["P1:19sww#1"].rule == "R4.3" and by_die["P1:19sww#1"].line == 11
    assert by_die["P1:19sww#1"].text == "P1 die 19sww#1 reserve L1"
    assert by_die["P1:SK2"].rule == "R12.2"


def test_setup_text_writes_the_teams_and_board_the_engine_reads_back(cards):
    text = setup_text(
        teams={"P1": [("19sww", 2), ("31sww", 0)], "P2": [("5sww", 1), ("34sww", 0)]},
        starting_life=15,
        first_player="P2",
        board=Board(turn=4, active="P1", life=(("P1", 7), ("P2", 15))),
    )
    log = parse_parts(text, "", cards)
    assert log.teams == {"P1": [("19sww", 2), ("31sww", 0)], "P2": [("5sww", 1), ("34sww", 0)]}
    assert (log.starting_life, log.first_player, log.board.turn, log.board.life[0]) == (
        15,
        "P2",
        4,
        ("P1", 7),
    )


ACTIONS = """\
# as played
P2 attack 5sww#1
P1 block 19sww#1>5sww#1   # the disputed block
P2 damage 5sww#1>19sww#1=5
"""


def test_a_fork_keeps_the_lines_before_the_step_and_replaces_it():
    assert fork_actions(ACTIONS, 3, "P1 block SK1>5sww#1", keep_rest=False) == (
        "# as played\nP2 attack 5sww#1\nP1 block SK1>5sww#1\n"
    )
    assert fork_actions(ACTIONS, 3, "P1 block SK1>5sww#1\n\n", keep_rest=True).splitlines() == [
        "# as played",
        "P2 attack 5sww#1",
        "P1 block SK1>5sww#1",
        "P2 damage 5sww#1>19sww#1=5",
    ]


def test_a_fork_from_the_board_puts_the_new_lines_first():
    assert fork_actions(ACTIONS, None, "P2 pass", keep_rest=False) == "P2 pass\n"
    assert fork_actions(ACTIONS, None, "judge life P1 -1", keep_rest=True).startswith(
        "judge life P1 -1\n# as played\n"
    )
