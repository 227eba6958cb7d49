"""Who may use the judge console. A match's disputes belong to its event's judges and
organiser; a practice dispute to the judge who opened it. Players see the final ruling on
their own match (question, answer, rules, penalties), never the judges' notes or the console.
"""

from django.core.exceptions import PermissionDenied

from judging.models import Dispute, Ruling
from tournaments.models import Event
from tournaments.permissions import is_event_staff, registration_of, staff_roles_in_reach


def is_judging_staff(user) -> bool:
    """A judge or organiser of any event, or site staff: may open practice disputes."""
    if not user.is_authenticated or not staff_roles_in_reach(user):
        return False
    if user.is_staff or user.is_superuser:
        return True
    return user.judged_events.exists() or Event.objects.filter(organiser=user).exists()


def can_judge(user, dispute: Dispute) -> bool:
    if not user.is_authenticated:
        return False
    if dispute.event_id is None:
        return staff_roles_in_reach(user) and (dispute.opened_by_id == user.pk or user.is_superuser)
    return is_event_staff(user, dispute.event)


def require_judge(user, dispute: Dispute) -> None:
    if not can_judge(user, dispute):
        raise PermissionDenied("Only the event's judges and organiser can work on this dispute.")


def require_event_judge(user, event: Event) -> None:
    if not is_event_staff(user, event):
        raise PermissionDenied("Only the event's judges and organiser can open disputes.")


def require_judging_staff(user) -> None:
    if not is_judging_staff(user):
        raise PermissionDenied("The judge console is for judges and event organisers.")


def can_see_ruling(user, ruling: Ruling) -> bool:
    """The final ruling on a match: its two players and the event's staff."""
    if can_judge(user, ruling.dispute):
        return True
    match = ruling.match
    return match is not None and registration_of(user, match) is not None
