"""Read-side data for reports: plain rows the templates and CSV writers share.

A few queries per report whatever the event's size (prefetching, no per-row lookups), so the
256-player event report stays fast.
"""

from dataclasses import dataclass, field

from django.db.models import Prefetch

from tournaments.models import Event, Game, Match, Registration, Round
from tournaments.selectors import standings_for_event

TIEBREAKER_LABELS = {"omw": "OMW%", "gw": "GW%", "ogw": "OGW%"}


@dataclass(frozen=True)
class MatchLine:
    """One pairing and its outcome, as people read it: player 1 first."""

    table: int | None
    player1: str
    player2: str  # empty for a bye or a missed round
    points1: int | None
    points2: int | None
    outcome: str  # "2–1", "1–1–1", "bye", "missed round (loss)", "" while pending
    winner: int  # 1 or 2, 0 for a draw or no result
    status: str  # the match's result status code
    games: str = ""  # game by game, for the CSV: "Ann; Bob (3–0); draw"

    @property
    def is_bye(self) -> bool:
        return not self.player2


@dataclass
class RoundLines:
    number: int
    is_top_cut: bool
    label: str
    lines: list[MatchLine] = field(default_factory=list)
    text: str = ""  # the lines, preformatted for the event report


def rounds_of(event: Event) -> list[Round]:
    return list(event.rounds.order_by("number"))


def latest_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


def _names(match: Match) -> tuple[str, str]:
    second = match.player2.display_name if match.player2_id else ""
    return match.player1.display_name, second


@dataclass(frozen=True)
class PlayedGame:
    winner_id: int | None
    is_draw: bool
    life1: int | None
    life2: int | None


def score(
    *, ids: tuple[int, int | None], names: tuple[str, str], status: str, missed: bool,
    games: list[PlayedGame],
) -> tuple[str, int, str]:  # fmt: skip
    """(score from player 1's side, winning side, game by game) of one match."""
    first, second = ids
    if second is None:
        return ("missed round (loss)" if missed else "bye"), 1, ""
    if status != Match.ResultStatus.CONFIRMED:
        return "", 0, ""
    wins1 = sum(1 for g in games if g.winner_id == first)
    wins2 = sum(1 for g in games if g.winner_id == second)
    draws = sum(1 for g in games if g.is_draw)
    result = f"{wins1}–{wins2}" + (f"–{draws}" if draws else "")
    winner = 1 if wins1 > wins2 else 2 if wins2 > wins1 else 0
    detail = []
    for game in games:
        who = "draw" if game.is_draw else names[0] if game.winner_id == first else names[1]
        if game.life1 is not None:
            who += f" ({game.life1}–{game.life2})"
        detail.append(who)
    return result, winner, "; ".join(detail)


def outcome_of(match: Match) -> tuple[str, int, str]:
    """`score` of a match loaded with its players and games."""
    return score(
        ids=(match.player1_id, match.player2_id),
        names=_names(match),
        status=match.result_status,
        missed=match.missed_round,
        games=[PlayedGame(g.winner_id, g.is_draw, g.life1, g.life2) for g in match.games.all()],
    )


def round_label(round_: Round, top_cut_sizes: dict[int, int] | None = None) -> str:
    """ "Round 3", or for the top cut its stage: "Round 6: Semi-finals"."""
    if not round_.is_top_cut:
        return f"Round {round_.number}"
    if top_cut_sizes is None:
        top_cut_sizes = {round_.number: round_.matches.count()}
    size = top_cut_sizes.get(round_.number, 0)
    name = {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}.get(size, f"Top {2 * size}")
    return f"Round {round_.number}: {name}" if size else f"Round {round_.number}: top cut"


def matches_with_games(event: Event, *, round_number: int | None = None):
    matches = Match.objects.filter(round__event=event).select_related(
        "round", "player1__player", "player2__player"
    )
    if round_number is not None:
        matches = matches.filter(round__number=round_number)
    return matches.prefetch_related(
        Prefetch("games", queryset=Game.objects.order_by("number"))
    ).order_by("round__number", "table", "pk")


def points_before(event: Event, round_: Round) -> dict[int, int]:
    """Each registration's match points going into `round_` (Swiss rounds only count)."""
    if round_.number <= 1:
        return {}
    return {
        row.registration.pk: row.points
        for row in standings_for_event(event, after_round=round_.number - 1)
    }


def match_line(match: Match, points: dict[int, int]) -> MatchLine:
    name1, name2 = _names(match)
    outcome, winner, games = outcome_of(match)
    return MatchLine(
        table=match.table,
        player1=name1,
        player2=name2,
        points1=points.get(match.player1_id),
        points2=points.get(match.player2_id) if match.player2_id else None,
        outcome=outcome,
        winner=winner,
        status=match.result_status,
        games=games,
    )


def table_order(lines: list[MatchLine]) -> list[MatchLine]:
    """Tables first in number order, then byes and missed rounds by name."""
    return sorted(
        lines,
        key=lambda line: (line.table is None, line.table or 0, line.player1.casefold()),
    )


NAME_WIDTH = 34


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def fixed_width_header(*, name_width: int = NAME_WIDTH) -> str:
    return f"{'Table':>5}  {'Player':<{name_width}}  {'Result':^7}  Opponent"


def fixed_width_text(lines: list[MatchLine], *, name_width: int = NAME_WIDTH) -> str:
    """A round's matches as aligned monospaced lines (table, player, result, opponent).

    The event report lists every match of the event; laid out as table cells, a 256-player
    event's 1,000 matches alone take WeasyPrint several seconds, while preformatted lines take
    a fraction of one and still read as a table."""
    rows = []
    for line in lines:
        if line.is_bye and line.outcome.startswith("missed"):
            result, opponent = "loss", "(missed round)"
        elif line.is_bye:
            result, opponent = "bye", ""
        else:
            result, opponent = line.outcome or "–", line.player2
        rows.append(
            f"{line.table or '–':>5}  {_fit(line.player1, name_width):<{name_width}}  "
            f"{result:^7}  {_fit(opponent, name_width)}".rstrip()
        )
    return "\n".join(rows)


def all_round_lines(event: Event) -> list[RoundLines]:
    """Every round's matches with their outcomes, in two queries of plain rows: model
    instances for a thousand matches and their games cost more than the rest of the report."""
    games: dict[int, list[PlayedGame]] = {}
    for match_id, *game in (
        Game.objects.filter(match__round__event=event)
        .order_by("match_id", "number")
        .values_list("match_id", "winner_id", "is_draw", "life1", "life2")
    ):
        games.setdefault(match_id, []).append(PlayedGame(*game))
    rounds = {
        r.number: RoundLines(r.number, r.is_top_cut, "") for r in event.rounds.order_by("number")
    }
    rows = (
        Match.objects.filter(round__event=event)
        .order_by("round__number", "table", "pk")
        .values_list(
            "pk", "round__number", "table", "player1_id", "player2_id",
            "player1__display_name", "player2__display_name",
            "result_status", "missed_round",
        )
    )  # fmt: skip
    for pk, number, table, first, second, name1, name2, status, missed in rows:
        names = (name1, name2 or "")
        outcome, winner, detail = score(
            ids=(first, second), names=names, status=status, missed=missed,
            games=games.get(pk, []),
        )  # fmt: skip
        rounds[number].lines.append(
            MatchLine(table, names[0], names[1], None, None, outcome, winner, status, detail)
        )
    top_cut_sizes = {n: len(entry.lines) for n, entry in rounds.items() if entry.is_top_cut}
    stage_of = {r.number: r for r in event.rounds.all()}
    ordered = [rounds[number] for number in sorted(rounds)]
    for entry in ordered:
        entry.label = round_label(stage_of[entry.number], top_cut_sizes)
        entry.lines = table_order(entry.lines)
        entry.text = fixed_width_text(entry.lines)
    return ordered


@dataclass(frozen=True)
class StandingLine:
    rank: int
    name: str
    points: int
    record: str
    figures: list[str]
    dropped_after: int | None


def standing_lines(event: Event, *, after_round: int | None) -> list[StandingLine]:
    names = [name for name in event.tiebreakers if name != "random"]
    return [
        StandingLine(
            rank=row.rank,
            name=row.registration.display_name,
            points=row.points,
            record=f"{row.wins}–{row.draws}–{row.losses}",
            figures=[row.figures[name] for name in names],
            dropped_after=row.registration.dropped_after_round,
        )
        for row in standings_for_event(event, after_round=after_round)
    ]


def fixed_width_standings(
    lines: list[StandingLine], tiebreakers: list[str], *, cut_at: int = 0,
    name_width: int = NAME_WIDTH,
) -> tuple[str, list[str]]:  # fmt: skip
    """The standings as aligned monospaced lines: a header, and the rows in blocks split at
    the top-cut line (for the event report, where a 256-player table of cells alone would
    cost WeasyPrint seconds)."""
    figures = "".join(f"{name:>8}" for name in tiebreakers)
    header = f"{'#':>4}  {'Player':<{name_width}} {'Points':>6}  {'W–D–L':^7}{figures}"
    blocks: list[list[str]] = [[]]
    for line in lines:
        row = (
            f"{line.rank:>4}  {_fit(line.name, name_width):<{name_width}} {line.points:>6}  "
            f"{line.record:^7}" + "".join(f"{figure:>8}" for figure in line.figures)
        )
        if line.dropped_after is not None:
            row += f"  dropped after round {line.dropped_after}"
        blocks[-1].append(row)
        if cut_at and line.rank == cut_at and len(lines) > cut_at:
            blocks.append([])
    return header, ["\n".join(block) for block in blocks if block]


def tiebreaker_columns(event: Event) -> list[str]:
    return [TIEBREAKER_LABELS[name] for name in event.tiebreakers if name != "random"]


@dataclass(frozen=True)
class TeamLine:
    player: str
    team_name: str
    cards: list[str]


def team_lines(event: Event) -> list[TeamLine] | None:
    """Every registered team list, by player name; None while teams are still hidden (T4.2)."""
    if event.teams_revealed_at is None:
        return None
    registrations = (
        Registration.objects.filter(event=event, team__isnull=False)
        .select_related("player", "team")
        .prefetch_related("team__cards__card")
        .order_by("display_name")
    )
    return [
        TeamLine(
            player=registration.display_name,
            team_name=registration.team.name,
            cards=[f"{entry.dice}× {entry.card}" for entry in registration.team.cards.all()],
        )
        for registration in registrations
    ]


@dataclass(frozen=True)
class BracketSide:
    seed: int | None
    name: str
    won: bool


@dataclass(frozen=True)
class BracketMatch:
    table: int | None
    first: BracketSide
    second: BracketSide
    outcome: str


@dataclass(frozen=True)
class BracketRound:
    label: str
    matches: list[BracketMatch]


@dataclass(frozen=True)
class Placing:
    place: str
    name: str


def top_cut(event: Event) -> tuple[list[BracketRound], list[Placing]]:
    """The top cut bracket round by round (with seeds), and the placings decided so far."""
    matches = list(matches_with_games(event).filter(round__stage=Round.Stage.TOP_CUT))
    if not matches:
        return [], []
    first = min(m.round.number for m in matches)
    seeds_round = next(r for r in event.rounds.all() if r.number == first)
    seed_of = {pk: n for n, pk in enumerate(seeds_round.pairing_record.get("seeds", []), 1)}
    by_round: dict[int, list[Match]] = {}
    for match in matches:
        by_round.setdefault(match.round.number, []).append(match)
    rounds, losers_by_round, champion = [], [], None
    for number in sorted(by_round):
        round_matches = sorted(by_round[number], key=lambda m: m.table or 0)
        size = len(round_matches)
        label = {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}.get(size, f"Top {2 * size}")
        entries, losers = [], []
        for match in round_matches:
            outcome, winner, _ = outcome_of(match)
            name1, name2 = _names(match)
            entries.append(
                BracketMatch(
                    table=match.table,
                    first=BracketSide(seed_of.get(match.player1_id), name1, winner == 1),
                    second=BracketSide(seed_of.get(match.player2_id), name2, winner == 2),
                    outcome=outcome,
                )
            )
            if winner:
                losers.append(name2 if winner == 1 else name1)
                if size == 1:
                    champion = name1 if winner == 1 else name2
        rounds.append(BracketRound(label, entries))
        losers_by_round.append((size, losers))
    placings = [Placing("1", champion)] if champion else []
    for size, losers in reversed(losers_by_round):
        low, high = size + 1, 2 * size
        place = str(low) if low == high else f"{low}–{high}"
        placings += [Placing(place, name) for name in sorted(losers, key=str.casefold)]
    return rounds, placings
