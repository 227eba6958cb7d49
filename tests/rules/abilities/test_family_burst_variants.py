"""Burst variants (template family `trigger_bursts`, which the core's `burst_variants` was
folded into) and the draw-and-roll and 'on your turn' clauses."""

from rules.engine import Zone
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play, refused


def test_a_burst_line_adds_to_or_replaces_the_ability_before_it():
    lines = [
        "When fielded, gain 1 life",
        "* Also, Prep a die from your bag",
        "** Instead, gain 3 life",
    ]
    result = compiled("19sww", ability_lines=lines)
    assert result.status == "automated"
    spec = result.encoding["abilities"][0]
    assert spec["bursts"]["1"] == {"mode": "also", "effects": [{"do": "draw", "count": 1}]}
    assert spec["bursts"]["2"]["mode"] == "instead"
    cards = compiled_cards("19sww", ability_lines=lines)
    setup = board("P1 life 10", "P1 die 19sww#1 reserve L1", "P1 die SK1 reserve shield",
                  "P1 die SK5 bag")  # fmt: skip
    plain = play(cards, setup, "P1 field 19sww#1 pay SK1").final  # level 1 has no burst
    assert plain.player("P1").life == 11 and plain.die("P1:SK5").zone == Zone.BAG


def test_a_burst_variant_needs_an_ability_before_it():
    assert compiled("19sww", ability_lines=["* Also, gain 1 life"]).status == "manual"


def test_draw_and_roll_puts_the_dice_in_the_reserve_pool():
    cards = compiled_cards("19sww", ability_lines=["When fielded, draw and roll a die"])
    setup = board("P1 die 19sww#1 reserve L1", "P1 die SK1 reserve shield", "P1 die SK5 bag")
    state = play(cards, setup, "P1 field 19sww#1 pay SK1", "P1 draw SK5", "P1 roll SK5=bolt").final
    assert state.die("P1:SK5").zone == Zone.RESERVE and state.die("P1:SK5").face.energy == ("bolt",)


def test_a_global_used_only_on_your_turn():
    lines = ["Global: Pay [S]. Once per turn, on your turn, Prep a die from your bag"]
    result = compiled("22sww", global_lines=lines)
    assert result.encoding["abilities"][0]["if"] == {"test": "your_turn"}
    assert result.encoding["abilities"][0]["limit"] == "once_per_turn"
    cards = compiled_cards("22sww", global_lines=lines)
    setup = board("P1 die SK1 reserve shield", "P1 die SK5 bag", "P2 die SK1 reserve shield",
                  "P2 die SK5 bag")  # fmt: skip
    state = play(cards, setup, "P1 global 22sww pay SK1", "P1 draw SK5").final
    assert state.die("P1:SK5").zone == Zone.PREP
    # On the opponent's turn the global is paid for but does nothing (the weaker reading).
    state = play(cards, setup, "P1 pass", "P2 global P1:22sww pay SK1").final
    assert state.die("P2:SK5").zone == Zone.BAG
    refused(cards, setup + "P1 global 22sww pay SK1\nP1 draw SK5\nP1 global 22sww\n", "R10.1")
