"""Template family `while_tail` (rules/abilities/templates/while_tail.py): 'While NAME is
active, ...' lines every other family declines: creature words of the D&D sets as a subject
('your fiend dice'), life an opponent pays to reroll or to block, and the other shapes of the
family. Each scenario reads a real card's line from the card pool at run time and plays it."""

from rules.abilities import compile_card, statics
from rules.abilities.cards import engine_card
from rules.abilities.selectors import traits
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import pool, real_cards, scene
from tests.rules.abilities.scenario import compiled, play, refused

FAMILY = "while_tail"
HELL_HOUND = "16fus"  # a Minion Fiend with no ability text


def cards_for(key: str, start: str = "While", *more: str, family: str = FAMILY):
    """The demo cards, real card `key` with its line `start` (read by this family, or through
    `family`'s rewriting), and the real cards `more` as printed."""
    record = pool()[key]
    result = compile_card(record)
    assert [f for _, f in result.recognised if f == family], result.recognised
    cards = real_cards(key, start)
    for other in more:
        cards[other] = engine_card(pool()[other], compile_card(pool()[other]).encoding)
    return cards


# -- creature words (selector filter `trait`) -----------------------------------------------------
def test_traits_are_the_subtitle_words_and_what_a_card_counts_as():
    cards = cards_for("7fus", "While", HELL_HOUND, "101fus", "68fus")
    assert "fiend" in traits(cards[HELL_HOUND])  # 'Minion Fiend'
    assert "fiend" in traits(cards["101fus"])  # its text: it counts as a fiend
    assert "fiend" not in traits(cards["68fus"])  # another Orcus, no such text
    assert traits(None) == frozenset()  # a sidekick


def test_your_fiend_dice_cost_one_less_to_purchase_7fus():
    cards = cards_for("7fus", "While", HELL_HOUND)
    setup = scene("7fus", "P1 die 7fus#1 field L1", team=f"{HELL_HOUND}:2")
    state = play(cards, setup).final
    printed = cards[HELL_HOUND].cost
    assert query.purchase_cost(state, cards, "P1", HELL_HOUND).value == printed - 1
    assert query.purchase_cost(state, cards, "P2", HELL_HOUND).value == printed  # not theirs
    assert query.purchase_cost(state, cards, "P1", "19sww").value == cards["19sww"].cost
    gone = play(cards, setup.replace("P1 die 7fus#1 field L1", "P1 die 7fus#1 used")).final
    assert query.purchase_cost(gone, cards, "P1", HELL_HOUND).value == printed


def test_fiend_dice_cost_less_to_purchase_and_to_field_59fus():
    cards = cards_for("59fus", "While", HELL_HOUND)
    setup = scene(
        "59fus",
        "P1 die 59fus#1 field L1",
        f"P1 die {HELL_HOUND}#1 reserve L2",
        "P1 die SK5 reserve wild",
        team=f"{HELL_HOUND}:2",
    )
    state = play(cards, setup).final
    assert query.purchase_cost(state, cards, "P1", HELL_HOUND).value == cards[HELL_HOUND].cost - 1
    fielding = cards[HELL_HOUND].level(2).fielding
    assert fielding >= 1
    die = state.die(f"P1:{HELL_HOUND}#1")
    assert query.fielding_cost(state, cards, die).value == fielding - 1
    payers = " ".join(f"SK{n}" for n in range(5, 5 + fielding - 1))
    pay = f" pay {payers}" if payers else ""
    fielded = play(cards, setup, f"P1 field {HELL_HOUND}#1{pay}").final
    assert fielded.die(f"P1:{HELL_HOUND}#1").zone == Zone.FIELD


def test_fiend_dice_of_both_players_cost_two_less_68fus():
    cards = cards_for("68fus", "While", HELL_HOUND)
    state = play(cards, scene("68fus", "P1 die 68fus#1 field L1", team=f"{HELL_HOUND}:2")).final
    printed = cards[HELL_HOUND].cost
    for player in ("P1", "P2"):  # no 'your': both players' (R13.8)
        assert query.purchase_cost(state, cards, player, HELL_HOUND).value == max(1, printed - 2)


def test_fiend_dice_take_only_combat_damage_8fus():
    cards = cards_for("8fus", "While", HELL_HOUND)
    setup = scene(
        "8fus",
        "P1 die 8fus#1 field L1",
        f"P1 die {HELL_HOUND}#1 field L1",
        "P1 die 19sww#1 field L1",
        team=f"{HELL_HOUND}:2",
    )
    state = play(cards, setup).final
    hound, superman = state.die(f"P1:{HELL_HOUND}#1"), state.die("P1:19sww#1")
    assert [n for _, n in query.damage_prevented(state, cards, hound, None, 2)] == [2]
    assert query.damage_prevented(state, cards, hound, None, 2, combat=True) == []
    assert query.damage_prevented(state, cards, superman, None, 2) == []  # no fiend


def test_opposing_action_dice_cannot_target_your_fiend_dice_9fus():
    cards = cards_for("9fus", "While", HELL_HOUND)
    setup = scene(
        "9fus",
        "P1 die 9fus#1 field L1",
        f"P1 die {HELL_HOUND}#1 field L1",
        "P1 die 19sww#1 field L1",
        team=f"{HELL_HOUND}:2",
    )
    state = play(cards, setup).final
    hound = f"P1:{HELL_HOUND}#1"
    assert not statics.targetable(state, cards, hound, "P2", "action")
    assert not statics.targetable(state, cards, "P1:9fus#1", "P2", "action")  # a fiend too
    assert statics.targetable(state, cards, hound, "P2", "global")
    assert statics.targetable(state, cards, hound, "P1", "action")  # its own player's
    assert statics.targetable(state, cards, "P1:19sww#1", "P2", "action")  # no fiend


def test_good_and_evil_adventurers_stay_manual():
    # Alignment and NPC / Adventurer are not in the card data: such subjects are not read.
    for key in ("47bff", "118bff", "91bff", "14aiw"):
        assert compile_card(pool()[key]).status != "automated", key


# -- life an opponent pays (wt_pay_life, R12.4) --------------------------------------------------
def _rerolling(key: str) -> str:
    bag = ("P2 die SK1 bag", "P2 die SK2 bag", "P2 die SK3 bag", "P2 die SK4 bag")
    return (
        scene(key, f"P1 die {key}#1 field L1", *bag, opposing=(), active="P2").replace(
            "step main", "step clear_and_draw"
        )
        + "P2 draw SK1 SK2 SK3 SK4\nP2 roll SK1=mask SK2=mask SK3=L1 SK4=fist\n"
    )


def test_the_opponent_pays_two_life_to_reroll_116aou():
    cards = cards_for("116aou")
    state = play(cards, _rerolling("116aou"), "P2 reroll SK1=fist SK2=bolt").final
    assert state.player("P2").life == 18  # once for the whole reroll
    assert state.player("P1").life == 20
    kept = play(cards, _rerolling("116aou"), "P2 reroll").final
    assert kept.player("P2").life == 20  # no reroll, nothing paid


def test_rerolling_costs_life_only_while_the_card_is_active_67dp():
    cards = cards_for("67dp")
    state = play(cards, _rerolling("67dp"), "P2 reroll SK1=fist").final
    assert state.player("P2").life == 19
    inactive = _rerolling("67dp").replace("P1 die 67dp#1 field L1", "P1 die 67dp#1 used")
    assert play(cards, inactive, "P2 reroll SK1=fist").final.player("P2").life == 20


def test_cannot_reroll_unless_paying_two_life_for_the_turn_55avx():
    cards = cards_for("55avx")
    state = play(cards, _rerolling("55avx"), "P2 reroll SK1=fist SK2=fist SK3=bolt").final
    assert state.player("P2").life == 18


def _attacked(key: str, *lines: str) -> str:
    return scene(
        key,
        f"P1 die {key}#1 field L1",
        *lines,
        opposing=("P2 die SK1 field L1", "P2 die SK2 field L1", "P2 die 5sww#1 field L1"),
    )


def test_the_opponent_pays_three_life_to_declare_blockers_122msw():
    cards = cards_for("122msw")
    setup = _attacked("122msw", "P1 die 19sww#1 field L1")
    state = play(cards, setup, "P1 attack 19sww#1", "P2 block SK1>19sww#1 SK2>19sww#1").final
    assert state.player("P2").life == 17  # once for the declaration
    none = play(cards, setup, "P1 attack 19sww#1", "P2 block").final
    assert none.player("P2").life == 20


def test_the_opponent_pays_life_once_to_block_with_mask_dice_140wf():
    # its reminder: once paid, any number of [M] dice may block
    cards = cards_for("140wf", "While")
    assert cards["5sww"].energy == ("mask",)  # Cheetah: a [M] character
    setup = _attacked("140wf", "P1 die 19sww#1 field L1", "P1 die 19sww#2 field L1").replace(
        "P2 die SK2 field L1", "P2 die 5sww#2 field L1"
    )
    log = "P1 attack 19sww#1 19sww#2", "P2 block 5sww#1>19sww#1 5sww#2>19sww#2"
    state = play(cards, setup, *log).final
    assert state.player("P2").life == 18  # two Mask blockers: paid once
    assert state.player("P1").life == 20
    sidekick = play(cards, setup, "P1 attack 19sww#1", "P2 block SK1>19sww#1").final
    assert sidekick.player("P2").life == 20  # a Sidekick has no energy type


def test_a_die_of_mine_blocking_costs_me_nothing_140wf():
    line = "While Superman is active, your opponents must pay 2 life to block with a [M] die"
    result = compiled("19sww", ability_lines=[line])
    assert result.status == "automated"
    (effect,) = result.encoding["abilities"][0]["effects"]
    assert effect["to"]["side"] == "opposing" and effect["player"] == "opposing"


# -- lines read as other families' lines ----------------------------------------------------------
def test_other_attacking_dice_get_one_attack_12fus():
    # printed 'dice gets +1A until end of turn': the bonus while they attack (named_statics)
    cards = cards_for("12fus")
    setup = scene("12fus", "P1 die 12fus#1 field L1", "P1 die 19sww#1 field L1")
    before = play(cards, setup).final
    assert query.attack(before, cards, before.die("P1:19sww#1")).value == 4
    state = play(cards, setup, "P1 attack 19sww#1 12fus#1").final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 5
    assert query.attack(state, cards, state.die("P1:12fus#1")).value == 3  # not itself


def test_your_dice_gain_overcrush_while_an_opponent_has_a_villain_28jus():
    # printed 'character ie' (die)
    cards = cards_for("28jus")
    setup = scene("28jus", "P1 die 28jus#1 field L1", "P1 die 22sww#1 field L1", team="22sww:2")
    state = play(cards, setup).final
    assert "overcrush" in query.keywords(state, cards, state.die("P1:22sww#1"))
    no_villain = scene(
        "28jus", "P1 die 28jus#1 field L1", "P1 die 22sww#1 field L1", opposing=(), team="22sww:2"
    )
    state = play(cards, no_villain).final
    assert "overcrush" not in query.keywords(state, cards, state.die("P1:22sww#1"))


def test_sidekicks_get_a_bonus_and_are_kod_at_the_end_of_your_turn_16bfu():
    cards = cards_for("16bfu")
    setup = scene("16bfu", "P1 die 16bfu#1 field L1", "P1 die SK1 field L1", opposing=())
    state = play(cards, setup).final
    assert query.attack(state, cards, state.die("P1:SK1")).value == 2
    assert query.defense(state, cards, state.die("P1:SK1")).value == 2
    ended = play(cards, setup, "P1 end").final
    assert ended.die("P1:SK1").zone == Zone.PREP
    assert ended.die("P1:16bfu#1").zone == Zone.FIELD


def test_other_defenders_cost_less_and_fielding_one_preps_a_die_24def():
    cards = cards_for("24def", "While", "2def")
    lines = ("P1 die 24def#1 field L1", "P1 die 2def#1 reserve L1", "P1 die SK5 reserve wild")
    setup = scene("24def", *lines, "P1 die SK8 bag", team="2def:2")
    state = play(cards, setup).final
    assert query.purchase_cost(state, cards, "P1", "2def").value == cards["2def"].cost - 1
    fielded = play(cards, setup, "P1 field 2def#1 pay SK5", "P1 draw SK8").final
    assert fielded.die("P1:SK8").zone == Zone.PREP


def test_overcrush_and_no_damage_from_blockers_while_bebop_is_active_38tmnt():
    cards = cards_for("38tmnt", "While", "9tmnt")
    setup = scene("38tmnt", "P1 die 38tmnt#1 field L1", "P1 die 9tmnt#1 field L1", team="9tmnt:2")
    log = "P1 attack 38tmnt#1", "P2 block 5sww#1>38tmnt#1"
    state = play(cards, setup).final
    assert "overcrush" in query.keywords(state, cards, state.die("P1:38tmnt#1"))
    no_bebop = setup.replace("P1 die 9tmnt#1 field L1", "P1 die 9tmnt#1 used")
    blocked = play(cards, setup, *log).final
    assert blocked.die("P1:38tmnt#1").damage == 0  # Cheetah's 4 damage prevented
    alone = play(cards, no_bebop, *log).final
    assert "overcrush" not in query.keywords(alone, cards, alone.die("P1:38tmnt#1"))


def test_characters_with_two_attack_or_less_cant_attack_you_2dc2016():
    cards = cards_for("2dc2016")
    setup = scene("2dc2016", "P1 die 2dc2016#1 field L1", active="P2")
    refused(cards, setup + "P2 attack SK1\n", "R13.7")  # 1A
    play(cards, setup, "P2 attack 5sww#1")  # 4A


def test_your_bom_dice_need_two_blockers_81dps():
    cards = cards_for("81dps")
    setup = scene("81dps", "P1 die 81dps#1 field L1")
    refused(cards, setup + "P1 attack 81dps#1\nP2 block SK1>81dps#1\n", "R13.7")
    play(cards, setup, "P1 attack 81dps#1", "P2 block SK1>81dps#1 5sww#1>81dps#1")


def test_the_first_fielding_each_turn_costs_the_opponent_two_life_119avx():
    # 'cannot field characters; can pay 2 life to prevent this for the rest of this turn'
    cards = cards_for("119avx")
    theirs = (
        "P2 die 5sww#2 reserve L1",
        "P2 die 22uxm#2 reserve L1",
        "P2 die SK3 reserve mask",
        "P2 die SK4 reserve fist",
    )
    setup = scene("119avx", "P1 die 119avx#1 field L1", opposing=theirs, active="P2")
    state = play(cards, setup, "P2 field 5sww#2 pay SK3").final
    assert state.player("P2").life == 18
    state = play(cards, setup, "P2 field 5sww#2 pay SK3", "P2 field 22uxm#2 pay SK4").final
    assert state.player("P2").life == 18  # paid once: the effect is gone for the turn
    mine = scene("119avx", "P1 die 119avx#1 field L1", "P1 die 19sww#1 reserve L1",
                 "P1 die SK5 reserve shield")  # fmt: skip
    assert play(cards, mine, "P1 field 19sww#1 pay SK5").final.player("P1").life == 20


def test_actions_and_globals_cost_two_life_once_each_turn_87avx():
    cards = cards_for("87avx")
    theirs = ("P2 die SK3 reserve shield", "P2 die SK4 reserve shield", "P2 die 5sww#1 field L1")
    setup = scene("87avx", "P1 die 87avx#1 field L1", opposing=theirs, active="P2")
    state = play(cards, setup, "P2 global 31sww pay SK3").final
    assert state.player("P2").life == 18
    twice = play(cards, setup, "P2 global 31sww pay SK3", "P2 global 31sww pay SK4").final
    assert twice.player("P2").life == 18


# -- damage from opposing characters' abilities reduced (R13.4) ----------------------------------
def test_damage_from_opposing_character_abilities_is_reduced_by_one_1m2019():
    cards = cards_for("1m2019")
    setup = scene("1m2019", "P1 die 1m2019#1 field L1", "P1 die 19sww#1 field L1")
    state = play(cards, setup).final
    cheetah, superman = state.die("P2:5sww#1"), state.die("P1:19sww#1")
    assert [n for _, n in query.damage_prevented(state, cards, None, cheetah, 3, "P1")] == [1]
    assert [n for _, n in query.damage_prevented(state, cards, superman, cheetah, 3)] == [1]
    assert query.damage_prevented(state, cards, None, cheetah, 3, "P1", combat=True) == []
    assert query.damage_prevented(state, cards, cheetah, superman, 3) == []  # theirs
    assert query.damage_prevented(state, cards, None, None, 3, "P1") == []  # no die: a global
    assert not statics.targetable(state, cards, "P1:1m2019#1", "P2", "global")


def test_iron_fist_reduces_ability_damage_and_has_its_ko_trigger_4m2015():
    result = compile_card(pool()["4m2015"])
    assert result.status == "automated"
    assert [s["when"] for s in result.encoding["abilities"]] == ["while_active", "kod"]


def test_the_opponent_cannot_field_npcs_89bff():
    # Battle for Faerun's NPC dice are its Sidekick dice (turn_globals' reading)
    cards = cards_for("89bff", family="turn_globals")  # its NPC read as Sidekick, then here
    theirs = ("P2 die SK3 reserve L1", "P2 die 5sww#2 reserve L1", "P2 die SK4 reserve mask")
    setup = scene("89bff", "P1 die 89bff#1 field L1", opposing=theirs, active="P2")
    refused(cards, setup + "P2 field SK3\n", "R13.7")
    play(cards, setup, "P2 field 5sww#2 pay SK4")
    mine = scene("89bff", "P1 die 89bff#1 field L1", "P1 die SK3 reserve L1")
    play(cards, mine, "P1 field SK3")
