"""Burst lines of a character card that change the ability just before them: 'Also, <effect>'
and '<effect>' add to it, 'Instead, <effect>' / '<effect> instead' replace it (the weaker
reading, T5.1: a burst line without 'instead' adds). Action cards' burst lines are read by
the `actions` family."""

import re

from rules.abilities import phrases
from rules.abilities.templates import Line, Match, recogniser

_INSTEAD = re.compile(r"^instead,? (?P<a>.+)$|^(?P<b>.+?),? instead$", re.IGNORECASE)
_ALSO = re.compile(r"^also,? (?P<rest>.+)$", re.IGNORECASE)


@recogniser("burst_variants", kinds=("burst",), priority=160)
def burst_variant(line: Line) -> Match | None:
    if line.previous is None or line.card_kind in ("basic_action", "action"):
        return None
    if line.previous["when"] in ("while_active", "kod", "purchased"):
        return None  # no bursts to read: continuous, or the die is unrolled by then
    instead, also = _INSTEAD.match(line.text), _ALSO.match(line.text)
    if instead:
        text, mode = instead["a"] or instead["b"], "instead"
    elif also:
        text, mode = also["rest"], "also"
    else:
        return None  # a plain clause could be a new ability as well: left to other families
    effects = phrases.effects(text, line)
    if effects is None:
        return None
    return Match(variant={"mode": mode, "effects": effects})
