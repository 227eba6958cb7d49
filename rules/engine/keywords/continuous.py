"""K-CONTINUOUS (R9.3): an action die with Continuous is used by moving it from the Reserve
Pool to the Field, where it stays past the end of the turn; it may later send itself to the
Used Pile for an effect whenever a global could be used (that is not "using" an action die).
"""

from rules.engine.state import Zone

KEYWORD = "continuous"
RULE = "K-CONTINUOUS"


def zone_when_used(keywords: frozenset[str]) -> Zone | None:
    """Where a used action die goes: the Field for a continuous one; None: Out of Play."""
    return Zone.FIELD if KEYWORD in keywords else None
