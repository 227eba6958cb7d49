"""Template family `watch_tail` (rules/abilities/templates/watch_tail.py): while-active
watchers and turn moments the other families leave manual. Each scenario compiles a real
card's line (read from the card pool at test time, never copied here) onto the demo Superman
(19sww, P1) and plays it through the engine: setup -> actions -> expected result. A few
scenarios use lines in our own words where the demo cards lack the named dice."""

from rules.abilities import compile_card
from rules.engine import Zone
from tests.rules.abilities.long_tail import compiled_real, real_cards, real_line
from tests.rules.abilities.real_cards import pool
from tests.rules.abilities.scenario import board, compiled, compiled_cards, encoded_cards, play


def _while(code: str):
    return real_cards(code, real_line(code, "While"))


def _events(replay, kind: str):
    return [e for s in replay.steps for e in s.events if e.kind == kind]


# -- each of your dice deals damage at the end of your turn ------------------------------------
def test_each_die_of_level_2_or_higher_deals_damage_at_your_turns_end_colossus_101avx():
    cards = _while("101avx")
    setup = board(
        "P1 die 19sww#1 field L2", "P1 die 22sww#1 field L3", "P1 die SK1 field L1",
        "P2 die 5sww#1 field L1",
    )  # fmt: skip
    replay = play(cards, setup, "P1 end")
    assert replay.final.player("P2").life == 16  # two dice of level 2+: 2 damage each
    sources = {e.other for e in _events(replay, "player_damaged")}
    assert sources == {"P1:19sww#1", "P1:22sww#1"}  # each die its own source


def test_level_2_or_3_dice_and_not_on_the_opponents_turn_colossus_103dps():
    cards = _while("103dps")
    setup = board("P1 die 19sww#1 field L1", "P1 die 22sww#1 field L2")
    assert play(cards, setup, "P1 end").final.player("P2").life == 18
    theirs = board("P1 die 19sww#1 field L2", "P2 die 5sww#1 field L1", turn=4, active="P2")
    assert play(cards, theirs, "P2 end").final.player("P2").life == 20


# -- a watched die deals damage -------------------------------------------------------------------
def test_a_fielded_opposing_die_damages_the_other_opposing_dice_enchantress_62thor():
    cards = _while("62thor")
    setup = board(
        "P1 die 19sww#1 field L1", "P2 die 5sww#1 reserve L2", "P2 die SK1 reserve mask",
        "P2 die SK3 field L1", "P2 die 5sww#2 field L1", turn=4, active="P2",
    )  # fmt: skip
    replay = play(cards, setup, "P2 field 5sww#1 pay SK1")
    state = replay.final
    assert state.die("P2:SK3").zone == Zone.PREP  # 1A 1D: KO'd
    assert state.die("P2:5sww#2").damage == 1
    assert state.die("P2:5sww#1").damage == 0  # 'other': not the fielded die itself
    assert state.die("P1:19sww#1").damage == 0  # opposing dice only
    assert {e.other for e in _events(replay, "damaged")} == {"P2:5sww#1"}  # its damage


def test_an_attacking_opposing_die_damages_the_other_opposing_dice_phantom_stranger_14myst():
    cards = _while("14myst")
    setup = board(
        "P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1", "P2 die SK3 field L1",
        turn=4, active="P2",
    )  # fmt: skip
    state = play(cards, setup, "P2 attack 5sww#1").final
    assert state.die("P2:SK3").zone == Zone.PREP
    assert state.die("P2:5sww#1").damage == 0


def test_your_fielded_villain_deals_its_attack_then_goes_to_the_used_pile_thanos_111gotg():
    teams = ("19sww:2 5sww:2 basic 31sww", "5sww:2 22sww:2 basic 34sww")
    cards = _while("111gotg")
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die 5sww#1 reserve L1", "P1 die SK1 reserve mask",
        teams=teams,
    )  # fmt: skip
    state = play(cards, setup, "P1 field 5sww#1 pay SK1").final
    assert state.player("P2").life == 16  # Cheetah L1: 4A
    assert state.die("P1:5sww#1").zone == Zone.OUT_OF_PLAY  # the Used Pile on P1's turn (R4.6)


def test_damage_equal_to_that_dies_fielding_cost_starfire_101wol():
    result = compiled_real("101wol", real_line("101wol", "While"))
    (spec,) = result.encoding["abilities"]
    assert spec["any"] == {"pick": "each", "affiliation": ["teentitans"], "other": True}
    # The demo cards have no Teen Titans: the same watcher on Villains.
    encoding = {"abilities": [{**spec, "any": {**spec["any"], "affiliation": ["villain"]}}]}
    cards = encoded_cards({"19sww": encoding})
    setup = board(
        "P1 die 19sww#1 field L1", "P2 die 5sww#1 reserve L3", "P2 die SK1 reserve mask",
        turn=4, active="P2",
    )  # fmt: skip
    assert play(cards, setup, "P2 field 5sww#1 pay SK1").final.player("P2").life == 19


# -- an opponent fields a die: life for each of theirs ---------------------------------------------
def test_gain_life_for_each_villain_they_have_fielded_john_stewart_13wol():
    cards = _while("13wol")
    setup = board(
        "P1 die 19sww#1 field L1", "P1 life 10", "P2 die 5sww#1 reserve L1",
        "P2 die SK1 reserve mask", "P2 die 5sww#2 field L1", "P2 die SK3 field L1",
        turn=4, active="P2",
    )  # fmt: skip
    assert play(cards, setup, "P2 field 5sww#1 pay SK1").final.player("P1").life == 12
    sidekick = setup.replace("P2 die SK3 field L1", "P2 die SK3 reserve L1")
    assert play(cards, sidekick, "P2 field SK3").final.player("P1").life == 10  # no Villain


# -- spin up, then 'if you do' ---------------------------------------------------------------------
def _their_field(*mine: str) -> str:
    return board(*mine, "P2 die 5sww#1 reserve L2", "P2 die SK1 reserve mask", turn=4, active="P2")


def test_spin_up_each_of_your_dice_then_damage_if_one_spun_scarlet_spider_15cw():
    cards = _while("15cw")
    state = play(cards, _their_field("P1 die 19sww#1 field L1"), "P2 field 5sww#1 pay SK1").final
    assert state.die("P1:19sww#1").level == 2 and state.player("P2").life == 19
    top = play(cards, _their_field("P1 die 19sww#1 field L3"), "P2 field 5sww#1 pay SK1").final
    assert top.player("P2").life == 20  # none could spin up: nothing follows


def test_spin_up_each_then_draw_scarlet_spider_16cw():
    cards = _while("16cw")
    setup = _their_field("P1 die 19sww#1 field L1", "P1 die SK5 bag")
    state = play(cards, setup, "P2 field 5sww#1 pay SK1", "P1 draw SK5").final
    assert state.die("P1:SK5").zone == Zone.PREP


def test_spin_one_of_your_dice_up_and_if_you_do_spin_theirs_down_punisher_124cw():
    cards = _while("124cw")
    setup = _their_field("P1 die 19sww#1 field L1", "P1 die 19sww#2 field L2")
    state = play(cards, setup, "P2 field 5sww#1 pay SK1", "P1 choose P1:19sww#2").final
    assert state.die("P1:19sww#2").level == 3 and state.die("P1:19sww#1").level == 1
    assert state.die("P2:5sww#1").level == 1
    stuck = _their_field("P1 die 19sww#1 field L3")
    assert play(cards, stuck, "P2 field 5sww#1 pay SK1").final.die("P2:5sww#1").level == 2


# -- a die put in the Field, a Sidekick fielded ---------------------------------------------------
_KO_MINE = ("P1 attack SK1", "P2 block 5sww#1>SK1", "P1 damage")


def test_a_named_die_is_put_in_the_field_not_fielded():
    # our words: the shape of Bruce Wayne (42wf, 81wf) naming a demo card
    line = (
        "While Superman is active, when one of your character dice is KO'd, you may move a "
        "Wonder Woman die from your bag or Used Pile to the Field Zone at level 2"
    )
    cards = compiled_cards("19sww", ability_lines=[line])
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die SK1 field L1", "P1 die 22sww#1 used",
        "P2 die 5sww#1 field L1",
    )  # fmt: skip
    replay = play(cards, setup, *_KO_MINE, "P1 yes", "P1 choose P1:22sww#1")
    die = replay.final.die("P1:22sww#1")
    assert die.zone in (Zone.FIELD, Zone.ATTACK) and die.level == 2
    assert "P1:22sww#1" not in {e.die for e in _events(replay, "fielded")}  # moved (R8.2)


def test_bruce_wayne_reads_batman_dice_42wf_81wf():
    for code, level in (("42wf", 1), ("81wf", 2)):
        (spec,) = compiled_real(code, real_line(code, "While")).encoding["abilities"]
        place = spec["effects"][0]
        assert place["do"] == "wt_place" and place["level"] == level
        assert place["dice"]["name"] == "Batman" and place["zones"] == ["bag", "used"]
        assert spec["optional"] is True


def test_using_an_action_die_fields_a_sidekick_from_the_used_pile_magik_38msw():
    cards = _while("38msw")
    setup = board("P1 die 19sww#1 field L1", "P1 die BA:31sww#1 reserve action", "P1 die SK7 used")
    state = play(cards, setup, "P1 use BA:31sww#1", "P1 choose P1:SK7").final
    assert state.die("P1:SK7").zone == Zone.FIELD


def test_pay_to_put_the_action_die_used_in_your_prep_area_scarlet_witch_20drs():
    cards = _while("20drs")
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die BA:31sww#1 reserve action", "P1 die SK1 reserve shield"
    )
    state = play(cards, setup, "P1 use BA:31sww#1", "P1 yes pay SK1").final
    assert state.die("BA:31sww#1").zone == Zone.PREP
    declined = play(cards, setup, "P1 use BA:31sww#1", "P1 no").final
    assert declined.die("BA:31sww#1").zone == Zone.OUT_OF_PLAY
    # Without 'While NAME is active' and with 'instead of your Used Pile': the same (107aou).
    cards = real_cards("107aou", real_line("107aou", "Each time"))
    state = play(cards, setup, "P1 use BA:31sww#1", "P1 yes pay SK1").final
    assert state.die("BA:31sww#1").zone == Zone.PREP
    inactive = setup.replace("19sww#1 field L1", "19sww#1 used")
    assert play(cards, inactive, "P1 use BA:31sww#1").final.pending is None  # not active


def test_draw_a_die_keep_a_villain_in_prep_lex_luthor_25jus():
    cards = _while("25jus")
    teams = ("19sww:2 5sww:2 basic 31sww", "5sww:2 22sww:2 basic 34sww")
    for drawn, zone in (("5sww#1", Zone.PREP), ("SK5", Zone.OUT_OF_PLAY)):
        setup = board(
            "P1 die 19sww#1 field L1", "P1 die BA:31sww#1 reserve action", f"P1 die {drawn} bag",
            teams=teams,
        )  # fmt: skip
        state = play(cards, setup, "P1 use BA:31sww#1", f"P1 draw {drawn}").final
        assert state.die(f"P1:{drawn}").zone == zone  # a Sidekick: sent to the Used Pile


def test_target_player_and_target_die_when_your_die_is_kod_batman_100skc():
    cards = _while("100skc")
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die SK1 field L1", "P2 die 5sww#1 field L1",
        "P2 die SK2 field L1",
    )  # fmt: skip
    state = play(cards, setup, *_KO_MINE, "P1 choose P2", "P1 choose P2:SK2").final
    assert state.player("P2").life == 19 and state.die("P2:SK2").zone == Zone.PREP


# -- you or your dice damaged ---------------------------------------------------------------------
def test_you_or_your_dice_damaged_move_an_action_die_doctor_strange_5def():
    cards = _while("5def")
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die BA:31sww#1 used", "P2 die 5sww#1 field L1",
        turn=4, active="P2",
    )  # fmt: skip
    actions = ("P2 attack 5sww#1", "P1 block", "P2 damage", "P1 yes", "P1 choose BA:31sww#1")
    state = play(cards, setup, *actions).final
    assert state.die("BA:31sww#1").zone == Zone.PREP  # P1 took damage


def test_non_combat_damage_draws_two_and_keeps_one_captain_america_39aou():
    encoding = compiled_real("39aou", real_line("39aou", "While")).encoding
    hurt = {"when": "fielded", "effects": [
        {"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": 1}]}  # fmt: skip
    cards = encoded_cards({"19sww": encoding, "5sww": {"abilities": [hurt]}})
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die SK5 bag", "P1 die SK6 bag", "P2 die 5sww#1 reserve L1",
        "P2 die SK1 reserve mask", turn=4, active="P2",
    )  # fmt: skip
    actions = ("P2 field 5sww#1 pay SK1", "P1 draw SK5 SK6", "P1 choose P1:SK6")
    state = play(cards, setup, *actions).final
    assert state.die("P1:SK6").zone == Zone.PREP and state.die("P1:SK5").zone == Zone.BAG
    assert state.player("P1").life == 19


# -- at the start of your turn, if you control different characters -------------------------------
def test_different_villains_at_the_start_of_your_turn_harley_quinn_94bat():
    result = compile_card(pool()["94bat"])
    (spec,) = result.encoding["abilities"]
    assert spec["if"]["test"] == "ns_distinct_characters" and spec["if"]["n"] == 2
    cards = _while("94bat")
    teams = ("19sww:2 5sww:2 basic 31sww", "5sww:2 22sww:2 basic 34sww")
    same = board(
        "P1 die 19sww#1 field L1", "P1 die 5sww#1 field L1", "P1 die 5sww#2 field L1",
        "P1 life 10", turn=4, active="P2", teams=teams,
    )  # fmt: skip
    state = play(cards, same, "P2 end").final
    assert state.player("P2").life == 20 and state.player("P1").life == 10  # one Villain card
    # Two different characters (the demo's only other villain has no dice to field): the same
    # condition on Justice League dice.
    league = {
        **spec,
        "if": {**spec["if"], "of": {**spec["if"]["of"], "affiliation": ["justiceleague"]}},
    }
    cards = encoded_cards({"19sww": {"abilities": [league]}})
    two = board("P1 die 19sww#1 field L1", "P1 die 22sww#1 field L1", "P1 life 10", turn=4,
                active="P2")  # fmt: skip
    state = play(cards, two, "P2 end").final
    assert state.player("P2").life == 19 and state.player("P1").life == 11


# -- a player draws dice --------------------------------------------------------------------------
def test_a_player_drawing_dice_takes_damage_parademon_104bat():
    cards = _while("104bat")
    setup = board(
        "P1 die 19sww#1 field L1", "P2 die SK1 bag", "P2 die SK2 bag", "P2 die SK3 bag",
        "P2 die SK4 bag",
    )  # fmt: skip
    state = play(cards, setup, "P1 end", "P2 draw SK1 SK2 SK3 SK4").final
    assert state.player("P2").life == 19 and state.player("P1").life == 20


def _their_draw(*lines: str) -> str:
    bag = [f"P2 die SK{n} bag" for n in range(1, 5)]
    return board("P1 die 19sww#1 field L1", *bag, *lines)


def test_your_opponent_takes_damage_drawing_while_they_have_no_villain_magneto_76uxm():
    cards = _while("76uxm")
    state = play(cards, _their_draw(), "P1 end", "P2 draw SK1 SK2 SK3 SK4").final
    assert state.player("P2").life == 18
    villain = _their_draw("P2 die 5sww#1 field L1")
    state = play(cards, villain, "P1 end", "P2 draw SK1 SK2 SK3 SK4").final
    assert state.player("P2").life == 20


def test_when_your_opponent_draws_you_may_pay_to_draw_mysterio_63asm():
    cards = _while("63asm")
    bag = [f"P2 die SK{n} bag" for n in range(1, 5)]
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die SK6 reserve shield", "P1 die SK5 bag", *bag,
        turn=4, active="P2", step="clear_and_draw",
    )  # fmt: skip
    draw = "P2 draw SK1 SK2 SK3 SK4"
    state = play(cards, setup, draw, "P1 yes pay SK6", "P1 draw SK5").final
    assert state.die("P1:SK5").zone == Zone.PREP
    assert play(cards, setup, draw, "P1 no").final.die("P1:SK5").zone == Zone.BAG


# -- the end of your Roll and Reroll Step (Rescue) -------------------------------------------------
_BAG = ("P1 die 19sww#1 bag", "P1 die 19sww#2 bag", "P1 die SK1 bag", "P1 die SK2 bag")
_DRAW = "P1 draw 19sww#1 19sww#2 SK1 SK2"


def _rolled(cards, first: str, second: str, *lines: str, then=()):
    setup = board("P1 life 15", *_BAG, *lines, step="clear_and_draw")
    roll = f"P1 roll 19sww#1={first} 19sww#2={second} SK1=fist SK2=fist"
    return play(cards, setup, _DRAW, roll, "P1 reroll", *then).final


def test_gain_life_for_each_of_its_dice_rolled_on_energy_rescue_59cw():
    cards = real_cards("59cw")
    assert _rolled(cards, "shield", "shield").player("P1").life == 17
    assert _rolled(cards, "shield", "L1").player("P1").life == 16  # a character face
    assert _rolled(cards, "L1", "L2").player("P1").life == 15
    # Not on the opponent's turn.
    bag = [f"P2 die SK{n} bag" for n in range(1, 5)]
    setup = board(*bag, "P1 die 19sww#1 field L1", turn=4, active="P2", step="clear_and_draw")
    roll = "P2 roll SK1=fist SK2=fist SK3=fist SK4=fist"
    state = play(cards, setup, "P2 draw SK1 SK2 SK3 SK4", roll, "P2 reroll").final
    assert state.player("P1").life == 20


def test_opponent_loses_life_for_each_rescue_17imw():
    cards = real_cards("17imw", real_line("17imw", "At the end"))
    assert _rolled(cards, "shield", "shield").player("P2").life == 18


def test_draw_for_each_and_field_the_matching_character_dice_rescue_127cw():
    cards = real_cards("127cw")
    state = _rolled(
        cards, "shield", "L1", "P1 die 19sww#3 bag",
        then=("P1 draw 19sww#3",),
    )  # fmt: skip
    assert state.die("P1:19sww#3").zone == Zone.FIELD  # Superman: a shield character
    state = _rolled(cards, "shield", "L1", then=("P1 draw SK3",))
    assert state.die("P1:SK3").zone == Zone.BAG  # a Sidekick: back to the bag


# -- what stays manual -----------------------------------------------------------------------------
def test_other_shapes_stay_manual():
    for line in (
        # a name that is not the card's own to spin
        "While Superman is active, when an opposing character die is fielded, spin up each of "
        "your Batman dice one level. If you spin up at least one Batman die, gain 1 life",
        # the fielded die dealing damage to your own dice
        "While Superman is active, when an opposing character die is fielded, that die deals 1 "
        "damage to all other character dice",
        # a kind of die, not a name, put in the Field
        "While Superman is active, when one of your character dice is KO'd, move a Sidekick die "
        "from your bag or Used Pile to the Field Zone at level 1",
        # another tally at the end of the Roll and Reroll Step
        "At the end of your Roll and Reroll Step, deal 1 damage to target character die for "
        "each Superman die you rolled that shows an energy face",
    ):
        assert compiled("19sww", ability_lines=[line]).status == "manual", line
