from django.db import IntegrityError, transaction

from rules.models import Team
from rules.selectors import card_index
from rules.services import team_create, teams_lock
from rules.teams import parse_team_list
from tournaments import names
from tournaments.models import Event, Match, Player, Registration, claim_code
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


def _name(event: Event, display_name: str) -> tuple[str, str]:
    """The name as shown at this event and its look-alike key, checked for duplicates."""
    shown = names.clean(display_name)
    if not shown:
        raise EventError("Give the player's name.", code="name_missing")
    if len(shown) > names.MAX_LENGTH:
        raise EventError(
            f"The name is {len(shown)} characters once its letters are written out; "
            f"give at most {names.MAX_LENGTH}.",
            code="name_too_long",
        )
    key = names.key(shown)
    taken = event.registrations.filter(name_key=key).values_list("display_name", flat=True)
    clash = taken.first()
    if clash is not None:
        raise _duplicate_name(shown, clash)
    return shown, key


def _duplicate_name(shown: str, clash: str) -> EventError:
    if clash == shown:
        return EventError(f"{shown} is already registered.", code="duplicate_player")
    return EventError(
        f"{shown} looks the same as {clash}, who is already registered: "
        "give a name that tells them apart.",
        code="duplicate_player",
    )


def _player(event: Event, *, display_name: str, contact: str, user) -> Player:
    """Who is registering. For a name an organiser gives, a Player of its own (no account is
    linked until its holder claims the registration). For an account registering itself, its
    own Player: made from this registration the first time; after that its name stays the
    account holder's (their profile), and a contact they give here is their own to change."""
    contact = contact.strip()
    if user is None:
        return Player.objects.create(display_name=display_name, contact=contact)
    if event.registrations.filter(player__user=user).exists():
        raise EventError("You are already registered in this event.", code="duplicate_account")
    player, created = Player.objects.get_or_create(
        user=user, defaults={"display_name": display_name, "contact": contact}
    )
    if not created and contact and contact != player.contact:
        player.contact = contact
        player.save(update_fields=["contact"])
    return player


def _registration(event: Event, *, display_name: str, contact: str, user, **fields):
    """Create the registration; a concurrent one with the same or a look-alike name, or the
    same account, is refused like a sequential one (the database's unique constraints)."""
    shown, key = _name(event, display_name)
    player = _player(event, display_name=shown, contact=contact, user=user)
    try:
        with transaction.atomic():
            return Registration.objects.create(
                event=event,
                player=player,
                display_name=shown,
                name_key=key,
                claim_code=claim_code() if user is None else None,
                **fields,
            )
    except IntegrityError:
        clash = event.registrations.filter(name_key=key).values_list("display_name", flat=True)
        if clash.exists():
            raise _duplicate_name(shown, clash.first()) from None
        raise EventError(
            "You are already registered in this event.", code="duplicate_account"
        ) from None


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

    With `user`, the account registers itself. Without, an organiser registers a player by
    name: no account is linked or changed, and the registration gets a claim code that its
    player enters to link their own account (registration_claim).

    The team list may follow later (registration_set_team) as long as it is in before the start
    when the event requires one. Raises TeamListError or TeamIllegal with every problem, or
    EventError; nothing is saved then.
    """
    if event.status != Event.Status.REGISTRATION:
        raise EventError("Registration is closed; add the player as a late entry.", code="closed")
    team = _team(event, team_list)
    return _registration(
        event,
        display_name=display_name,
        contact=contact,
        user=user,
        team=team,
        fixed_table=fixed_table,
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
        raise EventError(
            f"{registration.display_name} has already dropped.", code="already_dropped"
        )
    registration.dropped_after_round = _last_round_number(registration.event)
    registration.save(update_fields=["dropped_after_round"])
    return registration


@transaction.atomic
def registration_reinstate(*, registration: Registration) -> Registration:
    """Take back a drop entered by mistake: the player is paired again from the next round."""
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.dropped_after_round is None:
        raise EventError(f"{registration.display_name} has not dropped.", code="not_dropped")
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
    fixed_table: int | None = None,
) -> Registration:
    """A player joining after round 1: each missed round is a loss or a bye (T1.6).

    Checked like a registration before the start (name, duplicates, the team list against the
    format); the team is locked at once, as everyone else's is. Registered by name, with a
    claim code, like an organiser's registration_create.
    """
    if missed_rounds_as not in ("loss", "bye"):
        raise EventError("Missed rounds count as 'loss' or 'bye'.", code="bad_policy")
    if event.status != Event.Status.RUNNING:
        raise EventError("Late entries join an event that is running.", code="not_running")
    team = _team(event, team_list)
    if team is None and event.team_list_required:
        raise EventError("This event needs the player's team list.", code="team_missing")
    played = list(event.rounds.all())
    registration = _registration(
        event,
        display_name=display_name,
        contact=contact,
        user=None,
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


def normalise_claim_code(code: str) -> str:
    """A claim code as typed: case, spaces and dashes do not matter."""
    return "".join(char for char in code.upper() if char.isalnum())


@transaction.atomic
def registration_claim(*, event: Event, code: str, user) -> Registration:
    """Link the account to the registration an organiser made by name, given its claim code.

    The event's name for the player and every account's profile stay as they are; the code is
    used up. Refused when the account already plays in the event. The same message answers a
    wrong code and a used one, so a code cannot be tested for.
    """
    code = normalise_claim_code(code)
    registration = (
        Registration.objects.select_for_update()
        .select_related("player")
        .filter(event=event, claim_code=code, player__user__isnull=True)
        .first()
        if code
        else None
    )
    if registration is None:
        raise EventError(
            "That claim code does not match a registration in this event: check it with the "
            "organiser.",
            code="bad_claim_code",
        )
    if event.registrations.filter(player__user=user).exists():
        raise EventError("You are already registered in this event.", code="duplicate_account")
    player, _ = Player.objects.get_or_create(
        user=user, defaults={"display_name": registration.display_name}
    )
    named = registration.player
    registration.player = player
    registration.claim_code = None
    try:
        with transaction.atomic():
            registration.save(update_fields=["player", "claim_code"])
    except IntegrityError:  # the account registered in this event meanwhile
        raise EventError(
            "You are already registered in this event.", code="duplicate_account"
        ) from None
    if not named.registrations.exists():
        named.delete()
    return registration
