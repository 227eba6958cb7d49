"""Family `statics_tail` (priority 116: only lines the while / statics families decline):
a character's continuous lines whose statement another family reads alone, under a condition
those families don't spell, and one more blocker filter. Played through the restrict hook
and the stat query layer (rules/abilities/statics.py), never per-card flags:

- 'While you have at least one [M] (N or more [M]) in your Reserve Pool, <statement>': the
  statement is read by the other families as a line of its own ('Moon Knight can only be
  blocked by 2 or more character dice') and holds while the holder has that many of the
  energy in their Reserve Pool (condition `reserve_energy_at_least`, R13.1);
- 'While you have another [AV] and another [GG] character active, <statement>': both counts
  needed (condition `st_all`, extensions/statics_tail.py), each an active character die of
  the holder's with that affiliation other than this card's dice (R13.1);
- '<statement> while your opponent has [M] energy in their Reserve Pool': condition
  `st_opponent_reserve` (the opponent's faces shown, a wild not counted);
- 'NAME can't be blocked by characters with a printed fielding cost of 0': the blockers'
  face shown prints fielding cost 0 (selector `max_fielding` 0: exactly 0, R11.2);
- 'NAME can't be blocked by a character with a lower level / by higher level character dice
  (or Sidekick character dice)': the blocker's level compared with the attacker's (selector
  `level_vs_this`; the restrict hook passes the attacker as the source; an equal level may
  block);
- a character's burst line that is a static about its own dice ('* Sidekicks can't block
  NAME', '* NAME can't be targeted by Global Abilities') or the keyword Fast / Overcrush
  ('*/** Overcrush'): it holds while the die shows a face with that burst (selector
  `shows_burst`, R9.2; `templates.on_burst` leaves such a spec as it is);
- spellings the other families read once put their way: printing slips (a misspelt own name
  from a table, 'Whlle', 'charactere', 'gets [sic] +1A'), 'can't be targeted by your
  opponent's Global Abilities' (opposing ones), 'NAME gets +3A until end of turn when engaged
  with X' / 'when blocking or blocked by characters with the X affiliation until end of turn'
  (statics_more's 'when engaged with X'), 'While your opponent has any active X character
  dice, NAME gets +1A and must attack if able' (both under the one condition).

Readings (T5.1, the weaker where ambiguous):
- 'another X' is a die of another card than this one (a second die of the same card is not
  'another' character; a card can't print its own affiliation twice to make it count).
- The statement must be a plain while-active static with no condition of its own; anything
  else (a trigger, a burst variant, a keyword) leaves the line manual.
- 'until end of turn' on a bonus while engaged holds while engaged (the weaker reading, as
  named_statics reads it after a blocking subject).
- A burst static about other dice ('* Your [F] characters get +1A') stays manual: which of the
  card's dice must show the burst is not said.
"""

import re
from dataclasses import replace

from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

FAMILY = "statics_tail"
PRIORITY = 116

_RESERVE = re.compile(
    r"while you have (?:at least (?P<least>one|two|three|\d) |(?P<n>one|two|three|\d) or more )?"
    r"(?P<energy>\[[FBMS]\])s? (?:energy )?in your reserve pool, (?P<rest>.+)",
    re.IGNORECASE,
)
_ANOTHER = re.compile(
    rf"while you have another (?P<a>{t.AFFILIATION}) and another (?P<b>{t.AFFILIATION}) "
    r"character active, (?P<rest>.+)",
    re.IGNORECASE,
)
_FIELDING_ZERO = re.compile(
    r"(?P<who>.+?) (?:can't|cannot) be blocked by (?:characters?|character dice) with a "
    r"printed fielding cost of 0",
    re.IGNORECASE,
)


def _plain_statics(line: Line, text: str) -> list[dict] | None:
    """The statement read as a line of its own: while-active specs without a condition."""
    if line.card_kind != "character":
        return None
    found = None
    from rules.abilities.templates import recognise

    found = recognise(replace(line, text=text))
    if found is None or found.variant is not None or found.suit_up or found.keywords:
        return None
    if found.family == FAMILY or not found.abilities:
        return None
    specs = list(found.abilities)
    if any(s.get("when") != "while_active" or "if" in s or s.get("limit") for s in specs):
        return None
    return specs


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def reserve_condition(line: Line) -> Match | None:
    """'While you have at least one [M] in your Reserve Pool, NAME can only be blocked by 2 or
    more character dice'."""
    match = _RESERVE.fullmatch(line.text)
    if not match:
        return None
    specs = _plain_statics(line, match["rest"])
    if specs is None:
        return None
    n = t.number(match["least"] or match["n"] or "1")
    cond = {"test": "reserve_energy_at_least", "energy": t.energy(match["energy"]), "n": n}
    return Match(abilities=tuple({**s, "if": cond} for s in specs))


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def another_two(line: Line) -> Match | None:
    """'While you have another [AV] and another [GG] character active, NAME gets +3A'."""
    match = _ANOTHER.fullmatch(line.text)
    if not match or not line.card_name:
        return None
    specs = _plain_statics(line, match["rest"])
    if specs is None:
        return None
    counts = [
        {
            "test": "count_at_least",
            "n": 1,
            "of": {
                "pick": "each",
                "side": "yours",
                "what": "character",
                "affiliation": [t.affiliation(match[k])],
                "not_name": line.card_name,
            },
        }
        for k in ("a", "b")
    ]
    cond = {"test": "st_all", "all_of": counts}
    return Match(abilities=tuple({**s, "if": cond} for s in specs))


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def fielding_zero(line: Line) -> Match | None:
    """'NAME can't be blocked by characters with a printed fielding cost of 0'."""
    from rules.abilities.templates.while_active_statics import self_selector

    match = _FIELDING_ZERO.fullmatch(line.text)
    if not match or line.card_kind != "character" or self_selector(match["who"], line) is None:
        return None
    effect = {
        "do": "restrict",
        "action": "be_blocked",
        "by": {"pick": "each", "what": "character", "max_fielding": 0},
        "to": {"pick": "this"},
    }
    return Match.ability({"when": "while_active", "effects": [effect]})


# -- a character's burst line that is a static ('* Sidekicks can't block War Machine') -----------
_BURST_KEYWORDS = {"fast", "overcrush"}  # keywords the engine reads from the keyword query


def _on_faces(selector: dict, bursts: tuple[int, ...]) -> dict | None:
    """The card's own dice, while showing a face with these bursts; None for other dice."""
    if selector != {"pick": "this"}:
        return None
    return {"pick": "this", "shows_burst": sorted(bursts)}


@recogniser(FAMILY, kinds=("burst",), priority=PRIORITY)
def burst_static(line: Line) -> Match | None:
    """'* Howard Stark can't be targeted by Global Abilities', '* Sidekicks can't block War
    Machine', '* Spider-Gwen can't be blocked', '*/** Overcrush', '* Fast' on a character: the
    static (or keyword) holds for the card's dice while they show a face with those bursts
    (R9.2). Only statics about the card's own dice; a keyword only one the engine's keyword
    query plays (Fast, Overcrush)."""
    from rules.abilities.templates import recognise

    if line.card_kind != "character" or not line.bursts:
        return None
    found = recognise(replace(line, kind="ability", bursts=()))
    if found is None or found.variant is not None or found.suit_up:
        return None
    effects: list[dict] = []
    for keyword in found.keywords:
        if keyword not in _BURST_KEYWORDS:
            return None
        to = {"pick": "this", "shows_burst": sorted(line.bursts)}
        effects.append({"do": "grant", "keyword": keyword, "to": to})
    for spec in found.abilities:
        if spec.get("when") != "while_active" or set(spec) - {"when", "effects"}:
            return None
        for effect in spec["effects"]:
            to = _on_faces(effect.get("to"), line.bursts)
            if to is None:
                return None
            effects.append({**effect, "to": to})
    if not effects:
        return None
    return Match.ability({"when": "while_active", "effects": effects})


# -- printing slips ---------------------------------------------------------------------------
# A misspelt name, read as the card's own only on that card (a table, not a fuzzy match: a
# near name may be another character's, 'Spider-Woman' on a Spider-Man card).
_NAME_SLIPS = {
    "supegirl": "supergirl",
    "scarlet which": "scarlet witch",
    "enchatress": "enchantress",
    "davil startsong": "davil starsong",
    "doppleganger": "doppelganger",
    "foetid bload-drone": "foetid bloat-drone",
    "turk barret": "turk barrett",
}
_WHILE_SLIP = re.compile(r"^wh(?:lle|lie)\b", re.IGNORECASE)


@recogniser(FAMILY, kinds=("ability", "burst"), priority=PRIORITY + 2)
def printing_slips(line: Line) -> Match | None:
    """'While Supegirl is active, ...' on Supergirl, 'Whlle NAME is active, ...', 'gets [sic]
    +1A', 'can't be targeted by your opponent's Global Abilities' (opposing ones): the line
    read by the other families with the slip corrected or the spelling they read."""
    from rules.abilities.templates import recognise

    if line.card_kind != "character" or not line.card_name:
        return None
    text = _WHILE_SLIP.sub("While", line.text)
    own = line.card_name.lower()
    for slip, name in _NAME_SLIPS.items():
        if name == own:
            text = re.sub(rf"\b{re.escape(slip)}\b", line.card_name, text, flags=re.IGNORECASE)
    text = re.sub(r" \[sic\]", "", text, flags=re.IGNORECASE)  # the printer's own note
    text = re.sub(r"\bcharactere\b", "character", text, flags=re.IGNORECASE)
    text = re.sub(
        r"\b(be targeted by) your opponent's (global abilities|action dice)\b",
        r"\1 opposing \2",
        text,
        flags=re.IGNORECASE,
    )
    if text == line.text:
        return None
    return recognise(replace(line, text=text))


# -- spellings of engaged bonuses and opponent conditions ----------------------------------------
_ENGAGED_UNTIL = re.compile(
    r"(?P<who>.+?) (?P<verb>gets|gains) (?P<mods>[+-][^,]+?) "
    r"(?:until end of turn when engaged with (?P<a>.+)"
    r"|when blocking or blocked by (?P<b>.+?) until end of turn)",
    re.IGNORECASE,
)
_WITH_AFFILIATION = re.compile(r"characters with the (?P<aff>[a-z -]+?) affiliation", re.IGNORECASE)
_OPPONENT_ANY = re.compile(
    r"while your opponent has any active (?P<dice>.+?) character dice, (?P<who>.+?) "
    r"(?P<verb>gets|gains) (?P<mods>[+-].+?) and must attack(?: if able)?",
    re.IGNORECASE,
)


def _read_all(line: Line, texts: list[str]) -> Match | None:
    from rules.abilities.templates import recognise

    specs: list[dict] = []
    for text in texts:
        found = recognise(replace(line, text=text))
        if found is None or found.variant or found.suit_up or found.keywords:
            return None
        if not found.abilities or found.family == FAMILY:
            return None
        specs += found.abilities
    return Match(abilities=tuple(specs))


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY + 2)
def engaged_spellings(line: Line) -> Match | None:
    """'NAME gets +3A and +3D until end of turn when engaged with [S] characters', 'NAME gets
    +4A and +4D when blocking or blocked by characters with the Justice League affiliation
    until end of turn': read as statics_more's 'NAME gets ... when engaged with X' (the bonus
    holds while engaged, the weaker reading of 'until end of turn', as named_statics reads it
    after a blocking subject)."""
    if line.card_kind != "character":
        return None
    match = _ENGAGED_UNTIL.fullmatch(line.text)
    if not match:
        return None
    engaged = _WITH_AFFILIATION.sub(lambda m: f"{m['aff']} characters", match["a"] or match["b"])
    text = f"{match['who']} {match['verb']} {match['mods']} when engaged with {engaged}"
    return _read_all(line, [text])


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY + 2)
def opponent_any_must_attack(line: Line) -> Match | None:
    """'While your opponent has any active [VM] character dice, NAME gets +1A and must attack
    if able': both under the one condition (an opposing [VM] character die in the Field)."""
    if line.card_kind != "character":
        return None
    match = _OPPONENT_ANY.fullmatch(line.text)
    if not match:
        return None
    head = f"If your opponent has an active {match['dice']} character die, {match['who']}"
    return _read_all(line, [f"{head} {match['verb']} {match['mods']}", f"{head} must attack"])


# -- 'can't be blocked by lower / higher level character dice' -----------------------------------
_LEVEL_BLOCKERS = re.compile(
    r"(?P<who>.+?) (?:can't|cannot) be blocked by (?:an? characters? with an? (?P<a>lower|higher) "
    r"level|(?P<b>lower|higher) level (?:character dice|characters)|(?:character dice|characters) "
    r"of (?P<c>lower|higher) level)(?: or (?P<more>.+))?",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def level_blockers(line: Line) -> Match | None:
    """'Angel cannot be blocked by a character with a lower level', 'NAME cannot be blocked by
    higher level character dice or Sidekick character dice': a blocker whose level is lower
    (higher) than the level of the die it would block (selector `level_vs_this`, R11.2); an
    equal level may block."""
    from rules.abilities import phrases_static as ps
    from rules.abilities.templates.while_active_statics import self_selector

    match = _LEVEL_BLOCKERS.fullmatch(line.text)
    if not match or line.card_kind != "character" or self_selector(match["who"], line) is None:
        return None
    way = (match["a"] or match["b"] or match["c"]).lower()
    by = {"pick": "each", "what": "character", "level_vs_this": way}
    effects = [{"do": "restrict", "action": "be_blocked", "by": by}]
    if match["more"]:
        more = ps.restrict(f"can't be blocked by {match['more']}", line)
        if not more or any(e.get("action") != "be_blocked" or "by" not in e for e in more):
            return None
        effects += more
    return Match.ability(
        {"when": "while_active", "effects": [{**e, "to": {"pick": "this"}} for e in effects]}
    )


# -- 'while your opponent has [M] energy in their Reserve Pool' ----------------------------------
_OPPONENT_RESERVE = re.compile(
    r"(?P<body>.+?) while your opponent has (?:an? )?(?P<energy>\[[FBMS]\]) (?:energy )?in their "
    r"reserve pool",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def opponent_reserve(line: Line) -> Match | None:
    """'Wong gets +2A while your opponent has [M] energy in their Reserve Pool': the statement
    holds while the opponent's Reserve Pool shows that energy (`st_opponent_reserve`)."""
    match = _OPPONENT_RESERVE.fullmatch(line.text)
    if not match:
        return None
    specs = _plain_statics(line, match["body"])
    if specs is None:
        return None
    cond = {"test": "st_opponent_reserve", "energy": t.energy(match["energy"]), "n": 1}
    return Match(abilities=tuple({**s, "if": cond} for s in specs))
