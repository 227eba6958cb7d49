"""'When fielded, <effect>' (also 'When <Name> is fielded', 'When this character is
fielded'): a triggered ability on the card's own die being fielded."""

from rules.abilities import phrases
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

_PREFIX = r"^when (?:fielded|{name} is fielded),? (?P<rest>.+)$"


@recogniser("when_fielded", kinds=("ability", "burst"))
def when_fielded(line: Line) -> Match | None:
    import re

    regex = _PREFIX.format(name=t.self_names(line.card_name))
    match = re.match(regex, line.text, re.IGNORECASE)
    if not match:
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
