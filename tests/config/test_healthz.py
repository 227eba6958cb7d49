import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db


def test_healthz_reports_database_and_in_process_tasks(client):
    with override_settings(CELERY_TASK_ALWAYS_EAGER=True):
        response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["broker"] == {"ok": True, "mode": "in-process"}


def test_healthz_reports_an_unreachable_broker_as_degraded_but_serving(client):
    with override_settings(
        CELERY_TASK_ALWAYS_EAGER=False, CELERY_BROKER_URL="redis://127.0.0.1:1/0"
    ):
        response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "degraded"
    assert body["broker"]["ok"] is False
    assert body["broker"]["error"]


@pytest.mark.redis
def test_healthz_reaches_a_real_redis_broker(client, settings):
    import os

    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = os.environ["REDIS_URL"]
    body = client.get("/healthz").json()
    assert body["broker"] == {"ok": True, "mode": "broker"}


def test_healthz_is_503_when_the_database_is_unreachable(client, monkeypatch):
    from django.db import connection
    from django.db.utils import OperationalError

    def refuse(*args, **kwargs):
        raise OperationalError("connection refused\nsecond line of detail")

    monkeypatch.setattr(connection, "cursor", refuse)
    with override_settings(CELERY_TASK_ALWAYS_EAGER=True):
        response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "degraded"
    assert body["database"]["ok"] is False
    assert body["database"]["error"] == "connection refused"


@pytest.mark.parametrize(
    ("allowed_hosts", "host"),
    [
        ("events.example.org", "events.example.org"),
        (" .example.org , other.org", "example.org"),
        ("*,events.example.org", "events.example.org"),
        ("", None),
    ],
)
def test_the_container_health_check_asks_as_an_allowed_host(allowed_hosts, host):
    from config.healthcheck import probe_host

    assert probe_host(allowed_hosts) == host
