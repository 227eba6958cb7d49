"""Life totals at the table (T2.3-T2.6, R5.1a, R12.4, R16).

Both players' phones change the same game at once: every write locks the game row and applies
its change to the current totals, so no entry overwrites another. Changes are appended, never
edited; an undo marks the latest one undone and restores the totals before it. Actions that
must not happen twice (ending a turn, undoing) carry what the phone saw, so a second phone
pressing the same button a moment later is told instead of ending another turn.
"""

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from tournaments.models import Game, LifeChange, Match, ResultReport, TableGame
from tournaments.services.clock import clock_for
from tournaments.services.errors import EventError

EXTRA_TURNS = 5  # T2.4: after the turn in progress at the time call (turn 0), five more
DAMAGE = {
    LifeChange.Reason.COMBAT,
    LifeChange.Reason.ABILITY,
    LifeChange.Reason.LOSS,
    LifeChange.Reason.SHORTFALL,
}


def starting_life(match: Match) -> int:
    return match.round.event.format.definition.get("starting_life", 20)


def current_game(match: Match) -> TableGame:
    """The game at this table: the latest one (finished or not); game 1 is created when needed.

    The next game of a best of 3 starts only when the players say who goes first (game_next),
    so the game that just ended stays on screen, and can still be undone, until then.
    """
    game = match.table_games.order_by("-number").first()
    if game is not None:
        return game
    life = starting_life(match)
    game, _ = TableGame.objects.get_or_create(
        match=match, number=1, defaults={"starting_life": life, "life1": life, "life2": life}
    )
    return game


def games_won(games: list[TableGame]) -> tuple[int, int]:
    return tuple(sum(1 for g in games if g.finished and g.winner_side == s) for s in (1, 2))


def _time_called(match: Match, games: list[TableGame]) -> bool:
    called = any(g.time_called_turn is not None for g in games)
    return called or clock_for(match).state == "time_called"


def _decided(match: Match, games: list[TableGame]) -> bool:
    """Whether the games played decide the match (T2.5): a single game once it ends; a best of
    3 at two wins, after three games, or when time is called with no game in progress."""
    if not games or not games[-1].finished:
        return False
    if not match.round.is_best_of_three:
        return True
    return max(games_won(games)) >= 2 or len(games) >= 3 or _time_called(match, games)


def _lock(game_id: int) -> TableGame:
    return (
        TableGame.objects.select_for_update()
        .select_related("match__round__event__format")
        .get(pk=game_id)
    )


def _refuse_if_closed(match: Match) -> None:
    if match.result_status == Match.ResultStatus.CONFIRMED:
        raise EventError("The match result is confirmed: this table is closed.", code="closed")


def _save(game: TableGame) -> None:
    game.revision += 1
    game.save()


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


def _reopen(game: TableGame) -> None:
    game.finished, game.winner_side, game.ending = False, None, ""


def _propose_result(match: Match) -> None:
    """Once the table's games decide the match, propose it for the players to confirm."""
    match = Match.objects.select_related("round__event").get(pk=match.pk)
    if match.result_status != Match.ResultStatus.PENDING:
        return
    games = list(match.table_games.order_by("number"))
    if not _decided(match, games):
        return
    sides = {1: match.player1_id, 2: match.player2_id}
    ResultReport.objects.update_or_create(
        match=match,
        reported_by=None,
        defaults={
            "games": [
                {"winner": sides.get(g.winner_side), "ending": g.ending or Game.Ending.LIFE,
                 "life1": g.life1, "life2": g.life2, "first_player": sides[g.first_side]}
                for g in games
            ]
        },
    )  # fmt: skip
    Match.objects.filter(pk=match.pk).update(result_status=Match.ResultStatus.REPORTED)


def _check_signs(match: Match, deltas: tuple[int, int], reason: str) -> None:
    """Damage and life loss lower life, a gain raises it; only a correction goes either way."""
    for side, delta in zip((1, 2), deltas, strict=True):
        wrong = (reason in DAMAGE and delta > 0) or (reason == LifeChange.Reason.GAIN and delta < 0)
        if wrong:
            who = (match.player1 if side == 1 else match.player2).display_name
            label = LifeChange.Reason(reason).label
            direction = "lowers" if reason in DAMAGE else "raises"
            raise EventError(
                f"{label} {direction} life, but {who} got {delta:+d}; use Correction to fix a "
                "total.",
                code="sign",
            )


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
    _refuse_if_closed(game.match)
    _check_signs(game.match, (delta1, delta2), reason)
    if game.finished:
        raise EventError("This game is over; undo to correct it.", code="over")
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
    _save(game)
    if game.finished:
        _propose_result(game.match)
    return game


def _last_change(game: TableGame) -> LifeChange | None:
    return game.changes.filter(undone=False).order_by("-created_at", "-pk").first()


@transaction.atomic
def life_undo(*, game: TableGame, by=None, seen_revision: int | None = None) -> TableGame:
    """Undo the latest thing that happened to the game: the life change still in force, or the
    end of a finished game (the time decision or a concession), which opens it again.

    `seen_revision` is the game's revision the phone showed; if the game has changed since,
    nothing is undone (a second phone pressing undo does not undo a second change).
    """
    game = _lock(game.pk)
    # The match too (after the game, as every writer here locks them): the undo takes back
    # the proposal and its confirmations, which a player may be confirming at this moment.
    match = Match.objects.select_for_update().get(pk=game.match_id)
    if seen_revision is not None and seen_revision != game.revision:
        raise EventError("The game changed meanwhile; look at it again before undoing.",
                         code="stale")  # fmt: skip
    if match.result_status == Match.ResultStatus.CONFIRMED:
        raise EventError("The match result is confirmed; ask a judge.", code="confirmed")
    confirmed_by = [r.reported_by.display_name for r in _player_reports(match)]
    if game.finished and confirmed_by and not _may_undo_confirmed(game, by):
        raise EventError(
            f"{' and '.join(confirmed_by)} already confirmed this result; only the player "
            "whose life the last change set, or a judge, can undo it now.",
            code="reported",
        )
    if game.finished and game.ending == Game.Ending.TIME:
        # The game was decided when its last extra turn ended: go back into that turn.
        _reopen(game)
        game.turn -= 1
        game.active_side = 3 - game.active_side
    elif game.finished and game.ending == Game.Ending.CONCESSION:
        _reopen(game)
    else:
        last = _last_change(game)
        if last is None:
            raise EventError("There is no change to undo.", code="nothing")
        last.undone, last.undone_by, last.undone_at = True, by, timezone.now()
        last.save(update_fields=["undone", "undone_by", "undone_at"])
        before = _last_change(game)
        game.life1 = before.life1 if before else game.starting_life
        game.life2 = before.life2 if before else game.starting_life
        if game.finished:
            _reopen(game)
    if not game.finished:
        _withdraw_proposal(match)
    _save(game)
    return game


def _may_undo_confirmed(game: TableGame, by) -> bool:
    """Once a player has confirmed the proposed result, the game's end is undone only by a
    judge, or by the player whose own life total the last change set when their opponent
    entered it: one player cannot end the game on the other's life and lock it in alone."""
    from tournaments.permissions import is_event_staff, registration_of

    if by is None:
        return False
    match = game.match
    if is_event_staff(by, match.round.event):
        return True
    me = registration_of(by, match)
    last = _last_change(game)
    if me is None or last is None or game.ending != Game.Ending.LIFE:
        return False
    mine = me.pk == match.player1_id
    my_delta = last.delta1 if mine else last.delta2
    opponent = (match.player2 if mine else match.player1).player.user_id
    return my_delta != 0 and opponent is not None and last.entered_by_id == opponent


def _withdraw_proposal(match: Match) -> None:
    """The game is open again: the tracker's proposal goes, and so do the players'
    confirmations of it (a player's own report, made elsewhere, stays)."""
    proposal = match.reports.filter(reported_by=None).first()
    if proposal is None:
        return
    confirmations = [r.pk for r in _player_reports(match) if r.games == proposal.games]
    match.reports.filter(pk__in=[proposal.pk, *confirmations]).delete()
    if not match.reports.exists():
        Match.objects.filter(pk=match.pk, result_status=Match.ResultStatus.REPORTED).update(
            result_status=Match.ResultStatus.PENDING
        )


def _player_reports(match: Match) -> list[ResultReport]:
    reports = match.reports.filter(reported_by__isnull=False)
    return list(reports.select_related("reported_by__player"))


@transaction.atomic
def turn_end(*, game: TableGame, by=None, seen_turn: int | None = None) -> TableGame:
    """The active player's turn ends. After the fifth extra turn, life totals decide (T2.4).

    With `seen_turn` (the turn the phone showed), a turn that has already ended is not ended
    again: both players pressing "End turn" at once pass one turn, not two.
    """
    game = _lock(game.pk)
    _refuse_if_closed(game.match)
    if game.finished:
        raise EventError("This game is over.", code="over")
    if seen_turn is not None and seen_turn != game.turn:
        raise EventError(f"Turn {seen_turn} has already ended.", code="stale")
    _mark_time_call(game)
    game.turn += 1
    game.active_side = 2 if game.active_side == 1 else 1
    if game.extra_turn is not None and game.extra_turn > EXTRA_TURNS:
        if game.life1 == game.life2:
            _finish(game, None, Game.Ending.TIME)
        else:
            _finish(game, 1 if game.life1 > game.life2 else 2, Game.Ending.TIME)
    _save(game)
    if game.finished:
        _propose_result(game.match)
    return game


@transaction.atomic
def game_concede(*, game: TableGame, side: int, by=None) -> TableGame:
    """A player concedes the game in progress; the other wins it."""
    if side not in (1, 2):
        raise EventError("Say which player concedes.", code="side")
    game = _lock(game.pk)
    _refuse_if_closed(game.match)
    if game.finished:
        raise EventError("This game is over.", code="over")
    _finish(game, 3 - side, Game.Ending.CONCESSION)
    _save(game)
    _propose_result(game.match)
    return game


@transaction.atomic
def game_set_first(*, game: TableGame, side: int) -> TableGame:
    """Who takes the first turn of this game (before any turn has ended or life changed)."""
    game = _lock(game.pk)
    _refuse_if_closed(game.match)
    if game.turn != 1 or side not in (1, 2) or game.finished:
        raise EventError("The first player is set before the first turn ends.", code="started")
    game.active_side = side
    _save(game)
    return game


@transaction.atomic
def game_next(*, match: Match, first_side: int | None, by=None) -> TableGame:
    """Start the next game of a best of 3. The loser of the last game chooses who goes first;
    after a drawn game it is random again (T2.3): `first_side` None picks at random.

    A player `by` other than that loser is refused (staff may start it): the winner cannot
    move on before the loser has seen the last game's end, which stays undoable until then.
    """
    if first_side not in (1, 2, None):
        raise EventError("Say who goes first.", code="side")
    match = (
        Match.objects.select_for_update().select_related("round__event__format").get(pk=match.pk)
    )
    _refuse_if_closed(match)
    games = list(match.table_games.order_by("number"))
    if not games or not games[-1].finished:
        raise EventError("Finish the game in progress first.", code="in_progress")
    if _decided(match, games):
        _propose_result(match)
        raise EventError("The match is decided: confirm its result.", code="decided")
    _refuse_unless_chooser(match, games[-1], by)
    life = starting_life(match)
    return TableGame.objects.create(
        match=match,
        number=len(games) + 1,
        starting_life=life,
        life1=life,
        life2=life,
        active_side=first_side or secrets.choice((1, 2)),
    )


def _refuse_unless_chooser(match: Match, last: TableGame, by) -> None:
    from tournaments.permissions import registration_of

    if by is None or last.winner_side is None:
        return
    me = registration_of(by, match)
    loser = match.player2 if last.winner_side == 1 else match.player1
    if me is not None and me.pk != loser.pk:
        raise EventError(
            f"{loser.display_name} lost game {last.number} and chooses who goes first "
            "(T2.3); until then that game can still be undone.",
            code="not_chooser",
        )


def _next_game(match: Match, games: list[TableGame]) -> dict | None:
    """What the table is asked between games of a best of 3, or None."""
    if not games or not games[-1].finished or _decided(match, games):
        return None
    last = games[-1]
    chooser = None if last.winner_side is None else 3 - last.winner_side
    return {"number": last.number + 1, "chooser_side": chooser}


def table_state(match: Match, *, observe_clock: bool = True) -> dict:
    """Everything a table page or the floor view shows, as JSON.

    Each table's phone polls this every 2 s, so it reads the games and the current game's
    changes once each, and locks the game only when the clock has run out and the time call is
    still to be marked (the lock re-checks it).
    """
    games = list(match.table_games.order_by("number")) or [current_game(match)]
    game = games[-1]
    unmarked = game.time_called_turn is None and not game.finished
    if observe_clock and unmarked and clock_for(match).state == "time_called":
        with transaction.atomic():
            locked = _lock(game.pk)
            _mark_time_call(locked)
            if locked.time_called_turn is not None:
                _save(locked)
            game = games[-1] = locked
    if observe_clock and game.finished and match.result_status == Match.ResultStatus.PENDING:
        _propose_result(match)  # time may have been called between two games (T2.5)
        match.refresh_from_db(fields=["result_status"])
    changes = list(game.changes.filter(undone=False).order_by("-created_at", "-pk"))
    last = changes[0] if changes else None
    users = {match.player1.player.user_id: 1, match.player2.player.user_id: 2}
    users.pop(None, None)
    reports = list(match.reports.select_related("reported_by__player"))
    proposal = next((r for r in reports if r.reported_by_id is None), None)
    return {
        "match": match.pk,
        "game": game.number,
        "games": len(games),
        "games_won": games_won(games),
        "best_of_three": match.round.is_best_of_three,
        "players": [match.player1.display_name, match.player2.display_name],
        "life": [game.life1, game.life2],
        "starting_life": game.starting_life,
        "turn": game.turn,
        "active_side": game.active_side,
        "first_side": game.first_side,
        "extra_turn": game.extra_turn,
        "finished": game.finished,
        "winner_side": game.winner_side,
        "ending": game.ending,
        "next_game": _next_game(match, games),
        "last_change": None if last is None else {
            "id": last.pk, "delta": [last.delta1, last.delta2],
            "wasted": [last.wasted1, last.wasted2], "reason": last.get_reason_display(),
            "at": last.created_at.isoformat(),
            "by_side": users.get(last.entered_by_id) if last.entered_by_id else None,
        },
        "changes": len(changes),
        "result_status": match.result_status,
        "proposal": None if proposal is None else {
            "games": proposal.games,
            "confirmed_by": [r.reported_by.display_name for r in reports if r.reported_by_id
                             and r.games == proposal.games],
        },
        "clock": clock_for(match).as_json(),
        "extra_minutes": match.extra_seconds // 60,
        "version": game.revision,
    }  # fmt: skip
