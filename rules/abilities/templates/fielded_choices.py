"""'When fielded, choose <dice>. That die <effect>' (family `fielded_choices`, priority 99:
before `when_fielded`, which would not read the two sentences as one). A choice that lasts
only for the same resolution is the effect's own target: 'choose a character die. That die
can't block this turn' reads as 'a character die can't block this turn' (picked like a
target, as `phrases_triggers` reads 'a character die'). A choice remembered past the
resolution ('replacing / cancelling all previous choices', 'until ...', 'while NAME is
active') is not read: the line stays manual.

The family's clauses (Corrupt, [PAWN] and Superstar dice, the opponent rerolling their dice,
'you may sacrifice ... to', 'you may pay N life to') are in
rules/abilities/phrases_fielded_choices.py and work after every trigger."""

import re

from rules.abilities import phrases_fielded_choices  # noqa: F401 (registers the clauses)
from rules.abilities import phrases_triggers as body
from rules.abilities.templates import Line, Match, recogniser

_CHOOSE = re.compile(
    r"^when (?:fielded|summoned|(?P<subject>.+?) is fielded),? choose (?P<dice>[^.]+?)\. "
    r"(?:that (?:character die|character|die)|it) (?P<rest>[^.]+)$",
    re.IGNORECASE,
)
_LASTING = re.compile(r"previous choices|\buntil\b|\bwhile\b|\bno longer\b|\bnext turn\b", re.I)


@recogniser("fielded_choices", kinds=("ability", "burst"), priority=99)
def choose_then(line: Line) -> Match | None:
    match = _CHOOSE.match(line.text)
    if not match or _LASTING.search(line.text):
        return None
    if match["subject"] and not body.is_self(match["subject"], line):
        return None
    if body.die_selector(match["dice"], line) is None:
        return None  # not a die ('choose an energy type', 'a [WL] color')
    spec = body.trigger_body(f"{match['dice']} {match['rest']}", line)
    if spec is None:
        return None
    return Match.ability({"when": "fielded", **spec})
