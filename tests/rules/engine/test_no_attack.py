"""Declaring no attack (R5.4): 'If the active player does not wish to attack, the turn will
immediately end: there will not be an Attack Step, which means any unused Action Dice will
immediately go to the Used Pile, and neither player will be able to use any energy on Global
Abilities' (the Avengers Infinity rulebook; the digest's R5.4). `P1 no attack` stops at that
moment; `P1 end` goes on to Cleanup, and alone is the shorthand for both."""

import pytest

from rules.engine import BoardError, DeclareNoAttack, EndTurn, Step, Zone, parse_action
from tests.rules.engine.helpers import events, header, legal, refused

BOARD = (
    header()
    + """\
board turn 3 active P1 step main
P1 die SK1 reserve shield
P1 die BA:34sww#1 reserve action
P1 die SK3 field L1
P2 die SK1 reserve shield
P2 die SK2 reserve shield
P2 die SK3 field L1
"""
)
NO_ATTACK = BOARD + "P1 no attack\n"


def test_no_attack_ends_the_main_step_and_stops_before_cleanup(cards):
    replay = legal(cards, NO_ATTACK)
    step = replay.steps[-1]
    state = step.after
    assert step.action == DeclareNoAttack("P1")
    assert state.step == Step.NO_ATTACK and state.active == "P1" and state.turn == 3
    assert state.priority is None and state.pending is None
    assert "R5.4" in step.rules and "did not attack" in events(step)
    # R5.4: the unused action die goes to the Used Pile at once, not Out of Play.
    assert state.die("BA:34sww#1").zone == Zone.USED
    assert state.die("P1:SK1").zone == Zone.RESERVE  # energy stays


def test_an_inactive_players_global_after_no_attack_is_refused_with_r5_4(cards):
    step = refused(cards, NO_ATTACK + "P2 global 31sww pay SK1\n", "R5.4")
    assert "P1 declared no attack: there is no attack step" in step.reason
    assert step.hint == "Write 'P1 end' to go on to Cleanup and P2's turn."
    # The same global was fine in the Main Step, after P1 passed (R10.4).
    legal(cards, BOARD + "P1 pass\nP2 global 31sww pay SK1\n")


def test_nobody_acts_between_no_attack_and_cleanup(cards):
    refused(cards, NO_ATTACK + "P1 global 31sww pay SK1\n", "R5.4")
    refused(cards, NO_ATTACK + "P2 pass\n", "R5.4")
    refused(cards, NO_ATTACK + "P1 buy 34sww pay SK1\n", "R5.4")
    refused(cards, NO_ATTACK + "P1 attack SK3\n", "R5.4")  # no going back (R5)
    refused(cards, NO_ATTACK + "P2 end\n", "R10.4")  # the active player ends the turn
    step = refused(cards, NO_ATTACK + "P2 draw SK4 SK5 SK6 SK7\n", "R5.1")
    assert step.hint == "Write 'P1 end' first."


def test_end_after_no_attack_goes_on_to_cleanup_and_the_next_turn(cards):
    replay = legal(cards, NO_ATTACK + "P1 end\nP2 draw SK4 SK5 SK6 SK7\n")
    cleanup = replay.steps[-2]
    assert "R5.5" in cleanup.rules and cleanup.after.active == "P2"
    assert replay.final.step == Step.ROLL_AND_REROLL
    assert "R5.4" not in cleanup.rules  # the declaration was the step before


def test_end_is_the_shorthand_for_no_attack_then_end(cards):
    short = legal(cards, BOARD + "P1 end\n").final
    long = legal(cards, NO_ATTACK + "P1 end\n").final
    assert short == long
    assert short.active == "P2" and short.pending.kind == "draw"


def test_no_attack_keeps_the_rules_end_keeps(cards):
    # Dice that must attack can't be held back (R13.1), and only the active player declares.
    refused(cards, BOARD + "judge keyword P1:SK3 must_attack\nP1 no attack\n", "R13.1")
    refused(cards, BOARD + "P2 no attack\n", "R10.4")


def test_a_board_can_start_at_the_no_attack_moment(cards):
    board = NO_ATTACK.replace("step main", "step no_attack").replace("P1 no attack\n", "")
    board = board.replace("P1 die BA:34sww#1 reserve action\n", "")
    start = legal(cards, board).start
    assert start.step == Step.NO_ATTACK and start.priority is None
    refused(cards, board + "P2 global 31sww pay SK1\n", "R5.4")
    assert legal(cards, board + "P1 end\n").final.active == "P2"


def test_a_no_attack_board_keeps_only_energy_in_the_active_players_reserve(cards):
    board = NO_ATTACK.replace("step main", "step no_attack").replace("P1 no attack\n", "")
    with pytest.raises(BoardError) as error:
        legal(cards, board)  # the unused action die would be in the Used Pile (R5.4)
    assert [v.rule for _, v in error.value.problems] == ["R5.4"]
    character = board.replace("P1 die BA:34sww#1 reserve action\n", "P1 die SK2 reserve L1\n")
    with pytest.raises(BoardError) as error:
        legal(cards, character)  # an unfielded character went to the Used Pile (R5.3)
    assert [v.rule for _, v in error.value.problems] == ["R5.3"]


def test_no_attack_is_written_and_read_back(cards):
    assert parse_action("P1 no attack", cards) == DeclareNoAttack("P1")
    assert parse_action("P1 end", cards) == EndTurn("P1")
