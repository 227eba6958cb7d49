"""Template family `fielded_effects` and its clauses (rules/abilities/phrases_fielded_effects.py,
effects in rules/abilities/extensions/fielded_effects.py): real card lines read from the card
file at test time (tests/rules/abilities/real_cards.py), fielded through the engine against a
fixed opposing board (a Sidekick SK1, Cheetah 5sww#1 L2 4D Villain, Wolverine 22uxm#1 L1 2D
Fist, Quicksilver 21uxm#1 L2 2D Bolt, Superman 19sww#1 L1 6D)."""

import pytest

from rules.abilities.cards import engine_card
from rules.engine import Zone
from tests.rules.abilities.real_cards import P2_TEAM, pool, real_cards, scene, to_field
from tests.rules.abilities.scenario import play, real_pool_path, refused, run

pytestmark = pytest.mark.skipif(
    not real_pool_path().exists(), reason="the real card pool is not available"
)


def _fielded(key, *board, answers=(), opposing=None, cards=None, start="When"):
    cards = cards or real_cards(key, start)
    lines, field = to_field(key)
    extra = {} if opposing is None else {"opposing": opposing}
    return cards, play(cards, scene(key, *lines, *board, **extra), field, *answers)


def _damage(replay, die):
    return replay.final.die(die).damage


# -- tallies of the Reserve Pool -----------------------------------------------------------------
def test_x_is_the_bolt_symbols_in_your_reserve_pool():  # AI Thor: a wild is not a bolt (R6.2)
    reserve = ("P1 die SK2 reserve bolt", "P1 die SK3 reserve wild", "P1 die 41ai#2 reserve bolt2")
    _, replay = _fielded("41ai", *reserve, answers=["P1 choose P2:19sww#1"])
    assert _damage(replay, "P2:19sww#1") == 3  # 1 + 2 symbols, the wild not counted


def test_a_tally_of_zero_asks_for_no_target():  # AI Thor without bolts
    _, replay = _fielded("41ai", "P1 die SK3 reserve wild")
    assert replay.final.pending is None
    assert all(d.damage == 0 for d in replay.final.dice)


def test_x_is_the_fist_energy_in_your_reserve_pool():  # XMF Donald Pierce: opposing dice only
    cards = real_cards("14xmf", "When")
    lines, field = to_field("14xmf")
    text = scene("14xmf", *lines, "P1 die SK2 reserve fist", "P1 die 19sww#1 field L1") + field
    assert "P1:19sww#1" not in run(cards, text + "\n").final.pending.options
    _, replay = _fielded("14xmf", "P1 die SK2 reserve fist", answers=["P1 choose P2:5sww#1"])
    assert _damage(replay, "P2:5sww#1") == 1


def test_damage_for_each_action_die_in_your_reserve_pool():  # XMF Storm: action or energy face
    reserve = (
        "P1 die BA:31sww#1 reserve action",
        "P1 die BA:31sww#2 reserve generic1",
        "P1 die SK2 reserve bolt",
    )
    _, replay = _fielded("56xmf", *reserve)
    assert replay.final.player("P2").life == 18  # two action dice, the Sidekick not counted
    assert replay.final.player("P1").life == 20


def test_damage_for_each_die_on_a_double_energy_face():  # DXM Sunspot
    reserve = ("P1 die 21dxm#2 reserve bolt2", "P1 die 19sww#2 reserve shield2")
    _, replay = _fielded("21dxm", *reserve, "P1 die SK2 reserve bolt")
    assert replay.final.player("P2").life == 18


def test_x_is_the_energy_in_the_opponents_reserve_pool():  # DOOM Green Arrow: symbols
    reserve = ("P2 die SK2 reserve wild", "P2 die 22uxm#2 reserve fist2")
    _, replay = _fielded("12doom", *reserve, "P1 die SK2 reserve bolt")
    assert replay.final.player("P2").life == 17  # 1 + 2 of P2's, none of P1's


def test_gain_life_for_each_character_die_fielded_this_turn():  # IMW Jarvis, itself included
    cards = real_cards("15imw", "When")
    lines, field = to_field("15imw")
    board = ("P1 life 14", "P1 die 19sww#1 reserve L1", "P1 die SK3 reserve wild")
    replay = play(cards, scene("15imw", *lines, *board), "P1 field 19sww#1 pay SK3", field)
    assert replay.final.player("P1").life == 16  # Superman and Jarvis: 2


# -- counts of dice as an amount -----------------------------------------------------------------
def test_x_is_the_character_dice_in_your_field_zone():  # SKC Robin
    _, replay = _fielded("146skc", "P1 die SK2 field L1", answers=["P1 choose P2:19sww#1"])
    assert _damage(replay, "P2:19sww#1") == 2  # Robin and the Sidekick; P2's dice not counted


def test_sidekicks_of_both_players_counted_and_a_villain_not_a_target():  # SMC Doppelganger
    cards = real_cards("12smc", "When")
    _, replay = _fielded(
        "12smc", "P1 die SK2 field L1", cards=cards, answers=["P1 choose P2:19sww#1"]
    )
    assert _damage(replay, "P2:19sww#1") == 2  # P1's Sidekick and P2's SK1
    lines, field = to_field("12smc")
    text = scene("12smc", *lines) + field + "\n"
    refused(cards, text + "P1 choose P2:5sww#1\n", "R13.2")  # Cheetah is a Villain


def test_each_opposing_die_takes_your_other_justice_league_count():  # DOOM Green Arrow
    board = ("P1 die 19sww#1 field L1", "P1 die 10doom#2 field L1")
    _, replay = _fielded("10doom", *board)
    state = replay.final
    assert state.die("P2:SK1").zone == Zone.PREP  # 1 damage: only Superman counts
    assert state.die("P2:19sww#1").damage == 1
    assert state.die("P1:19sww#1").damage == 0  # only opposing dice


def test_damage_to_the_opponent_and_every_opposing_die_equal_to_its_level():  # BFU Mortarion
    _, replay = _fielded("10bfu")
    state = replay.final
    assert state.player("P2").life == 19
    assert state.die("P2:SK1").zone == Zone.PREP
    assert state.die("P2:5sww#1").damage == 1


# -- spin to an energy face -----------------------------------------------------------------------
def test_spin_a_target_to_an_energy_face_moves_it_to_the_reserve_pool():  # IG Loki
    _, replay = _fielded("77ig", answers=["P1 choose P2:22uxm#1", "P1 choose fist2"])
    die = replay.final.die("P2:22uxm#1")
    assert die.zone == Zone.RESERVE and die.face.energy == ("fist", "fist")
    assert die.controller == "P2"


def test_spin_to_an_energy_face_refuses_a_face_the_die_cant_show():  # IG Loki: Wolverine
    cards = real_cards("77ig", "When")
    lines, field = to_field("77ig")
    text = scene("77ig", *lines) + field + "\nP1 choose P2:22uxm#1\n"
    refused(cards, text + "P1 choose mask\n", "R13.2")  # Wolverine is a Fist character


def test_spin_up_to_two_may_choose_none():  # IG Pip the Troll
    _, replay = _fielded("121ig", answers=["P1 choose none"])
    assert {d.zone for d in replay.final.dice if d.controller == "P2" and d.face} == {Zone.FIELD}
    answers = ["P1 choose P2:SK1 P2:21uxm#1", "P1 choose wild", "P1 choose bolt"]
    _, replay = _fielded("121ig", answers=answers)
    assert replay.final.die("P2:SK1").zone == Zone.RESERVE
    assert replay.final.die("P2:21uxm#1").face.energy == ("bolt",)


def test_spin_only_a_level_1_die():  # IG Iron Man: Quicksilver is level 2
    cards = real_cards("115ig", "When fielded")
    lines, field = to_field("115ig")
    text = scene("115ig", *lines) + field + "\n"
    refused(cards, text + "P1 choose P2:21uxm#1\n", "R13.2")


def test_spin_to_its_single_energy_face():  # DPS Professor X: a double is refused
    cards = real_cards("127dps", "When")
    lines, field = to_field("127dps")
    text = scene("127dps", *lines) + field + "\nP1 choose P2:5sww#1\n"
    refused(cards, text + "P1 choose mask2\n", "R13.2")
    _, replay = _fielded("127dps", answers=["P1 choose P2:5sww#1", "P1 choose mask"])
    assert replay.final.die("P2:5sww#1").zone == Zone.RESERVE


# -- energy negation, bare icons ------------------------------------------------------------------
def test_target_non_bolt_character_die():  # MSW Dazzler: Quicksilver (Bolt) is refused
    cards = real_cards("106msw", "When")
    lines, field = to_field("106msw")
    text = scene("106msw", *lines) + field + "\n"
    refused(cards, text + "P1 choose P2:21uxm#1\n", "R13.2")
    _, replay = _fielded("106msw", answers=["P1 choose P2:22uxm#1"])
    assert replay.final.die("P2:22uxm#1").zone == Zone.PREP  # 2 damage, D2


def test_take_control_of_an_opposing_villain_that_must_attack():  # WF Scarecrow
    cards = real_cards("64wf", "When")
    lines, field = to_field("64wf")
    text = scene("64wf", *lines) + field + "\n"
    refused(cards, text + "P1 choose P2:22uxm#1\n", "R13.2")  # Wolverine is no Villain
    _, replay = _fielded("64wf", answers=["P1 choose P2:5sww#1"])
    die = replay.final.die("P2:5sww#1")
    assert die.controller == "P1" and "must_attack" in die.keywords


def _lanterns(key: str, lantern: str):
    cards = real_cards(key, "When")
    cards[lantern] = engine_card(pool()[lantern], {})
    return cards


def test_ko_a_black_lantern_of_equal_or_lower_level():  # WOL John Stewart
    cards = _lanterns("49wol", "140wol")
    lines, field = to_field("49wol")
    opposing = ("P2 die 140wol#1 field L1", "P2 die SK1 field L1")
    text = scene("49wol", *lines, opposing=opposing) + field + "\n"
    text = text.replace(P2_TEAM, P2_TEAM.replace(" basic", " 140wol:1 basic"))
    assert run(cards, text).final.pending.options == ("P2:140wol#1",)  # not the Sidekick
    replay = play(cards, text, "P1 choose P2:140wol#1")
    assert replay.final.die("P2:140wol#1").zone == Zone.PREP


def test_capture_a_green_lantern_until_end_of_turn():  # WOL Carol Ferris
    cards = _lanterns("41wol", "10wol")
    lines, field = to_field("41wol")
    text = scene("41wol", *lines, opposing=("P2 die 10wol#1 field L2",)) + field + "\n"
    text = text.replace(P2_TEAM, P2_TEAM.replace(" basic", " 10wol:1 basic"))
    replay = play(cards, text, "P1 choose P2:10wol#1")
    assert replay.final.die("P2:10wol#1").zone == Zone.CAPTURED


# -- conditions and limits ----------------------------------------------------------------------
def test_damage_a_player_with_three_bolt_symbols_in_reserve():  # WOL Fatality
    reserve = ("P1 die SK2 reserve bolt", "P1 die 81wol#2 reserve bolt2")
    _, replay = _fielded("81wol", *reserve, answers=["P1 choose P2"])
    assert replay.final.player("P2").life == 17
    _, replay = _fielded("81wol", "P1 die SK2 reserve bolt", "P1 die SK3 reserve wild")
    assert replay.final.pending is None and replay.final.player("P2").life == 20


def test_once_per_turn_when_fielded():  # JLOP Constantine: the second die gains nothing
    cards = real_cards("4jlop", "Once per turn")
    setup = scene("4jlop", "P1 life 10", "P1 die 4jlop#1 reserve L1", "P1 die 4jlop#2 reserve L1")
    replay = play(cards, setup, "P1 field 4jlop#1", "P1 field 4jlop#2")
    assert replay.final.player("P1").life == 11


# -- a die of either kind, a fielding cost -------------------------------------------------------
def _options(key, *board, start="When"):
    cards = real_cards(key, start)
    lines, field = to_field(key)
    return cards, scene(key, *lines, *board) + field + "\n"


def test_another_sidekick_or_turtle_gets_a_bonus():  # TMNT April (an Ally): not herself
    cards, text = _options("1tmnt", start="When fielded")
    options = run(cards, text).final.pending.options
    assert "P2:SK1" in options and "P1:1tmnt#1" not in options
    refused(cards, text + "P1 choose P2:22uxm#1\n", "R13.2")  # Wolverine: neither
    replay = play(cards, text, "P1 choose P2:SK1")
    assert replay.final.die("P2:SK1").modifiers  # +1A until end of turn


def test_your_batman_or_another_sidekick():  # WF Alfred: the opponent's Sidekick may be picked
    cards, text = _options("35wf", start="When fielded")
    options = run(cards, text).final.pending.options
    assert "P2:SK1" in options and "P2:19sww#1" not in options


def test_ko_an_opposing_level_1_die_or_a_mystic_die():  # DRS Clea
    cards, text = _options("6drs")
    refused(cards, text + "P1 choose P2:5sww#1\n", "R13.2")  # Cheetah is level 2
    replay = play(cards, text, "P1 choose P2:22uxm#1")
    assert replay.final.die("P2:22uxm#1").zone == Zone.PREP


def test_reroll_a_thor_corps_or_bolt_die():  # MSW Ultimate Spider-Man: an energy or an icon
    cards, text = _options("95msw")
    refused(cards, text + "P1 choose P2:22uxm#1\n", "R13.2")  # Wolverine: Fist, X-Men
    replay = play(cards, text, "P1 choose P2:21uxm#1", "P2 roll 21uxm#1=L3")
    assert replay.final.die("P2:21uxm#1").level == 3


def test_ko_an_opposing_die_with_a_fielding_cost_of_0():  # CW Black Widow: the Sidekick
    cards, text = _options("3cw")
    assert run(cards, text).final.pending.options == ("P2:SK1",)
    replay = play(cards, text, "P1 choose P2:SK1")
    assert replay.final.die("P2:SK1").zone == Zone.PREP


# -- the bag, the opponent's Reserve Pool -----------------------------------------------------
def test_search_the_bag_for_an_action_die_and_roll_it():  # AVX Doctor Strange
    cards, text = _options("106avx", "P1 die BA:31sww#1 bag", "P1 die SK2 bag")
    assert run(cards, text).final.pending.options == ("BA:31sww#1",)  # not the Sidekick
    replay = play(cards, text, "P1 choose BA:31sww#1", "P1 roll BA:31sww#1=action")
    assert replay.final.die("BA:31sww#1").zone == Zone.RESERVE


def test_search_the_bag_for_up_to_two_sidekicks():  # UXM Professor X: none is allowed too
    board = ("P1 die SK2 bag", "P1 die SK3 bag", "P1 die SK4 bag")
    cards, text = _options("49uxm", *board, start="When")
    replay = play(cards, text, "P1 choose SK2 SK3", "P1 roll SK2=L1 SK3=bolt")
    state = replay.final
    assert state.die("P1:SK2").zone == state.die("P1:SK3").zone == Zone.RESERVE
    assert state.die("P1:SK4").zone == Zone.BAG
    replay = play(cards, text, "P1 choose none")
    assert replay.final.die("P1:SK2").zone == Zone.BAG


def test_move_the_opponents_wild_energy_to_the_used_pile():  # FUS Intellect Devourer
    reserve = ("P2 die SK2 reserve wild", "P2 die SK3 reserve bolt", "P1 die SK2 reserve wild")
    _, replay = _fielded("95fus", *reserve)
    state = replay.final
    assert state.die("P2:SK2").zone == Zone.USED
    assert state.die("P2:SK3").zone == Zone.RESERVE
    assert state.die("P1:SK2").zone == Zone.RESERVE  # only the opponent's


def test_move_the_opponents_generic_and_wild_energy():  # DOOM Beast Boy
    reserve = ("P2 die BA:34sww#1 reserve generic1", "P2 die SK2 reserve wild")
    _, replay = _fielded("2doom", *reserve, "P2 die SK3 reserve mask")
    state = replay.final
    assert state.die("BA:34sww#1").zone == state.die("P2:SK2").zone == Zone.USED
    assert state.die("P2:SK3").zone == Zone.RESERVE


# -- small clauses -------------------------------------------------------------------------------
def test_capture_an_opposing_die_of_equal_or_lower_level():  # AVX Loki, fielded at level 1
    cards, text = _options("47avx")
    refused(cards, text + "P1 choose P2:5sww#1\n", "R13.2")  # Cheetah is level 2
    replay = play(cards, text, "P1 choose P2:22uxm#1")
    assert replay.final.die("P2:22uxm#1").zone == Zone.CAPTURED


def test_damage_players_non_fist_dice_and_fist_dice():  # DP Scarlet Witch
    _, replay = _fielded("111dp")
    state = replay.final
    assert state.player("P1").life == state.player("P2").life == 19
    assert state.die("P2:22uxm#1").zone == Zone.PREP  # Wolverine (Fist, D2): 2 damage
    assert state.die("P2:21uxm#1").damage == 1  # Quicksilver (Bolt): 1
    assert state.die("P2:SK1").zone == Zone.PREP  # a Sidekick has no energy type: 1


def test_roll_a_die_from_the_bag_for_each_fantastic_four_die():  # MSW Mr. Fantastic, itself too
    board = ("P1 die 146msw#2 field L1", "P1 die SK2 bag", "P1 die SK3 bag")
    _, replay = _fielded("146msw", *board, answers=["P1 draw SK2 SK3", "P1 roll SK2=L1 SK3=bolt"])
    assert replay.final.die("P1:SK3").zone == Zone.RESERVE


def test_damage_equal_to_its_printed_fielding_cost():  # IG Ghost Rider, fielded at level 2
    cards = real_cards("30ig", "When")
    board = ("P1 die 30ig#1 reserve L2", "P1 die SK5 reserve wild", "P1 die SK6 reserve wild")
    replay = play(cards, scene("30ig", *board), "P1 field 30ig#1 pay SK5 SK6")
    assert replay.final.player("P2").life == 18


def test_gain_life_if_you_have_another_level_2_non_villain():  # ASM Mary Jane
    cards = real_cards("98asm", "When")
    _, replay = _fielded("98asm", "P1 life 15", "P1 die 19sww#1 field L2", cards=cards)
    assert replay.final.player("P1").life == 16
    _, replay = _fielded("98asm", "P1 life 15", "P1 die 19sww#1 field L1", cards=cards)
    assert replay.final.player("P1").life == 15  # Superman is level 1


# -- each player KOs, the opponent's Sidekicks to the bag, a cheap die to the Used Pile ----------
def test_each_player_chooses_and_kos_one_of_their_dice():  # WOL Spectre: the holder first
    cards, text = _options("68wol", "P1 die 19sww#1 field L1")
    refused(cards, text + "P1 choose P2:SK1\n", "R13.2")  # only one of your own
    replay = play(cards, text, "P1 choose P1:19sww#1", "P2 choose P2:SK1")
    state = replay.final
    assert state.die("P1:19sww#1").zone == state.die("P2:SK1").zone == Zone.PREP
    assert state.die("P1:68wol#1").zone == Zone.FIELD and state.die("P2:5sww#1").zone == Zone.FIELD


def test_each_player_keeps_one_non_villain():  # AVX Doctor Doom (a Villain: not counted)
    cards, text = _options("104avx", "P1 die 19sww#1 field L1", "P1 die SK2 field L1")
    replay = play(cards, text, "P1 choose P1:19sww#1", "P2 choose P2:19sww#1")
    state = replay.final
    assert state.die("P1:SK2").zone == Zone.PREP and state.die("P1:19sww#1").zone == Zone.FIELD
    assert {state.die(f"P2:{d}").zone for d in ("SK1", "22uxm#1", "21uxm#1")} == {Zone.PREP}
    assert state.die("P2:19sww#1").zone == state.die("P2:5sww#1").zone == Zone.FIELD


def test_the_opponents_sidekicks_go_back_to_their_bag():  # TMNT Krang
    board = ("P2 die SK2 used", "P2 die SK3 prep", "P1 die SK2 used")
    _, replay = _fielded("24tmnt", *board)
    state = replay.final
    assert state.die("P2:SK2").zone == state.die("P2:SK3").zone == Zone.BAG
    assert state.die("P1:SK2").zone == Zone.USED  # only the opponent's
    assert state.die("P2:SK1").zone == Zone.FIELD  # not one in the Field


def test_move_an_opposing_die_costing_2_or_less_to_the_used_pile():  # UXM Psylocke
    cards, text = _options("50uxm")
    refused(cards, text + "P1 choose P2:5sww#1\n", "R13.2")  # Cheetah costs 4
    replay = play(cards, text, "P1 choose P2:SK1")
    assert replay.final.die("P2:SK1").zone == Zone.USED


def test_roll_x_dice_and_deal_x_damage():  # MSW Goddess of Thunder: X = your [TCS] dice
    board = ("P1 die 110msw#2 field L1", "P1 die SK2 bag", "P1 die SK3 bag")
    answers = ["P1 draw SK2 SK3", "P1 roll SK2=bolt SK3=L1", "P1 choose P2:19sww#1"]
    _, replay = _fielded("110msw", *board, answers=answers)
    assert replay.final.die("P1:SK3").zone == Zone.RESERVE
    assert replay.final.die("P2:19sww#1").damage == 2


def _with_p2(key: str, extra: str, *opposing: str, start: str):
    cards = real_cards(key, start)
    cards[extra] = engine_card(pool()[extra], {})
    lines, field = to_field(key)
    text = scene(key, *lines, opposing=("P2 die SK1 field L1", *opposing)) + field + "\n"
    return cards, text.replace(P2_TEAM, P2_TEAM.replace(" basic", f" {extra}:1 basic"))


def test_damage_each_player_unless_the_opponent_has_spider_man():  # AOU Electro
    cards, text = _with_p2("142aou", "16avx", start="When fielded, deal")
    state = play(cards, text).final
    assert state.player("P1").life == state.player("P2").life == 18
    cards, text = _with_p2("142aou", "16avx", "P2 die 16avx#1 field L1", start="When fielded, deal")
    state = play(cards, text).final
    assert state.player("P1").life == 20 and state.player("P2").life == 18


def test_when_fielded_then_a_static_on_one_line():  # CW Moon Knight: opposing Iron Man only
    cards, text = _with_p2("51cw", "13avx", "P2 die 13avx#1 field L1", start="When fielded")
    state = play(cards, text).final
    assert state.die("P2:13avx#1").damage == 2 and state.die("P2:SK1").damage == 0
    assert len(cards["51cw"].abilities) == 2  # the static too


def test_when_fielded_then_when_attacks_on_one_line():  # BAT Orion
    cards, text = _options("103bat")
    replay = play(cards, text, "P1 attack 103bat#1")
    assert replay.final.player("P2").life == 16  # 2 when fielded, 2 when it attacks


# -- more from the bag, spins that can't happen ------------------------------------------------
def test_search_the_bag_for_a_named_die_and_field_it():  # AOU Pepper Potts, when KO'd
    cards = real_cards("123aou", "Pepper Potts can't attack")
    cards["13avx"] = engine_card(pool()["13avx"], {})
    board = ("P1 die 123aou#1 field L1", "P1 die 13avx#1 bag", "P1 die SK2 bag")
    head = scene("123aou", *board, team="13avx:1")
    text = head + "judge ko P1:123aou#1\n"
    assert run(cards, text).final.pending.options == ("P1:13avx#1",)  # an Iron Man die only
    replay = play(cards, head, "judge ko P1:123aou#1", "P1 choose 13avx#1")
    die = replay.final.die("P1:13avx#1")
    assert die.zone == Zone.FIELD and die.level == 1


def test_prep_a_die_and_another_if_it_is_a_villain():  # HQ Catwoman
    board = ("P1 die 5hq#2 bag", "P1 die SK2 bag", "P1 die SK3 bag")
    _, replay = _fielded("5hq", *board, answers=["P1 draw 5hq#2", "P1 draw SK2"])
    assert replay.final.die("P1:SK2").zone == Zone.PREP  # Catwoman is a Villain: one more
    _, replay = _fielded("5hq", *board, answers=["P1 draw SK2"])
    assert replay.final.pending is None and replay.final.die("P1:SK3").zone == Zone.BAG


def test_spin_every_x_men_die_down_and_damage_for_each_that_cant():  # XFC Sentinel
    _, replay = _fielded("109xfc", "P1 die 19sww#1 field L1")
    state = replay.final
    assert state.die("P2:21uxm#1").level == 1  # Quicksilver spun down from level 2
    assert state.die("P2:22uxm#1").level == 1  # Wolverine at level 1: couldn't
    assert state.player("P2").life == 18  # one X-Men die couldn't spin down
    assert state.die("P2:5sww#1").level == 2  # Cheetah is no X-Men die


def test_damage_for_each_of_your_active_teen_titans():  # WOL Starfire: '[WT]' alone, herself too
    _, replay = _fielded("69wol", "P1 die 69wol#2 field L1", "P1 die 19sww#1 field L1")
    assert replay.final.player("P2").life == 18  # two Starfire dice; Superman is no Teen Titan


def test_ko_every_die_with_2a_or_less():  # BAT Killer Croc: both players' dice, A now
    board = ("P1 die SK2 field L1", "P1 die 19sww#1 field L1")
    _, replay = _fielded("61bat", *board)
    state = replay.final
    assert state.die("P1:SK2").zone == state.die("P2:SK1").zone == Zone.PREP  # 1A
    assert state.die("P2:22uxm#1").zone == Zone.FIELD  # Wolverine: 5A
    assert state.die("P1:19sww#1").zone == Zone.FIELD


def test_damage_equal_to_the_energy_in_the_chosen_players_reserve_pool():  # BFU Blightbringer
    reserve = ("P2 die SK2 reserve wild", "P2 die 22uxm#2 reserve fist2", "P1 die SK2 reserve bolt")
    _, replay = _fielded("13bfu", *reserve, answers=["P1 choose P2"])
    assert replay.final.player("P2").life == 17 and replay.final.player("P1").life == 20
    _, replay = _fielded("13bfu", *reserve, answers=["P1 choose P1"])
    assert replay.final.player("P1").life == 19  # their: the player chosen


def test_capture_a_die_with_d_no_higher_than_its_own():  # CW Nitro, D at level 1
    cards, text = _options("123cw")
    options = set(run(cards, text).final.pending.options)
    assert "P2:SK1" in options and "P2:19sww#1" not in options  # Superman: 6D
    replay = play(cards, text, "P1 choose P2:SK1")
    assert replay.final.die("P2:SK1").zone == Zone.CAPTURED


def test_gain_life_with_the_costliest_die_in_the_field():  # WOL Lex Luthor
    cards = real_cards("20wol", "When")
    _, replay = _fielded("20wol", "P1 life 15", cards=cards, opposing=("P2 die SK1 field L1",))
    assert replay.final.player("P1").life == 17  # Lex Luthor costs more than a Sidekick
    _, replay = _fielded("20wol", "P1 life 15", cards=cards)  # Superman (6) is P2's
    assert replay.final.player("P1").life == 15


def test_damage_more_to_a_die_whose_card_costs_4_or_more():  # MSW Jane Foster
    _, replay = _fielded("73msw", answers=["P1 choose P2:19sww#1"])
    assert replay.final.die("P2:19sww#1").damage == 5  # Superman costs 6
    cards = real_cards("73msw", "When")
    cards["41wol"] = engine_card(pool()["41wol"], {})  # Carol Ferris costs 2
    lines, field = to_field("73msw")
    setup = scene("73msw", *lines, "P1 die 41wol#1 field L3", team="41wol:1")
    replay = play(cards, setup, field, "P1 choose P1:41wol#1")
    assert replay.final.die("P1:41wol#1").damage == 2


def test_spin_down_a_target_without_a_number_of_levels():  # WOL Mongul, when it attacks
    cards = real_cards("93wol", "When")
    head = scene("93wol", "P1 die 93wol#1 field L1")
    replay = play(cards, head, "P1 attack 93wol#1", "P1 choose P2:21uxm#1")
    assert replay.final.die("P2:21uxm#1").level == 1  # one level, from 2
