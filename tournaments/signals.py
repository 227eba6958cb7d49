"""Replace an event's public version after any write the public pages show (see live.py).

Signals rather than calls in each service, so admin edits and future code paths are covered.
Life totals are left out on purpose: they change every few seconds at every table and the
cached pages do not show them (the match page that does is not cached). Writes to the roster
(the event, registrations, players, team lists) also replace the roster's token, which the
revealed team lists and the visitors' roles are cached on (live.roster_version), and so do
changes to the judges; results and pairings do not.
"""

from django.db.models.signals import m2m_changed, post_delete, post_save

from rules.models import Team, TeamCard
from tournaments.live import remember_slug, touch_on_commit
from tournaments.models import (
    Event,
    Game,
    Match,
    Player,
    Registration,
    ResultChange,
    ResultReport,
    Round,
)


def _match_event_id(match_id: int | None) -> int | None:
    if match_id is None:
        return None
    return Match.objects.filter(pk=match_id).values_list("round__event_id", flat=True).first()


def _event_ids(instance) -> list[int | None]:
    if isinstance(instance, Event):
        return [instance.pk]
    if isinstance(instance, Registration | Round):
        return [instance.event_id]
    if isinstance(instance, Match):
        if Match.round.is_cached(instance):
            return [instance.round.event_id]
        return [Round.objects.filter(pk=instance.round_id).values_list("event_id", flat=True)
                .first()]  # fmt: skip
    if isinstance(instance, ResultChange):
        return [instance.event_id]
    if isinstance(instance, Game | ResultReport):
        return [_match_event_id(instance.match_id)]
    if isinstance(instance, Player):
        return list(
            Registration.objects.filter(player_id=instance.pk).values_list("event_id", flat=True)
        )
    if isinstance(instance, Team | TeamCard):
        team_id = instance.pk if isinstance(instance, Team) else instance.team_id
        return list(Registration.objects.filter(team_id=team_id).values_list("event_id", flat=True))
    return []


ROSTER = (Event, Registration, Player, Team, TeamCard)


def changed(sender, instance, **kwargs):
    if kwargs.get("raw"):  # fixtures being loaded
        return
    if isinstance(instance, Event):
        deleted = "created" not in kwargs  # post_delete sends no `created`
        remember_slug(instance.slug, None if deleted else instance.pk)
    roster = isinstance(instance, ROSTER)
    for event_id in _event_ids(instance):
        touch_on_commit(event_id, roster=roster)


def judges_changed(sender, instance, action, pk_set, **kwargs):
    """Judges added or removed: the event page's own box shows them the manage link (the roles
    it reads are cached on the roster's token)."""
    if not action.startswith("post_"):
        return
    if isinstance(instance, Event):
        touch_on_commit(instance.pk, roster=True)
    else:  # changed from the user's side: every event in pk_set
        for event_id in pk_set or ():
            touch_on_commit(event_id, roster=True)


WATCHED = (
    Event,
    Registration,
    Round,
    Match,
    Game,
    ResultReport,
    ResultChange,
    Player,
    Team,
    TeamCard,
)


def connect() -> None:
    for model in WATCHED:
        post_save.connect(changed, sender=model, dispatch_uid=f"live-{model.__name__}-save")
        post_delete.connect(changed, sender=model, dispatch_uid=f"live-{model.__name__}-delete")
    m2m_changed.connect(judges_changed, sender=Event.judges.through, dispatch_uid="live-judges")
