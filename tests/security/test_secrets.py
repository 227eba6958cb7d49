"""Secrets come only from the environment.

- The production settings (config.settings.base without DEBUG) refuse to start without a
  SECRET_KEY, and `manage.py check --deploy` passes with them: tests/config/test_settings.py
  (test_missing_secret_key_without_debug_fails_with_a_clear_message,
  test_production_settings_pass_the_deploy_checklist).
- With one, the key in use is exactly the environment's (no default takes over).
- No secret is written in the settings: every setting named like a secret is read from the
  environment; the one literal is the development key, used only when DEBUG is on; and no URL
  default carries a password.
"""

import ast
import re
import sys
from pathlib import Path

from tests.config.test_settings import run

SETTINGS = Path(__file__).resolve().parents[2] / "config" / "settings" / "base.py"
SECRET_NAME = re.compile(r"SECRET|PASSWORD|TOKEN|(?<!_)KEY$|API_KEY|CREDENTIALS")


def test_the_key_in_use_is_the_environments():
    shown = run(
        [sys.executable, "-c", "import django; django.setup(); from django.conf import settings;"
         " print(settings.SECRET_KEY, settings.DEBUG)"],
        SECRET_KEY="from-the-environment-" + "k" * 40,
    )  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split() == ["from-the-environment-" + "k" * 40, "False"]


def _literal_assignments(tree: ast.AST):
    """(name, value, the `if` tests above it) for every string constant assigned to a name."""

    def walk(node, guards):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If):
                walk_body(child.body, [*guards, ast.unparse(child.test)])
                walk_body(child.orelse, [*guards, f"not ({ast.unparse(child.test)})"])
            elif isinstance(child, ast.Assign) and isinstance(child.value, ast.Constant):
                for target in child.targets:
                    if isinstance(target, ast.Name) and isinstance(child.value.value, str):
                        yield target.id, child.value.value, guards
            else:
                yield from walk(child, guards)

    def walk_body(body, guards):
        module = ast.Module(body=body, type_ignores=[])
        found.extend(walk(module, guards))

    found = []
    found.extend(walk(tree, []))
    return found


def test_no_secret_is_written_in_the_settings():
    source = SETTINGS.read_text()
    tree = ast.parse(source)
    secrets = [
        (name, guards)
        for name, value, guards in _literal_assignments(tree)
        if SECRET_NAME.search(name)
    ]
    # The development key only, only where SECRET_KEY is unset and DEBUG is on (otherwise
    # the settings raise just before it).
    assert secrets == [("SECRET_KEY", ["not SECRET_KEY"])]
    guarded = source[source.index("if not SECRET_KEY:") :]
    assert (
        guarded.index("if not DEBUG:")
        < guarded.index("raise ImproperlyConfigured")
        < (guarded.index('SECRET_KEY = "insecure-development-key'))
    )
    for name in ("SECRET_KEY", "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"):
        assert re.search(rf'env_str\("{name}"', source), f"{name} is read from the environment"
    assert not re.search(r"\w+://[^/\s:@\"']+:[^@\s\"']+@", source), "a password in a URL"
