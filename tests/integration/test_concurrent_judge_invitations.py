"""Judge invitations written at the same moment on real PostgreSQL connections: two invites of
one name make one invitation; an acceptance and a withdrawal at once leave either a judge or
nothing, never a judge beside an invitation still pending."""

import threading

import pytest
from django.db import connections

from tests.tournaments import factories
from tournaments import services
from tournaments.models import JudgeInvitation

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def together(*calls) -> list[BaseException]:
    """Run each call in its own thread and connection, released together."""
    barrier = threading.Barrier(len(calls))
    errors: list[BaseException] = []

    def run(call):
        try:
            barrier.wait(timeout=10)
            call()
        except BaseException as error:  # surfaced to the test below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return errors


@pytest.mark.parametrize("attempt", range(3))
def test_two_invitations_of_one_name_at_once_make_one(attempt):
    event = factories.event(players=2)
    factories.user("jules")
    errors = together(
        lambda: services.judge_invite(event=event, username="jules"),
        lambda: services.judge_invite(event=event, username="JULES"),
    )
    assert errors == []
    assert JudgeInvitation.objects.filter(event=event).count() == 1


@pytest.mark.parametrize("attempt", range(3))
def test_an_acceptance_and_a_withdrawal_at_once_leave_a_judge_or_nothing(attempt):
    event = factories.event(players=2)
    judge = factories.user("jules")
    invitation = services.judge_invite(event=event, username="jules")
    errors = together(
        lambda: services.judge_invitation_accept(invitation=invitation, user=judge),
        lambda: services.judge_invitation_withdraw(invitation=invitation),
    )
    # The acceptance either came first (a judge) or found the invitation withdrawn.
    assert all(isinstance(e, services.EventError) and e.code == "gone" for e in errors)
    assert not JudgeInvitation.objects.filter(event=event).exists()
    assert event.judges.filter(pk=judge.pk).exists() == (not errors)
