"""'When fielded, <effect>' (also 'When <Name> is fielded', 'When this character is fielded',
the Yu-Gi-Oh! wordings 'When summoned' and 'When this monster is summoned'): a triggered
ability on the card's own die being fielded. The body is read by
`phrases_triggers.trigger_body`: 'you may ...', 'you may pay [B] to ...', 'if <condition>,
...', '... if <condition>' and several sentences in turn, each a known effect clause (see that
module for the readings chosen, T5.1)."""

import re

from rules.abilities import phrases_triggers as body
from rules.abilities.templates import Line, Match, recogniser

_PREFIX = re.compile(
    r"^when (?:fielded|summoned|this monster is summoned|you summon this monster"
    r"|(?P<subject>.+?) is fielded),? (?P<rest>.+)$",
    re.IGNORECASE,
)


@recogniser("when_fielded", kinds=("ability", "burst"))
def when_fielded(line: Line) -> Match | None:
    match = _PREFIX.match(line.text)
    if not match or (match["subject"] and not body.is_self(match["subject"], line)):
        return None
    spec = body.trigger_body(match["rest"], line)
    if spec is None:
        return None
    return Match.ability({"when": "fielded", **spec})
