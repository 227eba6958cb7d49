"""Burst lines that change a character's previous triggered ability ('* Also, deal 1 damage
to each opposing [M] character die', '* Gain 2 life instead', '* Instead, when fielded,
<effect>'): a variant of that ability on those bursts, 'instead' replacing its effects,
'also' adding to them. Only after a triggered ability of this card (when fielded, attacks,
blocks ...), so the variant has an ability to belong to; the effect clauses are the shared
ones of `phrases_triggers`. (The core's simpler `burst_variants` family, which read the same
lines, was folded into this one.)"""

import re

from rules.abilities import phrases_triggers as body
from rules.abilities.templates import Line, Match, recogniser
from rules.abilities.vocabulary import TRIGGERS

_TRIGGERED = set(TRIGGERS) - {"while_active", "global", "action", "activated"}
_INSTEAD = re.compile(r"^instead,? (?P<a>.+)$|^(?P<b>.+?),? instead$", re.IGNORECASE)
_ALSO = re.compile(r"^also,? (?P<rest>.+)$", re.IGNORECASE)
_WHEN = {
    "fielded": r"when fielded,? ",
    "attacks": r"when (?:this die|this character|he|she|it) attacks,? ",
}


@recogniser("trigger_bursts", kinds=("burst",), priority=95)
def burst_variant(line: Line) -> Match | None:
    previous = line.previous
    if line.card_kind not in ("character", "character_or_action") or previous is None:
        return None
    if previous.get("when") not in _TRIGGERED or not previous.get("effects"):
        return None  # not a triggered ability, or one that happens only on bursts itself
    if any(str(b) in previous.get("bursts", {}) for b in line.bursts):
        return None  # that burst already has its variant ('*' then '**' is fine)
    if previous["when"] in ("kod", "kod_combat", "purchased"):
        return None  # the die shows no face when these resolve: no bursts to read
    instead, also = _INSTEAD.match(line.text), _ALSO.match(line.text)
    if instead:
        text, mode = instead["a"] or instead["b"], "instead"
    elif also:
        text, mode = also["rest"], "also"
    else:
        return None
    repeat = _WHEN.get(previous["when"])
    if repeat:  # '* Instead, when fielded, ...': the same trigger, said again
        text = re.sub(rf"^{repeat}", "", text, flags=re.IGNORECASE)
    if re.match(r"^when", text, re.IGNORECASE):
        return None  # another trigger: not a variant of this one
    spec = body.trigger_body(text, line)
    if spec is None or set(spec) != {"effects"}:
        return None  # a condition, a cost or 'you may' of its own: not read as a variant
    return Match(variant={"mode": mode, "effects": spec["effects"]})
