""".ci/run starts a stopped PostgreSQL or Redis, runs the README's test command with the service
URLs set, then the linters, and fails when any of them fails.

The real services are shared with other work on this machine, so the commands it calls are
replaced by stubs on PATH that record their arguments and answer as told.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

STUB = """#!/bin/sh
echo "$(basename "$0") $*" >> "$CALLS"
if [ "$(basename "$0")" = make ]; then
  echo "env CI=$CI DATABASE_URL=$DATABASE_URL REDIS_URL=$REDIS_URL" >> "$CALLS"
fi
answer=$(printenv "ANSWER_$(basename "$0" | tr -- '-' '_')" || echo 'exit 0')
exec sh -c "$answer" "$0" "$@"
"""


@pytest.fixture
def ci(tmp_path):
    checkout = tmp_path / "checkout"
    (checkout / ".ci").mkdir(parents=True)
    shutil.copy(ROOT / ".ci" / "run", checkout / ".ci" / "run")
    stubs = tmp_path / "bin"
    stubs.mkdir()
    for name in ("pg_isready", "pg_ctlcluster", "redis-cli", "redis-server", "make"):
        (stubs / name).write_text(STUB)
        (stubs / name).chmod(0o755)
    calls = tmp_path / "calls"
    calls.touch()

    def run(**answers: str) -> tuple[int, list[str]]:
        env = {
            "PATH": f"{stubs}:/usr/bin:/bin",
            "CALLS": str(calls),
            **{f"ANSWER_{name.replace('-', '_')}": answer for name, answer in answers.items()},
        }
        done = subprocess.run(
            ["bash", str(checkout / ".ci" / "run")],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        return done.returncode, calls.read_text().splitlines()

    return run


def test_with_both_services_up_it_tests_then_lints_with_the_service_urls(ci):
    status, calls = ci()
    assert status == 0
    assert "pg_ctlcluster" not in " ".join(calls) and "redis-server" not in " ".join(calls)
    makes = [call for call in calls if call.startswith("make ")]
    assert makes == ["make test PYTEST_ARGS=", "make lint"]
    assert (
        "env CI=true DATABASE_URL=postgres://postgres@127.0.0.1:5432/dicemasters "
        "REDIS_URL=redis://127.0.0.1:6379/0"
    ) in calls


def test_a_stopped_postgresql_and_redis_are_started_first(ci, tmp_path):
    # Each service answers "down" to the first probe and "up" afterwards.
    down_once = "f={flag}; if [ -e $f ]; then exit 0; else touch $f; exit 1; fi"
    status, calls = ci(
        pg_isready=down_once.format(flag=tmp_path / "pg"),
        redis_cli=down_once.format(flag=tmp_path / "redis"),
    )
    assert status == 0
    started = [call for call in calls if call.startswith(("pg_ctl", "redis-server"))]
    installed = sorted(os.listdir("/etc/postgresql")) if Path("/etc/postgresql").is_dir() else []
    version = installed[0] if installed else ""
    assert started[0] == f"pg_ctlcluster --skip-systemctl-redirect {version} main start"
    assert started[1].startswith("redis-server --daemonize yes --bind 127.0.0.1")
    assert len(started) == 2
    assert calls.index(next(c for c in calls if c.startswith("redis-server"))) < calls.index(
        "make test PYTEST_ARGS="
    )


@pytest.mark.parametrize(
    ("make_answer", "failing"),
    [
        ('[ "$1" = test ] && exit 1; exit 0', "tests"),
        ('[ "$1" = lint ] && exit 2; exit 0', "ruff"),
    ],
)
def test_any_failure_fails_the_run_and_the_linters_still_run(ci, make_answer, failing):
    status, calls = ci(make=make_answer)
    assert status != 0, f"a failure of the {failing} must fail CI"
    assert "make lint" in calls
