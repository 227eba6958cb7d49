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
    # The tracker proposes; each player confirms (one player's word is not enough).
    services.result_confirm(match=match, confirmer=match.player2)
    match.refresh_from_db()
    assert match.result_status == "reported"
    with pytest.raises(EventError, match="opponent's confirmation is still needed"):
        services.result_confirm(match=match, confirmer=match.player2)
    services.result_confirm(match=match, confirmer=match.player1)
    match.refresh_from_db()
    assert match.result_status == "confirmed"
    game_one = match.games.get()
    assert (game_one.winner_id, game_one.life1, game_one.life2) == (match.player1_id, 20, 0)
    assert game_one.first_player_id == match.player1_id  # side 1 went first (the default)


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
    for expected_game, winner in ((1, 1), (2, 2), (3, 1)):
        game = services.current_game(match)
        assert game.number == expected_game
        services.life_change(game=game, **{f"delta{3 - winner}": -20}, reason="combat")
        if expected_game < 3:
            # The ended game stays on screen until the loser says who goes first (T2.3).
            assert services.current_game(match).number == expected_game
            state = services.table_state(match)
            assert state["next_game"] == {"number": expected_game + 1, "chooser_side": 3 - winner}
            assert state["games_won"] == ((1, 0) if expected_game == 1 else (1, 1))
            services.game_next(match=match, first_side=3 - winner)
            assert services.current_game(match).first_side == 3 - winner
    match.refresh_from_db()
    assert match.result_status == "reported"
    proposal = match.reports.get().games
    assert [g["winner"] for g in proposal] == [match.player1_id, match.player2_id, match.player1_id]
    # Game 1: side 1 by default; then each game's loser chose to go first.
    assert [g["first_player"] for g in proposal] == [
        match.player1_id, match.player2_id, match.player1_id
    ]  # fmt: skip
    with pytest.raises(EventError, match="decided"):
        services.game_next(match=match, first_side=1)


def test_the_next_game_waits_for_the_current_one_and_a_mistaken_lethal_can_be_undone():
    match = a_match(match_type=Event.MatchType.BEST_OF_THREE)
    game = services.current_game(match)
    with pytest.raises(EventError, match="Finish the game in progress"):
        services.game_next(match=match, first_side=1)
    game = services.life_change(game=game, delta2=-20, reason="combat")
    assert game.finished
    game = services.life_undo(game=game)  # a tap on the wrong player: game 1 goes on
    assert not game.finished and game.life2 == 20
    assert services.current_game(match).number == 1


def test_a_drawn_game_picks_the_next_first_player_at_random():
    match = a_match(match_type=Event.MatchType.BEST_OF_THREE)
    services.life_change(
        game=services.current_game(match), delta1=-20, delta2=-20, reason="ability"
    )
    assert services.table_state(match)["next_game"]["chooser_side"] is None
    assert services.game_next(match=match, first_side=None).active_side in (1, 2)


def test_time_called_between_games_decides_a_best_of_three_by_games_won():
    match = a_match(match_type=Event.MatchType.BEST_OF_THREE)
    services.round_start(round_=match.round)
    services.life_change(game=services.current_game(match), delta1=-20, reason="combat")
    call_time(match)
    state = services.table_state(match)  # the table (or the floor) looks after the call
    assert state["next_game"] is None and state["result_status"] == "reported"
    assert [g["winner"] for g in match.reports.get().games] == [match.player2_id]
    with pytest.raises(EventError, match="decided"):
        services.game_next(match=match, first_side=1)


def test_a_concession_ends_the_game_and_undo_takes_it_back():
    match = a_match()
    game = services.game_concede(game=services.current_game(match), side=2)
    assert (game.finished, game.winner_side, game.ending) == (True, 1, "concession")
    assert Match.objects.get(pk=match.pk).result_status == "reported"
    game = services.life_undo(game=game)
    assert not game.finished
    assert Match.objects.get(pk=match.pk).result_status == "pending"


def test_undo_after_the_time_decision_goes_back_into_the_last_extra_turn():
    match = a_match()
    services.round_start(round_=match.round)
    call_time(match)
    game = services.life_change(game=services.current_game(match), delta2=-3, reason="combat")
    for _ in range(6):
        game = services.turn_end(game=game)
    assert game.finished and game.ending == "time" and game.winner_side == 1
    game = services.life_undo(game=game)
    assert not game.finished and game.extra_turn == 5 and game.life2 == 17
    game = services.life_change(game=game, delta1=-5, reason="combat")
    game = services.turn_end(game=game)
    assert game.finished and game.winner_side == 2  # 15 against 17 now


def test_undo_is_refused_once_a_player_confirmed_the_proposal():
    match = a_match()
    game = services.life_change(game=services.current_game(match), delta1=-20, reason="combat")
    services.result_confirm(match=Match.objects.get(pk=match.pk), confirmer=match.player1)
    with pytest.raises(EventError, match="already confirmed this result"):
        services.life_undo(game=game)


def test_one_players_own_report_does_not_confirm_the_trackers_proposal():
    from tournaments.services import GameInput

    match = a_match()
    services.life_change(game=services.current_game(match), delta2=-20, reason="combat")
    services.result_report(
        match=Match.objects.get(pk=match.pk),
        games=[GameInput(match.player1_id)],
        reporter=match.player1,
    )
    match.refresh_from_db()
    assert match.result_status == "reported"  # the opponent has not said anything yet


def test_a_second_phone_pressing_the_same_button_is_told_not_obeyed():
    match = a_match()
    game = services.current_game(match)
    seen = services.table_state(match)
    services.turn_end(game=game, seen_turn=seen["turn"])
    with pytest.raises(EventError, match="Turn 1 has already ended"):
        services.turn_end(game=game, seen_turn=seen["turn"])
    game = services.life_change(game=game, delta1=-2, reason="combat")
    game = services.life_change(game=game, delta1=-3, reason="combat")
    seen = services.table_state(match)
    services.life_undo(game=game, seen_revision=seen["version"])
    with pytest.raises(EventError, match="changed meanwhile"):
        services.life_undo(game=game, seen_revision=seen["version"])
    assert services.current_game(match).life1 == 18  # one undo, not two


@pytest.mark.parametrize(
    ("reason", "delta", "message"),
    [("combat", +3, "Combat damage lowers life"), ("gain", -2, "Life gain raises life")],
)
def test_an_amount_against_its_reason_is_refused(reason, delta, message):
    match = a_match()
    with pytest.raises(EventError, match=message):
        services.life_change(game=services.current_game(match), delta1=delta, reason=reason)
    assert not LifeChange.objects.exists()
    game = services.life_change(game=services.current_game(match), delta1=-4, reason="combat")
    assert services.life_change(game=game, delta1=+1, reason="correction").life1 == 17


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


def test_extra_time_given_after_the_call_lets_the_table_play_on_normally():
    match = started(a_match())
    call_time(match)
    game = services.turn_end(game=services.current_game(match))
    assert game.time_called_turn is not None
    services.time_extend(match=match, minutes=5, reason="Ruling", by=match.round.event.organiser)
    game.refresh_from_db()
    assert game.time_called_turn is None and game.extra_turn is None
    state = services.table_state(Match.objects.select_related("round__event").get(pk=match.pk))
    assert state["clock"]["state"] == "running" and state["extra_minutes"] == 5


@pytest.mark.parametrize(("code", "life"), [("basic", 15), ("doubles", 30), ("draft-12", 12)])
def test_the_format_sets_the_starting_life_and_the_cap_on_gains(code, life):
    from rules.models import Format

    match = a_match()
    event = match.round.event
    event.format = Format.objects.get(code=code)  # the format fixes the starting life
    event.save()
    game = services.current_game(Match.objects.get(pk=match.pk))
    assert (game.life1, game.life2, game.starting_life) == (life, life, life)
    game = services.life_change(game=game, delta1=-4, reason="combat")
    assert services.life_change(game=game, delta1=+9, reason="gain").life1 == life


def test_a_confirmed_result_closes_the_table():
    from tournaments.services import GameInput

    match = a_match()
    game = services.life_change(game=services.current_game(match), delta1=-3, reason="combat")
    services.result_enter(
        match=match, games=[GameInput(match.player2_id)], by=match.round.event.organiser
    )
    for action in (
        lambda: services.life_change(game=game, delta1=-1, reason="combat"),
        lambda: services.turn_end(game=game),
        lambda: services.game_concede(game=game, side=1),
        lambda: services.life_undo(game=game),
    ):
        with pytest.raises(EventError, match="confirmed"):
            action()
