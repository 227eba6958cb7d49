"""K-ALLY: a character die with Ally counts as a sidekick too while in the Field (it is not
a sidekick in the bag, Prep, Used Pile or anywhere else)."""

from rules.engine.state import IN_FIELD, Die

KEYWORD = "ally"
RULE = "K-ALLY"


def counts_as_sidekick(die: Die, keywords: frozenset[str]) -> bool:
    return KEYWORD in keywords and die.zone in IN_FIELD and die.is_character
