"""Shared effect phrases: the clause after a trigger ('deal 2 damage to target character
die', 'gain 1 life') as vocabulary effects. Template families combine a trigger pattern with
`effects(text, line)`; a phrase not listed here makes the whole line unrecognised (manual).

Add a phrase with `@phrase(regex)`: the function gets the match and the Line and returns a
list of effects (or None to decline).
"""

import re
from collections.abc import Callable

from rules.abilities import tokens as t

_PHRASES: list[tuple[re.Pattern, Callable]] = []


def phrase(regex: str):
    compiled = re.compile(regex, re.IGNORECASE)

    def register(function):
        _PHRASES.append((compiled, function))
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
            result = function(match, line)
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
