"""The table page's poll (every 2 s from each table's phone, the most frequent request of the
load benchmark) reads in a fixed, small number of queries, and still marks the time call
under a lock when the round's clock has run out (T2.4)."""

import datetime

import pytest
from django.utils import timezone

from tests.tournaments import factories
from tournaments import services
from tournaments.models import Match, TableGame

pytestmark = pytest.mark.django_db
MATCH_RELATED = ("round__event__format", "player1__player", "player2__player")


def a_table_in_play() -> Match:
    event = factories.event(players=2, start=True)
    round_ = services.round_pair(event=event, seed=1)
    services.round_start(round_=round_)
    match = Match.objects.select_related(*MATCH_RELATED).get(round__event=event)
    game = services.current_game(match)
    for delta in (-3, -2, -4):
        game = services.life_change(game=game, delta1=delta, reason="combat")
    services.life_undo(game=game)
    return Match.objects.select_related(*MATCH_RELATED).get(pk=match.pk)


def test_polling_a_table_reads_games_changes_and_reports_once_each(
    django_assert_num_queries,
):
    match = a_table_in_play()
    with django_assert_num_queries(3):
        state = services.table_state(match)
    assert state["life"] == [15, 20]
    assert state["changes"] == 2
    assert state["last_change"]["delta"] == [-2, 0]
    assert state["clock"]["state"] == "running"
    assert TableGame.objects.get(match=match).time_called_turn is None


def test_polling_after_the_clock_ran_out_marks_the_turn_in_progress_as_turn_zero():
    match = a_table_in_play()
    round_ = match.round
    round_.started_at = timezone.now() - datetime.timedelta(minutes=round_.event.round_minutes + 1)
    round_.save()
    match = Match.objects.select_related(*MATCH_RELATED).get(pk=match.pk)
    state = services.table_state(match)
    assert state["clock"]["state"] == "time_called"
    assert state["extra_turn"] == 0
    assert TableGame.objects.get(match=match).time_called_turn == state["turn"]
    assert services.table_state(match)["version"] == state["version"]  # marked once only


def test_the_first_poll_of_a_new_table_creates_game_one():
    event = factories.event(players=2, start=True)
    services.round_pair(event=event, seed=1)
    match = Match.objects.select_related(*MATCH_RELATED).get(round__event=event)
    state = services.table_state(match)
    assert (state["game"], state["games"], state["life"], state["changes"]) == (1, 1, [20, 20], 0)
