"""Acceptance (issue 8): the rulebooks' worked examples that entered card effects as judge
adjustments (tests/rules/engine/test_rulebook_examples.py, kept as they are) run again with
the demo cards' automation instead, and give the same results. Each adjustment is replaced
by the answers the automated effect asks for."""

import pytest

from rules.engine import Zone, format_action, query
from tests.rules.abilities.scenario import demo_cards_automated
from tests.rules.engine import test_rulebook_examples as examples
from tests.rules.engine.helpers import events, legal


@pytest.fixture(scope="module")
def cards():
    return demo_cards_automated()


def automated(log: str, replacements: list[tuple[str, str]]) -> str:
    """The log with each judge adjustment block replaced; every block must be there."""
    for old, new in replacements:
        assert old in log, f"the example no longer has: {old!r}"
        log = log.replace(old, new, 1)
    left = [line for line in log.splitlines() if line.startswith("judge ")]
    assert not left, f"judge adjustments left in the automated log: {left}"
    return log


EXAMPLE_OF_PLAY = automated(
    examples.EXAMPLE_OF_PLAY,
    [
        (
            "judge ko P1:SK1 -- Cheetah: Goddess of the Hunt, when fielded\n"
            "judge draw P2 SK3 -- Cheetah: Goddess of the Hunt, when fielded\n",
            "P2 choose P1:SK1\nP2 draw SK3\n",
        ),
        (
            "judge ko P1:SK2 -- Cheetah: Goddess of the Hunt, when fielded\n"
            "judge draw P2 SK4 -- Cheetah: Goddess of the Hunt, when fielded\n",
            "P2 choose P1:SK2\nP2 draw SK4\n",
        ),
    ],
)


def test_example_of_play_with_cheetah_automated(cards):
    replay = legal(cards, EXAMPLE_OF_PLAY)
    final = replay.final
    assert (final.player("P1").life, final.player("P2").life) == (5, 10)
    text = events(replay.steps[-1])
    assert "P1:22sww#1 took 4 damage from P2:5sww#1 (4 on D 5)" in text
    assert "P2:5sww#1 took 3 damage from P1:22sww#1 (3 on D 2)" in text
    assert final.die("P2:5sww#1").zone == Zone.PREP
    assert final.die("P1:22sww#1").zone == Zone.FIELD and final.die("P1:22sww#1").damage == 0
    assert final.die("P2:5sww#2").zone == Zone.USED
    assert {d.id for d in final.zone("P1", Zone.PREP)} == {"P1:SK1", "P1:SK2"}
    assert final.active == "P1" and final.pending.kind == "draw"
    assert {d.id for d in final.zone("P2", Zone.PREP)} == {"P2:5sww#1", "P2:SK3", "P2:SK4"}
    assert not [s for s in replay.steps if s.manual]  # nothing entered by hand any more
    fielded = [s for s in replay.steps if format_action(s.action) == "P2 field 5sww#1 pay SK1"]
    assert "Cheetah: Goddess of the Hunt" in events(fielded[0])


FIRST_GAME = automated(
    examples.FIRST_GAME,
    [
        (
            "judge damage P1:SK8 1 -- Reckless Melee\n"
            "judge damage P2:SK6 1 -- Reckless Melee\n"
            "judge damage P2:SK7 1 -- Reckless Melee\n"
            "judge damage P2:SK8 1 -- Reckless Melee\n",
            "",
        )
    ],
)


def test_uncanny_x_men_first_game_with_reckless_melee_automated(cards):
    replay = legal(cards, FIRST_GAME)
    at = {s.line: s for s in replay.steps}
    lines = FIRST_GAME.splitlines()
    melee = at[lines.index("P1 use BA:30uxm#1") + 1].after
    assert {d.id for d in melee.zone("P2", Zone.PREP)} == {"P2:SK6", "P2:SK7", "P2:SK8"}
    assert [d.id for d in melee.zone("P1", Zone.PREP)] == ["P1:SK8"]
    final = replay.final
    assert final.player("P1").life == 7 and final.player("P2").life == 10
    attackers = final.zone("P1", Zone.ATTACK)
    assert sum(query.attack(final, cards, d).value for d in attackers) == 4
    assert not [s for s in replay.steps if s.manual]


DETAILED_COMBAT = automated(
    examples.DETAILED_COMBAT,
    [
        (
            "judge face P2:SK1 bolt -- Iceman: Too Cool for Words, global\n"
            "judge face P2:SK2 bolt -- Iceman: Too Cool for Words, global\n",
            "P2 choose SK1 SK2\n",
        ),
        (
            "judge spin P1:21uxm#1 up -- Enrage\njudge keyword P1:21uxm#1 must_attack -- Enrage\n",
            "P1 choose 21uxm#1\n",
        ),
    ],
)


def test_uncanny_x_men_detailed_combat_with_every_card_automated(cards):
    """Angel: Inspiring, Iceman (ability and global), Enrage and Juggernaut all automated by
    the demo catalogue's own encodings and scripts."""
    replay = legal(cards, DETAILED_COMBAT)

    def before(text, occurrence=1):
        found = [s for s in replay.steps if format_action(s.action) == text]
        return found[occurrence - 1].before

    state = before("P1 pass")
    stat = query.attack(state, cards, state.die("P1:SK1"))
    assert stat.value == 2 and "+1 (Angel: Inspiring)" in stat.explain()
    state = before("P2 activate 9uxm#1 pay SK1")
    assert state.die("P2:SK1").zone == Zone.RESERVE and "blocked" in state.die("P1:2uxm#1").flags
    assert state.die("P1:2uxm#1").zone == Zone.ATTACK and state.die("P2:SK1").blocking is None
    state = before("P1 use BA:26uxm#1")
    doubled = [query.attack(state, cards, state.die(f"P2:9uxm#{n}")).value for n in (1, 2)]
    assert doubled == [4, 6]
    state = before("P2 pass")
    assert query.attack(state, cards, state.die("P1:21uxm#1")).value == 4
    assert "must_attack" in state.die("P1:21uxm#1").keywords
    final = replay.final
    assert final.player("P2").life == 16
    assert {d.id for d in final.zone("P2", Zone.PREP)} == {"P2:9uxm#1", "P2:9uxm#2"}
    assert final.die("P1:10uxm#1").zone == Zone.PREP
    assert final.die("P1:10uxm#2").zone == Zone.FIELD
    assert final.die("P1:SK1").zone == Zone.USED
    assert final.die("P2:18uxm#1").zone == Zone.FIELD
    assert final.die("P1:2uxm#1").zone == Zone.FIELD and final.die("P1:SK2").zone == Zone.FIELD
    assert final.die("P1:21uxm#1").zone == Zone.USED
    assert not [s for s in replay.steps if s.manual]


def test_magneto_hellfire_hits_once_for_a_refilling_draw(cards):
    """The tournament rules' Magneto example, with the demo's own Magneto automation."""
    text = (
        examples.header_with("P2 team 76uxm:2 basic 34sww 32sww")
        + """\
board turn 5 active P1 step clear_and_draw
P2 die 76uxm#1 field L1
P1 die SK3 used
P1 die SK4 used
P1 die SK5 used
P1 die SK6 used
P1 die SK7 field L1
P1 die SK8 field L1
P1 draw SK1 SK2 SK3 SK4
"""
    )
    assert legal(cards, text).final.player("P1").life == 18


def test_iceman_doubles_each_die_once_per_bolt(cards):
    """The tournament rules' Iceman example (per die), with the demo's own Iceman script."""
    dice = (
        "P1 die 9uxm#1 field L1\nP1 die 9uxm#2 field L2\n"
        "P1 die SK1 reserve bolt\nP1 die SK2 reserve bolt\n"
    )
    text = examples.header().replace("P1 team 19sww:4 22sww:4", "P1 team 9uxm:4 22sww:4")
    text += "board turn 5 active P1 step main\n" + dice
    state = legal(cards, text + "P1 activate 9uxm#1 pay SK1\nP1 activate 9uxm#2 pay SK2\n").final
    values = [query.attack(state, cards, state.die(f"P1:9uxm#{n}")).value for n in (1, 2)]
    assert values == [4, 6]


def test_cheetah_feline_fury_counts_the_opposing_field_and_attack_zone(cards):
    """The DC starter's Feline Fury example, with the demo's own encoding (a count selector
    through the stat query layer)."""
    text = (
        examples.header_with("P2 team 4sww:2 basic 34sww 32sww")
        + """\
board turn 5 active P1 step main
P1 die 22sww#1 field L1
P1 die 22sww#2 field L2
P1 die 19sww#1 field L1
P1 die 19sww#2 reserve L1
P1 die SK1 field L1
P1 die SK2 reserve fist
P2 die 4sww#1 field L1
"""
    )
    state = legal(cards, text).final
    cheetah = state.die("P2:4sww#1")
    assert query.attack(state, cards, cheetah).value == 4 + 3
    assert query.defense(state, cards, cheetah).value == 2 + 3
    state = legal(cards, text + "P1 attack 22sww#1\n").final  # the Attack Zone counts too
    assert query.attack(state, cards, state.die("P2:4sww#1")).value == 7
