"""'When <this die> attacks / blocks / is blocked / is KO'd / is damaged / is purchased,
<effect>' (the die named by the card's name, 'this character', 'he', 'she', 'it'): a
triggered ability on the card's own die. Weaker reading (T5.1): 'when X is blocked' fires
once per attack, however many blockers (limit once per turn per die)."""

import re

from rules.abilities import phrases
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

_EVENTS = {
    "attacks": "attacks",
    "is assigned to attack": "attacks",
    "blocks": "blocks",
    "is blocked": "blocked",
    "is knocked out": "kod",
    "is ko'd": "kod",
    "is kod": "kod",
    "is damaged": "damaged",
    "is purchased": "purchased",
}
# Triggers whose die is unrolled when they resolve (KO'd to Prep, bought to the Used Pile).
UNROLLED_TRIGGERS = ("kod", "purchased")
_EVENT = "|".join(re.escape(e) for e in sorted(_EVENTS, key=len, reverse=True))
_WHEN = re.compile(
    rf"^(?:when|whenever) (?P<subject>.+?) (?P<event>{_EVENT}),? (?P<rest>.+)$", re.IGNORECASE
)


@recogniser("triggers", kinds=("ability", "burst"))
def when_this_die(line: Line) -> Match | None:
    match = _WHEN.match(line.text)
    if not match or not t.is_self(match["subject"], line.card_name):
        return None
    rest = match["rest"]
    optional = rest.lower().startswith("you may ")
    if optional:
        rest = rest[len("you may ") :]
    effects = phrases.effects(rest, line)
    if effects is None:
        return None
    when = _EVENTS[match["event"].lower()]
    if line.kind == "burst" and when in UNROLLED_TRIGGERS:
        return None  # the die shows no face by then: its bursts can't be read
    spec = {"when": when, "effects": effects}
    if optional:
        spec["optional"] = True
    if when == "blocked":
        spec["limit"] = "once_per_turn_per_die"
    return Match.ability(spec)
