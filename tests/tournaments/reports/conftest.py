"""Reports in tests: tasks run in-process (as with no broker) and files go to a temporary folder."""

import pytest

from tests.tournaments.reports.seed import played_event


@pytest.fixture(autouse=True)
def in_process_tasks(settings, tmp_path):
    # REDIS_URL in the environment would otherwise send tasks to a broker with no worker.
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def event(db):
    return played_event()
