"""Template family `fielded_long` (the long tail of 'When fielded' lines) and its clauses:
real card lines read from the card file at test time (tests/rules/abilities/real_cards.py),
fielded through the engine against a fixed opposing board (a Sidekick SK1, Cheetah 5sww#1 L2,
Wolverine 22uxm#1 L1, Quicksilver 21uxm#1 L2, Superman 19sww#1 L1)."""

import pytest

from rules.abilities.cards import engine_card
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import pool, real_cards, real_compiled, scene, to_field
from tests.rules.abilities.scenario import play, real_pool_path, refused, run

pytestmark = pytest.mark.skipif(
    not real_pool_path().exists(), reason="the real card pool is not available"
)


def _cards(key, *more, start="When"):
    """The line's card and the real cards `more` (their dice bought or rolled; no abilities)."""
    cards = real_cards(key, start)
    for other in more:
        cards[other] = engine_card(pool()[other], {"abilities": []})
    return cards


def _fielded(key, *board, answers=(), opposing=None, team="", start="When"):
    more = [entry.split(":")[0] for entry in team.split()]
    cards = _cards(key, *more, start=start)
    lines, field = to_field(key)
    extra = {} if opposing is None else {"opposing": opposing}
    setup = scene(key, *lines, *board, team=team, **extra)
    return cards, play(cards, setup, field, *answers)


def _bought(state, card, owner="P1"):
    return [
        d for d in state.dice if d.card == card and d.owner == owner and d.zone != Zone.UNPURCHASED
    ]


# -- a purchase while the effect resolves -------------------------------------------------------
def test_purchase_a_basic_action_die_for_one():  # JL Batman: a basic action die for 1
    payer = "P1 die SK8 reserve bolt"
    answers = ["P1 yes", "P1 choose BA:31sww#1", "P1 yes pay SK8"]
    _, replay = _fielded("1jl", payer, answers=answers)
    (bought,) = _bought(replay.final, "31sww")
    assert bought.zone == Zone.USED  # R7.4: Take Cover (cost 3) bought for 1
    events = [e.kind for step in replay.steps for e in step.events]
    assert "purchased" in events  # as any purchase: 'when purchased' abilities see it


def test_purchase_declined_or_unpaid_buys_nothing():  # JL Batman
    payer = "P1 die SK8 reserve bolt"
    _, replay = _fielded("1jl", payer, answers=["P1 yes", "P1 choose none"])
    assert not _bought(replay.final, "31sww")
    _, replay = _fielded("1jl", payer, answers=["P1 yes", "P1 choose BA:31sww#1", "P1 no"])
    assert not _bought(replay.final, "31sww")
    assert replay.final.die("P1:SK8").zone == Zone.RESERVE  # nothing spent


def test_purchase_only_from_the_dice_the_card_names():  # JLOP Batman: a Robin die, 1 less
    cards = _cards("10jlop", "63jl")
    lines, field = to_field("10jlop")
    payers = ("P1 die SK7 reserve shield", "P1 die SK8 reserve fist")
    setup = scene("10jlop", *lines, *payers, team="63jl:2")
    text = setup + field + "\nP1 yes\n"
    assert run(cards, text).final.pending.options == ("P1:63jl#1",)  # Robin only
    refused(cards, text + "P1 choose BA:31sww#1\n", "R13.2")
    answers = ["P1 yes", "P1 choose 63jl#1", "P1 yes pay SK7 SK8"]
    state = play(cards, setup, field, *answers).final
    assert [d.zone for d in _bought(state, "63jl")] == [Zone.USED]  # Robin (3) for 2


def test_purchase_for_less_keeps_the_energy_type():  # JLOP Batman: R7.2 / R7.3
    cards = _cards("10jlop", "63jl")
    lines, field = to_field("10jlop")
    payers = ("P1 die SK7 reserve fist", "P1 die SK8 reserve fist")
    setup = scene("10jlop", *lines, *payers, team="63jl:2")
    text = setup + field + "\nP1 yes\nP1 choose 63jl#1\nP1 yes pay SK7 SK8\n"
    refused(cards, text, "R6.5")  # Robin needs a shield among the payment


def test_purchase_an_action_die_into_the_prep_area():  # JUS Green Lantern: 1 less, Prep
    payers = ("P1 die SK7 reserve wild", "P1 die SK8 reserve wild")
    answers = ["P1 yes", "P1 choose BA:31sww#1", "P1 yes pay SK7 SK8"]
    _, replay = _fielded("22jus", *payers, answers=answers)
    assert [d.zone for d in _bought(replay.final, "31sww")] == [Zone.PREP]


def test_purchase_and_roll_it():  # TMNT Baxter Stockman: a Mousers die for 1, rolled
    cards = _cards("6tmnt", "31tmnt")
    lines, field = to_field("6tmnt")
    setup = scene("6tmnt", *lines, "P1 die SK8 reserve shield", team="31tmnt:2")
    answers = ["P1 yes", "P1 choose 31tmnt#1", "P1 yes pay SK8", "P1 roll 31tmnt#1=L1"]
    state = play(cards, setup, field, *answers).final
    assert [d.zone for d in _bought(state, "31tmnt")] == [Zone.RESERVE]


def test_pay_to_purchase_another_card_into_the_bag():  # JL Superman: 2, Justice League, bag
    payers = ("P1 die SK7 reserve wild", "P1 die SK8 reserve wild")
    cards = real_cards("16jl", "When")
    lines, field = to_field("16jl")
    setup = scene("16jl", *lines, *payers)
    text = setup + field + "\nP1 yes\n"
    assert run(cards, text).final.pending.options == ("P1:19sww#1",)  # not Superman (16jl)
    state = play(cards, setup, field, "P1 yes", "P1 choose 19sww#1", "P1 yes pay SK7 SK8").final
    assert state.die("P1:19sww#1").zone == Zone.BAG


def test_if_you_do_purchase_a_dotted_name_for_free():  # AOU Phil Coulson
    cards = _cards("124aou", "63aou")
    lines, field = to_field("124aou")
    setup = scene("124aou", *lines, team="63aou:2")
    answers = ["P1 yes", "P1 choose P2:SK1", "P1 choose 63aou#1"]
    state = play(cards, setup, field, *answers).final
    assert state.die("P2:SK1").zone == Zone.PREP
    assert [d.zone for d in _bought(state, "63aou")] == [Zone.USED]  # free: nothing paid
    _, result = real_compiled("124aou", "When")
    assert "S.H.I.E.L.D. Agent" in result.description


# -- draws routed by what was drawn ----------------------------------------------------------------
def test_two_sidekicks_drawn_are_rolled_else_both_back_to_the_bag():  # XMF: both Sidekicks
    answers = ["P1 draw SK6 SK7", "P1 roll SK6=L1 SK7=fist"]  # one roll of both
    _, replay = _fielded("48xmf", answers=answers)
    assert {replay.final.die(f"P1:SK{n}").zone for n in (6, 7)} == {Zone.RESERVE}
    bag = ("P1 die 19sww#2 bag",)
    _, replay = _fielded("48xmf", *bag, answers=["P1 draw SK6 19sww#2"])
    assert {replay.final.die(d).zone for d in ("P1:SK6", "P1:19sww#2")} == {Zone.BAG}


def test_two_sidekicks_drawn_damage_all_opposing_dice():  # JUS: Used Pile and 2 damage
    _, replay = _fielded("36jus", answers=["P1 draw SK6 SK7"])
    state = replay.final
    assert state.die("P2:SK1").zone == Zone.PREP  # D1: KO'd
    assert state.die("P2:19sww#1").zone == Zone.FIELD  # D6
    assert state.die("P1:SK6").zone == Zone.OUT_OF_PLAY  # sent to the Used Pile (R4.6)
    bag = ("P1 die 19sww#2 bag",)
    _, replay = _fielded("36jus", *bag, answers=["P1 draw SK6 19sww#2"])
    assert replay.final.die("P2:SK1").zone == Zone.FIELD  # not both: no damage
    assert replay.final.die("P1:SK6").zone == Zone.BAG


def test_an_energy_die_drawn_may_deal_damage_then_back_to_the_bag():  # TMNT: [B] or [F] die
    bag = ("P1 die 19sww#2 bag",)  # Superman: a shield die, not a bolt or fist one
    cards = real_cards("44tmnt", "When")
    lines, field = to_field("44tmnt")
    setup = scene("44tmnt", *lines, "P1 die 44tmnt#2 bag")  # this card's own: a bolt die?
    energy = cards["44tmnt"].energy
    assert set(energy) & {"bolt", "fist"}
    state = play(cards, setup, field, "P1 draw 44tmnt#2", "P1 choose P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP
    assert state.die("P1:44tmnt#2").zone == Zone.BAG
    state = play(cards, setup, field, "P1 draw 44tmnt#2", "P1 choose none").final
    assert state.die("P2:SK1").zone == Zone.FIELD  # 'you may'
    _, replay = _fielded("44tmnt", *bag, answers=["P1 draw 19sww#2"])
    assert replay.final.pending is None  # a shield die: no damage asked
    assert replay.final.die("P1:19sww#2").zone == Zone.BAG


def test_draw_two_roll_one_prep_the_other():  # SKC: roll one, Prep the other
    answers = ["P1 draw SK6 SK7", "P1 choose SK7", "P1 roll SK7=L1"]
    _, replay = _fielded("65skc", answers=answers)
    assert replay.final.die("P1:SK7").zone == Zone.RESERVE
    assert replay.final.die("P1:SK6").zone == Zone.PREP


def test_draw_and_roll_a_matching_character_face():  # AOU Captain Universe: [AV] die, +2A
    cards = real_cards("41aou", "When")
    lines, field = to_field("41aou")
    setup = scene("41aou", *lines, "P1 die 41aou#2 bag")
    state = play(cards, setup, field, "P1 draw 41aou#2", "P1 roll 41aou#2=L1").final
    assert state.die("P1:41aou#2").zone == Zone.PREP
    fielded = state.die("P1:41aou#1")
    base = cards["41aou"].levels[0].attack
    assert query.attack(state, cards, fielded).value == base + 2
    state = play(cards, setup, field, "P1 draw SK6", "P1 roll SK6=L1").final
    assert query.attack(state, cards, state.die("P1:41aou#1")).value == base  # a Sidekick
    assert state.die("P1:SK6").zone == Zone.PREP


def test_draw_and_roll_repeats_once():  # AOU: gain 1 life and repeat once
    cards = _cards("79aou", "41aou")
    lines, field = to_field("79aou")
    board = ("P1 die 79aou#2 bag", "P1 die 41aou#1 bag")
    setup = scene("79aou", "P1 life 15", *lines, *board, team="41aou:2")
    answers = ["P1 draw 79aou#2", "P1 roll 79aou#2=L1", "P1 draw 41aou#1", "P1 roll 41aou#1=L1"]
    state = play(cards, setup, field, *answers).final
    assert state.player("P1").life == 17  # twice, and no third draw
    assert state.pending is None


def test_draw_and_roll_a_character_deals_its_attack():  # AVX: rolled character's A
    answers = ["P1 yes", "P1 draw SK6", "P1 roll SK6=L1"]
    _, replay = _fielded("107avx", answers=answers)
    assert replay.final.player("P2").life == 19  # a Sidekick: 1A
    assert replay.final.die("P1:SK6").zone == Zone.OUT_OF_PLAY  # to the Used Pile (R4.6)
    answers = ["P1 yes", "P1 draw SK6", "P1 roll SK6=bolt"]
    _, replay = _fielded("107avx", answers=answers)
    assert replay.final.die("P1:SK6").zone == Zone.RESERVE  # energy: it stays


# -- control, rerolls, KO or spin ------------------------------------------------------------------
def test_take_control_of_an_opposing_sidekick_until_end_of_turn():  # GOTG
    _, replay = _fielded("82gotg", answers=["P1 choose P2:SK1"])
    assert replay.final.die("P2:SK1").controller == "P1"
    cards, replay = _fielded("82gotg", answers=["P1 choose P2:SK1", "P1 end"])
    assert replay.final.die("P2:SK1").controller == "P2"  # back at end of turn (R15.2)
    assert replay.final.die("P2:SK1").zone == Zone.FIELD


def test_roll_an_opposing_character_energy_to_prep():  # JL: energy face -> Prep Area
    answers = ["P1 yes", "P1 choose P2:22uxm#1", "P2 roll 22uxm#1=fist"]
    _, replay = _fielded("108jl", answers=answers)
    assert replay.final.die("P2:22uxm#1").zone == Zone.PREP


def test_reroll_superstars_and_damage_for_each_sent():  # WWE Becky Lynch
    answers = ["P1 choose P2:22uxm#1 P2:21uxm#1", "P2 roll 22uxm#1=fist", "P2 roll 21uxm#1=L1"]
    _, replay = _fielded("7wwe", answers=answers)
    assert replay.final.die("P2:22uxm#1").zone == Zone.USED
    assert replay.final.player("P2").life == 19


def test_ko_at_level_one_else_spin_down():  # UXM: a Sidekick or a character costing 2 or less
    _, replay = _fielded("82uxm", answers=["P1 choose P2:SK1"])
    assert replay.final.die("P2:SK1").zone == Zone.PREP
    opposing = ("P2 die SK1 field L1", "P2 die 22uxm#1 field L1")
    cards = real_cards("82uxm", "When")
    lines, field = to_field("82uxm")
    text = scene("82uxm", *lines, opposing=opposing) + field + "\n"
    refused(cards, text + "P1 choose P2:22uxm#1\n", "R13.2")  # Wolverine costs 5


def test_ko_itself_then_if_you_do():  # SKC The Joker
    answers = ["P1 yes", "P1 choose P2:SK1", "P1 choose P2:22uxm#1", "P2 roll 22uxm#1=L2"]
    _, replay = _fielded("134skc", answers=answers)
    state = replay.final
    assert state.die("P1:134skc#1").zone == Zone.PREP
    assert state.die("P2:SK1").zone == Zone.PREP
    assert state.die("P2:22uxm#1").level == 2


def test_sacrifice_another_to_give_this_die_stats_and_overcrush():  # ASM
    cards, replay = _fielded(
        "23asm", "P1 die 19sww#1 field L1", answers=["P1 yes", "P1 choose P1:19sww#1"]
    )
    die = replay.final.die("P1:23asm#1")
    assert replay.final.die("P1:19sww#1").zone == Zone.OUT_OF_PLAY
    assert query.attack(replay.final, cards, die).value == cards["23asm"].levels[0].attack + 1
    assert "overcrush" in query.keywords(replay.final, cards, die)


def test_while_another_card_is_active_condition():  # HHS Foot Ninja: while Shredder is active
    _, result = real_compiled("10hhs", "When fielded")
    (spec,) = [s for s in result.encoding["abilities"] if s["when"] == "fielded"]
    assert spec["if"]["of"]["name"] == "Shredder"
    _, replay = _fielded("10hhs", start="When fielded")
    assert replay.final.pending is None  # no Shredder: no draw


def test_roll_a_character_from_the_used_pile_and_field_it():  # SKC: field it for free
    used = ("P1 die 19sww#2 used",)
    answers = ["P1 choose 19sww#2", "P1 roll 19sww#2=L2"]
    _, replay = _fielded("76skc", *used, answers=answers)
    assert replay.final.die("P1:19sww#2").zone == Zone.FIELD
    assert replay.final.die("P1:19sww#2").level == 2
    answers = ["P1 choose 19sww#2", "P1 roll 19sww#2=shield"]
    _, replay = _fielded("76skc", *used, answers=answers)
    assert replay.final.die("P1:19sww#2").zone == Zone.RESERVE


def test_each_player_may_roll_from_their_used_pile():  # SW: both players, else back
    board = ("P1 die 19sww#2 used", "P2 die 5sww#2 used")
    answers = ["P1 choose 19sww#2", "P1 roll 19sww#2=shield", "P2 choose 5sww#2"]
    answers += ["P2 roll 5sww#2=L1"]
    _, replay = _fielded("10sw", *board, answers=answers)
    assert replay.final.die("P1:19sww#2").zone == Zone.OUT_OF_PLAY  # R4.6, the holder's turn
    assert replay.final.die("P2:5sww#2").zone == Zone.FIELD


def test_opponent_picks_a_basic_action_die_for_your_used_pile():  # JUS Toyman
    _, replay = _fielded("55jus", answers=["P2 choose BA:34sww#1"])
    die = replay.final.die("BA:34sww#1")
    assert (die.owner, die.zone) == ("P1", Zone.USED)


def test_conditions_on_the_team_and_other_dice():  # DC2016 Supergirl, JUS Solomon Grundy
    _, replay = _fielded("3dc2016", answers=["P1 choose P2:5sww#1"])
    assert replay.final.die("P2:5sww#1").zone == Zone.PREP  # no Villain card on P1's team
    _, replay = _fielded("42jus")
    assert replay.final.pending is None  # no two other Villains
    villains = ("P1 die 5sww#1 field L1", "P1 die 5sww#2 field L1")
    _, replay = _fielded("42jus", *villains, team="5sww:2", answers=["P1 choose P2:SK1"])
    assert replay.final.die("P2:SK1").zone == Zone.PREP


def test_range_granted_by_a_triggered_effect():  # SKC: target character die you control
    _, replay = _fielded("130skc", "P1 die 19sww#1 field L1", answers=["P1 choose P1:19sww#1"])
    cards = real_cards("130skc", "When")
    assert "range_2" in query.keywords(replay.final, cards, replay.final.die("P1:19sww#1"))
    attack = ["P1 choose P1:19sww#1", "P1 attack 19sww#1", "P1 choose P2:SK1"]
    _, replay = _fielded("130skc", "P1 die 19sww#1 field L1", answers=attack)
    assert replay.final.die("P2:SK1").zone == Zone.PREP  # the granted Range 2 fired


def test_opponent_may_pay_life_to_prevent_the_damage():  # UXM Cyclops
    answers = ["P1 choose P2:SK1", "P2 yes"]
    _, replay = _fielded("4uxm", answers=answers)
    assert replay.final.die("P2:SK1").zone == Zone.FIELD
    assert replay.final.player("P2").life == 17
    _, replay = _fielded("4uxm", answers=["P1 choose P2:SK1", "P2 no"])
    assert replay.final.die("P2:SK1").zone == Zone.PREP


def test_if_your_opponent_has_no_villains():  # UXM: move a Sidekick to deal 1 and gain 1
    mine = ("P1 die SK8 field L1", "P1 life 15")
    opposing = ("P2 die SK1 field L1",)
    answers = ["P1 yes", "P1 choose P1:SK8"]
    _, replay = _fielded("12uxm", *mine, opposing=opposing, answers=answers)
    assert replay.final.player("P2").life == 19
    assert replay.final.player("P1").life == 16
    _, replay = _fielded("12uxm", *mine)  # Cheetah is a Villain
    assert replay.final.pending is None


def test_name_a_die_then_draw_it_to_field_at_level_3():  # WWE: a Superstar die
    cards = real_cards("5wwe", "When")
    lines, field = to_field("5wwe")
    setup = scene("5wwe", *lines, "P1 die 19sww#2 bag")
    state = play(cards, setup, field, "P1 choose 19sww", "P1 draw 19sww#2").final
    assert (state.die("P1:19sww#2").zone, state.die("P1:19sww#2").level) == (Zone.FIELD, 3)
    state = play(cards, setup, field, "P1 choose 5wwe", "P1 draw 19sww#2").final
    assert state.die("P1:19sww#2").zone == Zone.OUT_OF_PLAY  # not named: to the Used Pile


def test_name_a_die_then_draw_it_to_prep_and_grow():  # BFU Varro Tigurius
    cards = real_cards("47bfu", "When")
    lines, field = to_field("47bfu")
    setup = scene("47bfu", *lines, "P1 die 19sww#2 bag")
    state = play(cards, setup, field, "P1 choose 19sww", "P1 draw 19sww#2").final
    assert state.die("P1:19sww#2").zone == Zone.PREP
    base = cards["47bfu"].levels[0].attack
    assert query.attack(state, cards, state.die("P1:47bfu#1")).value == base + 2
    state = play(cards, setup, field, "P1 choose 31sww", "P1 draw 19sww#2").final
    assert state.die("P1:19sww#2").zone == Zone.BAG


def test_sidekick_rolled_from_the_used_pile_kos_by_energy():  # MYST
    used = ("P1 die SK8 used",)
    answers = ["P1 yes", "P1 choose SK8", "P1 roll SK8=fist"]
    cards = real_cards("7myst", "When")
    lines, field = to_field("7myst")
    text = scene("7myst", *lines, *used) + field + "\n" + "".join(f"{a}\n" for a in answers)
    assert run(cards, text).final.pending.options == ("P2:22uxm#1",)  # Wolverine: fist
    state = play(cards, scene("7myst", *lines, *used), field, *answers, "P1 choose 22uxm#1").final
    assert state.die("P2:22uxm#1").zone == Zone.PREP
    assert state.die("P1:SK8").zone == Zone.OUT_OF_PLAY  # back to the Used Pile (R4.6)
    answers = ["P1 yes", "P1 choose SK8", "P1 roll SK8=wild", "P1 choose P2:19sww#1"]
    _, replay = _fielded("7myst", *used, answers=answers)
    assert replay.final.die("P2:19sww#1").zone == Zone.PREP  # wild: any target


def test_sidekick_rerolled_in_the_field_is_sent_to_ko():  # HQ
    mine = ("P1 die SK8 field L1",)
    answers = ["P1 yes", "P1 choose SK8", "P1 roll SK8=bolt", "P1 choose P2:21uxm#1"]
    _, replay = _fielded("6hq", *mine, answers=answers)
    assert replay.final.die("P2:21uxm#1").zone == Zone.PREP  # Quicksilver: bolt
    assert replay.final.die("P1:SK8").zone == Zone.OUT_OF_PLAY
    answers = ["P1 yes", "P1 choose SK8", "P1 roll SK8=bolt", "P1 choose none"]
    _, replay = _fielded("6hq", *mine, answers=answers)
    assert replay.final.die("P1:SK8").zone == Zone.RESERVE  # kept: nothing KO'd
