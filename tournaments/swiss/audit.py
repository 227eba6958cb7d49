"""Checks run on every pairing before it is saved: the engine's own and a judge's hand edits."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from tournaments.swiss.players import SwissPlayer


@dataclass(frozen=True)
class PairingProblem:
    """`code` is stable (for confirmation forms and tests); `message` names the players."""

    code: str
    message: str

    def __str__(self) -> str:
        return self.message


def check_pairings(
    players: Iterable[SwissPlayer],
    pairs: Iterable[tuple[int, int]],
    bye: int | None,
    *,
    forbidden: Iterable[tuple[int, int]] = (),
) -> list[PairingProblem]:
    """Every problem with a proposed round: players missing or twice, unknown players, rematches,
    a second bye, an avoidable bye (odd/even count), and forbidden pairs."""
    by_id = {p.id: p for p in players}
    pairs = list(pairs)
    seats = Counter(pid for pair in pairs for pid in pair)
    if bye is not None:
        seats[bye] += 1
    problems = []

    def name(pid: int) -> str:
        return by_id[pid].name if pid in by_id else f"unknown player #{pid}"

    for pid, count in sorted(seats.items()):
        if pid not in by_id:
            problems.append(
                PairingProblem("unknown_player", f"{name(pid)} is not an active player.")
            )
        elif count > 1:
            problems.append(PairingProblem("twice", f"{name(pid)} is paired {count} times."))
    for pid in sorted(set(by_id) - set(seats)):
        problems.append(PairingProblem("missing", f"{name(pid)} has no opponent and no bye."))
    for a, b in pairs:
        if a == b:
            problems.append(PairingProblem("self", f"{name(a)} is paired with themselves."))
        elif a in by_id and b in by_id and (b in by_id[a].opponents or a in by_id[b].opponents):
            problems.append(
                PairingProblem("rematch", f"{name(a)} and {name(b)} have already played.")
            )
    forbidden_pairs = {frozenset(pair) for pair in forbidden}
    for a, b in pairs:
        if frozenset((a, b)) in forbidden_pairs:
            problems.append(
                PairingProblem("forbidden", f"{name(a)} and {name(b)} should not be paired.")
            )
    if bye is not None:
        if bye in by_id and by_id[bye].had_bye:
            problems.append(PairingProblem("second_bye", f"{name(bye)} already had a bye."))
        if len(by_id) % 2 == 0:
            problems.append(
                PairingProblem("needless_bye", f"{name(bye)} gets a bye with an even player count.")
            )
    elif len(by_id) % 2:
        problems.append(PairingProblem("no_bye", "The player count is odd but nobody has the bye."))
    return problems
