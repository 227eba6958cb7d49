"""Ability words: a label before a dash that names a group of abilities but adds no rule of
its own, when the text after it spells the whole ability out ('Teamwatch - When you field a
character who shares an affiliation with Hawkeye, ...', 'Vengeance - When you take damage,
...', 'Zombie - When fielded, ...'). The text after the dash is recognised by the other
families as if it were the whole line.

Energize ('Energize - <effect>') is read by its reminder text: see `energize` below.

Only labels whose text says everything are read this way, and only when that text starts
with 'When', 'Whenever', 'Each time' or 'While'. Labels that carry a condition of their own
(Underdog, whose meaning differs between sets), keywords with a reminder-text definition
(Deadly, Range, Frag, Strike ...) and a label followed by a bare effect ('Teamwatch - Prep
a die from your bag', where Teamwatch of that set means a trigger the line doesn't say)
stay manual.
"""

import re
from dataclasses import replace

from rules.abilities import templates
from rules.abilities.templates import Line, Match, recogniser

LABELS = ("teamwatch", "vengeance", "resistance", "zombie", "common ground", "retaliation")
_LABELLED = re.compile(
    rf"^(?P<label>{'|'.join(LABELS)})\s*[-–—:]+\s*"
    r"(?P<rest>(?:when|whenever|each time|while|if)\b.+)$",
    re.IGNORECASE,
)


@recogniser("ability_words", kinds=("ability",), priority=50)
def ability_word(line: Line) -> Match | None:
    match = _LABELLED.match(line.text)
    if not match:
        return None
    rest = match["rest"]
    inner = templates.recognise(replace(line, text=rest[0].upper() + rest[1:]))
    if inner is None or inner.variant is not None or inner.family == "ability_words":
        return None
    return replace(inner, family="")


# Energize (the X-Men First Class reminder text, 'Whenever you roll this die on its double
# energy face, use its Energize effect', and the same word in the sets that followed).
_ENERGIZE = re.compile(r"^energize\s*[-–—:]+\s*(?P<rest>.+)$", re.IGNORECASE)


@recogniser("ability_words", kinds=("ability",), priority=50)
def energize(line: Line) -> Match | None:
    """'Energize - <effect>': the effect when a die of this card is rolled on its double
    energy face. Read on the roll of the Roll and Reroll Step and on effects that roll dice,
    not on the step's reroll (the weaker reading, T5.1); several of the card's dice showing
    double energy in one roll use it once."""
    from rules.abilities import phrases

    match = _ENERGIZE.match(line.text)
    if not match:
        return None
    # Energize's own reminder text, and '(until end of turn)' written as a parenthesis
    # inside the line before it.
    rest = re.sub(r"\s*\(whenever you roll this die[^()]*\)\.?", "", match["rest"],
                  flags=re.IGNORECASE)  # fmt: skip
    rest = re.sub(r"\s*\(\s*until (?:the )?end of (?:the )?turn\.?\s*\)", " until end of turn",
                  rest, flags=re.IGNORECASE).strip().rstrip(".")  # fmt: skip
    optional = rest.lower().startswith("you may ")
    if optional:
        rest = rest[len("you may ") :]
    effects = phrases.effects(rest, line)
    if effects is None:
        return None
    spec = {"when": "energize", "effects": effects}
    if optional:
        spec["optional"] = True
    return Match.ability(spec)


# Underdog, where the card prints its reminder text: 'You may use this effect when your
# opponent has more character dice in their Field Zone than you do.'
_UNDERDOG = re.compile(r"^underdog\s*[-–—:]*\s*(?P<rest>.+)$", re.IGNORECASE)
_UNDERDOG_REMINDER = re.compile(
    r"you may use this e\w*ect when your opponent has more (?:character|superstar) dice in "
    r"their field zone than you do",
    re.IGNORECASE,
)
_SELF_BONUS = r"\+(?P<a>\d+)A(?: and \+(?P<d>\d+)D)?|\+(?P<d2>\d+)D"


@recogniser("ability_words", kinds=("ability",), priority=50)
def underdog(line: Line) -> Match | None:
    """'Underdog - <ability>' with its reminder text on the card: the ability works only while
    the opponent has more character dice in their Field Zone than the holder ('you may use':
    a triggered effect asks). The ability is a self bonus ('<this die> gets +1A and +1D',
    continuous while the condition holds) or any line another family reads that has no
    condition of its own. Without the reminder text on the card the line stays manual
    (Underdog is not defined alike in every set)."""
    from rules.abilities import tokens as t

    match = _UNDERDOG.match(line.text)
    raw = re.sub(r"\s+", " ", line.raw.replace("\ufb02", "fl"))  # the "ﬂ" ligature
    if not match or not _UNDERDOG_REMINDER.search(raw):
        return None
    condition = {"test": "opponent_more_field_dice"}
    rest = match["rest"].strip()
    bonus = re.fullmatch(rf"{t.self_names(line.card_name)} (?:gets|gains) (?:{_SELF_BONUS})",
                         rest, re.IGNORECASE)  # fmt: skip
    if bonus:
        effect: dict = {"do": "modify", "to": {"pick": "this"}}
        if bonus["a"]:
            effect["attack"] = int(bonus["a"])
        if bonus["d"] or bonus["d2"]:
            effect["defense"] = int(bonus["d"] or bonus["d2"])
        return Match.ability({"when": "while_active", "if": condition, "effects": [effect]})
    inner = templates.recognise(replace(line, text=rest[0].upper() + rest[1:]))
    if inner is None or inner.variant is not None or inner.keywords or len(inner.abilities) != 1:
        return None
    spec = dict(inner.abilities[0])
    if "if" in spec or spec["when"] in ("global", "action", "activated", "static"):
        return None
    spec["if"] = condition
    if spec["when"] != "while_active":
        spec["optional"] = True
    return Match.ability(spec)


# Ability words whose reminder text, printed on the card, says when the effect happens:
# Awaken ('When this die spins up 1 or more levels, you may use this effect') and Impulse
# ('Impulse abilities happen when you purchase the (character) die with Impulse').
_DEFINED = {
    "awaken": (
        re.compile(
            r"when this dies? spins? up (?:1|one) or more levels?, you may use this effect",
            re.IGNORECASE,
        ),  # fmt: skip
        {"when": "spun_up", "optional": True, "limit": "once_per_turn_per_die"},
    ),
    "impulse": (
        re.compile(
            r"impulse abilities happen when you purchase the (?:character )?die with "
            r"impulse",
            re.IGNORECASE,
        ),  # fmt: skip
        {"when": "purchased"},
    ),
}
_DEFINED_LINE = re.compile(r"^(?P<word>awaken|impulse)\s*[-–—:]+\s*(?P<rest>.+)$", re.IGNORECASE)


@recogniser("ability_words", kinds=("ability",), priority=50)
def reminder_defined_word(line: Line) -> Match | None:
    """'Awaken - <effect>' / 'Impulse - <effect>' where the card prints the word's reminder
    text: the effect when this die spins up (Awaken: 'you may', read at most once per turn
    per die, the weaker reading since each level spun is an event) or when it is purchased
    (Impulse). Without the reminder text on the card the line stays manual."""
    from rules.abilities import phrases

    match = _DEFINED_LINE.match(line.text)
    if not match:
        return None
    reminder, spec = _DEFINED[match["word"].lower()]
    if not reminder.search(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", line.raw))):
        return None
    rest = re.sub(r"\s*\(\s*until (?:the )?end of (?:the )?turn\.?\s*\)", " until end of turn",
                  match["rest"], flags=re.IGNORECASE).strip().rstrip(".")  # fmt: skip
    optional = rest.lower().startswith("you may ")
    if optional:
        rest = rest[len("you may ") :]
    effects = phrases.effects(rest, line)
    if effects is None:
        return None
    found = {**spec, "effects": effects}
    if optional:
        found["optional"] = True
    return Match.ability(found)


_BARE = re.compile(r"^(?P<label>retaliation)$", re.IGNORECASE)


@recogniser("ability_words", kinds=("ability",), priority=50)
def bare_word_with_reminder(line: Line) -> Match | None:
    """'Retaliation' alone, defined by its reminder text on the card ('If an affiliated
    character is KO'd, deal 1 damage to an opposing player'): the reminder is read as the
    ability's text."""
    if not _BARE.match(line.text):
        return None
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", line.raw))
    found = re.search(r"\(([^()]+)\)", text)
    if not found:
        return None
    body = found.group(1).strip().rstrip(".")
    if not re.match(r"^(?:when|whenever|if)\b", body, re.IGNORECASE):
        return None
    inner = templates.recognise(replace(line, text=body))
    if inner is None or inner.variant is not None or inner.family == "ability_words":
        return None
    return replace(inner, family="")
