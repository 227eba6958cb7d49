"""Standings after any round, as a pure function of the results (T1.5, T1.6, T3). No Django.

Definitions (T3.2; the floor applies to every percentage, a player's own and each opponent's):

- match points = win·W + draw·D + loss·L; a bye scores as a win (T1.5).
- MW%  = match points / (win points × rounds played), floored. Byes and missed rounds are
  rounds played (a bye a win, a missed round a loss).
- OMW% = mean of the MW% of each real opponent (byes and missed rounds have none), floored;
  the floor when a player has met no one.
- GW%  = game points / (3 × games played), 3 per game won and 1 per drawn game, floored;
  a bye counts as two games won (2–0), a missed round as no games; the floor with no games.
- OGW% = mean of the GW% of each real opponent, floored as OMW%.
- random = the registration's recorded random draw, lower first, so the order reproduces.

Dropped players keep their results and stay in the standings (T1.6), and count as opponents
with the record they have. Everything is exact (Fractions); display rounds to two decimals.
"""

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction

TIEBREAKERS = ("omw", "gw", "ogw", "random")
BYE_GAME_WINS = 2


@dataclass(frozen=True, slots=True)
class Scoring:
    win: int = 3
    draw: int = 1
    loss: int = 0
    floor: Fraction = Fraction(1, 3)
    tiebreakers: tuple[str, ...] = TIEBREAKERS

    def __post_init__(self) -> None:
        unknown = set(self.tiebreakers) - set(TIEBREAKERS)
        if unknown:
            raise ValueError(f"Unknown tiebreaker(s): {', '.join(sorted(unknown))}.")


@dataclass(frozen=True, slots=True)
class Entrant:
    id: int
    name: str
    random_key: int = 0


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A counted match: game wins of each side and drawn games. player2 None is a bye, or a
    missed round (scored as a loss) when `missed_round` is set."""

    round: int
    player1: int
    player2: int | None
    wins1: int = 0
    wins2: int = 0
    draws: int = 0
    missed_round: bool = False


@dataclass
class _Record:
    points: int = 0
    rounds: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    entrant: Entrant
    points: int
    wins: int
    draws: int
    losses: int
    byes: int
    mw: Fraction
    omw: Fraction
    gw: Fraction
    ogw: Fraction

    def figure(self, name: str) -> Fraction | int:
        return self.entrant.random_key if name == "random" else getattr(self, name)

    def percent(self, name: str) -> str:
        value = getattr(self, name)
        # Integer rounding to hundredths of a percent: exact, and cheaper than float formatting.
        hundredths = (value.numerator * 10_000 * 2 + value.denominator) // (2 * value.denominator)
        return f"{hundredths // 100}.{hundredths % 100:02d}"


def _score(record: _Record, scoring: Scoring, mine: int, theirs: int, draws: int) -> None:
    record.rounds += 1
    record.games += mine + theirs + draws
    record.game_points += 3 * mine + draws
    if mine > theirs:
        record.wins += 1
        record.points += scoring.win
    elif theirs > mine:
        record.losses += 1
        record.points += scoring.loss
    else:
        record.draws += 1
        record.points += scoring.draw


def _records(results: Iterable[MatchResult], scoring: Scoring) -> dict[int, _Record]:
    records: dict[int, _Record] = defaultdict(_Record)
    for result in results:
        first = records[result.player1]
        if result.player2 is None:
            if result.missed_round:  # a match loss with no games played
                first.rounds += 1
                first.losses += 1
                first.points += scoring.loss
            else:
                first.byes += 1
                _score(first, scoring, BYE_GAME_WINS, 0, 0)
            continue
        second = records[result.player2]
        _score(first, scoring, result.wins1, result.wins2, result.draws)
        _score(second, scoring, result.wins2, result.wins1, result.draws)
        first.opponents.append(result.player2)
        second.opponents.append(result.player1)
    return records


def _floored(value: Fraction, floor: Fraction) -> Fraction:
    return max(value, floor)


def _opponent_means(
    records: dict[int, _Record], figure: dict[int, Fraction], floor: Fraction
) -> dict[int, Fraction]:
    """Each player's mean of their opponents' figures, floored; exact but fast: the figures are
    summed as integer numerators over one common denominator instead of as Fractions."""
    common = math.lcm(floor.denominator, *(value.denominator for value in figure.values()))
    numerator = {p: value.numerator * (common // value.denominator) for p, value in figure.items()}
    means = {}
    for player, record in records.items():
        if record.opponents:
            total = sum(numerator[o] for o in record.opponents)
            means[player] = _floored(Fraction(total, common * len(record.opponents)), floor)
        else:
            means[player] = floor
    return means


def compute_standings(
    entrants: Iterable[Entrant],
    results: Iterable[MatchResult],
    scoring: Scoring = Scoring(),
    *,
    after_round: int | None = None,
) -> list[Standing]:
    """Rank every entrant: match points, then the scoring's tiebreaker chain."""
    if after_round is not None:
        results = [r for r in results if r.round <= after_round]
    records = _records(results, scoring)
    floor = scoring.floor

    def mw(player: int) -> Fraction:
        record = records[player]
        if not record.rounds:
            return floor
        return _floored(Fraction(record.points, scoring.win * record.rounds), floor)

    def gw(player: int) -> Fraction:
        record = records[player]
        if not record.games:
            return floor
        return _floored(Fraction(record.game_points, 3 * record.games), floor)

    match_win = {player: mw(player) for player in records}
    game_win = {player: gw(player) for player in records}
    mean_mw = _opponent_means(records, match_win, floor)
    mean_gw = _opponent_means(records, game_win, floor)

    unranked = []
    for entrant in entrants:
        record = records.get(entrant.id, _Record())
        unranked.append(
            Standing(
                rank=0,
                entrant=entrant,
                points=record.points,
                wins=record.wins,
                draws=record.draws,
                losses=record.losses,
                byes=record.byes,
                mw=match_win.get(entrant.id, floor),
                omw=mean_mw.get(entrant.id, floor),
                gw=game_win.get(entrant.id, floor),
                ogw=mean_gw.get(entrant.id, floor),
            )
        )

    def order(standing: Standing) -> tuple:
        chain = tuple(
            standing.entrant.random_key if name == "random" else -standing.figure(name)
            for name in scoring.tiebreakers
        )
        return (-standing.points, *chain, standing.entrant.random_key, standing.entrant.id)

    ranked = sorted(unranked, key=order)
    return [replace(standing, rank=rank) for rank, standing in enumerate(ranked, start=1)]


def explain(above: Standing, below: Standing, scoring: Scoring = Scoring()) -> str:
    """Why `above` ranks above `below`, in one sentence."""
    a, b = above.entrant.name, below.entrant.name
    if above.points != below.points:
        return f"{a} has {above.points} points and {b} has {below.points}."
    for name in scoring.tiebreakers:
        if above.figure(name) != below.figure(name):
            if name == "random":
                return f"Both are tied on every figure; the recorded random draw puts {a} first."
            label = name.upper() + "%"
            return (
                f"Both have {above.points} points; {a}'s {label} {above.percent(name)}% is higher "
                f"than {b}'s {below.percent(name)}%."
            )
    return f"{a} and {b} are tied on every figure; the recorded random draw puts {a} first."
