"""Underdog (family `ability_words`), on cards printing its reminder text: the ability works
only while the opponent has more character dice in their Field Zone than the holder. Real
cards played on P1's Superman (19sww, 4/6 at L1)."""

from rules.abilities.describe import describe
from rules.engine import Zone, query
from tests.rules.abilities.long_tail import compiled_real, real_cards
from tests.rules.abilities.scenario import board, play


def _stats(cards, *lines):
    state = play(cards, board("P1 die 19sww#1 field L1", *lines)).final
    die = state.die("P1:19sww#1")
    return query.attack(state, cards, die).value, query.defense(state, cards, die).value


def test_underdog_self_bonus_spider_man_16asm_spider_woman_20asm_daredevil_44asm():
    cards = real_cards("16asm")
    behind = ("P2 die SK1 field L1", "P2 die SK2 field L1")
    assert _stats(cards, *behind) == (5, 7)  # 1 die against 2
    assert _stats(cards, "P2 die SK1 field L1") == (4, 6)  # even: no bonus
    assert _stats(real_cards("20asm"), *behind) == (6, 6)  # the 'eﬂect' misprint too
    assert _stats(real_cards("44asm"), *behind) == (4, 8)
    assert "more character dice in their Field Zone" in describe(compiled_real("16asm").encoding)


def test_underdog_when_fielded_damage_68asm_only_when_behind():
    cards = real_cards("68asm")
    behind = board(
        "P1 die 19sww#1 reserve L1", "P1 die SK1 reserve shield", "P2 die 5sww#1 field L1",
        "P2 die SK1 field L1", "P2 die SK2 field L1",
    )  # fmt: skip
    state = play(cards, behind, "P1 field 19sww#1 pay SK1", "P1 yes", "P1 choose 5sww#1").final
    assert state.die("P2:5sww#1").zone == Zone.PREP
    level = board(
        "P1 die 19sww#1 reserve L1", "P1 die SK1 reserve shield", "P2 die 5sww#1 field L1",
    )  # fmt: skip
    state = play(cards, level, "P1 field 19sww#1 pay SK1").final  # 1 against 1: nothing
    assert state.die("P2:5sww#1").zone == Zone.FIELD


def test_underdog_without_its_reminder_text_stays_manual():
    # no reminder (compiled onto a demo card: no set printing it, see turn_globals); two names
    for key in ("79asm", "42asm"):
        assert compiled_real(key).status == "manual", key


def test_underdog_unblockable_14asm():
    # 'is unblockable' became a shared clause when the families merged: a static 'can't be
    # blocked' while the opponent has more character dice in the Field
    spec = compiled_real("14asm").encoding["abilities"][0]
    assert spec["if"] == {"test": "opponent_more_field_dice"}
    assert spec["effects"] == [{"do": "restrict", "action": "be_blocked", "to": {"pick": "this"}}]
