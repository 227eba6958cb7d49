"""The abilities package is pure: it, every template family and every card script import
without Django."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
LOAD_ALL = """
import sys
class Forbid:
    def find_spec(self, name, path=None, target=None):
        if name == "django" or name.startswith("django."):
            raise ImportError(f"pure module imported {name}")
sys.meta_path.insert(0, Forbid())
from rules.abilities import templates, scripts, hand
templates.load()
scripts.all_card_scripts()
hand.hand_encodings()
"""


def test_the_package_families_and_scripts_import_without_django():
    result = subprocess.run(
        [sys.executable, "-c", LOAD_ALL], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
