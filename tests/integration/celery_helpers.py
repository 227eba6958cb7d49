"""Pointing this process's Celery app at a broker, and running real worker processes."""

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

from config.celery import app as celery_app

ROOT = Path(__file__).resolve().parents[2]


def closed_port_url() -> str:
    """A Redis URL where nothing listens: what a stopped Redis looks like to its clients."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


def use_broker(settings, url: str, *, queue: str | None = None) -> None:
    """Send this process's tasks to `url` (pytest-django's `settings` undoes it after the test)."""
    settings.CELERY_BROKER_URL = url
    settings.CELERY_RESULT_BACKEND = url
    settings.CELERY_TASK_ALWAYS_EAGER = False
    if queue:
        settings.CELERY_TASK_DEFAULT_QUEUE = queue
    forget_connections()


def forget_connections() -> None:
    # Celery keeps its connection pools once made; they would still point at the old broker.
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


class Worker:
    """A `celery worker` process of this project, in its own process group so that a kill
    reaches every process of it."""

    def __init__(self, *, queue: str, env: dict[str, str], log: Path, pool: str = "solo"):
        self.queue, self.log_path = queue, log
        self.log = log.open("a")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                f"--pool={pool}",
                "--concurrency=1",
                "-Q",
                queue,
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--loglevel=INFO",
                "-n",
                f"{queue}-{uuid.uuid4().hex[:6]}@%h",
            ],  # fmt: skip
            cwd=ROOT,
            env={
                **os.environ,
                "DJANGO_SETTINGS_MODULE": "config.settings.test",
                "CELERY_TASK_ALWAYS_EAGER": "false",
                "LOG_FORMAT": "plain",
                **env,
            },
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def kill(self) -> None:
        """SIGKILL, as the kernel's OOM killer or a pulled plug would: nothing is cleaned up."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=20)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=20)
        self.log.close()

    def output(self) -> str:
        self.log.flush()
        return self.log_path.read_text(errors="replace")


def wait_for(check, *, timeout: float, interval: float = 0.05, what: str = "the condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"Timed out after {timeout:.0f} s waiting for {what}.")
