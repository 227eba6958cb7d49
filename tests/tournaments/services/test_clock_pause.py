"""A judge pauses one table's clock while ruling; the time it stood still is given back as
logged extra time (T2.4)."""

import datetime

import pytest
from django.utils import timezone

from tests.tournaments import factories
from tournaments import services
from tournaments.models import Match, TimeExtension
from tournaments.services import EventError

pytestmark = pytest.mark.django_db


@pytest.fixture
def match() -> Match:
    event = factories.event(players=2, start=True)
    round_ = services.round_pair(event=event, seed=1)
    services.round_start(round_=round_)
    return Match.objects.select_related("round__event").get(round=round_)


def reload(match: Match) -> Match:
    return Match.objects.select_related("round__event").get(pk=match.pk)


def test_a_paused_clock_stands_still_and_resuming_gives_the_time_back(match):
    judge = factories.user()
    services.clock_pause(match=match, by=judge)
    # The judge paused it 95 seconds ago.
    paused_at = timezone.now() - datetime.timedelta(seconds=95)
    Match.objects.filter(pk=match.pk).update(clock_paused_at=paused_at)
    match = reload(match)
    at_pause = services.clock_for(match, now=paused_at)
    now = services.clock_for(match)
    later = services.clock_for(match, now=timezone.now() + datetime.timedelta(minutes=5))
    assert now.state == later.state == "paused"
    assert now.remaining_seconds == later.remaining_seconds == at_pause.remaining_seconds

    extension = services.clock_resume(match=match, reason="Ruling on table 1", by=judge)
    match = reload(match)
    assert match.clock_paused_at is None
    assert 95 <= extension.seconds <= 97 and match.extra_seconds == extension.seconds
    assert (extension.reason, extension.granted_by) == ("Ruling on table 1", judge)
    running = services.clock_for(match)
    assert running.state == "running"
    assert abs(running.remaining_seconds - at_pause.remaining_seconds) <= 2


def test_pausing_twice_keeps_the_first_pause_and_resuming_a_running_clock_does_nothing(match):
    judge = factories.user()
    first = services.clock_pause(match=match, by=judge).clock_paused_at
    assert services.clock_pause(match=match, by=judge).clock_paused_at == first
    services.clock_resume(match=match, reason="", by=judge)
    assert services.clock_resume(match=match, reason="", by=judge) is None
    assert TimeExtension.objects.filter(match=match).count() == 1
    assert TimeExtension.objects.get(match=match).reason == "Clock paused"


def test_only_a_running_clock_can_be_paused(match):
    judge = factories.user()
    round_ = match.round
    round_.started_at = None
    round_.save()
    with pytest.raises(EventError) as not_started:
        services.clock_pause(match=reload(match), by=judge)
    assert not_started.value.code == "clock_not_running"
    round_.started_at = timezone.now() - datetime.timedelta(minutes=round_.event.round_minutes + 1)
    round_.save()
    with pytest.raises(EventError, match="extra turns are not timed"):
        services.clock_pause(match=reload(match), by=judge)
    assert reload(match).clock_paused_at is None
