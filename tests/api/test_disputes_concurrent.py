"""Two judges save the same branch over the API at the same moment, on real PostgreSQL
connections: one save wins, the other answers 409 `stale`, and nothing is lost unseen."""

import threading

import pytest
from django.db import connections
from rest_framework.test import APIClient

from judging import services
from judging.models import Branch, Dispute
from tests.tournaments import factories
from tournaments import services as tournament_services

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_judges_posting_from_the_same_version_one_wins_one_is_told():
    event = factories.event(players=2, start=True)
    judge, organiser = factories.user(), event.organiser
    event.judges.add(judge)
    match = tournament_services.round_pair(event=event, seed=2).matches.get()
    dispute = services.dispute_open(match=match, title="Who blocks?", by=judge)
    branch = dispute.branches.get()
    seen = dispute.version
    barrier = threading.Barrier(2)
    answers: dict[str, tuple[int, str]] = {}

    def save(who, actions: str) -> None:
        client = APIClient()
        client.force_authenticate(who)
        try:
            barrier.wait(timeout=10)
            response = client.post(
                f"/api/branches/{branch.pk}/sequence/",
                {"version": seen, "actions": actions},
                format="json",
            )
            answers[actions] = (response.status_code, response.json().get("code", ""))
        except BaseException as error:  # surfaced to the test below
            answers[actions] = (0, repr(error))
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=save, args=(judge, "P1 pass\n")),
        threading.Thread(target=save, args=(organiser, "P1 end\n")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(answers.values()) == [(200, ""), (409, "stale")], answers
    (winner,) = [actions for actions, (code, _) in answers.items() if code == 200]
    assert Branch.objects.get(pk=branch.pk).actions == winner
    assert Dispute.objects.get(pk=dispute.pk).version == seen + 1
