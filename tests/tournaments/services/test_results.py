"""Results: staff entry, self-reports confirmed by the opponent, corrections with an audit trail."""

import pytest

from tests.tournaments import factories
from tournaments import services
from tournaments.models import Event, Match, ResultChange
from tournaments.services import EventError, GameInput

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    event = factories.event(players=4, start=True)
    services.round_pair(event=event, seed=1)
    return Match.objects.filter(round__event=event, player2__isnull=False).first()


def with_users(match):
    for registration in (match.player1, match.player2):
        registration.player.user = factories.user()
        registration.player.save()
    return match


def test_staff_entry_confirms_the_result_and_is_audited(match):
    organiser = match.round.event.organiser
    services.result_enter(
        match=match, games=[GameInput(match.player1_id, life1=7, life2=0)], by=organiser
    )
    match.refresh_from_db()
    assert match.result_status == Match.ResultStatus.CONFIRMED
    assert match.games.get().winner_id == match.player1_id
    change = ResultChange.objects.get(match=match)
    assert (change.kind, change.changed_by, change.before) == ("entered", organiser, [])


def test_correction_needs_a_reason_and_keeps_before_and_after(match):
    organiser = match.round.event.organiser
    services.result_enter(match=match, games=[GameInput(match.player1_id)], by=organiser)
    with pytest.raises(EventError, match="why"):
        services.result_enter(match=match, games=[GameInput(match.player2_id)], by=organiser)
    services.result_enter(
        match=match, games=[GameInput(match.player2_id)], by=organiser, reason="Slip was swapped"
    )
    correction = ResultChange.objects.filter(match=match).last()
    assert correction.kind == "corrected"
    assert correction.reason == "Slip was swapped"
    assert correction.before[0]["winner"] == match.player1_id
    assert correction.after[0]["winner"] == match.player2_id
    assert match.games.get().winner_id == match.player2_id


def test_a_self_report_waits_for_the_opponent_then_confirms(match):
    with_users(match)
    services.result_report(match=match, games=[GameInput(match.player2_id)], reporter=match.player1)
    match.refresh_from_db()
    assert match.result_status == Match.ResultStatus.REPORTED
    assert not match.games.exists()
    services.result_confirm(match=match, confirmer=match.player2)
    match.refresh_from_db()
    assert match.result_status == Match.ResultStatus.CONFIRMED
    assert match.games.get().winner_id == match.player2_id


def test_the_reporter_cannot_confirm_their_own_report(match):
    with_users(match)
    services.result_report(match=match, games=[GameInput(match.player1_id)], reporter=match.player1)
    with pytest.raises(EventError, match="no report from your opponent"):
        services.result_confirm(match=match, confirmer=match.player1)


def test_matching_reports_confirm_and_differing_reports_go_to_a_judge(match):
    with_users(match)
    services.result_report(match=match, games=[GameInput(match.player1_id)], reporter=match.player1)
    services.result_report(match=match, games=[GameInput(match.player2_id)], reporter=match.player2)
    match.refresh_from_db()
    assert match.result_status == Match.ResultStatus.DISPUTED
    services.result_enter(
        match=match, games=[GameInput(match.player1_id)], by=match.round.event.organiser
    )
    match.refresh_from_db()
    assert match.result_status == Match.ResultStatus.CONFIRMED
    assert not match.reports.exists()


def test_only_the_players_of_the_match_may_report(match):
    other = Match.objects.exclude(pk=match.pk).filter(round=match.round).first()
    with pytest.raises(EventError, match="Only the two players"):
        services.result_report(match=match, games=[GameInput(None)], reporter=other.player1)


@pytest.mark.parametrize(
    ("games", "message"),
    [
        ([], "1 to 1 game"),
        ([GameInput(None), GameInput(None)], "1 to 1 game"),
        ([GameInput(123456)], "winner is not in this match"),
        ([GameInput(None, ending="surrender")], "unknown ending"),
        ([GameInput(None, life1=500)], "impossible life total"),
    ],
)
def test_impossible_results_are_refused_with_a_reason(match, games, message):
    with pytest.raises(EventError, match=message):
        services.result_enter(match=match, games=games, by=match.round.event.organiser)
    assert not match.games.exists()


def test_best_of_three_stops_when_the_match_is_won():
    event = factories.event(players=2, start=True, match_type=Event.MatchType.BEST_OF_THREE)
    services.round_pair(event=event, seed=3)
    match = Match.objects.get(round__event=event)
    p1 = match.player1_id
    with pytest.raises(EventError, match="after the match was won"):
        services.result_enter(
            match=match, games=[GameInput(p1), GameInput(p1), GameInput(p1)], by=event.organiser
        )
    services.result_enter(
        match=match,
        games=[GameInput(p1), GameInput(match.player2_id), GameInput(p1)],
        by=event.organiser,
    )
    assert match.games.count() == 3
