import json

import pytest

from rules.teams.teambuilder_data import (
    CARDDATA_ENV_VAR,
    card_from_teambuilder_record,
    load_teambuilder_cards,
    locate_teambuilder_file,
)

INVENTED_RECORDS = [
    {
        "tb_code": "7qx",
        "set": "QX",
        "set_name": "Quixotic Expanse",
        "number": 7,
        "name": "Windmill Knight",
        "subtitle": "Tilting",
        "type": "character",
        "cost": 4,
        "max_dice": 3,
    },
    {
        "tb_code": "8qxop",
        "set": "QXop",
        "set_name": "Quixotic Expanse",
        "number": 8,
        "name": "Charge!",
        "subtitle": "Basic Action Card",
        "type": "basic_action",
        "cost": 2,
        "max_dice": 3,
    },
]


def test_record_becomes_card_info():
    card = card_from_teambuilder_record(INVENTED_RECORDS[0])
    assert (card.key, card.set_code, card.number, card.kind) == ("7qx", "qx", 7, "character")
    assert (card.name, card.subtitle, card.max_dice, card.cost) == (
        "Windmill Knight",
        "Tilting",
        3,
        4,
    )


def test_basic_action_loses_its_type_label_subtitle():
    card = card_from_teambuilder_record(INVENTED_RECORDS[1])
    assert (card.key, card.set_code, card.kind, card.subtitle) == (
        "8qxop",
        "qxop",
        "basic_action",
        "",
    )


def test_unknown_type_is_rejected():
    with pytest.raises(ValueError, match="unknown type"):
        card_from_teambuilder_record({**INVENTED_RECORDS[0], "type": "sidekick"})


def test_load_and_locate_through_the_environment(tmp_path, monkeypatch):
    path = tmp_path / "tdc-teambuilder-cards.json"
    path.write_text(json.dumps({"cards": INVENTED_RECORDS}), encoding="utf-8")
    monkeypatch.setenv(CARDDATA_ENV_VAR, str(tmp_path))
    assert locate_teambuilder_file(tmp_path / "repo") == path
    monkeypatch.setenv(CARDDATA_ENV_VAR, str(path))
    assert locate_teambuilder_file(tmp_path / "repo") == path
    index = load_teambuilder_cards(path)
    assert [card.key for card in index] == ["7qx", "8qxop"]


def test_locate_returns_none_when_nothing_is_there(tmp_path, monkeypatch):
    monkeypatch.setenv(CARDDATA_ENV_VAR, str(tmp_path / "missing"))
    assert locate_teambuilder_file(tmp_path / "repo") is None
