"""Pure logic never imports Django: each package imports in an interpreter that forbids it."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PURE = [
    "rules.teams",
    "rules.catalogue",
    "rules.engine",
    "tournaments.names",
    "tournaments.standings",
    "tournaments.swiss",
    "judging.adjustments",
    "judging.boardview",
    "judging.logtext",
    "judging.replays",
]
FORBID_DJANGO = """
import sys
class Forbid:
    def find_spec(self, name, path=None, target=None):
        if name == "django" or name.startswith("django."):
            raise ImportError(f"pure module imported {name}")
sys.meta_path.insert(0, Forbid())
import importlib
importlib.import_module(sys.argv[1])
"""


@pytest.mark.parametrize("module", PURE)
def test_pure_package_imports_without_django(module):
    result = subprocess.run(
        [sys.executable, "-c", FORBID_DJANGO, module], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
