"""Starting a replay from a described board: the moment a dispute begins."""

import json
from dataclasses import replace

import pytest

from rules.engine import BoardError, Replay, Zone, format_log, log_from_json, log_to_json, parse_log

DISPUTE = """
game tournament life 20 first P1
P1 team 19sww:4 22sww:4 basic 34sww 31sww
P2 team 5sww:4 9sww:4 basic 34sww 32sww
board turn 6 active P2 step main
P1 life 9
P2 life 14
P1 die 22sww#1 field L2 damage 0
P1 die SK1 field L1
P1 die BA:34sww#1 used
P2 die 5sww#1 field L3
P2 die 5sww#2 reserve mask
P2 die SK1 reserve fist
P1 die SK2 reserve shield
# the disputed sequence
P2 attack 5sww#1
P1 block 22sww#1>P2:5sww#1 SK1>P2:5sww#1
P2 damage 5sww#1>P1:22sww#1=4 5sww#1>P1:SK1=1
"""


def test_a_dispute_starts_from_the_described_board_and_plays_on(cards):
    replay = Replay.from_log(parse_log(DISPUTE, cards), cards)
    start = replay.start
    assert (start.turn, start.active, start.player("P1").life) == (6, "P2", 9)
    assert start.die("P1:BA:34sww#1") is None and start.die("BA:34sww#1").owner == "P1"
    assert replay.legal, [s.reason for s in replay.steps if not s.legal]
    final = replay.final
    # Cheetah L3 (A5) splits 4 + 1: Wonder Woman (D5) survives, the sidekick (D1) is KO'd;
    # both blockers hit back 3 + 1 = 4 on Cheetah's D5: she survives.
    assert final.die("P1:SK1").zone == Zone.PREP
    assert final.die("P1:22sww#1").damage == 4 and final.die("P2:5sww#1").damage == 4


def test_board_round_trips_through_text_and_json(cards):
    log = parse_log(DISPUTE, cards)
    again = parse_log(format_log(log), cards)

    def without_lines(board):  # line numbers move when the text is rewritten
        return replace(board, placements=tuple(replace(p, line=0) for p in board.placements))

    assert without_lines(again.board) == without_lines(log.board)
    assert log_from_json(json.loads(json.dumps(log_to_json(log))), cards).board == log.board


@pytest.mark.parametrize(
    ("line", "rule", "words"),
    [
        ("P2 die 5sww#3 field mask", "R4.4", "only characters are in the Field"),
        ("P2 die 5sww#3 field L1 damage 2", "R11.5", "would have been KO'd"),
        ("P1 die SK3 reserve L1", "R4.3", "on the opponent's turn"),
        ("P2 die 5sww#3 field", "R14.1", "shows a face"),
        ("P2 die SK3 used mask", "R14.1", "unrolled"),
        ("P1 die P2:5sww#3 used", "R3.1", "is P2's, not P1's"),
        ("P1 die SK3 out_of_play", "R4.6", "only on its owner's turn"),
    ],
)
def test_an_impossible_board_is_refused_with_its_rule(cards, line, rule, words):
    text = DISPUTE.replace("# the disputed sequence", line)
    with pytest.raises(BoardError) as caught:
        Replay.from_log(parse_log(text, cards), cards)
    assert caught.value.verdict.rule == rule and words in str(caught.value)
    assert caught.value.line == text.splitlines().index(line) + 1
