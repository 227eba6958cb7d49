"""A running event with one match, its judge, organiser and players, on the demo catalogue."""

from dataclasses import dataclass

import pytest

from judging import services as judging_services
from judging.models import Dispute
from judging.replays import replays
from tests.judging.logs import BOARD, SEQUENCE
from tests.tournaments import factories
from tournaments import services
from tournaments.models import Event, Match


@dataclass
class Table:
    event: Event
    match: Match
    judge: object
    organiser: object
    player: object  # player1 of the match
    opponent: object  # player2 of the match
    other_player: object  # a player in another match
    stranger: object  # a user with no role


@pytest.fixture(autouse=True)
def fresh_replays():
    """Each test starts with an empty replay cache (it is per process)."""
    replays.clear()
    yield
    replays.clear()


@pytest.fixture
def table(db) -> Table:
    organiser = factories.user("organiser")
    event = factories.event(players=4, start=True, organiser=organiser, name="Judged")
    judge = factories.user("judge")
    event.judges.add(judge)
    round_ = services.round_pair(event=event, seed=3)
    matches = list(round_.matches.filter(player2__isnull=False).order_by("table"))
    match, other = matches[0], matches[1]
    # Known teams on each side: Diane's Justice League (P1) v Carlos's Villainy (P2).
    by_name = {r.display_name: r for r in event.registrations.select_related("player")}
    Match.objects.filter(pk=match.pk).update(
        player1=by_name["Player 01"], player2=by_name["Player 02"]
    )
    Match.objects.filter(pk=other.pk).update(
        player1=by_name["Player 03"], player2=by_name["Player 04"]
    )
    match.refresh_from_db()
    other.refresh_from_db()
    users = {}
    for name, registration in (
        ("player", match.player1),
        ("opponent", match.player2),
        ("other_player", other.player1),
    ):
        users[name] = factories.user(name)
        registration.player.user = users[name]
        registration.player.save()
    return Table(
        event=event,
        match=Match.objects.select_related("round__event", "player1__player").get(pk=match.pk),
        judge=judge,
        organiser=organiser,
        stranger=factories.user("stranger"),
        **users,
    )


@pytest.fixture
def dispute(table) -> Dispute:
    """A dispute at the table whose log is the console tests' board and sequence, typed over
    the dispute's own teams."""
    dispute = judging_services.dispute_open(match=table.match, title="Who blocks?", by=table.judge)
    teams = "\n".join(line for line in dispute.setup.splitlines() if " team " in line)
    return judging_services.dispute_log_save(
        dispute=dispute,
        text=f"game tournament life 20 first P1\n{teams}\n{BOARD}{SEQUENCE}",
        by=table.judge,
        version=None,
    )
