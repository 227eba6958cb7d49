"""Family `turn_globals` (rules/abilities/templates/turn_globals.py) and the shared readings it
settled: a WWE Superstar die is a non-Sidekick character die in every family
(`tokens.SUPERSTAR_WHAT`), and 'the next <dice> you purchase costs N less' is one effect,
`next_purchase`, whoever uses the global that makes it.

Real lines are read from the card file by key at test time (their text is never copied here)
and played through the engine."""

from rules.abilities import compile_card, describe
from rules.abilities import tokens as t
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import pool, real_cards, scene, to_field
from tests.rules.abilities.scenario import board, compiled_cards, play, refused

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
    ):
        assert path(compile_card(pool()[key]).encoding)["what"] == t.SUPERSTAR_WHAT, key


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
