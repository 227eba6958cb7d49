"""The load benchmark's short form runs clean: gunicorn on PostgreSQL and Redis, every kind of
request of the event-day mix and of the saturation phase answered, none failing.

Timing targets are not asserted here (they live in docs/PERFORMANCE.md); this proves the
benchmark itself works and that the pages hold up under concurrent players.
"""

import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest

from bench.bench_load import MIX_KINDS

pytestmark = [pytest.mark.postgres, pytest.mark.redis]
ROOT = Path(__file__).resolve().parents[2]


def test_smoke_run_of_the_load_benchmark_has_no_errors_and_covers_every_page(tmp_path):
    # Its own database beside the suite's, so the two never meet.
    database = urlparse(os.environ["DATABASE_URL"]).path.lstrip("/") + "_load_smoke"
    figures = tmp_path / "figures.json"
    done = subprocess.run(
        [
            sys.executable,
            "bench/bench_load.py",
            "--smoke",
            "--database",
            database,
            "--json",
            str(figures),
        ],
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(figures.read_text())
    assert result["errors"] == []
    assert set(result["mix"]) == set(MIX_KINDS), done.stdout
    for kind, row in result["mix"].items():
        assert row["requests"] > 0 and row["errors"] == 0, kind
    assert len(result["saturation"]) == 6
    for page, row in result["saturation"].items():
        assert row["requests"] > 0 and row["errors"] == 0, page
    assert result["all"]["requests"] == sum(row["requests"] for row in result["mix"].values())
    assert result["after_change"]["requests"] == 2 * 4 and result["after_change"]["errors"] == 0
