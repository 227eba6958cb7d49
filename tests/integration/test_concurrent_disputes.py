"""Two judges save the same dispute at the same moment, on real PostgreSQL connections: one
save wins, the other is told the dispute changed, and neither is silently lost."""

import threading

import pytest
from django.db import connections

from judging import services
from judging.models import Branch, Dispute
from tests.tournaments import factories
from tournaments import services as tournament_services

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_judges_saving_from_the_same_page_never_overwrite_each_other_unseen():
    event = factories.event(players=2, start=True)
    judge, organiser = factories.user(), event.organiser
    event.judges.add(judge)
    match = tournament_services.round_pair(event=event, seed=2).matches.get()
    dispute = services.dispute_open(match=match, title="Who blocks?", by=judge)
    branch = dispute.branches.get()
    seen = dispute.version
    barrier = threading.Barrier(2)
    outcomes: dict[str, str] = {}

    def save(who, actions: str) -> None:
        try:
            barrier.wait(timeout=10)
            services.branch_actions_save(
                branch=Branch.objects.select_related("dispute").get(pk=branch.pk),
                actions=actions,
                by=who,
                version=seen,
            )
            outcomes[actions] = "saved"
        except services.DisputeError as error:
            outcomes[actions] = error.code
        except BaseException as error:  # surfaced to the test below
            outcomes[actions] = repr(error)
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
    assert sorted(outcomes.values()) == ["saved", "stale"], outcomes
    (winner,) = [actions for actions, outcome in outcomes.items() if outcome == "saved"]
    assert Branch.objects.get(pk=branch.pk).actions == winner
    assert Dispute.objects.get(pk=dispute.pk).version == seen + 1
