"""Match results: staff entry, player self-reports with opponent confirmation, corrections.

Every write locks the match row first, so two phones reporting at once are serialised and the
second sees the first: the outcome is one consistent result, never a lost update.
"""

from dataclasses import asdict, dataclass

from django.db import transaction

from tournaments.models import Game, Match, Registration, ResultChange, ResultReport
from tournaments.services.errors import EventError


@dataclass(frozen=True)
class GameInput:
    """One game as reported. `winner` is a registration id, or None for a drawn game."""

    winner: int | None
    ending: str = Game.Ending.LIFE
    life1: int | None = None
    life2: int | None = None
    first_player: int | None = None

    @classmethod
    def from_game(cls, game: Game) -> "GameInput":
        return cls(game.winner_id, game.ending, game.life1, game.life2, game.first_player_id)


def _check_games(match: Match, games: list[GameInput]) -> None:
    most = 3 if match.round.is_best_of_three else 1
    if not 1 <= len(games) <= most:
        kind = "best-of-3" if most == 3 else "single-game"
        raise EventError(
            f"A {kind} match has 1 to {most} game(s), not {len(games)}.", code="game_count"
        )
    players = match.player_ids()
    wins: dict[int, int] = {}
    for number, game in enumerate(games, start=1):
        if wins and max(wins.values()) >= 2:
            raise EventError(
                f"Game {number} was played after the match was won.", code="extra_game"
            )
        if game.winner is not None and game.winner not in players:
            raise EventError(f"Game {number}'s winner is not in this match.", code="bad_winner")
        if game.first_player is not None and game.first_player not in players:
            raise EventError(
                f"Game {number}'s first player is not in this match.", code="bad_first"
            )
        if game.ending not in Game.Ending.values:
            raise EventError(f"Game {number} has an unknown ending {game.ending!r}.", code="ending")
        for life in (game.life1, game.life2):
            if life is not None and not -99 <= life <= 99:
                raise EventError(f"Game {number} has an impossible life total {life}.", code="life")
        if game.winner is not None:
            wins[game.winner] = wins.get(game.winner, 0) + 1
    most, second = [*sorted(wins.values(), reverse=True), 0, 0][:2]
    if match.round.is_top_cut and most == second:
        # Single elimination: someone must advance (a judge decides an unfinished tie).
        raise EventError(
            "A top cut match needs a winner: one player must have won more games.",
            code="top_cut_draw",
        )


def _locked_match(match: Match) -> Match:
    match = Match.objects.select_for_update().select_related("round__event").get(pk=match.pk)
    if (
        match.round.is_top_cut
        and match.round.event.rounds.filter(number__gt=match.round.number).exists()
    ):
        raise EventError(
            "The next top cut round is already paired; delete it to change this result.",
            code="bracket_moved_on",
        )
    if match.player2_id is None:
        raise EventError("A bye or a missed round has no games to report.", code="no_opponent")
    return match


def _current_games(match: Match) -> list[GameInput]:
    return [GameInput.from_game(game) for game in match.games.order_by("number")]


def _write_games(match: Match, games: list[GameInput]) -> None:
    match.games.all().delete()
    Game.objects.bulk_create(
        Game(
            match=match,
            number=number,
            winner_id=game.winner,
            is_draw=game.winner is None,
            ending=game.ending,
            life1=game.life1,
            life2=game.life2,
            first_player_id=game.first_player,
        )
        for number, game in enumerate(games, start=1)
    )


def _as_json(games: list[GameInput]) -> list[dict]:
    return [asdict(game) for game in games]


def _make_official(match: Match, games: list[GameInput], *, by, kind: str, reason: str) -> Match:
    before = _current_games(match)
    _write_games(match, games)
    match.result_status = Match.ResultStatus.CONFIRMED
    match.save(update_fields=["result_status"])
    match.reports.all().delete()
    ResultChange.objects.create(
        event_id=match.round.event_id,
        match=match,
        kind=kind,
        changed_by=by,
        before=_as_json(before),
        after=_as_json(games),
        reason=reason,
    )
    if match.round.is_top_cut:
        from tournaments.services.topcut import top_cut_advance

        top_cut_advance(round_=match.round)
    return match


@transaction.atomic
def result_enter(*, match: Match, games: list[GameInput], by, reason: str = "") -> Match:
    """Staff (organiser or judge) enter or correct a result. A correction needs a reason."""
    match = _locked_match(match)
    _check_games(match, games)
    correcting = match.result_status == Match.ResultStatus.CONFIRMED
    if correcting and _current_games(match) == games:
        # The same result again (a double click, a resubmitted form, a retry after an error):
        # nothing to correct, so no reason is needed and nothing is written.
        return match
    if correcting and not reason.strip():
        raise EventError("Say why the confirmed result is being corrected.", code="reason_missing")
    kind = ResultChange.Kind.CORRECTED if correcting else ResultChange.Kind.ENTERED
    return _make_official(match, games, by=by, kind=kind, reason=reason.strip())


def _outcome(games: list[GameInput]) -> tuple:
    """What two reports must agree on: who won each game (life totals may be misremembered)."""
    return tuple(game.winner for game in games)


def _report_of(match: Match, registration_id: int | None) -> ResultReport | None:
    """A player's own report, or with None the life tracker's proposal."""
    return match.reports.filter(reported_by_id=registration_id).first()


def _opponent_id(match: Match, me: Registration) -> int:
    return match.player2_id if me.pk == match.player1_id else match.player1_id


@transaction.atomic
def result_report(*, match: Match, games: list[GameInput], reporter: Registration) -> Match:
    """A player reports their own match. The opponent's matching report confirms it; only the
    opponent's own report counts (the life tracker's proposal needs both players' word)."""
    match = _locked_match(match)
    if reporter.pk not in match.player_ids():
        raise EventError("Only the two players of a match can report it.", code="not_your_match")
    if match.result_status == Match.ResultStatus.CONFIRMED:
        raise EventError(
            "This result is already confirmed; ask a judge to correct it.", code="confirmed"
        )
    _check_games(match, games)
    opponent_report = _report_of(match, _opponent_id(match, reporter))
    if opponent_report is not None and _outcome(
        [GameInput(**g) for g in opponent_report.games]
    ) == _outcome(games):
        return _make_official(
            match, games, by=reporter.player.user, kind=ResultChange.Kind.CONFIRMED, reason=""
        )
    ResultReport.objects.update_or_create(
        match=match, reported_by=reporter, defaults={"games": _as_json(games)}
    )
    match.result_status = (
        Match.ResultStatus.DISPUTED if opponent_report else Match.ResultStatus.REPORTED
    )
    match.save(update_fields=["result_status"])
    return match


@transaction.atomic
def result_confirm(*, match: Match, confirmer: Registration) -> Match:
    """The player accepts the opponent's report as it stands, or the life tracker's proposal.

    A proposal confirmed by one player becomes that player's report, waiting for the other's
    confirmation; a confirmed opponent's report makes the result official.
    """
    match = _locked_match(match)
    if confirmer.pk not in match.player_ids():
        raise EventError("Only the two players of a match can confirm it.", code="not_your_match")
    if match.result_status == Match.ResultStatus.CONFIRMED:
        raise EventError("This result is already confirmed.", code="confirmed")
    opponent_report = _report_of(match, _opponent_id(match, confirmer))
    if opponent_report is not None and match.result_status == Match.ResultStatus.REPORTED:
        games = [GameInput(**g) for g in opponent_report.games]
        _check_games(match, games)
        return _make_official(
            match, games, by=confirmer.player.user, kind=ResultChange.Kind.CONFIRMED, reason=""
        )
    proposal = _report_of(match, None)
    if proposal is None or match.result_status != Match.ResultStatus.REPORTED:
        raise EventError("There is no report from your opponent to confirm.", code="nothing")
    if _report_of(match, confirmer.pk) is not None:
        raise EventError(
            "You have confirmed; your opponent's confirmation is still needed.", code="waiting"
        )
    _check_games(match, [GameInput(**g) for g in proposal.games])
    ResultReport.objects.create(match=match, reported_by=confirmer, games=proposal.games)
    return match
