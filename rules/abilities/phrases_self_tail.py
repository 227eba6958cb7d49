"""Clauses of the `self_tail` family (effects in rules/abilities/extensions/self_tail.py),
read only after a trigger on the card's own die taking damage ('When NAME is dealt (combat)
damage' / 'takes (combat) damage'), where the amount they name is that damage:

- 'deal an equal amount of damage to <target>', 'deal that much damage to <target>', 'deal
  damage to <dice> equal to the amount of damage done to NAME' (`stl_damage_taken`).
"""

import re

from rules.abilities import phrases_triggers as body
from rules.abilities.phrases import phrase

_OWN_DAMAGE = re.compile(
    r"^(?:when|whenever|each time) (?P<who>.+?) (?:is dealt|takes) (?:combat )?damage,",
    re.IGNORECASE,
)


def _after_own_damage(line) -> bool:
    found = line is not None and _OWN_DAMAGE.match(line.text)
    return bool(found) and body.is_self(found["who"], line)


@phrase(r"deal (?:an equal amount of|that much) damage to (?P<who>.+)")
@phrase(r"deal damage to (?P<who>.+?) equal to the amount of damage done to (?P<self>.+)")
def _damage_taken(m, line):
    if not _after_own_damage(line):
        return None
    if "self" in m.groupdict() and m["self"] and not body.is_self(m["self"], line):
        return None
    to = body.target_of(m["who"], line)
    if to is None or to["pick"] == "this":
        return None
    return [{"do": "stl_damage_taken", "to": to}]
