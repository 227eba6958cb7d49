"""The `misc_tail` family: lines the other families decline only for a spelling, a label or a
body they don't read after that trigger.

- A trademark sign after a name ('your Batman™ dice', 'a Superman™ die'): the card's name
  without it, the line read again by every family (priority 901).
- 'a / an / one NAME Superstar die' where NAME is the card's own name (WWE: a Superstar die is
  a character die): the card's own die by its name, the line read again (priority 902), as the
  families read 'a NAME die' of the card's own name.
- 'Enlistment - When / While ...': an ability word adding no rule, the text after the dash read
  as the whole line (as ability_words reads Teamwatch, Vengeance, Resistance ...).
- 'When / Whenever you take damage, <body>' (Vengeance's trigger): the body read as every
  trigger's body is (`trigger_body`: 'you may', two clauses joined by 'and', a pronoun within
  the body). player_triggers reads a single clause there and declines any pronoun, since its
  other triggers name a die a pronoun could mean; this trigger names none, so 'it' can only be
  the die the body itself picked ('search your bag for a NAME die and add it to your Prep
  Area').
- Yu-Gi-Oh! 'This monster must attack / cannot block. If you are damaged, knock this monster
  out': the static on the card's own die, and when its player takes any damage (combat or
  not: 'damaged' says no more) each of the card's dice in the Field is KO'd.

Clauses in rules/abilities/phrases_misc_tail.py, the effect `mt_unless_ko` in
rules/abilities/extensions/misc_tail.py.

Not read here (left to other families or manual): Spark (read by word_tail, as both printed
reminders at once), Breath Weapon and Gadgeteer (no rulebook gives their timing), Flip (the
other side is not in the data), Resistance's 'if a character die you control was KO'd this
turn' (read by leave_tail from the engine's record of the turn's departures).
"""

import re
from dataclasses import replace

from rules.abilities import (
    phrases_misc_tail,  # noqa: F401 (registers the clauses)
    templates,
)
from rules.abilities.phrases_triggers import trigger_body
from rules.abilities.templates import Line, Match, pattern, read_again, recogniser

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
    return read_again(line, text)


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


@pattern(
    FAMILY,
    r"this monster (?P<static>must attack|cannot block) ?\. if you are damaged, knock this "
    r"monster out",
    priority=145,
)
def monster_knocked_out_when_you_are_damaged(line: Line, match) -> Match | None:
    """Yu-Gi-Oh!: 'This monster must attack / cannot block. If you are damaged, knock this
    monster out': the first sentence as the static families read it of the card's own die,
    and 'when you take damage, KO this card's dice' (any damage to its player, R12)."""
    static = "must attack" if match["static"].lower() == "must attack" else "can't block"
    first = templates.recognise(replace(line, text=f"{line.card_name} {static}"))
    if first is None or first.variant is not None or first.keywords:
        return None
    ko_self = {"when": "you_damaged", "effects": [{"do": "ko", "to": {"pick": "this"}}]}
    return Match.ability(*first.abilities, ko_self)
