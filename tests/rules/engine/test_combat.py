"""The attack step: T2.2, blocks, damage assignment, KOs, unblocked damage, winning."""

from dataclasses import replace

import pytest

from rules.engine import (
    AssignDamage,
    DeclareAttackers,
    DeclareBlockers,
    EndTurn,
    Face,
    JudgeAdjust,
    Step,
    Zone,
    apply,
    new_game,
    query,
)  # fmt: skip
from rules.engine.state import Modifier
from tests.rules.engine.test_turn import TEAMS, illegal, ok

L1 = Face(level=1, fielding=0, attack=1, defense=1)


def board(cards, *, p1_field, p2_field, life2=20, tournament=True):
    """P1 active in the Main Step of turn 3 with these dice in each Field."""
    state = new_game(TEAMS, cards, tournament=tournament)
    state = replace(state, turn=3, step=Step.MAIN)
    placed = []
    for player, faces in (("P1", p1_field), ("P2", p2_field)):
        for n, face in enumerate(faces, start=1):
            placed.append(replace(state.die(f"{player}:SK{n}"), zone=Zone.FIELD, face=face))
    return state.with_dice(*placed).with_life("P2", life2)


def test_the_first_player_may_not_attack_on_the_first_turn(cards):
    state = replace(board(cards, p1_field=[L1], p2_field=[]), turn=1)
    illegal(state, DeclareAttackers("P1", ("P1:SK1",)), cards, "T2.2")
    casual = replace(state, tournament=False)
    ok(casual, DeclareAttackers("P1", ("P1:SK1",)), cards)


def test_only_fielded_dice_attack_and_the_defender_blocks(cards):
    state = board(cards, p1_field=[L1, L1], p2_field=[L1])
    illegal(state, DeclareAttackers("P1", ("P2:SK1",)), cards, "R11.1")
    state = ok(state, DeclareAttackers("P1", ("P1:SK1", "P1:SK2")), cards)
    illegal(state, DeclareBlockers("P1", ()), cards, "R10.4")  # the defender declares
    illegal(state, DeclareBlockers("P2", (("P2:SK1", "P2:SK1"),)), cards, "R11.2")
    state = ok(state, DeclareBlockers("P2", (("P2:SK1", "P1:SK1"),)), cards)
    assert state.die("P2:SK1").zone == Zone.ATTACK and state.step == Step.DAMAGE


def test_trades_kos_and_unblocked_damage(cards):
    big = Face(level=2, fielding=1, attack=3, defense=2)
    state = board(cards, p1_field=[big, L1], p2_field=[L1])
    state = ok(state, DeclareAttackers("P1", ("P1:SK1", "P1:SK2")), cards)
    state = ok(state, DeclareBlockers("P2", (("P2:SK1", "P1:SK1"),)), cards)
    result = apply(state, AssignDamage("P1"), cards)
    state = result.state
    assert state.die("P2:SK1").zone == Zone.PREP  # 3 damage on D1: KO'd to its owner's Prep
    assert state.die("P1:SK1").zone == Zone.FIELD and state.die("P1:SK1").damage == 1
    assert state.die("P1:SK2").zone == Zone.OUT_OF_PLAY  # unblocked: Out of Play
    assert state.player("P2").life == 19
    state = ok(state, EndTurn("P1"), cards)
    assert state.die("P1:SK1").damage == 0 and state.die("P1:SK2").zone == Zone.USED


def test_several_blockers_need_the_attackers_split_of_all_its_damage(cards):
    big = Face(level=3, fielding=2, attack=4, defense=4)
    state = board(cards, p1_field=[big], p2_field=[L1, L1])
    state = ok(state, DeclareAttackers("P1", ("P1:SK1",)), cards)
    state = ok(state, DeclareBlockers("P2", (("P2:SK1", "P1:SK1"), ("P2:SK2", "P1:SK1"))), cards)
    illegal(state, AssignDamage("P1"), cards, "R11.4")
    illegal(state, AssignDamage("P1", (("P1:SK1", "P2:SK1", 1),)), cards, "R11.4")
    state = ok(state, AssignDamage("P1", (("P1:SK1", "P2:SK1", 3), ("P1:SK1", "P2:SK2", 1))), cards)
    assert {d.id for d in state.zone("P2", Zone.PREP)} == {"P2:SK1", "P2:SK2"}
    assert state.die("P1:SK1").damage == 2 and state.die("P1:SK1").zone == Zone.FIELD


def test_reaching_zero_life_ends_the_game(cards):
    state = board(cards, p1_field=[L1], p2_field=[], life2=1)
    state = ok(state, DeclareAttackers("P1", ("P1:SK1",)), cards)
    state = ok(state, DeclareBlockers("P2"), cards)
    state = ok(state, AssignDamage("P1"), cards)
    assert state.winner == "P1" and state.step == Step.GAME_OVER
    illegal(state, EndTurn("P1"), cards, "R16.1")


def test_stats_explain_their_modifiers_and_never_go_below_zero(cards):
    state = board(cards, p1_field=[L1], p2_field=[])
    state = ok(state, JudgeAdjust("modifier", die="P1:SK1", attack=2, note="Team Up"), cards)
    die = state.die("P1:SK1")
    assert query.attack(die).explain() == "3 = 1 printed +2 (Team Up)"
    weakened = replace(die, modifiers=(Modifier(attack=-5, source="Villain"),))
    assert query.attack(weakened).value == 0


@pytest.mark.parametrize(
    ("adjustment", "check"),
    [
        (JudgeAdjust("life", target="P2", amount=+5), lambda s: s.player("P2").life == 20),
        (JudgeAdjust("life", target="P2", amount=-3), lambda s: s.player("P2").life == 17),
        (JudgeAdjust("move", die="P1:SK1", zone="prep"), lambda s: s.die("P1:SK1").face is None),
        (JudgeAdjust("face", die="P1:SK1", face=Face(energy=("mask",))),
         lambda s: s.die("P1:SK1").face.is_energy),
        (JudgeAdjust("damage", die="P1:SK1", amount=2), lambda s: s.die("P1:SK1").damage == 2),
    ],
)  # fmt: skip
def test_judge_adjustments_are_logged_as_manual(cards, adjustment, check):
    state = board(cards, p1_field=[L1], p2_field=[])
    result = apply(state, adjustment, cards)
    assert result.legal and result.rules[0] == "J1" and "(manual)" in result.events[0]
    assert check(result.state)


def test_judge_adjustment_mistakes_are_refused(cards):
    state = board(cards, p1_field=[L1], p2_field=[])
    illegal(state, JudgeAdjust("move", die="P1:SK8", zone="field"), cards, "J1")  # unrolled
    illegal(state, JudgeAdjust("move", die="P1:SK1", zone="moon"), cards, "J1")
    illegal(state, JudgeAdjust("life", target="P3", amount=1), cards, "J1")
