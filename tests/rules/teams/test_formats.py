import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.teams.formats import (
    BASIC,
    BUILT_IN_FORMATS,
    DOUBLES,
    TEN_TEN,
    TOURNAMENT,
    DoublesLimits,
    Format,
    draft,
    rotation,
)


def test_built_in_limits():
    assert (TOURNAMENT.starting_life, TOURNAMENT.max_cards, TOURNAMENT.max_dice) == (20, 8, 20)
    assert (BASIC.starting_life, BASIC.max_cards, BASIC.max_dice) == (15, 6, 15)
    assert TOURNAMENT.basic_actions_required == BASIC.basic_actions_required == 2
    assert (TOURNAMENT.rule, BASIC.rule, DOUBLES.rule) == ("R2.1", "R2.3", "R2.5")
    assert (DOUBLES.starting_life, DOUBLES.max_cards, DOUBLES.max_dice) == (30, 8, None)
    assert DOUBLES.doubles == DoublesLimits(cards_per_partner=4, basic_actions_per_partner=1)
    assert TEN_TEN.one_card_per_set and TEN_TEN.max_cards == 8
    assert TOURNAMENT.legal_sets is None and TOURNAMENT.banned == frozenset()


def test_draft_has_n_dice_and_n_life_and_no_team_basic_actions():
    fmt = draft(12)
    assert (fmt.code, fmt.starting_life, fmt.max_dice, fmt.max_cards) == ("draft-12", 12, 12, None)
    assert (fmt.basic_actions_required, fmt.rule) == (0, "R2.4")


@pytest.mark.parametrize("limit", [7, 21, 0, -8])
def test_draft_limit_must_be_8_to_20(limit):
    with pytest.raises(ValueError, match="between 8 and 20"):
        draft(limit)


def test_rotation_keeps_base_limits_and_normalises_codes():
    modern = rotation("modern", "Modern Age", legal_sets=["AvX", " uxm"], banned=["1AVX"])
    assert (modern.max_cards, modern.max_dice, modern.rule) == (8, 20, "R2.1")
    assert modern.legal_sets == frozenset({"avx", "uxm"})
    assert modern.banned == frozenset({"1avx"})
    stricter = rotation("modern-b", "Modern B", banned=["2avx"], base=modern)
    assert stricter.legal_sets == modern.legal_sets
    assert stricter.banned == frozenset({"1avx", "2avx"})
    basic_ten = rotation("basic-ten", "Basic 10/10", base=BASIC, one_card_per_set=True)
    assert (basic_ten.max_cards, basic_ten.one_card_per_set) == (6, True)


@pytest.mark.parametrize("fmt", list(BUILT_IN_FORMATS.values()), ids=list(BUILT_IN_FORMATS))
def test_built_ins_round_trip_through_json(fmt):
    stored = json.loads(json.dumps(fmt.to_dict()))
    assert Format.from_dict(stored) == fmt


def test_to_dict_is_plain_and_sorted():
    fmt = rotation("modern", "Modern", legal_sets=["uxm", "avx"], banned=["3b", "1a"])
    assert fmt.to_dict() == {
        "code": "modern",
        "name": "Modern",
        "starting_life": 20,
        "max_cards": 8,
        "max_dice": 20,
        "basic_actions_required": 2,
        "rule": "R2.1",
        "doubles": None,
        "legal_sets": ["avx", "uxm"],
        "banned": ["1a", "3b"],
        "one_card_per_set": False,
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"surprise": 1}, "Unknown format field"),
        ({"starting_life": "20"}, "'starting_life' must be int"),
        ({"starting_life": True}, "'starting_life' must be int"),
        ({"max_dice": 2.5}, "'max_dice' must be int"),
        ({"legal_sets": "avx"}, "'legal_sets' must be a list"),
        ({"banned": [1]}, "'banned' must hold only strings"),
        ({"doubles": 4}, "'doubles' must be an object"),
        ({"doubles": {"cards": 4}}, "Unknown doubles field"),
        ({"one_card_per_set": "yes"}, "'one_card_per_set' must be bool"),
    ],
)
def test_from_dict_rejects_bad_data(change, message):
    with pytest.raises(ValueError, match=message):
        Format.from_dict({**TOURNAMENT.to_dict(), **change})


def test_from_dict_requires_the_limits():
    data = TOURNAMENT.to_dict()
    del data["max_dice"]
    with pytest.raises(ValueError, match="Missing format field"):
        Format.from_dict(data)


codes = st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=6)
formats = st.builds(
    Format,
    code=st.text(max_size=10),
    name=st.text(max_size=20),
    starting_life=st.integers(1, 40),
    max_cards=st.none() | st.integers(0, 12),
    max_dice=st.none() | st.integers(0, 40),
    basic_actions_required=st.integers(0, 4),
    rule=st.sampled_from(["R2.1", "R2.3", "R2.4", "R2.5"]),
    doubles=st.none() | st.builds(DoublesLimits, st.integers(0, 6), st.integers(0, 2)),
    legal_sets=st.none() | st.frozensets(codes, max_size=5),
    banned=st.frozensets(codes, max_size=5),
    one_card_per_set=st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(formats)
def test_any_format_round_trips_through_json(fmt):
    assert Format.from_dict(json.loads(json.dumps(fmt.to_dict()))) == fmt
