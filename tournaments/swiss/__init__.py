"""Swiss pairing, seating and top cut: pure Python (rustworkx for the matching), no Django."""

from tournaments.swiss.audit import (
    PairingProblem,
    check_pairings,
    pairing_within_gap,
    smallest_largest_gap,
)
from tournaments.swiss.pairing import EXACT_LIMIT, Pairing, Quality, pair_round
from tournaments.swiss.players import SwissPlayer
from tournaments.swiss.seating import assign_tables
from tournaments.swiss.topcut import (
    BracketMatch,
    bracket_order,
    first_round,
    next_round,
    stage_name,
    stage_sizes,
)
from tournaments.swiss.weights import TIERS, Tiers

__all__ = [
    "EXACT_LIMIT",
    "TIERS",
    "BracketMatch",
    "Pairing",
    "PairingProblem",
    "Quality",
    "SwissPlayer",
    "Tiers",
    "assign_tables",
    "bracket_order",
    "check_pairings",
    "first_round",
    "next_round",
    "pair_round",
    "pairing_within_gap",
    "smallest_largest_gap",
    "stage_name",
    "stage_sizes",
]
