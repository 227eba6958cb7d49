"""The `misc_tail` family: lines the other families decline only for a spelling or a body
they don't read after that trigger.

- A trademark sign after a name ('your Batman™ dice', 'a Superman™ die'): the card's name
  without it, the line read again by every family.
- 'When / Whenever you take damage, <body>' (Vengeance's trigger): the body read as every
  trigger's body is (`trigger_body`: 'you may', two clauses joined by 'and', a pronoun within
  the body). player_triggers reads a single clause there and declines any pronoun, since its
  other triggers name a die a pronoun could mean; this trigger names none, so 'it' can only be
  the die the body itself picked ('search your bag for a NAME die and add it to your Prep
  Area').
"""

import re
from dataclasses import replace

from rules.abilities import (
    phrases_misc_tail,  # noqa: F401 (registers the clauses)
    templates,
)
from rules.abilities.phrases_triggers import trigger_body
from rules.abilities.templates import Line, Match, pattern, recogniser

FAMILY = "misc_tail"


@recogniser(FAMILY, kinds=("ability", "global", "burst"), priority=901)
def without_trademark(line: Line) -> Match | None:
    """'Batman™' is the card name Batman: the line read again without the sign."""
    if "™" not in line.text:
        return None
    found = templates.recognise(replace(line, text=line.text.replace("™", "")))
    if found is None or found.variant is not None:
        return None
    return found


@pattern(FAMILY, r"(?:when|whenever|each time) you take damage,? (?P<rest>.+)", priority=145)
def you_damaged(line: Line, match) -> Match | None:
    spec = trigger_body(match["rest"], line)
    if spec is None:
        return None
    return Match.ability({"when": "you_damaged", **spec})


@recogniser(FAMILY, kinds=("ability",), priority=902)
def own_superstar_die(line: Line) -> Match | None:
    """'When a NAME Superstar die damages your opponent' (WWE: a Superstar die is a character
    die): the card's own die by its name, the line read again."""
    name = re.escape(line.card_name.strip())
    if not name:
        return None
    text = re.sub(
        rf"\b(?:an?|one) {name} superstar die\b", line.card_name.strip(), line.text, flags=re.I
    )
    if text == line.text:
        return None
    found = templates.recognise(replace(line, text=text))
    if found is None or found.variant is not None:
        return None
    return found


_ENLISTMENT = re.compile(
    r"^enlistment\s*[-–—:]+\s*(?P<rest>(?:when|whenever|while)\b.+)$", re.IGNORECASE
)


@recogniser(FAMILY, kinds=("ability",), priority=51)
def enlistment(line: Line) -> Match | None:
    """'Enlistment - When ...': an ability word (Civil War) adding no rule of its own, like
    ability_words' labels: the text after the dash read as the whole line."""
    match = _ENLISTMENT.match(line.text)
    if not match:
        return None
    rest = match["rest"]
    found = templates.recognise(replace(line, text=rest[0].upper() + rest[1:]))
    if found is None or found.variant is not None or found.family in ("ability_words", FAMILY):
        return None
    return replace(found, family="")
