"""What the console draws from a state: zones, dice with the engine's A and D explained,
combat pairing, life and energy; and what differs between two branches."""

import pytest

from judging.boardview import board_view, changed_dice, differences, involved_dice
from judging.logtext import parse_parts
from rules.engine import Replay
from tests.judging.logs import SEQUENCE, SETUP
from tests.rules.engine.conftest import demo_cards

NAMES = {"P1": "Diane", "P2": "Carlos"}


@pytest.fixture(scope="module")
def cards():
    return demo_cards()


def replay(cards, actions: str) -> Replay:
    built = Replay.from_log(parse_parts(SETUP, actions, cards), cards)
    assert built.legal, [(s.rule, s.reason) for s in built.steps if not s.legal]
    return built


def test_the_described_board_is_drawn_zone_by_zone_for_each_player(cards):
    board = board_view(replay(cards, "").start, cards, NAMES)
    diane, carlos = board.players
    assert (diane.name, diane.life, carlos.life) == ("Diane", 9, 14)
    assert (board.turn, board.active, board.step_title) == (6, "P2", "Main Step")
    assert carlos.is_active and carlos.has_priority and not diane.is_active
    zones = {z.key: [d.short for d in z.dice] for z in diane.zones}
    assert zones["field"] == ["SK1", "22sww#1"]
    assert len(zones["bag"]) == 7 and zones["reserve"] == []
    assert dict(carlos.energy_by_type) == {"mask": 1} and carlos.energy == 1
    assert ("Superman: Phone Booth", "19sww", 4, "6 = 6 printed") in diane.on_cards
    cheetah = board.dice["P2:5sww#1"]
    assert (cheetah.kind, cheetah.name, cheetah.level, cheetah.fielding) == (
        "character",
        "Cheetah",
        3,
        1,
    )
    assert (cheetah.attack["value"], cheetah.defense["value"]) == (5, 5)
    assert cheetah.fielding_cost["explanation"] == "1 = 1 printed"
    assert board.dice_json()["P2:5sww#1"]["fielding"]["value"] == 1
    mask = board.dice["P2:5sww#2"]
    assert (mask.kind, mask.energy, mask.attack) == ("energy", ("mask",), None)
    assert board.dice["P1:SK3"].kind == "unrolled"
    assert "Truce" in [name for name, _, _ in board.shared]


def test_an_attacker_is_drawn_with_its_blockers_and_a_modifier_with_its_source(cards):
    actions = "judge modifier P2:5sww#1 +2A -- Feline Fury\n" + SEQUENCE.splitlines()[0] + "\n"
    actions += SEQUENCE.splitlines()[1] + "\njudge damage P2:5sww#1 +1 -- a test\n"
    board = board_view(replay(cards, actions).final, cards, NAMES)
    (engagement,) = board.combat
    assert engagement.attacker.id == "P2:5sww#1"
    assert {b.id for b in engagement.blockers} == {"P1:22sww#1", "P1:SK1"}
    cheetah = engagement.attacker
    assert cheetah.attack["explanation"] == "7 = 5 printed +2 (Feline Fury)"
    assert cheetah.attack_modified and not cheetah.defense_modified and cheetah.damage == 1
    assert "A 7 = 5 printed +2 (Feline Fury)" in cheetah.description()
    assert "1 damage" in cheetah.description()
    assert board.modified == (cheetah,)
    assert board.dice_json()["P2:5sww#1"]["attack"]["parts"] == [
        {"source": "Feline Fury", "amount": 2}
    ]
    field = {z.key: z.dice for z in board.player("P1").zones}["field"]
    assert field == (), "blockers are drawn in the Attack Zone, not twice"


def test_a_token_is_named_as_a_token(cards):
    board = board_view(replay(cards, "judge token P1 2/3 Drone\n").final, cards, NAMES)
    token = board.dice["P1:T1"]
    assert (token.name, token.card, token.attack["value"], token.defense["value"]) == (
        "Drone (token)",
        "Token",
        2,
        3,
    )


def test_a_step_marks_the_dice_it_names_and_the_dice_it_changed(cards):
    step = replay(cards, SEQUENCE).steps[2]  # the damage
    assert involved_dice(step.action, step.before) == {"P2:5sww#1", "P1:22sww#1", "P1:SK1"}
    changed = changed_dice(step.before, step.after)
    assert {"P1:SK1", "P2:5sww#1", "P1:22sww#1"} <= changed
    board = board_view(step.after, cards, NAMES, marks={"P1:SK1": {"changed"}, "P1": {"life"}})
    assert board.dice["P1:SK1"].marks == {"changed"}
    assert board.player("P1").marks == {"life"}


def test_two_branches_differ_in_life_dice_and_turn(cards):
    played = replay(cards, SEQUENCE)
    other = replay(cards, "P2 attack 5sww#1\nP1 block\nP2 pass\nP1 pass\nP2 pass\n")
    diff = differences(played.final, other.final, cards)
    assert diff.players["P1"] == {"life"}
    assert "P1 life 9 / 4" in diff.lines
    assert "P1:SK1" in diff.dice  # KO'd to Prep in one branch, in the Field in the other
    # Blocked, Cheetah went back to the Field; unblocked, Out of Play and then Used (R11.4).
    assert "P2:5sww#1: Field L3 A5/D5 (P2's) / Used Pile (P2's)" in diff.lines
    assert "P2:5sww#2" not in diff.dice
    assert diff.marks()["P1:SK1"] == {"differs"}
    same = differences(played.final, played.final, cards)
    assert not same.lines and not same.dice


def test_a_paired_die_names_its_partner_and_a_branch_without_the_pair_differs(cards):
    """K-HEROIC: the board shows which dice are paired up; comparing branches lists it."""
    paired = Replay.from_log(
        parse_parts(SETUP + "P1 die 19sww#1 field L1 paired 22sww#1\n", "", cards), cards
    ).start
    alone = Replay.from_log(
        parse_parts(SETUP + "P1 die 19sww#1 field L1\n", "", cards), cards
    ).start
    board = board_view(paired, cards, NAMES)
    assert board.dice["P1:19sww#1"].partner == "P1:22sww#1"
    assert board.dice["P1:22sww#1"].partner == "P1:19sww#1"
    assert "paired up with P1:19sww#1" in board.dice["P1:22sww#1"].description()
    assert board.dice["P1:22sww#1"].as_json()["partner"] == "P1:19sww#1"
    assert board.dice["P1:SK1"].partner is None
    lines = differences(paired, alone, cards).lines
    assert any("paired with P1:22sww#1" in line for line in lines), lines
