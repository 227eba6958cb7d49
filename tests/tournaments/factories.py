"""Small builders for tournament tests, on the project's own demo catalogue."""

import datetime
import itertools

from django.contrib.auth import get_user_model

from rules.catalogue import DEMO_CATALOGUE_PATH, read_demo_teams
from rules.models import Card
from rules.selectors import card_index
from rules.services import catalogue_import, formats_install_builtin
from rules.teams import Team, TeamEntry, format_tb_link
from tournaments import services
from tournaments.models import Event, Match

_names = itertools.count(1)


def demo_catalogue() -> None:
    formats_install_builtin()
    if not Card.objects.exists():
        catalogue_import(path=DEMO_CATALOGUE_PATH)


def team_links() -> list[str]:
    cards = card_index()
    return [
        format_tb_link(Team(tuple(TeamEntry(k, d) for k, d in team.cards), team.name), cards)
        for team in read_demo_teams()
    ]


def user(username: str | None = None, **fields):
    return get_user_model().objects.create_user(
        username=username or f"user{next(_names)}", password="pw-for-tests-only", **fields
    )


def event(*, players: int = 0, organiser=None, start: bool = False, **fields) -> Event:
    demo_catalogue()
    made = services.event_create(
        organiser=organiser or user(),
        name=fields.pop("name", f"Test event {next(_names)}"),
        date=fields.pop("date", datetime.date(2026, 11, 22)),
        **fields,
    )
    links = team_links()
    for n in range(players):
        registration = services.registration_create(
            event=made, display_name=f"Player {n + 1:02d}", team_list=links[n % len(links)]
        )
        services.registration_check_in(registration=registration)
    if start:
        made = services.event_start(event=made)
    return made


def seated_match(*, seed: int = 1) -> Match:
    """Round 1's first match of a started 4-player event, both players with an account (so
    they can open their table page and report)."""
    started = event(players=4, start=True)
    services.round_pair(event=started, seed=seed)
    match = Match.objects.filter(round__event=started, player2__isnull=False).first()
    for registration in (match.player1, match.player2):
        registration.player.user = user()
        registration.player.save()
    return match


def table_url(match: Match) -> str:
    return f"/events/{match.round.event.slug}/tables/{match.pk}/"
