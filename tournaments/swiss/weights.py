"""Edge costs in strict tiers, so that a lower priority can never outweigh a higher one.

Each candidate pairing gets a cost vector, most important first:

1. REMATCH      1 if the two have met, or the bye goes to someone who already had one
2. BYE_RANK     for the bye: how many eligible players rank below its receiver (0 = lowest);
                a second bye costs more than any first one
3. FORBIDDEN    1 for an optional forbidden pair (family, team-mates) in early rounds
4. CROSS_GROUP  1 if the two have different points (a pair-down)
5. SCORE_GAP    the difference in points
6. HIGH_PAIRDOWN n - rank of the player paired down: pair-downs near the top cost more
7. RANDOM       a seeded random number below RANDOM_RANGE (T1.2: random within a record)

The cost of a pairing is the sum over its pairs of Σ tier_value × unit[tier]. A matching has
at most `pairs` pairs, so tier i's units are chosen larger than the largest possible total of
every tier below it: unit[i] = Σ_{j>i} pairs × bound[j] × unit[j] + 1. One unit of a tier
therefore always outweighs any combination of the tiers below (tested in test_weights).
"""

from dataclasses import dataclass

TIERS = ("rematch", "bye_rank", "forbidden", "cross_group", "score_gap", "high_pairdown", "random")
RANDOM_RANGE = 1024


@dataclass(frozen=True)
class Tiers:
    """Per-tier units for a round of `players` players (plus the bye vertex)."""

    units: tuple[int, ...]
    bounds: tuple[int, ...]

    @classmethod
    def for_round(cls, players: int, max_gap: int) -> "Tiers":
        pairs = (players + 1) // 2
        bounds = (1, 2 * players, 1, 1, max(max_gap, 1), players, RANDOM_RANGE - 1)
        units = [1] * len(TIERS)
        for tier in range(len(TIERS) - 2, -1, -1):
            below = sum(pairs * bounds[j] * units[j] for j in range(tier + 1, len(TIERS)))
            units[tier] = below + 1
        return cls(tuple(units), bounds)

    def cost(self, values: tuple[int, ...]) -> int:
        return sum(value * unit for value, unit in zip(values, self.units, strict=True))

    @property
    def ceiling(self) -> int:
        """More than any pair's cost, so every weight (ceiling - cost) stays positive."""
        return sum(bound * unit for bound, unit in zip(self.bounds, self.units, strict=True)) + 1
