"""Combat and KO triggers on the card's own die, with the shared trigger bodies of
`phrases_triggers` (you may, you may pay, if <condition>, several sentences):

- 'When <this die> attacks, ...'   (also 'is assigned to attack', 'this monster attacks')
- 'When <this die> blocks, ...'
- 'When <this die> is blocked, ...'
- 'When <this die> blocks or is blocked, ...' / 'attacks or blocks, ...': one ability per
  event, with the same effects
- 'When <this die> is KO'd / is knocked out, ...'
- 'When <this die> is damaged / takes damage, ...'
- 'When <this die> takes combat damage, ...', 'is KO'd by combat damage' (also YGO's 'is
  knocked out in battle'), 'deals combat damage to (an|your) opponent, ...', 'damages an
  opponent, ...' (the trigger events of rules.abilities.trigger_events)

(The core's simpler `triggers` family, which read the same lines, was folded into this one.)
Weaker readings (T5.1): 'when X is blocked' fires once per attack however many blockers
(limit once per turn per die). Not read here: 'deals combat damage' without saying to
whom (a blocker or the opponent) and 'KOs a character' (templates/self_tail.py). A KO'd die
has left the Field, so 'when KO'd, deal damage equal to his A/D/level' is left manual too
(the engine would read the stats of a die no longer showing a character face).
"""

import re

from rules.abilities import phrases_triggers as body
from rules.abilities.templates import Line, Match, recogniser

_EVENTS = {
    "attacks": ("attacks",),
    "attacks alone": ("attacks_alone",),
    "is assigned to attack": ("attacks",),
    "assigns to attack": ("attacks",),
    "blocks": ("blocks",),
    "is blocked": ("blocked",),
    "blocks or is blocked": ("blocks", "blocked"),
    "is blocked or blocks": ("blocked", "blocks"),
    "attacks or blocks": ("attacks", "blocks"),
    "is knocked out": ("kod",),
    "gets knocked out": ("kod",),
    "is knocked out in battle": ("kod_combat",),
    "is knocked out in combat": ("kod_combat",),
    "is ko'd in combat": ("kod_combat",),
    "is ko'd": ("kod",),
    "is kod": ("kod",),
    "is damaged": ("damaged",),
    "takes damage": ("damaged",),
    "is dealt damage": ("damaged",),
    "takes combat damage": ("damaged_combat",),
    "is dealt combat damage": ("damaged_combat",),
    "is ko'd by combat damage": ("kod_combat",),
    "is knocked out by combat damage": ("kod_combat",),
    "deals combat damage to an opponent": ("combat_damage_opponent",),
    "deals combat damage to your opponent": ("combat_damage_opponent",),
    "deals combat damage to the defending player": ("combat_damage_opponent",),
    "damages an opponent": ("damage_opponent",),
    "damages your opponent": ("damage_opponent",),
    "deals damage to an opponent": ("damage_opponent",),
    "deals damage to your opponent": ("damage_opponent",),
    "is purchased": ("purchased",),
}
_EVENT = "|".join(re.escape(e) for e in sorted(_EVENTS, key=len, reverse=True))
_ALONE = re.compile(r",? if (?:he|she|it) is the only attacking character(?: die)?$", re.IGNORECASE)
# Without a subject: 'When assigned to attack, ...', 'When blocked, ...', 'When KO'd, ...'.
_BARE = {
    "assigned to attack": "is assigned to attack",
    "blocked": "is blocked",
    "ko'd": "is ko'd",
    "kod": "is ko'd",
    "knocked out": "is knocked out",
}
_BARE_EVENT = "|".join(re.escape(e) for e in sorted(_BARE, key=len, reverse=True))
_WHEN = re.compile(
    r"^(?:when|whenever|each time) "
    rf"(?:(?P<subject>.+?) (?P<event>{_EVENT})|(?P<bare>{_BARE_EVENT})),? (?P<rest>.+)$",
    re.IGNORECASE,
)
# Triggers whose die shows no face when they resolve (KO'd to the Prep Area, bought to the
# Used Pile): a burst line can't be read for them.
UNROLLED = {"kod", "kod_combat", "purchased"}


@recogniser("combat_triggers", kinds=("ability", "burst"), priority=90)
def when_this_die(line: Line) -> Match | None:
    match = _WHEN.match(line.text)
    if not match or (match["subject"] and not body.is_self(match["subject"], line)):
        return None
    event = match["event"] or _BARE[match["bare"].lower()]
    rest = match["rest"]
    alone = _ALONE.search(rest)
    if alone and event.lower() == "attacks":  # '..., he gets +2A if he is the only attacker'
        event, rest = "attacks alone", rest[: alone.start()]
    spec = body.trigger_body(rest, line)
    if spec is None:
        return None
    events = _EVENTS[event.lower()]
    if line.kind == "burst" and set(events) & UNROLLED:
        return None  # the die shows no face by then: its bursts can't be read
    if set(events) & {"kod", "kod_combat"} and (_uses_own_stats(spec) or _holds_dice(spec)):
        return None  # a KO'd die has left the Field: its A, D or level is not known here
    if set(events) & _NO_HOLDER and (_holds_dice(spec) or _uses_own_stats(spec)):
        return None  # capture, control, its stats: they need this die in the Field
    if set(events) & _NO_HOLDER and _about_this_die(spec):
        return None  # 'spin him up' once he has left the Field (or card-wide): not read
    specs = []
    for when in events:
        one = {"when": when, **spec}
        if when == "blocked":
            one["limit"] = "once_per_turn_per_die"
        specs.append(one)
    return Match.ability(*specs)


def _uses_own_stats(spec) -> bool:
    """Whether an effect's amount is this die's A, D or level ('damage equal to his D')."""
    for effect in spec["effects"]:
        for value in effect.values():
            if isinstance(value, dict) and "stat" in value:
                return True
    return False


# Triggers after which this die may not be in the Field (KO'd; an unblocked attacker is Out of
# Play once it has dealt its damage) or that are card-wide (no one die of the card).
_NO_HOLDER = {"kod", "kod_combat", "combat_damage_opponent", "damage_opponent"}


def _holds_dice(spec) -> bool:
    """Capture or control (this die holds the other), or 'of equal or lower level' (this
    die's level): what needs this die in the Field when the ability resolves."""
    return any(
        effect["do"] in ("capture", "control")
        or (isinstance(effect.get("to"), dict) and effect["to"].get("level_at_most_this"))
        for effect in spec["effects"]
    )


def _about_this_die(spec) -> bool:
    return any(
        isinstance(effect.get("to"), dict) and effect["to"].get("pick") == "this"
        for effect in spec["effects"]
    )
