"""Judges of an event: the organiser invites an account by username, and only the account's
holder makes it a judge, by accepting; removing a judge takes effect at once.

Every answer to an invitation is the same whether or not an account has that username, so
the organiser learns nothing about other accounts (issue 24): an invitation to an unknown
name is stored like any other and simply never becomes anything."""

from django.contrib.auth import get_user_model
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.models import Event, JudgeInvitation
from tournaments.services.errors import EventError

USERNAME_LENGTH = 150


def invitation_sent_message(username: str) -> str:
    """What the organiser is told, for an account that exists or not."""
    return f"Invitation sent to {username}; they become a judge once they accept."


def _checked_username(username: str) -> str:
    name = username.strip()
    try:
        if not name or len(name) > USERNAME_LENGTH:
            raise ValidationError("length")
        UnicodeUsernameValidator()(name)
    except ValidationError:
        raise EventError(
            f"{name[:40]!r} is not a username: usernames have at most {USERNAME_LENGTH} "
            "letters, digits and @ . + - _ characters.",
            code="bad_username",
        ) from None
    return name


def checked_usernames(usernames: list[str]) -> list[str]:
    """The names given, stripped, each once (whatever its case); EventError for one that
    cannot be a username (which says nothing about whether an account has it)."""
    names: dict[str, str] = {}
    for username in usernames:
        if username.strip():
            name = _checked_username(username)
            names.setdefault(name.lower(), name)
    return list(names.values())


@transaction.atomic
def judge_invite(*, event: Event, username: str) -> JudgeInvitation:
    """Invite `username` to judge `event`. Inviting a name already invited answers with the
    pending invitation; a name that is already a judge (or the organiser's own) is refused,
    which tells the organiser only what their event's page already shows."""
    name = _checked_username(username)
    event = Event.objects.select_for_update().get(pk=event.pk)  # one invitation per name
    if event.organiser.get_username().lower() == name.lower():
        raise EventError("You organise this event: you already do what judges do.", code="self")
    if event.judges.filter(username__iexact=name).exists():
        raise EventError(f"{name} is already a judge of this event.", code="already_judge")
    pending = event.judge_invitations.filter(username__iexact=name).first()
    if pending is not None:
        return pending
    invitee = get_user_model().objects.filter(username__iexact=name).first()
    return JudgeInvitation.objects.create(event=event, username=name, invitee=invitee)


@transaction.atomic
def judge_invitation_withdraw(*, invitation: JudgeInvitation) -> None:
    """The organiser takes a pending invitation back; it can no longer be accepted."""
    JudgeInvitation.objects.filter(pk=invitation.pk).delete()


def _own_pending(invitation: JudgeInvitation, user) -> JudgeInvitation:
    """The invitation, locked, if it is still pending and addressed to `user`."""
    found = (
        JudgeInvitation.objects.select_for_update()
        .select_related("event")
        .filter(pk=invitation.pk)
        .first()
    )
    if found is None:
        raise EventError("This invitation was withdrawn or already answered.", code="gone")
    if found.invitee_id is None or found.invitee_id != user.pk:
        raise EventError("This invitation is not addressed to you.", code="not_yours")
    return found


@transaction.atomic
def judge_invitation_accept(*, invitation: JudgeInvitation, user) -> Event:
    """The invited account becomes one of the event's judges."""
    found = _own_pending(invitation, user)
    found.event.judges.add(user)
    found.delete()
    return found.event


@transaction.atomic
def judge_invitation_decline(*, invitation: JudgeInvitation, user) -> None:
    found = _own_pending(invitation, user)
    found.delete()


@transaction.atomic
def judge_remove(*, event: Event, user) -> None:
    """Removing a judge is immediate: it needs no one's agreement."""
    event.judges.remove(user)


@transaction.atomic
def event_judges_name(*, event: Event, usernames: list[str]) -> list[JudgeInvitation]:
    """The organiser's list of judges (the event form's field, the API's `judges`): judges left
    out are removed at once; names that are not yet judges are invited. Pending invitations not
    named stay pending (withdraw them one by one). Returns the invitations sent."""
    names = checked_usernames(usernames)
    event = Event.objects.select_for_update().get(pk=event.pk)
    wanted = {name.lower() for name in names}
    for judge in list(event.judges.all()):
        if judge.get_username().lower() not in wanted:
            event.judges.remove(judge)
    judging = {judge.get_username().lower() for judge in event.judges.all()}
    organiser = event.organiser.get_username().lower()
    return [
        judge_invite(event=event, username=name)
        for name in names
        if name.lower() not in judging and name.lower() != organiser
    ]
