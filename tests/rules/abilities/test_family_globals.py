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
