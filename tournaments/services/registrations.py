from django.db import transaction

from rules.models import Team
from rules.selectors import card_index
from rules.services import team_create, teams_lock
from rules.teams import parse_team_list
from tournaments.models import Event, Match, Player, Registration
from tournaments.services.errors import EventError


def _last_round_number(event: Event) -> int:
    return event.rounds.order_by("-number").values_list("number", flat=True).first() or 0


def _team(event: Event, team_list: str) -> Team | None:
    """The team list checked against the event's format, stored; None for an empty list.

    Raises TeamListError (unreadable lines) or TeamIllegal (every violation); nothing is saved.
    """
    if not team_list.strip():
        return None
    cards = card_index()
    return team_create(team=parse_team_list(team_list, cards), fmt=event.format, cards=cards)


def _player(event: Event, *, display_name: str, contact: str, user) -> Player:
    """The player to register: checked for a name and duplicates; an account keeps its player
    from event to event (Player.user is one-to-one)."""
    display_name = display_name.strip()
    if not display_name:
        raise EventError("Give the player's name.", code="name_missing")
    if event.registrations.filter(player__display_name__iexact=display_name).exists():
        raise EventError(f"{display_name} is already registered.", code="duplicate_player")
    if user is None:
        return Player.objects.create(display_name=display_name, contact=contact.strip())
    if event.registrations.filter(player__user=user).exists():
        raise EventError(
            f"The account {user.get_username()} is already registered in this event.",
            code="duplicate_account",
        )
    player, _ = Player.objects.get_or_create(user=user, defaults={"display_name": display_name})
    player.display_name = display_name
    player.contact = contact.strip() or player.contact
    player.save(update_fields=["display_name", "contact"])
    return player


@transaction.atomic
def registration_create(
    *,
    event: Event,
    display_name: str,
    team_list: str = "",
    contact: str = "",
    user=None,
    fixed_table: int | None = None,
) -> Registration:
    """Register a player, with their team list checked against the event's format.

    The team list may follow later (registration_set_team) as long as it is in before the start
    when the event requires one. Raises TeamListError or TeamIllegal with every problem, or
    EventError; nothing is saved then.
    """
    if event.status != Event.Status.REGISTRATION:
        raise EventError("Registration is closed; add the player as a late entry.", code="closed")
    player = _player(event, display_name=display_name, contact=contact, user=user)
    team = _team(event, team_list)
    return Registration.objects.create(
        event=event, player=player, team=team, fixed_table=fixed_table
    )


@transaction.atomic
def registration_set_team(*, registration: Registration, team_list: str) -> Registration:
    """Give or replace a player's team list before the event starts (teams lock at the start).

    The new list is checked against the format first; when it is refused the old team stays.
    """
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    event = registration.event
    if event.status != Event.Status.REGISTRATION:
        raise EventError("Teams are locked once the event has started.", code="locked")
    team = _team(event, team_list)
    if team is None:
        raise EventError("Paste the team list.", code="team_missing")
    old = registration.team
    registration.team = team
    registration.save(update_fields=["team"])
    if old is not None:
        old.delete()
    return registration


@transaction.atomic
def registration_check_in(*, registration: Registration, checked_in: bool = True) -> Registration:
    registration.checked_in = checked_in
    registration.save(update_fields=["checked_in"])
    return registration


@transaction.atomic
def registration_drop(*, registration: Registration) -> Registration:
    """Drop a player from the next round on (T1.6); their results and standing stay."""
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.dropped_after_round is not None:
        raise EventError(f"{registration.player} has already dropped.", code="already_dropped")
    registration.dropped_after_round = _last_round_number(registration.event)
    registration.save(update_fields=["dropped_after_round"])
    return registration


@transaction.atomic
def registration_reinstate(*, registration: Registration) -> Registration:
    """Take back a drop entered by mistake: the player is paired again from the next round."""
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.dropped_after_round is None:
        raise EventError(f"{registration.player} has not dropped.", code="not_dropped")
    if registration.event.status != Event.Status.RUNNING:
        raise EventError("Players can be reinstated during the Swiss rounds.", code="not_running")
    registration.dropped_after_round = None
    registration.checked_in = True
    registration.save(update_fields=["dropped_after_round", "checked_in"])
    return registration


@transaction.atomic
def registration_late_entry(
    *,
    event: Event,
    display_name: str,
    team_list: str,
    missed_rounds_as: str,
    contact: str = "",
    user=None,
    fixed_table: int | None = None,
) -> Registration:
    """A player joining after round 1: each missed round is a loss or a bye (T1.6).

    Checked like a registration before the start (name, duplicates, the team list against the
    format); the team is locked at once, as everyone else's is.
    """
    if missed_rounds_as not in ("loss", "bye"):
        raise EventError("Missed rounds count as 'loss' or 'bye'.", code="bad_policy")
    if event.status != Event.Status.RUNNING:
        raise EventError("Late entries join an event that is running.", code="not_running")
    player = _player(event, display_name=display_name, contact=contact, user=user)
    team = _team(event, team_list)
    if team is None and event.team_list_required:
        raise EventError("This event needs the player's team list.", code="team_missing")
    played = list(event.rounds.all())
    registration = Registration.objects.create(
        event=event,
        player=player,
        team=team,
        checked_in=True,
        late_entry_round=len(played) + 1,
        fixed_table=fixed_table,
    )
    if team is not None:
        teams_lock(teams=[team])
    Match.objects.bulk_create(
        Match(
            round=missed,
            player1=registration,
            missed_round=missed_rounds_as == "loss",
            result_status=Match.ResultStatus.CONFIRMED,
        )
        for missed in played
    )
    return registration


def _player_for(event: Event, *, display_name: str, contact: str, user) -> Player:
    """The player to register. An account keeps one player from event to event (Player.user is
    one-to-one), under the name given this time."""
    if user is None:
        return Player.objects.create(display_name=display_name, contact=contact.strip())
    if event.registrations.filter(player__user=user).exists():
        raise EventError(
            f"The account {user.get_username()} is already registered for this event.",
            code="duplicate_account",
        )
    player, _ = Player.objects.get_or_create(user=user, defaults={"display_name": display_name})
    player.display_name = display_name
    player.contact = contact.strip() or player.contact
    player.save(update_fields=["display_name", "contact"])
    return player
