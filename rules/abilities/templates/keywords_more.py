"""More set keywords, read bare or with the reminder the cards print for them, and played by
the abilities their keyword adds to the card (rules/abilities/extensions/keywords_more.py;
Strike's record of the dice fielded this turn is the engine's rules/engine/keywords/strike.py).

- Strike: +2A, +2D and Overcrush while the die is the only character die its player fielded
  this turn (and it was fielded this turn: the narrower of the two printed reminders, T5.1).
- Tag Out: once blockers are declared, each of the card's dice in the Field Zone may go to
  the Prep Area to give a target character die +2A and +2D until end of turn.
- Deadly: at end of turn, the dice engaged with the die this turn are KO'd (only if the Deadly
  die is still in the Field then: T5.1).
- Range N: when the die attacks, each of its player's active dice with Range deals its Range
  in damage to one target opposing character die (once per attack: T5.1).
- Frag: when the attacking die KOs one or more of its blockers with combat damage, 1 damage
  to each opposing character die that did not block this turn.
- Rush - [X]: each of its dice drawn in the Clear and Draw Step draws one more die for each
  other [X] die drawn with it.
- Call Out: when the die attacks, its player picks a target opposing character die (T5.1: not
  one of their own), the only die that may block it this turn.

A reminder that says something else declines (the line stays with the other families, or
manual). Regenerate and Experience: the experience family. Left manual, and why:
Breath Weapon N (the reminder names a cost but not when or how often it may be paid),
Gadgeteer (what 'field' means for an action die rolled on an [A] face is not said).
"""

import re

from rules.abilities import phrases, phrases_actions, phrases_keywords_more  # noqa: F401
from rules.abilities.templates import Line, Match, recogniser
from rules.abilities.templates.keyword_reminders import reminder_of
from rules.engine.faces import global_defs, parse_cost

# The reminders the cards print (tags gone, lower case, no final full stop).
_STRIKE_REMINDER = re.compile(
    r"this character gets \+2a, \+2d,? and overcrush so long as it is the only character die"
    r" you fielded this turn"
    r"|if you field no other characters this turn, this character gets \+2/\+2 and overcrush"
)
_CALL_OUT_REMINDER = re.compile(
    r"when this (?P<w>character|superstar) die attacks, target (?P=w) die is the only (?P=w)"
    r" die that may block this (?P=w) die"
)
_TAG_OUT_REMINDER = re.compile(
    r"after blockers are declared, you may prep this die from the field zone to give target"
    r" (?:superstar|character) die \+2a and \+2d until end of turn"
)
_DEADLY_REMINDER = re.compile(
    r"at (?:the )?end of turn, ko all (?P<w>character|superstar) dice that were engaged with"
    r" this (?:character|charcter|superstar)"
)
_RANGE_REMINDER = re.compile(
    r"when this character attacks, all active characters with range deal damage equal to their"
    r" range value to target opposing character die"
)
_FRAG_REMINDER = re.compile(
    r"when a character die with frag attacks and kos one or more blocking character dice with"
    r" combat damage, deal 1 damage to all opposing character dice that did not block this"
    r" turn,? \(?before damage is cleared\)?\.?\)?"
)
_NESTED = re.compile(r"(?P<word>[A-Za-z ]+?) \((?P<reminder>[^()]*\([^()]*\)[^()]*)\)\.?")
KEYWORDS = {
    "frag": ("frag", _FRAG_REMINDER),
    **{f"range {n}": (f"range_{n}", _RANGE_REMINDER) for n in (1, 2, 3)},
    "deadly": ("deadly", _DEADLY_REMINDER),
    "strike": ("strike", _STRIKE_REMINDER),
    "tag out": ("tag_out", _TAG_OUT_REMINDER),
    "call out": ("call_out", _CALL_OUT_REMINDER),
}


@recogniser("keywords_more", kinds=("ability",), priority=16)
def more_keywords(line: Line) -> Match | None:
    word = re.sub(r"\s*\[sic\]\s*", " ", line.text).strip().rstrip(".:").strip().lower()
    sentence = reminder_of(line.raw)
    nested = _NESTED.fullmatch(re.sub(r"<[^>]+>", "", line.raw).strip())
    if word not in KEYWORDS and nested:  # a reminder with its own parentheses inside
        word, sentence = nested["word"].lower(), nested["reminder"]
    if word not in KEYWORDS:
        return None
    keyword, reminder = KEYWORDS[word]
    if sentence is not None and sentence.strip().lower() == "e":
        sentence = None  # '(E)': a mark printed after some keywords, not a reminder
    if sentence is not None and not reminder.fullmatch(sentence.lower().rstrip(". ")):
        return None
    return Match.keyword(keyword)


# -- Rush - [X] ---------------------------------------------------------------------------------
_RUSH = re.compile(r"rush\s*[-–—]\s*\[(?P<e>[FBMS])\]\.?", re.IGNORECASE)
_RUSH_REMINDER = re.compile(
    r"if you draw this die during your clear and draw step, draw and roll (?:an|and) extra die"
    r" for each \[(?P<e>[fbms])\](?: die)?"
)
_ENERGY = {"f": "fist", "b": "bolt", "m": "mask", "s": "shield"}


@recogniser("keywords_more", kinds=("ability",), priority=16)
def rush(line: Line) -> Match | None:
    match = _RUSH.fullmatch(line.text.strip())
    if not match:
        return None
    letter = match["e"].lower()
    sentence = reminder_of(line.raw)
    if sentence is not None:
        found = _RUSH_REMINDER.fullmatch(sentence.lower().rstrip(". "))
        if not found or found["e"] != letter:
            return None
    return Match.keyword(f"rush_{_ENERGY[letter]}")


# -- Global: '... during your turn, if you have no dice in your Prep Area, you may <effect>' ----
# The condition is checked when the global resolves (a use that finds a die in the Prep Area
# is paid for and does nothing, as 'on your turn' globals: the weaker reading, T5.1); 'you may'
# adds nothing to a global its player chose to pay for. The engine reads the cost from the
# line, and the two must agree (as in the globals families).
_PREP_EMPTY_GLOBAL = re.compile(
    r"pay (?P<cost>\[[^\]]+\](?:\s*\[[^\]]+\])*)\. once per turn, (?:during|on) your turn, if you"
    r" have no dice in your prep area, (?:you may )?(?P<rest>.+)",
    re.IGNORECASE,
)


@recogniser("keywords_more", kinds=("global",), priority=105)
def prep_empty_global(line: Line) -> Match | None:
    match = _PREP_EMPTY_GLOBAL.fullmatch(line.text)
    spec = _conditional_global(match, line, {"test": "no_dice_in_prep", "your_turn": True})
    return Match.ability({**spec, "limit": "once_per_turn"}) if spec else None


def _conditional_global(match, line: Line, test: dict) -> dict | None:
    """A global's spec from its cost and its effect (`rest`) under the condition `test`; None
    when the effect isn't known or the cost differs from the one the engine reads."""
    if not match:
        return None
    cost = match["cost"].replace(" ", "")
    if line.raw and global_defs([line.raw])[0].cost != parse_cost(cost):
        return None
    effects = phrases.effects(match["rest"], line)
    if effects is None:
        return None
    return {"when": "global", "cost": cost, "if": test, "effects": effects}


# -- Global: '... if you (have) purchased a (character) die (and fielded a character) this turn,
# (you may) <effect>' ------------------------------------------------------------------------
# Checked when the global resolves (paid for and nothing otherwise: T5.1); 'a character' that
# was fielded is any character die (a Sidekick too).
_DID_THIS_TURN_GLOBAL = re.compile(
    r"(?P<once>once per turn,? )?pay (?P<cost>\[[^\]]+\](?:\s*\[[^\]]+\])*)\.\s*"
    r"(?P<once2>once per turn,? )?if you (?:have )?purchased a (?P<char>character )?die"
    r"(?P<fielded> and fielded a character)? this turn,? (?:you may )?(?P<rest>.+)",
    re.IGNORECASE,
)


@recogniser("keywords_more", kinds=("global",), priority=105)
def did_this_turn_global(line: Line) -> Match | None:
    match = _DID_THIS_TURN_GLOBAL.fullmatch(line.text)
    if not match:
        return None
    test = {"test": "did_this_turn", "purchased": "character" if match["char"] else "any"}
    if match["fielded"]:
        test["fielded"] = True
    spec = _conditional_global(match, line, test)
    if spec and (match["once"] or match["once2"]):
        spec["limit"] = "once_per_turn"
    return Match.ability(spec) if spec else None
