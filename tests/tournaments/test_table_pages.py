"""The table page's JSON actions, the floor view, the clock controls and the life chart."""

import datetime

import pytest
from django.utils import timezone

from tests.tournaments import factories
from tournaments import services
from tournaments.models import Match, TimeExtension

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    return factories.seated_match(seed=1)


def test_only_the_tables_players_and_staff_open_it(client, match):
    assert client.get(factories.table_url(match)).status_code == 302
    client.force_login(factories.user())
    assert client.get(factories.table_url(match)).status_code == 403
    assert client.post(factories.table_url(match) + "life/", {"delta1": -1}).status_code == 403
    client.force_login(match.player2.player.user)
    assert client.get(factories.table_url(match)).status_code == 200
    client.force_login(match.round.event.organiser)
    assert client.get(factories.table_url(match) + "state/").json()["life"] == [20, 20]


def test_life_turn_and_undo_through_the_json_actions(client, match):
    client.force_login(match.player1.player.user)
    state = client.post(
        factories.table_url(match) + "life/", {"delta2": -5, "reason": "combat"}
    ).json()
    assert state["life"] == [20, 15]
    assert state["last_change"]["delta"] == [0, -5]
    state = client.post(factories.table_url(match) + "turn/").json()
    assert (state["turn"], state["active_side"]) == (2, 2)
    state = client.post(factories.table_url(match) + "undo/").json()
    assert state["life"] == [20, 20]
    refused = client.post(factories.table_url(match) + "undo/")
    assert refused.status_code == 409 and "no change to undo" in refused.json()["error"]
    bad = client.post(factories.table_url(match) + "life/", {"delta1": "lots"})
    assert bad.status_code == 409 and "whole number" in bad.json()["error"]


def test_floor_view_lists_every_table_and_flags_quiet_ones(client, match):
    event = match.round.event
    round_ = match.round
    round_.started_at = timezone.now() - datetime.timedelta(minutes=12)
    round_.save()
    client.force_login(match.player1.player.user)
    assert client.get(f"/manage/{event.slug}/floor/state/").status_code == 403
    client.post(factories.table_url(match) + "life/", {"delta1": -2})
    client.force_login(event.organiser)
    payload = client.get(f"/manage/{event.slug}/floor/state/?stale=10").json()
    assert payload["round"] == 1 and len(payload["tables"]) == 2
    by_table = {row["table"]: row for row in payload["tables"]}
    assert by_table[match.table]["life"] == [18, 20] and not by_table[match.table]["stale"]
    quiet = next(row for row in payload["tables"] if row["table"] != match.table)
    assert quiet["stale"]  # no life change in 12 minutes of a running round
    assert client.get(f"/manage/{event.slug}/floor/").status_code == 200


def test_clock_start_and_extra_time_from_the_round_page(client, match):
    event = match.round.event
    client.force_login(event.organiser)
    client.post(f"/manage/{event.slug}/rounds/1/clock/")
    match.round.refresh_from_db()
    assert match.round.started_at is not None
    response = client.post(
        f"/manage/{event.slug}/matches/{match.pk}/extend/",
        {"minutes": 5, "reason": "Long ruling"},
        follow=True,
    )
    assert "extra time" in response.content.decode()
    assert (
        "+5 min extra time" in response.content.decode()
        and "Long ruling" in response.content.decode()
    )
    assert TimeExtension.objects.get(match=match).seconds == 300
    state = client.get(factories.table_url(match) + "state/").json()
    assert state["clock"]["state"] == "running"
    assert 34 * 60 < state["clock"]["remaining_seconds"] <= 35 * 60
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert 'class="round-clock"' in page


def test_match_page_draws_each_games_life_as_a_chart(client, match):
    game = services.current_game(match)
    for delta in (-3, -4, -6):
        game = services.life_change(game=game, delta2=delta, reason="combat")
    html = client.get(f"/events/{match.round.event.slug}/matches/{match.pk}/").content.decode()
    assert html.count("<polyline") == 2
    assert "Life over 3 changes" in html
    assert "Game 1: 20 – 7" in html
    # Life ticks on the left (20 down to 0), the turn of the changes along the bottom, and
    # every change listed with who lost how much.
    assert html.count('class="tick" text-anchor="end"') == 5
    assert f"Turn 1: {match.player2.display_name} -6 → 7 · Combat damage" in html


def test_the_chart_lists_a_gain_lost_above_the_start(client, match):
    game = services.life_change(game=services.current_game(match), delta1=-2, reason="combat")
    services.life_change(game=game, delta1=+5, reason="gain")
    html = client.get(f"/events/{match.round.event.slug}/matches/{match.pk}/").content.decode()
    assert f"{match.player1.display_name} +5 → 20 (3 above 20 wasted)" in html


def test_each_phone_knows_its_side_and_a_player_concedes_only_for_themselves(client, match):
    client.force_login(match.player2.player.user)
    state = client.get(factories.table_url(match) + "state/").json()
    assert state["me"] == 2 and state["first_side"] == 1
    refused = client.post(factories.table_url(match) + "concede/", {"side": 1})
    assert refused.status_code == 409 and "Only the player themselves" in refused.json()["error"]
    state = client.post(factories.table_url(match) + "concede/", {"side": 2}).json()
    assert state["finished"] and state["winner_side"] == 1 and state["ending"] == "concession"
    assert state["proposal"]["confirmed_by"] == []


def test_both_players_confirm_the_proposal_from_their_phones(client, match):
    client.force_login(match.player1.player.user)
    client.post(factories.table_url(match) + "life/", {"delta2": -20, "reason": "combat"})
    state = client.post(factories.table_url(match) + "confirm/").json()
    p1, p2 = state["players"]
    assert state["proposal"]["confirmed_by"] == [p1] and state["result_status"] == "reported"
    client.force_login(match.round.event.organiser)
    staff = client.post(factories.table_url(match) + "confirm/")
    assert staff.status_code == 409 and "staff enter it" in staff.json()["error"]
    client.force_login(match.player2.player.user)
    report_page = client.get(f"/events/{match.round.event.slug}/matches/{match.pk}/report/")
    assert "Your opponent reported" in report_page.content.decode()
    state = client.post(factories.table_url(match) + "confirm/").json()
    assert state["result_status"] == "confirmed"
    assert Match.objects.get(pk=match.pk).games.get().winner_id == match.player1_id


def test_the_report_page_shows_the_trackers_proposal_as_such(client, match):
    services.life_change(game=services.current_game(match), delta1=-20, reason="combat")
    client.force_login(match.player1.player.user)
    page = client.get(f"/events/{match.round.event.slug}/matches/{match.pk}/report/")
    html = page.content.decode()
    assert "The life tracker proposes" in html and "Both players confirm it" in html
    assert f"{match.player2.display_name} won 0–20" in html


def test_best_of_three_next_game_and_stale_turn_through_the_json_actions(client):
    event = factories.event(players=2, start=True, match_type="bo3")
    services.round_pair(event=event, seed=4)
    match = Match.objects.get(round__event=event)
    client.force_login(event.organiser)
    state = client.post(factories.table_url(match) + "turn/", {"turn": 1}).json()
    assert state["turn"] == 2
    stale = client.post(
        factories.table_url(match) + "turn/", {"turn": 1}
    )  # the other phone, a moment late
    assert stale.status_code == 409 and stale.json()["state"]["turn"] == 2
    state = client.post(
        factories.table_url(match) + "life/", {"delta1": -20, "reason": "combat"}
    ).json()
    assert state["next_game"] == {"number": 2, "chooser_side": 1}
    state = client.post(factories.table_url(match) + "next/", {"side": 1}).json()
    assert (state["game"], state["active_side"], state["life"]) == (2, 1, [20, 20])
    assert state["games_won"] == [0, 1]


def test_ending_turns_does_not_keep_a_table_from_looking_quiet(client, match):
    round_ = match.round
    round_.started_at = timezone.now() - datetime.timedelta(minutes=30)
    round_.save()
    client.force_login(match.round.event.organiser)
    client.post(factories.table_url(match) + "life/", {"delta1": -2, "reason": "combat"})
    from tournaments.models import LifeChange

    LifeChange.objects.update(created_at=timezone.now() - datetime.timedelta(minutes=15))
    client.post(factories.table_url(match) + "turn/")
    payload = client.get(f"/manage/{match.round.event.slug}/floor/state/?stale=10").json()
    row = next(r for r in payload["tables"] if r["table"] == match.table)
    assert row["stale"] and row["quiet_minutes"] == 15
    assert row["result_label"] == "No result yet"


def test_a_player_finds_their_table_and_report_links_on_the_event_page(client, match):
    event = match.round.event
    client.force_login(match.player1.player.user)
    html = client.get(f"/events/{event.slug}/").content.decode()
    opponent = match.player2.display_name
    assert f"Round 1, table {match.table}</strong>: you play {opponent}" in html
    assert f"/events/{event.slug}/tables/{match.pk}/" in html
    assert f"/events/{event.slug}/matches/{match.pk}/report/" in html
    services.result_enter(
        match=match, games=[services.GameInput(match.player1_id)], by=event.organiser
    )
    html = client.get(f"/events/{event.slug}/").content.decode()
    # A confirmed result closes the table: no tracker or report links any more.
    assert f"/tables/{match.pk}/" not in html and f"/matches/{match.pk}/report/" not in html
