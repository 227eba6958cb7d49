"""Scenario tests of the demo catalogue's UXM cards, automated by hand."""

import pytest

from rules.engine import Zone, query
from tests.rules.abilities.scenario import board, demo_cards_automated, play, refused, run


@pytest.fixture(scope="module")
def cards():
    return demo_cards_automated()


def test_angel_air_transport_fields_a_sidekick_from_the_used_pile(cards):
    setup = board(
        "P1 die 1uxm#1 reserve L1", "P1 die SK4 used",
        teams=("1uxm:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 field 1uxm#1", "P1 yes", "P1 choose SK4").final
    assert state.die("P1:SK4").zone == Zone.FIELD and state.die("P1:SK4").level == 1
    assert play(cards, setup, "P1 field 1uxm#1", "P1 no").final.die("P1:SK4").zone == Zone.USED


def test_angel_inspiring_boosts_sidekicks_while_she_attacks(cards):
    setup = board(
        "P1 die 2uxm#1 field L1", "P1 die 2uxm#2 field L1", "P1 die SK1 field L1",
        teams=("2uxm:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    assert (
        query.attack(play(cards, setup).final, cards, play(cards, setup).final.die("P1:SK1")).value
        == 1
    )
    state = play(cards, setup, "P1 attack 2uxm#1 2uxm#2 SK1").final
    assert query.attack(state, cards, state.die("P1:SK1")).value == 2  # once, not twice


def test_cyclops_hits_unless_three_life_is_paid(cards):
    setup = board(
        "P1 die 4uxm#1 reserve L1", "P1 die SK1 reserve bolt", "P2 die 5sww#1 field L1",
        teams=("4uxm:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    hit = play(cards, setup, "P1 field 4uxm#1 pay SK1", "P1 choose P2:5sww#1", "P2 no").final
    assert hit.die("P2:5sww#1").zone == Zone.PREP and hit.player("P2").life == 20
    paid = play(cards, setup, "P1 field 4uxm#1 pay SK1", "P1 choose P2:5sww#1", "P2 yes").final
    assert paid.die("P2:5sww#1").zone == Zone.FIELD and paid.player("P2").life == 17


def test_iceman_cryokinetic_has_no_text_to_play(cards):
    assert cards["7uxm"].abilities == ()


def test_iceman_doubles_attack_once_per_die_and_flips_sidekicks_to_bolts(cards):
    setup = board(
        "P1 die 9uxm#1 field L1", "P1 die SK1 reserve bolt", "P1 die SK2 reserve bolt",
        "P1 die SK3 field L1", "P1 die SK4 reserve fist",
        teams=("9uxm:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 activate 9uxm#1 pay SK1").final
    assert query.attack(state, cards, state.die("P1:9uxm#1")).value == 4
    refused(cards, setup + "P1 activate 9uxm#1 pay SK1\nP1 activate 9uxm#1 pay SK2\n", "R10.1")
    state = play(cards, setup, "P1 global 9uxm pay SK1", "P1 choose SK3 SK4").final
    assert state.die("P1:SK3").zone == Zone.RESERVE and state.die("P1:SK3").face.energy == ("bolt",)
    assert state.die("P1:SK4").face.energy == ("bolt",)


def test_juggernaut_sends_sidekicks_to_prevent_damage(cards):
    setup = board(
        "P1 die 19sww#1 field L1", "P2 die 10uxm#1 field L1", "P2 die SK1 field L1",
        teams=("19sww:2 basic 31sww", "10uxm:2 basic 34sww"),
    )  # fmt: skip
    actions = ("P1 attack 19sww#1", "P2 block 10uxm#1>19sww#1", "P1 damage", "P2 choose SK1")
    state = play(cards, setup, *actions).final
    assert state.die("P2:10uxm#1").zone == Zone.FIELD  # 4 damage on D3, 3 prevented
    assert state.die("P2:SK1").zone == Zone.USED


def test_kitty_pryde_cant_be_blocked_by_sidekicks(cards):
    setup = board(
        "P1 die 14uxm#1 field L1", "P2 die SK1 field L1", "P2 die 5sww#1 field L1",
        teams=("14uxm:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    refused(cards, setup + "P1 attack 14uxm#1\nP2 block SK1>14uxm#1\n", "R13.7")
    play(cards, setup, "P1 attack 14uxm#1", "P2 block 5sww#1>14uxm#1")


def test_magneto_archvillain_grows_without_opposing_villains(cards):
    teams = ("18uxm:2 basic 31sww", "19sww:2 5sww:2 basic 34sww")
    setup = board("P1 die 18uxm#1 field L1", "P2 die 19sww#1 field L1", teams=teams)
    state = play(cards, setup).final
    assert query.attack(state, cards, state.die("P1:18uxm#1")).value == 7
    villain = board("P1 die 18uxm#1 field L1", "P2 die 5sww#1 field L1", teams=teams)
    state = play(cards, villain).final
    assert query.attack(state, cards, state.die("P1:18uxm#1")).value == 4


def test_quicksilver_hits_each_opposing_die_once_when_blocked(cards):
    setup = board(
        "P1 die 21uxm#1 field L1", "P2 die SK1 field L1", "P2 die SK2 field L1",
        "P2 die 5sww#1 field L3",
        teams=("21uxm:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 attack 21uxm#1", "P2 block SK1>21uxm#1 SK2>21uxm#1").final
    assert state.die("P2:5sww#1").damage == 1  # once, though blocked twice
    assert state.die("P2:SK1").zone == Zone.PREP and state.die("P2:SK2").zone == Zone.PREP


def test_wolverine_doubles_his_damage_to_blockers_before_overcrush(cards):
    """The demo's Wolverine, automated by hand with the engine's damage multiplier: L3 (8A)
    blocked by a Sidekick deals 16; with Overcrush 1 KOs the Sidekick and 15 go past (the
    official ruling, K-OVERCRUSH after the multiplier); unblocked he deals his 8."""
    setup = board(
        "P1 die 22uxm#1 field L3", "P2 die SK1 field L1",
        teams=("22uxm:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    blocked = ("P1 attack 22uxm#1", "P2 block SK1>22uxm#1")
    overcrush = play(cards, setup, "judge keyword P1:22uxm#1 overcrush", *blocked, "P1 damage")
    assert overcrush.final.player("P2").life == 5
    plain = play(cards, setup, *blocked, "P1 damage").final
    assert plain.player("P2").life == 20 and plain.die("P2:SK1").zone == Zone.PREP
    assert (
        play(cards, setup, "P1 attack 22uxm#1", "P2 block", "P1 damage").final.player("P2").life
        == 12
    )


def test_ambush_adds_attack_per_opposing_character(cards):
    setup = board(
        "P1 die BA:25uxm#1 reserve action", "P1 die SK1 field L1", "P2 die SK1 field L1",
        "P2 die SK2 field L1",
        teams=("19sww:2 basic 25uxm", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 use BA:25uxm#1", "P1 choose SK1").final
    assert query.attack(state, cards, state.die("P1:SK1")).value == 3


def test_enrage_spins_up_and_forces_the_attack(cards):
    setup = board(
        "P1 die BA:26uxm#1 reserve action", "P1 die 19sww#1 field L1",
        teams=("19sww:2 basic 26uxm", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 use BA:26uxm#1", "P1 choose 19sww#1").final
    assert state.die("P1:19sww#1").level == 2 and "must_attack" in state.die("P1:19sww#1").keywords


def test_feedback_hurts_the_opponent_for_each_ko_this_turn(cards):
    setup = board(
        "P1 die BA:27uxm#1 reserve action", "P1 die 19sww#1 field L1", "P2 die SK1 field L1",
        teams=("19sww:2 basic 27uxm", "5sww:2 basic 34sww"),
    )  # fmt: skip
    actions = ("P1 use BA:27uxm#1", "P1 attack 19sww#1", "P2 block SK1>19sww#1", "P1 damage")
    state = play(cards, setup, *actions).final
    assert state.die("P2:SK1").zone == Zone.PREP and state.player("P2").life == 19


def test_reckless_melee_and_its_burst_variants(cards):
    teams = ("19sww:2 basic 30uxm", "5sww:2 basic 34sww")
    dice = ("P1 die SK1 field L1", "P2 die SK1 field L1")
    plain = play(
        cards, board("P1 die BA:30uxm#1 reserve action", *dice, teams=teams), "P1 use BA:30uxm#1"
    ).final
    assert plain.die("P1:SK1").zone == Zone.PREP and plain.die("P2:SK1").zone == Zone.PREP
    one = play(
        cards, board("P1 die BA:30uxm#1 reserve action*", *dice, teams=teams), "P1 use BA:30uxm#1"
    ).final
    assert one.die("P1:SK1").zone == Zone.FIELD
    assert (one.player("P1").life, one.player("P2").life) == (19, 19)
    two = play(
        cards, board("P1 die BA:30uxm#1 reserve action**", *dice, teams=teams), "P1 use BA:30uxm#1"
    ).final
    assert two.die("P2:SK1").zone == Zone.PREP and two.player("P2").life == 19


def test_black_panther_cant_attack_an_empty_field(cards):
    teams = ("38uxm:2 basic 31sww", "5sww:2 basic 34sww")
    refused(cards, board("P1 die 38uxm#1 field L1", teams=teams) + "P1 attack 38uxm#1\n", "R13.7")
    play(
        cards,
        board("P1 die 38uxm#1 field L1", "P2 die SK1 field L1", teams=teams),
        "P1 attack 38uxm#1",
    )


def test_emma_frost_takes_no_fist_damage_without_opposing_villains(cards):
    setup = board(
        "P1 die 41uxm#1 field L1", "P2 die 53uxm#1 field L3", active="P2",
        teams=("41uxm:2 basic 31sww", "53uxm:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P2 attack 53uxm#1", "P1 block 41uxm#1>53uxm#1", "P2 damage").final
    # Sabretooth (a Fist die) is a Villain: P2 has one, so the protection is off.
    assert state.die("P1:41uxm#1").zone == Zone.PREP
    setup = board(
        "P1 die 41uxm#1 field L1", "P2 die 22uxm#1 field L3", active="P2",
        teams=("41uxm:2 basic 31sww", "22uxm:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P2 attack 22uxm#1", "P1 block 41uxm#1>22uxm#1", "P2 damage").final
    assert state.die("P1:41uxm#1").zone == Zone.FIELD and state.die("P1:41uxm#1").damage == 0


def test_sabretooth_spins_up_when_its_turn_begins(cards):
    setup = board(
        "P2 die 53uxm#1 field L1", "P2 die 53uxm#2 field L2",
        teams=("19sww:2 basic 31sww", "53uxm:2 basic 34sww"),
    )  # fmt: skip
    state = run(cards, setup + "P1 end\n").final
    assert state.die("P2:53uxm#1").level == 2 and state.die("P2:53uxm#2").level == 3


def test_scarlet_witch_hits_x_men_per_other_villain(cards):
    setup = board(
        "P1 die 54uxm#1 reserve L1", "P1 die 53uxm#1 field L1", "P1 die 18uxm#1 field L1",
        "P2 die 21uxm#1 field L3", "P2 die 19sww#1 field L1",
        teams=("54uxm:2 53uxm:2 18uxm:2 basic 31sww", "21uxm:2 19sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 field 54uxm#1").final
    assert state.die("P2:21uxm#1").damage == 2  # two other Villains
    assert state.die("P2:19sww#1").damage == 0  # not an X-Men die


def test_she_hulk_spins_up_once_when_blocked(cards):
    setup = board(
        "P1 die 56uxm#1 field L1", "P2 die SK1 field L1", "P2 die SK2 field L1",
        teams=("56uxm:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 attack 56uxm#1", "P2 block SK1>56uxm#1 SK2>56uxm#1").final
    assert state.die("P1:56uxm#1").level == 2


def test_vision_may_spin_up_when_he_blocks(cards):
    setup = board(
        "P1 die SK1 field L1", "P2 die 60uxm#1 field L1",
        teams=("19sww:2 basic 31sww", "60uxm:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 attack SK1", "P2 block 60uxm#1>SK1", "P2 yes").final
    assert state.die("P2:60uxm#1").level == 2


def test_magneto_hellfire_hurts_each_draw_without_villains(cards):
    setup = board(
        "P2 die 76uxm#1 field L1", "P1 die SK1 bag", "P1 die SK2 bag", "P1 die SK3 bag",
        "P1 die SK4 bag", step="clear_and_draw",
        teams=("19sww:2 basic 31sww", "76uxm:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 draw SK1 SK2 SK3 SK4").final
    assert state.player("P1").life == 18
