"""K-IRONWILL: a die with Iron Will can't be KO'd unless it was already damaged earlier this
turn. Once it has been damaged, it is KO'd when (a) damaged again with total damage at least
its D, (b) a later D reduction brings its D down to its damage, or (c) a later effect KOs it.

The engine marks a die "damaged" when a damage event resolves on it; `damaged_before` is
whether it carried that mark before the damage now being checked. Iron Will keeps a die its
first damage made lethal; a die already at D 0 when it is first damaged is KO'd by it (the
official ruling on a 0D Iron Will blocker; rules.engine.effects.ops.ko_if_lethal).
"""

KEYWORD = "iron_will"
RULE = "K-IRONWILL"


def can_be_kod(keywords: frozenset[str], *, damaged_before: bool) -> bool:
    return KEYWORD not in keywords or damaged_before
