"""Family `turn_globals`: spellings of globals, ability words and triggers that another family
reads once the line is put its way. Each reader here rewrites one spelling into the one the
other families already read (or adds what the spelling says beside it: a limit, a condition)
and hands the line back to `templates.recognise`; the inner reading must be of the expected
kind, or the line stays manual.

- Teamwatch with a bare effect ('Teamwatch - Prep a die from your bag'): the Comprehensive
  Rules' keyword index (Appendix 1) defines Teamwatch as 'when a character with Teamwatch is
  active and you field a different character die with the same affiliation, use its Teamwatch
  ability', counted once per card however many of its dice are active. Read as player_triggers'
  'When you field another character who shares an affiliation with NAME, <effect>' (watcher
  `fielded` on your other cards' dice sharing an affiliation with this card, while the card is
  active: once per event).
- Underdog without its reminder text, on a card of a set that prints that reminder on other
  cards ('You may use this effect when your opponent has more character dice in their Field
  Zone than you do': `UNDERDOG_SETS`): read as ability_words' Underdog with the reminder. In a
  set that never prints it the line stays manual (the word is not defined alike everywhere).
- Awaken without its reminder text: WizKids' keyword list gives every card's Awaken the
  meaning the X-Men First Class reminder prints (when a die of the card spins up, you may use
  the effect): read as ability_words reads it with the reminder.
- Spellings (`SPELLINGS`): '+2 attack' / '+1 defense' written out ('+2A' / '+1D'); 'spin
  down target X' (one level); '[PAWN]' as a noun ('KO target opposing [PAWN]': a Sidekick die);
  'field target Sidekick die from your Used Pile' (a die there is chosen, not targeted);
  'Sidekick characters' (Sidekicks).
- Globals (`GLOBAL_SPELLINGS`): 'Pay [M], Target ...' (a comma after the cost); 'Once per turn,
  you may pay [2] to <effect>' (the cost first); 'Pay [B] and KO one of your X. <effect>' / '...
  to <effect>' (the KO read as the first effect: with no die of yours to KO the global can't be
  used, R13.2, as if the KO were part of the cost); 'Once during your turn' (once per turn, on
  your turn); '..., and the next die you purchase ...' (two sentences); a trailing 'Use this
  ability only once per turn' (the limit once_per_turn); 'The first die you purchase this turn
  is added to your Prep Area' (the next one, while none was purchased yet this turn).
- 'Once per turn, when fielded, <effect>': the when-fielded ability with the limit
  once_per_turn (R13.5).
- 'When you have 3 or more active X, NAME <static>': a state, not an event, so read as the
  continuous 'If you have ..., NAME ...' of the static families (only when that reading is a
  continuous one).
- Battle for Faerûn's words (`NPC_SETS`): NPC dice are that set's Sidekick dice; 'When assigned
  to attack / block' is the die's own attack / block; 'knock out' is KO.
- 'When one of your NAME dice attacks with no other attackers' / 'When a single NAME character
  die attacks alone': the card's own die attacking alone.
- 'When you take damage or an opponent declares an attack, <effect>': two triggers, the second
  the first opposing die attacking this turn.
- 'At the start of the attack step, (if <condition>,) <effect>': the attack step starts with
  the declaration of attackers (R11.1), so the card-wide trigger on the first character die
  attacking this turn, either player's (watcher `attacks`, once per turn); conditions 'your
  opponent has more fielded characters / monsters in the field / life than you'.

Rulings (T5.1): Teamwatch's 'different character die' is a die of another card (`other`),
yours, and a Sidekick (no card, no affiliation) never shares one; the Underdog condition is the
reminder's (the opponent's character dice in their Field Zone against yours, when the ability
would be used). The must-block and 'unless ... pays N life' clauses are in
rules/abilities/phrases_turn_globals.py, their effect in rules/abilities/extensions/turn_globals.py.
"""

import re
from dataclasses import replace

from rules.abilities import (
    phrases_turn_globals,  # noqa: F401 (registers the clauses)
)
from rules.abilities.templates import Line, Match, read_again, recogniser

FAMILY = "turn_globals"

# Sets where at least one card prints Underdog's reminder text (a test checks this against the
# card pool): their other Underdog lines mean the same.
UNDERDOG_SETS = frozenset({"asm", "dp", "wwe"})
UNDERDOG_REMINDER = (
    "(You may use this effect when your opponent has more character dice in their Field Zone"
    " than you do.)"
)


def _set_of(key: str) -> str:
    return re.sub(r"^\d+", "", key or "").lower()


# -- Teamwatch - <effect> ------------------------------------------------------------------------
_TEAMWATCH = re.compile(
    r"^teamwatch\s*[-–—:]+\s*(?!(?:when|whenever|each time|while|if)\b)(?P<rest>.+)$",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=140)
def teamwatch(line: Line) -> Match | None:
    match = _TEAMWATCH.match(line.text)
    if not match or not line.card_name.strip():
        return None
    rest = match["rest"].strip()
    text = (
        f"When you field another character who shares an affiliation with "
        f"{line.card_name.strip()}, {rest[0].lower()}{rest[1:]}"
    )
    found = read_again(line, text)
    if found is None or found.keywords or len(found.abilities) != 1:
        return None
    (spec,) = found.abilities
    watched = spec.get("any") or {}
    if spec["when"] != "fielded" or not watched.get("shares_affiliation"):
        return None
    return found


# -- Underdog - <ability>, the reminder printed elsewhere in the set --------------------------
@recogniser(FAMILY, kinds=("ability",), priority=140)
def underdog_in_set(line: Line) -> Match | None:
    from rules.abilities.templates import ability_words

    if not re.match(r"^underdog\b", line.text, re.IGNORECASE):
        return None
    if _set_of(line.card_key) not in UNDERDOG_SETS or "you may use this e" in line.raw.lower():
        return None
    return ability_words.underdog(replace(line, raw=f"{line.raw} {UNDERDOG_REMINDER}"))


# -- Awaken - <effect>, without its reminder text ------------------------------------------------
AWAKEN_REMINDER = "(When this die spins up 1 or more levels, you may use this effect.)"


@recogniser(FAMILY, kinds=("ability",), priority=140)
def awaken_without_reminder(line: Line) -> Match | None:
    """WizKids' keyword list defines Awaken alike for every card ('when a die with Awaken
    spins up 1 or more levels, you may use its Awaken effect'), the reminder the X-Men First
    Class cards print: a card that doesn't print it is read as ability_words reads one that
    does (the same limit: at most once per turn per die)."""
    from rules.abilities.templates import ability_words

    if not re.match(r"^awaken\s*[-–—:]+", line.text, re.IGNORECASE):
        return None
    if re.search(r"spins? up (?:1|one) or more levels?", line.raw, re.IGNORECASE):
        return None
    return ability_words.reminder_defined_word(replace(line, raw=f"{line.raw} {AWAKEN_REMINDER}"))


# -- spellings the shared clauses read another way ------------------------------------------------
# Each (regex, replacement) is applied in turn; a line changed by any is read again.
SPELLINGS = (
    # '+2 attack', '+1 defense' written out
    (
        re.compile(r"(?<![\w+])\+(?P<n>\d+) (?P<stat>attack|defense)\b", re.IGNORECASE),
        lambda m: f"+{m['n']}{'A' if m['stat'][0] in 'aA' else 'D'}",
    ),
    # 'spin down target opposing character die': one level (R13.6's spin)
    (
        re.compile(
            r"\bspin (?P<way>up|down) (?P<dice>target [^.,;]+?)(?= and |[.,;]|$)", re.IGNORECASE
        ),
        lambda m: f"spin {m['dice']} {m['way'].lower()} 1 level",
    ),
    # 'field target Sidekick die from / in your Used Pile': a die outside the Field is chosen,
    # not targeted (R13.2)
    (
        re.compile(r"\bfield target sidekick die (?:from|in) your used pile", re.IGNORECASE),
        lambda m: "field a Sidekick die from your Used Pile",
    ),
    # 'one of your Sidekick characters': Sidekicks
    (
        re.compile(r"\bsidekick character(?P<s>s?)\b(?! di)", re.IGNORECASE),
        lambda m: f"Sidekick{m['s']}",
    ),
    # '[PAWN]' as a noun: a Sidekick die (the Sidekick's own symbol)
    (
        re.compile(r"\[PAWN\](?! ?(?:character|die|dice|and|or)\b)", re.IGNORECASE),
        lambda m: "Sidekick die",
    ),
)


@recogniser(FAMILY, kinds=("ability", "global", "burst"), priority=140)
def spellings(line: Line) -> Match | None:
    text = line.text
    for regex, replacement in SPELLINGS:
        text = regex.sub(replacement, text)
    return read_again(line, text)


# -- globals' spellings ---------------------------------------------------------------------------
_COST = r"(?:\[[^\]]+\]\s*)+"
GLOBAL_SPELLINGS = (
    # 'Pay [M], Target ...': a comma after the cost
    (
        re.compile(rf"^(?P<cost>pay {_COST}),\s*(?P<rest>[A-Z].+)$", re.IGNORECASE),
        lambda m: f"{m['cost'].strip()}. {m['rest']}",
    ),
    # 'Once per turn, you may pay [2] to deal ...': the cost first
    (
        re.compile(rf"^once per turn, (?:you may )?pay (?P<cost>{_COST})to (?P<rest>.+)$", re.I),
        lambda m: f"Pay {m['cost'].strip()}. Once per turn, {m['rest']}",
    ),
    # 'Pay [B] and KO one of your character dice. <effect>' / '... to <effect>': the KO is read
    # as the global's first effect (with no die of yours to KO the global can't be used, R13.2,
    # as when the KO is a cost)
    (
        re.compile(
            rf"^pay (?P<cost>{_COST})and (?:ko|knock out) (?P<what>one of your [^.]+?)"
            r"(?:\. | to )(?P<rest>.+)$",
            re.IGNORECASE,
        ),
        lambda m: f"Pay {m['cost'].strip()}. KO {m['what']}. {m['rest'][0].upper()}{m['rest'][1:]}",
    ),
    # 'Once during your turn, (you may) ...': once per turn, on your turn ('you may': using a
    # global is the player's choice already)
    (
        re.compile(r"\bonce during your turn, (?:you may )?", re.IGNORECASE),
        lambda m: "Once per turn, on your turn, ",
    ),
    # '..., and the next die you purchase ...': two sentences
    (
        re.compile(r", and (?P<rest>the next [^,.]*?die you purchase)", re.IGNORECASE),
        lambda m: f". {m['rest'][0].upper()}{m['rest'][1:]}",
    ),
)
_ONCE_SUFFIX = re.compile(
    r"^(?P<body>.+?)\.?\s+(?:use this ability only once per turn|limit once per turn)$",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("global",), priority=140)
def global_spellings(line: Line) -> Match | None:
    text, once = line.text, False
    for regex, replacement in GLOBAL_SPELLINGS:
        text = regex.sub(replacement, text)
    suffix = _ONCE_SUFFIX.match(text)
    if suffix:
        text, once = suffix["body"], True
    found = read_again(line, text)
    if found is None or not once:
        return found
    specs = []
    for spec in found.abilities:
        if spec["when"] != "global" or spec.get("limit") not in (None, "once_per_turn"):
            return None
        specs.append({**spec, "limit": "once_per_turn"})
    return replace(found, abilities=tuple(specs))


# -- 'Once per turn, when fielded, ...' ---------------------------------------------------------
_ONCE_FIELDED = re.compile(r"^once per turn, (?P<rest>when fielded, .+)$", re.IGNORECASE)


@recogniser(FAMILY, kinds=("ability",), priority=140)
def once_when_fielded(line: Line) -> Match | None:
    match = _ONCE_FIELDED.match(line.text)
    if not match:
        return None
    rest = match["rest"]
    found = read_again(line, rest[0].upper() + rest[1:])
    if found is None or found.keywords or len(found.abilities) != 1:
        return None
    (spec,) = found.abilities
    if spec["when"] != "fielded" or "any" in spec or "by" in spec or "limit" in spec:
        return None
    return Match.ability({**spec, "limit": "once_per_turn"})


# -- 'When you have 3 or more active X, NAME <static>' ------------------------------------------
_WHEN_YOU_HAVE = re.compile(
    r"^when you have (?P<cond>(?:at least )?\d+ or more active [^,]+), (?P<rest>.+)$",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=140)
def when_you_have(line: Line) -> Match | None:
    match = _WHEN_YOU_HAVE.match(line.text)
    if not match:
        return None
    found = read_again(line, f"If you have {match['cond']}, {match['rest']}")
    if found is None or found.keywords or not found.abilities:
        return None
    if any(spec["when"] not in ("while_active", "static") for spec in found.abilities):
        return None
    return found


# -- 'At the start of the attack step, (if <condition>,) <effect>' ------------------------------
_ATTACK_STEP = re.compile(
    r"^at the start of (?:the|each) attack step, (?:if (?P<cond>[^,]+), )?(?P<rest>.+)$",
    re.IGNORECASE,
)
_CONDITIONS = (
    (
        re.compile(
            r"your opponent has more (?:fielded characters|fielded character dice|characters in"
            r" the field(?: zone)?|monsters in the field|character dice in their field zone)"
            r" than you(?: do)?",
            re.IGNORECASE,
        ),
        {"test": "opponent_more_field_dice"},
    ),
    (
        re.compile(r"your opponent has more life than you(?: do)?", re.IGNORECASE),
        {"test": "opponent_more_life"},
    ),
)


@recogniser(FAMILY, kinds=("ability",), priority=140)
def start_of_attack_step(line: Line) -> Match | None:
    """The attack step starts with the declaration of attackers (R11.1): read as the card-wide
    trigger on the first character die attacking this turn, either player's (watcher `attacks`,
    once per turn), while the card is active. No attack: no attack step, nothing."""
    from rules.abilities import phrases

    match = _ATTACK_STEP.match(line.text)
    if not match:
        return None
    spec: dict = {"when": "attacks", "any": {"pick": "each"}, "limit": "once_per_turn"}
    if match["cond"]:
        found = [test for regex, test in _CONDITIONS if regex.fullmatch(match["cond"].strip())]
        if not found:
            return None
        spec["if"] = dict(found[0])
    effects = phrases.effects(match["rest"], line)
    if effects is None:
        return None
    return Match.ability({**spec, "effects": effects})


# -- 'When one of your NAME dice attacks with no other attackers, it ...' ------------------------
@recogniser(FAMILY, kinds=("ability",), priority=140)
def one_of_your_dice_attacks_alone(line: Line) -> Match | None:
    """'When one of your NAME dice attacks with no other attackers, it gets +2A and +2D' /
    'When a single NAME character die attacks alone, she gets ...': the card's own die
    attacking alone (combat_triggers' 'When NAME attacks alone')."""
    name = line.card_name.strip()
    if not name:
        return None
    match = re.match(
        rf"^when (?:one of your|a single) {re.escape(name)} (?:character |superstar )?dic?e"
        r" attacks (?:alone|with no other attackers), (?P<rest>.+)$",
        line.text,
        re.IGNORECASE,
    )
    if not match:
        return None
    rest = re.sub(r"^(?:it|she|he) ", "this die ", match["rest"], flags=re.IGNORECASE)
    found = read_again(line, f"When {name} attacks alone, {rest}")
    if found is None or len(found.abilities) != 1 or found.abilities[0]["when"] != "attacks_alone":
        return None
    return found


# -- Global: 'The first die you purchase this turn is added to your Prep Area ...' ---------------
_FIRST_PURCHASE = re.compile(
    rf"^(?P<cost>pay {_COST})\. the first (?P<what>die|character die) you purchase this turn is"
    r" (?:added to|placed in(?:to)?|put in(?:to)?) your prep area(?: instead of your used pile)?$",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("global",), priority=140)
def first_purchase_to_prep(line: Line) -> Match | None:
    """'Pay [S]. The first die you purchase this turn is added to your Prep Area instead of
    your Used Pile': fielded_more's 'Prep the next die you purchase this turn', only while the
    player has purchased no such die yet this turn (afterwards the global does nothing)."""
    match = _FIRST_PURCHASE.match(line.text)
    if not match:
        return None
    what = match["what"].lower()
    text = f"{match['cost'].strip()}. Prep the next {what} you purchase this turn"
    found = read_again(line, text)
    if found is None or len(found.abilities) != 1 or "if" in found.abilities[0]:
        return None
    test = {"test": "tg_none_purchased"}
    if what == "character die":
        test["what"] = "character"
    return replace(found, abilities=({**found.abilities[0], "if": test},))


# -- 'When you take damage or an opponent declares an attack, <effect>' --------------------------
_DAMAGE_OR_ATTACK = re.compile(
    r"^when you take damage or (?:an|your) opponent declares an attack, (?P<rest>.+)$",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=140)
def damage_or_attack_declared(line: Line) -> Match | None:
    """Two triggers with one effect: 'When you take damage, <effect>' and the opponent's
    declaration of attackers (read as the first opposing die attacking this turn: watcher
    `attacks` on opposing dice, once per turn), both while the card is active."""
    match = _DAMAGE_OR_ATTACK.match(line.text)
    if not match or not line.card_name.strip():
        return None
    damaged = read_again(line, f"When you take damage, {match['rest']}")
    attacked = read_again(
        line,
        f"While {line.card_name.strip()} is active, when an opposing character die attacks, "
        f"{match['rest']}",
    )
    if damaged is None or attacked is None or damaged.keywords or attacked.keywords:
        return None
    if len(damaged.abilities) != 1 or len(attacked.abilities) != 1:
        return None
    (first,), (second,) = damaged.abilities, attacked.abilities
    if first["when"] != "you_damaged" or second["when"] != "attacks" or "limit" in second:
        return None
    if second.get("any", {}).get("side") != "opposing":
        return None
    return Match.ability(first, {**second, "limit": "once_per_turn"})


# -- Battle for Faerûn's words: NPC dice, 'When assigned to attack / block' ----------------------
NPC_SETS = frozenset({"bff"})
BFF_SPELLINGS = (
    (re.compile(r"^when assigned to attack,", re.IGNORECASE), lambda m: "When this die attacks,"),
    (re.compile(r"^when assigned to block,", re.IGNORECASE), lambda m: "When this die blocks,"),
    (re.compile(r"\bNPCs\b"), lambda m: "Sidekick dice"),
    (re.compile(r"\bNPC\b"), lambda m: "Sidekick die"),
    (re.compile(r"\bknock out\b", re.IGNORECASE), lambda m: "KO"),
)


@recogniser(FAMILY, kinds=("ability", "global"), priority=140)
def battle_for_faerun_words(line: Line) -> Match | None:
    """The first D&D set (Battle for Faerûn) calls its Sidekick dice NPC dice and a die's own
    attack 'when assigned to attack': read in that set's words. Later D&D sets use 'NPC' for a
    trait of character cards, so only `NPC_SETS`."""
    if _set_of(line.card_key) not in NPC_SETS:
        return None
    text = line.text
    for regex, replacement in BFF_SPELLINGS:
        text = regex.sub(replacement, text)
    return read_again(line, text)
