"""Clauses of the `word_tail` family (rules/abilities/templates/word_tail.py), registered into
the shared phrase registry. Each is narrow: it reads only in the trigger it names.

- '(Immediately) field this (NAME) (Superstar) die at level N' / 'field it at level N' in a
  trigger on the card's own purchase ('When you purchase this die', Crosspulse, Impulse): the
  die bought, from the Used Pile, fielded (`wdt_field_bought`).
"""

from rules.abilities.phrases import phrase
from rules.abilities.phrases_event_triggers_more import _own_trigger


@phrase(
    r"(?:immediately )?field (?P<who>it|this die|this (?P<name>[^,]+?) (?:superstar |character )?"
    r"die) at level (?P<level>[123])"
)
def _field_bought(m, line):
    """The die just purchased, fielded at that level (R8.2)."""
    if _own_trigger(line) != {"purchased"}:
        return None
    name = m["name"]
    if name and name.strip().lower() != line.card_name.strip().lower():
        return None
    return [{"do": "wdt_field_bought", "level": int(m["level"])}]
