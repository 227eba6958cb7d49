"""Continuous effects of the `while_tail` family (rules/abilities/templates/while_tail.py),
answered through the engine's stat query layer, never per-card flags:

- `wt_pay_life`: `player` ('opposing' or 'any', R13.8) pays `amount` life `for` a game
  action while the card is active: 'reroll' (the Roll and Reroll Step's reroll, once however
  many dice are rerolled), 'declare_blockers' (once, when declaring at least one blocker) or
  'block' (for each blocking die `to` means). Answered to the 'life_to_<for>' question
  (rules.engine.query.life_to, about the blocker for 'block'); paying life is not damage
  (R12.4).
"""

from collections.abc import Mapping
from typing import Any

from rules.abilities.extensions import SELECTOR, effect_schema

EFFECT_SCHEMAS = {
    "wt_pay_life": effect_schema(
        "wt_pay_life",
        ["amount", "player", "for"],
        amount={"type": "integer", "minimum": 1},
        player={"enum": ["opposing", "any"]},
        to=SELECTOR,
        **{"for": {"enum": ["reroll", "declare_blockers", "block"]}},
    ),
}
STATIC_EFFECTS = dict.fromkeys(EFFECT_SCHEMAS, True)

_FOR_TEXT = {
    "reroll": "to reroll in their Roll and Reroll Step",
    "declare_blockers": "to declare blockers",
}


def _pay_life_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import describe_selector

    who = "your opponents" if effect["player"] == "opposing" else "each player"
    what = _FOR_TEXT.get(effect["for"])
    if what is None:  # 'block': the dice are theirs ('all opposing Mask character dice')
        dice = describe_selector(effect["to"]).removeprefix("all opposing ")
        what = f"for each of their {dice} that blocks"
    return f"{who} pay {effect['amount']} life {what}"


EFFECT_TEXT = {"wt_pay_life": _pay_life_text}


def _answers(effect: Mapping[str, Any], q) -> int:
    """The life one effect asks for in the 'use_life' question `q` (0: none)."""
    from rules.abilities import selectors as sel

    if q.stat != f"life_to_{effect['for']}":
        return 0
    if not q.player or (effect["player"] == "opposing" and q.player == q.holder):
        return 0
    if effect["for"] == "block" and (
        q.die is None
        or not sel.matches(q.state, q.cards, effect["to"], q.die, holder=q.holder, card=q.card)
    ):
        return 0
    return effect["amount"]


def _continuous(spec: Mapping[str, Any]):
    from rules.abilities import selectors as sel
    from rules.engine.abilities import Contribution

    effects = [e for e in spec["effects"] if e["do"] in EFFECT_SCHEMAS]

    def contributions(q):
        found = [n for n in (_answers(e, q) for e in effects) if n]
        if not found:
            return
        if not sel.condition(spec.get("if"), q.state, q.cards, holder=q.holder, card=q.card):
            return
        source = q.cards[q.card].name if q.card in q.cards else q.card
        for amount in found:
            yield Contribution(q.stat, amount, source)

    return contributions


def _abilities(card, encoding: Mapping[str, Any]) -> tuple:
    from rules.abilities.describe import describe_spec
    from rules.engine.abilities import Ability

    built = []
    for index, spec in enumerate(encoding.get("abilities", ())):
        if spec["when"] != "while_active":
            continue
        if not any(e["do"] in EFFECT_SCHEMAS for e in spec["effects"]):
            continue
        built.append(
            Ability(
                f"while_tail{index}",
                "static",
                describe_spec(spec),
                while_active=True,
                continuous=_continuous(spec),
            )
        )
    return tuple(built)


ENCODING_ABILITIES = {"while_tail": _abilities}
