"""docs/abilities.md shows the coverage table exactly as `manage.py ability_coverage` prints
it over the real card pool."""

import re
from pathlib import Path

from rules.abilities import coverage, format_table
from rules.catalogue import read_catalogue
from tests.rules.abilities.scenario import real_pool_path

DOC = Path(__file__).resolve().parents[3] / "docs" / "abilities.md"


def test_the_documented_coverage_is_what_the_command_prints():
    found = re.search(r"<!-- coverage:start -->\n```\n(.*?)\n```\n<!-- coverage:end -->",
                      DOC.read_text(), re.S)  # fmt: skip
    assert found, "docs/abilities.md has no coverage block"
    table = format_table(coverage(read_catalogue(str(real_pool_path())).cards))
    assert found.group(1) == table, "run manage.py ability_coverage and update docs/abilities.md"
