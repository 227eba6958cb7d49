"""Shared effect phrases: the clause after a trigger ('deal 2 damage to target character
die', 'gain 1 life') as vocabulary effects. Template families combine a trigger pattern with
`effects(text, line)`; a phrase not listed here makes the whole line unrecognised (manual).

Add a phrase with `@phrase(regex)`: the function gets the match and the Line and returns a
list of effects (or None to decline).
"""

import bisect
import re
from collections.abc import Callable

from rules.abilities import tokens as t

_PHRASES: list[tuple[re.Pattern, Callable]] = []
_ORDER: list[tuple] = []  # the sort key of each entry of _PHRASES, same positions

# The first phrase that reads a clause wins, so the order must not depend on which module
# happened to be imported first (a test importing a family's clauses directly, say): the core
# modules' clauses come first, then each family's module by name, each in its own order.
_CORE = (
    "rules.abilities.phrases",
    "rules.abilities.phrases_actions",
    "rules.abilities.phrases_triggers",
    "rules.abilities.phrases_static",
    "rules.abilities.phrases_tail",
)


def _rank(module: str) -> tuple:
    return (_CORE.index(module), "") if module in _CORE else (len(_CORE), module)


def phrase(regex: str):
    compiled = re.compile(regex, re.IGNORECASE)

    def register(function):
        key = (*_rank(function.__module__), len(_ORDER))
        at = bisect.bisect(_ORDER, key)
        _ORDER.insert(at, key)
        _PHRASES.insert(at, (compiled, function))
        return function

    return register


def effects(text: str, line=None) -> list[dict] | None:
    """The effects a clause says, or None when a part of it is not a known phrase. Clauses
    joined by ', then', '. Then' or ' and then ' are read one after the other."""
    parts = re.split(r"(?:,|\.)? (?:and )?then,? ", text.strip().rstrip("."), flags=re.IGNORECASE)
    found: list[dict] = []
    for part in parts:
        one = _one(part.strip(), line)
        if one is None:
            return None
        found += one
    return found or None


def _one(text: str, line) -> list[dict] | None:
    for regex, function in _PHRASES:
        match = regex.fullmatch(text)
        if match:
            try:
                result = function(match, line)
            except ValueError:  # a token helper refusing a word: this phrase declines
                continue
            if result is not None:
                return result
    return None


_OPPONENT = t.PLAYER_OPPONENT
_N = rf"(?P<n>{t.NUMBER})"


@phrase(rf"deal {_N} damage to {t.TARGET_DIE}")
def _damage_target(m, line):
    selector = t.target_selector(m["side"], m["what"], m["tail"])
    return [{"do": "damage", "to": selector, "amount": t.number(m["n"])}]


@phrase(rf"deal {_N} damage to {_OPPONENT}")
def _damage_opponent(m, line):
    return [
        {"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": t.number(m["n"])}
    ]


@phrase(rf"deal {_N} damage to each player")
def _damage_each_player(m, line):
    return [{"do": "damage", "to": {"pick": "player", "side": "any"}, "amount": t.number(m["n"])}]


@phrase(
    rf"deal {_N} damage to (?:each|all) (?P<side>opposing |other |)character (?:die|dice)"
    r"(?P<tail> your opponent controls|)"
)
def _damage_each(m, line):
    selector = {"pick": "each"}
    if m["side"].strip() == "opposing" or m["tail"]:
        selector["side"] = "opposing"
    elif m["side"].strip() == "other":
        selector["other"] = True
    return [{"do": "damage", "to": selector, "amount": t.number(m["n"])}]


@phrase(rf"(?:you )?gain {_N} life")
def _gain_life(m, line):
    return [{"do": "gain_life", "amount": t.number(m["n"])}]


@phrase(rf"{_OPPONENT} loses {_N} life")
def _opponent_loses(m, line):
    return [{"do": "lose_life", "player": "opposing", "amount": t.number(m["n"])}]


@phrase(rf"(?:you )?lose {_N} life")
def _you_lose(m, line):
    return [{"do": "lose_life", "player": "yours", "amount": t.number(m["n"])}]


@phrase(rf"KO {t.TARGET_DIE}")
def _ko_target(m, line):
    return [{"do": "ko", "to": t.target_selector(m["side"], m["what"], m["tail"])}]


@phrase(rf"spin {t.TARGET_DIE} (?P<way>up|down) {_N} levels?")
def _spin_target(m, line):
    levels = t.number(m["n"]) * (1 if m["way"].lower() == "up" else -1)
    return [
        {"do": "spin", "to": t.target_selector(m["side"], m["what"], m["tail"]), "levels": levels}
    ]


@phrase(rf"prep {t.TARGET_DIE}")
def _prep_target(m, line):
    return [{"do": "prep", "to": t.target_selector(m["side"], m["what"], m["tail"])}]


# -- more clauses ------------------------------------------------------------------------------
_MODS = r"\+(?P<a>\d+)A(?: and \+(?P<d>\d+)D)?|\+(?P<d2>\d+)D"
_UNTIL = r"(?: until (?:the )?end of (?:the )?turn| this turn)?"


def _modify(selector, m) -> list[dict]:
    effect = {"do": "modify", "to": selector}
    if m["a"]:
        effect["attack"] = int(m["a"])
    if m["d"] or m["d2"]:
        effect["defense"] = int(m["d"] or m["d2"])
    return [effect]


@phrase(
    rf"deal {_N} damage to (?:each|all) (?P<side>opposing |other |)"
    r"(?P<what>character|sidekick)s?(?: (?:die|dice))?"
)
def _damage_each_kind(m, line):
    selector = {"pick": "each"}
    if m["side"].strip() == "opposing":
        selector["side"] = "opposing"
    elif m["side"].strip() == "other":
        selector["other"] = True
    if m["what"].lower() == "sidekick":
        selector["what"] = "sidekick"
    return [{"do": "damage", "to": selector, "amount": t.number(m["n"])}]


@phrase(rf"(?:give )?(?:one )?{t.TARGET_DIE} (?:gets )?(?P<mods>{_MODS}){_UNTIL}")
def _modify_target(m, line):
    return _modify(t.target_selector(m["side"], m["what"], m["tail"]), m)


@phrase(rf"(?:all )?your character (?:dice|die|s) (?:get|gets) (?P<mods>{_MODS}){_UNTIL}")
def _modify_yours(m, line):
    return _modify({"pick": "each", "side": "yours"}, m)


@phrase(rf"{t.TARGET_DIE} must attack(?: this turn)?")
def _must_attack(m, line):
    selector = t.target_selector(m["side"], m["what"], m["tail"])
    return [{"do": "grant", "to": selector, "keyword": "must_attack"}]


@phrase(
    r"draw (?P<n>a|one|two|three|\d+) dic?e? and (?:place|put) (?:it|them) in(?:to)? your prep area"
)
def _draw_to_prep(m, line):
    return [{"do": "draw", "count": t.number(m["n"])}]


def _self_modify(m, line):
    return _modify({"pick": "this"}, m)


_SELF_GETS = re.compile(rf"(?P<subject>.+?) gets (?P<mods>{_MODS}){_UNTIL}", re.IGNORECASE)


def self_phrases(text: str, line) -> list[dict] | None:
    """Clauses about the card's own die ('Beast gets +1A', 'he gets +2D until end of turn'),
    which need the card's name."""
    match = _SELF_GETS.fullmatch(text)
    name = line.card_name if line is not None else ""
    if match and t.is_self(match["subject"], name):
        return _self_modify(match, line)
    return None


_plain_one = _one


def _one(text: str, line) -> list[dict] | None:  # noqa: F811 (extended with self clauses)
    return _plain_one(text, line) or (self_phrases(text, line) if line is not None else None)


@phrase(rf"deal {_N} damage to {t.TARGET_DIE_FILTERED}")
def _damage_target_filtered(m, line):
    return [{"do": "damage", "to": t.target_selector_from(m), "amount": t.number(m["n"])}]


@phrase(rf"(?:KO|knock out) {t.TARGET_DIE_FILTERED}")
def _ko_target_filtered(m, line):
    return [{"do": "ko", "to": t.target_selector_from(m)}]


@phrase(rf"reroll {t.TARGET_DIE_FILTERED}")
def _reroll_target(m, line):
    return [{"do": "reroll", "to": t.target_selector_from(m)}]


@phrase(r"prep (?P<n>a|one|two|three|\d+) dic?e? from your bag")
def _prep_from_bag(m, line):
    return [{"do": "draw", "count": t.number(m["n"])}]


# Continuous clauses (while active): which of your dice get what.
_YOUR_DICE = (
    r"your (?P<other>other )?(?:(?P<token>\[[A-Za-z0-9]+\]) )?"
    r"(?P<what>character dice|characters|sidekick dice|sidekicks|sidekick characters"
    r"|sidekick character dice)"
)


def static_effects(text: str, line=None) -> list[dict] | None:
    """'your Sidekicks get +1A and +1D', 'your other [DCV] character dice get +1D',
    'character dice you control get +1D': continuous A/D of each matching die of yours."""
    match = re.fullmatch(rf"(?:{_YOUR_DICE}|character dice you control) get (?P<mods>{_MODS})",
                         text.strip(), re.IGNORECASE)  # fmt: skip
    if not match:
        return None
    selector = {"pick": "each", "side": "yours"}
    what = (match["what"] or "").lower()
    if what.startswith("sidekick"):
        selector["what"] = "sidekick"
    if match["other"]:
        selector["other"] = True
    if match["token"]:
        selector.update(t.token_filter(match["token"]))
    return _modify(selector, match)


@phrase(
    r"draw (?P<n>a|one|two|three|\d+) dic?e? from your bag and (?:add|put|place) (?:it|them) "
    r"(?:to|in|into) your prep area"
)
def _draw_from_bag_to_prep(m, line):
    return [{"do": "draw", "count": t.number(m["n"])}]


@phrase(
    r"draw and roll (?P<n>a|one|two|three|four|\d+) dic?e?"
    r"|draw (?P<m>a|one|two|three|four|\d+) dic?e?(?: from your bag)?,? and roll (?:it|them)"
)
def _draw_and_roll(m, line):
    return [{"do": "draw", "count": t.number(m["n"] or m["m"]), "into": "reserve"}]


@phrase(rf"target monster (?:gets )?(?P<mods>{_MODS}){_UNTIL}")
def _modify_monster(m, line):
    return _modify({"pick": "target"}, m)


@phrase(r"target monster must attack(?: this turn)?")
def _monster_must_attack(m, line):
    return [{"do": "grant", "to": {"pick": "target"}, "keyword": "must_attack"}]


@phrase(
    rf"spin (?:each|all) (?P<whose>opposing|your other|your) character dice (?P<way>up|down) "
    rf"{_N} levels?"
)
def _spin_each(m, line):
    selector = {"pick": "each", "side": "opposing" if m["whose"] == "opposing" else "yours"}
    if m["whose"].lower() == "your other":
        selector["other"] = True
    levels = t.number(m["n"]) * (1 if m["way"].lower() == "up" else -1)
    return [{"do": "spin", "to": selector, "levels": levels}]


@phrase(rf"each player loses {_N} life")
def _each_player_loses(m, line):
    return [{"do": "lose_life", "player": "each", "amount": t.number(m["n"])}]
