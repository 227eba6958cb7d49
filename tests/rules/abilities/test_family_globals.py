"""Template family `globals`: 'Pay [X]. <effect>' / 'Pay [X] to <effect>' / 'Once per turn,
pay ...'."""

from rules.engine import query
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play, refused

SETUP = board(
    "P1 die 19sww#1 field L1", "P1 die SK1 reserve shield", "P1 die SK2 reserve shield",
    "P1 die SK3 reserve fist", "P2 die 5sww#1 field L1",
)  # fmt: skip


def test_pay_then_target_gets_a_bonus():
    lines = ["Global: Pay [S]. Target character die gets +1A and +1D until end of turn."]
    result = compiled("22sww", global_lines=lines)
    assert result.status == "automated"
    assert result.encoding["abilities"][0]["cost"] == "[S]"
    cards = compiled_cards("22sww", global_lines=lines)
    state = play(cards, SETUP, "P1 global 22sww pay SK1 target 19sww#1").final
    assert query.defense(state, cards, state.die("P1:19sww#1")).value == 7
    refused(cards, SETUP + "P1 global 22sww pay SK3 target 19sww#1\n", "R6.5")  # not a shield


def test_pay_to_give_and_must_attack():
    cards = compiled_cards(
        "22sww", global_lines=["Global: Pay [S] to give one target character +1D"]
    )
    state = play(cards, SETUP, "P1 global 22sww pay SK1 target P2:5sww#1").final
    assert query.defense(state, cards, state.die("P2:5sww#1")).value == 3
    cards = compiled_cards("22sww", global_lines=["Global: Pay [F]. Target character must attack"])
    state = play(cards, SETUP, "P1 global 22sww pay SK3 target 19sww#1").final
    assert "must_attack" in state.die("P1:19sww#1").keywords


def test_once_per_turn_is_a_limit():
    lines = ["Global: Once per turn, pay [S]. Deal 1 damage to target opponent"]
    cards = compiled_cards("22sww", global_lines=lines)
    state = play(cards, SETUP, "P1 global 22sww pay SK1").final
    assert state.player("P2").life == 19
    refused(cards, SETUP + "P1 global 22sww pay SK1\nP1 global 22sww pay SK2\n", "R10.1")


def test_an_unknown_global_effect_stays_manual():
    assert compiled("22sww", global_lines=["Global: Pay [S]. Swap two worlds"]).status == "manual"


def test_a_batch_of_uses_scales_the_amounts_once_the_engine_has_batches():
    """R10.3: uses of a global paid for in one batch resolve as one effect whose amounts the
    batch multiplies (ctx.times); an engine without batches resolves single uses."""
    from rules.engine.effects.queue import QueuedEffect

    batches = "times" in QueuedEffect.__dataclass_fields__
    cards = compiled_cards("22sww", global_lines=["Global: Pay [S]. Target character die gets +1D"])
    line = "P1 global 22sww times 2 pay SK1 SK2" if batches else "P1 global 22sww pay SK1"
    state = play(cards, SETUP, f"{line} target 19sww#1").final
    stat = query.defense(state, cards, state.die("P1:19sww#1"))
    assert stat.value == 6 + (2 if batches else 1)
    assert not [s for s in play(cards, SETUP, f"{line} target 19sww#1").steps if s.manual]
