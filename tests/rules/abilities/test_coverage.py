"""Coverage over a card pool, and the ability_coverage command."""

from collections import Counter
from io import StringIO

from django.core.management import call_command

from rules.abilities import coverage, format_table
from rules.catalogue import read_demo_catalogue
from tests.rules.abilities.scenario import real_pool_path

POOL = str(real_pool_path())


def _record(key, set_code, kind, lines, levels=True):
    return {
        "tb_code": key,
        "set": set_code,
        "type": kind,
        "name": "X",
        "ability_lines": lines,
        "global_lines": [],
        "levels": [{"level": 1}] if levels else [],
    }


def test_counts_overall_by_set_and_by_kind():
    records = [
        _record("1a", "A", "character", ["Fast"]),
        _record("2a", "A", "character", ["Fast", "Sing"]),
        _record("3b", "B", "character", ["Sing"], levels=False),
        _record("4b", "B", "basic_action", ["Gain 1 life"]),
    ]
    result = coverage(records)
    assert result.overall == Counter({"automated": 2, "partial": 1, "manual": 1})
    assert result.by_set["a"] == Counter({"automated": 1, "partial": 1})
    assert result.characters_with_dice == Counter({"automated": 1, "partial": 1})
    assert result.basic_actions == Counter({"automated": 1})
    table = format_table(result)
    assert (
        "All cards                         4          2          1          1       50.0%" in table
    )
    assert (
        "  b                               2          1          0          1       50.0%" in table
    )


def test_hand_encodings_count_for_their_cards():
    records = [_record("1a", "A", "character", ["Sing"])]
    assert coverage(records).overall["manual"] == 1
    assert coverage(records, {"1a": {"keywords": ["fast"]}}).overall["automated"] == 1


def test_the_command_prints_the_table_for_the_demo_catalogue_and_a_given_file():
    out = StringIO()
    call_command("ability_coverage", stdout=out)
    demo = coverage(read_demo_catalogue().cards)
    assert out.getvalue().strip() == format_table(demo)
    out = StringIO()
    call_command("ability_coverage", POOL, stdout=out)
    assert "All cards                      4079" in out.getvalue()
    assert "Characters with known dice     3005" in out.getvalue()
