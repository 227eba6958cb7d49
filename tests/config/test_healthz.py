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
