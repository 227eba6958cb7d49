"""Continuous effects of the `while_tail` family (rules/abilities/templates/while_tail.py),
answered through the engine's stat query layer, never per-card flags:

- `wt_pay_life`: `player` ('opposing' or 'any', R13.8) pays `amount` life for one of the
  game actions `for` while the card is active: 'reroll' (the Roll and Reroll Step's reroll,
  once however many dice are rerolled), 'declare_blockers' (once, when declaring at least
  one blocker), 'block' (for each blocking die `to` means), 'field', 'use_action',
  'use_global'; with `once_per_turn` only until they paid it this turn for any of them (the
  engine's turn record 'life_to_<action>:<player>', rules.engine.effects.ops.pay_life_to).
  Answered to the 'life_to_<action>' question (rules.engine.query.life_to, about the die
  for 'block'); paying life is not damage (R12.4).
- `wt_prevent_you`: static prevention (R13.4) of `amount` of each damage to the holder, only
  `damage` 'combat' / 'non_combat' if given, only from a source die `from` means if given:
  the 'prevent' question about a player (`Query.die` None, `Query.other` the source die).
"""

from collections.abc import Mapping
from typing import Any

from rules.abilities.extensions import SELECTOR, effect_schema, while_active_specs

_FOR = ("reroll", "declare_blockers", "block", "field", "use_action", "use_global")
EFFECT_SCHEMAS = {
    "wt_prevent_you": effect_schema(
        "wt_prevent_you",
        ["amount"],
        amount={"type": "integer", "minimum": 1},
        damage={"enum": ["combat", "non_combat"]},
        **{"from": SELECTOR},
    ),
    "wt_pay_life": effect_schema(
        "wt_pay_life",
        ["amount", "player", "for"],
        amount={"type": "integer", "minimum": 1},
        player={"enum": ["opposing", "any"]},
        to=SELECTOR,
        once_per_turn={"const": True},
        **{
            "for": {
                "type": "array",
                "items": {"enum": list(_FOR)},
                "minItems": 1,
                "uniqueItems": True,
            }
        },
    ),
}
STATIC_EFFECTS = dict.fromkeys(EFFECT_SCHEMAS, True)

_FOR_TEXT = {
    "reroll": "to reroll in their Roll and Reroll Step",
    "declare_blockers": "to declare blockers",
    "field": "to field character dice",
    "use_action": "to use action dice",
    "use_global": "to use global abilities",
}


def _pay_life_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import describe_selector

    who = "your opponents" if effect["player"] == "opposing" else "each player"
    if effect["for"] == ["block"]:  # the dice are theirs ('all opposing Mask character dice')
        dice = describe_selector(effect["to"]).removeprefix("all opposing ")
        what = (
            f"to block with their {dice}"
            if effect.get("once_per_turn")
            else (f"for each of their {dice} that blocks")
        )
    else:
        what = " or ".join(_FOR_TEXT[k] for k in effect["for"])
    if effect.get("once_per_turn"):
        return f"{who} pay {effect['amount']} life {what} (once each turn: then no more)"
    return f"{who} pay {effect['amount']} life {what}"


def _prevent_you_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import describe_selector

    kind = {"combat": "combat ", "non_combat": "non-combat "}.get(effect.get("damage", ""), "")
    source = f" from {describe_selector(effect['from'])}" if "from" in effect else ""
    return f"prevent {effect['amount']} of each {kind}damage to you{source}"


EFFECT_TEXT = {"wt_pay_life": _pay_life_text, "wt_prevent_you": _prevent_you_text}


def _answers(effect: Mapping[str, Any], q) -> int:
    """What one effect contributes to the question `q` (0: nothing)."""
    from rules.abilities import selectors as sel

    if effect["do"] == "wt_prevent_you":
        if q.stat != "prevent" or q.die is not None or q.player != q.holder:
            return 0
        if "damage" in effect and (effect["damage"] == "combat") != q.combat:
            return 0
        if "from" in effect:
            from rules.abilities.statics import _source_matches

            if not _source_matches(q, effect["from"], q.other):
                return 0
        return min(effect["amount"], q.amount)

    kinds = effect["for"]
    if not q.stat.startswith("life_to_") or q.stat.removeprefix("life_to_") not in kinds:
        return 0
    paid = {f"life_to_{kind}:{q.player}" for kind in kinds}
    if effect.get("once_per_turn") and paid & q.state.used_limits:
        return 0  # paid this turn: the effect is prevented for the rest of it
    if not q.player or (effect["player"] == "opposing" and q.player == q.holder):
        return 0
    if kinds == ["block"] and (
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
    for index, spec in while_active_specs(encoding, EFFECT_SCHEMAS):
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
