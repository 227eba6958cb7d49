"""Family `attack_tail` (rules/abilities/templates/attack_tail.py) and its clauses
(rules/abilities/phrases_attack_tail.py, effects in rules/abilities/extensions/attack_tail.py):
removal from the Attack Zone, 'must block this die', KO then damage to the controller, and the
spellings combat_triggers reads once put its way. Real lines are read from the card file by key
at test time (their text is never copied here) and played through the engine."""

import pytest

from rules.abilities import compile_card
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import OPPOSING, pool, real_cards, scene, spec_of, whole_card
from tests.rules.abilities.scenario import compiled, compiled_cards, play, refused


# -- removal from the Attack Zone ----------------------------------------------------------------
def test_removed_attacker_takes_and_deals_no_combat_damage_87aou():  # AOU Kang, blocked
    cards = real_cards("87aou", "When")
    setup = scene("87aou", "P1 die 87aou#1 field L1")
    attack = ("P1 attack 87aou#1", "P2 block 22uxm#1>87aou#1")
    removed = play(cards, setup, *attack, "P1 yes", "P1 damage").final
    # back in the Field, neither dealt nor took combat damage: both survive
    assert removed.die("P1:87aou#1").zone == Zone.FIELD
    assert removed.die("P2:22uxm#1").zone == Zone.FIELD
    assert removed.player("P2").life == 20
    stayed = play(cards, setup, *attack, "P1 no", "P1 damage").final
    assert stayed.die("P1:87aou#1").zone == Zone.PREP  # engaged: they KO each other
    assert stayed.die("P2:22uxm#1").zone == Zone.PREP


def test_removed_with_a_cost_and_damage_to_the_opponent_2dxm():  # DXM Blink
    spec = spec_of("2dxm", "When")
    assert [e["do"] for e in spec["effects"]] == ["at_leave_combat", "damage"]
    cards = real_cards("2dxm", "When")
    setup = scene("2dxm", "P1 die 2dxm#1 field L1")
    state = play(cards, setup, "P1 attack 2dxm#1", "P2 block SK1>2dxm#1", "P1 damage").final
    assert state.die("P1:2dxm#1").zone == Zone.FIELD
    assert state.die("P2:SK1").zone == Zone.FIELD  # Blink dealt it no combat damage
    assert state.player("P2").life == 19


def test_pay_to_remove_from_combat_40asm():  # ASM Blink: pay [1]
    spec = spec_of("40asm", "When")
    assert spec["cost"] == "[1]" and spec["effects"] == [
        {"do": "at_leave_combat", "to": {"pick": "this"}}
    ]


def test_removed_blocker_leaves_the_attacker_blocked_64cw():  # CW Songbird blocks, pay [S]
    cards = real_cards("64cw", "When")
    setup = scene("64cw", "P1 die 64cw#1 field L1", "P1 die SK3 reserve shield", active="P2")
    blocked = ("P2 attack 22uxm#1", "P1 block 64cw#1>22uxm#1")
    state = play(cards, setup, *blocked, "P1 yes pay SK3", "P2 damage").final
    assert state.die("P1:64cw#1").zone == Zone.FIELD  # out of combat: not KO'd
    assert state.player("P1").life == 20  # still blocked: no damage to the player (R11.4)


# -- must block this die ---------------------------------------------------------------------------
def _text(setup: str, *actions: str) -> str:
    return setup + "".join(f"{a}\n" for a in actions)


def test_chosen_die_must_block_this_attacker_39avx():  # AVX Deadpool, 'you may'
    cards = real_cards("39avx", "When")
    setup = scene("39avx", "P1 die 39avx#1 field L1", "P1 die 19sww#1 field L1")
    chosen = ("P1 attack 39avx#1 19sww#1", "P1 yes", "P1 choose P2:22uxm#1")
    refused(cards, _text(setup, *chosen, "P2 block SK1>39avx#1"), "R13.1")  # left out
    refused(cards, _text(setup, *chosen, "P2 block 22uxm#1>19sww#1"), "R13.7")  # not him
    state = play(cards, setup, *chosen, "P2 block 22uxm#1>39avx#1 SK1>19sww#1").final
    assert state.die("P2:22uxm#1").blocking == "P1:39avx#1"
    declined = play(cards, setup, "P1 attack 39avx#1 19sww#1", "P1 no", "P2 block").final
    assert declined.step is not None  # no one was forced


def test_all_dice_of_an_affiliation_must_block_him_2wol():  # WOL Anti-Monitor
    (effect,) = spec_of("2wol", "When")["effects"]
    assert effect == {
        "do": "at_must_block_this",
        "to": {"pick": "each", "side": "opposing", "affiliation": ["greenlantern", "bluelantern"]},
    }


def test_choose_then_that_character_must_block_her_93uxm():  # UXM X-23: a [F] or [B] die
    cards = real_cards("93uxm", "When")
    setup = scene("93uxm", "P1 die 93uxm#1 field L1")
    attack = ("P1 attack 93uxm#1",)
    refused(cards, _text(setup, *attack, "P1 choose P2:5sww#1"), "R13.2")  # Cheetah: Mask
    chosen = (*attack, "P1 choose P2:21uxm#1")  # Quicksilver: Bolt
    refused(cards, _text(setup, *chosen, "P2 block"), "R13.1")
    play(cards, setup, *chosen, "P2 block 21uxm#1>93uxm#1")


def test_must_block_unless_the_opponent_pays_life_113aou():  # AOU Gamora, 3 life
    cards = real_cards("113aou", "When")
    setup = scene("113aou", "P1 die 113aou#1 field L1")
    chosen = ("P1 attack 113aou#1", "P1 choose P2:19sww#1")
    paid = play(cards, setup, *chosen, "P2 yes", "P2 block").final
    assert paid.player("P2").life == 17
    refused(cards, _text(setup, *chosen, "P2 no", "P2 block"), "R13.1")


# -- KO, then damage to the KO'd die's controller -------------------------------------------------
def test_ko_a_sidekick_then_damage_its_controller_17bfu():  # BFU Plague Marine, 'you may'
    cards = real_cards("17bfu", "When")
    setup = scene("17bfu", "P1 die 17bfu#1 field L1")
    state = play(cards, setup, "P1 attack 17bfu#1", "P1 yes", "P1 choose P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP
    assert state.player("P2").life == 19
    refused(cards, _text(setup, "P1 attack 17bfu#1", "P1 yes", "P1 choose P2:22uxm#1"), "R13.2")


def test_ko_target_and_damage_its_controller_42bat():  # BAT Bane: a [DCB] target
    (effect,) = spec_of("42bat", "When")["effects"]
    assert effect["do"] == "at_ko_damage_controller" and effect["if_kod"] is False
    assert effect["to"] == {"pick": "target", "affiliation": ["batman"]}


def test_the_controller_is_read_before_the_ko():
    line = "When Superman attacks, KO target character die, and deal 1 damage to its controller"
    cards = compiled_cards("19sww", ability_lines=[line])
    setup = scene("19sww", "P1 die 19sww#1 field L1", "P1 die SK4 field L1")
    own = play(cards, setup, "P1 attack 19sww#1", "P1 choose P1:SK4").final
    assert own.die("P1:SK4").zone == Zone.PREP and own.player("P1").life == 19
    theirs = play(cards, setup, "P1 attack 19sww#1", "P1 choose P2:SK1").final
    assert theirs.player("P2").life == 19 and theirs.player("P1").life == 20


# -- spellings combat_triggers reads once put its way ---------------------------------------------
def test_opposing_dice_with_less_than_4a_cant_block_126dps():  # DPS Phoenix
    cards = real_cards("126dps", "When")
    setup = scene("126dps", "P1 die 126dps#1 field L1")
    attack = "P1 attack 126dps#1"
    refused(cards, _text(setup, attack, "P2 block 21uxm#1>126dps#1"), "R13.7")  # 3A
    refused(cards, _text(setup, attack, "P2 block SK1>126dps#1"), "R13.7")  # 1A
    play(cards, setup, attack, "P2 block 5sww#1>126dps#1")  # Cheetah: 4A


@pytest.mark.parametrize("key", ["21fus", "72wf"])  # FUS Hill Giant, WF Two-Face
def test_only_blocked_by_two_or_more_when_attacking(key):
    cards = real_cards(key, "When")
    setup = scene(key, f"P1 die {key}#1 field L1")
    refused(cards, _text(setup, f"P1 attack {key}#1", f"P2 block SK1>{key}#1"), "R13.7")
    play(cards, setup, f"P1 attack {key}#1", f"P2 block SK1>{key}#1 5sww#1>{key}#1")


def test_unless_pays_life_for_each_copy_44wf():  # WF Catwoman: cost 3 or less, 2 life
    cards = real_cards("44wf", "When")
    setup = scene("44wf", "P1 die 44wf#1 field L1")
    kod = play(cards, setup, "P1 attack 44wf#1", "P1 choose P2:SK1", "P2 no").final
    assert kod.die("P2:SK1").zone == Zone.PREP
    paid = play(cards, setup, "P1 attack 44wf#1", "P1 choose P2:SK1", "P2 yes").final
    assert paid.die("P2:SK1").zone == Zone.FIELD and paid.player("P2").life == 18


def test_sidekick_from_the_defending_players_prep_area_3doom():  # DOOM Beast Boy
    (effect,) = spec_of("3doom", "When")["effects"]
    assert effect == {
        "do": "fc_move_dice",
        "from": ["prep"],
        "into": "used",
        "dice": {"what": "sidekick"},
    }


@pytest.mark.parametrize("key", ["77skc", "1bfu"])  # 'Lex Luther', 'Foetid Bloat Drone'
def test_misspelt_own_name_is_read_on_that_card_only(key):
    assert compile_card(pool()[key]).status == "automated"
    cards = whole_card(key)
    assert cards[key].abilities
    # On another card the near name is another character's: not read as this die.
    line = "When Lex Luther attacks, your opponent gains 1 life"
    assert compiled("19sww", ability_lines=[line]).status != "automated"


# -- one die blocking this one; targets not blocking it --------------------------------------------
def test_move_one_blocker_out_the_attacker_stays_blocked_74uxm():  # UXM Kitty Pryde, pay [M]
    cards = real_cards("74uxm", "When")
    setup = scene("74uxm", "P1 die 74uxm#1 field L1", "P1 die SK4 reserve mask")
    blocked = ("P1 attack 74uxm#1", "P2 block SK1>74uxm#1 22uxm#1>74uxm#1")
    state = play(cards, setup, *blocked, "P1 yes pay SK4", "P1 choose P2:22uxm#1").final
    assert state.die("P2:22uxm#1").zone == Zone.FIELD and state.die("P2:22uxm#1").blocking is None
    assert state.die("P2:SK1").blocking == "P1:74uxm#1"
    refused(cards, _text(setup, *blocked, "P1 yes pay SK4", "P1 choose P2:5sww#1"), "R13.2")


def test_damage_equal_to_his_attack_to_one_blocker_23uxm():  # UXM Wolverine, pay [F][F]
    spec = spec_of("23uxm", "When")
    assert spec["cost"] == "[F][F]"
    (effect,) = spec["effects"]
    assert effect["do"] == "at_one_blocker"
    assert effect["effects"][0]["amount"] == {"stat": "attack", "of": "this"}


def test_damage_to_a_target_not_blocking_this_die_22cw():  # CW Wasp
    cards = real_cards("22cw", "When")
    setup = scene("22cw", "P1 die 22cw#1 field L1")
    blocked = ("P1 attack 22cw#1", "P2 block 22uxm#1>22cw#1")
    refused(cards, _text(setup, *blocked, "P1 choose P2:22uxm#1"), "R13.2")  # it blocks Wasp
    state = play(cards, setup, *blocked, "P1 choose P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP  # 1 damage, 1D


def test_damage_equal_to_his_a_not_to_his_blocker_40hhs():  # HHS Slash
    (effect,) = spec_of("40hhs", "When")["effects"]
    assert effect["to"]["not_blocking_this"] is True
    assert effect["amount"] == {"stat": "attack", "of": "this"}


# -- counts, tallies and conditions ---------------------------------------------------------------
def test_plus_attack_per_fist_symbol_in_the_reserve_pool_13smc():  # SMC Iron Fist
    cards = real_cards("13smc", "When")
    setup = scene("13smc", "P1 die 13smc#1 field L1", "P1 die SK4 reserve fist")
    before = play(cards, setup).final
    base = query.attack(before, cards, before.die("P1:13smc#1")).value
    state = play(cards, setup, "P1 attack 13smc#1").final
    assert query.attack(state, cards, state.die("P1:13smc#1")).value == base + 1


def test_each_attacker_per_other_attacker_98skc():  # SKC Barry Allen
    cards = real_cards("98skc", "When")
    setup = scene("98skc", "P1 die 98skc#1 field L1", "P1 die 19sww#1 field L1")
    state = play(cards, setup, "P1 attack 98skc#1 19sww#1").final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4 + 1  # Superman


def test_damage_per_different_masked_character_59wf():  # WF Nightwing [M]
    (effect,) = spec_of("59wf", "When")["effects"]
    assert effect["do"] == "at_per_distinct"
    cards = real_cards("59wf", "When")
    setup = scene("59wf", "P1 die 59wf#1 field L1", "P1 die 59wf#2 field L1")
    state = play(cards, setup, "P1 attack 59wf#1", "P1 choose P2:22uxm#1").final
    assert state.die("P2:22uxm#1").damage == 1  # two Nightwing dice: one character


def test_damage_if_an_opponent_has_a_higher_level_die_10ai():  # AI Black Widow at level 1
    cards = real_cards("10ai", "When")
    setup = scene("10ai", "P1 die 10ai#1 field L1")
    assert play(cards, setup, "P1 attack 10ai#1").final.player("P2").life == 19  # Cheetah L2
    low = scene("10ai", "P1 die 10ai#1 field L1", opposing=("P2 die SK1 field L1",))
    assert play(cards, low, "P1 attack 10ai#1").final.player("P2").life == 20


def test_all_must_block_with_a_double_energy_face_8xfo():  # XFO Deadpool
    spec = spec_of("8xfo", "When")
    assert spec["if"] == {"test": "at_reserve_double"}
    cards = real_cards("8xfo", "When")
    setup = scene("8xfo", "P1 die 8xfo#1 field L1", "P1 die SK4 reserve fist")
    play(cards, setup, "P1 attack 8xfo#1", "P2 block")  # no double face: no one is forced
    double = scene("8xfo", "P1 die 8xfo#1 field L1", "P1 die 19sww#2 reserve shield2")
    refused(cards, _text(double, "P1 attack 8xfo#1", "P2 block"), "R13.1")


def test_spin_up_your_other_superstars_14tag():  # TAG Scott Hall
    (effect,) = spec_of("14tag", "When")["effects"]
    assert effect["to"]["not_name"] == "Scott Hall" and effect["levels"] == 1


def test_give_him_and_a_target_fast_11dc2016():  # DC2016 Green Arrow, pay [B]
    spec = spec_of("11dc2016", "When")
    assert spec["cost"] == "[B]"
    assert [e["to"]["pick"] for e in spec["effects"]] == ["this", "target"]


def test_damage_per_different_attacking_justice_league_character_119jl():  # JL Green Lantern
    (effect,) = spec_of("119jl", "When")["effects"]
    assert effect["of"] == {
        "pick": "each",
        "side": "yours",
        "affiliation": ["justiceleague"],
        "combat": "attacking",
    }
    cards = real_cards("119jl", "When")
    setup = scene("119jl", "P1 die 119jl#1 field L1", "P1 die 19sww#1 field L1")
    # Green Lantern and Superman attack: two different Justice League characters
    assert play(cards, setup, "P1 attack 119jl#1 19sww#1").final.player("P2").life == 18
    assert play(cards, setup, "P1 attack 119jl#1").final.player("P2").life == 19


# -- life, the cheapest die, the Used Pile --------------------------------------------------------
def test_pay_to_make_the_opponent_lose_half_their_life_8avxop():  # AVX OP Spider-Man
    cards = real_cards("8avxop", "When")
    setup = (
        scene(
            "8avxop", "P1 die 8avxop#1 field L1", *(f"P1 die SK{n} reserve fist" for n in (4, 5, 6))
        )
        + "P2 life 15\n"
    )
    state = play(cards, setup, "P1 attack 8avxop#1", "P1 yes pay SK4 SK5 SK6").final
    assert state.player("P2").life == 15 - 7


@pytest.mark.parametrize(("life", "after"), [(4, 8), (7, 10), (12, 12)])
def test_double_your_life_up_to_ten_when_attacking_alone_9avxop(life, after):  # AVX OP Wolverine
    cards = real_cards("9avxop", "When")
    setup = scene("9avxop", "P1 die 9avxop#1 field L1") + f"P1 life {life}\n"
    assert play(cards, setup, "P1 attack 9avxop#1").final.player("P1").life == after


def test_ko_the_lowest_cost_opposing_die_24xfo():  # XFO Psylocke: the Sidekick costs 0
    cards = real_cards("24xfo", "When")
    setup = scene("24xfo", "P1 die 24xfo#1 field L1")
    state = play(cards, setup, "P1 attack 24xfo#1", "P1 yes", "P1 choose P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP
    no_sidekick = tuple(line for line in OPPOSING if "SK1" not in line)
    cheap = scene("24xfo", "P1 die 24xfo#1 field L1", opposing=no_sidekick)
    text = _text(cheap, "P1 attack 24xfo#1", "P1 yes", "P1 choose P2:19sww#1")
    refused(cards, text, "R13.2")  # Superman (6) is not the cheapest: Cheetah, Quicksilver (4)
    state = play(cards, cheap, "P1 attack 24xfo#1", "P1 yes", "P1 choose P2:21uxm#1").final
    assert state.die("P2:21uxm#1").zone == Zone.PREP


def test_damage_per_action_die_in_your_used_pile_20jus():  # JUS Green Lantern, spend [M]
    cards = real_cards("20jus", "When")
    setup = scene(
        "20jus",
        "P1 die 20jus#1 field L1",
        "P1 die SK4 reserve mask",
        "P1 die BA:31sww#1 used",
        "P1 die BA:31sww#2 used",
    )
    state = play(cards, setup, "P1 attack 20jus#1", "P1 yes pay SK4").final
    assert state.player("P2").life == 18


def test_ko_an_opposing_die_of_the_same_level_47jl():  # JL Cyborg at level 1
    cards = real_cards("47jl", "When")
    setup = scene("47jl", "P1 die 47jl#1 field L1")
    refused(cards, _text(setup, "P1 attack 47jl#1", "P1 choose P2:5sww#1"), "R13.2")  # L2
    state = play(cards, setup, "P1 attack 47jl#1", "P1 choose P2:22uxm#1").final  # L1
    assert state.die("P2:22uxm#1").zone == Zone.PREP


def test_double_the_printed_a_of_your_other_dice_102dps():  # DPS Cable; Superman 4A at L1
    cards = real_cards("102dps", "When")
    setup = scene("102dps", "P1 die 102dps#1 field L1", "P1 die 19sww#1 field L1")
    before = play(cards, setup).final
    own = query.attack(before, cards, before.die("P1:102dps#1")).value
    state = play(cards, setup, "P1 attack 102dps#1").final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 8
    assert query.attack(state, cards, state.die("P1:102dps#1")).value == own  # not Cable


def test_pay_so_that_two_dice_are_needed_to_block_11def():  # DEF Hulk, pay [S]
    cards = real_cards("11def", "When")
    setup = scene("11def", "P1 die 11def#1 field L1", "P1 die SK4 reserve shield")
    paid = ("P1 attack 11def#1", "P1 yes pay SK4")
    refused(cards, _text(setup, *paid, "P2 block SK1>11def#1"), "R13.7")
    play(cards, setup, *paid, "P2 block SK1>11def#1 5sww#1>11def#1")
    play(cards, setup, "P1 attack 11def#1", "P1 no", "P2 block SK1>11def#1")
