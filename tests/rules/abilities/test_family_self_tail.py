"""Template family `self_tail`: the card's own die KO'ing a die with its combat damage
(`stl_kos`, filtered) and dealing combat damage (`stl_dealt`). Real lines are read from the
card file by key at test time (their text is never copied here) and played through the
engine against real_cards' opposing board (P2: a Sidekick 1A 1D, Cheetah L2 4A 4D, Wolverine
L1 5A 2D, Quicksilver L2 3A 2D, Superman L1 4A 6D)."""

import pytest

from rules.abilities import compile_card
from rules.engine import Zone
from tests.rules.abilities.real_cards import pool, real_cards, scene
from tests.rules.abilities.scenario import compiled, play
from tests.rules.engine.helpers import run


def _kos(key: str, start: str):
    return real_cards(key, start)


# -- KOs with combat damage ----------------------------------------------------------------------
def test_attacker_that_kos_its_blocker_triggers():
    # 23imw (War Machine, L3 4A 5D): KO'ing an opposing die deals 2 damage to the opponent
    cards = _kos("23imw", "When War Machine KOs")
    setup = scene("23imw", "P1 die 23imw#1 field L3")
    state = play(cards, setup, "P1 attack 23imw#1", "P2 block SK1>23imw#1", "P1 damage").final
    assert state.die("P2:SK1").zone == Zone.PREP
    assert state.player("P2").life == 18


def test_blocker_that_kos_the_attacker_it_alone_blocks_triggers():
    cards = _kos("23imw", "When War Machine KOs")
    setup = scene("23imw", "P1 die 23imw#1 field L3", active="P2")
    state = play(cards, setup, "P2 attack SK1", "P1 block 23imw#1>SK1", "P2 damage").final
    assert state.die("P2:SK1").zone == Zone.PREP
    assert state.player("P2").life == 18


def test_attacker_kod_by_two_blockers_triggers_neither():
    # Quicksilver (3A 2D) blocked by War Machine and Superman: which one KO'd it is not known
    cards = _kos("23imw", "When War Machine KOs")
    setup = scene("23imw", "P1 die 23imw#1 field L3", "P1 die 19sww#1 field L1", active="P2")
    state = play(
        cards,
        setup,
        "P2 attack 21uxm#1",
        "P1 block 23imw#1>21uxm#1 19sww#1>21uxm#1",
        "P2 damage 21uxm#1>23imw#1=3",
    ).final
    assert state.die("P2:21uxm#1").zone == Zone.PREP
    assert state.player("P2").life == 20


def test_a_die_not_kod_or_not_engaged_does_not_trigger():
    cards = _kos("23imw", "When War Machine KOs")
    setup = scene("23imw", "P1 die 23imw#1 field L1", "P1 die 19sww#1 field L1")
    # War Machine L1 (2A) does not KO Superman (6D); Superman KOs the Sidekick blocking him
    state = play(
        cards,
        setup,
        "P1 attack 23imw#1 19sww#1",
        "P2 block 19sww#1>23imw#1 SK1>19sww#1",
        "P1 damage",
    ).final
    assert state.die("P2:SK1").zone == Zone.PREP
    assert state.player("P2").life == 20


@pytest.mark.parametrize(("blocker", "fires"), [("SK1", True), ("22uxm#1", False)])
def test_kos_a_sidekick_only_for_a_sidekick(blocker, fires):
    # 9jus (Black Manta, L3 3A 5D): a Sidekick KO'd deals 1 damage to the opponent
    cards = _kos("9jus", "When Black Manta KOs")
    setup = scene("9jus", "P1 die 9jus#1 field L3")
    state = play(cards, setup, "P1 attack 9jus#1", f"P2 block {blocker}>9jus#1", "P1 damage").final
    assert state.die(f"P2:{blocker}").zone == Zone.PREP
    assert state.player("P2").life == (19 if fires else 20)


@pytest.mark.parametrize(("blocker", "fires"), [("21uxm#1", True), ("SK1", False)])
def test_kos_a_superstar_only_for_a_non_sidekick(blocker, fires):
    # 39wwe (Ronda Rousey, L3 4A 4D): the KO'd Superstar's controller loses 1 life
    cards = _kos("39wwe", "When Ronda Rousey KOs")
    setup = scene("39wwe", "P1 die 39wwe#1 field L3")
    state = play(
        cards, setup, "P1 attack 39wwe#1", f"P2 block {blocker}>39wwe#1", "P1 damage"
    ).final
    assert state.die(f"P2:{blocker}").zone == Zone.PREP
    assert state.player("P2").life == (19 if fires else 20)


def test_kos_a_blocking_die_only_when_it_blocked():
    # 2xmf (Beast, L3 2A 4D): a blocker KO'd deals 1 damage to its controller
    cards = _kos("2xmf", "When Beast KOs")
    attacking = play(
        cards, scene("2xmf", "P1 die 2xmf#1 field L3"), "P1 attack 2xmf#1",
        "P2 block SK1>2xmf#1", "P1 damage",
    ).final  # fmt: skip
    assert attacking.player("P2").life == 19
    blocking = play(
        cards, scene("2xmf", "P1 die 2xmf#1 field L3", active="P2"), "P2 attack SK1",
        "P1 block 2xmf#1>SK1", "P2 damage",
    ).final  # fmt: skip
    assert blocking.die("P2:SK1").zone == Zone.PREP
    assert blocking.player("P2").life == 20  # the KO'd die attacked: not a blocking die


def test_kos_encoding_and_description():
    result = compile_card(pool()["39wwe"])
    assert result.status == "automated"
    (spec,) = result.encoding["abilities"]
    assert spec == {
        "when": "stl_kos_non_sidekick",
        "effects": [{"do": "lose_life", "player": "opposing", "amount": 1}],
    }
    assert "KOs a non-Sidekick character die with combat damage" in result.description


def test_kos_with_an_effect_about_the_die_itself_stays_manual():
    # it may have been KO'd at the same time: 'spin him up' is not read
    line = "When Superman KOs an opposing character die, Superman gets +2A."
    assert compiled("19sww", ability_lines=[line]).status == "manual"


# -- deals combat damage -------------------------------------------------------------------------
def _dealt(key: str = "110aou"):
    # 110aou (Captain Marvel, L1 4A 3D): dealing combat damage gains 2 life
    return real_cards(key, "When Captain Marvel deals combat damage")


def test_deals_combat_damage_to_the_opponent():
    setup = scene("110aou", "P1 die 110aou#1 field L1", "P1 life 10")
    state = play(_dealt(), setup, "P1 attack 110aou#1", "P2 block", "P1 damage").final
    assert state.player("P2").life == 16 and state.player("P1").life == 12


def test_deals_combat_damage_to_two_blockers_fires_once():
    setup = scene("110aou", "P1 die 110aou#1 field L1", "P1 life 10")
    state = play(
        _dealt(),
        setup,
        "P1 attack 110aou#1",
        "P2 block SK1>110aou#1 22uxm#1>110aou#1",
        "P1 damage 110aou#1>SK1=1 110aou#1>22uxm#1=3",
        "P1 order P1:110aou.stl_dealt0#1 P1:110aou.stl_dealt0#2",  # one event per die damaged
    ).final
    assert state.die("P2:SK1").zone == Zone.PREP and state.die("P2:22uxm#1").zone == Zone.PREP
    assert state.player("P1").life == 12  # the effect once, not once per die damaged


def test_deals_combat_damage_as_a_blocker_and_each_die_fires():
    setup = scene(
        "110aou", "P1 die 110aou#1 field L1", "P1 die 110aou#2 field L1", "P1 life 10", active="P2"
    )
    state = play(
        _dealt(),
        setup,
        "P2 attack 19sww#1 5sww#1",
        "P1 block 110aou#1>19sww#1 110aou#2>5sww#1",
        "P2 damage",
        "P1 order P1:110aou.stl_dealt0#1 P1:110aou.stl_dealt0#2",
    ).final
    assert state.player("P1").life == 14  # two dice of the card: each deals its damage


def test_deals_combat_damage_with_you_may_stays_manual():
    line = "When Superman deals combat damage, you may gain 2 life."
    assert compiled("19sww", ability_lines=[line]).status == "manual"


# -- the KO'd die sent on ------------------------------------------------------------------------
def test_kod_die_goes_to_the_used_pile_instead():
    # 89ig (Thanos): the die he KOs goes to the Used Pile, not the Prep Area
    cards = real_cards("89ig", "When Thanos KOs")
    setup = scene("89ig", "P1 die 89ig#1 field L1")
    state = play(cards, setup, "P1 attack 89ig#1", "P2 block SK1>89ig#1", "P1 damage").final
    assert state.die("P2:SK1").zone == Zone.USED


# -- damage equal to the damage taken ------------------------------------------------------------
def test_damage_taken_is_dealt_on_to_the_opponent():
    # 83msw: combat damage this die takes goes on to the opponent, as much of it
    cards = real_cards("83msw", "When Phoenix Force Cyclops")
    setup = scene("83msw", "P1 die 83msw#1 field L3", active="P2")
    state = play(cards, setup, "P2 attack 5sww#1", "P1 block 83msw#1>5sww#1", "P2 damage").final
    assert state.player("P2").life == 16  # Cheetah L2 deals 4


def test_damage_taken_clause_only_after_the_die_takes_damage():
    line = "When Superman attacks, deal that much damage to target opponent."
    assert compiled("19sww", ability_lines=[line]).status == "manual"


# -- the card's own cost under a condition -------------------------------------------------------


@pytest.mark.parametrize(("sidekicks", "free"), [(2, True), (1, False)])
def test_free_to_field_while_you_control_sidekicks(sidekicks, free):
    # 1hq (Batman): free to field with 2 or more of your Sidekick character dice
    cards = real_cards("1hq", "If you control")
    fielding = pool()["1hq"].faces[0].fielding
    field = [f"P1 die SK{n} field L1" for n in range(1, sidekicks + 1)]
    setup = scene("1hq", "P1 die 1hq#1 reserve L1", "P1 die SK8 reserve wild", *field)
    free_fielding = run(cards, setup + "P1 field 1hq#1\n").steps[-1]
    assert free_fielding.legal == free
    if not free:
        assert fielding > 0
        state = play(cards, setup, "P1 field 1hq#1 pay SK8").final
        assert state.die("P1:1hq#1").zone == Zone.FIELD


def test_cost_condition_on_the_opponents_reserve_pool():
    # 1ki (Drax): free to field while the opponent shows 2 or more energy in their Reserve Pool
    cards = real_cards("1ki", "If your opponent")
    setup = scene(
        "1ki", "P1 die 1ki#1 reserve L1", "P2 die SK7 reserve fist", "P2 die SK8 reserve bolt"
    )
    state = play(cards, setup, "P1 field 1ki#1").final
    assert state.die("P1:1ki#1").zone == Zone.FIELD
    one = scene("1ki", "P1 die 1ki#1 reserve L1", "P2 die SK7 reserve fist")
    assert not run(cards, one + "P1 field 1ki#1\n").steps[-1].legal  # 1 energy: not free


def test_cost_condition_encodings():
    result = compile_card(pool()["80dp"])
    (spec,) = result.encoding["abilities"]
    assert spec["when"] == "static"
    assert spec["if"] == {"test": "stl_opponent_prep", "n": 2}
    assert "your opponent has at least 2 dice in their Prep Area" in result.description
    # the turn's KOs are recorded since leave_tail: the condition is read (lt_kod_this_turn)
    kod = "If an opposing character die was KO'd this turn, Superman may be fielded for free."
    (spec,) = compiled("19sww", ability_lines=[kod]).encoding["abilities"]
    assert spec["if"] == {"test": "lt_kod_this_turn", "lt_whose": "opposing"}
