"""K-OVERCRUSH: when attacking, if a die with Overcrush KOs or removes all its blockers, it
deals its leftover damage to the defending player.

The attacker assigns at least each blocker's remaining defense (D minus damage already taken)
to it and may assign the rest to the player; with every blocker removed before damage, all
its A goes to the player. (A blocker saved afterwards by a 'when damaged' effect does not
take back damage already dealt: damage is simultaneous, R11.4.)
"""

KEYWORD = "overcrush"
RULE = "K-OVERCRUSH"


def may_hit_player(keywords: frozenset[str]) -> bool:
    return KEYWORD in keywords


def lethal(defense: int, damage: int) -> int:
    """The damage a blocker must be assigned before any goes past it."""
    return max(0, defense - damage)
