"""Standings are computed once per event version and shared (event page, player pages, API);
a signed-in player's event page is the shared page plus their session, their own box a small
separate fragment. These tests fail if the cache goes stale after a result, or if per-request
queries (an N+1, or a recomputation) come back."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments import factories
from tests.tournaments.test_standings_queries import played_event
from tournaments import live, services
from tournaments.models import Match
from tournaments.selectors import standings_for_event, standings_of_version
from tournaments.services import GameInput

pytestmark = pytest.mark.django_db


def table(rows) -> list[tuple]:
    return [(r.rank, r.registration.pk, r.points, r.wins, r.losses, r.figures) for r in rows]


def a_confirmed_match(event) -> Match:
    return (
        Match.objects.filter(round__event=event, player2__isnull=False)
        .filter(result_status=Match.ResultStatus.CONFIRMED)
        .order_by("round__number", "table")
        .first()
    )


def turn_around(event) -> None:
    """A judge corrects a confirmed result: the other player won."""
    match = a_confirmed_match(event)
    winner = match.player2_id if match.games.first().winner_id == match.player1_id else (
        match.player1_id
    )  # fmt: skip
    services.result_enter(
        match=match, games=[GameInput(winner)], by=event.organiser, reason="slip swapped"
    )


def test_standings_are_computed_once_per_version_and_follow_a_corrected_result():
    event = played_event(8)
    first = standings_of_version(event)
    assert table(first) == table(standings_for_event(event))
    with CaptureQueriesContext(connection) as queries:
        again = standings_of_version(event)
    assert len(queries) == 0 and table(again) == table(first)

    turn_around(event)
    corrected = standings_of_version(event)
    assert table(corrected) == table(standings_for_event(event)) != table(first)
    assert table(standings_of_version(event, after_round=1)) == table(
        standings_for_event(event, after_round=1)
    )


def api_standings(client, event):
    answer = client.get(f"/api/events/{event.slug}/standings/")
    assert answer.status_code == 200
    return answer.json()


def test_the_standings_api_is_served_from_the_cache_and_follows_a_corrected_result(client):
    event = played_event(8)
    first = api_standings(client, event)
    with CaptureQueriesContext(connection) as queries:
        again = api_standings(client, event)
    assert len(queries) == 0 and again == first

    turn_around(event)
    corrected = api_standings(client, event)
    expected = standings_for_event(event)
    assert corrected != first
    assert [(r["registration"], r["points"], r["figures"]) for r in corrected["rows"]] == [
        (r.registration.pk, r.points, r.figures) for r in expected
    ]
    after_one = client.get(f"/api/events/{event.slug}/standings/", {"after_round": 1}).json()
    assert after_one["after_round"] == 1
    assert [r["points"] for r in after_one["rows"]] == [
        r.points for r in standings_for_event(event, after_round=1)
    ]


def cold_api_queries(client, event) -> int:
    live.touch(event.pk)  # a new version: nothing cached for it yet
    with CaptureQueriesContext(connection) as queries:
        api_standings(client, event)
    return len(queries)


def test_computing_the_standings_api_does_not_grow_with_players(client):
    small, large = played_event(4), played_event(16)
    assert cold_api_queries(client, small) == cold_api_queries(client, large) <= 4


def test_a_signed_in_players_event_page_costs_only_their_session(client):
    event = played_event(8)
    services.round_pair(event=event)
    player = factories.user()
    registration = event.registrations.order_by("pk").first()
    registration.player.user = player
    registration.player.save()
    client.force_login(player)
    url = f"/events/{event.slug}/"
    assert client.get(url).status_code == 200  # renders this version's shared parts
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url).content.decode()
    # The session and its user; the pairings, standings and event come from the cache.
    assert len(queries) == 2, [q["sql"] for q in queries]
    assert "Player" in page and f"Log out {player.get_username()}" in page
    assert "You: " not in page and 'data-yours-url="' in page
    standings = page[page.index('<section id="standings"') :]
    assert standings == client.get(url).content.decode()[page.index('<section id="standings"') :]

    client.get(url, {"after_round": 1})
    with CaptureQueriesContext(connection) as queries:
        earlier = client.get(url, {"after_round": 1}).content.decode()
    assert len(queries) == 2 and "Standings after round 1" in earlier

    turn_around(event)  # a new version: the signed-in page shows the corrected standings
    fresh = client.get(url).content.decode()
    client.logout()
    anonymous = client.get(url).content.decode()
    assert (
        fresh[fresh.index('<section id="standings"') :]
        == (anonymous[anonymous.index('<section id="standings"') :])
    )
    assert fresh[fresh.index('<section id="standings"') :] != standings


def yours_queries(client, event) -> int:
    player = factories.user()
    registration = (
        Match.objects.filter(round__event=event, player2__isnull=False)
        .order_by("-round__number", "table")
        .first()
        .player1
    )
    registration.player.user = player
    registration.player.save()
    client.force_login(player)
    client.get(f"/events/{event.slug}/yours/")  # the event object of this version is cached
    with CaptureQueriesContext(connection) as queries:
        box = client.get(f"/events/{event.slug}/yours/").content.decode()
    assert "You: " in box and "you play" in box
    return len(queries)


def test_the_personal_box_does_not_grow_with_players(client):
    small, large = played_event(4), played_event(16)
    for event in (small, large):
        services.round_pair(event=event)
    # The session, its user, the roles (judge? registration?) and the match.
    assert yours_queries(client, small) == yours_queries(client, large) == 4
