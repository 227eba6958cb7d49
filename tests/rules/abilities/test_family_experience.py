"""Template family `experience`: Regenerate, bare or with the reminder the cards print,
played through the engine. Real lines are read from the card file by key at test time (their
text is never copied here)."""

import pytest

from rules.abilities import compile_card, describe
from rules.abilities.templates import Line
from rules.abilities.templates.experience import regenerate
from rules.engine import Zone
from tests.rules.abilities.real_cards import pool, real_cards, real_compiled, scene, whole_card
from tests.rules.abilities.scenario import compiled_cards
from tests.rules.engine.helpers import refused, run

TROLL = "19bff"  # 3A 3D / 4A 3D / 5A 5D, Regenerate with the 'knocked out' reminder
ATTACK_KOD = f"P1 attack {TROLL}#1\nP2 block 19sww#1>{TROLL}#1\nP1 damage\n"  # Superman 4A


# -- recognition -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "key",
    [
        "19bff",  # '(reroll when knocked out)' in tags
        "3smc",  # "(Reroll when KO'd)" in tags
        "44msw",  # "(Reroll when KO'd)"
        "4ki",  # "(Reroll when KO'd.)"
        "15xmf",  # a full stop after the bracket
        "7jl",  # the reminder after a dash
        "23tmnt",  # bare
        "2m2017",  # bare
    ],
)
def test_real_regenerate_lines_are_the_keyword(key):
    _, result = real_compiled(key, "Regenerate")
    assert result.status == "automated", result.manual_lines
    assert result.encoding["keywords"] == ["regenerate"]
    text = describe(result.encoding)
    assert "Regenerate: when one of its dice is KO'd, its owner rerolls it" in text


def test_a_regenerate_reminder_saying_something_else_declines():
    raw = "Regenerate (Reroll when fielded.)"
    assert regenerate(Line(text="Regenerate", raw=raw, kind="ability")) is None
    assert regenerate(Line(text="Regenerate", raw="Regenerate", kind="ability")).keywords == (
        "regenerate",
    )


@pytest.mark.parametrize(
    ("key", "start"),
    [
        ("31bat", "While Batman"),  # Regenerate granted by another card
        ("130asm", "Aftershock"),  # paying to use it, and what a success does
        ("70asm", "If Spider-Woman"),  # what a failure does
        ("34xfc", "When Storm"),  # a reroll 'as if she had Regenerate'
    ],
)
def test_lines_about_regenerating_stay_manual(key, start):
    record, result = real_compiled(key, start)
    assert result.status != "automated"
    assert result.manual_lines


def test_a_card_with_another_manual_line_keeps_it_manual():
    result = compile_card(pool()["54xmf"])  # Regenerate, and a price to use it
    assert result.status != "automated"
    assert "regenerate" in result.encoding["keywords"]


# -- playing it --------------------------------------------------------------------------------
def test_troll_kod_in_combat_regenerates_on_a_character_face():
    cards = real_cards(TROLL, "Regenerate")
    setup = scene(TROLL, f"P1 die {TROLL}#1 field L1")
    pending = run(cards, setup + ATTACK_KOD).final
    assert pending.die(f"P1:{TROLL}#1").zone == Zone.PREP  # KO'd first (R11.5) ...
    assert pending.pending.kind == "roll" and pending.pending.player == "P1"  # ... then rerolled
    state = run(cards, setup + ATTACK_KOD + f"P1 roll {TROLL}#1=L3\n").final
    troll = state.die(f"P1:{TROLL}#1")
    assert troll.zone == Zone.FIELD  # the Field Zone, not the Attack Zone (T5.1)
    assert troll.level == 3 and troll.damage == 0 and troll.blocking is None
    assert state.die("P2:19sww#1").zone != Zone.PREP  # the blocker took only 3 damage


def test_troll_regenerating_at_level_1_is_back_at_level_1():
    cards = real_cards(TROLL, "Regenerate")
    setup = scene(TROLL, f"P1 die {TROLL}#1 field L2")
    state = run(cards, setup + ATTACK_KOD + f"P1 roll {TROLL}#1=L1\n").final
    assert state.die(f"P1:{TROLL}#1").zone == Zone.FIELD
    assert state.die(f"P1:{TROLL}#1").level == 1


def test_troll_rerolled_to_an_energy_face_stays_kod():
    cards = real_cards(TROLL, "Regenerate")
    setup = scene(TROLL, f"P1 die {TROLL}#1 field L1")
    state = run(cards, setup + ATTACK_KOD + f"P1 roll {TROLL}#1=fist\n").final
    assert state.die(f"P1:{TROLL}#1").zone == Zone.PREP
    assert state.pending is None or state.pending.kind != "roll"


def test_a_face_the_die_does_not_have_is_refused():
    cards = real_cards(TROLL, "Regenerate")  # a [F] card: no mask face
    setup = scene(TROLL, f"P1 die {TROLL}#1 field L1")
    refused(cards, setup + ATTACK_KOD + f"P1 roll {TROLL}#1=mask\n", "R1.3")


def test_a_die_without_regenerate_is_not_rerolled():
    cards = real_cards(TROLL, "Regenerate")
    setup = scene(TROLL, f"P1 die {TROLL}#1 field L1", "P1 die SK5 field L1")
    log = "P1 attack SK5\nP2 block 19sww#1>SK5\nP1 damage\n"
    state = run(cards, setup + log).final
    assert state.die("P1:SK5").zone == Zone.PREP  # the Sidekick KO'd: nothing asks for a roll
    assert state.pending is None or state.pending.kind != "roll"
    assert state.die(f"P1:{TROLL}#1").zone == Zone.FIELD


def test_a_blocking_troll_regenerates_on_the_opponents_turn():
    cards = real_cards(TROLL, "Regenerate")
    setup = scene(TROLL, f"P1 die {TROLL}#1 field L1", active="P2")
    log = setup + f"P2 attack 19sww#1\nP1 block {TROLL}#1>19sww#1\nP2 damage\n"
    pending = run(cards, log).final
    assert pending.pending.kind == "roll" and pending.pending.player == "P1"  # its owner rolls
    state = run(cards, log + f"P1 roll {TROLL}#1=L2\n").final
    assert state.die(f"P1:{TROLL}#1").zone == Zone.FIELD
    assert state.die(f"P1:{TROLL}#1").level == 2


def test_a_ko_by_an_effect_regenerates_too():
    cards = real_cards(TROLL, "Regenerate")
    cards = compiled_cards(
        "19sww", ability_lines=["When fielded, KO target character die"], cards=cards
    )
    setup = scene(
        TROLL,
        f"P1 die {TROLL}#1 field L1",
        "P1 die 19sww#2 reserve L1",
        "P1 die SK5 reserve wild",
    )
    field = f"P1 field 19sww#2 pay SK5\nP1 choose P1:{TROLL}#1\n"
    state = run(cards, setup + field + f"P1 roll {TROLL}#1=L2\n").final
    assert state.die(f"P1:{TROLL}#1").zone == Zone.FIELD
    assert state.die(f"P1:{TROLL}#1").level == 2


def test_regenerating_is_not_fielding():
    cards = whole_card("88ig")  # Regenerate, and 'When fielded, take control of ...'
    setup = scene("88ig", "P1 die 88ig#1 field L1")
    log = "P1 attack 88ig#1\nP2 block 19sww#1>88ig#1\nP1 damage\n"
    state = run(cards, setup + log).final
    assert state.die("P1:88ig#1").zone == Zone.PREP
    state = run(cards, setup + log + "P1 roll 88ig#1=L1\n").final
    assert state.die("P1:88ig#1").zone == Zone.FIELD
    assert state.pending is None or state.pending.kind != "choose"  # no 'when fielded' (R8.2)
    assert all(d.controller == d.owner for d in state.dice)
