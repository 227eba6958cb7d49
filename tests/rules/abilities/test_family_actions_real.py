"""Template family `actions` over real basic action cards: each test reads a real card's lines
from the community card file (by its key: set code and number; its text is never copied
here), compiles them onto the demo action card 34sww and plays the action die through the
engine (setup -> use -> expected result).

Board (tests/rules/abilities/scenario.py): P1's Superman 19sww (L1 4A/6D), P2's Cheetah 5sww
(L1 4A/2D), Sidekicks 1A/1D."""

from functools import cache

import pytest

from rules.abilities import compile_card
from rules.abilities.describe import describe
from rules.abilities.vocabulary import EncodingError, validate
from rules.catalogue import read_catalogue
from rules.engine import Zone, query
from tests.rules.abilities.scenario import (
    board,
    compiled,
    compiled_cards,
    play,
    real_pool_path,
    refused,
)

ACTION = "34sww"
DICE = ("P1 die SK1 field L1", "P1 die 19sww#1 field L1", "P2 die SK1 field L1")


@cache
def pool() -> dict:
    return {r.key: r for r in read_catalogue(real_pool_path()).cards}


def real(key: str):
    return pool()[key]


def action_cards(key: str, *, lines=None):
    """The demo cards with the action 34sww playing real card `key`'s action lines."""
    record = real(key)
    assert record.kind == "basic_action", (key, record.kind)
    return compiled_cards(ACTION, ability_lines=lines or record.ability_lines)


def use(cards, bursts: str, *lines: str, answers=()):
    setup = board(f"P1 die BA:{ACTION}#1 reserve action{bursts}", *lines)
    return play(cards, setup, f"P1 use BA:{ACTION}#1", *answers).final


def attack(state, cards, die):
    return query.attack(state, cards, state.die(die)).value


def defense(state, cards, die):
    return query.defense(state, cards, state.die(die)).value


@pytest.mark.parametrize(
    "key",
    [
        "27avx", "28avx", "29avx", "31avx", "33avx", "30uxm", "129bff", "25jl", "29aou",
        "26wf", "50tmnt", "55tmnt", "7dc2016", "30imw", "31sww", "6thor", "51bfu", "11ig",
        "12msw", "14msw", "10m2017", "32wf", "70xmf", "14skc", "34asm", "27cw", "28wol",
        "33aou", "1ig", "54ai", "5ig", "4thor", "9m2019", "16msw", "32avx", "114ygo", "29imw",
    ],
)  # fmt: skip
def test_real_action_cards_are_fully_automated(key):
    result = compile_card(real(key))
    assert result.status == "automated", result.manual_lines
    assert {family for _, family in result.recognised} <= {"actions", "globals", "keywords", "life"}


def test_force_beam_damages_every_character_and_its_double_burst_hits_players_too():
    cards = action_cards("27avx")  # AVX: 1 to each character; ** 1 to each player, 2 to each
    plain = use(cards, "", *DICE)
    assert plain.die("P1:SK1").zone == Zone.PREP and plain.die("P1:19sww#1").zone == Zone.FIELD
    assert plain.player("P2").life == 20
    double = use(cards, "**", *DICE, "P2 die 5sww#1 field L1")
    assert double.player("P1").life == 19 and double.player("P2").life == 19
    assert double.die("P2:5sww#1").zone == Zone.PREP  # 2 damage, D2


def test_reckless_melee_single_burst_only_hits_players():
    cards = action_cards("30uxm")  # UXM
    state = use(cards, "*", *DICE)
    assert state.die("P2:SK1").zone == Zone.FIELD
    assert (state.player("P1").life, state.player("P2").life) == (19, 19)


def test_reckless_abandon_double_burst_hits_players_and_dice():
    cards = action_cards("55tmnt")  # TMNT
    state = use(cards, "**", *DICE)
    assert state.die("P2:SK1").zone == Zone.PREP and state.player("P2").life == 19


def test_gearing_up_draws_two_dice_and_rolls_them_into_the_reserve():
    cards = action_cards("28avx")  # AVX: draw two dice from the bag and roll them
    state = use(
        cards, "", "P1 die SK5 bag", "P1 die SK6 bag",
        answers=("P1 draw SK5 SK6", "P1 roll SK5=bolt SK6=mask"),
    )  # fmt: skip
    assert {d.id for d in state.zone("P1", Zone.RESERVE)} >= {"P1:SK5", "P1:SK6"}


def test_investigation_draws_and_rolls_two():
    cards = action_cards("6thor")  # Thor
    state = use(
        cards, "", "P1 die SK5 bag", "P1 die SK6 bag",
        answers=("P1 draw SK5 SK6", "P1 roll SK5=fist SK6=fist"),
    )  # fmt: skip
    assert state.die("P1:SK5").zone == Zone.RESERVE


def test_inner_rage_two_of_your_targets_and_the_burst_adds_to_those_same_dice():
    cards = action_cards("29avx")  # AVX
    state = use(cards, "*", *DICE, answers=("P1 choose SK1 19sww#1",))
    assert attack(state, cards, "P1:SK1") == 3 and defense(state, cards, "P1:19sww#1") == 8
    assert attack(state, cards, "P2:SK1") == 1
    refused(
        cards,
        board(f"P1 die BA:{ACTION}#1 reserve action", *DICE)
        + f"P1 use BA:{ACTION}#1\nP1 choose SK1 P2:SK1\n",
        "R13.2",
    )  # 'your' characters only


def test_power_bolt_may_target_a_player():
    for key in ("31avx", "10m2017"):  # AVX and M2017 wordings
        cards = action_cards(key)
        state = use(cards, "", *DICE, answers=("P1 choose P2",))
        assert state.player("P2").life == 18
        state = use(cards, "", *DICE, "P2 die 5sww#1 field L1", answers=("P1 choose P2:5sww#1",))
        assert state.die("P2:5sww#1").zone == Zone.PREP


def test_take_cover_gives_your_dice_defense_and_one_die_more_on_a_burst():
    for key in ("33avx", "31sww"):  # AVX and SWW wordings
        cards = action_cards(key)
        state = use(cards, "*", *DICE, answers=("P1 choose 19sww#1",))
        assert defense(state, cards, "P1:SK1") == 3
        assert defense(state, cards, "P1:19sww#1") == 6 + 2 + 3
        assert defense(state, cards, "P2:SK1") == 1


def test_blessing_and_its_double_burst():
    cards = action_cards("129bff")  # BFF: each of yours +1A/+1D; ** two of yours another +1/+1
    state = use(cards, "**", *DICE, "P1 die SK2 field L1", answers=("P1 choose SK1 SK2",))
    assert attack(state, cards, "P1:SK1") == 3 and attack(state, cards, "P1:19sww#1") == 5
    assert attack(state, cards, "P2:SK1") == 1


def test_anger_issues_and_hulk_out_grant_overcrush():
    cards = action_cards("25jl")  # JL: +3A and Overcrush
    state = use(cards, "", *DICE, answers=("P1 choose 19sww#1",))
    assert attack(state, cards, "P1:19sww#1") == 7
    assert "overcrush" in query.keywords(state, cards, state.die("P1:19sww#1"))
    cards = action_cards("29aou")  # AOU: Overcrush; */** that character also +1A
    state = use(cards, "*", *DICE, answers=("P1 choose 19sww#1",))
    assert attack(state, cards, "P1:19sww#1") == 5
    assert "overcrush" in query.keywords(state, cards, state.die("P1:19sww#1"))


def test_call_to_action_refuses_a_sidekick_target():
    cards = action_cards("26wf")  # WF: target non-Sidekick character die
    state = use(cards, "", *DICE, answers=("P1 choose 19sww#1",))
    assert attack(state, cards, "P1:19sww#1") == 7
    setup = board(f"P1 die BA:{ACTION}#1 reserve action", *DICE)
    refused(cards, setup + f"P1 use BA:{ACTION}#1\nP1 choose SK1\n", "R13.2")


def test_enraged_and_thrown_car_pick_up_to_two_of_your_dice():
    for key in ("50tmnt", "7dc2016"):  # TMNT, DC2016 promo
        cards = action_cards(key)
        state = use(cards, "", *DICE, answers=("P1 choose 19sww#1",))
        assert attack(state, cards, "P1:19sww#1") == 5
        assert "overcrush" in query.keywords(state, cards, state.die("P1:19sww#1"))
        assert "overcrush" not in query.keywords(state, cards, state.die("P1:SK1"))


def test_surprise_attack_burst_changes_only_the_amount():
    cards = action_cards("30imw")  # IMW: 1 damage; */** 2 damage instead
    result = compile_card(real("30imw"))
    variant = result.encoding["abilities"][0]["bursts"]["1"]
    assert variant["mode"] == "instead" and variant["effects"][0]["amount"] == 2
    state = use(cards, "", *DICE, "P2 die 5sww#1 field L1", answers=("P1 choose P2:5sww#1",))
    assert state.die("P2:5sww#1").zone == Zone.FIELD
    state = use(cards, "*", *DICE, "P2 die 5sww#1 field L1", answers=("P1 choose P2:5sww#1",))
    assert state.die("P2:5sww#1").zone == Zone.PREP


def test_excessive_ordinance_six_damage():
    cards = action_cards("51bfu")  # BFU
    state = use(cards, "", *DICE, answers=("P1 choose 19sww#1",))
    assert state.die("P1:19sww#1").zone == Zone.PREP


def test_power_surge_burst_grants_overcrush_to_up_to_two():
    cards = action_cards("11ig")  # IG: each active die of yours +1A/+1D; ** up to two Overcrush
    state = use(cards, "**", *DICE, answers=("P1 choose 19sww#1",))
    assert attack(state, cards, "P1:SK1") == 2
    assert "overcrush" in query.keywords(state, cards, state.die("P1:19sww#1"))


def test_the_beyonder_rerolls_two_targets_then_gains_life():
    cards = action_cards("12msw")  # MSW
    state = use(
        cards, "", *DICE, "P1 life 15",
        answers=("P1 choose SK1 P2:SK1", "P1 roll SK1=fist", "P2 roll SK1=bolt"),
    )  # fmt: skip
    assert state.die("P1:SK1").face.notation() == "fist"
    assert state.die("P2:SK1").face.notation() == "bolt"
    assert state.player("P1").life == 16


def test_with_great_power_spins_all_of_yours_up():
    cards = action_cards("34asm", lines=real("34asm").ability_lines[:1])  # ASM: first line
    state = use(cards, "", *DICE)
    assert state.die("P1:19sww#1").level == 2 and state.die("P2:SK1").level == 1


def test_power_word_kill_ko_only_up_to_level_two():
    cards = action_cards("33fus", lines=real("33fus").ability_lines[:1])  # FUS: first line
    state = use(cards, "", *DICE, "P2 die 5sww#1 field L2", answers=("P1 choose P2:5sww#1",))
    assert state.die("P2:5sww#1").zone == Zone.PREP
    setup = board(f"P1 die BA:{ACTION}#1 reserve action", *DICE, "P2 die 5sww#1 field L3")
    refused(cards, setup + f"P1 use BA:{ACTION}#1\nP1 choose P2:5sww#1\n", "R13.2")


def test_shockwave_kos_level_one_dice_and_a_burst_hits_the_opponent():
    cards = action_cards("32jl")  # JL (its global stays manual)
    state = use(cards, "*", *DICE, "P2 die 5sww#1 field L2")
    assert state.die("P2:SK1").zone == Zone.PREP and state.die("P2:5sww#1").zone == Zone.FIELD
    assert state.player("P2").life == 17
    assert compile_card(real("32jl")).status == "partial"


@pytest.mark.parametrize(
    "key",
    [
        "25avx",  # the opponent picks targets; a global moving an attacker back
        "6avxop",  # more damage if the target is a Villain
        "28uxm",  # capture with a total cost
        "30jl",  # a damage cap per blocker
    ],
)
def test_actions_outside_the_vocabulary_stay_manual(key):
    assert compile_card(real(key)).status == "manual"


def test_a_bare_villain_die_is_a_villain_character_die():
    # since the families merged, 'a Villain die' is read by the trigger families' dice words:
    # a target character die of the Villain affiliation (action dice have no affiliation)
    result = compiled("22sww", global_lines=["Global: Pay [M] to reroll a Villain die"])
    assert result.encoding["abilities"][0]["effects"] == [
        {"do": "reroll", "to": {"pick": "target", "affiliation": ["villain"]}}
    ]


def test_or_player_and_draw_roll_are_vocabulary_with_their_own_words():
    encoding = {
        "abilities": [
            {
                "when": "action",
                "effects": [
                    {"do": "damage", "to": {"pick": "target", "or_player": True}, "amount": 2},
                    {"do": "draw", "count": 2, "into": "reserve"},
                ],
            }
        ]
    }
    assert validate(encoding) == encoding
    text = describe(encoding)
    assert "target character die or player" in text and "draw and roll 2 dice" in text
    silenced = {"do": "no_damage", "to": {"pick": "target"}, "combat_only": True}
    encoding = {"abilities": [{"when": "action", "effects": [silenced]}]}
    assert "target character die deals no combat damage this turn" in describe(encoding)
    combat = {"pick": "target", "combat": "blocking"}
    encoding = {"abilities": [{"when": "action", "effects": [{"do": "ko", "to": combat}]}]}
    assert "target blocking character die" in describe(validate(encoding))
    bad = {"abilities": [{"when": "action", "effects": [{"do": "draw", "count": 1, "into": 1}]}]}
    with pytest.raises(EncodingError, match=r"effects\[0\]"):
        validate(bad)


def test_driven_underground_kos_a_blocking_die_only():
    cards = action_cards("25cw", lines=real("25cw").ability_lines[:1])  # CW: first line
    setup = (
        board(f"P1 die BA:{ACTION}#1 reserve action", *DICE, "P2 die 5sww#1 field L1")
        + "P1 attack 19sww#1\nP2 block 5sww#1>19sww#1\n"
    )
    state = play(cards, setup, f"P1 use BA:{ACTION}#1", "P1 choose P2:5sww#1").final
    assert state.die("P2:5sww#1").zone == Zone.PREP
    refused(cards, setup + f"P1 use BA:{ACTION}#1\nP1 choose P2:SK1\n", "R13.2")


def test_too_big_to_fly_kos_only_a_die_with_five_attack_or_more():
    for key in ("32wf", "14skc"):  # WF, SKC
        cards = action_cards(key)
        setup = board(f"P1 die BA:{ACTION}#1 reserve action", *DICE, "P2 die 5sww#1 field L3")
        state = play(cards, setup, f"P1 use BA:{ACTION}#1", "P1 choose P2:5sww#1").final
        assert state.die("P2:5sww#1").zone == Zone.PREP  # Cheetah L3: 5A
        # Cheetah L2 has 4A: no die is a valid target, so nothing is asked and nothing KO'd
        state = use(cards, "", *DICE, "P2 die 5sww#1 field L2")
        assert state.die("P2:5sww#1").zone == Zone.FIELD
        setup = board(f"P1 die BA:{ACTION}#1 reserve action", *DICE, "P2 die 5sww#1 field L2")
        refused(cards, setup + f"P1 use BA:{ACTION}#1\nP1 choose P2:5sww#1\n", "R13.3")


def test_with_great_power_double_burst_spins_to_level_three():
    cards = action_cards("34asm")  # ASM: all of yours up 1; ** instead to level 3
    state = use(cards, "**", *DICE, "P1 die 22sww#1 field L2")
    assert state.die("P1:19sww#1").level == 3 and state.die("P1:22sww#1").level == 3
    assert state.die("P2:SK1").level == 1


def test_lethal_force_counts_your_active_dice_and_its_burst_hits_the_opponent():
    cards = action_cards("28wol")  # WOL: 1 damage per active die of yours; */** also 1 to them
    state = use(cards, "*", *DICE, "P2 die 5sww#1 field L1", answers=("P1 choose P2:5sww#1",))
    assert state.die("P2:5sww#1").zone == Zone.PREP  # 2 of P1's dice: 2 damage, D2
    assert state.player("P2").life == 19


def test_surprise_attack_with_a_dash_before_the_burst_text():
    cards = action_cards("33aou")  # AOU: '*/** - Deal 2 damage instead'
    state = use(cards, "*", *DICE, "P2 die 5sww#1 field L1", answers=("P1 choose P2:5sww#1",))
    assert state.die("P2:5sww#1").zone == Zone.PREP


def test_raised_shields_burst_gives_those_dice_overcrush():
    cards = action_cards("54ai")  # AI: two of yours +1A/+1D; */** they gain Overcrush
    state = use(cards, "**", *DICE, answers=("P1 choose SK1 19sww#1",))
    assert attack(state, cards, "P1:SK1") == 2
    assert "overcrush" in query.keywords(state, cards, state.die("P1:19sww#1"))
    plain = use(cards, "", *DICE, answers=("P1 choose SK1 19sww#1",))
    assert "overcrush" not in query.keywords(plain, cards, plain.die("P1:19sww#1"))


def test_wallop_double_burst_reaches_level_two():
    cards = action_cards("16msw", lines=real("16msw").ability_lines)  # MSW (global manual)
    state = use(cards, "**", *DICE, "P2 die 5sww#1 field L2", answers=("P1 choose P2:5sww#1",))
    assert state.die("P2:5sww#1").zone == Zone.PREP
    state = use(cards, "", *DICE, "P2 die 5sww#1 field L2", answers=("P1 choose P2:SK1",))
    assert state.die("P2:5sww#1").zone == Zone.FIELD  # without bursts: level 1 only
    setup = board(f"P1 die BA:{ACTION}#1 reserve action", *DICE, "P2 die 5sww#1 field L2")
    refused(cards, setup + f"P1 use BA:{ACTION}#1\nP1 choose P2:5sww#1\n", "R13.2")


def test_a_burst_written_on_the_same_line_is_a_variant():
    lines = real("4thor").ability_lines  # Thor: 'KO target level 1 ... ** Instead, KO ...'
    assert len(lines) == 1
    cards = action_cards("4thor", lines=lines)
    state = use(cards, "**", *DICE, "P2 die 5sww#1 field L2", answers=("P1 choose P2:5sww#1",))
    assert state.die("P2:5sww#1").zone == Zone.PREP
    state = use(cards, "", *DICE, "P2 die 5sww#1 field L2", answers=("P1 choose P2:SK1",))
    assert state.die("P2:5sww#1").zone == Zone.FIELD


def test_the_front_line_pumps_only_unblocked_attackers():
    cards = action_cards("32cw", lines=real("32cw").ability_lines)  # CW (its global: manual)
    setup = board(f"P1 die BA:{ACTION}#1 reserve action", *DICE, "P2 die 5sww#1 field L1")
    setup += "P1 attack 19sww#1 SK1\nP2 block 5sww#1>19sww#1\n"
    state = play(cards, setup, f"P1 use BA:{ACTION}#1").final
    assert attack(state, cards, "P1:SK1") == 4  # unblocked
    assert attack(state, cards, "P1:19sww#1") == 4  # blocked: unchanged


def test_betrayal_counts_the_opponents_field():
    cards = action_cards("27asm", lines=real("27asm").ability_lines[:1])  # ASM: first line
    state = use(cards, "", *DICE, "P2 die 5sww#1 field L1")
    assert state.player("P2").life == 18  # P2 has two character dice in the Field


def test_focus_spins_up_or_down_as_the_user_says():
    cards = action_cards("5ig")  # IG: target up or down one level; ** all character dice
    result = compile_card(real("5ig"))
    assert result.status == "automated"
    assert "up or down 1 level (your choice)" in result.description
    state = use(cards, "", *DICE, "P2 die 5sww#1 field L2",
                answers=("P1 choose P2:5sww#1", "P1 choose down"))  # fmt: skip
    assert state.die("P2:5sww#1").level == 1
    state = use(cards, "", *DICE, answers=("P1 choose 19sww#1", "P1 choose up"))
    assert state.die("P1:19sww#1").level == 2
    # ** adds (a plain burst clause adds to the effect): the target, then each die its own way
    answers = ("P1 choose 19sww#1", "P1 choose up", "P1 choose up", "P1 choose up",
               "P1 choose up")  # fmt: skip
    state = use(cards, "**", *DICE, answers=answers)
    assert state.die("P1:19sww#1").level == 3  # up as the target, up again as one of all
    assert state.die("P1:SK1").level == 1  # a Sidekick has no level 2
    setup = board(f"P1 die BA:{ACTION}#1 reserve action", *DICE)
    refused(cards, setup + f"P1 use BA:{ACTION}#1\nP1 choose 19sww#1\nP1 choose sideways\n",
            "R13.2")  # fmt: skip


@pytest.mark.parametrize(
    ("words", "selector"),
    [
        ("target character die", {"pick": "target"}),
        ("one of your characters", {"pick": "target", "side": "yours"}),
        ("two of your target characters", {"pick": "target", "side": "yours", "count": 2}),
        ("up to two target character dice", {"pick": "up_to", "count": 2}),
        ("each of your opponent's Sidekicks", {"pick": "each", "what": "sidekick",
                                               "side": "opposing"}),
        ("an opponent's [F] character", {"pick": "target", "side": "opposing",
                                         "energy": ["fist"]}),
        ("target non-[SF] character die", {"pick": "target", "not_affiliation": ["spideyfriends"]}),
        ("target level 1 or level 2 character die", {"pick": "target", "max_level": 2}),
        ("target character die with A of 5 or greater", {"pick": "target", "min_attack": 5}),
        ("unblocked attacking character dice", {"pick": "each", "combat": "unblocked"}),
        ("target blocker", {"pick": "target", "combat": "blocking"}),
        ("character dice you control", {"pick": "each", "side": "yours"}),
        ("those characters", None),  # only after an effect (see below)
        ("target Superstar die", {"pick": "target", "what": "non_sidekick"}),  # SUPERSTAR_WHAT
        # not read: a die anywhere, a singular 'all', a count that disagrees with the noun
        ("a Villain die", None),
        ("all character die", None),
        ("two target character die", None),
        ("target level 2 character die", None),
    ],
)  # fmt: skip
def test_dice_noun_phrases(words, selector):
    from rules.abilities.phrases_actions import dice_selector

    assert dice_selector(words) == selector


def test_or_opponent_may_pick_the_opponent_but_not_yourself():
    line = next(li for li in real("27xmf").ability_lines if li.startswith("When fielded"))
    cards = compiled_cards("19sww", ability_lines=[line])  # XMF Jubilee's clause, on Superman
    setup = board(
        "P1 die 19sww#1 reserve L1", "P1 die SK1 reserve shield", "P2 die 5sww#1 field L1"
    )
    state = play(cards, setup, "P1 field 19sww#1 pay SK1", "P1 choose P2").final
    assert state.player("P2").life == 18
    state = play(cards, setup, "P1 field 19sww#1 pay SK1", "P1 choose P2:5sww#1").final
    assert state.die("P2:5sww#1").zone == Zone.PREP
    refused(cards, setup + "P1 field 19sww#1 pay SK1\nP1 choose P1\n", "R13.2")
    text = describe(
        {
            "abilities": [
                {
                    "when": "action",
                    "effects": [
                        {
                            "do": "damage",
                            "to": {"pick": "target", "or_player": "opposing"},
                            "amount": 1,
                        }
                    ],
                }
            ]
        }
    )
    assert "target character die or your opponent" in text  # fmt: skip


def test_it_means_earlier_dice_only_after_an_effect_or_on_an_action():
    from rules.abilities.phrases_actions import allowing_it, dice_selector

    with allowing_it():
        assert dice_selector("those characters") == {"pick": "it"}
    # on a character, 'it' in a trigger is the die itself (the self clause), not earlier dice
    result = compiled("19sww", ability_lines=["When Superman attacks, it gets +3A"])
    effects = result.encoding["abilities"][0]["effects"]
    assert effects == [{"do": "modify", "to": {"pick": "this"}, "attack": 3}]
    # after a first sentence it is the dice that sentence picked
    line = "When fielded, target character die gets +1A. That character die must attack this turn"
    effects = compiled("19sww", ability_lines=[line]).encoding["abilities"][0]["effects"]
    assert effects[1] == {"do": "grant", "to": {"pick": "it"}, "keyword": "must_attack"}
