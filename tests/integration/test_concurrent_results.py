"""Both players report the same match at the same moment, on real PostgreSQL connections."""

import threading

import pytest
from django.db import connections

from tests.tournaments import factories
from tournaments import services
from tournaments.models import Game, Match, ResultChange, ResultReport
from tournaments.services import GameInput

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def report_together(match, reports) -> list[BaseException]:
    """Run each (reporter, games) report in its own thread and connection, released together."""
    barrier = threading.Barrier(len(reports))
    errors: list[BaseException] = []

    def report(reporter, games):
        try:
            barrier.wait(timeout=10)
            services.result_report(match=match, games=games, reporter=reporter)
        except BaseException as error:  # surfaced to the test below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=report, args=pair) for pair in reports]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return errors


@pytest.fixture
def match():
    event = factories.event(players=2, start=True)
    services.round_pair(event=event, seed=5)
    match = Match.objects.select_related("player1__player", "player2__player").get(
        round__event=event
    )
    for registration in (match.player1, match.player2):
        registration.player.user = factories.user()
        registration.player.save()
    return match


@pytest.mark.parametrize("attempt", range(5))
def test_agreeing_reports_at_once_give_exactly_one_confirmed_result(match, attempt):
    winner = [GameInput(match.player1_id, life1=4, life2=0)]
    errors = report_together(match, [(match.player1, winner), (match.player2, winner)])
    assert errors == []
    match.refresh_from_db()
    assert match.result_status == Match.ResultStatus.CONFIRMED
    assert Game.objects.filter(match=match).count() == 1
    assert ResultChange.objects.filter(match=match, kind="confirmed").count() == 1
    assert not ResultReport.objects.filter(match=match).exists()


def test_disagreeing_reports_at_once_keep_both_for_the_judge(match):
    errors = report_together(
        match,
        [
            (match.player1, [GameInput(match.player1_id)]),
            (match.player2, [GameInput(match.player2_id)]),
        ],
    )
    assert errors == []
    match.refresh_from_db()
    assert match.result_status == Match.ResultStatus.DISPUTED
    assert ResultReport.objects.filter(match=match).count() == 2
    assert not Game.objects.filter(match=match).exists()


def test_both_players_confirming_the_trackers_proposal_at_once_confirm_it_once(match):
    services.life_change(game=services.current_game(match), delta2=-20, reason="combat")
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def confirm(registration):
        try:
            barrier.wait(timeout=10)
            services.result_confirm(match=match, confirmer=registration)
        except BaseException as error:  # surfaced to the test below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=confirm, args=(r,)) for r in (match.player1, match.player2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    match.refresh_from_db()
    assert match.result_status == Match.ResultStatus.CONFIRMED
    assert Game.objects.get(match=match).winner_id == match.player1_id
    assert ResultChange.objects.filter(match=match, kind="confirmed").count() == 1
