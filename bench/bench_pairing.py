"""Benchmark: pair every round of simulated Swiss events and report time and quality.

    python bench/bench_pairing.py [--sizes 64,256,1024,4096] [--seed 7]

Each event: an odd number of players (size + 1), 3/1/0 scoring with about 5% draws, about 2%
of players dropping each round, rounds by the WizKids table (T1.3). Standings (for ranks) come
from tournaments.standings. Quality per round: rematches, pairs across score groups, and the
sum of score gaps. Pure Python: no database.
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.standings import Entrant, MatchResult, compute_standings  # noqa: E402
from tournaments.swiss import SwissPlayer, check_pairings, pair_round  # noqa: E402


def rounds_for(players: int) -> int:
    return max(3, (players - 1).bit_length())


def simulate(size: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    entrants = [Entrant(i, f"P{i}", random_key=rng.randrange(2**31)) for i in range(1, size + 2)]
    active = {e.id for e in entrants}
    results: list[MatchResult] = []
    opponents: dict[int, set[int]] = {e.id: set() for e in entrants}
    byes: set[int] = set()
    rows = []
    for number in range(1, rounds_for(size) + 1):
        standings = compute_standings(entrants, results)
        players = [
            SwissPlayer(s.entrant.id, s.entrant.name, s.points, s.rank,
                        frozenset(opponents[s.entrant.id]), s.entrant.id in byes)
            for s in standings if s.entrant.id in active
        ]  # fmt: skip
        started = time.perf_counter()
        pairing = pair_round(players, seed=seed * 1000 + number)
        elapsed = time.perf_counter() - started
        problems = check_pairings(players, pairing.pairs, pairing.bye)
        assert not [p for p in problems if p.code not in ("rematch",)], problems
        rows.append(
            {"round": number, "players": len(players), "seconds": elapsed,
             "rematches": pairing.quality.rematches, "cross": pairing.quality.cross_group,
             "gaps": pairing.quality.score_gap, "method": pairing.method}
        )  # fmt: skip
        for a, b in pairing.pairs:
            opponents[a].add(b)
            opponents[b].add(a)
            roll = rng.random()
            wins = (1, 0, 0) if roll < 0.475 else (0, 1, 0) if roll < 0.95 else (0, 0, 1)
            results.append(MatchResult(number, a, b, *wins))
        if pairing.bye is not None:
            byes.add(pairing.bye)
            results.append(MatchResult(number, pairing.bye, None))
        for pid in list(active):
            if rng.random() < 0.02:
                active.discard(pid)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="64,256,1024,4096")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    print(f"command: python bench/bench_pairing.py --sizes {args.sizes} --seed {args.seed}")
    print(
        "| players | rounds | method | median per round | slowest round | rematches | "
        "pairs across groups (median) | score gap sum (median) |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for size in sizes:
        rows = simulate(size, args.seed)
        print(
            f"| {size + 1} | {len(rows)} | {rows[-1]['method']} | "
            f"{statistics.median(r['seconds'] for r in rows) * 1000:.0f} ms | "
            f"{max(r['seconds'] for r in rows) * 1000:.0f} ms | "
            f"{sum(r['rematches'] for r in rows)} | "
            f"{statistics.median(r['cross'] for r in rows):.0f} | "
            f"{statistics.median(r['gaps'] for r in rows):.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
