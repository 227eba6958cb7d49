"""Family `word_tail`: ability words whose body the other families read once the word's own
trigger or condition is added (the text after the dash read as a whole line).

- Crosspulse ('Crosspulse - When you purchase this die, <effect>' and the WWE cards' bare
  'Crosspulse - <effect>'): the Green Arrow and the Flash cards print the reminder 'You can only
  use a Crosspulse ability if you paid this character's purchase cost using only their energy
  types'; it is, as rulings describe it, Impulse (an effect when you purchase the die) limited
  to a purchase paid with the card's own types. The bare WWE lines name no trigger; they are
  read with the same one (the set's effects, 'Prep this die', 'field this die at level 1', only
  make sense after the purchase). The trigger `purchased` on the die bought with the condition
  `wdt_own_types_paid` (extensions/word_tail.py): the engine remembers for the turn which dice
  were bought with only their card's energy types. Ruling (T5.1): wild, generic and virtual
  energy are not 'their energy types' (the narrow reading), and a purchase paid with nothing
  (cost reduced to 0) doesn't count.

A line whose inner reading has a condition of its own, a cost, or another trigger declines.
"""

import re

from rules.abilities import (
    phrases_word_tail,  # noqa: F401 (registers the clauses)
)
from rules.abilities.templates import Line, Match, read_again, recogniser

FAMILY = "word_tail"

_CROSSPULSE = re.compile(r"^crosspulse\s*[-–—:]+\s*(?P<rest>.+)$", re.IGNORECASE)
_PURCHASE = re.compile(r"^when you purchase (?:this die|an? (?P<name>.+?) die),\s*", re.IGNORECASE)


@recogniser(FAMILY, kinds=("ability",), priority=50)
def crosspulse(line: Line) -> Match | None:
    match = _CROSSPULSE.match(line.text)
    if not match:
        return None
    rest = match["rest"].strip().rstrip(".")
    head = _PURCHASE.match(rest)
    if head and head["name"] and head["name"].strip().lower() != line.card_name.strip().lower():
        return None
    body = rest[head.end() :] if head else rest
    if not body or re.match(r"^(?:when|whenever|while|if|at)\b", body, re.IGNORECASE):
        return None
    found = read_again(line, f"When you purchase this die, {body[0].lower()}{body[1:]}")
    if found is None or found.keywords or len(found.abilities) != 1:
        return None
    (spec,) = found.abilities
    if spec["when"] != "purchased" or "if" in spec or "cost" in spec or "any" in spec:
        return None
    return Match.ability({**spec, "if": {"test": "wdt_own_types_paid"}})


# -- spellings inside an ability word's body ---------------------------------------------------
# Each (regex, replacement) rewrites one spelling of the text after an ability word into one
# the other families read; a line changed by any is read again (every family's reading).
_WORDS = r"(?:energize|underdog|teamwatch|awaken|impulse|vengeance|enlistment|synergy)"
_WORD_LINE = re.compile(rf"^(?P<word>{_WORDS})\s*[-–—:]+\s*(?P<rest>.+)$", re.IGNORECASE)
BODY_SPELLINGS = (
    # 'NAME can't be blocked by only one character this turn': attack_tail's 'cannot be blocked
    # by fewer than two character dice' (this turn: `at_two_blockers_this_turn`)
    (
        r"\b(?P<me>[A-Z][\w .'-]*?) can't be blocked by only one character this turn$",
        r"\g<me> cannot be blocked by fewer than two character dice",
    ),
    # 'for each [B] in your Reserve Pool': the [B] symbols there (fielded_effects' tally)
    (
        r"\bfor each (?P<e>\[[A-Z]\]) in your reserve pool\b",
        r"for each \g<e> energy in your Reserve Pool",
    ),
    # 'Field your next character die for free': the next one you field this turn (T5.1: not
    # a later turn's)
    (
        r"(?<=[-–—:] )field your next character die for free$",
        r"the next character die you field this turn is free",
    ),
    # 'Action dice cost you [2] less': the player's purchases are the only ones on their turn
    (r"\b(?P<what>action dice) cost you\b", r"\g<what> cost"),
)


@recogniser(FAMILY, kinds=("ability",), priority=49)
def word_body_spellings(line: Line) -> Match | None:
    match = _WORD_LINE.match(line.text)
    if not match:
        return None
    text = line.text.rstrip(".")
    for regex, replacement in BODY_SPELLINGS:
        text = re.sub(regex, replacement, text, flags=re.IGNORECASE)
    return read_again(line, text)
