"""Action card text: a line that is an effect clause is what the action die does when used;
a burst line is a variant: 'Instead, <effect>' / '<effect> instead' replaces the effect,
anything else ('Also ...' or a plain clause) adds to it."""

import re

from rules.abilities import phrases
from rules.abilities.templates import Line, Match, recogniser

ACTION_KINDS = ("basic_action", "action")
_INSTEAD = re.compile(r"^instead,? (?P<a>.+)$|^(?P<b>.+?),? instead$", re.IGNORECASE)
_ALSO = re.compile(r"^also,? (?P<rest>.+)$", re.IGNORECASE)


@recogniser("actions", kinds=("ability", "burst"), priority=150)
def action_effect(line: Line) -> Match | None:
    if line.card_kind not in ACTION_KINDS:
        return None
    text, mode = line.text, "also"
    if line.kind == "burst":
        instead = _INSTEAD.match(text)
        also = _ALSO.match(text)
        if instead:
            text, mode = instead["a"] or instead["b"], "instead"
        elif also:
            text = also["rest"]
    effects = phrases.effects(text, line)
    if effects is None:
        return None
    if line.kind == "burst":
        return Match(variant={"mode": mode, "effects": effects})
    return Match.ability({"when": "action", "effects": effects})
