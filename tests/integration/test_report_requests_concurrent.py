"""Identical report requests at the same moment, on real PostgreSQL connections, share one
report and one task (the partial unique constraint decides, not a check-then-insert race)."""

import threading

import pytest
from django.db import connections

from tests.tournaments import factories
from tournaments import services as event_services
from tournaments.reports import services
from tournaments.reports.models import Report
from tournaments.tasks import build_report

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
AT_ONCE = 6


@pytest.fixture
def event():
    made = factories.event(players=8, start=True)
    event_services.round_pair(event=made, seed=1)
    made.judges.add(factories.user())
    return made


@pytest.mark.parametrize("attempt", range(3))
def test_identical_requests_at_once_start_one_build(event, monkeypatch, attempt):
    sent = []
    monkeypatch.setattr(build_report, "apply_async", lambda *a, **kw: sent.append(a))
    barrier = threading.Barrier(AT_ONCE)
    outcomes, errors = [], []
    people = [event.organiser, event.judges.first()]

    def ask(n):
        try:
            barrier.wait(timeout=10)
            outcomes.append(
                services.report_request(
                    event=event,
                    kind="pairings",
                    file_format="pdf",
                    params={"round": 1, "order": "name"},
                    by=people[n % 2],
                    site_url="http://testserver/",
                )  # fmt: skip
            )
        except BaseException as error:  # surfaced below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(AT_ONCE)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert len(outcomes) == AT_ONCE
    assert sum(outcome.created for outcome in outcomes) == 1
    assert len({outcome.report.pk for outcome in outcomes}) == 1
    assert Report.objects.count() == 1 and len(sent) == 1
