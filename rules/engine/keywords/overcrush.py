"""K-OVERCRUSH: when attacking, if a die with Overcrush KOs or removes all its blockers, it
deals its leftover damage to the defending player.

The attacker assigns at least each blocker's remaining defense (D minus damage already taken)
to it and may assign the rest to the player; with every blocker removed before damage, all
its A goes to the player. The damage counted is the attacker's combat damage after damage
multipliers ('deals double damage to characters that block him': the attack step's
combat_damage). What may save a blocker afterwards does not raise its lethal: a 'when
damaged' effect or Iron Will acts after the damage is dealt (R11.4, R11.5), prevention when
it is dealt (R13.4). A blocker at D 0 needs none of it, and still takes the combat damage
(the official ruling on a 0D Iron Will blocker: it is KO'd, the player takes all).
"""

KEYWORD = "overcrush"
RULE = "K-OVERCRUSH"


def may_hit_player(keywords: frozenset[str]) -> bool:
    return KEYWORD in keywords


def lethal(defense: int, damage: int) -> int:
    """The damage a blocker must be assigned before any goes past it."""
    return max(0, defense - damage)
