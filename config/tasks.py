"""Operational tasks that belong to no single app."""

import socket

from celery import shared_task


@shared_task(name="config.ping")
def ping() -> dict[str, str]:
    """Answer from a worker: used by deployment smoke checks and the worker integration test."""
    return {"reply": "pong", "worker": socket.gethostname()}
