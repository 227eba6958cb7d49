"""Template family `actions`: action card lines as the action die's effect, burst lines as
'instead' or 'also' variants."""

from rules.engine import Zone, query
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play

DICE = ("P1 die SK1 field L1", "P1 die 19sww#1 field L1", "P2 die SK1 field L1")


def test_deal_damage_to_each_character_and_an_instead_burst():
    lines = ["Deal 1 damage to each character.", "* Instead, deal 1 damage to each player"]
    result = compiled("34sww", ability_lines=lines)
    assert result.status == "automated"
    assert result.encoding["abilities"][0]["bursts"]["1"]["mode"] == "instead"
    cards = compiled_cards("34sww", ability_lines=lines)
    plain = play(cards, board("P1 die BA:34sww#1 reserve action", *DICE), "P1 use BA:34sww#1").final
    assert plain.die("P1:SK1").zone == Zone.PREP and plain.die("P2:SK1").zone == Zone.PREP
    burst = play(
        cards, board("P1 die BA:34sww#1 reserve action*", *DICE), "P1 use BA:34sww#1"
    ).final
    assert burst.die("P2:SK1").zone == Zone.FIELD and burst.player("P2").life == 19


def test_your_dice_get_defense_and_the_burst_also_adds():
    lines = ["Your character dice get +2D", "*/** Also, target character gets +3D"]
    cards = compiled_cards("34sww", ability_lines=lines)
    setup = board("P1 die BA:34sww#1 reserve action**", *DICE)
    state = play(cards, setup, "P1 use BA:34sww#1", "P1 choose 19sww#1").final
    assert query.defense(state, cards, state.die("P1:SK1")).value == 3
    assert query.defense(state, cards, state.die("P1:19sww#1")).value == 6 + 2 + 3


def test_draw_into_prep_and_a_targeted_attack_bonus():
    cards = compiled_cards("34sww", ability_lines=["Draw 2 dice and put them into your Prep Area"])
    setup = board("P1 die BA:34sww#1 reserve action", "P1 die SK5 bag", "P1 die SK6 bag")
    state = play(cards, setup, "P1 use BA:34sww#1", "P1 draw SK5 SK6").final
    assert {d.id for d in state.zone("P1", Zone.PREP)} == {"P1:SK5", "P1:SK6"}
    cards = compiled_cards("34sww", ability_lines=["Target character gets +2A until end of turn"])
    state = play(cards, board("P1 die BA:34sww#1 reserve action", *DICE), "P1 use BA:34sww#1",
                 "P1 choose 19sww#1").final  # fmt: skip
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 6


def test_a_character_cards_plain_clause_is_not_an_action():
    assert compiled("19sww", ability_lines=["Deal 1 damage to each character"]).status == "manual"
