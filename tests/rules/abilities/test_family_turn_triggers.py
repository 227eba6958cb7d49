"""Template family `turn_triggers`: 'At the start / beginning / end of your turn, <effect>',
card-wide triggers of an active character card on its holder's own turn."""

from rules.engine import Zone
from tests.rules.abilities.real_cards import real_cards, scene, spec_of
from tests.rules.abilities.scenario import compiled, play


def test_real_beginning_of_your_turn_spins_this_die_up():  # BFF Troll
    assert spec_of("55bff", "At")["when"] == "turn_started"
    cards = real_cards("55bff", "At")
    head = scene("55bff", "P1 die 55bff#1 field L1", active="P2")
    replay = play(cards, head, "P2 end")
    assert replay.final.die("P1:55bff#1").level == 2
    # Not on the opponent's turn: P2's turn starting does nothing to it.
    head = scene("55bff", "P1 die 55bff#1 field L1", active="P1")
    replay = play(cards, head, "P1 end")
    assert replay.final.die("P1:55bff#1").level == 1


def test_real_beginning_of_your_turn_spins_each_named_die():  # UXM Sabretooth
    cards = real_cards("53uxm", "At")
    head = scene("53uxm", "P1 die 53uxm#1 field L1", "P1 die 53uxm#2 field L2", active="P2")
    replay = play(cards, head, "P2 end")
    assert replay.final.die("P1:53uxm#1").level == 2
    assert replay.final.die("P1:53uxm#2").level == 3


def test_not_active_no_trigger():  # the card's dice not in the Field: nothing
    cards = real_cards("55bff", "At")
    head = scene("55bff", "P1 die 55bff#1 used", active="P2")
    replay = play(cards, head, "P2 end")
    assert replay.final.die("P1:55bff#1").zone == Zone.USED


def test_real_end_of_your_turn():  # AVX Colossus
    assert spec_of("37avx", "At")["when"] == "end_of_turn"
    cards = real_cards("37avx", "At")
    head = scene("37avx", "P1 die 37avx#1 field L1")
    replay = play(cards, head, "P1 end")
    assert replay.final.die("P1:37avx#1").level == 2


def test_end_of_turn_gain_life_described_and_other_moments_manual():
    result = compiled("19sww", ability_lines=["At the end of your turn, gain 1 life"])
    assert result.description == "At the end of your turn: you gain 1 life."
    for line in (
        "At the end of the attack step, gain 1 life",
        "At the end of each turn, gain 1 life",
    ):
        assert compiled("19sww", ability_lines=[line]).status == "manual"


def test_an_end_of_turn_bonus_is_not_read():
    """Cleanup ends the turn's effects before 'at end of turn' effects: a +A then would last
    into the next turn, so the line stays manual."""
    result = compiled("19sww", ability_lines=["At the end of your turn, Superman gets +2A"])
    assert result.status == "manual"
    result = compiled("19sww", ability_lines=["At the start of your turn, Superman gets +2A"])
    assert result.status == "automated"
