"""Scenario tests of the demo catalogue's AI and YGO cards, automated by hand."""

import pytest

from rules.engine import Zone, query
from tests.rules.abilities.scenario import board, demo_cards_automated, play, refused, run


@pytest.fixture(scope="module")
def cards():
    return demo_cards_automated()


def test_black_widow_may_ko_a_sidekick_and_her_global_forces_an_attack(cards):
    # Black Widow's die has no faces in the demo: her text is played through the card's
    # global, and the 'when fielded' is checked on its encoding.
    from rules.abilities.hand import hand_encodings

    fielded = hand_encodings()["11ai"]["abilities"][0]
    assert fielded["when"] == "fielded" and fielded["optional"] is True
    setup = board(
        "P1 die SK1 reserve fist", "P1 die SK2 reserve fist", "P1 die 19sww#1 field L1",
        teams=("11ai:2 19sww:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 global 11ai pay SK1 target 19sww#1").final
    assert "must_attack" in state.die("P1:19sww#1").keywords
    refused(
        cards, setup + "P1 global 11ai pay SK1 target 19sww#1\nP1 global 11ai pay SK2\n", "R10.1"
    )


def test_captain_america_preps_a_die_when_a_sidekick_is_kod(cards):
    # Captain America's die has no faces in the demo; his ability is tested with a copy of
    # the script on a card that has them.
    from dataclasses import replace

    from rules.abilities import scripts

    built = scripts.build("captain_america_good_old_days", cards["19sww"])
    scripted = dict(cards)
    scripted["19sww"] = replace(cards["19sww"], abilities=built)
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die SK1 field L1", "P1 die SK5 bag",
        "P2 die 5sww#1 field L1", active="P2",
    )  # fmt: skip
    actions = ("P2 attack 5sww#1", "P1 block SK1>5sww#1", "P2 damage", "P1 draw SK5")
    state = play(scripted, setup, *actions).final
    assert state.die("P1:SK5").zone == Zone.PREP  # a Sidekick drawn: no bonus
    assert query.attack(state, scripted, state.die("P1:19sww#1")).value == 4


def test_captain_america_gets_the_bonus_when_the_die_drawn_is_not_a_sidekick(cards):
    from dataclasses import replace

    from rules.abilities import scripts

    built = scripts.build("captain_america_good_old_days", cards["19sww"])
    scripted = dict(cards)
    scripted["19sww"] = replace(cards["19sww"], abilities=built)
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die SK1 field L1", "P1 die 19sww#2 bag",
        "P2 die 5sww#1 field L1", active="P2",
    )  # fmt: skip
    actions = ("P2 attack 5sww#1", "P1 block SK1>5sww#1", "P2 damage", "P1 draw 19sww#2")
    replay = play(scripted, setup, *actions)
    happened = [str(e) for step in replay.steps for e in step.events]
    assert "P1:19sww#1 gets +1A +1D until end of turn (P1:19sww)" in happened
    assert replay.final.die("P1:19sww#2").zone == Zone.PREP


def test_red_skull_grows_on_each_opposing_ko(cards):
    from dataclasses import replace

    from rules.abilities import scripts

    scripted = dict(cards)
    scripted["19sww"] = replace(
        cards["19sww"], abilities=scripts.build("red_skull", cards["19sww"])
    )
    setup = board("P1 die 19sww#1 field L1", "P1 die SK1 field L1", "P2 die SK1 field L1")
    replay = play(scripted, setup, "P1 attack SK1", "P2 block SK1>SK1", "P1 damage")
    happened = [str(e) for e in replay.steps[-1].events]
    assert "P1:19sww#1 gets +1A +1D until end of turn (P1:19sww)" in happened


def test_crowd_fighting_damages_by_the_picked_level(cards):
    setup = board(
        "P1 die BA:52ai#1 reserve action", "P1 die 19sww#1 field L2", "P2 die 5sww#1 field L1",
        "P2 die SK1 field L1",
        teams=("19sww:2 basic 52ai", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 use BA:52ai#1", "P1 choose 19sww#1").final
    assert state.die("P2:5sww#1").zone == Zone.PREP and state.die("P2:SK1").zone == Zone.PREP


def test_take_cover_ai_reads_like_the_sww_one(cards):
    from rules.abilities.hand import hand_encodings

    assert hand_encodings()["56ai"] == hand_encodings()["31sww"]


def test_blue_eyes_burst_attacks(cards):
    teams = ("1ygo:2 basic 31sww", "5sww:2 basic 34sww")
    dice = ("P2 die 5sww#1 field L2", "P2 die SK1 field L1")
    one = play(
        cards, board("P1 die 1ygo#1 field L1", *dice, teams=teams), "P1 attack 1ygo#1",
        "P2 choose SK1",
    ).final  # fmt: skip
    assert one.die("P2:SK1").zone == Zone.PREP
    two = play(cards, board("P1 die 1ygo#1 field L3", *dice, teams=teams), "P1 attack 1ygo#1").final
    assert two.player("P2").life == 18  # the highest level among P2's dice


def test_celtic_guardian_defends_attacking_alone(cards):
    setup = board(
        "P1 die 2ygo#1 field L2", "P1 die SK1 field L1",
        teams=("2ygo:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    alone = play(cards, setup, "P1 attack 2ygo#1").final
    assert query.defense(alone, cards, alone.die("P1:2ygo#1")).value == 6
    together = play(cards, setup, "P1 attack 2ygo#1 SK1").final
    assert query.defense(together, cards, together.die("P1:2ygo#1")).value == 4


def test_harpie_lady_and_attacking_sidekicks(cards):
    setup = board(
        "P1 die 4ygo#1 field L2", "P1 die SK1 field L1", "P1 die SK2 field L1",
        teams=("4ygo:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 attack 4ygo#1 SK1", "P1 choose SK1 SK2").final
    assert query.attack(state, cards, state.die("P1:4ygo#1")).value == 4  # 3 + sidekick attacks
    assert query.attack(state, cards, state.die("P1:SK2")).value == 2


def test_la_jinn_kos_up_to_two_sidekicks(cards):
    setup = board(
        "P1 die 6ygo#1 reserve L1", "P1 die SK1 reserve fist", "P2 die SK1 field L1",
        "P2 die SK2 field L1", "P2 die SK3 field L1",
        teams=("6ygo:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 field 6ygo#1 pay SK1", "P1 choose P2:SK1 P2:SK2").final
    assert len(state.zone("P2", Zone.PREP)) == 2 and state.die("P2:SK3").zone == Zone.FIELD


def test_red_eyes_discounts_bolt_cards_and_its_burst_sends_a_prep_die_to_used(cards):
    setup = board(
        "P1 die 7ygo#1 reserve L3", "P1 die SK1 reserve bolt", "P1 die SK2 reserve bolt",
        "P1 die SK3 reserve bolt", "P2 die SK1 prep",
        teams=("7ygo:2 71ygo:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 field 7ygo#1 pay SK1 SK2 SK3", "P1 choose P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.USED
    assert query.purchase_cost(state, cards, "P1", "71ygo").value == 2


def test_dark_magician_costs_a_life_and_gives_an_extra_draw(cards):
    setup = board(
        "P1 die 17ygo#1 field L1", active="P2",
        teams=("17ygo:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = run(cards, setup + "P2 end\n").final
    assert state.player("P1").life == 19
    assert state.pending.kind == "draw" and state.pending.count == 5


def test_baby_dragon_counts_other_bolt_dice_as_it_attacks(cards):
    setup = board(
        "P1 die 71ygo#1 field L1", "P1 die 71ygo#2 field L1", "P1 die 7ygo#1 field L1",
        teams=("71ygo:2 7ygo:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 attack 71ygo#1").final
    assert query.attack(state, cards, state.die("P1:71ygo#1")).value == 3 + 2


def test_crush_card_virus_kos_one_level_up(cards):
    setup = board(
        "P1 die BA:112ygo#1 reserve action", "P1 die SK1 field L1", "P2 die 5sww#1 field L3",
        "P2 die 5sww#2 field L2",
        teams=("19sww:2 basic 112ygo", "5sww:2 basic 34sww"),
    )  # fmt: skip
    text = setup + "P1 use BA:112ygo#1\nP1 choose SK1\n"
    assert run(cards, text).final.pending.options == ("P2:5sww#2",)  # level 2 at most
    state = play(cards, setup, "P1 use BA:112ygo#1", "P1 choose SK1", "P1 choose P2:5sww#2").final
    assert state.die("P2:5sww#2").zone == Zone.PREP and state.die("P1:SK1").zone == Zone.PREP


def test_horn_of_the_unicorn_and_its_burst_overcrush(cards):
    setup = board(
        "P1 die BA:113ygo#1 reserve action*", "P1 die SK1 field L1", "P1 die SK2 field L1",
        teams=("19sww:2 basic 113ygo", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, setup, "P1 use BA:113ygo#1", "P1 choose SK1 SK2").final
    assert query.attack(state, cards, state.die("P1:SK1")).value == 2
    assert "overcrush" in query.keywords(state, cards, state.die("P1:SK2"))


def test_mirror_force_kos_by_level_and_its_global_stops_a_blocked_die(cards):
    setup = board(
        "P1 die BA:114ygo#1 reserve action", "P2 die 5sww#1 field L2", "P2 die SK1 field L1",
        teams=("19sww:2 basic 114ygo", "5sww:2 basic 34sww"),
    )  # fmt: skip
    text = setup + "P1 use BA:114ygo#1\n"
    assert run(cards, text).final.pending.options == ("P2:SK1",)
    double = setup.replace("reserve action\n", "reserve action**\n")
    assert set(run(cards, double + "P1 use BA:114ygo#1\n").final.pending.options) == {
        "P2:SK1",
        "P2:5sww#1",
    }
    fight = board(
        "P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1", "P2 die SK1 reserve fist",
        teams=("19sww:2 basic 114ygo", "5sww:2 basic 34sww"),
    )  # fmt: skip
    actions = ("P1 attack 19sww#1", "P2 block 5sww#1>19sww#1", "P1 pass")
    state = play(cards, fight, *actions, "P2 global 114ygo pay SK1", "P2 choose P1:19sww#1",
                 "P1 damage").final  # fmt: skip
    assert state.die("P2:5sww#1").zone == Zone.FIELD  # Superman dealt no damage


def test_monster_reborn_fields_a_rolled_level_face(cards):
    setup = board(
        "P1 die BA:116ygo#1 reserve action", "P1 die 19sww#1 used",
        teams=("19sww:2 basic 116ygo", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(
        cards, setup, "P1 use BA:116ygo#1", "P1 choose 19sww#1", "P1 roll 19sww#1=L2"
    ).final
    assert state.die("P1:19sww#1").zone == Zone.FIELD and state.die("P1:19sww#1").level == 2
    state = play(
        cards, setup, "P1 use BA:116ygo#1", "P1 choose 19sww#1", "P1 roll 19sww#1=shield"
    ).final
    assert state.die("P1:19sww#1").zone == Zone.BAG


@pytest.mark.parametrize("key", ["1ai", "5ygo", "115ygo", "120ygo"])
def test_cards_left_manual_say_so(key):
    from rules.abilities import compile_card
    from rules.catalogue import read_demo_catalogue

    record = next(r for r in read_demo_catalogue().cards if r.key == key)
    result = compile_card(record)
    assert result.status == "manual" and result.encoding == {}


def test_time_wizard_keeps_the_named_die_only(cards):
    setup = board(
        "P1 die 8ygo#1 reserve L1", "P1 die SK5 bag", "P1 die SK6 bag",
        teams=("8ygo:2 basic 31sww", "5sww:2 basic 34sww"),
    )  # fmt: skip
    hit = play(cards, setup, "P1 field 8ygo#1", "P1 choose SK5", "P1 draw SK5").final
    assert hit.die("P1:SK5").zone == Zone.PREP
    miss = play(cards, setup, "P1 field 8ygo#1", "P1 choose SK5", "P1 draw SK6").final
    assert miss.die("P1:SK6").zone == Zone.BAG and miss.die("P1:SK5").zone == Zone.BAG
    from rules.abilities import compile_card
    from rules.catalogue import read_demo_catalogue

    record = next(r for r in read_demo_catalogue().cards if r.key == "8ygo")
    result = compile_card(record)
    assert result.status == "partial" and "take a Fist character" in result.note


def test_mystic_box_swaps_in_a_drawn_character_and_its_global_trades_attack(cards):
    setup = board(
        "P1 die BA:117ygo#1 reserve action", "P2 die 5sww#1 field L3", "P2 die SK5 bag",
        "P2 die BA:34sww#1 bag",
        teams=("19sww:2 basic 117ygo", "5sww:2 basic 34sww"),
    )  # fmt: skip
    actions = ("P1 use BA:117ygo#1", "P1 choose P2:5sww#1")
    swapped = play(cards, setup, *actions, "P2 draw SK5").final
    assert swapped.die("P2:SK5").zone == Zone.FIELD and swapped.die("P2:SK5").level == 1
    assert swapped.die("P2:5sww#1").zone == Zone.PREP
    missed = play(cards, setup, *actions, "P2 draw BA:34sww#1").final
    assert missed.die("BA:34sww#1").zone == Zone.BAG
    assert missed.die("P2:5sww#1").zone == Zone.FIELD
    fight = board(
        "P1 die 19sww#1 field L1", "P1 die SK1 reserve shield", "P2 die 5sww#1 field L3",
        teams=("19sww:2 basic 117ygo", "5sww:2 basic 34sww"),
    )  # fmt: skip
    state = play(cards, fight, "P1 global 117ygo pay SK1", "P1 choose 19sww#1",
                 "P1 choose P2:5sww#1").final  # fmt: skip
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 5
    assert query.attack(state, cards, state.die("P2:5sww#1")).value == 4
