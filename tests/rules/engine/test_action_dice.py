"""Using action dice (R9): the effect, bursts (R9.2), Out of Play afterwards, Continuous
(K-CONTINUOUS, R9.3). Unautomated effects follow as judge adjustments (J1)."""

from rules.engine import Ability, Zone, format_log, parse_log
from tests.rules.engine.helpers import events, header, legal, refused, with_abilities

BOARD = (
    header()
    + """\
board turn 5 active P1 step main
P1 die BA:31sww#1 reserve action*
P1 die SK1 reserve fist
P1 die 22sww#1 field L1
"""
)


def test_an_action_die_is_used_then_goes_out_of_play(cards):
    text = BOARD + "P1 use BA:31sww#1\njudge modifier P1:22sww#1 +2D -- Take Cover\n"
    replay = legal(cards, text)
    use = replay.steps[0]
    assert {"R9.1", "R9.2", "J1"} <= set(use.rules) and "with 1 burst" in events(use)
    assert "not automated" in events(use) and use.manual
    assert replay.final.die("BA:31sww#1").zone == Zone.OUT_OF_PLAY
    assert replay.final.die("P1:22sww#1").modifiers[0].defense == 2
    assert "P1 use BA:31sww#1" in format_log(parse_log(text, cards))


def test_only_action_faces_and_only_the_active_player(cards):
    refused(cards, BOARD + "P1 use SK1\n", "R9.1")
    refused(cards, BOARD + "P1 pass\nP2 use BA:31sww#1\n", "R10.4")


def _bursts(ctx):
    ctx.emit(
        "effect_resolved", f"resolved with {ctx.bursts} bursts; die in {ctx.die(ctx.source).zone}"
    )


def test_an_automated_action_resolves_before_the_die_goes_out_of_play(cards):
    scripted = with_abilities(
        cards, "31sww", Ability("action", "action", "burst check", resolve=_bursts)
    )
    replay = legal(scripted, BOARD + "P1 use BA:31sww#1\n")
    assert "resolved with 1 bursts; die in reserve" in events(replay.steps[-1])
    assert replay.final.die("BA:31sww#1").zone == Zone.OUT_OF_PLAY


def test_a_continuous_action_goes_to_the_field_and_stays(cards):
    from dataclasses import replace

    scripted = dict(cards)
    scripted["31sww"] = replace(cards["31sww"], keywords=("continuous",))
    text = BOARD + "P1 use BA:31sww#1\n"
    replay = legal(scripted, text)
    assert (
        replay.final.die("BA:31sww#1").zone == Zone.FIELD
        and "K-CONTINUOUS" in replay.steps[-1].rules
    )
    state = legal(scripted, text + "P1 end\n").final
    assert state.die("BA:31sww#1").zone == Zone.FIELD  # past the end of the turn (R9.3)
    # Later it sends itself to the Used Pile for its effect, whenever a global could be used.
    state = legal(scripted, text + "P1 activate BA:31sww#1\n").final
    assert state.die("BA:31sww#1").zone == Zone.OUT_OF_PLAY
