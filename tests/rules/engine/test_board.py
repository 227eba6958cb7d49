"""Starting a replay from a described board: the moment a dispute begins."""

import json
from dataclasses import replace

import pytest

from rules.engine import (
    BoardError,
    Replay,
    Step,
    Zone,
    format_log,
    log_from_json,
    log_to_json,
    parse_log,
)
from tests.rules.engine.helpers import header, legal

DISPUTE = (
    header()
    + """\
board turn 6 active P2 step main
P1 life 9
P2 life 14
P2 energy 1
P1 die 22sww#1 field L2
P1 die SK1 field L1
P1 die BA:34sww#1 used
P2 die 5sww#1 field L3
P2 die 5sww#2 reserve mask
P2 die SK1 reserve fist
P1 die SK2 reserve shield
# the disputed sequence
P2 attack 5sww#1
P1 block 22sww#1>5sww#1 SK1>5sww#1
P2 damage 5sww#1>22sww#1=4 5sww#1>SK1=1
"""
)


def test_a_dispute_starts_from_the_described_board_and_plays_on(cards):
    replay = legal(cards, DISPUTE)
    start = replay.start
    assert (start.turn, start.active, start.player("P1").life, start.step) == (
        6,
        "P2",
        9,
        Step.MAIN,
    )
    assert start.priority == "P2" and start.player("P2").virtual_energy == 1
    assert start.die("BA:34sww#1").owner == "P1"
    final = replay.final
    # Cheetah L3 (A5) splits 4 + 1: Wonder Woman (D5) survives, the sidekick (D1) is KO'd;
    # both blockers hit back 3 + 1 = 4 on Cheetah's D5: she survives. The turn then ends.
    assert final.die("P1:SK1").zone == Zone.PREP
    assert final.die("P1:22sww#1").zone == Zone.FIELD and final.die("P2:5sww#1").zone == Zone.FIELD
    assert final.active == "P1"


def test_a_board_can_start_at_blockers_or_in_the_attack_window(cards):
    blockers = (
        header()
        + """\
board turn 6 active P2 step blockers
P2 die 5sww#1 attack L3
P1 die SK1 field L1
P1 block SK1>5sww#1
P2 damage
"""
    )
    assert legal(cards, blockers).final.die("P1:SK1").zone == Zone.PREP
    window = (
        header()
        + """\
board turn 6 active P2 step window priority P1
P2 die 5sww#1 attack L3
P1 die SK1 attack L1 blocking 5sww#1
P1 pass
P2 pass
"""
    )
    state = legal(cards, window).final
    assert state.die("P1:SK1").zone == Zone.PREP and state.player("P1").life == 20


def test_board_round_trips_through_text_and_json(cards):
    log = parse_log(DISPUTE, cards)
    again = parse_log(format_log(log), cards)

    def without_lines(board):  # line numbers move when the text is rewritten
        return replace(
            board, line=0, placements=tuple(replace(p, line=0) for p in board.placements)
        )

    assert without_lines(again.board) == without_lines(log.board)
    assert log_from_json(json.loads(json.dumps(log_to_json(log))), cards).board == log.board


@pytest.mark.parametrize(
    ("line", "rule", "words"),
    [
        ("P2 die 5sww#3 field mask", "R4.4", "only characters"),
        ("P2 die 5sww#3 field L1 damage 2", "R12.2", "would have been KO'd"),
        ("P1 die SK3 reserve L1", "R4.3", "on the opponent's turn"),
        ("P2 die 5sww#3 field", "R1.3", "shows a face"),
        ("P2 die SK3 used mask", "R1.3", "unrolled"),
        ("P1 die P2:5sww#3 used", "R15.2", "is P2's"),
        ("P1 die SK3 out_of_play", "R4.6", "only on its owner's turn"),
        ("P1 die SK3 reserve mask2", "R1.5", "no mask2 face"),
        ("P1 die SK9 bag", "R3.1", "no die P1:SK9"),
        ("P1 die SK3 attack L1", "R11.1", "only during the attack step"),
    ],
)
def test_an_impossible_board_is_refused_with_its_rule(cards, line, rule, words):
    text = DISPUTE.replace("# the disputed sequence", line)
    with pytest.raises(BoardError) as caught:
        Replay.from_log(parse_log(text, cards), cards)
    rules = [v.rule for _, v in caught.value.problems]
    assert rule in rules and words in str(caught.value)
    assert caught.value.problems[rules.index(rule)][0] in (text.splitlines().index(line) + 1, 4)


def test_every_problem_of_a_board_is_reported_at_once(cards):
    text = DISPUTE.replace(
        "# the disputed sequence", "P2 die 5sww#3 field mask\nP1 die SK3 reserve L1"
    )
    with pytest.raises(BoardError) as caught:
        Replay.from_log(parse_log(text, cards), cards)
    assert [v.rule for _, v in caught.value.problems] == ["R4.4", "R4.3"]
