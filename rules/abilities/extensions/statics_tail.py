"""Conditions of the `statics_tail` family (rules/abilities/templates/statics_tail.py):

- `st_all` (`all_of`: a list of conditions): every one holds ('While you have another [AV]
  and another [GG] character active': two counts, both needed).
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


CONDITIONS = {
    "st_all": ({"all_of": {"type": "array", "items": CONDITION, "minItems": 2}}, _all),
}
CONDITION_TEXT = {"st_all": _all_text}
