"""Template family `named_statics` (rules/abilities/templates/named_statics.py): continuous
'While NAME is active, ...' lines about players (global ability costs, extra dice drawn,
prevention of damage to you) and the other shapes of the family, played through the engine's
stat query layer and restrict hook. Each scenario reads a real card's line from the card pool at
run time, moves it onto a demo card (names replaced by the demo's) and plays it."""

import re

from rules.engine import Zone, query
from tests.rules.abilities.real_cards import demo_line
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play, refused

FAMILY = "named_statics"
TEAMS = ("19sww:2 22sww:2 basic 31sww", "19sww:2 5sww:2 basic 34sww")


def line_on(code: str, contains: str, as_name: str, **words: str) -> str:
    """Card `code`'s line, its own name made `as_name` and other words replaced (`words`:
    real text (underscores for spaces) -> demo text)."""
    text = demo_line(code, contains, as_name=as_name)
    for real, demo in words.items():
        text = re.sub(re.escape(real.replace("_", " ")), demo, text)
    return text


def cards_for(key: str, line: str):
    result = compiled(key, ability_lines=[line])
    assert result.status == "automated", result.manual_lines
    assert [f for _, f in result.recognised] == [FAMILY]
    return compiled_cards(key, ability_lines=[line])


# -- global ability costs (R10.1) -----------------------------------------------------------------
# Take Cover (31sww, on P1's team) has 'Global: Pay [S]: one character die gets +1D this turn'.
GLOBALS = board(
    "P1 die 22sww#1 field L1",
    "P1 die SK1 reserve shield",
    "P1 die SK2 reserve shield",
    "P2 die 5sww#1 field L1",
    "P2 die SK1 reserve shield",
    "P2 die SK2 reserve shield",
    active="P2",
)


def test_opponents_pay_one_more_for_each_global():
    # Oracle: 'your opponents pay [1] more to use each Global Ability'.
    cards = cards_for("22sww", demo_line("14wf", "global", as_name="Wonder Woman"))
    refused(cards, GLOBALS + "P2 global 31sww pay SK1\n", "R6.1")
    state = play(cards, GLOBALS, "P2 global 31sww pay SK1 SK2").final
    assert state.zone("P2", Zone.RESERVE) == ()
    assert query.global_cost_change(state, cards, "P1", "31sww", "P1") == 0  # not the holder's


def test_the_global_cost_holds_only_while_the_card_is_active():
    cards = cards_for("22sww", demo_line("81ig", "global", as_name="Wonder Woman"))
    inactive = GLOBALS.replace("P1 die 22sww#1 field L1", "P1 die 22sww#1 used")
    play(cards, inactive, "P2 global 31sww pay SK1")


def test_a_global_cost_during_your_turn_only():
    # Carnage: 'your opponent must pay [2] more to use each Global Ability during your turn'.
    cards = cards_for("22sww", demo_line("9smc", "global", as_name="Wonder Woman"))
    theirs = play(cards, GLOBALS).final  # P2's turn: no change
    assert query.global_cost_change(theirs, cards, "P2", "31sww", "P1") == 0
    play(cards, GLOBALS, "P2 global 31sww pay SK1")
    mine = play(cards, GLOBALS.replace("active P2", "active P1")).final
    assert query.global_cost_change(mine, cards, "P2", "31sww", "P1") == 2
    assert query.global_cost_change(mine, cards, "P1", "31sww", "P1") == 0


def test_globals_and_fielding_cost_more_for_both_players():
    # Dormammu: 'character dice cost [1] more to field and Global Abilities cost [1] more to
    # use' (no side: both players, R13.8).
    cards = cards_for("22sww", demo_line("20ai", "global", as_name="Wonder Woman"))
    refused(cards, GLOBALS + "P2 global 31sww pay SK1\n", "R6.1")
    play(cards, GLOBALS, "P2 global 31sww pay SK1 SK2")
    mine = GLOBALS.replace("active P2", "active P1")
    refused(cards, mine + "P1 global 31sww pay SK1\n", "R6.1")
    state = play(cards, mine).final
    assert query.fielding_cost(state, cards, state.die("P2:5sww#1")).value == 2  # 1 + 1


# -- extra dice drawn (R5.1) --------------------------------------------------------------------
def _drawing(*lines: str, player: str = "P1") -> str:
    bag = [f"{player} die SK{n} bag" for n in range(1, 7)]
    return board(*lines, *bag, step="clear_and_draw", active=player, teams=TEAMS)


def test_an_extra_die_while_the_opponent_has_no_villains():
    # 'While active, if your opponent has no active Villain characters, draw an additional die
    # during the clear and draw step'.
    cards = cards_for("22sww", demo_line("1uxmop", "draw", as_name="Wonder Woman"))
    setup = _drawing("P1 die 22sww#1 field L1")
    state = play(cards, setup, "P1 draw SK1 SK2 SK3 SK4 SK5").final
    assert len(state.zone("P1", Zone.PREP)) == 5
    villain = _drawing("P1 die 22sww#1 field L1", "P2 die 5sww#1 field L1")
    assert query.draw_count(play(cards, villain).final, cards, "P1") == 4
    refused(cards, villain + "P1 draw SK1 SK2 SK3 SK4 SK5\n", "R5.1")


def test_the_opponent_draws_no_extra_die():
    cards = cards_for("22sww", demo_line("1uxmop", "draw", as_name="Wonder Woman"))
    setup = _drawing("P1 die 22sww#1 field L1", player="P2")
    assert query.draw_count(play(cards, setup).final, cards, "P2") == 4


def test_an_extra_die_while_another_affiliated_character_is_active():
    # 'While you have an active [DCS] character besides Power Girl, and Power Girl is active,
    # draw an extra die during your Clear and Draw Step' ([DCS] made the demo's Justice League).
    line = line_on("17wf", "draw", "Wonder Woman", **{"[DCS]": "[DCJL]"})
    cards = cards_for("22sww", line)
    both = _drawing("P1 die 22sww#1 field L1", "P1 die 19sww#1 field L1")
    assert query.draw_count(play(cards, both).final, cards, "P1") == 5
    alone = _drawing("P1 die 22sww#1 field L1")
    assert query.draw_count(play(cards, alone).final, cards, "P1") == 4
    theirs = _drawing("P1 die 22sww#1 field L1", "P2 die 19sww#1 field L1")
    assert query.draw_count(play(cards, theirs).final, cards, "P1") == 4  # not the opponent's
    inactive = both.replace("22sww#1 field L1", "22sww#1 used")
    assert query.draw_count(play(cards, inactive).final, cards, "P1") == 4


def test_an_extra_die_while_the_card_is_your_only_character():
    # 'During your Clear and Draw Step, if Ghost Rider is your only character in the Field
    # Zone, draw an extra die'.
    cards = cards_for("22sww", demo_line("14gotg", "draw", as_name="Wonder Woman"))
    alone = _drawing("P1 die 22sww#1 field L1", "P2 die 5sww#1 field L1")
    state = play(cards, alone, "P1 draw SK1 SK2 SK3 SK4 SK5").final
    assert len(state.zone("P1", Zone.PREP)) == 5
    company = alone + "P1 die 19sww#1 field L1\n"
    assert query.draw_count(play(cards, company).final, cards, "P1") == 4


def test_players_draw_an_extra_die():
    # 'players draw an extra die during their Clear and Draw Step' (printed 'is acive').
    cards = cards_for("22sww", demo_line("30wwe", "draw", as_name="Wonder Woman"))
    setup = _drawing("P1 die 22sww#1 field L1", player="P2")
    state = play(cards, setup, "P2 draw SK1 SK2 SK3 SK4 SK5").final
    assert len(state.zone("P2", Zone.PREP)) == 5
    assert query.draw_count(state, cards, "P1") == 5


# -- damage to you (R13.4) ----------------------------------------------------------------------
def _with_cheetah_burn(cards):
    """The cards with P2's Cheetah (5sww) dealing 2 damage to target opponent when fielded."""
    burn = compiled_cards("5sww", ability_lines=["When fielded, deal 2 damage to target opponent"])
    return {**cards, "5sww": burn["5sww"]}


HURT = board(
    "P1 die 22sww#1 field L1", "P2 die 19sww#1 field L1",
    "P2 die 5sww#1 reserve L1", "P2 die SK2 reserve mask", active="P2", teams=TEAMS,
)  # fmt: skip


def test_non_combat_damage_to_you_is_prevented():
    # Bishop: 'prevent all non-combat damage dealt to you'.
    cards = _with_cheetah_burn(
        cards_for("22sww", demo_line("85xfc", "prevent", as_name="Wonder Woman"))
    )
    state = play(cards, HURT, "P2 field 5sww#1 pay SK2").final
    assert state.player("P1").life == 20
    assert state.player("P2").life == 20
    inactive = HURT.replace("P1 die 22sww#1 field L1", "P1 die 22sww#1 used")
    state = play(cards, inactive, "P2 field 5sww#1 pay SK2").final
    assert state.player("P1").life == 18


def test_combat_damage_to_you_is_not_prevented():
    cards = cards_for("22sww", demo_line("85xfc", "prevent", as_name="Wonder Woman"))
    state = play(cards, HURT, "P2 attack 19sww#1", "P1 block", "P2 damage").final
    assert state.player("P1").life == 16  # Superman's 4A


# -- Range granted (keywords_more's volley) ------------------------------------------------------
RANGED = board(
    "P1 die 22sww#1 field L1", "P1 die 19sww#1 field L1", "P2 die 19sww#1 field L1",
    teams=TEAMS,
)  # fmt: skip


def test_granted_range_shoots_when_a_die_with_it_attacks():
    # 'your active character dice have Range 1': both P1 dice have Range 1 and shoot once.
    cards = cards_for("22sww", demo_line("18sw", "range", as_name="Wonder Woman"))
    state = play(cards, RANGED, "P1 attack 19sww#1", "P1 choose P2:19sww#1").final
    assert state.die("P2:19sww#1").damage == 2
    assert state.pending.kind == "blocks"
    assert "range_1" not in query.keywords(state, cards, state.die("P2:19sww#1"))


def test_granted_range_shoots_once_for_several_attackers():
    cards = cards_for("22sww", demo_line("129skc", "range", as_name="Wonder Woman"))
    log = RANGED + "P1 attack 19sww#1 22sww#1\nP1 choose P2:19sww#1\n"
    state = play(cards, log).final
    assert state.die("P2:19sww#1").damage == 4  # Range 2 from each of the two dice, once


def test_no_range_while_the_card_is_not_active():
    cards = cards_for("22sww", demo_line("18sw", "range", as_name="Wonder Woman"))
    setup = RANGED.replace("P1 die 22sww#1 field L1", "P1 die 22sww#1 used")
    state = play(cards, setup, "P1 attack 19sww#1").final
    assert state.pending.kind == "blocks"
    assert state.die("P2:19sww#1").damage == 0


def test_range_only_for_the_named_affiliation():
    # 'all of your [DCNG] characters have Range 2' ([DCNG] made the demo's Justice League):
    # the opponent's Justice League die gets none.
    line = line_on("123skc", "range", "Wonder Woman", **{"[DCNG]": "[DCJL]"})
    cards = cards_for("22sww", line)
    state = play(cards, RANGED).final
    assert "range_2" in query.keywords(state, cards, state.die("P1:19sww#1"))
    assert "range_2" not in query.keywords(state, cards, state.die("P2:19sww#1"))


# -- what a player can't do (R13.7) ---------------------------------------------------------------
FIELDING = board(
    "P1 die 22sww#1 field L1", "P2 die 5sww#1 reserve L3", "P2 die 5sww#2 reserve L1",
    "P2 die SK1 reserve mask", "P2 die SK2 reserve mask", active="P2", teams=TEAMS,
)  # fmt: skip


def test_the_opponent_cannot_field_level_3_dice():
    # Black Cat: 'your opponent cannot field level 3 character dice'.
    cards = cards_for("22sww", demo_line("1smc", "field", as_name="Wonder Woman"))
    refused(cards, FIELDING + "P2 field 5sww#1 pay SK1\n", "R13.7")
    state = play(cards, FIELDING, "P2 field 5sww#2 pay SK1").final
    assert state.die("P2:5sww#2").zone == Zone.FIELD


def test_level_3_dice_are_fielded_without_the_card_or_by_its_holder():
    # Captain Britain: 'your opponent can't field character dice at level 3'.
    cards = cards_for("22sww", demo_line("22msw", "field", as_name="Wonder Woman"))
    inactive = FIELDING.replace("P1 die 22sww#1 field L1", "P1 die 22sww#1 used")
    play(cards, inactive, "P2 field 5sww#1 pay SK1")
    mine = board(
        "P1 die 22sww#1 field L1", "P1 die 19sww#1 reserve L3", "P1 die SK1 reserve shield",
        "P1 die SK2 reserve shield", "P1 die SK3 reserve shield", teams=TEAMS,
    )  # fmt: skip
    state = play(cards, mine, "P1 field 19sww#1 pay SK1 SK2").final  # Superman L3: 2
    assert state.die("P1:19sww#1").zone == Zone.FIELD


def _rerolling(*lines: str) -> str:
    bag = ["P2 die SK1 bag", "P2 die SK2 bag", "P2 die SK3 bag", "P2 die BA:34sww#1 bag"]
    return board("P1 die 22sww#1 field L1", *lines, *bag, step="clear_and_draw", active="P2",
                 teams=TEAMS) + "P2 draw SK1 SK2 SK3 BA:34sww#1\n" + (
        "P2 roll SK1=mask SK2=mask SK3=L1 BA:34sww#1=action\n")  # fmt: skip


def test_the_opponent_cannot_reroll_basic_action_dice():
    # Storm: 'your opponents may not reroll Basic Action Dice'.
    cards = cards_for("22sww", demo_line("77dp", "reroll", as_name="Wonder Woman"))
    refused(cards, _rerolling() + "P2 reroll SK1=fist BA:34sww#1=action\n", "R13.7")
    state = play(cards, _rerolling(), "P2 reroll SK1=fist SK3=bolt").final
    assert state.die("P2:SK1").face.notation() == "fist"


def test_the_opponent_rerolls_at_most_two_dice():
    # Magik: 'your opponent may not reroll more than 2 dice during their Roll and Reroll Step'.
    cards = cards_for("22sww", demo_line("21xfo", "reroll", as_name="Wonder Woman"))
    refused(cards, _rerolling() + "P2 reroll SK1=fist SK2=fist SK3=bolt\n", "R13.7")
    play(cards, _rerolling(), "P2 reroll SK1=fist BA:34sww#1=action")
    inactive = _rerolling().replace("P1 die 22sww#1 field L1", "P1 die 22sww#1 used")
    play(cards, inactive, "P2 reroll SK1=fist SK2=fist SK3=bolt")


def test_no_player_uses_their_own_character_cards_globals():
    # Wonder Woman: 'players cannot use the Global Abilities on character cards on their team'.
    # Giganta (9sww, P2's team) prints a global; Take Cover (31sww) is a basic action.
    line = demo_line("23sww", "global", as_name="Wonder Woman")
    cards = cards_for("22sww", line)
    setup = board(
        "P1 die 22sww#1 field L1", "P2 die SK1 reserve fist", "P2 die SK2 reserve fist",
        "P2 die SK3 reserve shield", active="P2",
    )  # fmt: skip
    refused(cards, setup + "P2 global 9sww pay SK1 SK2\n", "R13.7")
    play(cards, setup, "P2 global 31sww pay SK3")


def test_non_combat_damage_to_your_other_dice_is_prevented():
    # Mister Sinister: 'prevent non-combat damage dealt to your other character dice'.
    cards = _with_cheetah_burn(
        cards_for("22sww", demo_line("148dps", "prevent", as_name="Wonder Woman"))
    )
    cards = {**cards, "5sww": compiled_cards("5sww", ability_lines=[
        "When fielded, deal 2 damage to target character die"])["5sww"]}  # fmt: skip
    setup = HURT + "P1 die 19sww#1 field L1\n"
    state = play(cards, setup, "P2 field 5sww#1 pay SK2", "P2 choose P1:19sww#1").final
    assert state.die("P1:19sww#1").damage == 0
    state = play(cards, setup, "P2 field 5sww#1 pay SK2", "P2 choose P1:22sww#1").final
    assert state.die("P1:22sww#1").damage == 2  # not 'other': Wonder Woman herself


def test_sidekicks_deal_no_combat_damage():
    # Carmine Falcone: 'Sidekicks deal no combat damage' (either player's, to dice or players).
    cards = cards_for("22sww", demo_line("82wf", "sidekick", as_name="Wonder Woman"))
    setup = board(
        "P1 die 22sww#1 field L1", "P2 die SK1 field L1", "P2 die SK2 field L1",
        "P1 die SK1 field L1", active="P2",
    )  # fmt: skip
    log = "P2 attack SK1 SK2", "P1 block SK1>SK1", "P2 damage"
    state = play(cards, setup, *log).final
    assert state.player("P1").life == 20
    assert state.die("P1:SK1").zone == Zone.FIELD  # the attacking Sidekick's damage too
    assert state.die("P2:SK1").zone == Zone.FIELD  # and the blocking one's
    inactive = setup.replace("P1 die 22sww#1 field L1", "P1 die 22sww#1 used")
    state = play(cards, inactive, *log).final
    assert state.player("P1").life == 19
    assert state.die("P1:SK1").zone == Zone.PREP


def test_each_opposing_action_die_deals_you_at_most_1_damage():
    # Doctor Strange: 'prevent all but 1 damage to you from each opposing action dice'.
    cards = cards_for("22sww", demo_line("9drs", "prevent", as_name="Wonder Woman"))
    burn = compiled_cards("34sww", ability_lines=["Deal 3 damage to target opponent"])
    cards = {**cards, "34sww": burn["34sww"]}
    setup = board("P1 die 22sww#1 field L1", "P2 die BA:34sww#1 reserve action", active="P2")
    state = play(cards, setup, "P2 use BA:34sww#1").final
    assert state.player("P1").life == 19
    mine = board("P1 die 22sww#1 field L1", "P1 die BA:34sww#4 reserve action")
    state = play(cards, mine, "P1 use BA:34sww#4").final
    assert state.player("P2").life == 17  # the holder's own action dice: no prevention


def test_reserve_energy_condition_on_a_prevention():
    # Turk Barrett: 'While you have [B] in your Reserve Pool, prevent all non-combat damage to
    # Turk Barrett'.
    line = demo_line("94ig", "prevent", as_name="Wonder Woman")
    cards = _with_cheetah_burn(cards_for("22sww", line))
    cards = {**cards, "5sww": compiled_cards("5sww", ability_lines=[
        "When fielded, deal 2 damage to target character die"])["5sww"]}  # fmt: skip
    bolt = HURT + "P1 die SK1 reserve bolt\n"
    state = play(cards, bolt, "P2 field 5sww#1 pay SK2", "P2 choose P1:22sww#1").final
    assert state.die("P1:22sww#1").damage == 0
    state = play(cards, HURT, "P2 field 5sww#1 pay SK2", "P2 choose P1:22sww#1").final
    assert state.die("P1:22sww#1").damage == 2


# -- must attack (R13.1) --------------------------------------------------------------------------
ATTACKING = board(
    "P1 die 22sww#1 field L1", "P1 die 19sww#1 field L1", "P1 die SK1 field L1",
    "P2 die SK1 field L1", teams=TEAMS,
)  # fmt: skip


def test_all_sidekicks_must_attack():
    # Artemis: 'all Sidekicks must attack' (either player's).
    cards = cards_for("22sww", demo_line("3sww", "sidekick", as_name="Wonder Woman"))
    refused(cards, ATTACKING + "P1 attack 19sww#1\n", "R13.1")
    refused(cards, ATTACKING + "P1 end\n", "R13.1")
    play(cards, ATTACKING, "P1 attack SK1")
    state = play(cards, ATTACKING).final
    assert "must_attack" in query.keywords(state, cards, state.die("P2:SK1"))
    assert "must_attack" not in query.keywords(state, cards, state.die("P1:19sww#1"))


def test_every_character_but_the_card_must_attack():
    # Spectre: 'all character dice except Spectre must attack each turn'.
    cards = cards_for("22sww", demo_line("100wol", "must attack", as_name="Wonder Woman"))
    refused(cards, ATTACKING + "P1 attack SK1\n", "R13.1")
    play(cards, ATTACKING, "P1 attack SK1 19sww#1")  # Wonder Woman herself need not
    inactive = ATTACKING.replace("P1 die 22sww#1 field L1", "P1 die 22sww#1 used")
    play(cards, inactive, "P1 end")


def test_two_dice_statements_joined_by_and():
    # Metallo: 'your [DCLOD] character dice are free to field and [DCJL] character dice cost
    # [1] more to field' ([DCLOD] made the demo's Villains, [DCJL] its Justice League).
    line = line_on("31jus", "field", "Wonder Woman", **{"[DCLOD]": "Villain"})
    cards = cards_for("22sww", line)
    setup = board(
        "P1 die 22sww#1 field L1", "P1 die 19sww#1 reserve L1", "P1 die 5sww#1 reserve L1",
        teams=("19sww:2 22sww:2 5sww:2 basic 31sww", TEAMS[1]),
    )  # fmt: skip
    state = play(cards, setup).final
    superman, cheetah = state.die("P1:19sww#1"), state.die("P1:5sww#1")
    assert query.fielding_cost(state, cards, superman).value == superman.face.fielding + 1
    assert query.fielding_cost(state, cards, cheetah).value == 0
    assert cheetah.face.fielding > 0


# -- blocking restrictions under conditions (R13.7) ----------------------------------------------
def _blockers(*lines: str) -> str:
    return board(*lines, "P2 die SK1 field L1", "P2 die SK2 field L1", teams=TEAMS)


def test_when_you_have_three_active_characters_it_cant_be_blocked():
    # Nick Fury: 'When you have 3 or more active [AV] characters, Nick Fury can't be blocked'.
    line = line_on("92aou", "blocked", "Wonder Woman", **{"[AV]": "[DCJL]"})
    cards = cards_for("22sww", line)
    three = _blockers(
        "P1 die 22sww#1 field L1", "P1 die 19sww#1 field L1", "P1 die 19sww#2 field L1"
    )
    refused(cards, three + "P1 attack 22sww#1\nP2 block SK1>22sww#1\n", "R13.7")
    two = three.replace("P1 die 19sww#2 field L1", "P1 die 19sww#2 used")
    play(cards, two, "P1 attack 22sww#1", "P2 block SK1>22sww#1")


def test_unblockable_with_exactly_one_die_of_the_card():
    # Batgirl: 'If you have exactly 1 Batgirl die in the Field Zone, Batgirl is unblockable'.
    cards = cards_for("22sww", demo_line("38wf", "unblockable", as_name="Wonder Woman"))
    one = _blockers("P1 die 22sww#1 field L1")
    refused(cards, one + "P1 attack 22sww#1\nP2 block SK1>22sww#1\n", "R13.7")
    two = one + "P1 die 22sww#2 field L1\n"
    play(cards, two, "P1 attack 22sww#1", "P2 block SK1>22sww#1")
    other = one + "P1 die SK1 field L1\n"  # the reminder: and no other character dice
    play(cards, other, "P1 attack 22sww#1", "P2 block SK1>22sww#1")


def test_cant_be_blocked_by_only_one_die_with_another_affiliated_character():
    # Power Girl: 'While you have an active [DCS] character besides Power Girl, and Power Girl
    # is active, Power Girl can't be blocked by only one character die'.
    line = line_on("16wf", "blocked", "Wonder Woman", **{"[DCS]": "[DCJL]"})
    cards = cards_for("22sww", line)
    both = _blockers("P1 die 22sww#1 field L1", "P1 die 19sww#1 field L1")
    refused(cards, both + "P1 attack 22sww#1\nP2 block SK1>22sww#1\n", "R13.7")
    play(cards, both, "P1 attack 22sww#1", "P2 block SK1>22sww#1 SK2>22sww#1")
    alone = _blockers("P1 die 22sww#1 field L1")
    play(cards, alone, "P1 attack 22sww#1", "P2 block SK1>22sww#1")


def test_the_card_must_attack_each_turn():
    # Guy Gardner: 'Guy Gardner must attack each turn'.
    cards = cards_for("22sww", demo_line("7wol", "must attack", as_name="Wonder Woman"))
    setup = _blockers("P1 die 22sww#1 field L1", "P1 die 19sww#1 field L1")
    refused(cards, setup + "P1 attack 19sww#1\n", "R13.1")
    play(cards, setup, "P1 attack 22sww#1")


# -- life paid to use action dice and globals (R12.4) ----------------------------------------------
def test_the_opponent_pays_life_to_use_action_dice_and_globals():
    # 'your opponent must pay 2 life to use an Action Die or Global Ability'.
    cards = cards_for("22sww", demo_line("145dps", "life", as_name="Wonder Woman"))
    setup = board(
        "P1 die 22sww#1 field L1", "P2 die BA:34sww#1 reserve action", "P2 die SK1 reserve shield",
        active="P2",
    )  # fmt: skip
    state = play(cards, setup, "P2 use BA:34sww#1").final
    assert state.player("P2").life == 18
    state = play(cards, setup, "P2 global 31sww pay SK1").final
    assert state.player("P2").life == 18
    mine = board("P1 die 22sww#1 field L1", "P1 die BA:34sww#4 reserve action")
    assert play(cards, mine, "P1 use BA:34sww#4").final.player("P1").life == 20


def test_an_opponent_with_three_characters_cannot_use_action_dice():
    # Dormammu: 'your opponents with 3 or more active characters may not use action dice'.
    cards = cards_for("22sww", demo_line("12drs", "action dice", as_name="Wonder Woman"))
    setup = board(
        "P1 die 22sww#1 field L1", "P2 die BA:34sww#1 reserve action", "P2 die SK1 field L1",
        "P2 die 19sww#1 field L1", "P2 die 5sww#1 field L1", active="P2", teams=TEAMS,
    )  # fmt: skip
    refused(cards, setup + "P2 use BA:34sww#1\n", "R13.7")
    # Three dice of two characters: two characters (the card's reminder).
    two = setup.replace("P2 die 19sww#1 field L1", "P2 die SK2 field L1")
    play(cards, two, "P2 use BA:34sww#1")


def test_cant_attack_or_block_unless_you_have_two_villains():
    # Doomsday: 'can't attack or block unless you have at least 2 different active [DCV]
    # characters' (on the demo's Cheetah, a Villain, for P2).
    line = demo_line("48wf", "unless", as_name="Cheetah")
    result = compiled("5sww", ability_lines=[line])
    assert result.status == "automated"
    cards = compiled_cards("5sww", ability_lines=[line])
    teams = (TEAMS[0], "5sww:2 76uxm:2 basic 34sww")  # Magneto (76uxm): another Villain
    alone = board("P2 die 5sww#1 field L1", "P1 die SK1 field L1", active="P2", teams=teams)
    refused(cards, alone + "P2 attack 5sww#1\n", "R13.7")
    copies = alone + "P2 die 5sww#2 field L1\n"  # two dice, one character
    refused(cards, copies + "P2 attack 5sww#1\n", "R13.7")
    two = alone + "P2 die 76uxm#1 field L1\n"
    play(cards, two, "P2 attack 5sww#1")
    blocking = board("P2 die 5sww#1 field L1", "P1 die SK1 field L1", teams=teams)
    refused(cards, blocking + "P1 attack SK1\nP2 block 5sww#1>SK1\n", "R13.7")


def test_all_but_one_damage_from_action_dice_and_character_abilities():
    # 'prevent all but 1 damage to you from any action or character abilities'.
    cards = cards_for("22sww", demo_line("4aou", "prevent", as_name="Wonder Woman"))
    burn = compiled_cards("34sww", ability_lines=["Deal 3 damage to target opponent"])
    cards = _with_cheetah_burn({**cards, "34sww": burn["34sww"]})
    used = board("P1 die 22sww#1 field L1", "P2 die BA:34sww#1 reserve action", active="P2")
    assert play(cards, used, "P2 use BA:34sww#1").final.player("P1").life == 19
    state = play(cards, HURT, "P2 field 5sww#1 pay SK2").final
    assert state.player("P1").life == 19  # Cheetah's 2 damage: all but 1 prevented
    state = play(cards, HURT, "P2 attack 19sww#1", "P1 block", "P2 damage").final
    assert state.player("P1").life == 16  # combat damage is not an ability's


def test_damage_at_the_start_of_your_clear_and_draw_step_with_another_character():
    # Power Girl: 'While you have an active [DCS] character besides Power Girl, and Power Girl
    # is active, at the start of your Clear and Draw Step, deal 1 damage to all opposing
    # character dice' ([DCS] made the demo's Justice League).
    line = line_on("62wf", "damage", "Wonder Woman", **{"[DCS]": "[DCJL]"})
    cards = cards_for("22sww", line)
    both = board(
        "P1 die 22sww#1 field L1", "P1 die 19sww#1 field L1", "P2 die SK1 field L1",
        "P2 die 19sww#1 field L1", active="P2", teams=TEAMS,
    )  # fmt: skip
    state = play(cards, both, "P2 end").final
    assert state.die("P2:SK1").zone == Zone.PREP  # 1 damage: KO'd
    assert state.die("P2:19sww#1").damage == 1
    assert state.die("P1:19sww#1").damage == 0
    alone = both.replace("P1 die 19sww#1 field L1", "P1 die 19sww#1 used")
    assert play(cards, alone, "P2 end").final.die("P2:SK1").zone == Zone.FIELD


def test_a_different_active_character_makes_the_card_free_to_field():
    # Drax: 'While you have a different active [GG] character die, you may field Drax for free'
    # ([GG] made the demo's Justice League).
    line = line_on("11gotg", "free", "Wonder Woman", **{"[GG]": "[DCJL]"})
    cards = cards_for("22sww", line)
    setup = board("P1 die 22sww#1 reserve L3", "P1 die 19sww#1 field L1", teams=TEAMS)
    state = play(cards, setup, "P1 field 22sww#1").final  # L3: 2 printed, free here
    assert state.die("P1:22sww#1").zone == Zone.FIELD
    other = board("P1 die 22sww#1 reserve L3", "P1 die 22sww#2 field L1", teams=TEAMS)
    state = play(cards, other).final
    assert query.fielding_cost(state, cards, state.die("P1:22sww#1")).value == 2  # not different


def test_a_reminder_changing_the_bonus_leaves_the_line_manual():
    # Pepper Potts: '... all of your blocking character dice get +2D until end of turn (Iron
    # Man gets +3D instead)': the reminder changes the bonus, so the line stays manual; without
    # it, the bonus holds while they block.
    line = demo_line("59aou", "blocking", as_name="Wonder Woman")
    assert compiled("22sww", ability_lines=[line]).status == "manual"
    sentence = re.sub(r" \(.*\)", "", line.split(". ", 1)[1])
    cards = cards_for("22sww", sentence)
    setup = board(
        "P1 die 22sww#1 field L1", "P1 die SK1 field L1", "P1 die 19sww#1 field L1",
        "P2 die 5sww#1 field L1", active="P2",
    )  # fmt: skip
    state = play(cards, setup, "P2 attack 5sww#1", "P1 block SK1>5sww#1").final
    assert query.defense(state, cards, state.die("P1:SK1")).value == 3
    assert query.defense(state, cards, state.die("P1:19sww#1")).value == 6  # not blocking


# -- KO'd dice to the Used Pile ----------------------------------------------------------------
def test_kod_sidekicks_go_to_the_used_pile():
    # Scarecrow: 'when a Sidekick character die is KO'd, place it in the Used Pile instead of
    # the Prep Area' (either player's).
    cards = cards_for("22sww", demo_line("38jus", "used pile", as_name="Wonder Woman"))
    setup = board(
        "P1 die 22sww#1 field L1", "P1 die 19sww#1 field L1", "P1 die SK1 field L1",
        "P2 die SK1 field L1", "P2 die 5sww#1 field L1", active="P2",
    )  # fmt: skip
    log = ("P2 attack SK1 5sww#1", "P1 block 19sww#1>5sww#1 SK1>SK1", "P2 damage")
    state = play(cards, setup, *log).final
    assert state.die("P2:SK1").zone == Zone.USED
    assert state.die("P1:SK1").zone == Zone.USED
    assert state.die("P2:5sww#1").zone == Zone.PREP  # not a Sidekick
    inactive = setup.replace("P1 die 22sww#1 field L1", "P1 die 22sww#1 used")
    assert play(cards, inactive, *log).final.die("P2:SK1").zone == Zone.PREP


def test_kod_dice_of_an_energy_go_to_the_used_pile():
    # Atrocitus: 'when [S] characters are KO'd, they go to the Used Pile' (Superman: a shield).
    cards = cards_for("22sww", demo_line("76wol", "used pile", as_name="Wonder Woman"))
    setup = board(
        "P1 die 22sww#1 field L1", "P2 die 19sww#1 field L1 damage 3",
        "P1 die 19sww#1 field L1", active="P2", teams=TEAMS,
    )  # fmt: skip
    log = ("P2 attack 19sww#1", "P1 block 19sww#1>19sww#1", "P2 damage")
    state = play(cards, setup, *log).final
    assert state.die("P2:19sww#1").zone == Zone.USED  # 3 + 4 damage on D6
    assert state.die("P1:19sww#1").zone == Zone.FIELD


def test_sidekicks_get_a_bonus_and_an_affiliation():
    # Emma Frost: 'your Sidekick dice get +1A and +1D, and gain the [HELL] affiliation'.
    cards = cards_for("22sww", demo_line("30dps", "sidekick", as_name="Wonder Woman"))
    setup = board("P1 die 22sww#1 field L1", "P1 die SK1 field L1", "P2 die SK1 field L1")
    state = play(cards, setup).final
    mine, theirs = state.die("P1:SK1"), state.die("P2:SK1")
    assert "hellfireclub" in query.affiliations(state, cards, mine)
    assert "hellfireclub" not in query.affiliations(state, cards, theirs)
    assert query.attack(state, cards, mine).value == 2
    inactive = play(cards, setup.replace("P1 die 22sww#1 field L1", "P1 die 22sww#1 used")).final
    assert "hellfireclub" not in query.affiliations(inactive, cards, inactive.die("P1:SK1"))


def test_combat_damage_to_you_above_two_is_reduced_to_two():
    # Big E: 'any combat damage to you that is more than 2 is reduced to 2' (each attacker's).
    cards = cards_for("22sww", demo_line("2tag", "reduced", as_name="Wonder Woman"))
    state = play(cards, HURT, "P2 attack 19sww#1", "P1 block", "P2 damage").final
    assert state.player("P1").life == 18  # Superman's 4A: 2 prevented
    burned = _with_cheetah_burn(cards)
    burned = {**burned, "5sww": compiled_cards("5sww", ability_lines=[
        "When fielded, deal 3 damage to target opponent"])["5sww"]}  # fmt: skip
    assert play(burned, HURT, "P2 field 5sww#1 pay SK2").final.player("P1").life == 17


def test_each_attacker_deals_you_at_most_one_damage():
    # Phoenix Force: 'each of your opponent's characters deals no more than 1 damage to you
    # while attacking'.
    cards = cards_for("22sww", demo_line("13avxop", "no more than", as_name="Wonder Woman"))
    two = HURT + "P2 die SK1 field L1\n"
    state = play(cards, two, "P2 attack 19sww#1 SK1", "P1 block", "P2 damage").final
    assert state.player("P1").life == 18  # 1 from each attacker


def test_if_you_have_two_affiliated_characters_sidekicks_take_no_combat_damage():
    # 'If you have 2 or more Justice League characters in play, your Sidekicks take no damage
    # from attacking or blocking characters'.
    line = demo_line("72jl", "sidekicks", as_name="Wonder Woman")
    cards = cards_for("22sww", line)
    setup = board(
        "P1 die 22sww#1 field L1", "P1 die 19sww#1 field L1", "P1 die SK1 field L1",
        "P2 die SK1 field L1", active="P2",
    )  # fmt: skip
    log = ("P2 attack SK1", "P1 block SK1>SK1", "P2 damage")
    state = play(cards, setup, *log).final
    assert state.die("P1:SK1").zone == Zone.FIELD
    assert state.die("P2:SK1").zone == Zone.PREP  # the opponent's Sidekick is not protected
    one = setup.replace("P1 die 19sww#1 field L1", "P1 die 19sww#1 used")
    assert play(cards, one, *log).final.die("P1:SK1").zone == Zone.PREP


def test_a_while_sentence_then_a_bonus_sentence():
    # Varro Tigurius: 'While Varro Tigurius is active, your non-Varro Tigurius [KUM] character
    # dice cannot be targeted by your opponents. Varro Tigurius gets +1A and +1D for each
    # non-Varro Tigurius [KUM] character you control' ([KUM] made the demo's Justice League).
    from rules.abilities import statics

    line = line_on("48bfu", "while", "Wonder Woman", **{"[KUM]": "[DCJL]"})
    cards = cards_for("22sww", line)
    setup = board(
        "P1 die 22sww#1 field L1", "P1 die 19sww#1 field L1", "P2 die 19sww#1 field L1",
        teams=TEAMS,
    )  # fmt: skip
    state = play(cards, setup).final
    assert query.attack(state, cards, state.die("P1:22sww#1")).value == 4  # 3 + 1
    assert not statics.targetable(state, cards, "P1:19sww#1", "P2", "global")
    assert statics.targetable(state, cards, "P1:19sww#1", "P1", "global")
    assert statics.targetable(state, cards, "P2:19sww#1", "P2", "global")


def test_mask_characters_cannot_attack_the_turn_they_are_fielded():
    # Kilowog: '[M] characters cannot attack the turn they are fielded' (Cheetah: a mask;
    # Superman: a shield).
    cards = cards_for("22sww", demo_line("117wol", "fielded", as_name="Wonder Woman"))
    setup = board(
        "P1 die 22sww#1 field L1", "P1 die 5sww#1 reserve L1", "P1 die 19sww#1 reserve L1",
        "P1 die SK1 reserve mask", "P1 die SK2 reserve shield",
        teams=("19sww:2 22sww:2 5sww:2 basic 31sww", TEAMS[1]),
    )  # fmt: skip
    fielded = setup + "P1 field 5sww#1 pay SK1\nP1 field 19sww#1 pay SK2\n"
    refused(cards, fielded + "P1 attack 5sww#1\n", "R13.7")
    play(cards, fielded, "P1 attack 19sww#1 22sww#1")  # a shield; a mask fielded before
    inactive = fielded.replace("P1 die 22sww#1 field L1", "P1 die 22sww#1 used")
    play(cards, inactive, "P1 attack 5sww#1")


def test_the_opponent_cannot_purchase_or_field_dice_of_a_printed_cost():
    # Tombstone: 'your opponent may not purchase or field character dice with a printed cost
    # of [2]' (made [4]: Cheetah costs 4, Superman 6).
    line = line_on("133ig", "printed cost", "Wonder Woman", **{"[2]": "[4]"})
    cards = cards_for("22sww", line)
    setup = board(
        "P1 die 22sww#1 field L1", "P2 die 5sww#1 reserve L1", "P2 die 19sww#1 reserve L1",
        "P2 die SK1 reserve mask", "P2 die SK2 reserve mask", "P2 die SK3 reserve mask",
        "P2 die SK4 reserve mask", active="P2", teams=TEAMS,
    )  # fmt: skip
    refused(cards, setup + "P2 buy 5sww pay SK1 SK2 SK3 SK4\n", "R13.7")
    refused(cards, setup + "P2 field 5sww#1 pay SK1\n", "R13.7")
    state = play(cards, setup, "P2 field 19sww#1 pay SK1").final
    assert state.die("P2:19sww#1").zone == Zone.FIELD
    inactive = setup.replace("P1 die 22sww#1 field L1", "P1 die 22sww#1 used")
    play(cards, inactive, "P2 buy 5sww pay SK1 SK2 SK3 SK4")
