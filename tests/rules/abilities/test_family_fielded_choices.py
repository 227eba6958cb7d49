"""Template family `fielded_choices` and its clauses: real card lines read from the card file
at test time (tests/rules/abilities/real_cards.py), played through the engine against a fixed
opposing board (a Sidekick SK1, Cheetah 5sww#1 L2 (Villain), Wolverine 22uxm#1 L1, Quicksilver
21uxm#1 L2, Superman 19sww#1 L1)."""

import pytest

from rules.abilities import compile_card
from rules.abilities.cards import engine_card
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import (
    pool,
    real_cards,
    real_compiled,
    scene,
    to_field,
    whole_card,
)
from tests.rules.abilities.scenario import play, real_pool_path, refused, run

pytestmark = pytest.mark.skipif(
    not real_pool_path().exists(), reason="the real card pool is not available"
)


def _fielded(key, *board, answers=(), opposing=None, start="When"):
    cards = real_cards(key, start)
    lines, field = to_field(key)
    extra = {} if opposing is None else {"opposing": opposing}
    return cards, play(cards, scene(key, *lines, *board, **extra), field, *answers)


def _text(key, *board, start="When", opposing=None):
    lines, field = to_field(key)
    extra = {} if opposing is None else {"opposing": opposing}
    return scene(key, *lines, *board, **extra) + field + "\n"


# -- Corrupt N ----------------------------------------------------------------------------------
_P2_BAG = ("P2 die SK5 bag", "P2 die SK6 bag")


def test_corrupt_the_opponent_places_one_drawn_die_in_their_used_pile():  # DXM Sage
    answers = ["P1 choose P2", "P2 draw SK5 SK6", "P2 choose P2:SK6"]
    _, replay = _fielded("17dxm", *_P2_BAG, answers=answers)
    state = replay.final
    assert state.die("P2:SK6").zone == Zone.USED  # the die they chose: placed in Used
    assert state.die("P2:SK5").zone == Zone.BAG  # the rest: back in the bag
    assert state.pending is None


def test_corrupt_the_target_player_chooses_not_the_holder():  # DXM Sage
    cards = real_cards("17dxm", "When")
    text = _text("17dxm", *_P2_BAG) + "P1 choose P2\nP2 draw SK5 SK6\n"
    assert run(cards, text).final.pending.player == "P2"
    refused(cards, text + "P2 choose P2:22uxm#1\n", "R13.2")  # only a drawn die


def test_corrupt_may_target_the_holder():  # DXM Sage: 'target player', either one
    answers = ["P1 choose P1", "P1 draw SK7 SK8", "P1 choose P1:SK7"]
    _, replay = _fielded("17dxm", "P1 die SK7 bag", "P1 die SK8 bag", answers=answers)
    state = replay.final
    assert state.die("P1:SK7").zone == Zone.USED  # placed, not sent: not Out of Play
    assert state.die("P1:SK8").zone == Zone.BAG


def test_corrupt_after_another_trigger():  # DXM Sage: 'When Sage is KO'd, Corrupt 3'
    cards = real_cards("18dxm", "When")
    bag = ("P2 die SK5 bag", "P2 die SK6 bag", "P2 die SK7 bag")
    setup = scene("18dxm", "P1 die 18dxm#1 field L1", *bag)
    combat = ("P1 attack 18dxm#1", "P2 block 5sww#1>18dxm#1", "P1 damage")  # Cheetah 4A: KO
    answers = ("P1 choose P2", "P2 draw SK5 SK6 SK7", "P2 choose P2:SK5")
    state = play(cards, setup, *combat, *answers).final
    assert state.die("P1:18dxm#1").zone == Zone.PREP
    assert [state.die(f"P2:SK{n}").zone for n in (5, 6, 7)] == [Zone.USED, Zone.BAG, Zone.BAG]


# -- [PAWN] and Superstar dice ---------------------------------------------------------------
def test_pawn_is_a_sidekick():  # WWE Shinsuke Nakamura: 'you may KO target [PAWN]'
    _, replay = _fielded("43wwe", answers=["P1 yes", "P1 choose P2:SK1"])
    assert replay.final.die("P2:SK1").zone == Zone.PREP  # KO'd


def test_pawn_target_refuses_a_non_sidekick():  # WWE Shinsuke Nakamura
    cards = real_cards("43wwe", "When")
    text = _text("43wwe") + "P1 yes\n"
    assert "P2:22uxm#1" not in run(cards, text).final.pending.options
    refused(cards, text + "P1 choose P2:22uxm#1\n", "R13.2")


def test_pawn_damage_after_when_fielded():  # IG Black Widow: 'deal 1 damage to target [PAWN]'
    _, replay = _fielded("22ig", answers=["P1 choose P2:SK1"])
    assert replay.final.die("P2:SK1").zone == Zone.PREP  # 1 damage, D1: KO'd


def test_a_line_other_families_read_as_printed_keeps_its_reading():  # WWE Sasha Banks
    _, result = real_compiled("41wwe", "When")
    (effect,) = result.encoding["abilities"][0]["effects"]
    # keywords_more / fielded_more's one 'next purchase' effect; a Superstar is a non-Sidekick
    # character die (tokens.SUPERSTAR_WHAT)
    assert effect == {"do": "next_purchase", "amount": 2, "cards": {"what": "non_sidekick"}}


# -- the opponent rerolls their own dice --------------------------------------------------------
def test_opponent_rerolls_their_villains_only():  # BAT Batman: '... their active [DCV] dice'
    cards = real_cards("86bat", "When fielded, your opponent must reroll their active [DCV]")
    lines, field = to_field("86bat")
    replay = play(cards, scene("86bat", *lines), field, "P2 roll 5sww#1=mask")
    state = replay.final
    assert state.die("P2:5sww#1").zone == Zone.RESERVE  # Cheetah (Villain) rerolled to energy
    assert state.die("P2:22uxm#1").zone == Zone.FIELD  # Wolverine: not a Villain
    assert state.pending is None


def test_opponent_rerolls_their_non_villains_not_the_holders():  # BAT Batman (other side)
    cards = real_cards("86bat", "When fielded, your opponent must reroll their active non-")
    lines, field = to_field("86bat")
    text = scene("86bat", *lines, "P1 die 19sww#1 field L1") + field + "\n"
    pending = run(cards, text).final.pending
    asked = " ".join(pending.options) + pending.text
    assert "P1:19sww#1" not in asked  # the holder's Superman is not rerolled
    assert "5sww#1" not in asked  # Cheetah is a Villain


# -- you may sacrifice ... to ---------------------------------------------------------------------
def test_sacrifice_self_then_damage_each_villain():  # ASM Firestar
    _, replay = _fielded("86asm", answers=["P1 yes"])
    state = replay.final
    assert state.die("P1:86asm#1").zone in (Zone.OUT_OF_PLAY, Zone.USED)  # not KO'd (Prep)
    assert state.die("P2:5sww#1").zone == Zone.FIELD  # Cheetah L2: D4, 3 damage
    assert state.die("P2:5sww#1").damage == 3
    assert state.die("P2:22uxm#1").damage == 0  # not a Villain


def test_sacrifice_declined_does_nothing():  # ASM Firestar
    _, replay = _fielded("86asm", answers=["P1 no"])
    assert replay.final.die("P1:86asm#1").zone == Zone.FIELD
    assert replay.final.die("P2:5sww#1").damage == 0


def test_sacrifice_one_of_your_dice_then_the_effect():  # ASM Hobgoblin (while-active watcher)
    cards = real_cards("54asm", "While")
    setup = scene(
        "54asm", "P1 die 54asm#1 field L1", "P1 die SK7 field L1", "P2 die SK4 reserve fist",
        "P1 life 15", active="P2",
    ).replace("P2 team 5sww:2", "P2 team 11ai:2 5sww:2")  # fmt: skip
    used = "P2 global 11ai pay SK4 target 22uxm#1"
    replay = play(cards, setup, used, "P1 yes", "P1 choose P1:SK7")
    state = replay.final
    assert state.die("P1:SK7").zone == Zone.USED  # sacrificed on the opponent's turn
    assert state.player("P1").life == 17  # (life never goes above the starting 20, R12.4)
    text = setup + used + "\nP1 yes\n"
    refused(cards, text + "P1 choose P1:54asm#1\n", "R13.2")  # a Sidekick only


# -- you may pay N life to ------------------------------------------------------------------------
def test_pay_life_to_draw_and_roll():  # YGO Dark Magician
    answers = ["P1 yes", "P1 draw SK7 SK8", "P1 roll SK7=fist SK8=mask"]
    _, replay = _fielded("3ygo", "P1 die SK7 bag", "P1 die SK8 bag", answers=answers)
    state = replay.final
    assert state.player("P1").life == 18
    assert state.die("P1:SK7").zone == Zone.RESERVE
    assert state.die("P1:SK8").zone == Zone.RESERVE


def test_pay_life_declined_costs_nothing():  # YGO Dark Magician
    _, replay = _fielded("3ygo", answers=["P1 no"])
    assert replay.final.player("P1").life == 20


def test_pay_life_to_spin_a_die_up():  # YGO Slifer: 'spin a die up one level' (any character)
    _, replay = _fielded("66ygo", answers=["P1 yes", "P1 choose P2:22uxm#1"])
    state = replay.final
    assert state.player("P1").life == 19
    assert state.die("P2:22uxm#1").level == 2


# -- choose <die>. That die ... ------------------------------------------------------------
def test_choose_a_die_that_die_cant_block():  # AoU Black Widow
    cards, replay = _fielded("37aou", answers=["P1 choose P2:22uxm#1"])
    after = replay.final
    assert after.pending is None
    text = _text("37aou", "P1 die 19sww#1 field L1") + "P1 choose P2:22uxm#1\n"
    text += "P1 attack 19sww#1\n"
    refused(cards, text + "P2 block 22uxm#1>19sww#1\n", "R13.7")


def test_choose_with_a_lasting_choice_is_not_read():  # BFF Umber Hulk: an energy type
    _, result = real_compiled("56bff", "When")
    assert result.status != "automated"


# -- spellings the other families read once put in their words ------------------------------------
def _with(cards, *keys):
    for key in keys:
        record = pool()[key]
        cards[key] = engine_card(record, compile_card(record).encoding)
    return cards


def test_a_die_of_cost_5_or_more_is_fielded_without_while_active():  # SW Wulfen
    cards = _with(real_cards("24sw", "When"), "6sw", "1sw")
    setup = scene(
        "24sw", "P1 die 24sw#1 field L1", "P1 die 6sw#1 reserve L1", "P1 die 1sw#1 reserve L1",
        team="6sw:2 1sw:2",
    )  # fmt: skip
    assert run(cards, setup + "P1 field 6sw#1\n").final.die("P1:24sw#1").level == 2  # cost 6
    assert run(cards, setup + "P1 field 1sw#1\n").final.die("P1:24sw#1").level == 1  # cost 2


def test_when_active_slip_and_an_opposing_pawn_fielded():  # WWE Charlotte Flair
    cards = real_cards("17wwe", "When")
    theirs = scene("17wwe", "P1 die 17wwe#1 field L1", "P2 die SK4 reserve L1", active="P2")
    assert run(cards, theirs + "P2 field SK4\n").final.player("P2").life == 19
    mine = scene("17wwe", "P1 die 17wwe#1 field L1", "P1 die SK4 reserve L1")
    state = run(cards, mine + "P1 field SK4\n").final
    assert (state.player("P1").life, state.player("P2").life) == (20, 20)  # not opposing


def test_an_affiliation_die_from_the_used_pile_is_a_character_die():  # M2017 Magneto
    cards = real_cards("12m2017", "When")
    text = _text("12m2017", "P1 die 12m2017#2 used", "P1 die 19sww#2 used") + "P1 yes\n"
    assert run(cards, text).final.pending.options == ("P1:12m2017#2",)  # not Superman
    state = run(cards, text + "P1 choose P1:12m2017#2\n").final
    assert state.die("P1:12m2017#2").zone == Zone.FIELD
    assert state.die("P1:12m2017#2").level == 3


def test_a_superstar_or_sidekick_die_from_the_used_pile():  # BIT Undertaker
    cards = real_cards("24bit", "When")
    text = _text("24bit", "P1 die SK7 used") + "P1 yes\nP1 choose P1:SK7\n"
    state = run(cards, text).final
    assert state.die("P1:SK7").zone == Zone.FIELD and state.die("P1:SK7").level == 1


# -- with purchase cost N or more; KO and gain life equal to its level ----------------------------
def test_ko_a_die_with_purchase_cost_6_or_more_then_gain_life():  # IMW Hulkbuster Iron Man
    cards = real_cards("6imw", "When")
    text = _text("6imw", "P1 life 15") + "P1 yes\n"
    assert set(run(cards, text).final.pending.options) == {"P2:19sww#1"}  # Superman, cost 6
    state = run(cards, text + "P1 choose P2:19sww#1\n").final
    assert state.die("P2:19sww#1").zone == Zone.PREP
    assert state.player("P1").life == 17


def test_knock_out_and_gain_life_equal_to_its_level():  # AVXOP Thor
    opposing = ("P2 die 22uxm#1 field L2", "P2 die 21uxm#1 field L2")
    cards = real_cards("7avxop", "When")
    text = _text("7avxop", "P1 life 15", opposing=opposing) + "P1 yes\n"
    refused(cards, text + "P1 choose P2:21uxm#1\n", "R13.2")  # Quicksilver is [B]
    state = run(cards, text + "P1 choose P2:22uxm#1\n").final  # Wolverine, [F], level 2
    assert state.die("P2:22uxm#1").zone == Zone.PREP
    assert state.player("P1").life == 17


# -- <die> takes no damage this turn; 'if you have an active [X] die' counts the others ----------
def _loki_blocked(*board):
    cards = real_cards("9m2016", "When")
    combat = "P1 attack 9m2016#1\nP2 block 5sww#1>9m2016#1\nP1 damage\n"  # Cheetah 4A, Loki D4
    return run(cards, _text("9m2016", *board) + combat).final


def test_takes_no_damage_this_turn_with_another_avenger_active():  # M2016 Loki
    state = _loki_blocked("P1 die 9m2016#2 field L1")
    assert state.die("P1:9m2016#1").zone == Zone.FIELD  # no damage: not KO'd, back in the Field
    assert state.die("P1:9m2016#1").damage == 0


def test_the_fielded_die_itself_is_not_the_other_avenger():  # M2016 Loki
    state = _loki_blocked()
    assert state.die("P1:9m2016#1").zone == Zone.PREP  # condition false: KO'd by Cheetah


def test_move_one_of_your_sidekicks_to_the_used_pile_to_deal_damage():  # UXM Falcon
    cards = real_cards("102uxm", "When")
    text = _text("102uxm", "P1 die SK7 field L1") + "P1 yes\nP1 choose P1:SK7\n"
    state = run(cards, text + "P1 choose P2:22uxm#1\n").final
    assert state.die("P1:SK7").zone in (Zone.OUT_OF_PLAY, Zone.USED)  # sent on P1's turn
    assert state.die("P2:22uxm#1").zone == Zone.PREP  # Wolverine D2: 2 damage KOs it
    refused(cards, text + "P1 choose P1:SK7\n", "R13.2")  # an opposing character only


def test_no_sidekick_to_move_no_damage():  # UXM Falcon: the damage needs the payment
    cards = real_cards("102uxm", "When")
    state = run(cards, _text("102uxm") + "P1 yes\n").final
    assert state.pending is None
    assert state.die("P2:22uxm#1").zone == Zone.FIELD


def test_corrupt_with_its_reminder_text_still_printed():  # DXM Rogue
    answers = ["P1 choose P2", "P2 draw SK5 SK6", "P2 choose P2:SK5"]
    _, replay = _fielded("13dxm", *_P2_BAG, answers=answers)
    assert replay.final.die("P2:SK5").zone == Zone.USED
    assert replay.final.die("P2:SK6").zone == Zone.BAG


def test_a_short_name_is_the_cards_own_die():  # ASM Kraven the Hunter: 'give Kraven +3A'
    cards = real_cards("95asm", "When")
    text = _text("95asm", "P1 die SK7 field L1") + "P1 yes\n"
    before = run(cards, text).final
    base = query.attack(before, cards, before.die("P1:95asm#1")).value
    state = run(cards, text + "P1 choose P1:SK7\n").final
    assert query.attack(state, cards, state.die("P1:95asm#1")).value == base + 3
    assert state.die("P1:SK7").zone in (Zone.OUT_OF_PLAY, Zone.USED)
    refused(cards, text + "P1 choose P2:SK1\n", "R13.2")  # only your own die is sacrificed


# -- move the opponent's dice between their zones  ------------------------------------------------
def test_move_a_die_showing_energy_from_the_opponents_reserve_pool():  # FUS Intellect Devourer
    cards = real_cards("62fus", "When")
    board = ("P2 die SK4 reserve fist", "P2 die SK5 reserve mask", "P1 die SK8 reserve bolt")
    text = _text("62fus", *board)
    assert set(run(cards, text).final.pending.options) == {"P2:SK4", "P2:SK5"}  # not P1's
    state = run(cards, text + "P1 choose P2:SK4\n").final
    assert state.die("P2:SK4").zone == Zone.USED  # their Used Pile (not their turn)
    assert state.die("P2:SK5").zone == Zone.RESERVE


def test_move_a_fist_character_die_from_their_prep_area_to_their_bag():  # DP Scarlet Witch
    cards = real_cards("34dp", "When")
    text = _text("34dp", "P2 die 22uxm#2 prep", "P2 die 21uxm#2 prep") + "P1 yes\n"
    assert run(cards, text).final.pending.options == ("P2:22uxm#2",)  # Quicksilver is [B]
    state = run(cards, text + "P1 choose P2:22uxm#2\n").final
    assert state.die("P2:22uxm#2").zone == Zone.BAG
    assert state.die("P2:21uxm#2").zone == Zone.PREP


def test_move_all_their_sidekicks_from_two_zones_to_their_bag():  # TMNT Krang
    board = ("P2 die SK4 used", "P2 die SK5 prep", "P2 die 22uxm#2 used", "P1 die SK7 used")
    _, replay = _fielded("24tmnt", *board)
    state = replay.final
    assert state.die("P2:SK4").zone == Zone.BAG and state.die("P2:SK5").zone == Zone.BAG
    assert state.die("P2:22uxm#2").zone == Zone.USED  # not a Sidekick
    assert state.die("P1:SK7").zone == Zone.USED  # the holder's own dice stay


# -- spin one level for each; damage equal to twice a stat ----------------------------------------
def test_spin_up_one_level_for_each_other_avenger():  # M2016 Captain America
    cards = real_cards("11m2016", "When")
    alone = run(cards, _text("11m2016") + "P1 yes\n").final
    assert alone.die("P1:11m2016#1").level == 1  # itself not counted
    text = _text("11m2016", "P1 die 11m2016#2 field L1") + "P1 yes\n"
    assert run(cards, text).final.die("P1:11m2016#1").level == 2


def test_damage_equal_to_twice_its_level():  # JL Green Arrow: level 1, 2 damage
    cards = real_cards("53jl", "When")
    text = _text("53jl")
    state = run(cards, text + "P1 choose P2:5sww#1\n").final
    assert state.die("P2:5sww#1").damage == 2  # Cheetah L2 survives 2 damage
    state = run(cards, text + "P1 choose P2:22uxm#1\n").final
    assert state.die("P2:22uxm#1").zone == Zone.PREP  # Wolverine D2: KO'd


# -- the opponent's own choice -----------------------------------------------------------------
def test_opponent_spins_down_one_of_their_dice_of_their_choice():  # CW Black Widow
    cards = real_cards("2cw", "When")
    text = _text("2cw", "P1 die 19sww#2 field L2")
    pending = run(cards, text).final.pending
    assert pending.player == "P2" and "P1:19sww#2" not in pending.options  # theirs only
    state = run(cards, text + "P2 choose P2:5sww#1\n").final
    assert state.die("P2:5sww#1").level == 1  # Cheetah L2 -> L1
    assert state.die("P1:19sww#2").level == 2


def test_name_a_turtle_character_its_dice_cant_block():  # HHS Leatherhead
    cards = _with(real_cards("19hhs", "When"), "7hhs", "22hhs")
    turtles = ("P2 die 7hhs#1 field L1", "P2 die 7hhs#2 field L1", "P2 die 22hhs#1 field L1")
    text = _text("19hhs", "P1 die 19sww#2 field L1", *turtles)
    text = text.replace("P2 team 5sww:2", "P2 team 7hhs:2 22hhs:2 5sww:2")
    assert "P2:5sww#1" not in run(cards, text).final.pending.options  # Cheetah: not a Turtle
    text += "P1 choose P2:7hhs#1\nP1 attack 19sww#2\n"
    refused(cards, text + "P2 block 7hhs#2>19sww#2\n", "R13.7")  # the other Donatello die too
    assert run(cards, text + "P2 block 22hhs#1>19sww#2\n").final.die("P2:22hhs#1").blocking


def test_bolt_monsters_cost_two_less_for_you_to_buy():  # YGO Red-Eyes B. Dragon
    cards = whole_card("7ygo")
    setup = scene("7ygo", "P1 die 7ygo#1 field L1", team="21uxm:2")
    state = run(cards, setup).final
    assert query.purchase_cost(state, cards, "P1", "21uxm").value == 2  # Quicksilver [B], 4
    assert query.purchase_cost(state, cards, "P1", "19sww").value == 6  # Superman [S]: no
    assert query.purchase_cost(state, cards, "P2", "21uxm").value == 4  # for you only
