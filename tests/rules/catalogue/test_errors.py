import pytest

from rules.catalogue import MAX_REPORTED_ERRORS, CardFileError, CardFileErrors
from rules.catalogue.errors import ErrorCollector


def test_an_error_says_file_record_and_field():
    error = CardFileError(
        "/data/ma.txt",
        "expected a whole number, got 'four'",
        record=17,
        field="Die Limit",
        label="Beast",
    )

    assert str(error) == (
        "ma.txt, row 17 (Beast), field 'Die Limit': expected a whole number, got 'four'"
    )
    assert (error.path, error.record, error.field) == ("/data/ma.txt", 17, "Die Limit")
    assert isinstance(error, ValueError)


def test_a_json_syntax_error_gives_line_and_column():
    error = CardFileError("cards.json", "invalid JSON: Expecting value", line=3, column=9)

    assert str(error) == "cards.json, line 3, column 9: invalid JSON: Expecting value"


def test_a_card_error_can_name_the_card_by_its_key():
    error = CardFileError("cards.json", "x", record="1avx", field="cost", unit="card")

    assert str(error) == "cards.json, card 1avx, field 'cost': x"


def test_collected_errors_are_raised_together_and_capped():
    problems = ErrorCollector("ma.txt")
    for row in range(2, 2 + MAX_REPORTED_ERRORS + 7):
        problems.add("bad", record=row, field="Cost")

    with pytest.raises(CardFileErrors) as raised:
        problems.raise_if_any()

    errors = raised.value
    assert isinstance(errors, CardFileError)
    assert len(errors.errors) == MAX_REPORTED_ERRORS
    assert errors.total == MAX_REPORTED_ERRORS + 7
    assert (errors.path, errors.record, errors.field) == ("ma.txt", 2, "Cost")
    text = str(errors)
    assert text.startswith(f"ma.txt: {MAX_REPORTED_ERRORS + 7} problems")
    assert text.endswith("... and 7 more")


def test_a_single_collected_error_reads_like_the_error_itself():
    problems = ErrorCollector("da.txt")
    problems.add("the title is empty", record=5, field="Title")

    with pytest.raises(CardFileErrors) as raised:
        problems.raise_if_any()

    assert str(raised.value) == "da.txt, row 5, field 'Title': the title is empty"


def test_nothing_is_raised_without_errors():
    ErrorCollector("ma.txt").raise_if_any()


def test_an_empty_error_list_is_a_programming_error():
    with pytest.raises(ValueError):
        CardFileErrors([])
