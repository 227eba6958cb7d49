"""Simulated event histories for the pairing tests (pure: no database)."""

import random

from tournaments.standings import Entrant, MatchResult, compute_standings
from tournaments.swiss import SwissPlayer, pair_round


def history(size: int, rounds: int, seed: int, drop_rate: float = 0.05):
    """Yield (players, round_seed) before each round of a simulated event paired exactly."""
    rng = random.Random(seed)
    entrants = [Entrant(i, f"P{i}", random_key=rng.randrange(1000)) for i in range(1, size + 1)]
    active = {e.id for e in entrants}
    results, opponents, byes = [], {e.id: set() for e in entrants}, set()
    for number in range(1, rounds + 1):
        players = [
            SwissPlayer(s.entrant.id, s.entrant.name, s.points, s.rank,
                        frozenset(opponents[s.entrant.id]), s.entrant.id in byes)
            for s in compute_standings(entrants, results) if s.entrant.id in active
        ]  # fmt: skip
        if len(players) < 2:
            return
        round_seed = seed * 100 + number
        yield players, round_seed
        pairing = pair_round(players, seed=round_seed)
        for a, b in pairing.pairs:
            opponents[a].add(b)
            opponents[b].add(a)
            roll = rng.random()
            results.append(
                MatchResult(number, a, b, *((1, 0, 0) if roll < 0.45 else (0, 1, 0) if roll < 0.9
                                            else (0, 0, 1)))
            )  # fmt: skip
        if pairing.bye is not None:
            byes.add(pairing.bye)
            results.append(MatchResult(number, pairing.bye, None))
        active -= {pid for pid in active if rng.random() < drop_rate}
