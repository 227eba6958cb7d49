"""The judge adjustment form writes one `judge` line the engine reads back (J1)."""

import pytest

from judging.adjustments import KINDS, AdjustmentError, adjustment_line
from rules.engine import JudgeAdjust, parse_action
from tests.rules.engine.conftest import demo_cards


@pytest.fixture(scope="module")
def cards():
    return demo_cards()


@pytest.mark.parametrize(
    ("values", "line"),
    [
        ({"kind": "move", "die": "P1:SK1", "zone": "prep"}, "judge move P1:SK1 prep"),
        (
            {"kind": "move", "die": "BA:34sww#1", "zone": "used", "player": "P2"},
            "judge move BA:34sww#1 used for P2",
        ),
        ({"kind": "face", "die": "P1:19sww#1", "face": "L2"}, "judge face P1:19sww#1 L2"),
        ({"kind": "reroll", "die": "P1:SK2", "face": "wild"}, "judge reroll P1:SK2 wild"),
        ({"kind": "damage", "die": "P2:5sww#1", "amount": "2"}, "judge damage P2:5sww#1 +2"),
        ({"kind": "life", "player": "P1", "amount": "-3"}, "judge life P1 -3"),
        ({"kind": "energy", "player": "P2", "amount": "1"}, "judge energy P2 +1"),
        (
            {"kind": "modifier", "die": "P2:5sww#1", "attack": "+1", "defense": "-2"},
            "judge modifier P2:5sww#1 +1A-2D",
        ),
        ({"kind": "modifier", "die": "P2:5sww#1", "defense": "3"}, "judge modifier P2:5sww#1 +3D"),
        ({"kind": "spin", "die": "P1:22sww#1", "amount": "-1"}, "judge spin P1:22sww#1 down 1"),
        ({"kind": "ko", "die": "P1:SK1"}, "judge ko P1:SK1"),
        ({"kind": "prep", "die": "P1:SK1"}, "judge prep P1:SK1"),
        ({"kind": "release", "die": "P1:SK1"}, "judge release P1:SK1"),
        (
            {"kind": "keyword", "die": "P1:SK1", "keyword": "overcrush"},
            "judge keyword P1:SK1 overcrush",
        ),
        ({"kind": "draw", "player": "P1", "dice": "SK3  SK4"}, "judge draw P1 SK3 SK4"),
        (
            {"kind": "capture", "die": "P1:SK1", "other": "P2:5sww#1"},
            "judge capture P1:SK1 by P2:5sww#1",
        ),
        (
            {"kind": "control", "die": "P1:SK1", "other": "P2:5sww#1"},
            "judge control P1:SK1 by P2:5sww#1",
        ),
        (
            {"kind": "copy", "die": "P1:SK1", "mode": "stats", "other": "P2:5sww#1"},
            "judge copy P1:SK1 stats P2:5sww#1",
        ),
        ({"kind": "swap", "die": "P1:SK1", "other": "P1:SK2"}, "judge swap P1:SK1 P1:SK2"),
        (
            {"kind": "attach", "die": "P1:SK1", "other": "P1:22sww#1"},
            "judge attach P1:SK1 to P1:22sww#1",
        ),
        ({"kind": "detach", "die": "P1:SK1"}, "judge detach P1:SK1"),
        (
            {"kind": "pair", "die": "P1:19sww#1", "other": "P1:22sww#1"},
            "judge pair P1:19sww#1 with P1:22sww#1",
        ),
        ({"kind": "unpair", "die": "P1:19sww#1"}, "judge unpair P1:19sww#1"),
        (
            {"kind": "token", "player": "P1", "attack": "2", "defense": "3", "name": "Drone"},
            "judge token P1 2/3 Drone",
        ),
    ],
)
def test_each_adjustment_becomes_the_line_the_engine_reads(cards, values, line):
    assert adjustment_line(values, cards) == line
    assert isinstance(parse_action(line, cards), JudgeAdjust)


def test_every_kind_the_engine_knows_has_a_form():
    from rules.engine.notation.judge import _JUDGE_SYNTAX

    assert set(KINDS) == set(_JUDGE_SYNTAX)


def test_a_note_says_which_card_the_adjustment_stands_for(cards):
    line = adjustment_line(
        {"kind": "ko", "die": "P1:SK1", "note": "  Cheetah:   when fielded "}, cards
    )
    assert line == "judge ko P1:SK1 -- Cheetah: when fielded"


@pytest.mark.parametrize(
    ("values", "field", "words"),
    [
        ({"kind": "teleport"}, "kind", "Choose an adjustment"),
        ({"kind": "ko"}, "die", "Give the die"),
        ({"kind": "ko", "die": "SK1"}, "die", "name the die with its player"),
        ({"kind": "life", "player": "P1", "amount": "two"}, "amount", "whole number"),
        ({"kind": "life", "player": "P3", "amount": "1"}, "player", "expected P1 or P2"),
        ({"kind": "move", "die": "P1:SK1", "zone": "moon"}, "zone", "expected a zone"),
        ({"kind": "face", "die": "P1:SK1", "face": "L3"}, "face", "no level 3 face"),
        ({"kind": "modifier", "die": "P1:SK1"}, "attack", "change to A"),
        ({"kind": "spin", "die": "P1:SK1", "amount": "0"}, "amount", "levels"),
        ({"kind": "pair", "die": "P1:19sww#1", "other": "22sww#1"}, "other", "with its player"),
    ],
)
def test_a_wrong_field_is_named_with_what_is_expected(cards, values, field, words):
    with pytest.raises(AdjustmentError) as error:
        adjustment_line(values, cards)
    assert error.value.field == field
    assert words in str(error.value)
