"""Redis killed in the middle of the event day (SIGKILL to a throwaway redis-server of this
test, on a free port; the machine's own Redis is not touched), then stopped (SIGSTOP: a hung
server), then back.

While it is gone, everything but reports keeps working: public pages, the organiser's pages,
the live and table endpoints, result entry (organiser form, player report, API) and life
changes; a report request says plainly that reports are unavailable, and nothing half-made is
saved. Once Redis is back, reports are accepted again with no restart of the web process.
(tests/integration/test_reports_redis_down.py covers a Redis that was never there.)
"""

import os
import shutil
import signal
import socket
import subprocess
import time

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.integration.celery_helpers import forget_connections, use_broker, wait_for
from tests.tournaments import factories
from tournaments import services
from tournaments.models import ApiToken, LifeChange, Match
from tournaments.reports.models import Report
from tournaments.reports.services import UNAVAILABLE

pytestmark = pytest.mark.django_db
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


class ThrowawayRedis:
    def __init__(self, tmp_path):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.dir, self.process = tmp_path, None

    def start(self):
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.dir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip

        def accepting():
            try:
                with socket.create_connection(("127.0.0.1", self.port), 0.2):
                    return True
            except OSError:
                return False

        wait_for(accepting, timeout=20, what=f"redis-server on port {self.port}")

    def kill(self):
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def pause(self):
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self):
        os.kill(self.process.pid, signal.SIGCONT)

    def stop(self):
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGCONT)
            self.process.kill()
            self.process.wait(timeout=10)


@pytest.fixture
def redis(settings, tmp_path):
    if not os.path.exists(REDIS_SERVER):
        pytest.fail("redis-server is missing (the CI image installs it for the Redis service)")
    server = ThrowawayRedis(tmp_path)
    server.start()
    use_broker(settings, server.url, queue="faults-redis")
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.ResilientRedisCache",
            "LOCATION": server.url,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},  # as production
        }
    }
    settings.SESSION_ENGINE = "config.sessions"  # as production: sessions go through Redis too
    yield server
    server.stop()
    forget_connections()


@pytest.fixture
def event():
    event = factories.event(players=8, start=True)
    services.round_pair(event=event, seed=3)
    for match in Match.objects.filter(round__event=event):
        for registration in (match.player1, match.player2):
            if registration is not None:
                registration.player.user = factories.user()
                registration.player.save()
    return event


def pages_work(event, organiser: Client, anonymous: Client) -> None:
    match = Match.objects.filter(round__event=event).first()
    for client, name, args in (
        (anonymous, "tournaments:event", [event.slug]),
        (anonymous, "tournaments:event-live", [event.slug]),
        (anonymous, "tournaments:round", [event.slug, 1]),
        (organiser, "manage:event", [event.slug]),
        (organiser, "manage:round", [event.slug, 1]),
        (organiser, "manage:reports", [event.slug]),
        (organiser, "tournaments:table-state", [event.slug, match.pk]),
    ):
        url = reverse(name, args=args)
        assert client.get(url).status_code == 200, url


def report_request(organiser: Client, event, order: str):
    return organiser.post(
        reverse("manage:report-request", args=[event.slug]),
        {"kind": "pairings", "round": "1", "order": order, "format": "pdf"},
        follow=True,
    )


def results_work(event, organiser: Client, matches: list[Match]) -> None:
    by_form, by_player, by_api = matches
    response = organiser.post(
        reverse("manage:match-result", args=[event.slug, by_form.pk]),
        {f"m{by_form.pk}-game1_winner": by_form.player1_id},
    )
    assert response.status_code == 302

    for registration in (by_player.player1, by_player.player2):
        player = Client()
        player.force_login(registration.player.user)
        response = player.post(
            reverse("tournaments:match-report", args=[event.slug, by_player.pk]),
            {"game1_winner": by_player.player2_id},
        )
        assert response.status_code == 302

    api = Client(HTTP_AUTHORIZATION=f"Token {ApiToken.objects.get(user=event.organiser).key}")
    life = api.post(
        f"/api/matches/{by_api.pk}/life/", {"delta1": -3, "reason": "combat"},
        content_type="application/json",
    )  # fmt: skip
    assert life.status_code == 200, life.content
    result = api.post(
        f"/api/matches/{by_api.pk}/result/", {"games": [{"winner": by_api.player1_id}]},
        content_type="application/json",
    )  # fmt: skip
    assert result.status_code == 200, result.content

    for match in matches:
        match.refresh_from_db()
        assert match.result_status == Match.ResultStatus.CONFIRMED, match
    assert LifeChange.objects.filter(table_game__match=by_api).count() == 1


def reports_unavailable(event, organiser: Client) -> None:
    before = Report.objects.count()
    # (Not the request already queued: an identical request would just show that one.)
    response = report_request(organiser, event, "name")
    assert response.status_code == 200 and UNAVAILABLE in response.content.decode()
    api = Client(HTTP_AUTHORIZATION=f"Token {ApiToken.objects.get(user=event.organiser).key}")
    answer = api.post(
        "/api/reports/", {"event": event.slug, "kind": "standings"},
        content_type="application/json",
    )  # fmt: skip
    assert answer.status_code == 503 and answer.json()["message"] == UNAVAILABLE
    assert Report.objects.count() == before, "nothing saved half-way"
    assert organiser.get("/healthz").json()["broker"]["ok"] is False


def test_redis_killed_then_hung_then_back(redis, event):
    ApiToken.issue(event.organiser)
    organiser, anonymous = Client(), Client()
    organiser.force_login(event.organiser)
    played = list(Match.objects.filter(round__event=event, player2__isnull=False))
    assert len(played) == 4

    # Up: pages are cached in Redis, and a report request is queued on it.
    pages_work(event, organiser, anonymous)
    cache.set("probe", "up")
    assert cache.get("probe") == "up"
    queued = report_request(organiser, event, "table")
    assert UNAVAILABLE not in queued.content.decode()
    assert Report.objects.filter(status=Report.Status.QUEUED).count() == 1

    # Killed: the pooled connections to it break.
    redis.kill()
    assert cache.get("probe") is None  # a miss, not an error
    pages_work(event, organiser, anonymous)
    results_work(event, organiser, played[:3])
    reports_unavailable(event, organiser)

    # Back (empty: it kept nothing): reports are accepted again.
    redis.start()
    forget_connections()  # only so that this test need not wait for kombu's reconnect backoff
    response = report_request(organiser, event, "name")
    assert UNAVAILABLE not in response.content.decode()
    assert Report.objects.filter(status=Report.Status.QUEUED).count() == 2

    # Hung (SIGSTOP: the port accepts, nothing answers): pages still answer. The first cache
    # call gives up after the 0.5 s socket timeout; then the cache leaves Redis alone for a few
    # seconds instead of waiting on every call (it was 3 s a page).
    redis.pause()
    started = time.monotonic()
    pages_work(event, organiser, anonymous)
    assert time.monotonic() - started < 5, "the hung Redis is waited for once, not per call"
    last = played[3]
    response = organiser.post(
        reverse("manage:match-result", args=[event.slug, last.pk]),
        {f"m{last.pk}-game1_winner": last.player2_id},
    )
    assert response.status_code == 302
    last.refresh_from_db()
    assert last.result_status == Match.ResultStatus.CONFIRMED
    redis.resume()


CACHE_WITH_REDIS_DOWN = """
import time, django
django.setup()
from django.core.cache import cache
started = time.monotonic()
cache.set("k", "v")
print(cache.get("k"), cache.get_or_set("x", 3), cache.add("y", 1), cache.get_many(["k"]))
from django.core.cache import caches
print(type(caches["default"]).__name__, round(time.monotonic() - started, 1))
"""


def test_the_configured_cache_tolerates_a_redis_url_where_nothing_listens(tmp_path):
    """Not a test override: the settings themselves, loaded with REDIS_URL at a closed port."""
    import sys

    from tests.integration.celery_helpers import ROOT, closed_port_url

    result = subprocess.run(
        [sys.executable, "-c", CACHE_WITH_REDIS_DOWN],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test",
             "REDIS_URL": closed_port_url(), "VAR_DIR": str(tmp_path), "LOG_FORMAT": "plain"},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if "Cache unavailable" not in line]
    assert lines[0] == "None 3 False {}"
    name, seconds = lines[1].split()
    assert name == "ResilientRedisCache" and float(seconds) < 5
