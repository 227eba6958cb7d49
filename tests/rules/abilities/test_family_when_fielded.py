"""Template family `when_fielded`: 'When fielded, <effect>' on the card's own die."""

from rules.engine import Zone
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play, refused, run

SETUP = board(
    "P1 die 19sww#1 reserve L1",
    "P1 die SK1 reserve shield",
    "P2 die 5sww#1 field L1",
    "P2 die SK1 field L1",
    "P2 life 15",
)


def test_when_fielded_deal_damage_to_target_character_die():
    line = "When fielded, deal 2 damage to target character die."
    result = compiled("19sww", ability_lines=[line])
    assert result.status == "automated"
    assert result.encoding["abilities"] == [
        {"when": "fielded", "effects": [{"do": "damage", "to": {"pick": "target"}, "amount": 2}]}
    ]
    assert result.description == (
        "When this die is fielded: deal 2 damage to target character die."
    )
    cards = compiled_cards("19sww", ability_lines=[line])
    waiting = run(cards, SETUP + "P1 field 19sww#1 pay SK1\n").final.pending
    assert waiting.kind == "choose" and waiting.player == "P1"
    assert set(waiting.options) == {"P1:19sww#1", "P2:5sww#1", "P2:SK1"}
    # Cheetah L1 (D2) takes 2: KO'd to its owner's Prep Area.
    replay = play(cards, SETUP, "P1 field 19sww#1 pay SK1", "P1 choose P2:5sww#1")
    assert replay.final.die("P2:5sww#1").zone == Zone.PREP


def test_a_named_trigger_and_an_opposing_target():
    line = "When Superman is fielded, deal 1 damage to target opposing character die"
    cards = compiled_cards("19sww", ability_lines=[line])
    text = SETUP + "P1 field 19sww#1 pay SK1\n"
    assert set(run(cards, text).final.pending.options) == {"P2:5sww#1", "P2:SK1"}
    refused(cards, text + "P1 choose P1:19sww#1\n", "R13.2")  # not an opposing die
    replay = play(cards, SETUP, "P1 field 19sww#1 pay SK1", "P1 choose P2:5sww#1")
    assert replay.final.die("P2:5sww#1").damage == 1


def test_when_fielded_damage_to_the_opponent_and_gain_life():
    cards = compiled_cards(
        "19sww", ability_lines=["When fielded, deal 2 damage to your opponent and then gain 1 life"]
    )
    setup = SETUP.replace("P2 life 15", "P2 life 15\nP1 life 10")
    replay = play(cards, setup, "P1 field 19sww#1 pay SK1")
    assert replay.final.player("P2").life == 13
    assert replay.final.player("P1").life == 11


def test_you_may_is_asked():
    cards = compiled_cards(
        "19sww", ability_lines=["When fielded, you may deal 3 damage to your opponent"]
    )
    declined = play(cards, SETUP, "P1 field 19sww#1 pay SK1", "P1 no")
    assert declined.final.player("P2").life == 15
    accepted = play(cards, SETUP, "P1 field 19sww#1 pay SK1", "P1 yes")
    assert accepted.final.player("P2").life == 12


def test_an_unknown_effect_is_left_manual():
    result = compiled("19sww", ability_lines=["When fielded, swap places with the moon"])
    assert result.status == "manual" and result.manual_lines == (
        "When fielded, swap places with the moon",
    )


def test_spin_all_opposing_dice_down_and_each_player_loses_life():
    line = (
        "When fielded, spin all opposing character dice down 1 level, then each player loses 1 life"
    )
    cards = compiled_cards("19sww", ability_lines=[line])
    setup = SETUP.replace("P2 die 5sww#1 field L1", "P2 die 5sww#1 field L3")
    state = play(cards, setup, "P1 field 19sww#1 pay SK1").final
    assert state.die("P2:5sww#1").level == 2
    assert (state.player("P1").life, state.player("P2").life) == (19, 14)
