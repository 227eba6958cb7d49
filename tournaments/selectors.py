"""Read-side queries for tournament pages."""

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Prefetch, QuerySet

from tournaments.models import Event, Game, Match, Registration, Round


def events_for_home() -> QuerySet[Event]:
    return Event.objects.select_related("format").annotate(
        player_count=Count("registrations", distinct=True),
        round_count=Count("rounds", distinct=True),
    )


def rounds_with_matches(event: Event) -> QuerySet[Round]:
    matches = Match.objects.select_related("player1__player", "player2__player").prefetch_related(
        Prefetch("games", queryset=Game.objects.order_by("number"))
    )
    return event.rounds.prefetch_related(Prefetch("matches", queryset=matches))


@dataclass(frozen=True)
class MatchPointsRow:
    rank: int
    registration: Registration
    points: int
    wins: int
    draws: int
    losses: int


def match_points_table(event: Event) -> list[MatchPointsRow]:
    """Match points only. The full tiebreaker chain (T3.2) replaces this in the standings work."""
    record: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    matches = Match.objects.filter(round__event=event).prefetch_related("games")
    for match in matches:
        if match.is_bye:
            record[match.player1_id][0] += 1
            continue
        outcome = match_outcome(match)
        if outcome is None:
            continue
        if outcome == "draw":
            record[match.player1_id][1] += 1
            record[match.player2_id][1] += 1
        else:
            loser = match.player2_id if outcome == match.player1_id else match.player1_id
            record[outcome][0] += 1
            record[loser][2] += 1
    registrations = event.registrations.select_related("player")
    rows = sorted(
        (
            (
                wins * event.points_win + draws * event.points_draw + losses * event.points_loss,
                wins,
                draws,
                losses,
                registration,
            )
            for registration in registrations
            for wins, draws, losses in [record[registration.pk]]
        ),
        key=lambda row: (-row[0], row[4].player.display_name.casefold()),
    )
    return [
        MatchPointsRow(rank, registration, points, wins, draws, losses)
        for rank, (points, wins, draws, losses, registration) in enumerate(rows, start=1)
    ]


def match_outcome(match: Match) -> int | str | None:
    """The winning registration id, "draw", or None while no game is recorded."""
    games = list(match.games.all())
    if not games:
        return None
    wins1 = sum(1 for game in games if game.winner_id == match.player1_id)
    wins2 = sum(1 for game in games if game.winner_id == match.player2_id)
    if wins1 == wins2:
        return "draw"
    return match.player1_id if wins1 > wins2 else match.player2_id
