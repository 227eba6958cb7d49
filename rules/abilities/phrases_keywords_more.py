"""Clauses of the keywords_more family (registered into rules.abilities.phrases, so they work
after any trigger and in globals): 'the next [action / character / Superstar] die you
purchase (this turn) costs [N] less' (effect `discount_next_purchase`,
rules/abilities/extensions/keywords_more.py). A Superstar die is a character die. Without
'this turn' the discount still ends with the turn (the weaker reading, T5.1); the cards'
'(minimum 1)' is the engine's floor on a reduced cost (R7.3)."""

from rules.abilities.phrases import phrase

_KINDS = {"action": "action", "character": "character", "superstar": "character"}


# Only the Superstar wording: every other 'the next <dice> you purchase costs N less' is the
# fielded_more family's `next_purchase` (one reading of one clause, whichever module registers
# first).
@phrase(
    r"the next (?P<what>superstar) die you purchase(?: this turn)? costs"
    r" (?:\[(?P<n1>\d)\]|(?P<n2>\d)) less(?: \(minimum 1\.?\)\.?)?"
)
def _next_purchase(m, line):
    effect = {"do": "discount_next_purchase", "amount": int(m["n1"] or m["n2"])}
    if m["what"]:
        effect["what"] = _KINDS[m["what"].lower()]
    return [effect]


@phrase(r"the first character(?: die)? you field this turn is free to field")
def _first_field_free(m, line):
    """Free while no character die was fielded this turn: used after one was, it does
    nothing (that one was the first)."""
    return [{"do": "free_first_field"}]
