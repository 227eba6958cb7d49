"""Shared test setup: service markers that skip locally but fail under CI=true."""

import os
import socket
from urllib.parse import urlparse

import pytest

IN_CI = os.environ.get("CI", "").lower() == "true"


def service_reachable(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection(
            (parsed.hostname or "127.0.0.1", parsed.port or default_port), 2
        ):
            return True
    except OSError:
        return False


def require_service(name: str, reason: str) -> None:
    """Skip a test whose service is missing, except in CI where a skip would hide a gap."""
    message = f"{name} is not available: {reason}"
    if IN_CI:
        pytest.fail(f"{message} (CI=true: service tests must run, not skip)", pytrace=False)
    pytest.skip(message)


def pytest_runtest_setup(item):
    if item.get_closest_marker("postgres"):
        url = os.environ.get("DATABASE_URL", "")
        if not url.startswith(("postgres://", "postgresql://")):
            require_service("PostgreSQL", "DATABASE_URL does not point at PostgreSQL")
        elif not service_reachable(url, 5432):
            require_service("PostgreSQL", f"cannot connect to {urlparse(url).netloc}")
    if item.get_closest_marker("redis"):
        url = os.environ.get("REDIS_URL", "")
        if not url.startswith("redis://"):
            require_service("Redis", "REDIS_URL is not set")
        elif not service_reachable(url, 6379):
            require_service("Redis", f"cannot connect to {urlparse(url).netloc}")
