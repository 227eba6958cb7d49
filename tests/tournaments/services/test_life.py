"""Life totals, undo, the time call and extra time (T2.4-T2.6, R12.4, R16)."""

import datetime

import pytest
from django.utils import timezone

from tests.tournaments import factories
from tournaments import services
from tournaments.models import Event, LifeChange, Match, TimeExtension
from tournaments.services import EventError

pytestmark = pytest.mark.django_db


def a_match(**event_fields) -> Match:
    event = factories.event(players=2, start=True, **event_fields)
    services.round_pair(event=event, seed=1)
    match = Match.objects.get(round__event=event)
    for registration in (match.player1, match.player2):
        registration.player.user = factories.user()
        registration.player.save()
    return match


def started(match: Match) -> Match:
    services.round_start(round_=match.round)
    return Match.objects.select_related("round__event").get(pk=match.pk)


def call_time(match: Match) -> None:
    round_ = match.round
    round_.started_at = timezone.now() - datetime.timedelta(minutes=round_.event.round_minutes + 1)
    round_.save()


def test_a_game_starts_at_the_formats_life_and_logs_every_change():
    match = a_match()
    game = services.current_game(match)
    assert (game.life1, game.life2) == (20, 20)
    game = services.life_change(game=game, delta2=-5, reason="combat")
    game = services.life_change(game=game, delta1=-1, reason="shortfall")
    assert (game.life1, game.life2) == (19, 15)
    assert list(game.changes.values_list("life1", "life2")) == [(20, 15), (19, 15)]


def test_gains_never_raise_life_above_the_start_and_the_excess_is_wasted():
    match = a_match()
    game = services.life_change(game=services.current_game(match), delta1=-2, reason="combat")
    game = services.life_change(game=game, delta1=+5, reason="gain")
    assert game.life1 == 20
    assert LifeChange.objects.last().wasted1 == 3


def test_reaching_zero_ends_the_game_and_proposes_the_result():
    match = a_match()
    game = services.life_change(game=services.current_game(match), delta2=-20, reason="combat")
    assert game.finished and game.winner_side == 1 and game.ending == "life"
    match.refresh_from_db()
    assert match.result_status == "reported"
    proposal = match.reports.get()
    assert proposal.reported_by is None and proposal.games[0]["winner"] == match.player1_id
    services.result_confirm(match=match, confirmer=match.player2)
    match.refresh_from_db()
    assert match.result_status == "confirmed"


def test_both_players_at_zero_from_one_change_is_a_draw():
    match = a_match()
    game = services.current_game(match)
    game = services.life_change(game=game, delta1=-19, delta2=-19, reason="ability")
    game = services.life_change(game=game, delta1=-1, delta2=-3, reason="ability")
    assert game.finished and game.winner_side is None


def test_undo_restores_the_totals_and_reopens_a_game_it_ended():
    match = a_match()
    game = services.life_change(game=services.current_game(match), delta1=-3, reason="combat")
    game = services.life_change(game=game, delta2=-20, reason="combat")
    game = services.life_undo(game=game)
    assert (game.life1, game.life2, game.finished) == (17, 20, False)
    match.refresh_from_db()
    assert match.result_status == "pending" and not match.reports.exists()
    assert LifeChange.objects.filter(undone=True).count() == 1
    game = services.life_undo(game=game)
    assert (game.life1, game.life2) == (20, 20)
    with pytest.raises(EventError, match="no change to undo"):
        services.life_undo(game=game)


def test_time_call_gives_five_more_turns_then_life_decides():
    match = a_match()
    services.round_start(round_=match.round)
    game = services.life_change(game=services.current_game(match), delta2=-4, reason="combat")
    game = services.turn_end(game=game)  # turn 2 starts before time is called
    call_time(match)
    game = services.life_change(game=game, delta1=-1, reason="combat")
    assert game.time_called_turn == 2 and game.extra_turn == 0
    for extra in range(1, 6):
        game = services.turn_end(game=game)
        assert game.extra_turn == extra and not game.finished
    game = services.turn_end(game=game)  # the fifth extra turn ends
    assert game.finished and game.ending == "time" and game.winner_side == 1  # 19 beats 16
    match.refresh_from_db()
    assert match.result_status == "reported"


def test_equal_life_after_the_extra_turns_is_a_draw():
    match = a_match()
    services.round_start(round_=match.round)
    call_time(match)
    game = services.current_game(match)
    for _ in range(6):
        game = services.turn_end(game=game)
    assert game.finished and game.winner_side is None and game.ending == "time"


def test_best_of_three_continues_to_the_next_game_until_decided():
    match = a_match(match_type=Event.MatchType.BEST_OF_THREE)
    for expected_game, side in ((1, 1), (2, 2), (3, 1)):
        game = services.current_game(match)
        assert game.number == expected_game
        services.life_change(game=game, **{f"delta{3 - side}": -20}, reason="combat")
    match.refresh_from_db()
    assert match.result_status == "reported"
    assert [g["winner"] for g in match.reports.get().games] == [
        match.player1_id, match.player2_id, match.player1_id
    ]  # fmt: skip


def test_extra_time_shifts_only_that_tables_clock_and_is_logged():
    match = started(a_match())
    before = services.clock_for(match).ends_at
    services.time_extend(
        match=match, minutes=4, reason="Ruling on Overcrush", by=match.round.event.organiser
    )
    match = Match.objects.select_related("round__event").get(pk=match.pk)
    assert services.clock_for(match).ends_at - before == datetime.timedelta(minutes=4)
    assert TimeExtension.objects.get().reason == "Ruling on Overcrush"
    with pytest.raises(EventError, match="why"):
        services.time_extend(match=match, minutes=2, reason=" ", by=match.round.event.organiser)


def test_basic_format_starts_at_fifteen():
    from rules.models import Format

    match = a_match()
    event = match.round.event
    event.format = Format.objects.get(code="basic")  # the format fixes the starting life
    event.save()
    assert services.current_game(Match.objects.get(pk=match.pk)).life1 == 15
