"""The XDM pipe-table reader, on small invented rows (no real card data)."""

from pathlib import Path

import pytest

from rules.catalogue import (
    CardFileError,
    CardFileErrors,
    FaceRecord,
    parse_xdm_table,
    read_xdm_table,
)
from rules.catalogue.xdm_tables import split_burst_lines, with_icon_tokens

HEADER = (
    "Number|Set|Rarity|Title|SubTitle|Type|Cost|Affiliation|Die Limit|Ability|Global|"
    "Field1|Field2|Field3|Attack1|Attack2|Attack3|Defense1|Defense2|Defense3|"
    "Burst1|Burst2|Burst3|Level 1|Level 2|Level 3|TFC"
)
COLUMNS = HEADER.split("|")
GOLEM = {
    "Number": "1",
    "Set": "Avengers vs. X-Men",
    "Rarity": "Common",
    "Title": "Test Golem",
    "SubTitle": "Clay Walker",
    "Type": "Fist",
    "Cost": "4",
    "Affiliation": "Fantastic Four",
    "Die Limit": "4",
    "Ability": "Gets a made-up bonus. * A made-up burst. ** A bigger one.",
    "Global": "Pay [Fist]. Something invented.",
    "Field1": "0",
    "Field2": "1",
    "Field3": "2",
    "Attack1": "1",
    "Attack2": "2",
    "Attack3": "10",
    "Defense1": "2",
    "Defense2": "3",
    "Defense3": "4",
    "Burst1": "*",
    "Burst2": "",
    "Burst3": "**",
    "Level 1": "012*",
    "Level 2": "123",
    "Level 3": "2104**",
    "TFC": "3",
}
BLAST = {
    **{column: "" for column in COLUMNS},
    "Number": "25",
    "Set": "Avengers vs. X-Men",
    "Rarity": "Starter",
    "Title": "Made-Up Blast",
    "Type": "Action",
    "Ability": "Deal some invented damage. */** And a bit more.",
    "Burst2": "*",
    "Burst3": "**",
    "TFC": "0",
}


def row(base: dict[str, str] | None = None, **cells: str) -> str:
    values = {**(base or GOLEM), **{name.replace("_", " "): value for name, value in cells.items()}}
    return "|".join(_quoted(values[column]) for column in COLUMNS)


def _quoted(cell: str) -> str:
    return f'"{cell}"' if any(mark in cell for mark in '|"\n') else cell


def table(*rows: str, header: str = HEADER) -> str:
    return "\n".join([header, *rows]) + "\n"


def read_errors(text: str, path: str = "ma.txt") -> tuple[CardFileError, ...]:
    with pytest.raises(CardFileErrors) as raised:
        parse_xdm_table(text, path)
    return raised.value.errors


def test_reads_a_character_row():
    catalogue = parse_xdm_table(table(row()), "ma.txt")

    assert catalogue.format == "xdm_table"
    assert [s.code for s in catalogue.sets] == ["avx"]
    (golem,) = catalogue.cards
    assert (golem.key, golem.set_code, golem.number) == ("1avx", "avx", 1)
    assert (golem.name, golem.subtitle, golem.kind) == ("Test Golem", "Clay Walker", "character")
    assert (golem.cost, golem.energy, golem.max_dice, golem.rarity) == (4, ("fist",), 4, "common")
    assert golem.affiliations == ("fantastic4",)
    assert golem.faces == (
        FaceRecord(level=1, fielding=0, attack=1, defense=2, bursts=1),
        FaceRecord(level=2, fielding=1, attack=2, defense=3, bursts=0),
        FaceRecord(level=3, fielding=2, attack=10, defense=4, bursts=2),
    )
    assert golem.ability_lines == (
        "Gets a made-up bonus.",
        "* A made-up burst.",
        "** A bigger one.",
    )
    assert golem.global_lines == ("Global: Pay [F]. Something invented.",)
    assert golem.die_key == "avx:test-golem"
    assert golem.stats_trust == "explicit_columns"
    assert golem.provided >= {"kind", "energy", "faces", "cost", "max_dice", "die_key"}


@pytest.mark.parametrize(
    "cells",
    [
        {"Type": "Action"},
        {"Type": "Basic Action"},
        {"Type": "", "SubTitle": "Basic Action Card"},
    ],
)
def test_basic_actions_are_told_by_type_or_subtitle(cells: dict[str, str]):
    (blast,) = parse_xdm_table(table(row(BLAST, **cells)), "ma.txt").cards

    assert blast.kind == "basic_action"
    assert (blast.subtitle, blast.energy, blast.faces, blast.die_key) == ("", (), (), "")
    assert blast.ability_lines == ("Deal some invented damage.", "*/** And a bit more.")
    assert blast.cost is None and "cost" not in blast.provided
    assert blast.max_dice is None and "max_dice" not in blast.provided
    assert "faces" in blast.provided


def test_an_energy_type_without_die_stats_is_a_non_basic_action():
    gadget = {**BLAST, "Title": "Made-Up Gadget", "SubTitle": "Shiny", "Type": "Mask"}
    (card,) = parse_xdm_table(table(row(gadget, Cost="3", Die_Limit="2")), "ma.txt").cards

    assert (card.kind, card.energy, card.faces) == ("action", ("mask",), ())
    assert card.die_key == "avx:made-up-gadget"


def test_op_rows_go_to_the_op_set_without_a_die_key():
    catalogue = parse_xdm_table(table(row(), row(Rarity="OP")), "ma.txt")
    op_card = catalogue.cards_by_key()["1avxop"]

    assert [s.code for s in catalogue.sets] == ["avx", "avxop"]
    assert (op_card.set_code, op_card.rarity) == ("avxop", "promo")
    assert op_card.die_key == "" and "die_key" not in op_card.provided


def test_op_kit_set_names_belong_to_their_group():
    (card,) = parse_xdm_table(table(row(Set="Days of Future Past", Rarity="OP")), "mb.txt").cards

    assert card.key == "1uxmop"


def test_known_numbering_differences_take_the_team_builder_number():
    renumbered = row(Set="Uncanny X-Men", Number="11", Title="Juggernaut", SubTitle="Cain Marko")

    (card,) = parse_xdm_table(table(renumbered), "mb.txt").cards

    assert (card.key, card.number) == ("10uxm", 10)


def test_a_partial_table_provides_only_its_columns(tmp_path: Path):
    path = tmp_path / "da.txt"
    path.write_text(
        "Number|Rarity|Title|SubTitle|Cost\n1|Starter|Test Golem|Minion Clay|6\n2|Rare|Other|X|\n",
        encoding="ascii",
    )

    catalogue = read_xdm_table(path)

    first, second = catalogue.cards
    assert [s.code for s in catalogue.sets] == ["bff"]
    assert first.key == "1bff"
    assert first.provided == {
        "key",
        "set_code",
        "number",
        "name",
        "subtitle",
        "rarity",
        "cost",
    }
    assert second.cost is None and "cost" not in second.provided


def test_quoted_cells_and_blank_lines_are_handled():
    quoted = row(Ability='He says ""Flame On!"" | then * it burns.')
    (card,) = parse_xdm_table(table(quoted, ""), "ma.txt").cards

    assert card.ability_lines == ('He says "Flame On!" | then', "* it burns.")


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("No bursts here.", ("No bursts here.",)),
        ("Plain.* Burst glued to the stop.", ("Plain.", "* Burst glued to the stop.")),
        ("* Only a burst.", ("* Only a burst.",)),
        ("Gets +2 [Fist]. */** Both. ** Two.", ("Gets +2 [Fist].", "*/** Both.", "** Two.")),
        ("Multiply 2*3 stays.", ("Multiply 2*3 stays.",)),
        ("", ()),
    ],
)
def test_burst_text_is_split_into_lines(text: str, lines: tuple[str, ...]):
    assert split_burst_lines(text) == lines


def test_icons_take_the_team_builder_markup():
    assert with_icon_tokens("Pay [Mask][Bolt], then [Shield]") == "Pay [M][B], then [S]"
    assert with_icon_tokens("[Thousand Dragon Fusion] [Egyptian God]") == "[TDF] [Egyptian God]"


def test_a_bad_number_names_file_row_card_and_column():
    (error,) = read_errors(table(row(), row(Number="2", Die_Limit="four")))

    assert (error.path, error.record, error.field) == ("ma.txt", 3, "Die Limit")
    assert str(error) == (
        "ma.txt, row 3 (Test Golem), field 'Die Limit': expected a whole number, got 'four'"
    )


def test_rows_are_counted_like_lines_even_with_multiline_cells():
    multiline = row(Ability="First line.\nSecond line.")
    (error,) = read_errors(table(multiline, row(Number="2", Cost="-3")))

    assert (error.record, error.field) == (4, "Cost")


@pytest.mark.parametrize(
    ("cells", "field", "message"),
    [
        ({"Type": "Wind"}, "Type", "unknown energy type 'Wind'"),
        ({"Type": ""}, "Type", "the energy type is empty"),
        ({"Set": "Imaginary Set"}, "Set", "unknown set 'Imaginary Set'"),
        ({"Rarity": "Mythic"}, "Rarity", "unknown rarity 'Mythic'"),
        ({"Number": "x1"}, "Number", "expected a whole number, got 'x1'"),
        ({"Number": ""}, "Number", "the number is empty"),
        ({"Number": "0"}, "Number", "expected a whole number at least 1, got 0"),
        ({"Title": ""}, "Title", "the title is empty"),
        ({"Attack2": ""}, "Attack2", "this die stat is empty while others are given"),
        ({"Defense3": "100"}, "Defense3", "expected a whole number from 0 to 99, got 100"),
        ({"Burst1": "***"}, "Burst1", "expected '*', '**' or nothing, got '***'"),
        ({"Set": "Yu-Gi-Oh: Series 1", "Rarity": "OP"}, "Rarity", "the Team Builder has no OP"),
    ],
)
def test_bad_cells_name_the_column(cells: dict[str, str], field: str, message: str):
    (error,) = read_errors(table(row(**cells)))

    assert (error.record, error.field) == (2, field)
    assert error.message.startswith(message)


def test_a_duplicate_key_in_one_file_is_an_error():
    (error,) = read_errors(table(row(), row(Title="Copy Golem")))

    assert (error.record, error.field, error.label) == (3, "Number", "Copy Golem")
    assert error.message == "duplicate key '1avx': row 2 has it too"


def test_a_row_with_the_wrong_number_of_cells_is_an_error():
    (error,) = read_errors(table(row(), "2|Avengers vs. X-Men|Common|Short Row"))

    assert error.record == 3
    assert error.message == "the row has 4 cells but the header has 27"


def test_every_problem_of_the_file_is_reported_at_once():
    with pytest.raises(CardFileErrors) as raised:
        parse_xdm_table(table(row(Cost="x"), row(Number="2"), row(Number="3", Type="Air")), "a")

    assert [(e.record, e.field) for e in raised.value.errors] == [(2, "Cost"), (4, "Type")]


@pytest.mark.parametrize("text", ["", "\n\n  \n"])
def test_an_empty_file_is_an_error(text: str):
    (error,) = read_errors(text)

    assert error.message == "the file is empty"


def test_a_header_without_rows_is_an_error():
    (error,) = read_errors(table())

    assert error.message == "the table has a header but no card rows"


def test_a_header_missing_required_columns_is_an_error():
    (error,) = read_errors("Number|Set|SubTitle\n1|Avengers vs. X-Men|x\n")

    assert error.line == 1
    assert error.message.startswith("the header lacks the column(s) Title, Rarity")


def test_a_repeated_column_is_an_error():
    (error,) = read_errors("Number|Rarity|Title|Title\n1|Common|A|B\n")

    assert error.message == "the header repeats the column(s) Title"


def test_without_a_set_column_the_file_name_must_say_the_set():
    (error,) = read_errors("Number|Rarity|Title\n1|Common|A\n", path="/tmp/cards.txt")

    assert error.message.startswith("the table has no Set column")
