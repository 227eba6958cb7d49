"""Redis down on event day: pages and result entry keep working, and a report request says
plainly that reports are unavailable instead of failing with a server error.

"Down" is a Redis URL where nothing listens (connection refused, as with a stopped server),
used for the broker, the result store and the cache alike."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.integration.celery_helpers import closed_port_url, forget_connections, use_broker
from tests.tournaments import factories
from tournaments import services
from tournaments.models import Match
from tournaments.reports.models import Report
from tournaments.reports.services import UNAVAILABLE

pytestmark = pytest.mark.django_db


@pytest.fixture
def redis_down(settings):
    url = closed_port_url()
    use_broker(settings, url)
    settings.MEDIA_ROOT = settings.VAR_DIR / "test-media-unused"
    settings.CACHES = {
        # The project's own Redis cache backend, as production runs it.
        "default": {"BACKEND": "config.cache.ResilientRedisCache", "LOCATION": url}
    }
    yield url
    forget_connections()


@pytest.fixture
def round_in_play():
    event = factories.event(players=8, start=True)
    services.round_pair(event=event, seed=3)
    return event


def test_pages_and_result_entry_work_and_reports_say_they_are_unavailable(
    client, redis_down, round_in_play
):
    event = round_in_play
    client.force_login(event.organiser)
    for url in (
        reverse("tournaments:event", args=[event.slug]),
        reverse("manage:event", args=[event.slug]),
        reverse("manage:round", args=[event.slug, 1]),
        reverse("manage:reports", args=[event.slug]),
        reverse("manage:report-status", args=[event.slug]),
    ):
        assert client.get(url).status_code == 200, url

    match = Match.objects.filter(round__event=event).first()
    entered = client.post(
        reverse("manage:match-result", args=[event.slug, match.pk]),
        {f"m{match.pk}-game1_winner": match.player1_id, f"m{match.pk}-game1_ending": "life"},
    )
    assert entered.status_code == 302
    match.refresh_from_db()
    assert match.result_status == Match.ResultStatus.CONFIRMED

    response = client.post(
        reverse("manage:report-request", args=[event.slug]),
        {"kind": "pairings", "round": "1", "order": "table", "format": "pdf"},
        follow=True,
    )
    assert response.status_code == 200
    assert UNAVAILABLE in response.content.decode()
    assert not Report.objects.exists(), "nothing saved half-way"

    # The health check says so too, without failing the web process.
    health = client.get("/healthz")
    assert health.status_code == 200 and health.json()["broker"]["ok"] is False


def test_the_api_answers_503_with_a_sentence(redis_down, round_in_play):
    api = APIClient()
    api.force_authenticate(round_in_play.organiser)
    response = api.post(
        "/api/reports/", {"event": round_in_play.slug, "kind": "standings"}, format="json"
    )
    assert response.status_code == 503
    assert response.json() == {"code": "reports/unavailable", "message": UNAVAILABLE}
    assert not Report.objects.exists()
