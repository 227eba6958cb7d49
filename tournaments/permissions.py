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


def is_judge(user, event: Event) -> bool:
    return user.is_authenticated and event.judges.filter(pk=user.pk).exists()


def registration_in(user, event: Event) -> Registration | None:
    """The user's own registration at this event (their player role), if any."""
    if not user.is_authenticated:
        return None
    return (
        event.registrations.select_related("player")
        .filter(player__user_id=user.pk)
        .order_by("pk")
        .first()
    )


def require_match_player(user, match: Match) -> Registration:
    registration = registration_of(user, match)
    if registration is None:
        raise PermissionDenied("Only the two players of this match can do this.")
    return registration


def require_table_access(user, match: Match) -> None:
    """Life at a table: its two players and the event's staff."""
    if registration_of(user, match) is None and not is_event_staff(user, match.round.event):
        raise PermissionDenied("Only the players of this table and the event's staff.")


class EventRoles:
    """One user's roles at one event, looked up once (pages and API serializers ask often).

    Roles: organiser (Event.organiser, or a superuser), judge (Event.judges), player (a
    registration whose Player is linked to the user). Everyone else is the public.
    """

    def __init__(self, user, event: Event):
        self.user = user
        self.event = event
        self.organiser = is_organiser(user, event)
        self.judge = not self.organiser and is_judge(user, event)
        own = registration_in(user, event)
        self.registration_id = own.pk if own else None

    @property
    def staff(self) -> bool:
        return self.organiser or self.judge

    def owns(self, registration: Registration) -> bool:
        return self.registration_id is not None and registration.pk == self.registration_id

    def can_see_team(self, registration: Registration) -> bool:
        """Teams are public once revealed at the start (T4.2); before, only staff and the owner."""
        return self.event.teams_revealed_at is not None or self.staff or self.owns(registration)

    def can_see_private(self, registration: Registration) -> bool:
        """Contact details and seating needs: the event's staff and the player themselves."""
        return self.staff or self.owns(registration)

    def plays_in(self, match: Match) -> bool:
        return self.registration_id is not None and self.registration_id in match.player_ids()
