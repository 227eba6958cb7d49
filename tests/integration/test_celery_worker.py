"""A real Celery worker process on the Redis broker receives a task and returns its result."""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from celery import Celery

pytestmark = pytest.mark.redis

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def redis_url() -> str:
    # A separate database number keeps test queues away from a developer's own broker data.
    base = (
        os.environ["REDIS_URL"].rsplit("/", 1)[0]
        if "/" in os.environ["REDIS_URL"][8:]
        else os.environ["REDIS_URL"]
    )
    return f"{base}/15"


@pytest.fixture
def worker(redis_url):
    queue = f"test-{uuid.uuid4().hex[:12]}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "CELERY_BROKER_URL": redis_url,
        "CELERY_RESULT_BACKEND": redis_url,
        "CELERY_TASK_ALWAYS_EAGER": "false",
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--concurrency=1",
            "-Q",
            queue,
            "--without-gossip",
            "--without-mingle",
            "--loglevel=INFO",
            "-n",
            f"{queue}@%h",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield queue
    finally:
        process.terminate()
        try:
            output, _ = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            output, _ = process.communicate()
        print(output)


def test_worker_process_runs_a_task_sent_through_redis(worker, redis_url):
    client = Celery("client", broker=redis_url, backend=redis_url)
    result = client.send_task("config.ping", queue=worker)
    reply = result.get(timeout=60)
    assert reply["reply"] == "pong"
    assert reply["worker"]
    assert result.status == "SUCCESS"
