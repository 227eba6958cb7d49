"""Clauses of the `when_rest` family (rules/abilities/templates/when_rest.py), registered into
the shared phrase registry so they read after every trigger (effects in
rules/abilities/extensions/when_rest.py):

- '(you may) field a NAME (character) die from your Used Pile or Prep Area (for free) (at
  level N)' (`wn_field_from`: a die of that card name, level 1 unless said); not the card's
  own name (Krypto, Plague Marine: their triggers would have to work while the card is not
  active, and the watchers reading 'when you field ...' / 'when a Sidekick is KO'd' need it
  active);
- 'move a NAME (die) from your Used Pile / bag to the Field Zone at level N': watch_tail's
  `wt_place` from that one zone (moved, not fielded, R8.2);
- '(you may) Prep a NAME or NAME character die in / from your Used Pile', 'Prep a non-NAME [X]
  die from your Used Pile', 'move a different [X] / <affiliation> character from the Used Pile
  to your Prep Area' (not the card's own name), 'add up to N dice from your Used Pile to your
  bag' (`wn_from_used`);
- after 'When NAME damages an opponent': '(it deals) an equal amount of damage to <dice>'
  (`wn_damage_dealt`: the damage the opponent took);
- 'draw 2 dice from your bag, Prep one and place the other in your Used Pile' (the template's
  one-sentence spelling of the printed two sentences: `wn_draw_split`);
- 'draw a die, Prep it only if it is a NAME die, otherwise place it in your Used Pile' (the
  template's spelling of 'draw a die. If it is a NAME die, add it to your Prep Area, otherwise
  add it to your Used Pile'): watch_tail's `wt_draw_keep`.
"""

import re

from rules.abilities import phrases_triggers as pt
from rules.abilities import tokens as t
from rules.abilities.phrases import phrase

_ZONE = {"bag": "bag", "used pile": "used", "prep area": "prep"}
_WORDS = r"[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*?"
_NAME = rf"(?P<name>{_WORDS})"
_KINDS = re.compile(r"\b(?:character|sidekick|action|non|superstar|die|dice)\b", re.IGNORECASE)


def _named(name: str) -> str | None:
    name = name.strip()
    if not name[:1].isupper() or _KINDS.search(name):
        return None  # a kind of die or a pronoun, not a card's name
    return name


@phrase(
    rf"field (?:an? )?{_NAME}(?: character)?(?: die)? from your (?P<z1>used pile|prep area) or "
    r"(?:your )?(?P<z2>used pile|prep area)(?: for free)?(?: at level (?P<n>[1-3]))?",
)
def _field_named(m, line):
    name = _named(m["name"])
    if name is None or m["z1"].lower() == m["z2"].lower():
        return None
    if line is not None and name.lower() == line.card_name.strip().lower():
        # the card's own dice fielded from outside the Field: its trigger would have to work
        # from the team, where the watchers that read 'when you field ...' need the card active
        return None
    zones = [_ZONE[m["z1"].lower()], _ZONE[m["z2"].lower()]]
    dice = {"what": "character", "name": name}
    return [{"do": "wn_field_from", "dice": dice, "zones": zones, "level": int(m["n"] or 1)}]


@phrase(
    rf"move an? {_NAME}(?: die)? from your (?P<z>used pile|bag) to the field(?: zone)? at level "
    r"(?P<n>[1-3])",
)
def _place_from_one(m, line):
    name = _named(m["name"])
    if name is None:
        return None
    dice = {"what": "character", "name": name}
    return [
        {"do": "wt_place", "dice": dice, "zones": [_ZONE[m["z"].lower()]], "level": int(m["n"])}
    ]


@phrase(r"draw (?:2|two) dice from your bag, prep one and place the other in your used pile")
def _draw_split(m, line):
    return [{"do": "wn_draw_split"}]


@phrase(r"draw a die, prep it only if it is (?P<kind>.+?), otherwise place it in your used pile")
def _draw_keep(m, line):
    kind = re.sub(r"^(?:a|an) ", "", m["kind"].strip(), flags=re.IGNORECASE)
    wanted = pt.used_dice("a", kind, line)
    if wanted is None or not wanted.get("dice"):
        return None
    return [{"do": "wt_draw_keep", "dice": wanted["dice"]}]


_IN_USED = r"(?:in|from) (?:your|the) used pile"


@phrase(rf"prep an? (?P<a>{_WORDS}) or (?P<b>{_WORDS}) (?P<char>character )?die {_IN_USED}")
def _prep_either_name(m, line):
    names = [_named(m["a"]), _named(m["b"])]
    if None in names:
        return None
    dice = {"names": names, **({"what": "character"} if m["char"] else {})}
    return [{"do": "wn_from_used", "into": "prep", "count": 1, "dice": dice}]


@phrase(rf"prep an? non-(?P<not>[^\[]+?) (?P<tok>\[\w+\]) (?P<char>character )?die {_IN_USED}")
def _prep_non_name(m, line):
    return _non_name(m, line)


@phrase(
    rf"move an? (?:different|non-(?P<not>[^\[]+?)) (?P<tok>\[\w+\]|justice league) "
    rf"(?P<char>character)(?: die)? {_IN_USED} to your prep area"
)
def _move_different(m, line):
    return _non_name(m, line)


def _non_name(m, line):
    if line is None:
        return None
    own = line.card_name.strip()
    other = (m["not"] or own).strip()
    if other.lower() != own.lower():
        return None  # another card's name: 'non-NAME' of the card itself only
    try:
        affiliation = t.affiliation(m["tok"])
    except ValueError:
        return None
    dice = {"affiliation": [affiliation], "not_name": own}
    if m["char"]:
        dice["what"] = "character"
    return [{"do": "wn_from_used", "into": "prep", "count": 1, "dice": dice}]


@phrase(rf"add up to (?P<n>{t.NUMBER}) dice from your used pile to your bag")
def _used_to_bag(m, line):
    return [{"do": "wn_from_used", "into": "bag", "count": t.number(m["n"]), "up_to": True}]


_DAMAGES_OPPONENT = re.compile(
    r"^(?:when|if) (?P<who>.+?) damages (?:an|the|your) opponent,", re.IGNORECASE
)


@phrase(r"(?:(?:he|she|it) deals|deal) an equal amount of damage to (?:one )?(?P<who>.+)")
def _equal_damage(m, line):
    found = _DAMAGES_OPPONENT.match(line.text) if line is not None else None
    if not found or not pt.is_self(found["who"], line):
        return None
    to = pt.target_of(m["who"], line)
    if to is None or to["pick"] == "this":
        return None
    return [{"do": "wn_damage_dealt", "to": to}]
