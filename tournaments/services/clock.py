"""The round clock, from the server's time (T2.4): start, per-table extra time, time call."""

import datetime
import math
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from tournaments.models import Match, Round, TableGame, TimeExtension
from tournaments.services.errors import EventError


@dataclass(frozen=True)
class Clock:
    state: str  # "not_started", "running", "paused" or "time_called"
    ends_at: datetime.datetime | None
    remaining_seconds: int | None

    def as_json(self) -> dict:
        return {
            "state": self.state,
            "ends_at": self.ends_at.isoformat() if self.ends_at else None,
            "remaining_seconds": self.remaining_seconds,
        }


def clock_for(match: Match, *, now: datetime.datetime | None = None) -> Clock:
    """The table's clock: the round's end plus any extra time this table was given."""
    round_ = match.round
    if round_.started_at is None:
        return Clock("not_started", None, None)
    now = now or timezone.now()
    ends_at = (
        round_.started_at
        + datetime.timedelta(minutes=round_.event.round_minutes)
        + datetime.timedelta(seconds=match.extra_seconds)
    )
    if match.clock_paused_at is not None:
        # Paused for a ruling: the time left stays what it was when the judge paused it.
        paused_left = int((ends_at - match.clock_paused_at).total_seconds())
        if paused_left > 0:
            return Clock("paused", ends_at + (now - match.clock_paused_at), paused_left)
    remaining = int((ends_at - now).total_seconds())
    if remaining > 0:
        return Clock("running", ends_at, remaining)
    return Clock("time_called", ends_at, 0)


@transaction.atomic
def round_start(*, round_: Round) -> Round:
    """Start the round's clock now. Starting it again does not reset it."""
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.started_at is None:
        round_.started_at = timezone.now()
        round_.save(update_fields=["started_at"])
    return round_


@transaction.atomic
def time_extend(*, match: Match, minutes: int, reason: str, by) -> TimeExtension:
    """A judge gives one table extra time (for a ruling): its clock shifts, and it is logged."""
    if not 1 <= minutes <= 60:
        raise EventError("Give between 1 and 60 minutes of extra time.", code="minutes")
    if not reason.strip():
        raise EventError("Say why the table gets extra time.", code="reason_missing")
    if len(reason.strip()) > 200:
        raise EventError("Keep the reason to 200 characters.", code="reason")
    Match.objects.filter(pk=match.pk).update(extra_seconds=F("extra_seconds") + minutes * 60)
    extension = TimeExtension.objects.create(
        match=match, seconds=minutes * 60, reason=reason.strip(), granted_by=by
    )
    match = Match.objects.select_related("round__event").get(pk=match.pk)
    if clock_for(match).state == "running":
        # Time given back after the call: the table plays on normally, and time will be
        # called again (turn 0 then) when its new end comes.
        TableGame.objects.filter(
            match=match, finished=False, time_called_turn__isnull=False
        ).update(time_called_turn=None, revision=F("revision") + 1)
    return extension


@transaction.atomic
def clock_pause(*, match: Match, by) -> Match:
    """A judge stops one table's clock while they rule. Pausing a paused clock changes nothing;
    a clock that isn't running can't be paused (the extra turns after time are not timed)."""
    match = Match.objects.select_for_update().select_related("round__event").get(pk=match.pk)
    if match.clock_paused_at is not None:
        return match
    state = clock_for(match).state
    if state != "running":
        raise EventError(
            "Only a running clock can be paused."
            if state == "not_started"
            else "Time has been called at this table: the extra turns are not timed.",
            code="clock_not_running",
        )
    match.clock_paused_at = timezone.now()
    match.save(update_fields=["clock_paused_at"])
    return match


@transaction.atomic
def clock_resume(*, match: Match, reason: str, by) -> TimeExtension | None:
    """The table's clock runs again; the time it stood still is given back as extra time and
    logged like any extension (None when the clock wasn't paused)."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.clock_paused_at is None:
        return None
    seconds = max(1, math.ceil((timezone.now() - match.clock_paused_at).total_seconds()))
    Match.objects.filter(pk=match.pk).update(
        extra_seconds=F("extra_seconds") + seconds, clock_paused_at=None
    )
    return TimeExtension.objects.create(
        match=match, seconds=seconds, reason=(reason.strip() or "Clock paused")[:200], granted_by=by
    )
