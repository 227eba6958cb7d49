"""'When fielded, <effect>' (also 'When <Name> is fielded', 'When this character is
fielded'): a triggered ability on the card's own die being fielded."""

import re

from rules.abilities import phrases
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

_PREFIX = re.compile(
    r"^when (?:fielded|(?P<subject>.+?) is fielded),? (?P<rest>.+)$", re.IGNORECASE
)


@recogniser("when_fielded", kinds=("ability", "burst"))
def when_fielded(line: Line) -> Match | None:
    match = _PREFIX.match(line.text)
    if not match or (match["subject"] and not t.is_self(match["subject"], line.card_name)):
        return None
    rest = match["rest"]
    optional = False
    if rest.lower().startswith("you may "):
        optional, rest = True, rest[len("you may ") :]
    effects = phrases.effects(rest, line)
    if effects is None:
        return None
    spec = {"when": "fielded", "effects": effects}
    if optional:
        spec["optional"] = True
    return Match.ability(spec)
