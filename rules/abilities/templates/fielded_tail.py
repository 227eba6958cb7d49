"""Family `fielded_tail`: no recogniser of its own. Its clauses
(rules/abilities/phrases_fielded_tail.py: 'prevent all damage dealt to <dice>', 'the next
character die you field this turn is free', a target 'with 3A or less' / 'level 3') join the
shared phrase registry, so `when_fielded` (and every other trigger family) reads the lines
that need them; its effect `ft_next_field_free` is in rules/abilities/extensions/fielded_tail.py.
"""

from rules.abilities import phrases_fielded_tail  # noqa: F401 (registers the clauses)
