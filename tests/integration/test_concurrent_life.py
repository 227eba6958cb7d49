"""Both phones at a table change life at the same moment, on real PostgreSQL connections."""

import threading

import pytest
from django.db import connections

from tests.tournaments import factories
from tournaments import services
from tournaments.models import LifeChange, Match, TableGame

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_simultaneous_entries_from_two_phones_never_overwrite_each_other():
    event = factories.event(players=2, start=True)
    services.round_pair(event=event, seed=2)
    match = Match.objects.get(round__event=event)
    game = services.current_game(match)
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def phone(delta1: int, delta2: int, times: int) -> None:
        try:
            barrier.wait(timeout=10)
            for _ in range(times):
                services.life_change(game=game, delta1=delta1, delta2=delta2, reason="combat")
        except BaseException as error:  # surfaced to the test below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=phone, args=(-1, 0, 8)),
        threading.Thread(target=phone, args=(0, -1, 8)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    game = TableGame.objects.get(pk=game.pk)
    assert (game.life1, game.life2) == (12, 12)
    assert LifeChange.objects.filter(table_game=game).count() == 16
    # Each logged total follows from the one before: no entry was computed from a stale total.
    totals = list(LifeChange.objects.filter(table_game=game).values_list("life1", "life2"))
    steps = zip([(20, 20), *totals], totals, strict=False)
    assert all((a1 - b1) + (a2 - b2) == 1 for (a1, a2), (b1, b2) in steps)


def test_both_phones_ending_the_same_turn_at_once_pass_one_turn():
    event = factories.event(players=2, start=True)
    services.round_pair(event=event, seed=3)
    match = Match.objects.get(round__event=event)
    game = services.current_game(match)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def phone() -> None:
        try:
            barrier.wait(timeout=10)
            services.turn_end(game=game, seen_turn=1)
            outcomes.append("ended")
        except services.EventError as error:
            outcomes.append(error.code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=phone) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(outcomes) == ["ended", "stale"]
    game = TableGame.objects.get(pk=game.pk)
    assert (game.turn, game.active_side) == (2, 2)


def test_the_victims_undo_and_the_griefers_confirmation_at_once_leave_the_game_open():
    """Issue 24, finding 7, raced: whichever comes first, the griefer's 0 is undone and no
    confirmation of it is left behind."""
    event = factories.event(players=2, start=True)
    services.round_pair(event=event, seed=4)
    match = Match.objects.select_related("player1__player", "player2__player").get(
        round__event=event
    )
    for registration in (match.player1, match.player2):
        registration.player.user = factories.user()
        registration.player.save()
    griefer, victim = match.player1, match.player2
    game = services.life_change(
        game=services.current_game(match),
        delta2=-20,
        reason="combat",
        by=griefer.player.user,
    )
    barrier = threading.Barrier(2)
    outcomes: dict[str, str] = {}

    def run(name: str, action) -> None:
        try:
            barrier.wait(timeout=10)
            action()
            outcomes[name] = "done"
        except services.EventError as error:
            outcomes[name] = error.code
        finally:
            connections.close_all()

    threads = [
        threading.Thread(
            target=run,
            args=("confirm", lambda: services.result_confirm(match=match, confirmer=griefer)),
        ),
        threading.Thread(
            target=run,
            args=("undo", lambda: services.life_undo(game=game, by=victim.player.user)),
        ),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert outcomes["undo"] == "done" and outcomes["confirm"] in ("done", "nothing")
    game = TableGame.objects.get(pk=game.pk)
    assert (game.finished, game.life2) == (False, 20)
    match = Match.objects.get(pk=match.pk)
    assert match.result_status == "pending" and not match.reports.exists()
