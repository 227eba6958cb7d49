"""Setup, drawing, rolling, purchasing, fielding and ending a turn, rule by rule."""

import pytest

from rules.engine import (
    Draw,
    EndTurn,
    Face,
    FieldDie,
    Purchase,
    Reroll,
    Roll,
    Step,
    Zone,
    apply,
    new_game,
)  # fmt: skip

FIST, MASK, SHIELD, WILD, BOLT = (
    Face(energy=(t,)) for t in ("fist", "mask", "shield", "wild", "bolt")
)
SK_L1 = Face(level=1, fielding=0, attack=1, defense=1)
TEAMS = {
    "P1": [("19sww", 4), ("22sww", 4), ("34sww", 0), ("31sww", 0)],
    "P2": [("5sww", 4), ("9sww", 3), ("34sww", 0), ("32sww", 0)],
}


def ok(state, action, cards):
    result = apply(state, action, cards)
    assert result.legal, result.verdict
    return result.state


def illegal(state, action, cards, rule):
    result = apply(state, action, cards)
    assert not result.legal, "expected an illegal action"
    assert result.verdict.rule == rule, result.verdict
    assert result.state is state  # an illegal action leaves the state untouched
    return result.verdict


@pytest.fixture
def game(cards):
    return new_game(TEAMS, cards, first_player="P1", starting_life=20)


def sk(player, *numbers):
    return tuple(f"{player}:SK{n}" for n in numbers)


def test_setup_puts_eight_sidekicks_in_each_bag_and_shares_basic_action_dice(game):
    assert len(game.zone("P1", Zone.BAG)) == len(game.zone("P2", Zone.BAG)) == 8
    truce = [d for d in game.dice if d.card == "34sww"]
    assert len(truce) == 6  # both players chose Truce: two sets (R2.8)
    assert len([d for d in game.dice if d.owner == "P1" and d.card == "19sww"]) == 4


def test_the_first_player_draws_three_and_puts_a_fourth_out_of_play(game, cards):
    illegal(game, Draw("P1", sk("P1", 1, 2, 3, 4)), cards, "R3.3")
    state = ok(game, Draw("P1", sk("P1", 1, 2, 3), sk("P1", 4)), cards)
    assert {d.id for d in state.zone("P1", Zone.PREP)} == set(sk("P1", 1, 2, 3))
    assert [d.id for d in state.zone("P1", Zone.OUT_OF_PLAY)] == ["P1:SK4"]


def test_only_the_active_player_acts(game, cards):
    illegal(game, Draw("P2", sk("P2", 1, 2, 3, 4)), cards, "R10.4")


def first_turn(game, cards, faces=(MASK, FIST, SHIELD)):
    state = ok(game, Draw("P1", sk("P1", 1, 2, 3), sk("P1", 4)), cards)
    return ok(state, Roll("P1", tuple(zip(sk("P1", 1, 2, 3), faces, strict=True))), cards)


def test_every_prep_die_is_rolled_and_faces_must_exist(game, cards):
    state = ok(game, Draw("P1", sk("P1", 1, 2, 3), sk("P1", 4)), cards)
    illegal(state, Roll("P1", tuple(zip(sk("P1", 1, 2), (MASK, FIST), strict=True))), cards, "R5.2")
    double = Face(energy=("mask", "mask"))
    faces = tuple(zip(sk("P1", 1, 2, 3), (MASK, FIST, double), strict=True))
    verdict = illegal(state, Roll("P1", faces), cards, "R14.1")
    assert "sidekick die has no mask2 face" in verdict.message


def test_one_group_reroll_then_no_more(game, cards):
    state = first_turn(game, cards)
    state = ok(state, Reroll("P1", (("P1:SK2", WILD), ("P1:SK3", BOLT))), cards)
    assert state.die("P1:SK2").face == WILD and state.step == Step.MAIN
    illegal(state, Reroll("P1", (("P1:SK1", FIST),)), cards, "R5.2")


def test_purchase_pays_out_of_play_and_the_die_goes_to_used(game, cards):
    state = first_turn(game, cards)
    state = ok(state, Purchase("P1", "34sww", sk("P1", 1, 2, 3)), cards)
    assert {d.id for d in state.zone("P1", Zone.OUT_OF_PLAY)} == set(sk("P1", 1, 2, 3, 4))
    bought = state.zone("P1", Zone.USED)
    assert len(bought) == 1 and bought[0].card == "34sww" and bought[0].id.startswith("BA:")


def test_purchase_needs_the_cards_energy_type_and_enough_energy(game, cards):
    state = first_turn(game, cards, faces=(FIST, FIST, BOLT))
    # Wonder Woman costs 4 with mask: three energy is too little.
    verdict = illegal(state, Purchase("P1", "22sww", sk("P1", 1, 2, 3)), cards, "R6.1")
    assert "gives 3 energy but 4 is needed" in verdict.message


def test_type_requirement_and_wild(cards):
    from rules.engine.energy import payment_problem

    assert payment_problem([FIST, FIST, BOLT, BOLT], 4, types=("mask",))[0] == "R7.2"
    assert payment_problem([FIST, FIST, BOLT, WILD], 4, types=("mask",)) is None
    assert payment_problem([FIST, FIST, BOLT, MASK, MASK], 4, types=("mask",))[0] == "R6.1"


def test_players_buy_only_their_own_cards_and_basic_actions(game, cards):
    state = first_turn(game, cards)
    verdict = illegal(state, Purchase("P1", "5sww", sk("P1", 1, 2, 3)), cards, "R7.1")
    assert "own cards" in verdict.message


def test_fielding_pays_the_faces_cost(game, cards):
    state = first_turn(game, cards, faces=(SK_L1, FIST, SHIELD))
    state = ok(state, FieldDie("P1", "P1:SK1"), cards)  # a sidekick fields for 0
    assert state.die("P1:SK1").zone == Zone.FIELD
    illegal(state, FieldDie("P1", "P1:SK2"), cards, "R8.1")  # energy, not a character


def test_end_of_turn_clears_out_of_play_and_passes_the_turn(game, cards):
    state = first_turn(game, cards, faces=(SK_L1, FIST, SHIELD))
    state = ok(state, EndTurn("P1"), cards)
    assert state.active == "P2" and state.turn == 2 and state.step == Step.CLEAR_AND_DRAW
    assert {d.id for d in state.zone("P1", Zone.USED)} == {"P1:SK1", "P1:SK4"}
    assert {d.id for d in state.zone("P1", Zone.RESERVE)} == {"P1:SK2", "P1:SK3"}  # energy stays


def play_turn_draws(state, cards, player, dice):
    state = ok(state, Draw(player, dice), cards)
    state = ok(state, Roll(player, tuple((d, FIST) for d in dice)), cards)
    return ok(state, EndTurn(player), cards)


def test_bag_refills_from_used_only_when_empty_and_shortfall_costs_life(game, cards):
    state = first_turn(game, cards)
    state = ok(state, EndTurn("P1"), cards)
    state = play_turn_draws(state, cards, "P2", sk("P2", 1, 2, 3, 4))
    # P1's bag holds SK5-SK8; their Used Pile holds SK4; Reserve SK1-SK3 clears to Used first.
    illegal(state, Draw("P1", sk("P1", 5, 6, 7, 1)), cards, "R4.1")
    state = play_turn_draws(state, cards, "P1", sk("P1", 5, 6, 7, 8))
    state = play_turn_draws(state, cards, "P2", sk("P2", 5, 6, 7, 8))
    # P1's bag is empty: the Used Pile (SK1-SK8) refills it and the draw continues.
    result = apply(state, Draw("P1", sk("P1", 1, 2, 3, 4)), cards)
    assert result.legal and "R4.1" in result.rules
    assert len(result.state.zone("P1", Zone.BAG)) == 4


def test_shortfall_loses_life_and_gives_virtual_energy(cards):
    # Only sidekicks 1-3 exist outside the Field: draw 3, lose 1 life, gain 1 generic energy.
    from dataclasses import replace

    state = new_game(TEAMS, cards, first_player="P2")
    state = replace(state, turn=3)
    state = state.moved(sk("P2", 4, 5, 6, 7, 8), Zone.FIELD)
    result = apply(state, Draw("P2", sk("P2", 1, 2, 3)), cards)
    assert result.legal and "R5.1a" in result.rules
    assert result.state.player("P2").life == 19 and result.state.virtual_energy == 1
