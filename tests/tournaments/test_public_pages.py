"""Public pages: pairings by table with search, standings, player pages, the live endpoint and
the cache that is refreshed when a result changes."""

import re
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments import factories
from tournaments import live, services
from tournaments.models import Event, Match
from tournaments.services import GameInput

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = factories.event(players=6, start=True, name="Harbour Open")
    services.round_pair(event=event, seed=3)
    return event


def matches(event, number=1):
    return list(
        Match.objects.filter(round__event=event, round__number=number, player2__isnull=False)
        .select_related("player1__player", "player2__player")
        .order_by("table")
    )


def test_event_list_groups_events_by_what_is_happening(client, event):
    factories.event(name="Next Month Cup")
    page = client.get("/events/").content.decode()
    assert page.index("Playing now") < page.index("Harbour Open")
    assert page.index("Registration open") < page.index("Next Month Cup")


def test_pairings_by_table_with_links_and_a_search_without_javascript(client, event):
    first, second, third = matches(event)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "Round 1 pairings" in page
    assert page.index(first.player1.display_name) < page.index(third.player1.display_name)
    assert f'href="/events/{event.slug}/players/{first.player1_id}/"' in page
    assert f'data-names="{first.player1.display_name.lower()}|' in page

    name = second.player2.display_name
    found = client.get(f"/events/{event.slug}/", {"q": name.upper()}).content.decode()
    assert name in found and f"matching “{name.upper()}”" in found
    pairings = found.split('id="pairings"')[1].split('id="standings"')[0]
    assert name in pairings and first.player1.display_name not in pairings


def test_a_confirmed_result_refreshes_the_cached_standings(client, event):
    url = f"/events/{event.slug}/"
    client.get(url)
    with CaptureQueriesContext(connection) as cached:
        client.get(url)
    assert len(cached) <= 2, [q["sql"] for q in cached]  # the event itself, nothing else

    match = matches(event)[0]
    before = live.version(event.pk)
    services.result_enter(match=match, games=[GameInput(match.player1_id)], by=event.organiser)
    assert live.version(event.pk) != before
    page = client.get(url).content.decode()
    winner = match.player1.display_name
    leader = f'<a href="/events/{event.slug}/players/{match.player1_id}/">{winner}'
    assert re.search(r"<td>1</td>\s*<td>" + re.escape(leader), page)


def test_the_live_endpoint_changes_with_results_but_not_with_life_totals(client, event):
    url = f"/events/{event.slug}/live/"
    first = client.get(url).json()
    assert first["status"] == "running" and first["round"]["number"] == 1
    assert first["round"]["ends_at"] is None
    with CaptureQueriesContext(connection) as warm:
        assert client.get(url).json()["version"] == first["version"]
    assert len(warm) == 0

    match = matches(event)[0]
    services.life_change(game=services.current_game(match), delta1=-3, reason="combat")
    assert client.get(url).json()["version"] == first["version"]

    services.round_start(round_=match.round)
    clocked = client.get(url).json()
    assert clocked["version"] != first["version"] and clocked["round"]["ends_at"]
    assert client.get(f"/events/{event.slug}/").content.decode().count('class="round-clock"') == 1

    services.result_report(match=match, games=[GameInput(match.player2_id)], reporter=match.player1)
    assert client.get(url).json()["version"] != clocked["version"]
    assert client.get("/events/no-such-event/live/").status_code == 404


def test_bad_query_strings_never_break_the_page(client, event):
    for query in ({"after_round": "9" * 30}, {"after_round": "-1"}, {"q": "x" * 5000}):
        assert client.get(f"/events/{event.slug}/", query).status_code == 200
    client.force_login(event.organiser)
    for stale in ("abc", "-5", "9" * 30, "0"):
        answer = client.get(f"/manage/{event.slug}/floor/state/", {"stale": stale})
        assert answer.status_code == 200 and answer.json()["stale_minutes"] in (10, 1440)


def test_player_page_shows_matches_and_results(client, event):
    match = matches(event)[0]
    services.result_enter(
        match=match,
        games=[GameInput(match.player2_id)],
        by=event.organiser,
    )
    page = client.get(f"/events/{event.slug}/players/{match.player2_id}/").content.decode()
    assert "Rank 1 of 6" in page and "3 points" in page
    assert match.player1.display_name in page and "Won 1–0" in page
    loser = client.get(f"/events/{event.slug}/players/{match.player1_id}/").content.decode()
    assert "Lost 0–1" in loser
    other = Event.objects.exclude(pk=event.pk).first() or factories.event()
    assert client.get(f"/events/{other.slug}/players/{match.player1_id}/").status_code == 404


def test_teams_are_hidden_before_the_start_except_from_the_player_and_staff(client):
    event = factories.event(players=2)
    registration = event.registrations.select_related("team", "player").first()
    card = str(registration.team.cards.first().card)
    url = f"/events/{event.slug}/players/{registration.pk}/"
    assert card not in client.get(url).content.decode()
    assert "Teams are revealed when the event starts" in client.get(url).content.decode()

    client.force_login(factories.user())
    assert card not in client.get(url).content.decode()
    owner = factories.user()
    registration.player.user = owner
    registration.player.save()
    client.force_login(owner)
    assert card in client.get(url).content.decode()
    client.force_login(event.organiser)
    assert card in client.get(url).content.decode()

    services.event_start(event=event)
    client.logout()
    assert card in client.get(url).content.decode()


def test_your_match_box_only_for_the_players_of_the_match(client, event):
    match = matches(event)[0]
    player = factories.user()
    match.player1.player.user = player
    match.player1.player.save()
    report = f"/events/{event.slug}/matches/{match.pk}/report/"
    assert report not in client.get(f"/events/{event.slug}/").content.decode()
    client.force_login(factories.user())
    assert report not in client.get(f"/events/{event.slug}/").content.decode()
    client.force_login(player)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert report in page and f"table {match.table}</strong>: you play" in page
    assert f"/events/{event.slug}/tables/{match.pk}/" in page
    assert "Manage this event" not in page
    client.force_login(event.organiser)
    assert "Manage this event" in client.get(f"/events/{event.slug}/").content.decode()


def test_bracket_page_follows_the_top_cut(client):
    event = factories.event(players=4, start=True, top_cut=2)
    round_ = services.round_pair(event=event, seed=1)
    for match in round_.matches.filter(player2__isnull=False):
        services.result_enter(match=match, games=[GameInput(match.player1_id)], by=event.organiser)
    assert "has not started" in client.get(f"/events/{event.slug}/bracket/").content.decode()
    services.top_cut_start(event=event)
    page = client.get(f"/events/{event.slug}/bracket/").content.decode()
    assert "Final" in page and "has not started" not in page


def test_earlier_rounds_have_their_own_page(client, event):
    for match in matches(event):
        services.result_enter(match=match, games=[GameInput(match.player1_id)], by=event.organiser)
    services.round_pair(event=event, seed=4)
    page = client.get(f"/events/{event.slug}/").content.decode()
    earlier = page.split('id="earlier"')[1]
    assert f'href="/events/{event.slug}/rounds/1/"' in earlier
    assert "/rounds/2/" not in earlier  # the current round is on the event page itself
    first = matches(event)[0]
    round_page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert f"{first.player1.display_name} won 1–0" in round_page
    assert client.get(f"/events/{event.slug}/rounds/9/").status_code == 404


def test_anonymous_visitors_get_the_whole_page_from_the_cache(client, event):
    url = f"/events/{event.slug}/"
    first = client.get(url).content
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url).content
    assert again == first and len(queries) == 0

    match = matches(event)[0]
    services.result_enter(match=match, games=[GameInput(match.player2_id)], by=event.organiser)
    # A change is a new version. Made outside a request, nobody has rendered it yet: the first
    # visitor gets the page as it was at once, and renders the new one after their answer.
    assert client.get(url).content == first
    fresh = client.get(url).content
    assert fresh != first and client.get(url).content == fresh

    with mock.patch("tournaments.live.cache.set_many") as stored:
        odd = client.get(url, {"utm_source": "poster"})  # unknown parameters: served, not cached
    assert odd.status_code == 200 and b"Standings" in odd.content
    stored.assert_not_called()
    player = factories.user()
    match.player1.player.user = player
    match.player1.player.save()
    client.force_login(player)
    assert "You: " in client.get(url).content.decode()  # never someone else's cached page
