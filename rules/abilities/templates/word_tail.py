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
- Spelling inside an ability word's body (`BODY_SPELLINGS`, Energize / Underdog / Teamwatch /
  Awaken / Impulse / Vengeance / Enlistment / Synergy lines): rewritten and read again by every
  family ('can't be blocked by only one character this turn', 'for each [B] in your Reserve
  Pool', 'Field your next character die for free': this turn, the weaker reading; 'action dice
  cost you', a duration after a full stop; Enlistment's 'target opponent may not declare
  blockers this turn unless they immediately KO a character die they control': the opposing
  character dice in the Field then can't block this turn, misc_tail's unless-KO).
- 'Awaken - Once per turn, <effect>': Awaken's reading with the limit once per turn for the
  card (not per die: the weaker reading).
- 'Impulse - You may pay [1] to <effect>': the purchase trigger with that cost.
- 'Underdog - You may field NAME for free' (where Underdog is defined as ability_words and
  turn_globals read it): the cost static under the condition `opponent_more_field_dice`.
- Spark: see `spark` (both printed reminders at once: the weaker reading).

A line whose inner reading has a condition of its own, a cost where none is expected, or
another trigger declines: it stays manual.
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
    # Enlistment's 'target opponent may not declare blockers this turn unless they immediately
    # KO a character die they control': the opponent's character dice can't block this turn
    # (each die in the Field when it resolves: the weaker reading, T5.1), misc_tail's unless
    (
        r"\btarget opponent may not declare blockers this turn unless they immediately KO a "
        r"character die they control$",
        r"opposing character dice can't block this turn unless your opponent KOs a character "
        r"die they control",
    ),
    # 'printed A. (until end of turn)': the duration inside the sentence
    (r"\.\s*\(\s*until end of turn\s*\)", r" (until end of turn)"),
)


@recogniser(FAMILY, kinds=("ability",), priority=141)
def word_body_spellings(line: Line) -> Match | None:
    match = _WORD_LINE.match(line.text)
    if not match:
        return None
    text = line.text.rstrip(".")
    for regex, replacement in BODY_SPELLINGS:
        text = re.sub(regex, replacement, text, flags=re.IGNORECASE)
    return read_again(line, text)


# -- Awaken - Once per turn, <effect> ---------------------------------------------------------
_AWAKEN_ONCE = re.compile(r"^awaken\s*[-–—:]+\s*once per turn,\s*(?P<rest>.+)$", re.IGNORECASE)


@recogniser(FAMILY, kinds=("ability",), priority=141)
def awaken_once_per_turn(line: Line) -> Match | None:
    """'Awaken - Once per turn, <effect>': Awaken's reading (ability_words, turn_globals) with
    the limit once per turn for the card (not per die: the weaker reading, T5.1)."""
    match = _AWAKEN_ONCE.match(line.text)
    if not match:
        return None
    found = read_again(line, f"Awaken - {match['rest']}")
    if found is None or found.keywords or len(found.abilities) != 1:
        return None
    (spec,) = found.abilities
    if spec["when"] != "spun_up":
        return None
    return Match.ability({**spec, "limit": "once_per_turn"})


# -- Impulse - you may pay [X] to <effect> ---------------------------------------------------
_IMPULSE = re.compile(r"^impulse\s*[-–—:]+\s*(?P<rest>you may pay .+)$", re.IGNORECASE)


@recogniser(FAMILY, kinds=("ability",), priority=141)
def impulse_paid(line: Line) -> Match | None:
    """'Impulse - You may pay [1] to <effect>': ability_words reads Impulse's bare effect; a
    cost first is read as event_triggers_more reads 'When you purchase this die, you may pay
    [1] to ...' (Impulse's reminder: when you purchase the die; WizKids' keyword list defines
    it alike for every card)."""
    match = _IMPULSE.match(line.text)
    if not match:
        return None
    rest = match["rest"].rstrip(".")
    found = read_again(line, f"When you purchase this die, {rest[0].lower()}{rest[1:]}")
    if found is None or found.keywords or len(found.abilities) != 1:
        return None
    (spec,) = found.abilities
    if spec["when"] != "purchased" or "cost" not in spec or "if" in spec:
        return None
    return found


# -- Underdog - <a cost static> ------------------------------------------------------------------
@recogniser(FAMILY, kinds=("ability",), priority=141)
def underdog_cost(line: Line) -> Match | None:
    """'Underdog - You may field NAME for free' where Underdog is defined as ability_words and
    turn_globals read it (the reminder on the card, or in its set): plain_tail's cost static
    (from the team) under the condition `opponent_more_field_dice`, checked when the cost is
    asked (when the die would be fielded). Only a static that changes costs, with no
    condition of its own."""
    from rules.abilities.templates import ability_words, turn_globals

    match = ability_words._UNDERDOG.match(line.text)
    if not match:
        return None
    raw = re.sub(r"\s+", " ", line.raw.replace("\ufb02", "fl"))
    in_set = turn_globals._set_of(line.card_key) in turn_globals.UNDERDOG_SETS
    if not ability_words._UNDERDOG_REMINDER.search(raw) and not in_set:
        return None
    rest = match["rest"].strip().rstrip(".")
    found = read_again(line, rest[0].upper() + rest[1:])
    if found is None or found.keywords or len(found.abilities) != 1:
        return None
    (spec,) = found.abilities
    if spec["when"] != "static" or "if" in spec:
        return None
    if not all(e["do"] == "cost" and e.get("to") == {"pick": "this"} for e in spec["effects"]):
        return None
    return Match.ability({**spec, "if": {"test": "opponent_more_field_dice"}})


# -- Spark: <effect> ----------------------------------------------------------------------------
_SPARK = re.compile(r"^spark\s*[-–—:]+\s*(?P<rest>.+)$", re.IGNORECASE)
_ONCE_A_TURN = re.compile(
    r"\.\s*you may only use this ability once per turn$", re.IGNORECASE
)  # fmt: skip
SPARK_SPELLINGS = (
    (r"\bsearch you bag\b", "search your bag"),  # a printing slip
    (
        r"\bsearch your bag for a die and prep it$",
        "search your bag for a die and add it to your Prep Area",
    ),
    (r"\bdamage \[to\] ", "damage to "),  # an editor's insertion in the card data
)


@recogniser(FAMILY, kinds=("ability",), priority=141)
def spark(line: Line) -> Match | None:
    """'Spark: <effect>'. No rulebook defines Spark, and the two reminders printed differ:
    'Spark abilities trigger when you roll a * or ** face on a die' and 'While active, when
    you roll a burst face, use this effect at end of phase'. Read as both at once (the
    weaker reading, T5.1): while the card is active, when the holder rolls dice (the Roll and
    Reroll Step's roll or an effect's roll, not the step's reroll) and one of the dice rolled
    shows a burst face (* or **), once per roll however many show one (trigger `wdt_spark`).
    The effect is used when the roll is made, not held to the end of the phase."""
    from rules.abilities import phrases

    match = _SPARK.match(line.text)
    if not match:
        return None
    rest = match["rest"].strip().rstrip(".")
    for regex, replacement in SPARK_SPELLINGS:
        rest = re.sub(regex, replacement, rest, flags=re.IGNORECASE)
    spec: dict = {"when": "wdt_spark"}
    once = _ONCE_A_TURN.search(rest)
    if once:
        rest = rest[: once.start()]
        spec["limit"] = "once_per_turn"
    if rest.lower().startswith("you may "):
        rest = rest[len("you may ") :]
        spec["optional"] = True
    effects = phrases.effects(rest, line)
    if effects is None:
        return None
    return Match.ability({**spec, "effects": effects})
