"""Clauses of the `watch_tail` family, registered into the shared phrase registry
(rules.abilities.phrases), so they read after any trigger (effects in
rules/abilities/extensions/watch_tail.py).

- 'move / place a NAME die from your bag or Used Pile to / in the Field Zone at level N'
  (`wt_place`): a die of the holder's card of that name (R13.8), moved, not fielded (R8.2);
- 'field a [PAWN] / Sidekick from your Used Pile or Prep Area' (`wt_field_from`): fielding,
  free, at level 1 (R8.2);
- 'deal N damage to target player and N damage to target character die': two damages, the
  first to the player the holder chooses (either player).
"""

import re

from rules.abilities import tokens as t
from rules.abilities.phrases import phrase

_ZONE = {"bag": "bag", "used pile": "used", "prep area": "prep"}
_ZONES = r"(?P<z1>bag|used pile|prep area) or (?:your )?(?P<z2>bag|used pile|prep area)"


def _zones(m) -> list[str] | None:
    zones = [_ZONE[m["z1"].lower()], _ZONE[m["z2"].lower()]]
    return zones if zones[0] != zones[1] else None


@phrase(
    rf"(?:move|place|put) an? (?P<name>[a-z][\w .'-]*?)™? die from your {_ZONES} (?:to|in|into) "
    r"the field(?: zone)? at level (?P<n>[1-3])"
)
def _place_named(m, line):
    zones = _zones(m)
    name = m["name"].strip()
    if zones is None or re.search(r"\b(?:character|sidekick|action|non)\b", name, re.I):
        return None  # a kind of die, not a card's name: not read here
    dice = {"what": "character", "name": name}
    return [{"do": "wt_place", "dice": dice, "zones": zones, "level": int(m["n"])}]


@phrase(rf"field an? (?:\[pawn\]|sidekick)(?: die)? from your {_ZONES}")
def _field_sidekick_from(m, line):
    zones = _zones(m)
    if zones is None:
        return None
    return [{"do": "wt_field_from", "dice": {"what": "sidekick"}, "zones": zones}]


@phrase(
    rf"deal (?P<n>{t.NUMBER}) damage to target player and (?P<m>{t.NUMBER}) damage to "
    r"target character die"
)
def _player_and_die(m, line):
    return [
        {
            "do": "damage",
            "to": {"pick": "player", "side": "any", "count": 1},
            "amount": t.number(m["n"]),
        },
        {"do": "damage", "to": {"pick": "target"}, "amount": t.number(m["m"])},
    ]
