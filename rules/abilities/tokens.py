"""Shared normalisation for the text compiler's template families: one place that knows how
imported card text spells energy, affiliations, numbers, bursts and "target character die"
phrases, so every family reads them the same way.

Families match against `clean(line)`: tags and reminder text removed, whitespace collapsed,
no final full stop, energy tokens kept as written ([F], [B], [M], [S]) and affiliation
tokens kept as written ([DCV], [XMEN] ...). Use the regex fragments below inside patterns and
the converters to turn the captured words into vocabulary values.
"""

import functools
import html
import re

# -- energy --------------------------------------------------------------------------------
ENERGY_TOKENS = {"F": "fist", "B": "bolt", "M": "mask", "S": "shield"}
ENERGY_WORDS = {"fist": "fist", "bolt": "bolt", "mask": "mask", "shield": "shield"}
ENERGY = r"\[(?:F|B|M|S)\]"


def energy(token: str) -> str:
    """'[B]' or 'Bolt' -> 'bolt'."""
    text = token.strip().strip("[]")
    if text.upper() in ENERGY_TOKENS:
        return ENERGY_TOKENS[text.upper()]
    if text.lower() in ENERGY_WORDS:
        return ENERGY_WORDS[text.lower()]
    raise ValueError(f"{token!r} is not an energy type")


# -- affiliations ----------------------------------------------------------------------------
# The card text's affiliation symbols and the catalogue's affiliation names.
AFFILIATION_TOKENS = {
    "DCV": "villain",
    "VM": "villain",
    "XMEN": "xmen",
    "AV": "avengers",
    "DCJL": "justiceleague",
    "DCB": "batman",
    "DCS": "superman",
    "DCLOD": "legionofdoom",
    "GG": "gotg",
    "MSTARK": "starkindustries",
    "F4": "fantastic4",
    "MYSTIC": "mystic",
    "TURTLE": "turtle",
    "DCTT": "teentitans",
    "TT": "teentitans",
    "BOM": "brotherhoodofmutants",
    "MDFD": "defenders",
    "SF": "spideyfriends",
    "MSHIELD": "shield",
    "KSW": "spacewolves",
    "DCNG": "newgods",
    "HELL": "hellfireclub",
    "WLG": "greenlantern",
    "WLY": "yellowlantern",
    "WLR": "redlantern",
    "WLB": "bluelantern",
    "WLK": "blacklantern",
    "WLI": "indigo",
    "TDF": "tdf",
    # Added for the while_active / self_statics families (the pool's icon tokens, read
    # against its affiliation codes).
    "WT": "teentitans",
    "CWTB": "thunderbolts",
    "DCSS": "suicidesquad",
    "DCA": "teamarrow",
    "MEX": "exiles",
    "KUM": "ultramarines",
    "KO": "orks",
    "KC": "chaos",
    "KDG": "deathguard",
    "KI": "imperium",
    "IW": "infinitywatch",
    "BO": "blackorder",
    "SHI": "shiarempire",
    "TCS": "thorcorps",
    "WC": "conduit",
    "ZO": "zombie",
    "MDP": "deadpool",
    "DOOM": "doompatrol",
    "WWE": "wwelegends",
    "NWO": "nwo",
    "NEWDAY": "newday",
    "WSHIELD": "theshield",
}
AFFILIATION_WORDS = {
    "villain": "villain",
    "villains": "villain",
    "x-men": "xmen",
    "avengers": "avengers",
    "justice league": "justiceleague",
}
AFFILIATION = r"\[(?:" + "|".join(sorted(AFFILIATION_TOKENS, key=len, reverse=True)) + r")\]"


def affiliation(token: str) -> str:
    """'[DCV]' or 'Villain' -> 'villain'; ValueError for one we don't know."""
    text = token.strip()
    if text.startswith("["):
        key = text.strip("[]").upper()
        if key in AFFILIATION_TOKENS:
            return AFFILIATION_TOKENS[key]
    elif text.lower() in AFFILIATION_WORDS:
        return AFFILIATION_WORDS[text.lower()]
    raise ValueError(f"{token!r} is not a known affiliation")


# -- numbers ---------------------------------------------------------------------------------
NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
NUMBER = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)"


def number(word: str) -> int:
    word = word.strip().lower()
    if word.isdecimal():
        return int(word)
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    raise ValueError(f"{word!r} is not a number")


# -- cleaning ----------------------------------------------------------------------------------
_REMINDER = re.compile(r"<(em|i)>\s*\([^)]*\)\s*</\1>|\s\([^()]*\)\.?\s*$")
_TAG = re.compile(r"<[^>]+>")
_BURSTS = re.compile(r"^\s*(\*\*|\*/\*\*|\*)\s*")


def clean(line: str) -> str:
    """Card text as families match it: reminder text '(...)' and tags removed, entities
    decoded, spaces collapsed, trailing full stop dropped."""
    text = _REMINDER.sub("", line)
    text = html.unescape(_TAG.sub("", text)).replace("\xa0", " ")
    text = re.sub(r"\s+", " ", text).strip()
    return text.rstrip(".").strip()


def split_bursts(text: str) -> tuple[tuple[int, ...], str]:
    """'* Deal 2 damage' -> ((1,), 'Deal 2 damage'); '*/** ...' -> ((1, 2), ...); no stars:
    ((), text)."""
    match = _BURSTS.match(text)
    if not match:
        return (), text
    stars = match.group(1)
    bursts = {"*": (1,), "**": (2,), "*/**": (1, 2)}[stars]
    return bursts, text[match.end() :].strip()


# -- phrases for dice --------------------------------------------------------------------------
# "target character die", "target opposing character die", "target character die your
# opponent controls", "target Sidekick die" ...
TARGET_DIE = (
    r"target (?P<side>opposing |)(?P<what>character|sidekick|non-sidekick character)"
    r"(?: die)?(?P<tail> your opponent controls| you control|)"
)
_WHAT = {"character": "character", "sidekick": "sidekick", "non-sidekick character": "non_sidekick"}


def target_selector(side: str, what: str, tail: str = "") -> dict:
    """The selector of a TARGET_DIE match's groups."""
    selector = {"pick": "target", "what": _WHAT[what.strip().lower()]}
    tail = tail.strip().lower()
    if side.strip() or tail == "your opponent controls":
        selector["side"] = "opposing"
    elif tail == "you control":
        selector["side"] = "yours"
    if selector["what"] == "character":
        del selector["what"]
    return selector


# WWE cards call their character dice Superstars. The rules don't say whether a Sidekick die
# is one; the cards name them apart ('a Superstar or Sidekick die', 'target opposing Superstar
# die ... target opposing Sidekick die'), and the narrower reading is the weaker one (T5.1): a
# Superstar die is a non-Sidekick character die (the selector filter `what` below). Every
# family reads the word through this one definition.
SUPERSTAR_WHAT = "non_sidekick"


SELF_WORDS = r"(?:this (?:character|die|character die)|he|she|it|they)"


def self_names(card_name: str) -> str:
    """A regex alternative naming the card's own die: its name, 'this character', 'he' ..."""
    name = re.escape(card_name.strip()) if card_name.strip() else "this character"
    return rf"(?:{name}|{SELF_WORDS})"


PLAYER_OPPONENT = r"(?:your opponent|target opponent|the opponent|opposing player)"


# "target [DCV] character die", "target non-[F] character die", "target opposing [B] Sidekick":
# TARGET_DIE with an energy or affiliation token (or its negation) before the noun.
TARGET_DIE_FILTERED = (
    r"target (?P<side>opposing |)(?:(?P<neg>non-)?(?P<token>\[[A-Za-z0-9]+\]) )?"
    r"(?P<what>character|sidekick|non-sidekick character)"
    r"(?: die)?(?P<tail> your opponent controls| you control|)"
)


def token_filter(token: str, negated: bool = False) -> dict:
    """A selector filter for an energy or affiliation token: {'energy': [...]} or
    {'affiliation': [...]} ({'not_affiliation': [...]} negated); ValueError if unknown (or a
    negated energy, which the vocabulary has no filter for)."""
    try:
        kind = energy(token)
    except ValueError:
        name = affiliation(token)
        return {"not_affiliation" if negated else "affiliation": [name]}
    if negated:
        raise ValueError(f"no selector filter for non-{token}")
    return {"energy": [kind]}


def target_selector_from(match) -> dict:
    """The selector of a TARGET_DIE or TARGET_DIE_FILTERED match."""
    groups = match.groupdict()
    selector = target_selector(groups["side"] or "", groups["what"], groups.get("tail") or "")
    if groups.get("token"):
        selector.update(token_filter(groups["token"], bool(groups.get("neg"))))
    return selector


@functools.lru_cache(maxsize=16384)
def regex(pattern: str) -> re.Pattern:
    """A compiled case-insensitive pattern, cached: families build patterns with the card's
    name (self_names), more than the re module's own cache holds over a whole pool."""
    return re.compile(pattern, re.IGNORECASE)


_SELF = {"this character", "this die", "this character die", "he", "she", "it", "they",
         "this monster"}  # fmt: skip


def is_self(subject: str, card_name: str) -> bool:
    """Whether a phrase's subject names the card's own die: its name, 'this character',
    'he', 'she', 'it' ... (matching once, without a pattern per card name)."""
    subject = subject.strip().lower()
    return subject in _SELF or (bool(card_name.strip()) and subject == card_name.strip().lower())
