"""Benchmark: pair every round of simulated Swiss events; report time and pair-down quality.

    python bench/bench_pairing.py [--sizes 1024,4096] [--seeds 1,2,3] [--check 1024]

Each event: an odd number of players (size + 1), 3/1/0 scoring with about 5% draws, about 2%
of players dropping each round, rounds by the WizKids table (T1.3). Standings (for ranks) come
from tournaments.standings. Pure Python: no database.

For event sizes in --check, every round is audited against the complete graph: the largest
score gap must equal the smallest possible (audit.smallest_largest_gap: binary search on the
limit, a maximum-cardinality matching over every rematch-free pair within it, the bye in the
lowest score group of players without one), and the bye must be in that group.
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
from tournaments.swiss.audit import smallest_largest_gap  # noqa: E402


def rounds_for(players: int) -> int:
    return max(3, (players - 1).bit_length())


def audit(players: list[SwissPlayer], pairing) -> int:
    """The smallest largest gap any rematch-free round could have; asserts the bye's group."""
    pool = [p for p in players if not p.had_bye] or players
    lowest = min(p.points for p in pool) if len(players) % 2 else None
    if lowest is not None:
        receiver = next(p for p in players if p.id == pairing.bye)
        assert receiver.points == lowest, "the bye left the lowest score group"
    return smallest_largest_gap(players, bye_points=lowest)


def simulate(size: int, seed: int, check: bool) -> list[dict]:
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
             "rematches": pairing.quality.rematches, "largest": pairing.quality.largest_gap,
             "best": audit(players, pairing) if check else None,
             "cross": pairing.quality.cross_group, "method": pairing.method}
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
    parser.add_argument("--sizes", default="1024,4096")
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--check", default="1024", help="sizes audited against the optimum")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    seeds = [int(seed) for seed in args.seeds.split(",")]
    checked = {int(size) for size in args.check.split(",") if size}
    print(
        f"command: python bench/bench_pairing.py --sizes {args.sizes} --seeds {args.seeds} "
        f"--check {args.check}"
    )
    print(
        "| players | rounds (events) | median per round | slowest round | rematches | "
        "largest gap per round (max) | rounds at the optimum | pairs across groups (median) |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for size in sizes:
        rows = [row for seed in seeds for row in simulate(size, seed, size in checked)]
        at_optimum = (
            f"{sum(r['largest'] == r['best'] for r in rows)} of {len(rows)}"
            if size in checked
            else "not audited"
        )
        print(
            f"| {size + 1} | {len(rows)} ({len(seeds)}) | "
            f"{statistics.median(r['seconds'] for r in rows) * 1000:.0f} ms | "
            f"{max(r['seconds'] for r in rows) * 1000:.0f} ms | "
            f"{sum(r['rematches'] for r in rows)} | {max(r['largest'] for r in rows)} | "
            f"{at_optimum} | {statistics.median(r['cross'] for r in rows):.0f} |",
            flush=True,
        )
        for row in rows:
            if size in checked and row["largest"] != row["best"]:
                print(f"  round {row['round']}: largest gap {row['largest']}, best {row['best']}")


if __name__ == "__main__":
    main()
