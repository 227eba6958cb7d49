"""Priority (R10.4) in the Main Step and the attack window, globals from both players (R10),
and virtual energy expiring when its player passes (R6.4)."""

from rules.engine import Zone
from tests.rules.engine.helpers import events, header, legal, refused

BOARD = (
    header()
    + """\
board turn 3 active P1 step main
P1 energy 1
P1 die SK1 reserve shield
P1 die SK2 reserve fist
P1 die SK4 reserve bolt
P1 die SK3 field L1
P2 die SK1 reserve shield
P2 die SK2 reserve shield
P2 die SK3 field L1
"""
)


def test_the_active_player_passes_then_the_inactive_player_may_use_one_global(cards):
    replay = legal(cards, BOARD + "P1 pass\nP2 global 31sww pay SK1\n")
    state = replay.final
    assert state.priority == "P1" and not state.inactive_passed
    assert state.die("P2:SK1").zone == Zone.USED  # spent on the opponent's turn: Used (R6.1)
    text = events(replay.steps[-1])
    assert "priority goes back to P1" in text and "not automated" in text  # manual effect (J1)
    refused(cards, BOARD + "P1 pass\nP2 global 31sww pay SK1\nP2 global 31sww pay SK2\n", "R10.4")


def test_a_player_without_priority_cannot_act(cards):
    refused(cards, BOARD + "P2 global 31sww pay SK1\n", "R10.4")  # P1 still has priority
    refused(cards, BOARD + "P1 pass\nP1 buy 34sww pay SK1 SK2 virtual\n", "R10.4")
    refused(cards, BOARD + "P1 pass\nP2 buy 34sww pay SK1 SK2\n", "R10.4")  # never the inactive


def test_the_step_ends_when_the_active_player_passes_after_the_inactive_player_passed(cards):
    replay = legal(
        cards, BOARD + "P1 pass\nP2 pass\nP1 buy 34sww pay SK1 SK2 SK4\nP1 pass\nP2 pass\nP1 pass\n"
    )
    state = replay.final
    assert state.priority is None and "the Main Step ends" in events(replay.steps[-1])
    refused(cards, BOARD + "P1 pass\nP2 pass\nP1 pass\nP1 field SK1\n", "R10.4")
    # The turn goes on with the attack (or its end).
    legal(cards, BOARD + "P1 pass\nP2 pass\nP1 pass\nP1 attack SK3\n")


def test_virtual_energy_is_lost_when_its_player_passes(cards):
    replay = legal(cards, BOARD + "P1 pass\n")
    assert replay.final.player("P1").virtual_energy == 0
    assert "R6.4" in replay.steps[-1].rules
    refused(cards, BOARD + "P1 pass\nP2 pass\nP1 buy 34sww pay SK1 SK2 virtual\n", "R6.4")


def test_declaring_attackers_implies_the_missing_passes(cards):
    replay = legal(cards, BOARD + "P1 attack SK3\n")
    text = events(replay.steps[-1])
    assert "P1 passed priority (implied)" in text and "P2 passed priority (implied)" in text
    assert replay.final.player("P1").virtual_energy == 0


def test_globals_in_the_attack_window_and_never_elsewhere_in_combat(cards):
    attack = BOARD + "P1 attack SK3\n"
    refused(cards, attack + "P2 global 31sww pay SK1\n", "R11.2")  # blockers come first
    window = attack + "P2 block SK3>SK3\n"
    replay = legal(cards, window + "P1 pass\nP2 global 31sww pay SK1\nP1 pass\nP2 pass\nP1 pass\n")
    assert replay.final.player("P2").life == 20  # blocked, so no damage to P2
    refused(cards, window + "P1 buy 34sww pay SK1 SK2 virtual\n", "R7.1")  # no buying (R11.3)


def test_either_player_uses_any_global_and_says_whose_when_both_teams_have_it(cards):
    board = """\
board turn 3 active P1 step main
P1 die SK1 reserve fist
"""
    legal(cards, header() + board + "P1 global 9sww pay SK1\n")  # Giganta is P2's card (R10.1)
    both = header().replace("P1 team 19sww:4", "P1 team 19sww:4 9sww:1") + board
    step = refused(cards, both + "P1 global 9sww pay SK1\n", "R10.1")
    assert "P1:9sww or P2:9sww" in step.hint
    legal(cards, both + "P1 global P2:9sww pay SK1\n")
    refused(cards, both + "P1 global P2:9sww pay SK1/fist\n", "R6.3")


def test_a_limited_global_is_once_per_turn_for_each_copy_of_the_card(cards):
    from rules.engine import Ability
    from tests.rules.engine.helpers import with_abilities

    once = Ability("global", "global", "once per turn", limit="once_per_turn")
    scripted = with_abilities(cards, "9sww", once)
    both = (
        header().replace("P1 team 19sww:4", "P1 team 19sww:4 9sww:1")
        + """\
board turn 3 active P1 step main
P1 die SK1 reserve fist
P1 die SK2 reserve fist
P1 die SK3 reserve fist
"""
    )
    text = both + "P1 global P2:9sww pay SK1\n"
    legal(scripted, text + "P1 global P1:9sww pay SK2\n")  # the other copy: separate
    step = refused(scripted, text + "P1 global P2:9sww pay SK2\n", "R10.1")
    assert "already used" in step.reason
