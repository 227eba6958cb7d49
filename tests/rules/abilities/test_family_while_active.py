"""Template family `while_active`: continuous A/D bonuses through the stat query layer."""

from rules.engine import query
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play


def test_while_active_your_sidekicks_get_a_bonus():
    line = "While Superman is active, your Sidekick characters get +1A and +2D"
    result = compiled("19sww", ability_lines=[line])
    assert result.encoding["abilities"] == [
        {
            "when": "while_active",
            "effects": [
                {
                    "do": "modify",
                    "to": {"pick": "each", "side": "yours", "what": "sidekick"},
                    "attack": 1,
                    "defense": 2,
                }
            ],
        }
    ]
    cards = compiled_cards("19sww", ability_lines=[line])
    setup = board("P1 die SK1 field L1", "P1 die 19sww#1 reserve L1", "P1 die SK2 reserve shield",
                  "P2 die SK1 field L1")  # fmt: skip
    state = play(cards, setup).final
    assert query.attack(state, cards, state.die("P1:SK1")).value == 1  # not active yet
    state = play(cards, setup, "P1 field 19sww#1 pay SK2").final
    stat = query.defense(state, cards, state.die("P1:SK1"))
    assert stat.value == 3 and "+2 (Superman: Phone Booth)" in stat.explain()
    assert query.attack(state, cards, state.die("P2:SK1")).value == 1  # not the opponent's


def test_other_dice_of_an_affiliation():
    line = "While Superman is active, your other [DCJL] character dice get +1A and +1D"
    cards = compiled_cards("19sww", ability_lines=[line])
    setup = board("P1 die 19sww#1 field L1", "P1 die 19sww#2 field L1", "P1 die 22sww#1 field L1",
                  "P1 die SK1 field L1")  # fmt: skip
    state = play(cards, setup).final
    # The card is active: its ability applies once, however many of its dice are in the
    # Field; 'other' leaves out every die of the card itself (the weaker reading, T5.1).
    assert query.attack(state, cards, state.die("P1:22sww#1")).value == 3 + 1
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4
    assert query.attack(state, cards, state.die("P1:SK1")).value == 1  # no affiliation
