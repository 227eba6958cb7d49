"""Read-side queries for tournament pages. Standings math itself is pure (tournaments.standings)."""

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from django.core.cache import cache
from django.db.models import Count, Exists, F, OuterRef, Prefetch, Q, QuerySet, Subquery

from tournaments.models import (
    Event,
    Game,
    JudgeInvitation,
    Match,
    Registration,
    ResultChange,
    Round,
    TimeExtension,
)
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
        Prefetch("time_extensions", queryset=TimeExtension.objects.select_related("granted_by")),
        "reports__reported_by__player",
    )
    return event.rounds.prefetch_related(Prefetch("matches", queryset=matches))


def seated_matches(round_: Round) -> list[Match]:
    """A round's matches as the public pairings tables show them: players and games only
    (the result in one phrase), by table."""
    matches = round_.matches.select_related("player1__player", "player2__player").prefetch_related(
        Prefetch("games", queryset=Game.objects.order_by("number"))
    )
    return sorted(matches, key=_seated_order)


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


@dataclass(frozen=True, slots=True)
class ShownRegistration:
    """What standings show of a registration: read with the results, cached with the rows
    (plain values: a cached row of model instances took longer to unpickle than to query)."""

    pk: int
    player_id: int
    dropped_after_round: int | None
    display_name: str


@dataclass(frozen=True)
class StandingsRow:
    rank: int
    registration: ShownRegistration
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
    return _standings_rows(event, *_standings_inputs(event, after_round))


def _standings_inputs(event: Event, after_round: int | None) -> tuple:
    """What the standings are a function of (two queries): the registrations by id, the
    entrants, the counted results and the scoring."""
    registrations, entrants = {}, []
    rows = event.registrations.values_list(
        "pk", "player_id", "display_name", "dropped_after_round", "random_draw"
    )
    for pk, player_id, name, dropped, random_key in rows:
        registrations[pk] = ShownRegistration(pk, player_id, dropped, name)
        entrants.append(Entrant(id=pk, name=name, random_key=random_key))
    return registrations, entrants, counted_results(event, after_round=after_round)


def _standings_rows(event, registrations, entrants, results) -> list[StandingsRow]:
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


def _inputs_digest(event: Event, registrations: dict, entrants: list, results: list) -> str:
    """A digest of the standings' inputs and of what their rows show of each registration."""
    shown = [
        scoring_for(event),
        entrants,
        sorted(map(repr, results)),
        list(registrations.values()),
    ]
    return hashlib.blake2b(repr(shown).encode(), digest_size=12).hexdigest()


# Standings of an old version are never read again; they only need to expire eventually.
STANDINGS_SECONDS = 60 * 60


def standings_of_version(event: Event, *, after_round: int | None = None) -> list[StandingsRow]:
    """The standings the public reads (event page, player pages, API): read once per event
    version (tournaments.live), which every result, pairing or registration replaces, and
    shared by every page and worker until the next change. Computed only when their inputs
    changed: most versions (a result reported and not yet confirmed, a pairing) leave them as
    they were. Services that act on the standings (pairing, the top cut) call
    standings_for_event: they need what their transaction sees."""
    from tournaments import live

    key = f"public:event:{event.pk}:standings:{live.version(event.pk)}:{after_round or ''}"
    rows = cache.get(key)
    if rows is None:
        inputs = _standings_inputs(event, after_round)
        of_inputs = f"public:event:{event.pk}:standings-of:{_inputs_digest(event, *inputs)}"
        rows = cache.get(of_inputs)
        if rows is None:
            rows = _standings_rows(event, *inputs)
            cache.set(of_inputs, rows, STANDINGS_SECONDS)
        cache.set(key, rows, STANDINGS_SECONDS)
    return rows


def revealed_teams(event: Event) -> list[Registration]:
    """Every registered team, once the event has started (T4.2); nothing before."""
    if event.teams_revealed_at is None:
        return []
    return list(
        event.registrations.filter(team__isnull=False)
        .select_related("player", "team")
        .prefetch_related("team__cards__card")
    )


def floor_for_round(round_: Round, *, stale_minutes: int = 10) -> list[dict]:
    """Every table of a round for the judges' floor view. A table is quiet when its game is on
    and no life total has changed for `stale_minutes` (counted from the round's start when no
    change was entered yet): ending turns or the clock do not count as activity."""
    from django.db.models import Max
    from django.utils import timezone

    from tournaments.models import LifeChange
    from tournaments.services.life import table_state

    now = timezone.now()
    last_change = dict(
        LifeChange.objects.filter(table_game__match__round=round_)
        .values("table_game__match")
        .annotate(last=Max("created_at"))
        .values_list("table_game__match", "last")
    )
    status_names = dict(Match.ResultStatus.choices)
    rows = []
    matches = round_.matches.filter(player2__isnull=False).select_related(
        "round__event__format", "player1__player", "player2__player"
    )
    for match in matches.order_by("table"):
        state = table_state(match)
        since = last_change.get(match.pk) or round_.started_at
        quiet_minutes = None if since is None else int((now - since).total_seconds() // 60)
        playing = not state["finished"] and state["result_status"] != Match.ResultStatus.CONFIRMED
        rows.append(
            {
                **state,
                "table": match.table,
                "quiet_minutes": quiet_minutes,
                "stale": playing and quiet_minutes is not None and quiet_minutes >= stale_minutes,
                "result_label": status_names[state["result_status"]],
            }
        )
    return rows


CHART_WIDTH, CHART_HEIGHT = 480, 200  # the plot area; axis labels sit outside it


def _step_line(values: list[int], y_of, step: float) -> str:
    """SVG points for a life total that holds until the next change, then jumps."""
    points = []
    for i, value in enumerate(values):
        y = y_of(value)
        points += [f"{i * step:.1f},{y:.1f}", f"{(i + 1) * step:.1f},{y:.1f}"]
    return " ".join(points)


def life_history(match: Match) -> list[dict]:
    """Each tracked game's life totals over its changes, drawn as a step chart: a line per
    player, life ticks on the left, the turn of each change along the bottom, and the list of
    changes (with gains lost above the starting total) for reading."""
    games = []
    tracked = match.table_games.order_by("number").prefetch_related("changes__entered_by")
    for game in tracked:
        kept = [c for c in game.changes.all() if not c.undone]
        life1 = [game.starting_life] + [c.life1 for c in kept]
        life2 = [game.starting_life] + [c.life2 for c in kept]
        top, bottom = game.starting_life, min(0, *life1, *life2)
        span = top - bottom or 1

        def y_of(value: int, top=top, span=span) -> float:
            return (top - value) / span * CHART_HEIGHT

        step = CHART_WIDTH / len(life1)
        ticks = sorted({top, 0, bottom} | set(range(0, top, 5)))
        turns, last_turn = [], None
        for index, change in enumerate(kept, start=1):
            if change.turn != last_turn:
                turns.append({"x": index * step, "label": change.turn})
                last_turn = change.turn
        games.append(
            {
                "game": game,
                "line1": _step_line(life1, y_of, step),
                "line2": _step_line(life2, y_of, step),
                "end_y": (y_of(life1[-1]), y_of(life2[-1])),
                "ticks": [{"y": y_of(value), "label": value} for value in ticks],
                "zero_y": y_of(0),
                "turns": turns,
                "width": CHART_WIDTH,
                "height": CHART_HEIGHT,
                "changes": kept,
            }
        )
    return games


@dataclass(frozen=True)
class BracketSlot:
    """One match of the bracket: played or to be played (`match` None, `waiting_for` says whose
    winners meet there)."""

    table: int
    match: Match | None = None
    seeds: tuple[int | None, int | None] = (None, None)
    winner_id: int | None = None
    waiting_for: str = ""

    @property
    def score(self) -> str:
        """Games won, the winner's first: "2–1"."""
        if self.match is None or self.winner_id is None:
            return ""
        won = [g.winner_id for g in self.match.games.all()]
        loser = self.match.player2_id if self.winner_id == self.match.player1_id else (
            self.match.player1_id
        )  # fmt: skip
        return f"{won.count(self.winner_id)}–{won.count(loser)}"


@dataclass(frozen=True)
class BracketStage:
    name: str
    slots: list[BracketSlot]


def bracket_for(event: Event) -> list[BracketStage]:
    """The whole top cut, rounds to come included, seeded by the recorded Swiss standings."""
    from tournaments.services.topcut import match_winner
    from tournaments.swiss import stage_name, stage_sizes

    rounds = list(rounds_with_matches(event).filter(stage=Round.Stage.TOP_CUT))
    if not rounds:
        return []
    seeds = rounds[0].pairing_record.get("seeds", [])
    seed_of = {pid: n for n, pid in enumerate(seeds, start=1)}
    stages = []
    for index, matches in enumerate(stage_sizes(len(seeds))):
        played = rounds[index].matches.all() if index < len(rounds) else []
        if played:
            slots = [
                BracketSlot(
                    table=m.table,
                    match=m,
                    seeds=(seed_of.get(m.player1_id), seed_of.get(m.player2_id)),
                    winner_id=match_winner(m)
                    if m.result_status == Match.ResultStatus.CONFIRMED
                    else None,
                )
                for m in played
            ]
        else:
            slots = [
                BracketSlot(
                    table=slot + 1,
                    waiting_for=f"Winners of {stages[-1].name.lower()} tables "
                    f"{2 * slot + 1} and {2 * slot + 2}",
                )
                for slot in range(matches)
            ]
        stages.append(BracketStage(stage_name(matches), slots))
    return stages


def events_by_status() -> dict[str, list[Event]]:
    """The public event list: running events first, then open registrations, then finished."""
    groups: dict[str, list[Event]] = {"live": [], "upcoming": [], "finished": []}
    for event in events_for_home():
        if event.status in (Event.Status.RUNNING, Event.Status.TOP_CUT):
            groups["live"].append(event)
        elif event.status == Event.Status.REGISTRATION:
            groups["upcoming"].append(event)
        else:
            groups["finished"].append(event)
    groups["upcoming"].reverse()  # soonest first
    return groups


def _seated_order(match: Match) -> tuple:
    return (match.table is None, match.table or 0, match.pk)


class EventPage:
    """What an event's public pages show, computed only when a cached fragment is missing:
    the templates touch these attributes inside `{% cache %}` blocks."""

    def __init__(self, event: Event, *, after_round: int | None = None):
        self.event = event
        self.after_round = after_round

    @cached_property
    def rounds(self) -> list[Round]:
        """Every round, without its matches (a big event has thousands)."""
        return list(self.event.rounds.order_by("number"))

    @cached_property
    def current_round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @cached_property
    def current_matches(self) -> list[Match]:
        return [] if self.current_round is None else seated_matches(self.current_round)

    @cached_property
    def earlier_rounds(self) -> list[Round]:
        return list(reversed(self.rounds[:-1]))

    @cached_property
    def has_top_cut(self) -> bool:
        return any(round_.is_top_cut for round_ in self.rounds)

    @cached_property
    def top_cut_rounds(self) -> list[Round]:
        return list(rounds_with_matches(self.event).filter(stage=Round.Stage.TOP_CUT))

    @cached_property
    def top_cut_to_come(self) -> list[range]:
        """The top cut rounds not paired yet, each as the range of its matches."""
        if not self.top_cut_rounds or self.event.status == Event.Status.FINISHED:
            return []
        size = len(self.top_cut_rounds[-1].matches.all()) // 2
        rounds = []
        while size >= 1:
            rounds.append(range(size))
            size //= 2
        return rounds

    @cached_property
    def standings(self) -> list[StandingsRow]:
        return standings_of_version(self.event, after_round=self.after_round)

    @cached_property
    def standings_digest(self) -> str:
        """A digest of everything the standings section shows: its cached fragment is keyed
        on it, so the many versions that leave the standings as they were (a result reported
        but not confirmed yet, a new pairing, the round clock) render it once between them."""
        shown = [
            self.event.slug,
            self.event.tiebreakers,
            [(r.number, r.is_top_cut) for r in self.rounds],
            [
                (row.rank, row.registration.pk, row.registration.display_name,
                 row.registration.dropped_after_round, row.points, row.wins, row.draws,
                 row.losses, sorted(row.figures.items()))
                for row in self.standings
            ],
        ]  # fmt: skip
        return hashlib.blake2b(repr(shown).encode(), digest_size=12).hexdigest()

    @cached_property
    def teams(self) -> list[Registration]:
        return revealed_teams(self.event)


@dataclass(frozen=True)
class PlayedMatch:
    match: Match
    opponent: Registration | None
    outcome: str  # "won", "lost", "drew", "bye", "missed", "pending"
    score: str  # games won–lost(–drawn) from this player's side, e.g. "2–1"


def _outcome(match: Match, me: int) -> tuple[str, str]:
    if match.player2_id is None:
        return ("missed", "") if match.missed_round else ("bye", "")
    if match.result_status != Match.ResultStatus.CONFIRMED:
        return "pending", ""
    games = list(match.games.all())
    won = sum(1 for g in games if g.winner_id == me)
    drawn = sum(1 for g in games if g.is_draw)
    lost = len(games) - won - drawn
    score = f"{won}–{lost}" + (f"–{drawn}" if drawn else "")
    return ("won" if won > lost else "lost" if lost > won else "drew"), score


def matches_of(registration: Registration) -> list[PlayedMatch]:
    """A player's matches at their event, round by round, from their side of the table."""
    me = registration.pk
    matches = (
        Match.objects.filter(Q(player1_id=me) | Q(player2_id=me))
        .select_related("round", "player1__player", "player2__player")
        .prefetch_related(Prefetch("games", queryset=Game.objects.order_by("number")))
        .order_by("round__number")
    )
    played = []
    for match in matches:
        opponent = match.player2 if match.player1_id == me else match.player1
        if match.player2_id is None:
            opponent = None
        played.append(PlayedMatch(match, opponent, *_outcome(match, me)))
    return played


class Seat(NamedTuple):
    """What a signed-in player's own box on the event page shows of them, in plain values:
    their name and team, and their match in the event's latest round if they sit in it."""

    registration_id: int
    display_name: str
    has_team: bool
    match_id: int | None = None
    round_number: int | None = None
    table: int | None = None
    opponent_name: str | None = None  # None with a match: a bye or a missed round
    result_status: str = ""
    result_status_display: str = ""
    missed_round: bool = False


def seats(event_id: int) -> dict[int, Seat]:
    """Every registration's seat, by registration id: two queries for the whole event, so the
    boxes of every signed-in player of one version cost the database nothing more."""
    names = {}
    seated = {}
    rows = Registration.objects.filter(event_id=event_id).values_list(
        "pk", "display_name", "team_id"
    )
    for pk, name, team_id in rows:
        names[pk] = name
        seated[pk] = Seat(pk, name, team_id is not None)
    latest = Round.objects.filter(event_id=event_id).order_by("-number").values("pk")[:1]
    matches = Match.objects.filter(round=Subquery(latest)).values_list(
        "pk", "round__number", "table", "player1_id", "player2_id", "result_status", "missed_round"
    )
    status_display = dict(Match.ResultStatus.choices)
    for pk, number, table, player1, player2, status, missed in matches:
        for me, opponent in ((player1, player2), (player2, player1)):
            if me is None:
                continue
            seated[me] = seated[me]._replace(
                match_id=pk, round_number=number, table=table, opponent_name=names.get(opponent),
                result_status=status, result_status_display=status_display.get(status, status),
                missed_round=missed,
            )  # fmt: skip
    return seated


# A version's seats are read in the seconds after it appears (a player's box is then cached
# whole for that version), and a busy event makes a version a second: keep them briefly.
SEAT_SECONDS = 10 * 60


def seat_of_version(event: Event, version: str, registration_id: int) -> Seat | None:
    """A player's seat as of the event's version (tournaments.live): every player's seats are
    read once per version (two queries, by warm_seats after a write or by the first box) and
    shared by the boxes of that version."""
    every = cache.get(_seats_key(event.pk, version))
    if every is None:
        every = warm_seats(event.pk, version)
    found = every.get(registration_id)
    return None if found is None else Seat(*found)


def warm_seats(event_id: int, version: str) -> dict[int, tuple]:
    """Read and cache every player's seat as of this version (tournaments.live renders them
    with the event page after a write, so no visitor waits for them)."""
    # Cached as plain tuples: 256 of them unpickle in a tenth of a millisecond, named tuples or
    # dataclasses in one (measured).
    every = {pk: tuple(seat) for pk, seat in seats(event_id).items()}
    cache.set(_seats_key(event_id, version), every, SEAT_SECONDS)
    return every


def _seats_key(event_id: int, version: str) -> str:
    return f"public:event:{event_id}:seats:{version}"


def roles_of_roster(event: Event, user, roster: str) -> tuple[bool, int | None]:
    """judge_and_registration, cached on the event's roster token (tournaments.live), which
    every change to the event, its registrations, players and judges replaces."""
    key = f"public:event:{event.pk}:roles:{roster}:{user.pk}"
    roles = cache.get(key)
    if roles is None:
        roles = judge_and_registration(event, user)
        cache.set(key, roles, SEAT_SECONDS)
    return roles


def judge_and_registration(event: Event, user) -> tuple[bool, int | None]:
    """Whether the signed-in user judges the event, and their registration in it, in one query
    (the event page's personal box asks on every refresh)."""
    judging = Event.judges.through.objects.filter(event_id=OuterRef("pk"), user_id=user.pk)
    mine = Registration.objects.filter(event_id=OuterRef("pk"), player__user_id=user.pk)
    row = (
        Event.objects.filter(pk=event.pk)
        .annotate(judging=Exists(judging), mine=Subquery(mine.order_by("pk").values("pk")[:1]))
        .values_list("judging", "mine")
        .first()
    )
    return row or (False, None)


def judge_invitations_pending(event: Event) -> QuerySet[JudgeInvitation]:
    """The event's invitations not yet answered, for its organiser: the names as typed, in the
    order sent, with nothing that tells an existing account from an unknown name."""
    return event.judge_invitations.order_by("created_at", "pk")


def judge_invitations_for(user) -> QuerySet[JudgeInvitation]:
    """The invitations to judge that an account has not answered yet."""
    return (
        JudgeInvitation.objects.filter(invitee=user)
        .select_related("event", "event__organiser")
        .order_by("event__date", "pk")
    )
