"""Player-event triggers of a card: 'When you field a Sidekick, <effect>', 'When one of your
character dice is KO'd, ...', 'When a [DCB] character die is KO'd, ...', 'When an opposing
character die is KO'd, ...', 'When you use an action die, ...', 'When you take damage, ...'
(also 'Whenever' and 'Each time'). A card-wide triggered ability working while one of the
card's dice is active (R13.1): a while-active watcher (rules.abilities.watchers: the trigger
'fielded' / 'kod' / 'attacks' with the watched die's selector as 'any', 'action_used' with
'by') or 'you_damaged'; clauses naming the card's own die mean each of its dice in the Field.

Narrow on purpose (T5.1, the weaker reading where the text allows two):
- 'a character die is KO'd' (no side) means either player's; 'one of your' means yours.
- 'you field a character die' includes the card's own die being fielded (the text excludes
  nothing); 'another' / 'a different' excludes the card's own dice.
- 'monster' (Yu-Gi-Oh!) is a character die and 'Superstar' (WWE) a non-Sidekick character die
  (`tokens.SUPERSTAR_WHAT`); 'summon' is field.
- 'If <a die> is KO'd' is read as 'when'; 'an affiliated character' (Retaliation) as one
  of yours that shares an affiliation with this card (the narrowest of the readings).
- an event qualified any further ('KO'd by combat damage', 'during the attack step', 'with
  Experience', 'non-Basic', 'first ... each turn', 'leaves the Field') is not matched: it
  stays manual.
"""

import re

from rules.abilities import (
    phrases,
    phrases_tail,  # noqa: F401 (registers the long-tail clauses)
)
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

_TOKEN = (
    r"(?:non-(?P<nonself>[a-z][^\[\],]*?) )?"  # 'non-Cheetah [DCV]': not this card's dice
    r"(?:(?P<neg>non-)?(?P<token>\[[A-Za-z0-9]+\]|justice league|villain|x-men|avengers)"
    r"(?: or (?P<token2>\[[A-Za-z0-9]+\]))? )?"
)
_NOUN = (
    r"(?P<what>sidekick character dice|sidekick character die|sidekick dice|sidekick die"
    r"|sidekicks|sidekick|character dice|character die|characters|character"
    r"|superstar dice|superstar die|monsters|monster|villains|villain)"
)
_WHO = (
    r"(?P<who>one of your (?P<other1>other )?|an? (?P<other2>other |different )?"
    r"|an opposing |your opponent's |another )"
)


def _selector(match, side: str) -> dict | None:
    selector: dict = {"pick": "each"}
    if side != "any":
        selector["side"] = side
    what = match["what"].lower()
    if what.startswith("sidekick"):
        selector["what"] = "sidekick"
    if what.startswith("superstar"):
        selector["what"] = t.SUPERSTAR_WHAT  # a WWE Superstar: not a Sidekick die
    if what.startswith("villain"):
        selector["affiliation"] = ["villain"]
    if match["token"]:
        try:
            selector.update(t.token_filter(match["token"], bool(match["neg"])))
            if match["token2"]:  # '[F] or [S]': either energy type
                second = t.token_filter(match["token2"])
                if "energy" not in selector or "energy" not in second or match["neg"]:
                    return None
                selector["energy"] = selector["energy"] + second["energy"]
        except ValueError:
            return None
    return selector


def _not_self(match, line: Line, selector: dict) -> dict | None:
    """'a non-<this card> ... die': not the card's own dice; another name declines."""
    if not match["nonself"]:
        return selector
    if match["nonself"].strip().lower() != line.card_name.strip().lower():
        return None
    return {**selector, "other": True}


def _side(who: str) -> str:
    who = who.strip().lower()
    if who.startswith("one of your"):
        return "yours"
    if who in ("an opposing", "your opponent's"):
        return "opposing"
    return "any"


_KOD = re.compile(
    rf"^(?:when|whenever|each time|if) {_WHO}(?P<affiliated>affiliated )?{_TOKEN}{_NOUN} "
    r"(?:is|are|gets) "
    r"(?:ko'd|kod|knocked out),? (?P<rest>.+)$",
    re.IGNORECASE,
)
_FIELD = re.compile(
    r"^(?:when|whenever|each time) (?P<player>you|your opponent|an opponent) "
    r"(?:field|fields|summon|summons) "
    rf"(?P<article>an?|another|a different) {_TOKEN}{_NOUN},? (?P<rest>.+)$",
    re.IGNORECASE,
)
_SHARES = re.compile(
    r"^(?:when|whenever|each time) you field (?P<another>a|another) character (?:die )?"
    r"(?:who|that) shares an affiliation with (?P<who>[^,]+),? (?P<rest>.+)$",
    re.IGNORECASE,
)
_FIELDED = re.compile(
    rf"^(?:when|whenever|each time) (?P<article>an?|another|a different)"
    rf" (?P<opposing>opposing )?{_TOKEN}{_NOUN} is fielded,? (?P<rest>.+)$",
    re.IGNORECASE,
)
_ATTACKS = re.compile(
    rf"^(?:when|whenever|each time) {_WHO}{_TOKEN}{_NOUN} attacks,? (?P<rest>.+)$",
    re.IGNORECASE,
)
_FIRST_FIELD = re.compile(
    r"^the first time (?:each turn )?you field (?P<article>a|another) character(?: die)?"
    r"(?: each turn)?,? (?P<rest>.+)$",
    re.IGNORECASE,
)
_ACTION = re.compile(
    r"^(?:when|whenever|each time) (?:(?P<user>you|an opponent|your opponent) uses? an? action "
    r"die|an action die is used),? (?P<rest>.+)$",
    re.IGNORECASE,
)
_DAMAGED = re.compile(
    r"^(?:when|whenever|each time) you take damage,? (?P<rest>.+)$", re.IGNORECASE
)


_PRONOUN = re.compile(r"\b(?:it|its|he|him|his|she|her|they|them|their|that die|that character)\b",
                      re.IGNORECASE)  # fmt: skip
_SPIN_IT = re.compile(rf"spin it up (?P<n>{t.NUMBER}) levels?", re.IGNORECASE)


def _event_effects(when: str, rest: str, line: Line) -> list[dict] | None:
    """A clause with a pronoun: 'spin it up 1 level' means the die the event is about (the
    die fielded or attacking); any other pronoun could mean that die or this card's, so
    the line stays manual."""
    if not _PRONOUN.search(rest):
        return phrases.effects(rest, line)
    spin = _SPIN_IT.fullmatch(rest)
    if spin and when in ("fielded", "attacks"):
        return [{"do": "spin", "to": {"pick": "that"}, "levels": t.number(spin["n"])}]
    return None


def _spec(
    when: str, rest: str, line: Line, watched: dict | None = None, *, pronouns: bool = False
) -> Match | None:
    optional = rest.lower().startswith("you may ")
    if optional:
        rest = rest[len("you may ") :]
    # 'pronouns': the event's die is named by the trigger, so 'he'/'she' mean this card.
    effects = phrases.effects(rest, line) if pronouns else _event_effects(when, rest, line)
    if effects is None:
        return None
    spec: dict = {"when": when, "effects": effects}
    if watched is not None:
        spec["any"] = watched
    if optional:
        spec["optional"] = True
    return Match.ability(spec)


@recogniser("player_triggers", kinds=("ability",))
def player_event(line: Line) -> Match | None:
    text = line.text
    # 'While <this> is active, whenever ...': the card-wide triggers work while active anyway.
    active = re.match(
        rf"^while {t.self_names(line.card_name)} is active,? (?P<rest>(?:when|whenever) .+)$",
        text,
        re.IGNORECASE,
    )
    if active:
        text = active["rest"]
    match = _SHARES.match(text)
    if match and re.fullmatch(t.self_names(line.card_name), match["who"], re.IGNORECASE):
        selector = {"pick": "each", "side": "yours", "shares_affiliation": True}
        if match["another"].lower() == "another":
            selector["other"] = True
        return _spec("fielded", match["rest"], line, selector, pronouns=True)
    match = _KOD.match(text)
    if match:
        selector = _selector(match, _side(match["who"]))
        selector = _not_self(match, line, selector) if selector is not None else None
        if selector is None:
            return None
        if match["other1"] or match["other2"] or match["who"].strip().lower() == "another":
            selector["other"] = True
        if match["affiliated"]:
            # 'an affiliated character' (Retaliation): read as one of yours sharing an
            # affiliation with this card, the narrowest reading (T5.1).
            selector.update(side="yours", shares_affiliation=True)
        return _spec("kod", match["rest"], line, selector)
    match = _FIELD.match(text)
    if match:
        side = "yours" if match["player"].lower() == "you" else "opposing"
        selector = _selector(match, side)
        selector = _not_self(match, line, selector) if selector is not None else None
        if selector is None:
            return None
        if match["article"].lower() != "a" and match["article"].lower() != "an":
            selector["other"] = True
        return _spec("fielded", match["rest"], line, selector)
    match = _FIELDED.match(text)
    if match:
        selector = _selector(match, "opposing" if match["opposing"] else "any")
        selector = _not_self(match, line, selector) if selector is not None else None
        if selector is None:
            return None
        if match["article"].lower() not in ("a", "an"):
            selector["other"] = True
        return _spec("fielded", match["rest"], line, selector)
    match = _ATTACKS.match(text)
    if match:
        selector = _selector(match, _side(match["who"]))
        selector = _not_self(match, line, selector) if selector is not None else None
        if selector is None:
            return None
        if match["other1"] or match["other2"] or match["who"].strip().lower() == "another":
            selector["other"] = True
        return _spec("attacks", match["rest"], line, selector)
    match = _FIRST_FIELD.match(text)
    if match:
        selector = {"pick": "each", "side": "yours"}
        if match["article"].lower() == "another":
            selector["other"] = True
        found = _spec("fielded", match["rest"], line, selector)
        if found is not None:
            found = Match.ability({**found.abilities[0], "limit": "first_time"})
        return found
    match = _ACTION.match(text)
    if match:
        user = (match["user"] or "").lower()
        by = "yours" if user == "you" else "opposing" if user else "any"  # 'an action die is used'
        found = _spec("action_used", match["rest"], line)
        return Match.ability({**found.abilities[0], "by": by}) if found else None
    match = _DAMAGED.match(text)
    if match:
        return _spec("you_damaged", match["rest"], line)
    return None
