"""Read-side queries for tournament pages. Standings math itself is pure (tournaments.standings)."""

from dataclasses import dataclass, field

from django.db.models import Count, F, Prefetch, Q, QuerySet

from tournaments.models import Event, Game, Match, Registration, ResultChange, Round
from tournaments.standings import Entrant, MatchResult, Scoring, compute_standings


def events_for_home() -> QuerySet[Event]:
    return Event.objects.select_related("format").annotate(
        player_count=Count("registrations", distinct=True),
        round_count=Count("rounds", distinct=True),
    )


def rounds_with_matches(event: Event) -> QuerySet[Round]:
    matches = Match.objects.select_related("player1__player", "player2__player").prefetch_related(
        Prefetch("games", queryset=Game.objects.order_by("number")),
        Prefetch("changes", queryset=ResultChange.objects.select_related("changed_by")),
        "reports",
    )
    return event.rounds.prefetch_related(Prefetch("matches", queryset=matches))


def counted_results(event: Event, *, after_round: int | None = None) -> list[MatchResult]:
    """Confirmed matches, byes and missed rounds: one query, game wins counted in SQL."""
    matches = Match.objects.filter(
        round__event=event,
        round__stage=Round.Stage.SWISS,
        result_status=Match.ResultStatus.CONFIRMED,
    )
    if after_round is not None:
        matches = matches.filter(round__number__lte=after_round)
    rows = matches.annotate(
        wins1=Count("games", filter=Q(games__winner_id=F("player1_id"))),
        wins2=Count("games", filter=Q(games__winner_id=F("player2_id"))),
        drawn=Count("games", filter=Q(games__is_draw=True)),
    ).values_list(
        "round__number", "player1_id", "player2_id", "wins1", "wins2", "drawn", "missed_round"
    )
    return [MatchResult(*row) for row in rows]


@dataclass(frozen=True)
class StandingsRow:
    rank: int
    registration: Registration
    points: int
    wins: int
    draws: int
    losses: int
    figures: dict[str, str] = field(default_factory=dict)


def scoring_for(event: Event) -> Scoring:
    return Scoring(
        win=event.points_win,
        draw=event.points_draw,
        loss=event.points_loss,
        floor=event.floor,
        tiebreakers=tuple(event.tiebreakers),
    )


def standings_for_event(event: Event, *, after_round: int | None = None) -> list[StandingsRow]:
    """The pure standings function over the event's counted results: two queries in all."""
    registrations = {r.pk: r for r in event.registrations.select_related("player")}
    entrants = [
        Entrant(id=pk, name=r.player.display_name, random_key=r.random_draw)
        for pk, r in registrations.items()
    ]
    results = counted_results(event, after_round=after_round)
    return [
        StandingsRow(
            rank=standing.rank,
            registration=registrations[standing.entrant.id],
            points=standing.points,
            wins=standing.wins,
            draws=standing.draws,
            losses=standing.losses,
            figures={name: standing.percent(name) for name in ("omw", "gw", "ogw")},
        )
        for standing in compute_standings(entrants, results, scoring_for(event))
    ]


def revealed_teams(event: Event) -> list[Registration]:
    """Every registered team, once the event has started (T4.2); nothing before."""
    if event.teams_revealed_at is None:
        return []
    return list(
        event.registrations.filter(team__isnull=False)
        .select_related("player", "team")
        .prefetch_related("team__cards__card")
    )
