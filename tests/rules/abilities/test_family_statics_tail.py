"""Template family `statics_tail` (rules/abilities/templates/statics_tail.py): a character's
continuous lines whose statement another family reads alone, under a Reserve Pool condition
('at least one [M]') or two affiliations' presence ('another [AV] and another [GG]'), and the
blocker filter 'a printed fielding cost of 0'. Each scenario reads a real card's line from the
card pool at run time, moves it onto the demo Superman (19sww: Shield, Justice League, 4/6 at
L1) and plays it through the engine's restrict hook and stat query layer.

P2 may block with Cheetah (5sww: Mask, Villain, 4/2 at L1, fielding 1), Jimmy Olsen (10sww)
or a Sidekick (fielding 0)."""

import re

from rules.abilities import statics
from rules.abilities.describe import describe
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import demo_line
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play, refused

FAMILY = "statics_tail"
TEAMS = ("19sww:2 22sww:2 5sww:2 10sww:2 basic 31sww", "5sww:2 10sww:2 basic 34sww")
FIELD = (
    "P1 die 19sww#1 field L1",
    "P2 die 5sww#1 field L1",
    "P2 die 10sww#1 field L1",
    "P2 die SK1 field L1",
)


def setup(*lines: str, field=FIELD, **kw) -> str:
    return board(*field, *lines, teams=TEAMS, **kw)


def line_on(code: str, contains: str, **words: str) -> str:
    """Card `code`'s line on the demo Superman, other words replaced (`words`: real text, with
    underscores for spaces -> demo text)."""
    text = demo_line(code, contains, as_name="Superman")
    for real, demo in words.items():
        text = re.sub(re.escape(real.replace("_", " ")), demo, text)
    return text


def cards_for(line: str):
    result = compiled("19sww", ability_lines=[line])
    assert result.status == "automated", result.manual_lines
    assert [f for _, f in result.recognised] == [FAMILY]
    return compiled_cards("19sww", ability_lines=[line])


# -- 'While you have at least one [M] in your Reserve Pool, <statement>' -------------------------
MOON_KNIGHT = ("38ig", "reserve pool")


def test_reserve_condition_reads_the_statement_of_another_family():
    result = compiled("19sww", ability_lines=[line_on(*MOON_KNIGHT)])
    spec = result.encoding["abilities"][0]
    assert spec["if"] == {"test": "reserve_energy_at_least", "energy": "mask", "n": 1}
    assert spec["effects"][0]["action"] == "be_blocked_by_fewer_than_two_dice"
    assert "at least 1 Mask in your Reserve Pool" in describe(result.encoding)


def test_with_a_mask_in_reserve_one_blocker_is_refused():
    cards = cards_for(line_on(*MOON_KNIGHT))
    text = setup("P1 die SK3 reserve mask") + "P1 attack 19sww#1\n"
    refused(cards, text + "P2 block SK1>19sww#1\n", "R13.7")
    play(cards, text, "P2 block SK1>19sww#1 5sww#1>19sww#1")  # two blockers: fine


def test_without_a_mask_in_reserve_one_blocker_may_block():
    cards = cards_for(line_on(*MOON_KNIGHT))
    text = setup("P1 die SK3 reserve shield") + "P1 attack 19sww#1\n"
    state = play(cards, text, "P2 block SK1>19sww#1").final
    assert state.die("P2:SK1").blocking == "P1:19sww#1"


def test_reserve_condition_needs_the_energy_in_the_holders_reserve():
    cards = cards_for(line_on(*MOON_KNIGHT))
    text = setup("P2 die SK3 reserve mask") + "P1 attack 19sww#1\n"  # the opponent's mask
    play(cards, text, "P2 block SK1>19sww#1")


def test_reserve_condition_leaves_a_triggered_statement_manual():
    line = (
        "While you have at least one [M] in your Reserve Pool, when Superman attacks, gain 1 life"
    )
    assert compiled("19sww", ability_lines=[line]).recognised == () or all(
        f != FAMILY for _, f in compiled("19sww", ability_lines=[line]).recognised
    )


# -- 'While you have another [AV] and another [GG] character active, <statement>' ----------------
def starhawk() -> str:
    # [AV] -> Villain (Cheetah), [GG] -> Superman (Jimmy Olsen): P1 has both on the team.
    return line_on("101aou", "another", **{"[AV]": "[DCV]", "[GG]": "[DCS]"})


def _attack(field: tuple[str, ...]) -> int:
    cards = cards_for(starhawk())
    state = play(cards, board(*field, teams=TEAMS)).final
    return query.attack(state, cards, state.die("P1:19sww#1")).value


def test_both_other_characters_active_give_the_bonus():
    field = ("P1 die 19sww#1 field L1", "P1 die 5sww#1 field L1", "P1 die 10sww#1 field L1")
    assert _attack(field) == 4 + 3


def test_one_of_the_two_is_not_enough():
    assert _attack(("P1 die 19sww#1 field L1", "P1 die 5sww#1 field L1")) == 4
    assert _attack(("P1 die 19sww#1 field L1", "P1 die 10sww#1 field L1")) == 4


def test_the_opponents_characters_do_not_count():
    field = ("P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1", "P2 die 10sww#1 field L1")
    assert _attack(field) == 4


def test_characters_out_of_the_field_do_not_count():
    field = ("P1 die 19sww#1 field L1", "P1 die 5sww#1 used", "P1 die 10sww#1 field L1")
    assert _attack(field) == 4


def test_another_means_a_die_of_another_card():
    # [AV] -> Justice League: Superman's own second die is not 'another' Justice League
    # character; Wonder Woman (22sww) is.
    line = line_on("101aou", "another", **{"[AV]": "[DCJL]", "[GG]": "[DCS]"})
    cards = cards_for(line)
    own = board(
        "P1 die 19sww#1 field L1",
        "P1 die 19sww#2 field L1",
        "P1 die 10sww#1 field L1",
        teams=TEAMS,
    )
    state = play(cards, own).final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4
    other = own.replace("P1 die 19sww#2 field L1", "P1 die 22sww#1 field L1")
    state = play(cards, other).final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 7


def test_both_conditions_described():
    result = compiled("19sww", ability_lines=[starhawk()])
    text = describe(result.encoding)
    assert "Villain" in text and "Superman" in text and " and " in text
    assert result.encoding["abilities"][0]["if"]["test"] == "st_all"


# -- 'NAME can't be blocked by characters with a printed fielding cost of 0' ---------------------
SPIDER_WOMAN = ("65aou", "fielding cost")


def test_fielding_cost_zero_blockers_are_refused():
    cards = cards_for(line_on(*SPIDER_WOMAN))
    text = setup() + "P1 attack 19sww#1\n"
    refused(cards, text + "P2 block SK1>19sww#1\n", "R13.7")  # a Sidekick: fielding 0


def test_characters_with_a_fielding_cost_may_block():
    cards = cards_for(line_on(*SPIDER_WOMAN))
    text = setup() + "P1 attack 19sww#1\n"
    state = play(cards, text, "P2 block 5sww#1>19sww#1").final
    assert state.die("P2:5sww#1").blocking == "P1:19sww#1"


def test_fielding_cost_restriction_is_about_this_card_only():
    cards = cards_for(line_on(*SPIDER_WOMAN))
    text = setup("P1 die 22sww#1 field L1") + "P1 attack 22sww#1\n"
    play(cards, text, "P2 block SK1>22sww#1")  # Wonder Woman: a Sidekick may block her


def test_fielding_cost_encoding_and_text():
    result = compiled("19sww", ability_lines=[line_on(*SPIDER_WOMAN)])
    effect = result.encoding["abilities"][0]["effects"][0]
    assert effect["by"] == {"pick": "each", "what": "character", "max_fielding": 0}
    assert "fielding cost of 0" in describe(result.encoding)


def test_another_fielding_cost_is_not_read():
    line = "Superman can't be blocked by characters with a printed fielding cost of 2"
    assert compiled("19sww", ability_lines=[line]).status != "automated"


# -- a character's burst line that is a static (R9.2) --------------------------------------------
# Played by the demo Wolverine (22uxm: Fist, X-Men; L1 5/2 and L2 6/3 show one burst, L3 8/4
# none).
BURST_TEAMS = ("22uxm:2 19sww:2 basic 31sww", "5sww:2 10sww:2 basic 34sww")


def burst_cards(code: str, contains: str):
    line = demo_line(code, contains, as_name="Wolverine")
    result = compiled("22uxm", ability_lines=[line])
    assert result.status == "automated", result.manual_lines
    assert [f for _, f in result.recognised] == [FAMILY]
    return compiled_cards("22uxm", ability_lines=[line])


def burst_board(level: str, *lines: str) -> str:
    return board(
        f"P1 die 22uxm#1 field {level}",
        "P2 die 5sww#1 field L1",
        "P2 die SK1 field L1",
        *lines,
        teams=BURST_TEAMS,
    )


def test_burst_sidekicks_cant_block_on_a_burst_face():
    cards = burst_cards("24imw", "Sidekicks can't block")  # War Machine
    text = burst_board("L1") + "P1 attack 22uxm#1\n"
    refused(cards, text + "P2 block SK1>22uxm#1\n", "R13.7")
    play(cards, text, "P2 block 5sww#1>22uxm#1")  # not a Sidekick: fine


def test_burst_static_lapses_on_a_face_without_the_burst():
    cards = burst_cards("24imw", "Sidekicks can't block")
    text = burst_board("L3") + "P1 attack 22uxm#1\n"
    state = play(cards, text, "P2 block SK1>22uxm#1").final
    assert state.die("P2:SK1").blocking == "P1:22uxm#1"


def test_burst_cant_be_blocked():
    cards = burst_cards("47msw", "can't be blocked")  # Spider-Gwen
    text = burst_board("L2") + "P1 attack 22uxm#1\n"
    refused(cards, text + "P2 block 5sww#1>22uxm#1\n", "R13.7")
    play(cards, burst_board("L3") + "P1 attack 22uxm#1\n", "P2 block 5sww#1>22uxm#1")


def test_burst_cant_be_targeted_by_globals():
    cards = burst_cards("115xfc", "Global Abilities")  # Wolverine
    on = play(cards, burst_board("L1")).final
    assert not statics.targetable(on, cards, "P1:22uxm#1", "P2", "global")
    assert statics.targetable(on, cards, "P1:22uxm#1", "P2", "action")  # globals only
    off = play(cards, burst_board("L3")).final
    assert statics.targetable(off, cards, "P1:22uxm#1", "P2", "global")


def test_burst_keyword_overcrush_only_on_its_faces():
    cards = burst_cards("61ig", "Overcrush")  # Black Swan, '*/**'
    on = play(cards, burst_board("L1")).final
    assert "overcrush" in query.keywords(on, cards, on.die("P1:22uxm#1"))
    off = play(cards, burst_board("L3")).final
    assert "overcrush" not in query.keywords(off, cards, off.die("P1:22uxm#1"))


def test_burst_keyword_fast_deals_damage_first():
    cards = burst_cards("17doom", "Fast")  # Negative Man: '* Fast'
    # Wolverine L1 (5/2, Fast on its burst face) blocked by Cheetah (4/2): Wolverine deals
    # its damage first and KOs Cheetah, which deals none back.
    actions = ("P1 attack 22uxm#1", "P2 block 5sww#1>22uxm#1", "P1 damage")
    state = play(cards, burst_board("L1"), *actions).final
    assert state.die("P1:22uxm#1").zone != Zone.PREP
    assert state.die("P2:5sww#1").zone == Zone.PREP
    # On L3 (no burst) both deal damage at once: Cheetah's 4 KOs Wolverine's D4.
    state = play(cards, burst_board("L3"), *actions).final
    assert state.die("P1:22uxm#1").zone == Zone.PREP


def test_burst_static_text_names_the_faces():
    line = demo_line("61ig", "Overcrush", as_name="Wolverine")
    result = compiled("22uxm", ability_lines=[line])
    assert result.encoding["abilities"][0]["effects"][0]["to"] == {
        "pick": "this",
        "shows_burst": [1, 2],
    }
    assert "shows a * or ** burst face gains Overcrush" in describe(result.encoding)


def test_burst_static_about_other_dice_stays_manual():
    # Captain America (124avx): '* Your [F] characters get +1A and +1D' is about other dice.
    line = demo_line("124avx", "Your [F]", as_name="Wolverine")
    assert compiled("22uxm", ability_lines=[line]).status != "automated"


def test_burst_keyword_the_engine_doesnt_play_stays_manual():
    assert compiled("22uxm", ability_lines=["* Deadly"]).status != "automated"


# -- printing slips --------------------------------------------------------------------------
def test_misspelt_own_name_is_read_as_the_card_52skc():
    # 'While Supegirl is active, opposing Sidekick dice get +1A and +1D' on Supergirl (18sww).
    line = demo_line("52skc", "opposing Sidekick", as_name="Supergirl")
    assert "Supegirl" in line  # the slip survives the name replacement
    result = compiled("18sww", ability_lines=[line])
    assert result.status == "automated", result.manual_lines
    assert [f for _, f in result.recognised] == [FAMILY]
    cards = compiled_cards("18sww", ability_lines=[line])
    setup = board(
        "P1 die 18sww#1 field L1",
        "P2 die SK1 field L1",
        "P1 die SK2 field L1",
        teams=("18sww:2 19sww:2 basic 31sww", "5sww:2 10sww:2 basic 34sww"),
    )
    state = play(cards, setup).final
    theirs, mine = state.die("P2:SK1"), state.die("P1:SK2")
    assert query.attack(state, cards, theirs).value == query.attack(state, cards, mine).value + 1
    assert query.defense(state, cards, theirs).value == query.defense(state, cards, mine).value + 1


def test_a_slip_is_read_only_on_the_card_it_misspells():
    line = demo_line("52skc", "opposing Sidekick", as_name="Supergirl")
    assert compiled("19sww", ability_lines=[line]).status != "automated"  # on Superman


def test_a_misspelt_while_is_read():
    line = "Whlle Superman is active, your Sidekick dice get +1A"
    result = compiled("19sww", ability_lines=[line])
    assert result.status == "automated", result.manual_lines
    effect = result.encoding["abilities"][0]["effects"][0]
    assert effect["attack"] == 1 and effect["to"]["what"] == "sidekick"


def test_your_opponents_global_abilities_are_the_opposing_ones_8tag():
    # 'Your NAME Superstar dice can't be targeted by your opponent's Global Abilities'.
    line = demo_line("8tag", "targeted", as_name="Superman")
    cards = cards_for(line)
    state = play(cards, setup()).final
    assert not statics.targetable(state, cards, "P1:19sww#1", "P2", "global")
    assert statics.targetable(state, cards, "P1:19sww#1", "P1", "global")  # the holder's own
    assert statics.targetable(state, cards, "P1:19sww#1", "P2", "action")


def test_a_printers_sic_is_dropped_15tag():
    # 'Each of your NAME Superstar dice gets [sic] +1A and +1D for each level 3 Superstar die in
    # the Field Zone' (both players', this die too).
    cards = cards_for(demo_line("15tag", "for each level 3", as_name="Superman"))
    field = ("P1 die 19sww#1 field L3", "P2 die 5sww#1 field L3", "P2 die 10sww#1 field L1")
    state = play(cards, board(*field, teams=TEAMS)).final
    superman = state.die("P1:19sww#1")
    base = play(cards, board(*field, teams=TEAMS)).final.die("P1:19sww#1").face.attack
    assert query.attack(state, cards, superman).value == base + 2


# -- engaged bonuses 'until end of turn', an opponent's dice and 'must attack' -------------------
def _engaged_attack(cards, blocker: str) -> int:
    actions = ("P1 attack 19sww#1", f"P2 block {blocker}>19sww#1")
    state = play(cards, setup(), *actions).final
    return query.attack(state, cards, state.die("P1:19sww#1")).value


def test_until_end_of_turn_when_engaged_with_14jl():
    # Martian Manhunter: 'gets +3A and +3D until end of turn when engaged with [S] characters'
    # ([S] -> [M]: Cheetah is Mask, Jimmy Olsen Fist).
    line = line_on("14jl", "engaged", **{"[S]": "[M]"})
    cards = cards_for(line)
    assert _engaged_attack(cards, "5sww#1") == 4 + 3
    assert _engaged_attack(cards, "10sww#1") == 4


def test_blocking_or_blocked_by_an_affiliation_until_end_of_turn_4jl():
    # Darkseid: '... when blocking or blocked by characters with the Justice League affiliation
    # until end of turn' (Justice League -> Villain: Cheetah).
    line = line_on("4jl", "blocking or blocked", Justice_League="Villain")
    cards = cards_for(line)
    assert _engaged_attack(cards, "5sww#1") == 4 + 4
    assert _engaged_attack(cards, "SK1") == 4
    state = play(cards, setup()).final  # not engaged: no bonus
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4


def test_opponents_active_dice_give_a_bonus_and_must_attack_13gotg():
    # Gamora: 'While your opponent has any active [VM] character dice, NAME gets +1A and must
    # attack if able' ([VM]: Villain, Cheetah).
    cards = cards_for(line_on("13gotg", "must attack"))
    state = play(cards, setup()).final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 5
    assert "must_attack" in query.keywords(state, cards, state.die("P1:19sww#1"))
    no_villain = tuple(f for f in FIELD if "5sww" not in f)
    state = play(cards, setup(field=no_villain)).final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4
    assert "must_attack" not in query.keywords(state, cards, state.die("P1:19sww#1"))


def test_a_misspelt_character_is_read_3hq():
    # Batman: '... for each Sidekick character die in the Field Zone (both players'). If your
    # opponent has an active [DCV] charactere die, NAME gains Overcrush'.
    line = demo_line("3hq", "Sidekick", as_name="Superman")
    result = compiled("19sww", ability_lines=[line])
    assert result.status == "automated", result.manual_lines
    cards = compiled_cards("19sww", ability_lines=[line])
    state = play(cards, setup("P1 die SK2 field L1")).final
    superman = state.die("P1:19sww#1")
    assert query.attack(state, cards, superman).value == 4 + 2  # both players' Sidekicks
    assert "overcrush" in query.keywords(state, cards, superman)  # Cheetah: a Villain


# -- 'can't be blocked by lower / higher level character dice' -----------------------------------
def level_board(mine: str, cheetah: str) -> str:
    field = (
        f"P1 die 19sww#1 field {mine}",
        f"P2 die 5sww#1 field {cheetah}",
        "P2 die SK1 field L1",
    )
    return board(*field, teams=TEAMS) + "P1 attack 19sww#1\n"


def test_lower_level_blockers_are_refused_35avx():
    cards = cards_for(line_on("35avx", "lower level"))  # Angel
    refused(cards, level_board("L2", "L1") + "P2 block 5sww#1>19sww#1\n", "R13.7")
    refused(cards, level_board("L2", "L1") + "P2 block SK1>19sww#1\n", "R13.7")
    play(cards, level_board("L2", "L2"), "P2 block 5sww#1>19sww#1")  # the same level
    play(cards, level_board("L2", "L3"), "P2 block 5sww#1>19sww#1")


def test_a_level_1_attacker_has_no_lower_level_blockers():
    cards = cards_for(line_on("35avx", "lower level"))
    play(cards, level_board("L1", "L1"), "P2 block SK1>19sww#1")


def test_higher_level_or_sidekick_blockers_are_refused_3jll():
    cards = cards_for(line_on("3jll", "higher level"))  # Ant-Man
    refused(cards, level_board("L1", "L2") + "P2 block 5sww#1>19sww#1\n", "R13.7")
    refused(cards, level_board("L1", "L1") + "P2 block SK1>19sww#1\n", "R13.7")
    play(cards, level_board("L2", "L1"), "P2 block 5sww#1>19sww#1")  # lower: fine


def test_level_blockers_encoding_and_text():
    result = compiled("19sww", ability_lines=[line_on("35avx", "lower level")])
    effect = result.encoding["abilities"][0]["effects"][0]
    assert effect["by"]["level_vs_this"] == "lower"
    assert "of a lower level than this die" in describe(result.encoding)


# -- 'while your opponent has [M] energy in their Reserve Pool' ----------------------------------
def test_opponents_reserve_energy_gives_the_bonus_96ig():
    cards = cards_for(line_on("96ig", "Reserve Pool"))  # Wong
    state = play(cards, setup("P2 die SK3 reserve mask")).final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4 + 2
    state = play(cards, setup("P2 die SK3 reserve fist")).final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4
    state = play(cards, setup("P1 die SK3 reserve mask")).final  # the holder's own mask
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4
