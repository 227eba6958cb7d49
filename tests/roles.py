"""The six roles of the role matrix, in one event, for the matrix and the API tests.

anonymous        no account
player           a player of `match` (its player1)
other_player     a player of the same event, in another match
judge            a judge of the event
other_organiser  the organiser of another event (with its own players and round)
organiser        the event's organiser
The opponent (player2 of `match`) has an account too, to confirm reports.
"""

from dataclasses import dataclass, field

import pytest

from tests.tournaments import factories
from tournaments import services
from tournaments.models import Event, Match, Registration, Round

ROLES = ("anonymous", "player", "other_player", "judge", "other_organiser", "organiser")


@dataclass
class World:
    event: Event
    other_event: Event
    users: dict = field(default_factory=dict)  # role -> user (None for anonymous)
    opponent: object = None
    round: Round | None = None
    match: Match | None = None
    other_match: Match | None = None
    bye: Match | None = None
    registration: Registration | None = None
    other_registration: Registration | None = None
    other_event_match: Match | None = None

    @property
    def slug(self) -> str:
        return self.event.slug


def _link(registration: Registration, user) -> None:
    """The account plays this registration (as if its holder had claimed it)."""
    registration.player.user = user
    registration.player.save()
    registration.claim_code = None
    registration.save(update_fields=["claim_code"])


def build(*, started: bool = True, players: int = 5, top_cut: int = 0, prefix: str = "") -> World:
    """An event with `players` players (an odd number gives a bye). Started: round 1 paired,
    nothing reported. Not started: registration open, teams still hidden. `prefix` keeps the
    usernames of several worlds in one database apart."""
    organiser = factories.user(f"{prefix}organiser")
    other_organiser = factories.user(f"{prefix}other_organiser")
    judge = factories.user(f"{prefix}judge")
    event = factories.event(
        players=players, start=started, organiser=organiser, name="Main", top_cut=top_cut
    )
    event.judges.add(judge)
    other_event = factories.event(
        players=4, start=True, organiser=other_organiser, name="Elsewhere"
    )
    world = World(event=event, other_event=other_event)
    world.users = {
        "anonymous": None,
        "player": factories.user(f"{prefix}player"),
        "other_player": factories.user(f"{prefix}other_player"),
        "judge": judge,
        "other_organiser": other_organiser,
        "organiser": organiser,
    }
    world.opponent = factories.user(f"{prefix}opponent")
    other_round = services.round_pair(event=other_event, seed=5)
    world.other_event_match = other_round.matches.filter(player2__isnull=False).first()
    registrations = list(event.registrations.order_by("pk"))
    if not started:
        world.registration, world.other_registration = registrations[0], registrations[1]
        _link(world.registration, world.users["player"])
        _link(world.other_registration, world.users["other_player"])
        _link(registrations[2], world.opponent)
        return world
    world.round = services.round_pair(event=event, seed=7)
    played = list(world.round.matches.filter(player2__isnull=False).order_by("table"))
    world.match, world.other_match = played[0], played[1]
    world.bye = world.round.matches.filter(player2__isnull=True).first()
    world.registration = world.match.player1
    world.other_registration = world.other_match.player1
    _link(world.match.player1, world.users["player"])
    _link(world.match.player2, world.opponent)
    _link(world.other_match.player1, world.users["other_player"])
    return world


def finish_round(world: World) -> World:
    """Every match of the current round confirmed (player1 wins), so the next can be paired."""
    for match in world.round.matches.filter(player2__isnull=False):
        services.result_enter(
            match=match, games=[services.GameInput(match.player1_id)], by=world.event.organiser
        )
    return world


@pytest.fixture(scope="module")
def shared_catalogue(django_db_setup, django_db_blocker):
    """The demo catalogue loaded once for a module of many small tests (each test's own
    transaction would otherwise import it again), and removed after it, so other modules
    still start from an empty catalogue."""
    from rules.models import Card, CardSet, Die, Format

    with django_db_blocker.unblock():
        factories.demo_catalogue()
        yield
        Card.objects.all().delete()
        Die.objects.all().delete()
        CardSet.objects.all().delete()
        Format.objects.all().delete()


WORLD_KINDS = ("running", "registration", "between_rounds", "reported")


def make_world(kind: str, *, prefix: str = "") -> World:
    """The worlds the role matrix runs in: round 1 under way; registration open; round 1
    finished (a top 2 to start); round 1 under way with the opponent's report pending."""
    if kind == "registration":
        return build(started=False, players=4, prefix=prefix)
    if kind == "between_rounds":
        return finish_round(build(top_cut=2, prefix=prefix))
    world = build(prefix=prefix)
    if kind == "reported":
        services.result_report(
            match=world.match,
            games=[services.GameInput(world.match.player2_id)],
            reporter=world.match.player2,
        )
    return world


@pytest.fixture(scope="module")
def worlds(django_db_setup, django_db_blocker):
    """Every kind of world, built once for a module whose tests only read them or write
    inside a transaction they roll back; the database is flushed afterwards, as after a
    transactional test."""
    from django.core.management import call_command

    with django_db_blocker.unblock():
        try:
            yield {kind: make_world(kind, prefix=f"{kind}-") for kind in WORLD_KINDS}
        finally:
            call_command("flush", interactive=False, verbosity=0)
