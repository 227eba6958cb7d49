"""Who may do what at an event: organisers manage it, judges handle results, players their own."""

from functools import cached_property

from django.core.exceptions import PermissionDenied

from tournaments.models import Event, Match, Registration
from tournaments.tokens import PLAYER


def staff_roles_in_reach(user) -> bool:
    """False for a request made with a player-scoped API token (its user is marked by
    tournaments.api.authentication): the account's organiser, judge and administrator roles
    do not count there."""
    return getattr(user, "api_token_scope", None) != PLAYER


def is_organiser(user, event: Event) -> bool:
    return (
        user.is_authenticated
        and staff_roles_in_reach(user)
        and (user.is_superuser or event.organiser_id == user.pk)
    )


def is_event_staff(user, event: Event) -> bool:
    """Organisers and judges: enter and correct results, see every team."""
    return is_organiser(user, event) or (
        user.is_authenticated
        and staff_roles_in_reach(user)
        and event.judges.filter(pk=user.pk).exists()
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


def require_match_player(user, match: Match) -> Registration:
    registration = registration_of(user, match)
    if registration is None:
        raise PermissionDenied("Only the two players of this match can do this.")
    return registration


class Viewer:
    """One user's roles across events, looked up lazily and once per request (API lists ask
    for many events and registrations at a time).

    Roles are per event: organiser (Event.organiser, or a superuser), judge (Event.judges) and
    player (a registration whose Player is linked to the user). Everyone else is the public.
    """

    def __init__(self, user):
        self.user = user
        self.authenticated = bool(user and user.is_authenticated)

    @cached_property
    def judged_event_ids(self) -> set[int]:
        if not self.authenticated or not staff_roles_in_reach(self.user):
            return set()
        return set(self.user.judged_events.values_list("pk", flat=True))

    @cached_property
    def registration_by_event(self) -> dict[int, int]:
        if not self.authenticated:
            return {}
        rows = Registration.objects.filter(player__user_id=self.user.pk).order_by("-pk")
        return dict(rows.values_list("event_id", "pk"))

    def organiser(self, event: Event) -> bool:
        return is_organiser(self.user, event)

    def judge(self, event: Event) -> bool:
        return not self.organiser(event) and event.pk in self.judged_event_ids

    def staff(self, event: Event) -> bool:
        return self.organiser(event) or event.pk in self.judged_event_ids

    def registration_id(self, event: Event) -> int | None:
        return self.registration_by_event.get(event.pk)

    def owns(self, registration: Registration) -> bool:
        return self.registration_by_event.get(registration.event_id) == registration.pk

    def plays_in(self, match: Match, event: Event) -> bool:
        mine = self.registration_id(event)
        return mine is not None and mine in match.player_ids()

    def can_see_team(self, registration: Registration, event: Event) -> bool:
        """Teams are public once revealed at the start (T4.2); before, only staff and the owner."""
        return event.teams_revealed_at is not None or self.staff(event) or self.owns(registration)

    def can_see_private(self, registration: Registration, event: Event) -> bool:
        """Contact details, seating needs, the linked account: staff and the player themselves."""
        return self.staff(event) or self.owns(registration)

    def roles(self, event: Event) -> list[str]:
        found = [name for name in ("organiser", "judge") if getattr(self, name)(event)]
        return found + (["player"] if self.registration_id(event) else [])


class EventRoles:
    """A Viewer bound to one event, for the pages."""

    def __init__(self, user, event: Event):
        self.viewer = Viewer(user)
        self.event = event
        self.organiser = self.viewer.organiser(event)
        self.judge = self.viewer.judge(event)
        self.registration_id = self.viewer.registration_id(event)

    @property
    def staff(self) -> bool:
        return self.organiser or self.judge

    def owns(self, registration: Registration) -> bool:
        return self.registration_id is not None and registration.pk == self.registration_id

    def can_see_team(self, registration: Registration) -> bool:
        return self.viewer.can_see_team(registration, self.event)

    def can_see_private(self, registration: Registration) -> bool:
        return self.viewer.can_see_private(registration, self.event)
