"""Who may do what at an event: organisers manage it, judges handle results, players their own."""

from django.core.exceptions import PermissionDenied

from tournaments.models import Event, Match, Registration


def is_organiser(user, event: Event) -> bool:
    return user.is_authenticated and (user.is_superuser or event.organiser_id == user.pk)


def is_event_staff(user, event: Event) -> bool:
    """Organisers and judges: enter and correct results, see every team."""
    return is_organiser(user, event) or (
        user.is_authenticated and event.judges.filter(pk=user.pk).exists()
    )


def require_organiser(user, event: Event) -> None:
    if not is_organiser(user, event):
        raise PermissionDenied("Only the event's organiser can do this.")


def require_event_staff(user, event: Event) -> None:
    if not is_event_staff(user, event):
        raise PermissionDenied("Only the event's organiser and judges can do this.")


def registration_of(user, match: Match) -> Registration | None:
    """The user's own registration in this match, if they are one of its players."""
    if not user.is_authenticated:
        return None
    for registration in (match.player1, match.player2):
        if registration is not None and registration.player.user_id == user.pk:
            return registration
    return None
