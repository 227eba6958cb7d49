"""Scenario tests of the demo catalogue's SWW cards, automated by hand (setup -> actions ->
expected result, through the engine's replay)."""

import pytest

from rules.engine import Zone, query
from tests.rules.abilities.scenario import board, demo_cards_automated, play, refused, run


@pytest.fixture(scope="module")
def cards():
    return demo_cards_automated()


def test_artemis_dice_take_no_damage_the_turn_she_is_fielded(cards):
    setup = board(
        "P1 die 1sww#1 reserve L1", "P2 die 5sww#1 field L1",
        teams=("1sww:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    replay = play(
        cards, setup, "P1 field 1sww#1", "P1 attack 1sww#1", "P2 block 5sww#1>1sww#1",
        "P1 damage",
    )  # fmt: skip
    state = replay.final
    assert state.die("P1:1sww#1").zone == Zone.FIELD  # Cheetah's 4 on D2: prevented
    assert state.die("P2:5sww#1").zone == Zone.PREP


def test_a_die_bought_the_turn_artemis_shields_her_dice_costs_what_it_costs(cards):
    """Artemis's shield is a lasting effect with a continuous part: asking any cost that names
    its card (a purchase) while it lasted raised a TypeError (the lasting effect's own params
    clashed with the question's)."""
    setup = board(
        "P1 die 1sww#1 reserve L1", *(f"P1 die SK{n} reserve bolt" for n in range(1, 6)),
        teams=("1sww:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 field 1sww#1", "P1 buy 1sww pay SK1 SK2 SK3 SK4 SK5").final
    assert state.die("P1:1sww#2").zone == Zone.USED
    assert query.purchase_cost(state, cards, "P1", "1sww").value == 5


def test_cheetah_feline_fury_counts_opposing_non_sidekick_non_villains(cards):
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die 22sww#1 field L1", "P1 die SK1 field L1",
        "P2 die 4sww#1 field L1",
        teams=("19sww:2 22sww:2 basic 31sww", "4sww:2 5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup).final
    cheetah = state.die("P2:4sww#1")
    assert query.attack(state, cards, cheetah).value == 6  # 4 + 2 (not the sidekick)
    assert query.defense(state, cards, cheetah).value == 4


def test_cheetah_goddess_kos_a_sidekick_then_preps_a_die(cards):
    setup = board(
        "P1 die 5sww#1 reserve L1", "P1 die SK1 reserve mask", "P1 die SK5 bag",
        "P2 die SK1 field L1", "P2 die 19sww#1 field L1",
        teams=("5sww:2 basic 31sww", "19sww:2 basic 34sww"),
    )  # fmt: skip
    text = setup + "P1 field 5sww#1 pay SK1\n"
    assert run(cards, text).final.pending.options == ("P2:SK1",)  # only sidekicks
    replay = play(cards, setup, "P1 field 5sww#1 pay SK1", "P1 choose P2:SK1", "P1 draw SK5")
    assert replay.final.die("P2:SK1").zone == Zone.PREP
    assert replay.final.die("P1:SK5").zone == Zone.PREP


def test_giganta_villainy_spins_every_opposing_die_down(cards):
    """The demo has no faces for Giganta's die, so her encoding is played on Marvel Girl,
    whose card says the same (and is encoded the same)."""
    from rules.abilities.hand import hand_encodings

    assert hand_encodings()["8sww"] == hand_encodings()["45uxm"]
    setup = board(
        "P1 die 45uxm#1 reserve L1", "P1 die SK1 reserve bolt", "P2 die 19sww#1 field L3",
        "P2 die SK1 field L1",
        teams=("45uxm:2 basic 31sww", "19sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 field 45uxm#1 pay SK1").final
    assert state.die("P2:19sww#1").level == 2 and state.die("P2:SK1").level == 1


def test_giganta_standing_tall_global_spins_a_die_up(cards):
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die SK1 reserve fist",
        teams=("9sww:2 19sww:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 global 9sww pay SK1 target 19sww#1").final
    assert state.die("P1:19sww#1").level == 2


def test_jimmy_olsen_discounts_superman_and_fields_him_free(cards):
    setup = board(
        "P1 die 10sww#1 field L1", "P1 die 19sww#1 reserve L3",
        teams=("10sww:2 19sww:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup).final
    assert query.purchase_cost(state, cards, "P1", "19sww").value == 4
    assert query.purchase_cost(state, cards, "P2", "19sww").value == 6
    state = play(cards, setup, "P1 field 19sww#1").final  # L3 costs 2, free with Jimmy
    assert state.die("P1:19sww#1").zone == Zone.FIELD


def test_supergirl_gains_life_only_when_behind(cards):
    teams = ("18sww:2 basic 31sww", "5sww:2 basic 34sww")
    behind = board(
        "P1 life 10", "P1 die 18sww#1 reserve L1", "P1 die SK1 reserve shield", teams=teams
    )
    assert play(cards, behind, "P1 field 18sww#1 pay SK1").final.player("P1").life == 13
    even = board(
        "P1 life 10",
        "P2 life 10",
        "P1 die 18sww#1 reserve L1",
        "P1 die SK1 reserve shield",
        teams=teams,
    )
    assert play(cards, even, "P1 field 18sww#1 pay SK1").final.player("P1").life == 10


def test_superman_phone_booth_takes_no_damage_from_villains(cards):
    setup = board(
        "P1 die 19sww#1 field L1", "P2 die 5sww#1 field L3", active="P2",
        teams=("19sww:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    actions = ("judge modifier P2:5sww#1 +5A", "P2 attack 5sww#1", "P1 block 19sww#1>5sww#1")
    state = play(cards, setup, *actions, "P2 damage").final
    assert state.die("P1:19sww#1").zone == Zone.FIELD  # A10 on D6, all prevented
    assert state.die("P1:19sww#1").damage == 0


def test_superman_symbol_of_hope_hits_a_leading_opponent(cards):
    setup = board(
        "P1 life 12", "P1 die 21sww#1 reserve L1", "P1 die SK1 reserve shield",
        teams=("21sww:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    assert play(cards, setup, "P1 field 21sww#1 pay SK1").final.player("P2").life == 17


def test_wonder_woman_child_of_clay_keeps_opposing_globals_off(cards):
    setup = board(
        "P1 die 22sww#1 field L1", "P1 die SK1 field L1", "P2 die SK1 reserve shield",
        "P2 die SK2 field L1", active="P2",
        teams=("22sww:2 basic 31sww", "5sww:2 basic 31sww"),
    )  # fmt: skip
    text = setup + "P2 global 31sww pay SK1\n"
    assert run(cards, text).final.pending.options == ("P2:SK2",)  # P1's dice can't be targets
    refused(cards, text + "P2 choose P1:SK1\n", "R13.2")


def test_wonder_woman_ambassador_stops_character_globals(cards):
    setup = board(
        "P1 die 23sww#1 field L1", "P2 die SK3 field L1", "P2 die SK1 reserve fist",
        "P2 die SK2 reserve shield", active="P2",
        teams=("23sww:2 basic 31sww", "9sww:2 basic 31sww"),
    )  # fmt: skip
    refused(cards, setup + "P2 global 9sww pay SK1\n", "R13.7")
    play(cards, setup, "P2 global 31sww pay SK2", "P2 choose P2:SK3")  # basic actions still


def test_misdirection_trades_a_field_die_for_a_used_one_and_bursts_draw(cards):
    setup = board(
        "P1 die BA:26sww#1 reserve action*", "P1 die SK1 field L1", "P1 die 19sww#1 used",
        "P1 die SK5 bag",
        teams=("19sww:2 basic 26sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(
        cards, setup, "P1 use BA:26sww#1", "P1 choose SK1", "P1 choose 19sww#1", "P1 draw SK5"
    ).final
    assert state.die("P1:19sww#1").zone == Zone.FIELD and state.die("P1:19sww#1").level == 1
    assert state.die("P1:SK1").zone == Zone.USED and state.die("P1:SK5").zone == Zone.PREP


def test_take_cover_gives_defense_and_the_burst_more(cards):
    setup = board(
        "P1 die BA:31sww#1 reserve action*", "P1 die SK1 field L1", "P1 die 19sww#1 field L1",
        teams=("19sww:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 use BA:31sww#1", "P1 choose 19sww#1").final
    assert query.defense(state, cards, state.die("P1:SK1")).value == 3
    assert query.defense(state, cards, state.die("P1:19sww#1")).value == 6 + 2 + 3


def test_team_up_counts_affiliations_minus_one(cards):
    setup = board(
        "P1 die BA:32sww#1 reserve action", "P1 die 19sww#1 field L1", "P1 die 10sww#1 field L1",
        "P1 die 5sww#1 field L1",
        teams=("19sww:2 10sww:2 5sww:2 basic 32sww", "9sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 use BA:32sww#1").final  # justiceleague, superman, villain
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4 + 2


def test_truce_kos_yours_then_theirs(cards):
    setup = board(
        "P1 die BA:34sww#1 reserve action",
        "P1 die SK1 field L1",
        "P1 die SK2 field L1",
        "P2 die SK1 field L1",
        "P2 die 5sww#1 field L1",
        "P2 die SK2 field L1",
    )
    state = play(
        cards, setup, "P1 use BA:34sww#1", "P1 choose SK1 SK2", "P2 choose 5sww#1 SK1"
    ).final
    assert {d.id for d in state.zone("P2", Zone.PREP)} == {"P2:5sww#1", "P2:SK1"}
    assert state.die("P2:SK2").zone == Zone.FIELD


def test_steve_trevor_buys_a_wonder_woman_at_a_discount_when_kod(cards):
    setup = board(
        "P1 die 15sww#1 field L1", "P1 die SK1 reserve mask", "P2 die 5sww#1 field L1",
        active="P2", teams=("15sww:2 22sww:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    actions = ("P2 attack 5sww#1", "P1 block 15sww#1>5sww#1", "P2 damage")
    text = setup + "".join(f"{a}\n" for a in actions)
    assert run(cards, text).final.pending.kind == "may"
    refused(cards, text + "P1 yes\n", "R6.1")  # Wonder Woman (4) costs 1 now: a mask
    state = play(cards, setup, *actions, "P1 yes pay SK1").final
    assert [d.card for d in state.zone("P1", Zone.PREP) if d.card == "22sww"] == ["22sww"]
    declined = play(cards, setup, *actions, "P1 no").final
    assert not [d for d in declined.zone("P1", Zone.PREP) if d.card == "22sww"]
