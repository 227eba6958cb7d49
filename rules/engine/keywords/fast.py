"""K-FAST (R11.6): dice with Fast deal their combat damage first, all at the same time; the
other dice deal theirs afterwards, if they are still in the Attack Zone."""

KEYWORD = "fast"
RULE = "K-FAST"


def damage_rounds(any_fast: bool) -> tuple[str, ...]:
    return ("fast", "regular") if any_fast else ("regular",)


def deals_in_round(round_name: str, keywords: frozenset[str]) -> bool:
    return (KEYWORD in keywords) == (round_name == "fast")
