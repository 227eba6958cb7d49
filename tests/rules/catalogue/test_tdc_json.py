"""The Team Builder JSON reader, on small invented cards (no real card data)."""

import json
from pathlib import Path
from typing import Any

import pytest

from rules.catalogue import (
    CardFileError,
    CardFileErrors,
    EnergyFaceRecord,
    FaceRecord,
    parse_tdc_json,
    read_tdc_json,
)

SETS = [
    {"set": "ZZA", "set_group": "zza", "set_name": "Invented Set", "universe": "Test"},
    {"set": "ZZAop", "set_group": "zza", "set_name": "Invented Set", "universe": "Test"},
    {"set": "ZZB", "set_group": "zzb", "set_name": "Second Invented Set", "universe": "Test"},
]


def card(number: int = 1, set_code: str = "ZZA", **fields: Any) -> dict[str, Any]:
    values = {
        "tb_code": f"{number}{set_code.lower()}",
        "set": set_code,
        "number": number,
        "name": "Test Golem",
        "subtitle": "Clay Walker",
        "type": "character",
        "cost": 4,
        "energy": ["fist"],
        "affiliations": ["testers"],
        "max_dice": 4,
        "rarity": "common",
        "ability_lines": ["Gets a made-up bonus.", "* A made-up burst."],
        "global_lines": [],
        "keywords": [],
        "die_id": 1,
        "levels": [
            {"level": 1, "fielding": 0, "attack": 1, "defense": 2, "burst": 1},
            {"level": 2, "fielding": 1, "attack": 2, "defense": 3, "burst": 0},
            {"level": 3, "fielding": 2, "attack": 3, "defense": 4, "burst": 0},
        ],
        "stats_source": "set_key",
    }
    values.update(fields)
    return {name: value for name, value in values.items() if value is not ...}


def document(*cards: dict[str, Any], **top: Any) -> str:
    return json.dumps({"meta": {}, "sets": SETS, "cards": list(cards), **top})


def read_errors(text: str) -> tuple[CardFileError, ...]:
    with pytest.raises(CardFileErrors) as raised:
        parse_tdc_json(text, "cards.json")
    return raised.value.errors


def test_reads_a_card_with_all_fields():
    catalogue = parse_tdc_json(document(card()), "cards.json")

    assert catalogue.format == "tdc_json"
    assert [s.code for s in catalogue.sets] == ["zza", "zzaop", "zzb"]
    (golem,) = catalogue.cards
    assert golem.key == "1zza"
    assert (golem.set_code, golem.number, golem.name, golem.subtitle) == (
        "zza",
        1,
        "Test Golem",
        "Clay Walker",
    )
    assert (golem.kind, golem.cost, golem.energy, golem.max_dice) == ("character", 4, ("fist",), 4)
    assert golem.rarity == "common"
    assert golem.ability_lines == ("Gets a made-up bonus.", "* A made-up burst.")
    assert golem.faces[0] == FaceRecord(level=1, fielding=0, attack=1, defense=2, bursts=1)
    assert golem.stats_trust == "set_key"
    assert golem.die_key == "zza:test-golem"
    assert "faces" in golem.provided and "die_key" in golem.provided


def test_absent_optional_fields_are_not_provided():
    minimal = {
        "tb_code": "2zza",
        "set": "ZZA",
        "number": 2,
        "name": "Bare Card",
        "type": "character_or_action",
        "rarity": "rare",
    }
    (bare,) = parse_tdc_json(json.dumps({"cards": [minimal]}), "cards.json").cards

    assert bare.provided == {"key", "set_code", "number", "name", "kind", "rarity"}
    assert bare.cost is None and bare.max_dice is None and bare.faces == ()


def test_without_a_sets_list_sets_come_from_the_cards():
    minimal = {
        "tb_code": "2zzaop",
        "set": "ZZAop",
        "set_group": "zza",
        "set_name": "Invented Set",
        "number": 2,
        "name": "Bare Card",
        "type": "action",
        "rarity": "promo",
    }
    catalogue = parse_tdc_json(json.dumps({"cards": [minimal]}), "cards.json")

    assert [(s.code, s.group, s.name) for s in catalogue.sets] == [("zzaop", "zza", "Invented Set")]


def test_a_basic_action_has_no_faces_and_no_type_label_as_subtitle():
    action = card(
        30,
        name="Made-Up Blast",
        subtitle="Basic Action Card",
        type="basic_action",
        energy=[],
        affiliations=[],
        max_dice=3,
        die_id=None,
        levels=None,
        stats_source=None,
    )
    (blast,) = parse_tdc_json(document(action), "cards.json").cards

    assert blast.subtitle == ""
    assert blast.faces == () and "faces" in blast.provided
    assert blast.die_key == "" and "die_key" in blast.provided


def test_op_cards_sharing_a_main_set_die_get_its_key():
    op_first = card(1, "ZZAop", name="Test Golem", subtitle="Promo", die_id=7)
    main = card(3, "ZZA", name="Test Golem", subtitle="Plain", die_id=7)
    own_die = card(2, "ZZAop", name="Test Golem", subtitle="Other Die", die_id=8)
    other_set = card(1, "ZZB", name="Test Golem", die_id=9)
    cards = parse_tdc_json(document(op_first, main, own_die, other_set), "x.json").cards_by_key()

    assert cards["1zzaop"].die_key == cards["3zza"].die_key == "zza:test-golem"
    assert cards["2zzaop"].die_key == "zzaop:test-golem"
    assert cards["1zzb"].die_key == "zzb:test-golem"


def test_name_keys_tell_same_named_dice_apart_and_clashes_get_a_suffix():
    first = card(1, name="Twin", name_key="Twin@A", die_id=1)
    second = card(2, name="Twin", name_key="Twin@B", die_id=2)
    third = card(3, name="Twin", name_key="Twin@A", die_id=3)
    cards = parse_tdc_json(document(first, second, third), "x.json").cards

    assert [c.die_key for c in cards] == ["zza:twin-a", "zza:twin-b", "zza:twin-a#2"]


def test_format_lists_are_normalised():
    lists = {"G": ["1ZZA", "ZZB"], "Q": ["ZZAop"]}
    catalogue = parse_tdc_json(document(card(), format_lists=lists), "cards.json")

    assert catalogue.format_lists == {
        "golden": {"name": "Golden Age bans", "excluded_sets": ["zzb"], "excluded_cards": ["1zza"]},
        "list_q": {"name": "List Q", "excluded_sets": ["zzaop"], "excluded_cards": []},
    }


def test_reads_from_a_path(tmp_path: Path):
    path = tmp_path / "cards.json"
    path.write_text(document(card()), encoding="utf-8")

    assert read_tdc_json(path).path == str(path)


def test_bad_json_gives_line_and_column():
    (error,) = read_errors('{\n  "cards": [\n    {"tb_code": "1zza",,}\n  ]\n}')

    assert error.path == "cards.json"
    assert (error.line, error.column) == (3, 24)
    assert "invalid JSON" in error.message


@pytest.mark.parametrize("text", ["", "   \n\t"])
def test_an_empty_file_is_an_error(text: str):
    (error,) = read_errors(text)

    assert error.message == "the file is empty"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "expected a JSON object with a 'cards' list"),
        ('{"sets": []}', "expected a JSON object with a 'cards' list"),
        ('{"cards": {}}', "'cards' must be a list"),
        ('{"cards": []}', "the file has no cards"),
    ],
)
def test_the_top_level_must_hold_cards(text: str, message: str):
    (error,) = read_errors(text)

    assert error.message.startswith(message)


def test_a_missing_required_field_names_the_card_and_field():
    (error,) = read_errors(document(card(name=...)))

    assert (error.path, error.record, error.field) == ("cards.json", "1zza", "name")
    assert error.message == "this field is required"


def test_a_card_without_a_key_is_named_by_its_position():
    (error,) = read_errors(document(card(1), card(2, tb_code=...)))

    assert (error.record, error.field, error.unit) == (2, "tb_code", "card")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("cost", "four", "expected a whole number, got 'four'"),
        ("cost", -1, "expected a whole number at least 0, got -1"),
        ("cost", 4.5, "expected a whole number, got 4.5"),
        ("max_dice", True, "expected a whole number, got true"),
        ("number", 0, "expected a whole number at least 1, got 0"),
        ("name", 7, "expected text, got 7"),
        ("subtitle", ["x"], 'expected text, got ["x"]'),
        ("affiliations", "testers", "expected a list of text, got 'testers'"),
        ("ability_lines", [1], "expected a list of text, got [1]"),
        ("energy", ["fist", "wind"], "unknown energy type 'wind'"),
        ("energy", ["fist", "fist"], "an energy type is listed twice"),
        ("type", "monster", "unknown card type 'monster'"),
        ("rarity", "legendary", "unknown rarity 'legendary'"),
        ("levels", "012", "expected a list of up to 6 faces"),
        ("die_id", "one", "expected a whole number, got 'one'"),
        ("stats_source", 3, "expected text, got 3"),
    ],
)
def test_wrong_types_and_values_name_the_field(field: str, value: Any, message: str):
    raw = card(**{field: value})
    (error,) = read_errors(document(raw))

    assert (error.record, error.field) == (raw["tb_code"], field)
    assert error.message.startswith(message)


def test_a_bad_face_names_the_level_and_stat():
    levels = [
        {"level": 1, "fielding": 0, "attack": 1, "defense": 2, "burst": 0},
        {"level": 2, "fielding": 1, "attack": "lots", "defense": 3, "burst": 0},
    ]
    (error,) = read_errors(document(card(levels=levels)))

    assert error.field == "levels[2].attack"


@pytest.mark.parametrize(
    ("face", "field", "message"),
    [
        (
            {"level": 1, "fielding": 0, "attack": 1, "defense": 2, "burst": 3},
            "levels[1].burst",
            "expected a whole number from 0 to 2, got 3",
        ),
        (
            {"level": 2, "fielding": 0, "attack": 1, "defense": 2, "burst": 0},
            "levels[1].level",
            "expected level 1, got 2",
        ),
        (
            {"level": 1, "fielding": 0, "attack": 1, "burst": 0},
            "levels[1].defense",
            "this field is required",
        ),
    ],
)
def test_face_values_are_checked(face: dict[str, Any], field: str, message: str):
    (error,) = read_errors(document(card(levels=[face])))

    assert (error.field, error.message) == (field, message)


def test_energy_faces_are_read_where_a_file_has_them():
    faces = [
        {"symbols": ["fist"]},
        {"symbols": ["fist", "bolt"], "bursts": 1},
        {"symbols": ["wild"]},
        {"generic": 2, "bursts": 2},
    ]
    (record,) = parse_tdc_json(document(card(energy_faces=faces)), "cards.json").cards

    assert "energy_faces" in record.provided
    assert record.energy_faces == (
        EnergyFaceRecord(symbols=("fist",)),
        EnergyFaceRecord(symbols=("fist", "bolt"), bursts=1),
        EnergyFaceRecord(symbols=("wild",)),
        EnergyFaceRecord(generic=2, bursts=2),
    )
    (plain,) = parse_tdc_json(document(card()), "cards.json").cards
    assert "energy_faces" not in plain.provided and plain.energy_faces == ()


@pytest.mark.parametrize(
    ("faces", "field", "message"),
    [
        ("fist", "energy_faces", "expected a list of up to 6 faces, got 'fist'"),
        (
            [{"symbols": ["fist"], "generic": 1}],
            "energy_faces[1]",
            "a face has either symbols or a generic amount",
        ),
        (
            [{"symbols": ["fist", "bolt", "mask"]}],
            "energy_faces[1].symbols",
            'expected one or two of fist, bolt, mask, shield, wild, got ["fist", "bolt", "mask"]',
        ),
        (
            [{"symbols": ["heart"]}],
            "energy_faces[1].symbols",
            'expected one or two of fist, bolt, mask, shield, wild, got ["heart"]',
        ),
        (
            [{"generic": 0}],
            "energy_faces[1].generic",
            "expected a whole number from 1 to 9, got 0",
        ),
        (
            [{"generic": 1, "bursts": 3}],
            "energy_faces[1].bursts",
            "expected a whole number from 0 to 2, got 3",
        ),
        (
            [{"generic": 1, "colour": "red"}],
            "energy_faces[1]",
            'expected an object with symbols or generic (and bursts), got {"generic": 1, '
            '"colour": "red"}',
        ),
    ],
)
def test_bad_energy_faces_name_the_face_and_field(faces: Any, field: str, message: str):
    (error,) = read_errors(document(card(energy_faces=faces)))

    assert (error.field, error.message) == (field, message)


def test_the_key_must_match_number_and_set():
    (error,) = read_errors(document(card(tb_code="2zza")))

    assert error.field == "tb_code"
    assert "does not match number 1" in error.message


def test_a_set_missing_from_the_sets_list_is_an_error():
    (error,) = read_errors(document(card(1, "QQQ")))

    assert (error.field, error.message) == ("set", "set 'QQQ' is not in the file's sets list")


def test_a_set_group_disagreeing_with_the_sets_list_is_an_error():
    (error,) = read_errors(document(card(set_group="zzb")))

    assert error.field == "set_group"


def test_a_duplicate_key_in_one_file_is_an_error():
    (error,) = read_errors(document(card(1), card(2), card(1, name="Copy Golem")))

    assert (error.record, error.field, error.label) == ("1zza", "tb_code", "Copy Golem")
    assert "card 1 has it too" in error.message


def test_every_problem_of_the_file_is_reported_at_once():
    with pytest.raises(CardFileErrors) as raised:
        parse_tdc_json(document(card(1, cost="x"), card(2), card(3, energy=["air"])), "c.json")

    assert [(e.record, e.field) for e in raised.value.errors] == [
        ("1zza", "cost"),
        ("3zza", "energy"),
    ]


def test_more_than_fifty_problems_are_counted_but_not_all_listed():
    cards = [card(number, cost="x") for number in range(1, 61)]

    with pytest.raises(CardFileErrors) as raised:
        parse_tdc_json(document(*cards), "c.json")

    assert len(raised.value.errors) == 50
    assert raised.value.total == 60
    assert str(raised.value).endswith("... and 10 more")


@pytest.mark.parametrize(
    ("sets", "field"),
    [
        ({"set": "ZZA"}, "sets"),
        ([{"set": "ZZA", "set_group": "zza"}], "set_name"),
        ([{"set": 5, "set_group": "zza", "set_name": "x"}], "set"),
    ],
)
def test_bad_set_entries_are_errors(sets: Any, field: str):
    errors = read_errors(json.dumps({"sets": sets, "cards": [card()]}))

    assert errors[0].field == field


def test_a_format_list_entry_must_be_a_set_or_a_card():
    errors = read_errors(document(card(), format_lists={"G": ["Nowhere Set"], "M": "ZZA"}))

    assert [(e.field, e.message) for e in errors] == [
        ("format_lists.G", "'Nowhere Set' is neither a known set code nor a card key"),
        ("format_lists.M", "expected a list of set codes and card keys, got 'ZZA'"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"cards": [' + "1" * 5000 + "]}",
        '{"cards": [NaN]}',
        '{"cards": [{"tb_code": "\\ud800"}]}',
    ],
)
def test_pathological_json_is_a_card_file_error(text: str):
    with pytest.raises(CardFileError):
        parse_tdc_json(text, "c.json")


def test_a_continuous_card_without_die_stats_is_an_action_card():
    # Only action dice are continuous (R9.3); an action die's faces carry no numbers (R1.3).
    relic = card(
        7,
        name="Test Relic",
        type="character_or_action",
        affiliations=[],
        max_dice=1,
        ability_lines=["Continuous: <em>(made up)</em> Send a made-up die to the Used Pile."],
        levels=None,
        stats_source=None,
    )
    (read,) = parse_tdc_json(document(relic), "cards.json").cards

    assert read.kind == "action" and read.faces == () and read.energy == ("fist",)
    assert {"kind", "faces"} <= read.provided and "energy_faces" not in read.provided


def test_a_card_without_die_stats_or_other_evidence_stays_character_or_action():
    unplaced = card(
        8,
        type="character_or_action",
        ability_lines=["When fielded, a made-up effect. Not continuous: just text."],
        levels=None,
        stats_source=None,
    )
    (read,) = parse_tdc_json(document(unplaced), "cards.json").cards

    assert read.kind == "character_or_action" and "faces" not in read.provided
