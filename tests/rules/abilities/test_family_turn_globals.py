"""Family `turn_globals` (rules/abilities/templates/turn_globals.py) and the shared readings it
settled: a WWE Superstar die is a non-Sidekick character die in every family
(`tokens.SUPERSTAR_WHAT`), and 'the next <dice> you purchase costs N less' is one effect,
`next_purchase`, whoever uses the global that makes it.

Real lines are read from the card file by key at test time (their text is never copied here)
and played through the engine."""

from rules.abilities import compile_card, describe
from rules.abilities import tokens as t
from rules.engine import Zone, query
from tests.rules.abilities.long_tail import compiled_real, real_line
from tests.rules.abilities.long_tail import real_cards as lt_cards
from tests.rules.abilities.real_cards import pool, real_cards, scene, to_field
from tests.rules.abilities.scenario import board, compiled_cards, play, refused, run

TEAMS = ("19sww:2 22sww:2 10sww:2 basic 34sww 31sww", "5sww:2 9sww:2 basic 34sww 32sww")


def _global_cards(key: str):
    (line,) = pool()[key].global_lines
    return compiled_cards("22sww", global_lines=[line])


# -- Superstar: one reading -------------------------------------------------------------------
def test_superstar_is_a_non_sidekick_character_die_everywhere():
    assert t.SUPERSTAR_WHAT == "non_sidekick"
    # a global's target (phrases_actions), a watcher (player_triggers), a static subject
    # (while_statics_more), a watcher of while_triggers_more and the next purchase: one filter
    for key, path in (
        ("13tag", lambda e: e["abilities"][0]["effects"][0]["to"]),
        ("45wwe", lambda e: e["abilities"][0]["any"]),
        ("6wwe", lambda e: e["abilities"][0]["effects"][0]["to"]),
        ("1wwe", lambda e: e["abilities"][0]["any"]),
        ("41wwe", lambda e: e["abilities"][0]["effects"][0]["cards"]),
        # fielded_choices' rewrites: 'target Superstar die' after an attack trigger, and the
        # second line of 4bit (a watcher, then the other opposing Superstar die it damages)
        ("21bit", lambda e: e["abilities"][0]["effects"][0]["to"]),
        ("4bit", lambda e: e["abilities"][1]["any"]),
        # set_keywords: Attune's and Intimidate's WWE reminders name a Superstar die
        ("4bit", lambda e: e["abilities"][0]["effects"][0]["to"]),
        ("4wwe", lambda e: e["abilities"][0]["effects"][0]["to"]),
        ("4bit", lambda e: e["abilities"][1]["effects"][0]["to"]),
    ):
        assert path(compile_card(pool()[key]).encoding)["what"] == t.SUPERSTAR_WHAT, key
    # 'Each of your Mankind Superstar dice': that card's own dice, none of them a Sidekick.
    mankind = compile_card(pool()["32wwe"])
    assert mankind.status == "automated"
    assert "Sidekick" not in mankind.description.split(" for each ")[0]


def test_a_global_targeting_a_superstar_refuses_a_sidekick():
    cards = _global_cards("13tag")  # [B]: target Superstar die must attack this turn
    setup = board(
        "P1 die SK3 reserve bolt", "P2 die 5sww#1 field L1", "P2 die SK1 field L1", teams=TEAMS
    )
    state = play(cards, setup, "P1 global 22sww pay SK3 target P2:5sww#1").final
    assert "must_attack" in state.die("P2:5sww#1").keywords
    refused(cards, setup + "P1 global 22sww pay SK3 target P2:SK1\n", "R13.2")


def test_a_superstar_kod_watcher_ignores_sidekicks():
    # 45wwe: while active, whenever a Superstar die is KO'd, its controller loses 1 life.
    cards = real_cards("45wwe", "While")
    damage = compiled_cards(
        "22sww", global_lines=["Pay [B]: Deal 2 damage to target character die."]
    )
    cards["22sww"] = damage["22sww"]
    setup = scene("45wwe", "P1 die 45wwe#1 field L1", "P1 die SK3 reserve bolt", team="22sww:2")
    sidekick = play(cards, setup, "P1 global 22sww pay SK3 target P2:SK1").final
    assert sidekick.die("P2:SK1").zone == Zone.PREP
    assert sidekick.player("P2").life == 20  # a Sidekick is not a Superstar
    wolverine = play(cards, setup, "P1 global 22sww pay SK3 target P2:22uxm#1").final
    assert wolverine.die("P2:22uxm#1").zone == Zone.PREP
    assert wolverine.player("P2").life == 19  # its controller loses 1 life


# -- the next purchase: one effect -------------------------------------------------------------
def test_the_next_superstar_die_costs_less_when_fielded():
    cards = real_cards("41wwe", "When")
    payers = tuple(f"P1 die SK{n} reserve wild" for n in (6, 7, 8))
    lines, field = to_field("41wwe")
    setup = scene("41wwe", *lines, *payers)
    replay = play(cards, setup, field)
    assert query.purchase_cost(replay.final, cards, "P1", "19sww").value == 4  # 6 - 2
    assert query.purchase_cost(replay.final, cards, "P1", "31sww").value == 3  # an action die
    assert query.purchase_cost(replay.final, cards, "P2", "19sww").value == 6  # not theirs
    assert "the next non-Sidekick character die you buy this turn costs 2 less" in describe(
        compile_card(pool()["41wwe"]).encoding
    )


def test_the_opponent_using_the_global_gets_the_discount():
    cards = _global_cards("7ki")  # [F][F]: the next character die you purchase, 3 less
    energy = [f"P{p} die SK{n} reserve fist" for p in (1, 2) for n in (1, 2)]
    teams = ("19sww:2 22sww:2 basic 34sww 31sww", "5sww:2 9sww:2 basic 34sww 32sww")
    setup = board(*energy, teams=teams, active="P2")
    state = play(cards, setup, "P2 global P1:22sww pay SK1 SK2").final
    assert query.purchase_cost(state, cards, "P2", "9sww").value == max(
        1, query.purchase_cost(play(cards, setup).final, cards, "P2", "9sww").value - 3
    )
    assert query.purchase_cost(state, cards, "P2", "34sww").value == 3  # an action die: no
    assert query.purchase_cost(state, cards, "P1", "19sww").value == 6  # not the user's foe


# -- Teamwatch - <bare effect> ------------------------------------------------------------------
# Real lines played on P1's Superman (19sww, Justice League): Wonder Woman (22sww) shares Justice
# League, Jimmy Olsen (10sww, Superman's Pal) and a second Superman die don't count.
TW_TEAMS = ("19sww:2 22sww:2 10sww:2 basic 31sww", "5sww:2 basic 34sww")


def _teamwatch(cards, key: str, *answers: str, extra=(), pay=""):
    setup = board(
        "P1 die 19sww#1 field L1", f"P1 die {key} reserve L1", "P1 die SK7 bag", *extra,
        teams=TW_TEAMS,
    )  # fmt: skip
    return play(cards, setup, f"P1 field {key}{pay}", *answers).final


def test_teamwatch_bare_effect_is_a_watcher_of_your_other_affiliated_fieldings():
    spec = compiled_real("128msw", real_line("128msw", "Teamwatch")).encoding["abilities"][0]
    assert spec["when"] == "fielded"
    assert spec["any"] == {
        "pick": "each",
        "side": "yours",
        "shares_affiliation": True,
        "other": True,
    }
    cards = lt_cards("128msw", real_line("128msw", "Teamwatch"))  # prep a die from your bag
    state = _teamwatch(cards, "22sww#1", "P1 draw SK7")  # Justice League: shares one
    assert state.die("P1:SK7").zone == Zone.PREP
    assert _teamwatch(cards, "10sww#1").die("P1:SK7").zone == Zone.BAG  # no shared affiliation
    own = _teamwatch(cards, "19sww#2", pay=" pay SK1", extra=("P1 die SK1 reserve wild",))
    assert own.die("P1:SK7").zone == Zone.BAG  # the card's own die


def test_teamwatch_spin_target_opposing_down():
    cards = lt_cards("6m2016", real_line("6m2016", "Teamwatch"))
    state = _teamwatch(cards, "22sww#1", "P1 choose P2:5sww#1", extra=("P2 die 5sww#1 field L2",))
    assert state.die("P2:5sww#1").level == 1


def test_teamwatch_the_cards_own_name_gets_the_bonus_once_per_event():
    # 129dps: 'Teamwatch - Rogue gets +2A' (played as Superman: each of the card's dice)
    cards = lt_cards("129dps", real_line("129dps", "Teamwatch"))
    state = _teamwatch(cards, "22sww#1")
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4 + 2
    state = _teamwatch(cards, "10sww#1")
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4


def test_teamwatch_with_an_attack_bonus_written_out():
    # 89msw: 'Teamwatch - Target character die gets +2 attack (until end of turn)'
    result = compiled_real("89msw", real_line("89msw", "Teamwatch"))
    assert result.encoding["abilities"][0]["effects"] == [
        {"do": "modify", "to": {"pick": "target"}, "attack": 2}
    ]
    cards = lt_cards("89msw", real_line("89msw", "Teamwatch"))
    state = _teamwatch(cards, "22sww#1", "P1 choose P1:22sww#1")
    assert query.attack(state, cards, state.die("P1:22sww#1")).value == 3 + 2


def test_teamwatch_that_still_says_nothing_readable_stays_manual():
    assert compiled_real("116gaf", real_line("116gaf", "Teamwatch")).status == "manual"
    assert compiled_real("41msw", real_line("41msw", "Teamwatch")).status == "manual"


# -- Underdog in a set that prints its reminder elsewhere ---------------------------------------
def test_underdog_sets_print_the_reminder_on_some_card():
    from rules.abilities.templates.turn_globals import UNDERDOG_SETS

    printed = {
        key.lstrip("0123456789")
        for key, record in pool().items()
        for line in record.ability_lines
        if line.lower().startswith("underdog") and "when your opponent has more" in line.lower()
    }
    assert printed >= UNDERDOG_SETS


def test_underdog_when_fielded_without_its_reminder_asm():
    # 138asm: 'Underdog - When fielded, deal 1 damage to target opponent' (no reminder printed;
    # other ASM cards print it)
    spec = compile_card(pool()["138asm"]).encoding["abilities"][0]
    assert spec["if"] == {"test": "opponent_more_field_dice"} and spec["optional"] is True
    cards = real_cards("138asm", "Underdog")
    lines, field = to_field("138asm")
    state = play(cards, scene("138asm", *lines), field, "P1 yes").final
    assert state.player("P2").life == 19  # P2 has five character dice in the Field, P1 one
    mine = ("P1 die 19sww#1 field L1", "P1 die 19sww#2 field L1")
    state = play(cards, scene("138asm", *lines, *mine, opposing=("P2 die SK1 field L1",)), field)
    assert state.final.player("P2").life == 20  # P1 has more: no Underdog


def test_underdog_static_and_a_set_without_the_reminder():
    # 113asm: 'Underdog - Dagger may not be targeted by your opponents'
    spec = compile_card(pool()["113asm"]).encoding["abilities"][0]
    assert spec["when"] == "while_active" and spec["if"] == {"test": "opponent_more_field_dice"}
    assert compile_card(pool()["92gotg"]).status == "manual"  # GotG prints no reminder


# -- globals' spellings ---------------------------------------------------------------------------
def _global_setup(*extra: str) -> str:
    energy = (
        "P1 die SK1 reserve shield", "P1 die SK2 reserve shield", "P1 die SK3 reserve shield",
        "P1 die SK4 reserve shield", "P1 die SK5 reserve mask",
    )  # fmt: skip
    dice = ("P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1")
    return board(*energy, *dice, *extra, teams=TEAMS)


def test_global_with_a_comma_after_its_cost():
    cards = _global_cards("141ig")  # 'Pay [M], Target character die must attack this turn'
    state = play(cards, _global_setup(), "P1 global 22sww pay SK5 target P2:5sww#1").final
    assert "must_attack" in state.die("P2:5sww#1").keywords
    wrong = _global_setup() + "P1 global 22sww pay SK1 target P2:5sww#1\n"
    refused(cards, wrong, "R6.5")  # its cost is still [M]


def test_global_used_only_once_per_turn():
    cards = _global_cards("15gotg")  # '[S][S]. Gain 1 life. Use this ability only once per turn'
    once = play(cards, _global_setup("P1 life 15"), "P1 global 22sww pay SK1 SK2").final
    assert once.player("P1").life == 16
    twice = (
        _global_setup("P1 life 15") + "P1 global 22sww pay SK1 SK2\nP1 global 22sww pay SK3 SK4\n"
    )
    refused(cards, twice, "R10.1")


def test_global_with_a_defense_bonus_written_out():
    cards = _global_cards("42msw")  # '[S]. Target character die gets +1 defense'
    state = play(cards, _global_setup(), "P1 global 22sww pay SK1 target P1:19sww#1").final
    assert query.defense(state, cards, state.die("P1:19sww#1")).value == 6 + 1
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4


# -- 'Once per turn, when fielded' and 'When you have 3 or more active X' -------------------------
def test_once_per_turn_when_fielded():
    # 4jlop: 'Once per turn, when fielded, gain 1 life' (on Superman's dice)
    cards = lt_cards("4jlop", real_line("4jlop", "Once per turn"))
    spec = compiled_real("4jlop", real_line("4jlop", "Once")).encoding["abilities"][0]
    assert spec["when"] == "fielded" and spec["limit"] == "once_per_turn"
    setup = board(
        "P1 die 19sww#1 reserve L1", "P1 die 19sww#2 reserve L1",
        "P1 die SK1 reserve wild", "P1 die SK2 reserve wild", "P1 life 15", teams=TW_TEAMS,
    )  # fmt: skip
    state = play(cards, setup, "P1 field 19sww#1 pay SK1").final
    assert state.player("P1").life == 16
    state = play(cards, setup, "P1 field 19sww#1 pay SK1", "P1 field 19sww#2 pay SK2").final
    assert state.player("P1").life == 16  # the second die fielded this turn: nothing


def test_when_you_have_three_active_affiliated_characters_is_a_static_condition():
    # 92aou: 'When you have 3 or more active [AV] characters, Nick Fury can't be blocked'
    # (played on Superman with [AV] made Justice League)
    line = real_line("92aou", "When you have").replace("[AV]", "[DCJL]")
    cards = lt_cards("92aou", line)
    base = (
        "P1 die 19sww#1 field L1", "P1 die 22sww#1 field L1", "P2 die 5sww#1 field L1",
    )  # fmt: skip
    two = board(*base, teams=TW_TEAMS)
    play(cards, two, "P1 attack 19sww#1", "P2 block 5sww#1>19sww#1")  # two: may be blocked
    three = board(*base, "P1 die 22sww#2 field L1", teams=TW_TEAMS)
    refused(cards, three + "P1 attack 19sww#1\nP2 block 5sww#1>19sww#1\n", "R13.7")


# -- spellings: 'spin down target X', '[PAWN]' as a noun ----------------------------------------
def test_spin_down_target_opposing_die_when_attacking():
    cards = real_cards("93wol", "When")  # 'When Mongul attacks, spin down target opposing ...'
    setup = scene("93wol", "P1 die 93wol#1 field L1")
    state = play(cards, setup, "P1 attack 93wol#1", "P1 choose P2:5sww#1").final
    assert state.die("P2:5sww#1").level == 1  # Cheetah was at level 2
    assert compile_card(pool()["93wol"]).encoding["abilities"][0]["effects"][0]["levels"] == -1


def test_pawn_symbol_as_a_noun_is_a_sidekick_die():
    cards = real_cards("44wwe", "When")  # 'When NAME attacks, KO target opposing [PAWN]'
    setup = scene("44wwe", "P1 die 44wwe#1 field L1")
    state = play(cards, setup, "P1 attack 44wwe#1", "P1 choose P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP
    refused(cards, setup + "P1 attack 44wwe#1\nP1 choose P2:5sww#1\n", "R13.2")


# -- must block ------------------------------------------------------------------------------------
def _must_block_setup(*extra: str) -> str:
    return board(
        "P1 die 19sww#1 field L1", "P1 die 22sww#1 field L1", "P1 die SK5 reserve mask",
        "P2 die 5sww#1 field L1", "P2 die SK1 field L1", *extra, teams=TEAMS,
    )  # fmt: skip


def test_global_target_must_block_this_turn():
    cards = _global_cards("32msw")  # '[M]. Target character die must block this turn'
    used = ("P1 global 22sww pay SK5 target P2:5sww#1", "P1 attack 19sww#1")
    refused(cards, _must_block_setup() + "\n".join(used) + "\nP2 block\n", "R13.1")
    only_sk = "\n".join(used) + "\nP2 block SK1>19sww#1\n"
    refused(cards, _must_block_setup() + only_sk, "R13.1")
    state = play(cards, _must_block_setup(), *used, "P2 block 5sww#1>19sww#1").final
    assert state.die("P2:5sww#1").blocking == "P1:19sww#1"
    play(cards, _must_block_setup(), "P1 attack 19sww#1", "P2 block")  # without it: free


def test_all_opposing_dice_must_block_when_attacking_but_not_a_die_that_cant():
    cards = real_cards("132wol", "When")  # 'When NAME attacks, all opposing characters must block'
    setup = scene("132wol", "P1 die 132wol#1 field L1", opposing=OPPOSING_TWO)
    refused(cards, setup + "P1 attack 132wol#1\nP2 block SK1>132wol#1\n", "R13.1")
    state = play(cards, setup, "P1 attack 132wol#1", "P2 block SK1>132wol#1 5sww#1>132wol#1")
    assert state.final.die("P2:5sww#1").blocking == "P1:132wol#1"
    # Cheetah can't block this turn (a global of P1's): it is not forced (R13.7 beats R13.1)
    cant = compiled_cards(
        "22sww", global_lines=["Pay [M]: Target character die can't block this turn."]
    )
    cards["22sww"] = cant["22sww"]
    setup = scene(
        "132wol", "P1 die 132wol#1 field L1", "P1 die SK5 reserve mask", team="22sww:2",
        opposing=OPPOSING_TWO,
    )  # fmt: skip
    play(cards, setup, "P1 global 22sww pay SK5 target P2:5sww#1", "P1 attack 132wol#1",
         "P2 block SK1>132wol#1")  # fmt: skip


OPPOSING_TWO = ("P2 die SK1 field L1", "P2 die 5sww#1 field L2")


def test_global_field_target_sidekick_from_the_used_pile():
    cards = _global_cards("4smc")  # '[1] [S]. Field target Sidekick die from your Used Pile'
    used = ("P1 die SK8 used", "P1 die 10sww#1 used")
    setup = _global_setup(*used)
    text = setup + "P1 global 22sww pay SK1 SK2\n"
    assert set(run(cards, text).final.pending.options) == {"P1:SK8"}  # only the Sidekick
    state = play(cards, setup, "P1 global 22sww pay SK1 SK2", "P1 choose SK8").final
    assert state.die("P1:SK8").zone == Zone.FIELD


def test_global_once_during_your_turn_prep_up_to_two_sidekicks():
    cards = _global_cards("46xmf")  # '[M]. Once during your turn, you may Prep up to 2 ...'
    (g,) = compile_card(pool()["46xmf"]).encoding["abilities"][-1:]
    assert g["limit"] == "once_per_turn" and g["effects"][0]["up_to"] is True
    used = ("P1 die SK7 used", "P1 die SK8 used", "P1 die 10sww#1 used")
    setup = _global_setup(*used)
    state = play(cards, setup, "P1 global 22sww pay SK5", "P1 choose SK7 SK8").final
    assert state.die("P1:SK7").zone == Zone.PREP and state.die("P1:SK8").zone == Zone.PREP
    assert state.die("P1:10sww#1").zone == Zone.USED


def test_global_once_per_turn_you_may_pay_to_deal_damage():
    cards = _global_cards("133aou")  # 'Once per turn, you may pay [2] to deal 1 damage to ...'
    state = play(cards, _global_setup(), "P1 global 22sww pay SK1 SK2 target P2").final
    assert state.player("P2").life == 19
    again = "P1 global 22sww pay SK1 SK2 target P2\nP1 global 22sww pay SK3 SK4 target P2\n"
    refused(cards, _global_setup() + again, "R10.1")


def test_global_pay_and_ko_one_of_yours_then_the_next_die_costs_less():
    cards = _global_cards("67dps")  # '[B] and KO one of your character dice. The next die ...'
    setup = board(
        "P1 die SK1 reserve bolt", "P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1",
        teams=TEAMS,
    )  # fmt: skip
    state = play(cards, setup, "P1 global 22sww pay SK1", "P1 choose P1:19sww#1").final
    assert state.die("P1:19sww#1").zone == Zone.PREP
    assert query.purchase_cost(state, cards, "P1", "10sww").value == 1  # 2 - 2, never below 1
    assert query.purchase_cost(state, cards, "P1", "19sww").value == 4
    refused(cards, setup + "P1 global 22sww pay SK1\nP1 choose P2:5sww#1\n", "R13.2")
    # with no character die of P1's to KO, the global can't be used
    bare = board("P1 die SK1 reserve bolt", "P2 die 5sww#1 field L1", teams=TEAMS)
    assert not run(cards, bare + "P1 global 22sww pay SK1\n").steps[-1].legal


def test_global_knock_out_one_of_your_sidekicks_to_deal_damage():
    cards = _global_cards("109avx")  # '[B] and knock out one of your Sidekick characters to ...'
    setup = board(
        "P1 die SK1 reserve bolt", "P1 die SK2 field L1", "P1 die 19sww#1 field L1",
        "P2 die 5sww#1 field L1", teams=TEAMS,
    )  # fmt: skip
    state = play(
        cards, setup, "P1 global 22sww pay SK1", "P1 choose P1:SK2", "P1 choose P2:5sww#1"
    ).final
    assert state.die("P1:SK2").zone == Zone.PREP and state.die("P2:5sww#1").zone == Zone.PREP
    refused(cards, setup + "P1 global 22sww pay SK1\nP1 choose P1:19sww#1\n", "R13.2")


# -- 'At the start of the attack step' ----------------------------------------------------------
def test_start_of_the_attack_step_bonus_under_a_condition_once():
    # 93avx: 'At the start of the attack step, if your opponent has more fielded characters
    # than you, Thing gets +3A and +3D'
    spec = compile_card(pool()["93avx"]).encoding["abilities"][0]
    assert spec["when"] == "attacks" and spec["any"] == {"pick": "each"}
    assert spec["limit"] == "once_per_turn" and spec["if"] == {"test": "opponent_more_field_dice"}
    cards = real_cards("93avx", "At the start")
    mine = ("P1 die 93avx#1 field L1", "P1 die 93avx#2 field L1")
    printed = pool()["93avx"].faces[0].attack
    state = play(cards, scene("93avx", *mine), "P1 attack 93avx#1 93avx#2").final
    assert query.attack(state, cards, state.die("P1:93avx#1")).value == printed + 3  # once
    few = scene("93avx", *mine, opposing=("P2 die SK1 field L1",))
    state = play(cards, few, "P1 attack 93avx#1").final  # P2 has fewer: nothing
    assert query.attack(state, cards, state.die("P1:93avx#1")).value == printed


def test_start_of_the_opponents_attack_step_counts_too():
    # 94avx: 'At the start of each attack step, Thor gets +4A and +4D for each opposing [F]
    # character in the field' (P2's Wolverine 22uxm is the one opposing Fist character die)
    cards = real_cards("94avx", "At the start")
    setup = scene("94avx", "P1 die 94avx#1 field L1", active="P2")
    state = play(cards, setup, "P2 attack 21uxm#1").final
    printed = pool()["94avx"].faces[0]
    die = state.die("P1:94avx#1")
    assert query.attack(state, cards, die).value == printed.attack + 4
    assert query.defense(state, cards, die).value == printed.defense + 4


# -- '... unless an opponent / its owner pays N life' -------------------------------------------
def test_global_ko_unless_an_opponent_pays_life():
    cards = _global_cards("1wf")  # '[F]. KO target level 1 [DCV] or [DCS] ... unless ... 2 life'
    setup = board("P1 die SK1 reserve fist", "P2 die 5sww#1 field L1", teams=TEAMS)
    use = "P1 global 22sww pay SK1 target P2:5sww#1"
    kod = play(cards, setup, use, "P2 no").final
    assert kod.die("P2:5sww#1").zone == Zone.PREP and kod.player("P2").life == 20
    paid = play(cards, setup, use, "P2 yes").final
    assert paid.die("P2:5sww#1").zone == Zone.FIELD and paid.player("P2").life == 18
    low = board("P1 die SK1 reserve fist", "P2 die 5sww#1 field L1", "P2 life 1", teams=TEAMS)
    state = play(cards, low, use).final  # one life: not asked
    assert state.die("P2:5sww#1").zone == Zone.PREP and state.player("P2").life == 1
    level2 = board("P1 die SK1 reserve fist", "P2 die 5sww#1 field L2", teams=TEAMS)
    refused(cards, level2 + use + "\n", "R10.3")  # no level 1 target: can't be used
    text = describe(compile_card(pool()["1wf"]).encoding)
    assert (
        "KO target Villain/Superman character die of level 1 or lower, unless your opponent" in text
    )


def test_global_cant_attack_unless_its_owner_pays_life():
    cards = _global_cards("15uxm")  # '[M]. Target character cannot attack ... unless its owner'
    setup = board(
        "P1 die SK1 reserve mask", "P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1",
        teams=TEAMS,
    )  # fmt: skip
    state = play(cards, setup, "P1 global 22sww pay SK1 target P1:19sww#1", "P1 yes").final
    assert state.player("P1").life == 18 + 1  # its owner (P1 here) paid
    refused(
        cards,
        setup + "P1 global 22sww pay SK1 target P1:19sww#1\nP1 no\nP1 attack 19sww#1\n",
        "R13.7",
    )


# -- Awaken without its reminder ------------------------------------------------------------------
def test_awaken_without_its_reminder_when_the_die_spins_up():
    # 45jus: 'Awaken - Deal 2 damage to target opponent' (no reminder printed), on Superman;
    # Wonder Woman is given 'When fielded, spin target character die up 1 level' to spin it
    spec = compiled_real("45jus", real_line("45jus", "Awaken")).encoding["abilities"][0]
    assert spec["when"] == "spun_up" and spec["optional"] is True
    assert spec["limit"] == "once_per_turn_per_die"
    spinner = compiled_cards(
        "22sww", ability_lines=["When fielded, spin target character die up 1 level"]
    )
    cards = lt_cards("45jus", real_line("45jus", "Awaken"))
    cards["22sww"] = spinner["22sww"]
    setup = board("P1 die 19sww#1 field L1", "P1 die 22sww#1 reserve L1", teams=TW_TEAMS)
    spun = ("P1 field 22sww#1", "P1 choose 19sww#1")
    assert play(cards, setup, *spun, "P1 yes").final.player("P2").life == 18
    assert play(cards, setup, *spun, "P1 no").final.player("P2").life == 20
    other = play(cards, setup, "P1 field 22sww#1", "P1 choose 22sww#1").final  # not this card
    assert other.player("P2").life == 20


# -- 'When one of your NAME dice attacks with no other attackers' -------------------------------
def test_one_of_your_dice_attacking_alone():
    # 15wwe: 'When one of your NAME dice attacks with no other attackers, it gets +2A and +2D'
    spec = compile_card(pool()["15wwe"]).encoding["abilities"][0]
    assert spec["when"] == "attacks_alone"
    cards = real_cards("15wwe", "When")
    mine = ("P1 die 15wwe#1 field L1", "P1 die 19sww#1 field L1")
    printed = pool()["15wwe"].faces[0].attack
    alone = play(cards, scene("15wwe", *mine), "P1 attack 15wwe#1").final
    assert query.attack(alone, cards, alone.die("P1:15wwe#1")).value == printed + 2
    both = play(cards, scene("15wwe", *mine), "P1 attack 15wwe#1 19sww#1").final
    assert query.attack(both, cards, both.die("P1:15wwe#1")).value == printed
    assert compile_card(pool()["32xmf"]).encoding["abilities"][0]["when"] == "attacks_alone"


def test_global_the_first_die_you_purchase_goes_to_the_prep_area():
    cards = _global_cards("8wwe")  # '[S]. The first die you purchase this turn is added to ...'
    energy = [f"P1 die SK{n} reserve shield" for n in range(1, 8)]
    setup = board(*energy, teams=TEAMS)
    state = play(cards, setup, "P1 global 22sww pay SK1", "P1 buy 31sww pay SK2 SK3 SK4").final
    bought = [d for d in state.dice if d.card == "31sww" and d.owner == "P1"]
    assert [d.zone for d in bought] == [Zone.PREP]
    late = play(
        cards, setup, "P1 buy 31sww pay SK2 SK3 SK4", "P1 global 22sww pay SK1",
        "P1 buy 34sww pay SK5 SK6 SK7",
    ).final  # fmt: skip
    bought = [d for d in late.dice if d.card == "34sww" and d.owner == "P1"]
    assert [d.zone for d in bought] == [Zone.USED]  # a die was bought already: not the first


# -- 'When you take damage or an opponent declares an attack' -----------------------------------
def test_damage_or_an_opposing_attack_spins_the_cards_dice_to_level_3():
    # 92bat: '... spin each of your Dove character dice to level 3'
    cards = real_cards("92bat", "When")
    setup = scene("92bat", "P1 die 92bat#1 field L1", active="P2")
    state = play(cards, setup, "P2 attack 21uxm#1 22uxm#1").final  # two attackers: once
    assert state.die("P1:92bat#1").level == 3
    quiet = play(cards, scene("92bat", "P1 die 92bat#1 field L1"), "P1 attack 92bat#1").final
    assert quiet.die("P1:92bat#1").level == 1  # its own attack is not the opponent's


# -- Battle for Faerûn's words ------------------------------------------------------------------
def test_bff_npc_dice_are_sidekick_dice_and_assigned_to_attack_is_attacking():
    # 65bff: 'When assigned to attack, knock out an opposing NPC' and a global on an NPC
    spec = compile_card(pool()["65bff"]).encoding["abilities"][0]
    assert spec["when"] == "attacks"
    cards = real_cards("65bff", "When")
    setup = scene("65bff", "P1 die 65bff#1 field L1")
    state = play(cards, setup, "P1 attack 65bff#1", "P1 choose P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP
    refused(cards, setup + "P1 attack 65bff#1\nP1 choose P2:5sww#1\n", "R13.2")
    # 'NPC' stays unread outside that set (a trait of characters in later D&D sets)
    line = "When assigned to attack, knock out an opposing NPC"
    assert compiled_cards("19sww", ability_lines=[line], expect="manual")
