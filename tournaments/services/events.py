from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from rules.services import teams_lock
from rules.teams import TOURNAMENT
from tournaments.models import Event
from tournaments.services.errors import EventError


def unique_slug(name: str) -> str:
    base = slugify(name)[:120] or "event"
    slug, n = base, 1
    while Event.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


@transaction.atomic
def event_create(*, organiser, **fields) -> Event:
    from rules.models import Format

    fields.setdefault("format", Format.objects.get(code=TOURNAMENT.code))
    event = Event(organiser=organiser, slug=unique_slug(fields["name"]), **fields)
    event.full_clean()
    event.save()
    return event


@transaction.atomic
def event_start(*, event: Event) -> Event:
    """Close registration: lock every team and reveal them (T4.2); no-shows are dropped."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != Event.Status.REGISTRATION:
        raise EventError(f"{event} has already started.", code="already_started")
    registrations = event.registrations.select_related("player")
    present = [r for r in registrations if r.checked_in and r.dropped_after_round is None]
    if len(present) < 2:
        raise EventError("At least two checked-in players are needed to start.", code="too_few")
    if event.team_list_required:
        missing = [r.display_name for r in present if r.team_id is None]
        if missing:
            raise EventError(
                f"These players have no team list yet: {', '.join(missing)}.",
                code="team_missing",
            )
    registrations.filter(checked_in=False, dropped_after_round__isnull=True).update(
        dropped_after_round=0
    )
    teams_lock(teams=[r.team for r in present if r.team_id])
    event.status = Event.Status.RUNNING
    event.teams_revealed_at = timezone.now()
    event.save(update_fields=["status", "teams_revealed_at"])
    return event


@transaction.atomic
def event_finish(*, event: Event) -> Event:
    """End an event without a top cut once its last round is complete: the standings are final.

    (An event with a top cut finishes by itself when the final is confirmed.)
    """
    from tournaments.models import Match

    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != Event.Status.RUNNING:
        raise EventError("Only an event in its Swiss rounds can be finished.", code="not_running")
    if event.top_cut:
        raise EventError(
            f"This event has a top {event.top_cut}: start it, or set the top cut to 0 first.",
            code="has_top_cut",
        )
    last = event.rounds.order_by("-number").first()
    if last is None:
        raise EventError("Play at least one round before finishing the event.", code="no_rounds")
    open_matches = last.matches.exclude(result_status=Match.ResultStatus.CONFIRMED).count()
    if open_matches:
        raise EventError(
            f"Round {last.number} still has {open_matches} match(es) without a confirmed result.",
            code="round_open",
        )
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    return event
