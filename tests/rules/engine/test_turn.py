"""Setup, Clear and Draw, Roll and Reroll, purchasing, energy, fielding and the end of a turn,
rule by rule (R3-R8, R5.5)."""

import pytest

from rules.engine import Draw, NeedsInput, Step, Zone, apply, new_game
from tests.rules.engine.helpers import events, header, legal, refused

TEAMS = {
    "P1": [("19sww", 4), ("22sww", 4), ("34sww", 0), ("31sww", 0)],
    "P2": [("5sww", 4), ("9sww", 3), ("34sww", 0), ("32sww", 0)],
}
FIRST_TURN = (
    header()
    + """\
P1 draw SK1 SK2 SK3 out SK4
P1 roll SK1=mask SK2=fist SK3=shield
"""
)


def test_setup_puts_eight_sidekicks_in_each_bag_and_shares_basic_action_dice(cards):
    game = new_game(TEAMS, cards, first_player="P1")
    assert len(game.zone("P1", Zone.BAG)) == len(game.zone("P2", Zone.BAG)) == 8
    assert len([d for d in game.dice if d.card == "34sww"]) == 6  # both chose Truce (R2.8)
    assert len([d for d in game.dice if d.owner == "P1" and d.card == "19sww"]) == 4
    # The game waits for the first player's draw: 3 into Prep and one Out of Play (R3.3).
    assert game.pending.kind == "draw" and game.pending.player == "P1"


def test_the_first_player_draws_three_and_puts_a_fourth_out_of_play(cards):
    refused(cards, header() + "P1 draw SK1 SK2 SK3 SK4\n", "R3.3")
    state = legal(cards, header() + "P1 draw SK1 SK2 SK3 out SK4\n").final
    assert {d.id for d in state.zone("P1", Zone.PREP)} == {"P1:SK1", "P1:SK2", "P1:SK3"}
    assert [d.id for d in state.zone("P1", Zone.OUT_OF_PLAY)] == ["P1:SK4"]
    assert state.pending.kind == "roll"


def test_draw_and_roll_are_inputs_the_game_waits_for(cards):
    game = new_game(TEAMS, cards)
    result = apply(game, Draw("P1", ("P1:SK1", "P1:SK2", "P1:SK3"), ("P1:SK4",)), cards)
    assert isinstance(result, NeedsInput) and result.request.kind == "roll"
    assert result.request.options == ("P1:SK1", "P1:SK2", "P1:SK3")
    refused(cards, header() + "P2 draw SK1 SK2 SK3 SK4\n", "R5.1")  # P1's draw comes first
    refused(cards, header() + "P1 end\n", "R5.1")  # nothing happens before the draw


def test_every_prep_die_is_rolled_and_faces_must_exist(cards):
    start = header() + "P1 draw SK1 SK2 SK3 out SK4\n"
    refused(cards, start + "P1 roll SK1=mask SK2=fist\n", "R5.2")
    step = refused(cards, start + "P1 roll SK1=mask SK2=fist SK3=mask2\n", "R1.5")
    assert "sidekick die has no mask2 face" in step.reason


def test_one_group_reroll_then_no_more(cards):
    state = legal(cards, FIRST_TURN + "P1 reroll SK2=wild SK3=bolt\n").final
    assert state.die("P1:SK2").face.notation() == "wild" and state.step == Step.MAIN
    refused(cards, FIRST_TURN + "P1 reroll SK2=wild\nP1 reroll SK1=fist\n", "R5.2")
    # Buying first ends Roll and Reroll: no reroll after it.
    refused(cards, FIRST_TURN + "P1 buy 34sww pay SK1 SK2 SK3\nP1 reroll\n", "R5.2")


def test_purchase_pays_out_of_play_and_the_die_goes_to_used(cards):
    replay = legal(cards, FIRST_TURN + "P1 buy 34sww pay SK1 SK2 SK3\n")
    state = replay.final
    assert {d.id for d in state.zone("P1", Zone.OUT_OF_PLAY)} == {f"P1:SK{n}" for n in (1, 2, 3, 4)}
    bought = state.zone("P1", Zone.USED)
    assert [d.id for d in bought] == ["BA:34sww#1"] and bought[0].owner == "P1"
    assert {"R6.1", "R7.4"} <= set(replay.steps[-1].rules)


def test_purchase_needs_enough_energy_and_the_cards_type(cards):
    three = header() + "P1 draw SK1 SK2 SK3 out SK4\nP1 roll SK1=fist SK2=fist SK3=bolt\n"
    step = refused(cards, three + "P1 buy 22sww pay SK1 SK2 SK3\n", "R6.1")
    assert "gives 3 energy but 4 is needed" in step.reason
    # Truce costs 3 with no type; Wonder Woman needs a mask.
    legal(cards, three + "P1 buy 34sww pay SK1 SK2 SK3\n")


@pytest.mark.parametrize(
    ("faces", "pay", "rule"),
    [
        ("SK1=fist SK2=fist SK3=bolt", "SK1 SK2 SK3", "R6.1"),  # 3 for a cost of 4
        ("SK1=fist SK2=wild SK3=bolt", "SK1 SK2 SK3 virtual", None),  # wild stands in (R6.2)
        ("SK1=fist SK2=fist SK3=bolt", "SK1 SK2 SK3 virtual", "R7.2"),  # no mask at all
        ("SK1=mask SK2=mask SK3=bolt", "SK1 SK2 SK3 virtual2", "R6.1"),  # a die for nothing
    ],
)
def test_type_requirement_wild_and_waste(cards, faces, pay, rule):
    """Wonder Woman costs 4 and needs a mask (R7.2); P1 also has 2 virtual energy."""
    text = (
        header()
        + "board turn 3 active P1 step roll_and_reroll\nP1 energy 2\n"
        + "\n".join(f"P1 die {f.split('=')[0]} prep" for f in faces.split())
        + "\n"
        + f"P1 roll {faces}\nP1 buy 22sww pay {pay}\n"
    )
    if rule is None:
        legal(cards, text)
    else:
        refused(cards, text, rule)


def test_players_buy_only_their_own_cards_and_basic_actions(cards):
    step = refused(cards, FIRST_TURN + "P1 buy 5sww pay SK1 SK2 SK3\n", "R7.1")
    assert "own cards" in step.reason and "opponent" in step.reason


def test_fielding_pays_the_faces_cost_out_of_play(cards):
    board = (
        header()
        + """\
board turn 3 active P1 step main
P1 die 22sww#1 reserve L2
P1 die SK1 reserve L1
P1 die SK2 reserve fist
P1 die 22sww#2 reserve mask2
"""
    )
    state = legal(cards, board + "P1 field SK1\nP1 field 22sww#1 pay SK2\n").final
    assert state.die("P1:SK1").zone == Zone.FIELD and state.die("P1:22sww#1").zone == Zone.FIELD
    assert state.die("P1:SK2").zone == Zone.OUT_OF_PLAY
    refused(cards, board + "P1 field SK2\n", "R8.1")  # energy, not a character
    refused(cards, board + "P1 field 22sww#1\n", "R6.1")  # level 2 costs 1
    refused(cards, board + "P1 field SK1 pay SK2\n", "R6.1")  # 0 to pay: nothing spent
    # A two-symbol face may pay just one and keep the other (R6.3).
    state = legal(cards, board + "P1 field 22sww#1 pay 22sww#2/mask\n").final
    spun = state.die("P1:22sww#2")
    assert spun.face.notation() == "mask" and spun.zone == Zone.RESERVE
    assert "partially_spent" in spun.flags
    refused(cards, board + "P1 field 22sww#1 pay SK2/fist\n", "R6.3")  # one symbol only


def test_a_generic_leftover_is_virtual_energy_lost_at_the_pass(cards):
    board = (
        header()
        + """\
board turn 3 active P1 step main
P1 die BA:31sww#1 reserve generic2
P1 die 22sww#1 reserve L2
P1 die SK1 reserve L1
"""
    )
    refused(cards, board + "P1 field SK1 pay virtual\n", "R6.4")  # no virtual energy yet
    replay = legal(cards, board + "P1 field 22sww#1 pay BA:31sww#1\n")
    assert replay.final.player("P1").virtual_energy == 1  # 2 generic for a cost of 1 (R6.4)
    replay = legal(cards, board + "P1 field 22sww#1 pay BA:31sww#1\nP1 pass\n")
    assert replay.final.player("P1").virtual_energy == 0
    assert "unspent virtual energy is lost" in events(replay.steps[-1])


def test_end_of_turn_clears_out_of_play_and_passes_the_turn(cards):
    replay = legal(
        cards,
        header()
        + """\
P1 draw SK1 SK2 SK3 out SK4
P1 roll SK1=L1 SK2=fist SK3=shield
P1 end
""",
    )
    state = replay.final
    assert state.active == "P2" and state.turn == 2 and state.step == Step.CLEAR_AND_DRAW
    assert {d.id for d in state.zone("P1", Zone.USED)} == {"P1:SK1", "P1:SK4"}  # unfielded, OOP
    assert {d.id for d in state.zone("P1", Zone.RESERVE)} == {"P1:SK2", "P1:SK3"}  # energy stays
    assert "R5.3" in replay.steps[-1].rules and "R4.6" in replay.steps[-1].rules


TURNS_1_2 = (
    header()
    + """\
P1 draw SK1 SK2 SK3 out SK4
P1 roll SK1=mask SK2=fist SK3=shield
P1 end
P2 draw SK1 SK2 SK3 SK4
P2 roll SK1=fist SK2=fist SK3=fist SK4=fist
P2 end
"""
)


def test_the_bag_refills_from_used_only_when_empty(cards):
    # P1's bag holds SK5-SK8; their Used Pile holds SK4; the Reserve clears to Used first.
    refused(cards, TURNS_1_2 + "P1 draw SK5 SK6 SK7 SK1\n", "R4.1")
    text = (
        TURNS_1_2
        + """\
P1 draw SK5 SK6 SK7 SK8
P1 roll SK5=fist SK6=fist SK7=fist SK8=fist
P1 end
P2 draw SK5 SK6 SK7 SK8
P2 roll SK5=fist SK6=fist SK7=fist SK8=fist
P2 end
P1 draw SK1 SK2 SK3 SK4
"""
    )
    replay = legal(cards, text)
    assert "R4.1" in replay.steps[-1].rules
    assert len(replay.final.zone("P1", Zone.BAG)) == 4  # 8 refilled, 4 drawn
    # Out of Play dice never refill the bag mid-turn (R4.1, R4.6).
    refused(cards, TURNS_1_2 + "P1 draw SK5 SK6 SK7 SK8 SK4\n", "R5.1")


def test_shortfall_loses_life_and_gives_virtual_energy(cards):
    """Only three dice can be drawn, even after refilling: lose 1 life, gain 1 generic
    energy (R5.1a); it is spent before priority passes (R6.4)."""
    text = (
        header()
        + """\
board turn 3 active P1 step clear_and_draw
P1 die SK4 field L1
P1 die SK5 field L1
P1 die SK6 field L1
P1 die SK7 field L1
P1 die SK8 prep
P1 draw SK1 SK2 SK3
"""
    )
    replay = legal(cards, text)
    state = replay.final
    assert state.player("P1").life == 19 and state.player("P1").virtual_energy == 1
    assert "R5.1a" in replay.steps[-1].rules
    assert state.pending.options == ("P1:SK1", "P1:SK2", "P1:SK3", "P1:SK8")  # Prep rolls too
    spent = (
        text + "P1 roll SK1=fist SK2=fist SK3=mask SK8=bolt\nP1 buy 22sww pay SK1 SK2 SK3 virtual\n"
    )
    assert legal(cards, spent).final.player("P1").virtual_energy == 0


@pytest.mark.parametrize(
    ("text", "amount", "types"),
    [
        ("[B][B]", 2, ("bolt", "bolt")),
        ("[BF]", 2, ("bolt", "fist")),
        ("[2F]", 2, ("fist", "fist")),
        ("[1] [S]", 2, ("shield",)),
        ("[S]2", 3, ("shield",)),
        ("[0]", 0, ()),
    ],
)
def test_global_costs_are_read_from_card_text(text, amount, types):
    from rules.engine import parse_cost
    from rules.engine.faces import global_defs

    assert parse_cost(text).amount == amount and parse_cost(text).types == types
    line = f"Global: Pay {text}. Deal 1 damage to target character die."
    assert global_defs([line])[0].cost == parse_cost(text)
    with pytest.raises(ValueError):
        parse_cost("[X]")
