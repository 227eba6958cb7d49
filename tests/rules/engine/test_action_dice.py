"""Using action dice (R9.1, R9.2); the card's effect follows as a judge adjustment (J1)."""

from rules.engine import Replay, Zone, format_log, parse_log

BOARD = """
game tournament life 20 first P1
P1 team 19sww:4 22sww:4 basic 34sww 31sww
P2 team 5sww:4 9sww:4 basic 34sww 32sww
board turn 5 active P1 step main
P1 die BA:31sww#1 reserve action*
P1 die SK1 reserve fist
P1 die 22sww#1 field L1
"""


def test_an_action_die_is_used_then_goes_out_of_play(cards):
    text = BOARD + "P1 use BA:31sww#1\njudge modifier P1:22sww#1 +0A+2D Take Cover\n"
    replay = Replay.from_log(parse_log(text, cards), cards)
    assert replay.legal, [s.reason for s in replay.steps if not s.legal]
    use = replay.steps[0]
    assert use.rules == ("R9.1", "R9.2") and "with 1 burst" in use.events[0]
    assert replay.final.die("BA:31sww#1").zone == Zone.OUT_OF_PLAY
    assert replay.final.die("P1:22sww#1").modifiers[0].defense == 2
    assert "P1 use BA:31sww#1" in format_log(parse_log(text, cards))


def test_only_action_faces_and_only_the_active_player(cards):
    for line, rule in (("P1 use SK1", "R9.1"), ("P2 use BA:31sww#1", "R10.4")):
        replay = Replay.from_log(parse_log(BOARD + line + "\n", cards), cards)
        assert not replay.legal and replay.steps[0].rule == rule
