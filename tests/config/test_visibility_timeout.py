"""Issue 24, finding 5: with the old default visibility timeout (3,600 s) a report whose worker
was killed stayed "running" for an hour. The default is now 180 s, the Celery app the workers
run (config/celery.py) uses it, the environment can change it, and the docs state it."""

import json
import re
import sys

from tests.config.test_settings import ROOT, run
from tournaments.reports.services import STALE_RUNNING
from tournaments.tasks import BACKOFF_MAX_SECONDS

SHOW_CELERY = """
import json
from config.celery import app
print(json.dumps(app.conf.broker_transport_options))
"""
PRODUCTION = {"SECRET_KEY": "x" * 50, "REDIS_URL": "redis://127.0.0.1:1/0"}


def celery_transport_options(**env: str) -> dict:
    result = run([sys.executable, "-c", SHOW_CELERY], **PRODUCTION, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_workers_celery_app_hands_a_dead_workers_task_on_after_three_minutes():
    timeout = celery_transport_options()["visibility_timeout"]
    assert timeout == 180
    # A retry waits in the worker unacknowledged: Redis must not take that for a dead worker.
    assert timeout > BACKOFF_MAX_SECONDS
    # A report silent this long counts as stopped: by then its task has been handed on.
    assert timeout == STALE_RUNNING.total_seconds()


def test_the_visibility_timeout_comes_from_the_environment():
    assert celery_transport_options(CELERY_VISIBILITY_TIMEOUT="240") == {"visibility_timeout": 240}


def test_the_docs_state_the_real_timeout_and_how_the_longest_build_was_measured():
    configuration = (ROOT / "docs" / "configuration.md").read_text()
    assert re.search(r"\| `CELERY_VISIBILITY_TIMEOUT` \| `180` \|", configuration)
    reliability = (ROOT / "docs" / "RELIABILITY.md").read_text()
    assert "visibility timeout (180 s by default" in reliability
    assert "bench/bench_reports.py" in reliability and "3,600" not in reliability
