"""Format detection by content, and file-level problems."""

import json
from pathlib import Path

import pytest

from rules.catalogue import CardFileError, CardFileErrors, parse_catalogue, read_catalogue

INVENTED_JSON = json.dumps(
    {
        "cards": [
            {
                "tb_code": "3zzz",
                "set": "ZZZ",
                "number": 3,
                "name": "Test Golem",
                "type": "character_or_action",
                "rarity": "common",
            }
        ]
    }
)
INVENTED_TABLE = "Number|Set|Rarity|Title|SubTitle\n3|Uncanny X-Men|Common|Test Golem|Clay\n"


def test_a_json_object_is_read_as_team_builder_json(tmp_path: Path):
    path = tmp_path / "anything.txt"
    path.write_text("\n  " + INVENTED_JSON, encoding="utf-8")

    catalogue = read_catalogue(path)

    assert catalogue.format == "tdc_json"
    assert [card.key for card in catalogue.cards] == ["3zzz"]


def test_a_pipe_header_is_read_as_an_xdm_table(tmp_path: Path):
    path = tmp_path / "anything.json"
    path.write_text(INVENTED_TABLE, encoding="utf-8")

    catalogue = read_catalogue(path)

    assert catalogue.format == "xdm_table"
    assert [card.key for card in catalogue.cards] == ["3uxm"]


def test_a_byte_order_mark_is_ignored(tmp_path: Path):
    path = tmp_path / "ma.txt"
    path.write_bytes(b"\xef\xbb\xbf" + INVENTED_TABLE.encode())

    assert read_catalogue(path).cards[0].name == "Test Golem"


@pytest.mark.parametrize("text", ["Just some prose.\nNo cards here.", "<html></html>", "42"])
def test_anything_else_is_an_unknown_format(text: str):
    with pytest.raises(CardFileErrors) as raised:
        parse_catalogue(text, "notes.txt")

    assert raised.value.path == "notes.txt"
    assert raised.value.message.startswith("unknown card file format")


@pytest.mark.parametrize("text", ["", " \n\n"])
def test_an_empty_file_is_an_error(text: str):
    with pytest.raises(CardFileError, match="the file is empty"):
        parse_catalogue(text, "empty.txt")


def test_a_json_array_goes_to_the_json_reader_and_is_refused_there():
    with pytest.raises(CardFileError, match="expected a JSON object with a 'cards' list"):
        parse_catalogue("[]", "cards.json")


def test_text_that_is_not_utf8_is_an_error_with_its_position(tmp_path: Path):
    path = tmp_path / "ma.txt"
    path.write_bytes(b"Number|Title|Rarity\n1|Caf\xe9|Common\n")

    with pytest.raises(CardFileErrors) as raised:
        read_catalogue(path)

    assert (raised.value.line, raised.value.column) == (2, 6)
    assert raised.value.message == "not UTF-8 text (byte 0xe9)"


def test_a_missing_file_is_a_card_file_error(tmp_path: Path):
    missing = tmp_path / "nowhere.json"

    with pytest.raises(CardFileError, match="cannot read the file") as raised:
        read_catalogue(missing)

    assert raised.value.path == str(missing)
