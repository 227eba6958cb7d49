"""Garbage in never crashes or hangs a reader: it reads, or raises a CardFileError that says
where (the file, and the line, row, card or field when the problem has one)."""

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.catalogue import (
    CardFileError,
    CatalogueFile,
    parse_catalogue,
    parse_tdc_json,
    parse_xdm_table,
    read_catalogue,
)
from tests.reliability.bounded import at_most

FUZZ = settings(
    max_examples=300,
    deadline=1000,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
card_fields = st.sampled_from(
    [
        "tb_code",
        "set",
        "set_group",
        "number",
        "name",
        "subtitle",
        "type",
        "cost",
        "energy",
        "affiliations",
        "max_dice",
        "rarity",
        "ability_lines",
        "global_lines",
        "keywords",
        "die_id",
        "levels",
        "stats_source",
        "name_key",
    ]
)
table_cells = st.text(max_size=10) | st.sampled_from(
    ["", "*", "**", "Mask", "Action", "OP", "Uncanny X-Men", "Basic Action Card", "4", '"']
)
XDM_HEADER = (
    "Number|Set|Rarity|Title|SubTitle|Type|Cost|Affiliation|Die Limit|Ability|Global|"
    "Field1|Field2|Field3|Attack1|Attack2|Attack3|Defense1|Defense2|Defense3|Burst1|Burst2|Burst3"
)


def a_valid_card() -> dict[str, Any]:
    return {
        "tb_code": "1zza",
        "set": "ZZA",
        "number": 1,
        "name": "Test Golem",
        "subtitle": "Clay Walker",
        "type": "character",
        "cost": 3,
        "energy": ["bolt"],
        "rarity": "common",
        "die_id": 1,
        "levels": [{"level": 1, "fielding": 0, "attack": 1, "defense": 1, "burst": 0}],
    }


def reads_or_refuses(read, *arguments: Any) -> None:
    try:
        with at_most(what=read.__name__):
            result = read(*arguments)
    except CardFileError as error:
        problems = getattr(error, "errors", None) or [error]
        for problem in problems:
            assert problem.path and problem.message.strip()
            assert str(problem).startswith(Path(problem.path).name)  # then line/row/field
        return
    assert isinstance(result, CatalogueFile)


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_never_crash_the_file_reader(data: bytes):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cards.txt"
        path.write_bytes(data)
        reads_or_refuses(read_catalogue, path)


@FUZZ
@given(st.text(max_size=400))
def test_random_text_never_crashes_any_reader(text: str):
    reads_or_refuses(parse_catalogue, text, "cards.txt")
    reads_or_refuses(parse_tdc_json, text, "cards.json")
    reads_or_refuses(parse_xdm_table, text, "ma.txt")


@FUZZ
@given(json_values)
def test_random_json_never_crashes_the_json_reader(value: Any):
    reads_or_refuses(parse_tdc_json, json.dumps(value), "cards.json")
    reads_or_refuses(parse_tdc_json, json.dumps({"cards": [value], "sets": value}), "c.json")


@FUZZ
@given(st.dictionaries(card_fields, json_values, max_size=6), json_values)
def test_a_card_with_random_field_values_is_read_or_refused(changes: dict, format_lists: Any):
    card = a_valid_card() | changes
    text = json.dumps(
        {"cards": [card, a_valid_card() | {"name": "Other"}], "format_lists": format_lists}
    )
    reads_or_refuses(parse_tdc_json, text, "cards.json")


@FUZZ
@given(st.lists(st.lists(table_cells, min_size=0, max_size=26), min_size=0, max_size=6))
def test_random_table_rows_never_crash_the_table_reader(rows: list[list[str]]):
    text = "\n".join([XDM_HEADER, *("|".join(cells) for cells in rows)])
    reads_or_refuses(parse_xdm_table, text, "mb.txt")
    reads_or_refuses(parse_catalogue, text, "mb.txt")
