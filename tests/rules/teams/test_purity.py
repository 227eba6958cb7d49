"""rules.teams must stay importable with the standard library alone (no Django, no packages)."""

import ast
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[3]
PACKAGE = REPO_ROOT / "rules" / "teams"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_every_import_is_standard_library_or_rules_teams():
    for path in sorted(PACKAGE.rglob("*.py")):
        for name in imported_modules(path):
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or name.startswith("rules.teams"), (path, name)


def test_imports_without_site_packages():
    script = (
        "import sys, rules.teams, rules.teams.notation; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    result = subprocess.run(
        [sys.executable, "-S", "-c", script],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
