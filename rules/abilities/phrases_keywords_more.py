"""Clauses of the keywords_more family (registered into rules.abilities.phrases, so they work
after any trigger and in globals): 'the first character you field this turn is free'. ('The
next <dice> you purchase costs N less' is one clause, fielded_more's `next_purchase`.)"""

from rules.abilities.phrases import phrase


@phrase(r"the first character(?: die)? you field this turn is free to field")
def _first_field_free(m, line):
    """Free while no character die was fielded this turn: used after one was, it does
    nothing (that one was the first)."""
    return [{"do": "free_first_field"}]
