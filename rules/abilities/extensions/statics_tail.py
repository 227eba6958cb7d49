"""Conditions of the `statics_tail` family (rules/abilities/templates/statics_tail.py):

- `st_all` (`all_of`: a list of conditions): every one holds ('While you have another [AV]
  and another [GG] character active': two counts, both needed);
- `st_opponent_reserve` (`energy`, `n`): the holder's opponent has at least `n` of that
  energy in their Reserve Pool, read from the faces shown (a wild is not counted, as
  selectors.reserve_energy reads 'you have [F]').
"""

from collections.abc import Mapping
from typing import Any

from rules.abilities.extensions import CONDITION


def _all(test: Mapping[str, Any], state, cards, *, holder, this=None, card="") -> bool:
    from rules.abilities import selectors as sel

    return all(
        sel.condition(one, state, cards, holder=holder, this=this, card=card)
        for one in test["all_of"]
    )


def _all_text(test: Mapping[str, Any]) -> str:
    from rules.abilities.describe import _counted, describe_condition

    parts = []
    for one in test["all_of"]:
        if one["test"] == "count_at_least" and one["n"] == 1:
            parts.append(f"you have at least one active die among {_counted(one)}")
        else:
            parts.append(describe_condition(one))
    return " and ".join(parts)


def _opponent_reserve(test, state, cards, *, holder, this=None, card="") -> bool:
    from rules.abilities import selectors as sel
    from rules.engine.state import other

    return sel.reserve_energy(state, other(holder), test["energy"]) >= test["n"]


def _opponent_reserve_text(test: Mapping[str, Any]) -> str:
    return f"your opponent has at least {test['n']} {test['energy']} in their Reserve Pool"


CONDITIONS = {
    "st_all": ({"all_of": {"type": "array", "items": CONDITION, "minItems": 2}}, _all),
    # `energy` and `n` are the core condition's own fields
    "st_opponent_reserve": ({}, _opponent_reserve),
}
CONDITION_TEXT = {"st_all": _all_text, "st_opponent_reserve": _opponent_reserve_text}
