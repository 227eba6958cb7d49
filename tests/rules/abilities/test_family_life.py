"""Template family `life`: 'Gain N life' and similar on action cards and globals."""

from rules.engine import Zone
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play

SETUP = board(
    "P1 life 12",
    "P1 die BA:34sww#1 reserve action",
    "P1 die BA:34sww#2 reserve action*",
    "P1 die SK1 reserve shield",
    "P1 die SK2 reserve bolt",
)


def test_an_action_die_gains_life_with_a_burst_variant():
    # A burst line adds to the base effect unless it says 'instead'.
    variant = compiled("34sww", ability_lines=["Gain 2 life.", "** Gain 3 life instead"])
    assert variant.encoding["abilities"][0]["bursts"] == {
        "2": {"mode": "instead", "effects": [{"do": "gain_life", "amount": 3}]}
    }
    lines = ["Gain 2 life.", "* Your opponent loses 1 life"]
    result = compiled("34sww", ability_lines=lines)
    assert result.status == "automated"
    assert result.description == ("Action: you gain 2 life. * Also: your opponent loses 1 life.")
    cards = compiled_cards("34sww", ability_lines=lines)
    plain = play(cards, SETUP, "P1 use BA:34sww#1")
    assert plain.final.player("P1").life == 14 and plain.final.player("P2").life == 20
    assert plain.final.die("BA:34sww#1").zone == Zone.OUT_OF_PLAY
    burst = play(cards, SETUP, "P1 use BA:34sww#2")
    assert burst.final.player("P1").life == 14 and burst.final.player("P2").life == 19


def test_a_global_that_gains_life():
    cards = compiled_cards(
        "34sww", ability_lines=["Gain 1 life"], global_lines=["Global: Pay [S]: Gain 1 life."]
    )
    replay = play(cards, SETUP, "P1 global 34sww pay SK1")
    assert replay.final.player("P1").life == 13
    assert replay.final.die("P1:SK1").zone != Zone.RESERVE  # the shield paid for it
