"""Template family `fielded_more` (more 'When fielded, ...' lines) and its clauses: real card
lines read from the card file at test time (tests/rules/abilities/real_cards.py), fielded
through the engine against a fixed opposing board (a Sidekick SK1, Cheetah 5sww#1 L2, Wolverine
22uxm#1 L1, Quicksilver 21uxm#1 L2, Superman 19sww#1 L1)."""

import json

import pytest

from rules.abilities.cards import engine_card
from rules.engine import Zone
from tests.rules.abilities.real_cards import pool, real_cards, real_compiled, scene, to_field
from tests.rules.abilities.scenario import compiled, play, real_pool_path, refused, run

pytestmark = pytest.mark.skipif(
    not real_pool_path().exists(), reason="the real card pool is not available"
)


def _fielded(key, *board, answers=(), opposing=None, cards=None):
    cards = cards or real_cards(key, "When")
    lines, field = to_field(key)
    extra = {} if opposing is None else {"opposing": opposing}
    return cards, play(cards, scene(key, *lines, *board, **extra), field, *answers)


# -- reroll, then the dice that didn't land on a character face go elsewhere ------------------
def test_reroll_a_target_and_send_it_to_the_used_pile_on_an_energy_face():  # ASM Black Cat
    _, replay = _fielded("77asm", answers=["P1 choose P2:22uxm#1", "P2 roll 22uxm#1=fist"])
    assert replay.final.die("P2:22uxm#1").zone == Zone.USED
    _, replay = _fielded("77asm", answers=["P1 choose P2:22uxm#1", "P2 roll 22uxm#1=L2"])
    assert replay.final.die("P2:22uxm#1").zone == Zone.FIELD  # a character face: it stays
    assert replay.final.die("P2:22uxm#1").level == 2


def test_reroll_only_opposing_dice():  # ASM Black Cat: 'your opponent's Used Pile'
    cards = real_cards("77asm", "When")
    lines, field = to_field("77asm")
    text = scene("77asm", *lines, "P1 die 19sww#1 field L1") + field + "\n"
    assert "P1:19sww#1" not in run(cards, text).final.pending.options
    refused(cards, text + "P1 choose P1:19sww#1\n", "R13.2")


def test_reroll_up_to_two_and_damage_for_each_die_moved():  # DPS Psylocke
    answers = [
        "P1 choose P2:22uxm#1 P2:21uxm#1",
        "P2 roll 22uxm#1=fist",
        "P2 roll 21uxm#1=L1",
    ]
    _, replay = _fielded("150dps", answers=answers)
    state = replay.final
    assert state.die("P2:22uxm#1").zone == Zone.USED
    assert state.die("P2:21uxm#1").zone == Zone.FIELD
    assert state.player("P2").life == 18  # one die moved: 2 damage


def test_no_die_moved_no_damage():  # DPS Psylocke: both land on character faces
    answers = ["P1 choose P2:22uxm#1", "P2 roll 22uxm#1=L1"]
    _, replay = _fielded("150dps", answers=answers)
    assert replay.final.player("P2").life == 20


def test_reroll_each_opposing_shield_monster_to_the_prep_area():  # YGO: [S] monsters
    _, replay = _fielded("106ygo", answers=["P2 roll 19sww#1=shield"])
    assert replay.final.die("P2:19sww#1").zone == Zone.PREP  # Superman is the [S] character
    assert replay.final.die("P2:22uxm#1").zone == Zone.FIELD  # not rerolled


def test_reroll_each_opposing_die_of_level_1_and_2():  # BFF Umber Hulk: 'level 1 and 2'
    opposing = ("P2 die 22uxm#1 field L1", "P2 die 21uxm#1 field L3")
    _, replay = _fielded("117bff", opposing=opposing, answers=["P2 roll 22uxm#1=fist"])
    assert replay.final.die("P2:22uxm#1").zone == Zone.USED
    assert replay.final.die("P2:21uxm#1").zone == Zone.FIELD  # level 3: not rerolled


# -- for each die KO'd this way ---------------------------------------------------------------
def test_ko_each_opposing_sidekick_and_damage_for_each():  # SMC Doppelganger
    opposing = ("P2 die SK1 field L1", "P2 die SK2 field L1", "P2 die 22uxm#1 field L1")
    _, replay = _fielded("11smc", opposing=opposing)
    state = replay.final
    assert {state.die("P2:SK1").zone, state.die("P2:SK2").zone} == {Zone.PREP}
    assert state.player("P2").life == 18


def test_damage_every_die_then_prep_a_die_for_each_kod():  # AI Thor
    # 1 damage to every character die: the Sidekick (D1) is KO'd, the others are not.
    _, replay = _fielded("40ai", answers=["P1 draw SK6"])
    assert replay.final.die("P2:SK1").zone == Zone.PREP
    assert replay.final.die("P1:SK6").zone == Zone.PREP  # one die drawn into the Prep Area


# -- If you do ---------------------------------------------------------------------------------
def test_if_you_do_after_a_ko():  # SWW Cheetah: KO an opposing Sidekick, then Prep a die
    _, replay = _fielded("5sww", answers=["P1 choose P2:SK1", "P1 draw SK6"])
    assert replay.final.die("P2:SK1").zone == Zone.PREP
    assert replay.final.die("P1:SK6").zone == Zone.PREP


def test_if_you_do_nothing_kod_nothing_drawn():  # SWW Cheetah without opposing Sidekicks
    opposing = ("P2 die 22uxm#1 field L1",)
    _, replay = _fielded("5sww", opposing=opposing)
    assert replay.final.pending is None  # no draw asked
    assert replay.final.die("P1:SK6").zone != Zone.PREP


# -- conditions --------------------------------------------------------------------------------
def test_opponent_has_more_fielded_characters():  # AVX Thing: draw and roll 3 dice
    answers = ["P1 draw SK6 SK7 SK8", "P1 roll SK6=L1 SK7=L1 SK8=L1"]
    _, replay = _fielded("123avx", answers=answers)
    assert {replay.final.die(f"P1:SK{n}").zone for n in (6, 7, 8)} == {Zone.RESERVE}
    _, replay = _fielded("123avx", opposing=("P2 die SK1 field L1",))
    assert replay.final.die("P1:SK6").zone != Zone.RESERVE  # 1 each: not more


def test_more_sidekicks_than_the_opponent():  # JUS Toyman
    cards = real_cards("57jus", "When fielded")
    mine = ("P1 die SK2 field L1", "P1 die SK3 field L1")
    _, replay = _fielded("57jus", *mine, cards=cards)
    assert replay.final.player("P2").life == 18
    _, replay = _fielded("57jus", "P1 die SK2 field L1", cards=cards)
    assert replay.final.player("P2").life == 20  # 1 each: not more


def test_fewer_sidekicks_than_the_opponent():  # WF Carmine Falcone
    _, replay = _fielded("43wf")
    assert replay.final.player("P2").life == 18
    _, replay = _fielded("43wf", "P1 die SK2 field L1")
    assert replay.final.player("P2").life == 20


def test_a_non_name_affiliated_die_of_yours():  # AI Gamora: another [GG] character die
    cards = real_cards("24ai", "When")
    cards["46aou"] = engine_card(pool()["46aou"], {})
    lines, field = to_field("24ai")
    without = play(cards, scene("24ai", *lines, team="46aou:2"), field).final
    assert without.pending is None  # no other [GG] die: nothing to KO
    with_one = scene("24ai", *lines, "P1 die 46aou#1 field L1", team="46aou:2")
    replay = play(cards, with_one, field, "P1 choose P2:22uxm#1")
    assert replay.final.die("P2:22uxm#1").zone == Zone.PREP


# -- a NAME die from the Used Pile ------------------------------------------------------------
def test_move_a_named_die_from_the_used_pile():  # BAT Commissioner Gordon: a Batman die
    cards = real_cards("90bat", "When")
    cards["1jl"] = engine_card(pool()["1jl"], {})
    lines, field = to_field("90bat")
    used = ("P1 die 1jl#1 used", "P1 die 19sww#2 used")
    setup = scene("90bat", *lines, *used, team="1jl:2")
    assert run(cards, setup + field + "\n").final.pending.options == ("P1:1jl#1",)
    state = play(cards, setup, field, "P1 choose P1:1jl#1").final
    assert state.die("P1:1jl#1").zone == Zone.PREP
    assert state.die("P1:19sww#2").zone == Zone.USED  # Superman is not a Batman die


def test_type_words_are_not_names():
    line = "When fielded, move an Adventurer die from your Used Pile to your Prep Area"
    assert compiled("19sww", ability_lines=[line]).status == "manual"


# -- draw a die, then roll it or send it away ----------------------------------------------------
def test_draw_a_die_and_roll_it_if_it_matches():  # XMF Kitty Pryde: an [XMEN] character die
    bag = ("P1 die 31xmf#2 bag",)
    _, replay = _fielded("31xmf", *bag, answers=["P1 draw 31xmf#2", "P1 roll 31xmf#2=L1"])
    assert replay.final.die("P1:31xmf#2").zone == Zone.RESERVE
    _, replay = _fielded("31xmf", *bag, answers=["P1 draw SK6"])
    assert replay.final.die("P1:SK6").zone == Zone.OUT_OF_PLAY  # sent to the Used Pile (R4.6)
    _, result = real_compiled("31xmf", "When")
    assert "each that is a X-Men character die is rolled" in result.description


# -- the next die you purchase costs less ------------------------------------------------------
def _cost(replay, cards, key):
    from rules.engine import query

    return query.purchase_cost(replay.final, cards, "P1", key).value


def test_the_next_action_die_costs_less_once():  # DPS Magik: the next action die, 1 less
    payers = ("P1 die SK6 reserve wild", "P1 die SK7 reserve wild", "P1 die SK8 reserve wild")
    cards, replay = _fielded("40dps", *payers)
    assert _cost(replay, cards, "31sww") == 2  # Take Cover costs 3
    assert _cost(replay, cards, "19sww") == 6  # not an action die
    lines, field = to_field("40dps")
    setup = scene("40dps", *lines, *payers)
    bought = play(cards, setup, field, "P1 buy 31sww pay SK6 SK7")  # 2 paid
    assert _cost(bought, cards, "31sww") == 3  # used up by that purchase
    ended = play(cards, setup, field, "P1 end")
    assert not [e for e in ended.final.effects if e.holder == "P1"]  # this turn only


def test_if_you_do_the_next_die_costs_less():  # MSW Corvus Glaive: KO one of yours first
    cards, replay = _fielded("25msw", "P1 die 19sww#1 field L1", answers=["P1 choose P1:19sww#1"])
    assert replay.final.die("P1:19sww#1").zone == Zone.PREP
    assert _cost(replay, cards, "19sww") == 4  # Superman costs 6
    assert _cost(replay, cards, "31sww") == 1  # Take Cover 3 - 2


def test_if_the_die_is_kod_by_this_damage():  # IG Ebony Maw: 2 damage, then 1 less
    cards, replay = _fielded("28ig", answers=["P1 choose P2:SK1"])
    assert _cost(replay, cards, "19sww") == 5  # the Sidekick (D1) is KO'd: Superman 6 - 1
    cards, replay = _fielded("28ig", answers=["P1 choose P2:19sww#1"])
    assert _cost(replay, cards, "19sww") == 6  # Superman (D6) survives: no discount


def test_the_next_purchase_goes_to_the_prep_area_or_the_bag():  # XFC Quicksilver, DPS Corsair
    payers = tuple(f"P1 die SK{n} reserve wild" for n in (5, 6, 7, 8))  # both fielded free
    cards = real_cards("68xfc", "When")
    lines, field = to_field("68xfc")
    setup = scene("68xfc", *lines, *payers)
    # an action die is not a character die: it goes to the Used Pile (Out of Play, R4.6)
    state = play(cards, setup, field, "P1 buy 31sww pay SK6 SK7 SK8").final
    bought = [d for d in state.dice if d.card == "31sww" and d.owner == "P1"]
    assert [d.zone for d in bought] == [Zone.USED]
    state = play(cards, setup, field, "P1 buy 68xfc pay SK5 SK6 SK7 SK8").final
    bought = [d for d in state.dice if d.card == "68xfc" and d.zone == Zone.PREP]
    assert len(bought) == 1  # the character die bought went to the Prep Area
    assert not [e for e in state.effects if e.holder == "P1"]  # used up
    cards = real_cards("24dps", "When")
    lines, field = to_field("24dps")
    state = play(
        cards, scene("24dps", *lines, *payers), field, "P1 buy 31sww pay SK6 SK7 SK8"
    ).final
    bought = [d for d in state.dice if d.card == "31sww" and d.owner == "P1"]
    assert [d.zone for d in bought] == [Zone.BAG]


def test_a_named_next_die():  # SKC Mary Shazam: the next Shazam die
    _, result = real_compiled("39skc", "When")
    assert result.encoding["abilities"][0]["effects"] == [
        {"do": "next_purchase", "amount": 2, "cards": {"name": "Shazam"}}
    ]
    line = "When fielded, the next Superstar die you purchase this turn costs [2] less"
    # a type, not a name (keywords_more reads it as the type)
    assert '"name": "Superstar"' not in json.dumps(compiled("19sww", ability_lines=[line]).encoding)


# -- the opponent may deal damage to one of your dice -------------------------------------------
def test_the_opponent_may_damage_one_of_your_other_dice():  # CW Bullseye
    mine = ("P1 die 19sww#1 field L1",)
    cards = real_cards("75cw", "When")
    lines, field = to_field("75cw")
    text = scene("75cw", *lines, *mine) + f"{field}\nP1 choose P2:SK1\n"
    pending = run(cards, text).final.pending
    assert pending.player == "P2" and set(pending.options) == {"P1:19sww#1"}  # not Bullseye
    replay = play(cards, scene("75cw", *lines, *mine), field, "P1 choose P2:SK1",
                  "P2 choose P1:19sww#1")  # fmt: skip
    assert replay.final.die("P2:SK1").zone == Zone.PREP
    assert replay.final.die("P1:19sww#1").damage == 2
    setup = scene("75cw", *lines, *mine)
    declined = play(cards, setup, field, "P1 choose P2:SK1", "P2 choose none")
    assert declined.final.die("P1:19sww#1").damage == 0
    _, result = real_compiled("75cw", "When")
    assert "your opponent may deal 2 damage to one of your character dice" in result.description


# -- small clauses -----------------------------------------------------------------------------
def test_the_opponent_gains_life_and_you_take_damage():  # AOU Hawkeye, DRS Mindless Ones
    _, replay = _fielded("7aou", opposing=("P2 die SK1 field L1", "P2 life 10"))
    assert replay.final.player("P2").life == 12
    _, replay = _fielded("16drs")
    assert replay.final.player("P1").life == 19


def test_no_sidekicks_can_block_this_turn():  # JL Black Canary
    cards = real_cards("77jl", "When")
    lines, field = to_field("77jl")
    setup = scene("77jl", *lines, "P1 die 19sww#1 field L1", turn=3)
    text = setup + f"{field}\nP1 attack 19sww#1\nP2 block SK1>19sww#1\n"
    refused(cards, text, "R13.7")


def test_printing_slips_and_a_name_with_a_full_stop():
    _, result = real_compiled("10jll", "When")  # 'charcter'
    assert result.encoding["abilities"][0]["effects"] == [
        {"do": "ko", "to": {"pick": "target", "side": "opposing", "what": "sidekick"}}
    ]
    _, result = real_compiled("8m2016", "When")  # 'Ms. Marvel': one sentence
    spec = result.encoding["abilities"][0]
    assert spec["if"]["of"]["other"]  # an [AV] card: your other [AV] dice (T5.1)
    assert spec["optional"]
    assert spec["effects"] == [{"do": "spin", "to": {"pick": "this"}, "levels": 1}]


def test_damage_equal_to_this_dies_attack():  # AVX Hawkeye: 'his attack value in damage'
    _, replay = _fielded("46avx", answers=["P1 choose P2:19sww#1"])
    assert replay.final.die("P2:19sww#1").damage == 3  # Hawkeye L1 has 3A
    line = "When fielded, deal X damage to target character die, where X is the number of dice"
    assert compiled("19sww", ability_lines=[line]).status == "manual"


def test_an_action_die_in_the_reserve_pool():  # XMF Storm: the condition, then reroll and sort
    answers = ["P1 choose P2:22uxm#1", "P2 roll 22uxm#1=fist"]
    _, replay = _fielded("57xmf", "P1 die BA:31sww#1 reserve action", answers=answers)
    assert replay.final.die("P2:22uxm#1").zone == Zone.USED
    _, replay = _fielded("57xmf")  # no action die in the Reserve Pool: nothing happens
    assert replay.final.pending is None
    assert replay.final.die("P2:22uxm#1").zone == Zone.FIELD


def test_ambiguous_lines_stay_manual():
    for line in (
        # KO of a die that already left the Field: not read
        "When fielded, reroll target opposing character die. KO it if it shows an energy face.",
        # 'your opponent's Used Pile' for dice that may be yours
        "When fielded, reroll target character die. If the result is not a character face, "
        "place that die in your opponent's Used Pile.",
        # 'If you do' after an effect that removes nothing
        "When fielded, spin target character die down 1 level. If you do, gain 1 life.",
        # a Villain counted where the KO'd dice may be anything
        "When fielded, KO target character die. Gain 1 life for each Villain KO'd this way.",
    ):
        assert compiled("19sww", ability_lines=[line]).status == "manual", line


def test_descriptions_read_as_english():
    _, result = real_compiled("150dps", "When")
    assert result.description == (
        "When this die is fielded: reroll up to 2 opposing character dice; each that doesn't "
        "land on a character face goes to its owner's Used Pile; then for each of those dice "
        "KO'd or moved: deal 2 damage to your opponent."
    )
    _, result = real_compiled("57jus", "When fielded")
    assert "if you have more Sidekick dice than your opponent" in result.description


REAL_AUTOMATED = (
    "6avx", "19avx", "92avx", "123avx", "44ygo", "106ygo", "77jl", "7aou", "3wol", "77asm",
    "43wf", "8m2016", "16drs", "5sww", "11smc", "126thor", "2ai", "24ai", "40ai", "10jll",
    "4hq", "20hq", "112dps", "150dps", "97msw", "117bff", "70ygo", "63aou", "33bfu",
    "4tmnt", "90bat", "31xmf", "47tmnt", "40dps", "25msw", "59ig", "21msw", "79skc",
    "28ig", "111msw", "63ig", "75cw", "68xfc", "24dps",
    "46avx", "71wf", "57xmf",
)  # fmt: skip


@pytest.mark.parametrize("key", REAL_AUTOMATED)
def test_real_cards_compile_automated(key):
    from rules.abilities import compile_card

    assert compile_card(pool()[key]).status == "automated"
