"""Effects of the `combat_globals` family (rules/abilities/templates/combat_globals.py).

- `cg_prevent` (`to`: one target, a character die or a player; `amount`): 'Prevent 3 damage to
  target character die': a prevention shield (R13.4) on the die or player picked, lasting until
  the end of the turn (R13.1) or until it has stopped `amount` damage, whichever comes first.
  The card's interrupt (`ENCODING_ABILITIES`) stops damage about to be dealt to a shielded die
  or player, from any source, combat or not, up to what the shield has left; several shields
  on one die are used one after the other. Read this way because the line names neither a
  source nor a time: the shield waits for the next damage this turn (the damage is not yet
  being dealt when a global is used).
"""

from dataclasses import replace

from rules.abilities.extensions import SELECTOR, effect_schema
from rules.engine.abilities import Ability

_PREVENT = "cg_prevent"

EFFECT_SCHEMAS = {
    "cg_prevent": effect_schema(
        "cg_prevent",
        ["to", "amount"],
        to=SELECTOR,
        amount={"type": "integer", "minimum": 1, "maximum": 20},
    ),
}


def _prevent(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    amount = effect["amount"]
    for target in runtime.pick(ctx, effect["to"], f"prevent {amount} damage", scope):
        ctx.last(f"{ctx.card}.{_PREVENT}", subject=target, params=(amount,))


def _uses(effects, name: str) -> bool:
    """Whether `name` is among the effects, or among effects nested in one of them."""
    return any(e["do"] == name or _uses(e.get("effects", ()), name) for e in effects)


def _shields(state, card: str, target: str) -> list:
    key = f"{card}.{_PREVENT}"
    return [
        e
        for e in state.effects
        if e.ability == key and e.subject == target and e.params and e.params[0] > 0
    ]


def _prevent_abilities(card, encoding) -> list:
    """The interrupt spending this card's prevention shields on damage about to be dealt."""
    used = any(
        _uses(effects, _PREVENT)
        for spec in encoding.get("abilities", ())
        for effects in (spec["effects"], *(v["effects"] for v in spec.get("bursts", {}).values()))
    )
    if not used:
        return []

    def shielded(tc) -> bool:
        return bool(_shields(tc.state, tc.card, tc.event.target))

    def spend(ctx) -> None:
        pending = ctx.pending_damage
        for shield in _shields(ctx.state, ctx.card, pending.target):
            if pending.amount <= 0:
                break
            stopped = min(shield.params[0], pending.amount)
            ctx.prevent(stopped)
            left = shield.params[0] - stopped
            effects = list(ctx.state.effects)
            index = effects.index(shield)
            if left:
                effects[index] = replace(shield, params=(left,))
            else:
                del effects[index]
            ctx.update(effects=tuple(effects))

    text = "damage prevented by a shield this turn"
    return [Ability(_PREVENT, "static", text, interrupt=True, condition=shielded, resolve=spend)]


ENCODING_ABILITIES = {"cg_prevent": _prevent_abilities}

EFFECT_RUNNERS = {"cg_prevent": _prevent}


def _prevent_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    return (
        f"prevent the next {effect['amount']} damage dealt to {describe_selector(effect['to'])}"
        " this turn"
    )


EFFECT_TEXT = {"cg_prevent": _prevent_text}
