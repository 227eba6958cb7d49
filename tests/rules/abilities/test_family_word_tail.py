"""Family `word_tail` (rules/abilities/templates/word_tail.py): ability words whose body the
other families read once the word's trigger or condition is added: Crosspulse (a purchase
paid with only the card's energy types, condition `wdt_own_types_paid`; 'field this die at
level 1' after the purchase, `wdt_field_bought`), Teamwatch's 'that character and NAME' / 'both
of them', spellings after an ability word, Awaken 'Once per turn' and 'double NAME's printed
A', Impulse with a cost, Underdog on the card's own cost, 'roll a die from your Prep Area',
Energize's spin down or to an energy face, Enlistment's 'may not declare blockers unless',
dice named by another card's title (Vengeance) and Spark (trigger `wdt_spark`).

Real lines are read from the card file by key at test time (their text is never copied here)
and played through the engine."""

from rules.abilities import compile_card
from rules.abilities.cards import engine_card
from rules.abilities.describe import describe
from rules.engine import Zone, query
from tests.rules.abilities import long_tail
from tests.rules.abilities.real_cards import (
    pool,
    real_cards,
    real_line,
    scene,
    spec_of,
    to_field,
)
from tests.rules.abilities.scenario import (
    board,
    compiled,
    compiled_cards,
    encoded_cards,
    play,
    refused,
)


def _bought(state, key: str):
    return [
        d for d in state.dice if d.card == key and d.owner == "P1" and d.zone != Zone.UNPURCHASED
    ]


def _buy(key: str, faces: list[str]):
    """P1 buys a die of real card `key` with Sidekicks showing `faces` (one symbol each)."""
    cards = real_cards(key, "Crosspulse")
    payers = [f"SK{n}" for n in range(1, len(faces) + 1)]
    setup = scene(
        key, *(f"P1 die {sk} reserve {face}" for sk, face in zip(payers, faces, strict=True))
    )
    return play(cards, setup, f"P1 buy {key} pay {' '.join(payers)}")


# -- Crosspulse --------------------------------------------------------------------------------
def test_crosspulse_bare_effect_is_a_purchase_trigger_with_the_own_types_condition_10tag():
    spec = spec_of("10tag", "Crosspulse")  # Roman Reigns: 2 damage to target opponent
    assert spec == {
        "when": "purchased",
        "effects": [{"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": 2}],
        "if": {"test": "wdt_own_types_paid"},
    }
    assert describe({"abilities": [spec]}) == (
        "When this die is purchased, if its purchase was paid using only this card's energy "
        "types: deal 2 damage to your opponent."
    )


def test_crosspulse_paid_with_the_card_types_happens_10tag():  # cost 6, Fist / Shield
    state = _buy("10tag", ["fist", "fist", "fist", "shield", "shield", "shield"]).final
    assert state.player("P2").life == 18


def test_crosspulse_paid_with_a_wild_does_not_happen_10tag():
    state = _buy("10tag", ["fist", "fist", "fist", "shield", "shield", "wild"]).final
    assert state.player("P2").life == 20
    assert [d.zone for d in _bought(state, "10tag")] == [Zone.USED]


def test_crosspulse_paid_with_another_type_does_not_happen_22tag():  # Bolt / Mask, cost 4
    state = _buy("22tag", ["bolt", "mask", "mask", "fist"]).final
    assert [d.zone for d in _bought(state, "22tag")] == [Zone.USED]
    state = _buy("22tag", ["bolt", "mask", "mask", "bolt"]).final  # 'Prep this die'
    assert [d.zone for d in _bought(state, "22tag")] == [Zone.PREP]


def test_crosspulse_field_this_die_at_level_1_19tag():  # Sting, cost 3, Mask / Shield
    spec = spec_of("19tag", "Crosspulse")
    assert spec["effects"] == [{"do": "wdt_field_bought", "level": 1}]
    replay = _buy("19tag", ["mask", "shield", "shield"])
    (die,) = _bought(replay.final, "19tag")
    assert die.zone == Zone.FIELD and die.level == 1
    events = [e for step in replay.steps for e in step.events]
    assert any(e.kind == "fielded" and e.die == die.id for e in events)  # fielded (R8.2)


def test_crosspulse_when_you_purchase_this_die_52gaf():  # Deathstroke: KO opposing Sidekicks
    spec = spec_of("52gaf", "Crosspulse")
    assert spec["if"] == {"test": "wdt_own_types_paid"}
    state = _buy("52gaf", ["fist", "fist", "fist", "shield", "shield", "shield"]).final
    assert state.die("P2:SK1").zone == Zone.PREP


def test_crosspulse_with_an_inner_condition_or_another_trigger_stays_manual():
    assert (
        compiled(
            "19sww", ability_lines=["Crosspulse - While Superman is active, he gets +1A"]
        ).status
        == "manual"
    )
    assert (
        compiled(
            "19sww",
            ability_lines=["Crosspulse - When you purchase a Batman die, draw a die and Prep it"],
        ).status
        == "manual"
    )
    # Kevin Nash: removing a die from the Field until end of turn has no effect here.
    assert compile_card(pool()["4tag"]).status != "automated"


# -- Teamwatch: 'that character' and this card's -----------------------------------------------
def _field_superman(key: str, *lines: str, answers=()):
    """P1 fields Superman (19sww: Justice League, level 1 costs 1) with the real card `key`
    (only its Teamwatch line) in the Field at level 1."""
    cards = real_cards(key, "Teamwatch")
    text = scene(
        key,
        f"P1 die {key}#1 field L1",
        "P1 die 19sww#1 reserve L1",
        "P1 die SK1 reserve wild",
        *lines,
    )
    return play(cards, text, "P1 field 19sww#1 pay SK1", *answers).final


def test_teamwatch_spin_both_of_them_up_5dc2016():  # Stargirl (Justice League)
    spec = spec_of("5dc2016", "Teamwatch")
    assert spec["effects"] == [
        {"do": "spin", "to": {"pick": "that"}, "levels": 1},
        {"do": "spin", "to": {"pick": "this"}, "levels": 1},
    ]
    state = _field_superman("5dc2016")
    assert state.die("P1:5dc2016#1").level == 2
    assert state.die("P1:19sww#1").level == 2


def test_teamwatch_that_character_and_this_both_get_2a_130aou():  # Starhawk (Avengers, GotG)
    spec = spec_of("130aou", "Teamwatch")
    assert [e["to"] for e in spec["effects"]] == [{"pick": "that"}, {"pick": "this"}]
    assert describe({"abilities": [spec]}).endswith(
        "that die gets +2A this turn; then this die gets +2A this turn."
    )
    # Black Widow (2aou, Avengers) fielded beside Starhawk: both get +2A.
    cards = real_cards("130aou", "Teamwatch")
    record = pool()["2aou"]
    cards["2aou"] = engine_card(record, compile_card(record).encoding)
    text = scene("130aou", "P1 die 130aou#1 field L1", "P1 die 2aou#1 reserve L1", team="2aou:2")
    state = play(cards, text, "P1 field 2aou#1", "P1 order P1:130aou P1:2aou").final
    assert query.attack(state, cards, state.die("P1:130aou#1")).value == 5  # 3 + 2
    assert query.attack(state, cards, state.die("P1:2aou#1")).value == 3  # 1 + 2
    # Superman shares nothing with Starhawk: no bonus.
    text = scene("130aou", "P1 die 130aou#1 field L1", "P1 die 19sww#1 reserve L1",
                 "P1 die SK1 reserve wild")  # fmt: skip
    state = play(cards, text, "P1 field 19sww#1 pay SK1").final
    assert query.attack(state, cards, state.die("P1:130aou#1")).value == 3


def test_teamwatch_that_character_only_after_a_shared_affiliation_trigger():
    # 'that character' in another trigger could be any die: the line stays manual.
    assert (
        compiled(
            "19sww",
            ability_lines=["When fielded, that character and Superman both get +2A this turn"],
        ).status
        == "manual"
    )


def test_teamwatch_cant_be_blocked_by_only_one_character_2aou():  # Black Widow
    spec = spec_of("2aou", "Teamwatch")
    assert spec["effects"] == [{"do": "at_two_blockers_this_turn", "to": {"pick": "this"}}]
    cards = real_cards("2aou", "Teamwatch")
    text2 = scene("2aou", "P1 die 2aou#1 field L1", "P1 die 2aou#2 reserve L1")
    refused(cards, text2 + "P1 field 2aou#2\nP1 attack 2aou#1\nP2 block SK1>2aou#1\n", "R13.7")
    play(cards, text2, "P1 field 2aou#2", "P1 attack 2aou#1", "P2 block SK1>2aou#1 5sww#1>2aou#1")


# -- spellings inside an ability word's body ---------------------------------------------------
def test_awaken_for_each_symbol_in_your_reserve_pool_103xfc():  # Pyro
    spec = spec_of("103xfc", "Awaken")
    assert spec["when"] == "spun_up"
    (effect,) = spec["effects"]
    assert effect["do"] == "per_tally"
    assert effect["tally"] == {"reserve": "yours", "unit": "symbols", "energy": ["bolt"]}
    # On Superman (long_tail.real_cards); Wonder Woman spins him up when fielded.
    spinner = compiled(
        "22sww", ability_lines=["When fielded, spin target character die up 1 level"]
    )
    cards = encoded_cards({"22sww": spinner.encoding}, cards=long_tail.real_cards("103xfc"))
    setup = board(
        "P1 die 19sww#1 field L1",
        "P1 die 22sww#1 reserve L1",
        "P1 die SK1 reserve bolt",
        "P1 die SK2 reserve bolt",
        "P1 die SK3 reserve mask",
    )
    before = play(cards, setup).final.player("P2").life
    state = play(cards, setup, "P1 field 22sww#1", "P1 choose 19sww#1", "P1 yes").final
    assert state.player("P2").life == before - 2  # two [B] symbols


def test_awaken_field_your_next_character_die_for_free_104xfc():  # Quicksilver
    spec = spec_of("104xfc", "Awaken")
    assert spec["when"] == "spun_up" and spec["effects"] == [
        {"do": "ft_next_field_free", "dice": {}}
    ]
    assert "this turn" in describe({"abilities": [spec]})


def test_energize_action_dice_cost_you_less_16xfo():  # Forge
    spec = spec_of("16xfo", "Energize")
    assert spec == {
        "when": "energize",
        "effects": [
            {
                "do": "ft_cost_this_turn",
                "to": {"pick": "each", "what": "action"},
                "of": "purchase",
                "amount": 2,
                "sign": -1,
            }
        ],
    }


def test_body_spellings_only_after_an_ability_word():
    # 'cost you' without an ability word is not this family's
    assert (
        compiled("19sww", ability_lines=["Zap - Action dice cost you [2] less to purchase"]).status
        == "manual"
    )


# -- Awaken - Once per turn, double NAME's printed A --------------------------------------------
def test_awaken_once_per_turn_double_printed_attack_15xfc():  # Iceman
    spec = spec_of("15xfc", "Awaken")
    assert spec["when"] == "spun_up" and spec["limit"] == "once_per_turn"
    assert spec["effects"] == [{"do": "wdt_double_printed"}]
    assert describe({"abilities": [spec]}) == (
        "When this die spins up, once per turn: you may double this die's printed A this turn."
    )
    spinner = compiled(
        "22sww", ability_lines=["When fielded, spin target character die up 1 level"]
    )
    cards = encoded_cards({"22sww": spinner.encoding}, cards=long_tail.real_cards("15xfc"))
    setup = board("P1 die 19sww#1 field L1", "P1 die 22sww#1 reserve L1")
    state = play(cards, setup, "P1 field 22sww#1", "P1 choose 19sww#1", "P1 yes").final
    die = state.die("P1:19sww#1")
    assert die.level == 2 and query.attack(state, cards, die).value == 6 + 6  # printed 6


# -- Impulse - You may pay [1] to <effect> --------------------------------------------------------
def test_impulse_you_may_pay_to_prep_this_die_38wwe():  # Ronda Rousey, cost 4 [F]
    spec = spec_of("38wwe", "Impulse")
    assert spec == {
        "when": "purchased",
        "optional": True,
        "cost": "[1]",
        "effects": [{"do": "bought_to_prep"}],
    }
    cards = real_cards("38wwe", "Impulse")
    payers = [f"SK{n}" for n in range(1, 5)]
    setup = scene(
        "38wwe", *(f"P1 die {sk} reserve fist" for sk in payers), "P1 die SK5 reserve wild"
    )
    state = play(cards, setup, f"P1 buy 38wwe pay {' '.join(payers)}", "P1 yes pay SK5").final
    assert [d.zone for d in _bought(state, "38wwe")] == [Zone.PREP]
    state = play(cards, setup, f"P1 buy 38wwe pay {' '.join(payers)}", "P1 no").final
    assert [d.zone for d in _bought(state, "38wwe")] == [Zone.USED]


# -- Underdog - You may field NAME for free -------------------------------------------------------
def test_underdog_field_for_free_while_the_opponent_has_more_dice_5asm():  # Drax, L1 costs 1
    spec = spec_of("5asm", "Underdog")
    assert spec["when"] == "static" and spec["if"] == {"test": "opponent_more_field_dice"}
    cards = real_cards("5asm", "Underdog")
    # P2 has 5 character dice in the Field, P1 none: Drax is free.
    setup = scene("5asm", "P1 die 5asm#1 reserve L1")
    assert play(cards, setup, "P1 field 5asm#1").final.die("P1:5asm#1").zone == Zone.FIELD
    # Not with as many dice as the opponent: the fielding cost is paid.
    mine = [f"P1 die SK{n} field L1" for n in range(1, 6)]
    setup = scene("5asm", "P1 die 5asm#1 reserve L1", "P1 die SK6 reserve wild", *mine)
    refused(cards, setup + "P1 field 5asm#1\n", "R6.1")
    play(cards, setup, "P1 field 5asm#1 pay SK6")


def test_underdog_static_other_than_a_cost_stays_manual():
    from rules.abilities.templates.turn_globals import UNDERDOG_REMINDER

    # Another die's cost (not this card's own) under Underdog: not read.
    line = f"Underdog - <em>{UNDERDOG_REMINDER}</em> Your Sidekicks are free to field"
    assert compiled("19sww", ability_lines=[line]).status == "manual"
    # This card's own cost: read.
    line = f"Underdog - <em>{UNDERDOG_REMINDER}</em> You may field Superman for free"
    assert compiled("19sww", ability_lines=[line]).status == "automated"


# -- roll a die from your Prep Area ----------------------------
def test_teamwatch_roll_a_die_from_your_prep_area_and_reroll_a_target_103msw():
    spec = spec_of("103msw", "Teamwatch")  # Captain Marvel
    assert spec["effects"][0] == {"do": "wdt_roll_own", "zone": "prep"}
    assert spec["effects"][1]["do"] == "reroll"
    # The clause on Superman: Wonder Woman fielded beside him; SK2 rolled from the Prep Area.
    line = "When you field another character who shares an affiliation with Superman, "
    cards = compiled_cards("19sww", ability_lines=[line + "roll a die from your Prep Area"])
    setup = board("P1 die 19sww#1 field L1", "P1 die 22sww#1 reserve L1", "P1 die SK2 prep")
    state = play(cards, setup, "P1 field 22sww#1", "P1 choose SK2", "P1 roll SK2=shield").final
    assert state.die("P1:SK2").zone == Zone.RESERVE
    # Nothing in the Prep Area: nothing happens.
    setup = board("P1 die 19sww#1 field L1", "P1 die 22sww#1 reserve L1")
    play(cards, setup, "P1 field 22sww#1")


# -- Energize: spin down 1 level; at level 1, to an energy face ----------------------------------
def _energize_roll(cards, *lines: str, then=()):
    """P1's Superman (19sww, playing the real line) rolled on a double energy face."""
    bag = ("P1 die 19sww#1 bag", "P1 die SK1 bag", "P1 die SK2 bag", "P1 die SK3 bag")
    setup = board(*bag, *lines, step="clear_and_draw")
    roll = "P1 roll 19sww#1=shield2 SK1=fist SK2=fist SK3=fist"
    return play(cards, setup, "P1 draw 19sww#1 SK1 SK2 SK3", roll, *then).final


def test_energize_spin_down_or_to_an_energy_face_102ig():  # Black Widow
    spec = spec_of("102ig", "Energize")
    assert spec["effects"] == [
        {"do": "wdt_spin_down_or_energy", "to": {"pick": "target", "side": "opposing"}}
    ]
    cards = long_tail.real_cards("102ig")
    state = _energize_roll(cards, "P2 die 5sww#1 field L2", then=("P1 choose P2:5sww#1",))
    assert state.die("P2:5sww#1").zone == Zone.FIELD and state.die("P2:5sww#1").level == 1
    state = _energize_roll(
        cards, "P2 die 5sww#1 field L1", then=("P1 choose P2:5sww#1", "P1 choose mask")
    )
    die = state.die("P2:5sww#1")
    assert die.zone == Zone.RESERVE and die.face.energy == ("mask",)


# -- Enlistment: may not declare blockers unless they KO a character die --------------------------
def test_enlistment_no_blockers_unless_the_opponent_kos_a_die_44cw():  # Iron Man
    spec = spec_of("44cw", "Enlistment")
    (effect,) = spec["effects"]
    assert effect["do"] == "mt_unless_ko"
    assert effect["effects"] == [
        {"do": "restrict", "to": {"pick": "each", "side": "opposing"}, "action": "block"}
    ]
    cards = real_cards("44cw", "Enlistment")
    lines, field = to_field("44cw")
    text = scene("44cw", *lines, "P1 die 19sww#1 field L1")
    refused(cards, text + f"{field}\nP2 no\nP1 attack 19sww#1\nP2 block SK1>19sww#1\n", "R13.7")
    state = play(
        cards,
        text,
        field,
        "P2 yes",
        "P2 choose P2:21uxm#1",
        "P1 attack 19sww#1",
        "P2 block SK1>19sww#1",
    ).final
    assert state.die("P2:21uxm#1").zone == Zone.PREP
    assert state.die("P2:SK1").blocking == "P1:19sww#1"


# -- Vengeance: dice named by another card's title ------------------------------------------
def _gordon_hit(key: str, *lines: str, answers=()):
    """P2's turn: Wolverine (5A) attacks P1, unblocked, with the real card `key` (only its
    Vengeance line) in P1's Field at level 1 and Batman (2wf, no abilities) on P1's team."""
    cards = real_cards(key, "Vengeance")
    cards["2wf"] = engine_card(pool()["2wf"], {})
    text = scene(key, f"P1 die {key}#1 field L1", *lines, active="P2", team="2wf:2")
    return play(cards, text, "P2 attack 22uxm#1", "P1 block", "P2 damage", *answers).final


def test_vengeance_spin_all_of_your_two_named_dice_46wf():  # Commissioner Gordon
    spec = spec_of("46wf", "Vengeance")
    assert [e["to"]["name"] for e in spec["effects"]] == ["Commissioner Gordon", "Batman"]
    state = _gordon_hit("46wf", "P1 die 2wf#1 field L1", "P1 die 19sww#1 field L1")
    assert state.die("P1:46wf#1").level == 2 and state.die("P1:2wf#1").level == 2
    assert state.die("P1:19sww#1").level == 1  # Superman is neither


def test_vengeance_field_a_named_die_from_the_used_pile_at_level_3_114wf():
    spec = spec_of("114wf", "Vengeance")
    assert spec["effects"] == [
        {"do": "from_used", "into": "field", "count": 1, "level": 3, "dice": {"name": "Batman"}}
    ]
    state = _gordon_hit(
        "114wf", "P1 die 2wf#1 used", "P1 die 19sww#2 used", answers=["P1 choose 2wf#1"]
    )
    assert state.die("P1:2wf#1").zone == Zone.FIELD and state.die("P1:2wf#1").level == 3
    assert state.die("P1:19sww#2").zone == Zone.USED


def test_named_dice_clauses_need_a_title():
    # 'a Sidekick die' is a kind, not a title; two names neither of them this card's: manual.
    line = "When you take damage, field a Sidekick die from your Used Pile at level 3"
    assert "'name'" not in str(compiled("19sww", ability_lines=[line]).encoding)
    line = "When you take damage, spin all of your Batman and Robin dice up one level"
    assert compiled("19sww", ability_lines=[line]).status == "manual"


# -- Spark ---------------------------------------------------------------------------------------
def _spark_roll(cards, face: str, *lines: str, then=()):
    """P1's Roll and Reroll Step: three Sidekicks and a basic action die rolled, the action die
    on `face`."""
    bag = ("P1 die SK1 bag", "P1 die SK2 bag", "P1 die SK3 bag", "P1 die BA:34sww#1 bag")
    setup = board(*bag, *lines, step="clear_and_draw")
    roll = f"P1 roll SK1=fist SK2=fist SK3=fist BA:34sww#1={face}"
    return play(cards, setup, "P1 draw SK1 SK2 SK3 BA:34sww#1", roll, *then).final


def test_spark_when_you_roll_a_burst_face_while_active_16tiw():  # Intellect Devourer
    spec = spec_of("16tiw", "Spark")
    assert spec == {
        "when": "wdt_spark",
        "effects": [{"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": 1}],
    }
    assert describe({"abilities": [spec]}) == (
        "While this card is active, when you roll a die on a burst face: deal 1 damage to your "
        "opponent."
    )
    cards = long_tail.real_cards("16tiw")  # on Superman
    active = "P1 die 19sww#1 field L1"
    assert _spark_roll(cards, "action*", active).player("P2").life == 19
    assert _spark_roll(cards, "action", active).player("P2").life == 20  # no burst
    assert _spark_roll(cards, "action*").player("P2").life == 20  # not active


def test_spark_once_per_turn_10aiw():  # Dagny: gain 1 life, once per turn
    spec = spec_of("10aiw", "Spark")
    assert spec["limit"] == "once_per_turn"
    assert spec["effects"] == [{"do": "gain_life", "amount": 1}]
    cards = long_tail.real_cards("10aiw", real_line("10aiw", "Spark"))
    state = _spark_roll(cards, "action*", "P1 die 19sww#1 field L1", "P1 life 10")
    assert state.player("P1").life == 11


def test_spark_search_your_bag_spelling_7aiw():  # Jarlaxle
    assert spec_of("7aiw", "Spark")["effects"] == [
        {"do": "search_bag", "dice": {}, "count": 1, "into": "prep"}
    ]


def test_spark_with_an_unread_effect_stays_manual():
    assert compiled("19sww", ability_lines=["Spark: Superman flies away"]).status == "manual"
