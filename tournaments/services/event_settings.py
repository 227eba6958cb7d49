"""Changing an event's settings after creation: the same rules as the organiser's edit page."""

from django.db import transaction

from tournaments.models import Event
from tournaments.services.errors import EventError

# Fixed once the teams are locked at the start (T4.2): changing them would un-validate teams.
LOCKED_AFTER_START = ("format", "team_list_required")


@transaction.atomic
def event_update(*, event: Event, **fields) -> Event:
    """Change settings. Checked like the model's own rules; nothing is saved when any value is
    refused. Judges are invited and removed by tournaments.services.judges."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != Event.Status.REGISTRATION:
        locked = [
            name for name in LOCKED_AFTER_START
            if name in fields and fields[name] != getattr(event, name)
        ]  # fmt: skip
        if locked:
            raise EventError(
                f"{' and '.join(locked)} cannot change once the teams are locked at the start.",
                code="locked",
            )
    for name, value in fields.items():
        setattr(event, name, value)
    event.full_clean()
    event.save()
    return event
