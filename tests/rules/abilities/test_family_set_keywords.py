"""Template family `set_keywords`: a set keyword named without its meaning (bare, or with a
reminder) plays as the meaning its reminder text gives. Real lines are read from the card
file by key at test time (their text is never copied here)."""

import pytest

from rules.abilities import compile_card
from rules.abilities.templates import Line
from rules.abilities.templates.set_keywords import set_keyword
from rules.engine import Zone
from tests.rules.abilities.real_cards import pool, real_cards, real_compiled, scene, to_field
from tests.rules.abilities.scenario import play
from tests.rules.engine.helpers import run

ACTION = "P1 die BA:31sww#1 reserve action"


@pytest.mark.parametrize("key", ["16ai", "31ai", "4bit"])  # bare, reminder, Superstar reminder
def test_real_attune_damages_a_target_when_you_use_an_action_die(key):
    cards = real_cards(key, "Attune")
    setup = scene(key, f"P1 die {key}#1 field L1", ACTION, "P2 life 20")
    replay = play(cards, setup, "P1 use BA:31sww#1", "P1 choose P2")
    assert replay.final.player("P2").life == 19


def test_real_attune_may_hit_a_character_die_and_not_while_inactive():
    cards = real_cards("16ai", "Attune")
    setup = scene("16ai", "P1 die 16ai#1 field L1", ACTION)
    replay = play(cards, setup, "P1 use BA:31sww#1", "P1 choose P2:SK1")
    assert replay.final.die("P2:SK1").zone == Zone.PREP  # 1 damage KOs a 1D Sidekick
    idle = scene("16ai", "P1 die 16ai#1 used", ACTION, "P2 life 20")
    state = play(cards, idle, "P1 use BA:31sww#1").final
    assert state.player("P2").life == 20  # not active: no Attune


@pytest.mark.parametrize("key", ["13doom", "19jll", "4wwe"])  # bare, misspelt reminder, Superstar
def test_real_intimidate_removes_an_opposing_die_until_end_of_turn(key):
    cards = real_cards(key, "Intimidate")
    lines, field = to_field(key)
    replay = play(cards, scene(key, *lines), field, "P1 choose P2:19sww#1")
    assert replay.final.die("P2:19sww#1").zone == Zone.CAPTURED  # out of the Field
    replay = play(cards, scene(key, *lines), field, "P1 choose P2:19sww#1", "P1 end")
    returned = replay.final.die("P2:19sww#1")
    assert returned.zone == Zone.FIELD and returned.level == 1  # back, same level


def test_intimidate_can_not_remove_your_own_die():
    _, result = real_compiled("13doom", "Intimidate")
    (spec,) = result.encoding["abilities"]
    assert spec["effects"][0]["to"]["side"] == "opposing"


def test_a_reminder_with_another_meaning_is_not_read_as_the_keyword():
    raw = "Intimidate (When fielded, deal 3 damage to target character die.)"
    line = Line(text="Intimidate", raw=raw, kind="ability", card_name="Superman")
    assert set_keyword(line) is None
    raw = "Attune (While this character is active, when you use an action die, gain 1 life.)"
    assert set_keyword(Line(text="Attune", raw=raw, kind="ability")) is None


BAG = ("P1 die SK5 bag", "P1 die SK6 bag", "P1 die SK7 bag", "P1 die SK8 bag")


def _swarm_turn(key: str, first_die: str, drawn: str):
    """P2 ends its turn; P1's Clear and Draw draws `drawn`: where P1's turn waits then."""
    cards = real_cards(key, "Swarm")
    setup = scene(key, f"P1 die {key}#1 {first_die}", f"P1 die {key}#2 bag", *BAG, active="P2")
    return cards, setup + f"P2 end\nP1 draw {drawn}\n"


@pytest.mark.parametrize("key", ["20bfu", "8ki"])  # bare, reminder ('Draw Set [sic]')
def test_real_swarm_draws_and_rolls_an_extra_die(key):
    cards, log = _swarm_turn(key, "field L1", f"{key}#2 SK5 SK6 SK7")
    pending = run(cards, log).final.pending
    assert pending.kind == "draw" and pending.count == 1  # the extra die
    state = run(cards, log + "P1 draw SK8\n").final
    assert state.die("P1:SK8").zone == Zone.PREP
    assert state.pending.kind == "roll" and "P1:SK8" in state.pending.options  # rolled too


def test_real_swarm_needs_the_card_active_and_its_die_drawn():
    cards, log = _swarm_turn("20bfu", "used", "20bfu#2 SK5 SK6 SK7")
    pending = run(cards, log).final.pending
    assert pending.kind == "roll" and len(pending.options) == 4  # not active: no extra die
    cards, log = _swarm_turn("20bfu", "field L1", "SK5 SK6 SK7 SK8")
    pending = run(cards, log).final.pending
    assert pending.kind == "roll" and len(pending.options) == 4  # its die not drawn


def _infiltrate_attack(key: str, block: str):
    cards = real_cards(key, "Infiltrate")
    setup = scene(key, f"P1 die {key}#1 field L1", "P1 die 19sww#1 field L1", "P2 life 20")
    return cards, setup + f"P1 attack {key}#1 19sww#1\nP2 block {block}\n".replace(" \n", "\n")


@pytest.mark.parametrize("key", ["19sw", "3sw"])  # bare, reminder
@pytest.mark.parametrize("block", ["", "SK1>19sww#1"])  # no blocks; another attacker blocked
def test_real_infiltrate_an_unblocked_die_may_return_and_deal_1_damage(key, block):
    cards, log = _infiltrate_attack(key, block)
    assert run(cards, log).final.pending.kind == "may"
    state = run(cards, log + "P1 yes\n").final
    assert state.die(f"P1:{key}#1").zone == Zone.FIELD  # no longer attacking
    assert state.player("P2").life == 19
    kept = run(cards, log + "P1 no\n").final
    assert kept.die(f"P1:{key}#1").zone == Zone.ATTACK and kept.player("P2").life == 20


def test_real_infiltrate_does_nothing_for_a_blocked_die():
    cards, log = _infiltrate_attack("19sw", "SK1>19sw#1")
    state = run(cards, log).final
    assert state.pending is None  # no question: the die is blocked
    assert state.die("P1:19sw#1").zone == Zone.ATTACK and state.player("P2").life == 20


@pytest.mark.parametrize(
    ("key", "keyword"),
    [
        ("73fus", "Breath Weapon"),
    ],
)
def test_real_keywords_the_engine_does_not_play_stay_manual(key, keyword):
    result = compile_card(pool()[key])
    assert any(m.lstrip("* ").startswith(keyword) for m in result.manual_lines), (
        key,
        result.recognised,
    )
