"""K-OVERCRUSH: when attacking, if a die with Overcrush KOs or removes all its blockers, it
deals its leftover damage to the defending player.

The attacker assigns at least each blocker's remaining defense (D minus damage already taken)
to it and may assign the rest to the player; with every blocker removed before damage, all
its A goes to the player. The damage counted is the attacker's combat damage after damage
multipliers ('deals double damage to characters that block him': the attack step's
combat_damage). A blocker this damage can't KO lets none past: an Iron Will die not damaged
this turn survives its first damage (K-IRONWILL; the attack step's _lethal). A 'when
damaged' effect (R11.5) and prevention (R13.4) act once the damage is dealt and do not change
what is assigned. A blocker at D 0 needs none of it, and still takes the combat damage (the
official ruling on a 0D Iron Will blocker: it is KO'd, 'fulfilling the requirement for
Overcrush damage', the player takes all).
"""

KEYWORD = "overcrush"
RULE = "K-OVERCRUSH"


def may_hit_player(keywords: frozenset[str]) -> bool:
    return KEYWORD in keywords


def lethal(defense: int, damage: int) -> int:
    """The damage a blocker must be assigned before any goes past it."""
    return max(0, defense - damage)
