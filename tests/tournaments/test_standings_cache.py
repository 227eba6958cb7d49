"""Standings are computed once per event version and shared (event page, player pages, API);
a signed-in player's event page is the shared page plus their session, their own box a small
separate fragment. These tests fail if the cache goes stale after a result, or if per-request
queries (an N+1, or a recomputation) come back."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
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


def sign_in_a_player(client, event) -> Match:
    player = factories.user()
    match = (
        Match.objects.filter(round__event=event, player2__isnull=False)
        .order_by("-round__number", "table")
        .select_related("player1__player")
        .first()
    )
    match.player1.player.user = player
    match.player1.player.save()
    client.force_login(player)
    return match


def signed_in_queries(client, event, query=None) -> tuple[int, str]:
    url = f"/events/{event.slug}/"
    assert client.get(url, query).status_code == 200  # renders this version's shared parts
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url, query).content.decode()
    # The session is read from Redis where there is one (config.sessions), from the database
    # otherwise (tests/config/test_sessions.py): not counted here.
    return len([q for q in queries if "django_session" not in q["sql"]]), page


def test_a_signed_in_players_event_page_costs_their_session_and_their_box(client):
    event = played_event(8)
    services.round_pair(event=event)
    match = sign_in_a_player(client, event)
    # The user; their own box (roles, match), the pairings, standings and the event itself come
    # from the cache for this version.
    count, page = signed_in_queries(client, event)
    assert count == 1
    assert "You: " in page and f"/matches/{match.pk}/report/" in page
    standings = page[page.index('<section id="standings"') :]

    count, earlier = signed_in_queries(client, event, {"after_round": 1})
    assert count == 1 and "Standings after round 1" in earlier

    turn_around(event)  # a new version: the signed-in page shows the corrected standings
    fresh = client.get(f"/events/{event.slug}/").content.decode()
    client.logout()
    anonymous = client.get(f"/events/{event.slug}/").content.decode()
    assert (
        fresh[fresh.index('<section id="standings"') :]
        == (anonymous[anonymous.index('<section id="standings"') :])
    )
    assert fresh[fresh.index('<section id="standings"') :] != standings


def test_a_signed_in_players_event_page_does_not_grow_with_players(client):
    small, large = played_event(4), played_event(16)
    counts = []
    for event in (small, large):
        services.round_pair(event=event)
        sign_in_a_player(client, event)
        counts.append(signed_in_queries(client, event)[0])
    assert counts[0] == counts[1] == 1


def test_the_cached_own_box_follows_the_players_match_and_roles(client):
    event = played_event(8)
    services.round_pair(event=event)
    match = sign_in_a_player(client, event)
    url = f"/events/{event.slug}/"
    page = client.get(url).content.decode()
    assert f"/matches/{match.pk}/report/" in page and "Manage this event" not in page

    # Made a judge (a many-to-many change, no model saved): the next refresh shows the link.
    event.judges.add(match.player1.player.user)
    assert "Manage this event" in client.get(url).content.decode()

    # The result confirmed: the box no longer offers to report it.
    services.result_enter(match=match, games=[GameInput(match.player1_id)], by=event.organiser)
    page = client.get(url).content.decode()
    assert f"/matches/{match.pk}/report/" not in page and "You: " in page

    # Another player's box is their own, not the cached one of the first.
    other = sign_in_a_player_of(client, match.player2)
    page = client.get(url).content.decode()
    assert f"You: {other.display_name}" in page and "Manage this event" not in page


def sign_in_a_player_of(client, registration):
    user = factories.user()
    registration.player.user = user
    registration.player.save()
    client.force_login(user)
    return registration.player


def test_a_signed_in_refresh_reads_the_shared_body_with_the_event_not_through_the_cache_tag(
    client, monkeypatch
):
    """The view reads the page body in its one get_many; the {% cache %} tag (a second round
    trip, and a render on a miss) runs only when the body isn't cached yet. The two must agree
    on the fragment's key (a quoted fragment name in the template once made them differ)."""
    from django.templatetags.cache import CacheNode

    event = played_event(8)
    services.round_pair(event=event)
    sign_in_a_player(client, event)
    url = f"/events/{event.slug}/"
    assert client.get(url).status_code == 200  # this version's fragments are cached
    fragments = []
    render = CacheNode.render
    monkeypatch.setattr(CacheNode, "render", lambda node, context: fragments.append(
        node.fragment_name) or render(node, context))  # fmt: skip
    for query in ({}, {"after_round": 1}, {}):
        assert client.get(url, query).status_code == 200
    assert fragments.count("event-body") == 1  # after_round=1, the first time only


def test_while_the_new_version_renders_a_signed_in_page_shows_the_previous_body_and_says_so(
    client,
):
    """Stale while revalidating: a signed-in visitor arriving while another request renders
    the new version's shared body gets the previous version's body at once (their own box is
    current), and the page names that version, so live.js fetches the page again."""
    event = played_event(8)
    services.round_pair(event=event)
    match = sign_in_a_player(client, event)
    url = f"/events/{event.slug}/"
    before = client.get(url).content.decode()
    old = live.version(event.pk)
    assert f'data-live-version="{old}"' in before
    turn_around(event)  # a corrected result: a new version
    new = live.version(event.pk)
    key = f"public:page:{event.pk}:{new}:{url}?after_round="
    assert cache.add(f"{key}:rendering", 1, timeout=5)  # someone else is rendering it
    try:
        during = client.get(url).content.decode()
    finally:
        cache.delete(f"{key}:rendering")
    assert f'data-live-version="{old}"' in during
    standings = before[before.index('<section id="standings"') :]
    assert during[during.index('<section id="standings"') :] == standings
    assert f"/matches/{match.pk}/" in during  # their own box, current
    after = client.get(url).content.decode()
    assert f'data-live-version="{new}"' in after
    assert after[after.index('<section id="standings"') :] != standings


def test_after_a_result_is_reported_the_new_event_page_is_rendered_before_anyone_asks(client):
    """RenderAfterWrites: the writer's answer goes out, then the event page of the new
    version is rendered and cached, so the first follower to ask reads it from the cache."""
    event = played_event(8)
    services.round_pair(event=event)
    match = sign_in_a_player(client, event)
    url = f"/events/{event.slug}/"
    before = live.version(event.pk)
    answer = client.post(
        f"/events/{event.slug}/matches/{match.pk}/report/",
        {"game1_winner": match.player1_id, "game1_ending": "life"},
    )
    assert answer.status_code in (200, 302)
    current = live.version(event.pk)
    assert current != before
    cached = cache.get(live.page_key(event.pk, current, url, "after_round="))
    assert cached is not None and f'data-live-version="{current}"'.encode() in cached
    client.logout()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).content == cached
    assert len(queries) == 0


def test_after_a_write_each_signed_in_players_box_of_the_new_version_costs_no_query(client):
    """The writer's render after its answer also reads every player's seat for the new
    version; the players' roles are cached on the roster: a signed-in player's first page of
    the new version reads only their user, and their box shows the new state."""
    event = played_event(8)
    services.round_pair(event=event)
    match = sign_in_a_player(client, event)
    url = f"/events/{event.slug}/"
    assert client.get(url).status_code == 200  # their roles, cached for this roster
    opponent = Client()
    sign_in_a_player_of(opponent, match.player2)
    assert opponent.get(url).status_code == 200
    answer = client.post(
        f"/events/{event.slug}/matches/{match.pk}/report/",
        {"game1_winner": match.player1_id, "game1_ending": "life"},
    )
    assert answer.status_code in (200, 302)
    with CaptureQueriesContext(connection) as queries:
        page = opponent.get(url).content.decode()
    assert [q["sql"] for q in queries if "django_session" not in q["sql"]] == [
        q["sql"] for q in queries if "auth_user" in q["sql"]
    ] and len(queries) <= 2  # their user (and their session without Redis)
    assert f"You: {match.player2.display_name}" in page
    assert "Reported, awaiting the opponent" in page  # the seat of the new version


def test_a_page_rendered_after_a_write_never_waits_for_nor_breaks_anything(monkeypatch):
    event = played_event(4)
    url = f"/events/{event.slug}/"
    key = live.page_key(event.pk, live.version(event.pk), url, "after_round=")
    assert cache.add(f"{key}:rendering", 1, timeout=5)  # a follower is rendering it
    try:
        live.render_event_pages({event.pk})  # returns at once, leaves it to them
        assert cache.get(key) is None
    finally:
        cache.delete(f"{key}:rendering")

    from tournaments import views

    def broken(request, slug):
        raise RuntimeError("template error")

    monkeypatch.setattr(views.event_detail, "__wrapped__", broken)
    live.render_event_pages({event.pk})  # logged, not raised
    assert cache.get(key) is None and cache.get(f"{key}:rendering") is None


# -- What a version leaves as it was is not rendered again ----------------------------------------
def fragment_renders(monkeypatch) -> list[str]:
    from django.templatetags.cache import CacheNode

    rendered = []
    render = CacheNode.render

    def counting(node, context):
        # The tag reads its fragment and renders its contents only when it isn't cached.
        from django.core.cache.utils import make_template_fragment_key

        vary_on = [var.resolve(context) for var in node.vary_on]
        if not cache.has_key(make_template_fragment_key(node.fragment_name, vary_on)):
            rendered.append(node.fragment_name)
        return render(node, context)

    monkeypatch.setattr(CacheNode, "render", counting)
    return rendered


def reported_by_both(match) -> None:
    """Both players report the same result (with accounts): waiting, then confirmed."""
    for registration in (match.player1, match.player2):
        registration.player.user = factories.user()
        registration.player.save()
    yield_report = services.result_report
    yield_report(match=match, games=[GameInput(match.player1_id)], reporter=match.player1)
    yield
    yield_report(match=match, games=[GameInput(match.player1_id)], reporter=match.player2)


def section(page: str, anchor: str) -> str:
    start = page.index(anchor)
    return page[start : page.index("</section>", start)]


def test_the_revealed_teams_are_rendered_again_only_when_the_roster_changes(client):
    """Team lists (the biggest part of a running event's page) are keyed on the roster's
    token: a result replaces the event's version, not the roster's; a player renamed, a
    registration or a team list changed replaces both."""
    event = played_event(8)
    services.round_pair(event=event)
    event.refresh_from_db()
    assert event.teams_revealed_at is not None
    url = f"/events/{event.slug}/"
    roster = live.roster_version(event.pk)
    page = client.get(url).content.decode()
    teams = section(page, '<section id="teams"')

    match = Match.objects.filter(round__event=event, player2__isnull=False).last()
    services.result_enter(match=match, games=[GameInput(match.player1_id)], by=event.organiser)
    assert live.roster_version(event.pk) == roster
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url).content.decode()
    assert section(again, '<section id="teams"') == teams
    assert not [q for q in queries if "rules_teamcard" in q["sql"]]  # not rendered again

    registration = match.player1  # the name the event shows is the registration's
    registration.display_name = "Renamed Player"
    registration.save()
    assert live.roster_version(event.pk) != roster
    renamed = section(client.get(url).content.decode(), '<section id="teams"')
    assert "Renamed Player" in renamed and renamed != teams


def test_a_team_list_changed_after_the_reveal_shows_at_once(client):
    """A judge correcting a team list (unlocked, a card's dice changed) is a roster write:
    the event page and the player's page show it at once (Team and TeamCard are watched)."""
    event = played_event(4)
    registration = event.registrations.select_related("team").first()
    url = f"/events/{event.slug}/"
    player_url = f"/events/{event.slug}/players/{registration.pk}/"
    client.get(url), client.get(player_url)  # cached for this version
    roster, version = live.roster_version(event.pk), live.version(event.pk)
    team = registration.team
    team.locked_at = None
    team.save()
    entry = team.cards.select_related("card").first()
    entry.dice = entry.dice + 1 if entry.dice < 2 else 1
    entry.save()
    assert live.roster_version(event.pk) != roster and live.version(event.pk) != version
    shown = f"{entry.dice}× "
    teams = section(client.get(url).content.decode(), f'id="team-{registration.pk}"')
    assert f'{shown}<a href="/cards/{entry.card.key}/">' in teams
    team = section(client.get(player_url).content.decode(), 'id="team"')
    assert f'{shown}<a href="/cards/{entry.card.key}/">' in team


def test_standings_are_computed_again_only_when_their_inputs_change(monkeypatch):
    """A report waiting for the opponent replaces the version but not the standings' inputs:
    the standings are read from the cache of their inputs, not computed again."""
    from tournaments import selectors

    event = played_event(8)
    round_ = services.round_pair(event=event)
    first = standings_of_version(event)
    computed = []
    compute = selectors.compute_standings
    monkeypatch.setattr(selectors, "compute_standings", lambda *a: computed.append(1) or
                        compute(*a))  # fmt: skip

    match = round_.matches.filter(player2__isnull=False).first()
    reports = reported_by_both(match)
    next(reports)
    version = live.version(event.pk)
    assert table(standings_of_version(event)) == table(first) and computed == []

    next(reports, None)
    match.refresh_from_db()
    assert match.result_status == Match.ResultStatus.CONFIRMED
    assert live.version(event.pk) != version
    confirmed = standings_of_version(event)
    assert computed == [1] and table(confirmed) == table(standings_for_event(event))
    assert table(confirmed) != table(first)


def test_the_standings_section_is_rendered_once_for_the_versions_that_leave_it_as_it_was(
    client, monkeypatch
):
    event = played_event(8)
    round_ = services.round_pair(event=event)
    url = f"/events/{event.slug}/"
    before = section(client.get(url).content.decode(), '<section id="standings"')
    rendered = fragment_renders(monkeypatch)
    match = round_.matches.filter(player2__isnull=False).first()
    reports = reported_by_both(match)
    next(reports)
    live.render_event_pages({event.pk})  # as the writing request does after its answer
    page = client.get(url).content.decode()
    assert "event-pairings" in rendered and "event-standings" not in rendered
    assert section(page, '<section id="standings"') == before

    next(reports, None)
    live.render_event_pages({event.pk})
    after = section(client.get(url).content.decode(), '<section id="standings"')
    assert after != before


def test_a_drop_alone_shows_in_the_cached_standings(client):
    """A drop changes no result; the standings section (and the cached standings' rows) must
    still show it: what the rows show of a registration is part of their keys."""
    event = played_event(8)
    url = f"/events/{event.slug}/"
    before = section(client.get(url).content.decode(), '<section id="standings"')
    assert "(dropped)" not in before
    registration = event.registrations.first()
    registration.dropped_after_round = 2
    registration.save()
    after = section(client.get(url).content.decode(), '<section id="standings"')
    assert after.count("(dropped)") == 1
    api = client.get(f"/api/events/{event.slug}/standings/").json()
    assert [r["dropped"] for r in api["rows"]].count(True) == 1


def test_visitors_arriving_while_a_write_is_under_way_get_the_committed_version_not_a_render(
    client, monkeypatch
):
    """A writing request renders the event page of the version it makes once its answer has
    gone out (RenderAfterWrites); a visitor arriving before that (during the write, or between
    its commit and its answer) is given the version before it at once, the committed state,
    instead of rendering one that is about to be replaced; the writer's render releases it."""
    event = played_event(8)
    services.round_pair(event=event)
    url = f"/events/{event.slug}/"
    before = client.get(url).content  # this version's page, cached
    claims = []
    live._written.claims = claims  # as RenderAfterWrites sets it for a writing request
    try:
        live.touch_on_commit(event.pk)  # the write: a new version, claimed by the writer
    finally:
        live._written.claims = None
    current = live.version(event.pk)
    assert claims and cache.get(claims[-1])
    rendered = fragment_renders(monkeypatch)

    with CaptureQueriesContext(connection) as queries:
        during = client.get(url).content
    assert during == before and rendered == [] and len(queries) == 0

    live.render_event_pages({event.pk}, claims)  # the writer's answer has gone out
    assert not cache.get_many(claims)
    with CaptureQueriesContext(connection) as queries:
        after = client.get(url).content
    assert f'data-live-version="{current}"'.encode() in after and len(queries) == 0


def test_a_writing_request_claims_and_releases_the_render_of_its_version(client):
    """Through the middleware: a result reported through the page claims the event page of
    the version it makes and renders it after its answer; nothing stays claimed."""
    event = played_event(8)
    services.round_pair(event=event)
    match = sign_in_a_player(client, event)
    touched = []
    original = live.touch

    def recording(event_id, **kwargs):
        original(event_id, **kwargs)
        claim = live._writer_key(event_id, live.version(event_id))
        touched.append((claim, cache.get(claim)))  # claimed as the version was made

    from unittest import mock

    with mock.patch.object(live, "touch", recording):
        answer = client.post(
            f"/events/{event.slug}/matches/{match.pk}/report/",
            {"game1_winner": match.player1_id, "game1_ending": "life"},
        )
    assert answer.status_code in (200, 302) and touched
    assert all(claimed for _, claimed in touched)
    assert not cache.get_many([claim for claim, _ in touched])  # released once rendered
    url = f"/events/{event.slug}/"
    page = cache.get(live.page_key(event.pk, live.version(event.pk), url, "after_round="))
    assert page is not None
