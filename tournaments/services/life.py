"""Life totals at the table (T2.4-T2.6, R5.1a, R12.4, R16).

Both players' phones change the same game at once: every write locks the game row and applies
its change to the current totals, so no entry overwrites another. Changes are appended, never
edited; an undo marks the latest one undone and restores the totals before it.
"""

from dataclasses import dataclass

from django.db import transaction

from tournaments.models import Game, LifeChange, Match, ResultReport, TableGame
from tournaments.services.clock import clock_for
from tournaments.services.errors import EventError

EXTRA_TURNS = 5  # T2.4: after the turn in progress at the time call (turn 0), five more


def starting_life(match: Match) -> int:
    return match.round.event.format.definition.get("starting_life", 20)


def current_game(match: Match) -> TableGame:
    """The game being played at this table: the first unfinished one, created when needed."""
    games = list(match.table_games.order_by("number"))
    open_game = next((g for g in games if not g.finished), None)
    if open_game is not None:
        return open_game
    if games and _match_decided(match, games):
        return games[-1]
    life = starting_life(match)
    game, _ = TableGame.objects.get_or_create(
        match=match,
        number=len(games) + 1,
        defaults={"starting_life": life, "life1": life, "life2": life},
    )
    return game


def _match_decided(match: Match, games: list[TableGame]) -> bool:
    if not match.round.is_best_of_three:
        return len(games) >= 1
    wins = [sum(1 for g in games if g.winner_side == side) for side in (1, 2)]
    time_called = any(g.time_called_turn is not None for g in games)
    return max(wins) >= 2 or len(games) >= 3 or time_called


def _lock(game_id: int) -> TableGame:
    return (
        TableGame.objects.select_for_update()
        .select_related("match__round__event__format")
        .get(pk=game_id)
    )


def _mark_time_call(game: TableGame) -> None:
    """When the table's clock has run out, the turn in progress becomes turn 0 (T2.4)."""
    unmarked = game.time_called_turn is None and not game.finished
    if unmarked and clock_for(game.match).state == "time_called":
        game.time_called_turn = game.turn


@dataclass(frozen=True)
class Applied:
    total: int
    wasted: int


def _apply(life: int, delta: int, start: int) -> Applied:
    """Gains never raise life above the starting total; the excess is wasted."""
    total = life + delta
    if delta > 0 and total > start:
        return Applied(max(life, start), total - max(life, start))
    return Applied(total, 0)


def _finish(game: TableGame, winner_side: int | None, ending: str) -> None:
    game.finished = True
    game.winner_side = winner_side
    game.ending = ending


def _propose_result(match: Match) -> None:
    """Once the table's games decide the match, propose it for the players to confirm."""
    games = list(match.table_games.order_by("number"))
    if not all(g.finished for g in games) or not _match_decided(match, games):
        return
    if match.result_status != Match.ResultStatus.PENDING:
        return
    sides = {1: match.player1_id, 2: match.player2_id}
    ResultReport.objects.update_or_create(
        match=match,
        reported_by=None,
        defaults={
            "games": [
                {"winner": sides.get(g.winner_side), "ending": g.ending or Game.Ending.LIFE,
                 "life1": g.life1, "life2": g.life2, "first_player": None}
                for g in games
            ]
        },
    )  # fmt: skip
    Match.objects.filter(pk=match.pk).update(result_status=Match.ResultStatus.REPORTED)


@transaction.atomic
def life_change(
    *, game: TableGame, delta1: int = 0, delta2: int = 0, reason: str, by=None
) -> TableGame:
    """Change one or both totals. At 0 or below a player loses; both at once is a draw (T2.6)."""
    if not (delta1 or delta2):
        raise EventError("A life change needs an amount.", code="no_amount")
    if abs(delta1) > 99 or abs(delta2) > 99:
        raise EventError("A life change is at most 99.", code="too_large")
    if reason not in LifeChange.Reason.values:
        raise EventError(f"Unknown reason {reason!r}.", code="reason")
    game = _lock(game.pk)
    if game.finished:
        raise EventError("This game is over; undo the last change to correct it.", code="over")
    _mark_time_call(game)
    first = _apply(game.life1, delta1, game.starting_life)
    second = _apply(game.life2, delta2, game.starting_life)
    game.life1, game.life2 = first.total, second.total
    LifeChange.objects.create(
        table_game=game, delta1=delta1, delta2=delta2, life1=game.life1, life2=game.life2,
        wasted1=first.wasted, wasted2=second.wasted, reason=reason, turn=game.turn, entered_by=by,
    )  # fmt: skip
    out1, out2 = game.life1 <= 0, game.life2 <= 0
    if out1 or out2:
        _finish(game, None if out1 and out2 else (2 if out1 else 1), Game.Ending.LIFE)
    game.save()
    if game.finished:
        _propose_result(game.match)
    return game


@transaction.atomic
def life_undo(*, game: TableGame, by=None) -> TableGame:
    """Undo the latest change still in force; a game it ended is open again."""
    game = _lock(game.pk)
    last = game.changes.filter(undone=False).order_by("-created_at", "-pk").first()
    if last is None:
        raise EventError("There is no change to undo.", code="nothing")
    if game.match.result_status == Match.ResultStatus.CONFIRMED:
        raise EventError("The match result is confirmed; ask a judge.", code="confirmed")
    last.undone = True
    last.save(update_fields=["undone"])
    before = game.changes.filter(undone=False).order_by("-created_at", "-pk").first()
    game.life1 = before.life1 if before else game.starting_life
    game.life2 = before.life2 if before else game.starting_life
    if game.finished and game.ending == Game.Ending.LIFE:
        game.finished, game.winner_side, game.ending = False, None, ""
        game.match.reports.filter(reported_by=None).delete()
        Match.objects.filter(pk=game.match_id, result_status=Match.ResultStatus.REPORTED).update(
            result_status=Match.ResultStatus.PENDING
        )
    game.save()
    return game


@transaction.atomic
def turn_end(*, game: TableGame, by=None) -> TableGame:
    """The active player's turn ends. After the fifth extra turn, life totals decide (T2.4)."""
    game = _lock(game.pk)
    if game.finished:
        raise EventError("This game is over.", code="over")
    _mark_time_call(game)
    game.turn += 1
    game.active_side = 2 if game.active_side == 1 else 1
    if game.extra_turn is not None and game.extra_turn > EXTRA_TURNS:
        if game.life1 == game.life2:
            _finish(game, None, Game.Ending.TIME)
        else:
            _finish(game, 1 if game.life1 > game.life2 else 2, Game.Ending.TIME)
    game.save()
    if game.finished:
        _propose_result(game.match)
    return game


@transaction.atomic
def game_set_first(*, game: TableGame, side: int) -> TableGame:
    """Who takes the first turn of this game (before any turn has ended)."""
    game = _lock(game.pk)
    if game.turn != 1 or side not in (1, 2):
        raise EventError("The first player is set before the first turn ends.", code="started")
    game.active_side = side
    game.save(update_fields=["active_side", "updated_at"])
    return game


def table_state(match: Match, *, observe_clock: bool = True) -> dict:
    """Everything a table page or the floor view shows, as JSON."""
    game = current_game(match)
    if observe_clock and game.time_called_turn is None and not game.finished:
        with transaction.atomic():
            locked = _lock(game.pk)
            _mark_time_call(locked)
            if locked.time_called_turn is not None:
                locked.save(update_fields=["time_called_turn", "updated_at"])
            game = locked
    last = game.changes.filter(undone=False).order_by("-created_at", "-pk").first()
    return {
        "match": match.pk,
        "game": game.number,
        "games": match.table_games.count(),
        "best_of_three": match.round.is_best_of_three,
        "players": [match.player1.player.display_name, match.player2.player.display_name],
        "life": [game.life1, game.life2],
        "starting_life": game.starting_life,
        "turn": game.turn,
        "active_side": game.active_side,
        "extra_turn": game.extra_turn,
        "finished": game.finished,
        "winner_side": game.winner_side,
        "ending": game.ending,
        "last_change": None if last is None else {
            "delta": [last.delta1, last.delta2], "wasted": [last.wasted1, last.wasted2],
            "reason": last.get_reason_display(), "at": last.created_at.isoformat(),
        },
        "result_status": match.result_status,
        "clock": clock_for(match).as_json(),
        "version": game.updated_at.isoformat(),
    }  # fmt: skip
