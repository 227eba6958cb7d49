"""Edge costs in strict tiers, so that a lower priority can never outweigh a higher one.

Each candidate pair (or a player and the bye) gets a cost vector, most important first:

1. REMATCH       1 if the two have met, or the bye goes to someone who already had one (T1.2)
2. BYE_GROUP     for the bye: how many lower score groups hold a player without a bye (T1.5)
3. FORBIDDEN     1 for an optional forbidden pair (family, team-mates) in early rounds
4. OVER_LIMIT    1 if the score gap exceeds the round's limit: the smallest largest gap any
                 pairing can have (see pairing.py), so no pair-down is longer than it must be
5. GAP_SQUARES   the squared score gap: two short pair-downs cost less than one long one
6. BYE_RANK      for the bye: how many players without one rank below its receiver in its
                 score group (0 = the lowest-ranked)
7. HIGH_PAIRDOWN players - rank of the player paired down: pair-downs near the top cost more
8. RANDOM        a seeded random number below RANDOM_RANGE (T1.2: random within a record)

A pair's cost is Σ value[tier] × unit[tier]; a round's cost is the sum over its pairs and the
bye. `totals[t]` bounds tier t's total over a whole round (a round has at most
`players // 2 + players % 2` edges, only one of them the bye), and

    unit[t] = Π_{j>t} (totals[j] + 1) = 1 + Σ_{j>t} totals[j] × unit[j]

(the sum telescopes). So one unit of a tier is worth more than the largest total every tier
below it can reach together: comparing two rounds by cost compares their tier totals
lexicographically. `ceiling` = Π (totals[t] + 1) exceeds any single edge's cost, so every
matching weight `ceiling - cost` is positive. Tested in test_pairing:
test_tiers_dominate_one_another, test_no_edge_value_exceeds_its_tiers_bound and the
brute-force lexicographic check.
"""

from dataclasses import dataclass

TIERS = (
    "rematch", "bye_group", "forbidden", "over_limit", "gap_squares", "bye_rank",
    "high_pairdown", "random",
)  # fmt: skip
RANDOM_RANGE = 1024


@dataclass(frozen=True)
class Tiers:
    """Per-tier units for a round of `players` players (plus the bye vertex)."""

    units: tuple[int, ...]
    totals: tuple[int, ...]  # the largest total each tier reaches over one round

    @classmethod
    def for_round(cls, players: int, max_gap: int, groups: int) -> "Tiers":
        edges = players // 2 + players % 2
        gap = max(max_gap, 1)
        totals = (
            edges, groups, edges, edges, edges * gap * gap, players, edges * players,
            edges * (RANDOM_RANGE - 1),
        )  # fmt: skip
        units = [1] * len(TIERS)
        for tier in range(len(TIERS) - 2, -1, -1):
            units[tier] = units[tier + 1] * (totals[tier + 1] + 1)
        return cls(tuple(units), totals)

    def cost(self, values: tuple[int, ...]) -> int:
        return sum(value * unit for value, unit in zip(values, self.units, strict=True))

    @property
    def ceiling(self) -> int:
        """More than any pair's cost, so every weight (ceiling - cost) stays positive."""
        return self.units[0] * (self.totals[0] + 1)
