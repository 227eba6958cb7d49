"""Effects of the `event_triggers_more` family (rules/abilities/templates/event_triggers_more.py):
what a die's own trigger does to that same die once it has left the Field, or to the dice
engaged with it.

- `kod_return` (`level`): 'When NAME is KO'd, return him to the Field Zone at level 1'. The
  KO'd die (the trigger's own die) goes from its owner's Prep Area to the Field at that level.
  Returning a die to the Field is not fielding it (R8.2): no 'when fielded' trigger, no cost.
  If it is no longer in the Prep Area when the ability resolves (moved elsewhere meanwhile, a
  token that ceased to exist), nothing happens (T5.1).
- `bought_to_prep`: 'When NAME is purchased, add him to your Prep Area'. The die just bought
  goes from its owner's Used Pile to the Prep Area; if it is no longer in the Used Pile (Suit
  Up moved it to the Field), nothing happens.
- `damage_blockers` (`amount`): 'When NAME is blocked, deal 1 damage to each character die
  blocking it': each die blocking the ability's own die when the ability resolves.

Condition `engaged_with_die` (`of`, a selector): the ability's own die blocks a die the
selector means, or is an attacker blocked by at least one such die ('When NAME blocks a
Villain', 'When NAME blocks, or is blocked by, a non-[DCV] character die'). Blockers are
declared all at once (R11.2), so when the trigger is checked every engagement is known.
Condition `in_attack_step`: the game is in the attack step ('takes damage in the attack step');
`opponents_turn`: it is the turn of the holder's opponent (the while_triggers_more family's
"during an opponent's turn" reads it too).
"""

from dataclasses import replace

from rules.abilities import selectors as sel
from rules.abilities.extensions import AMOUNT, SELECTOR, effect_schema
from rules.engine.effects.dice import character_card_levels
from rules.engine.state import Step, Zone

EFFECT_SCHEMAS = {
    "kod_return": effect_schema(
        "kod_return", ["level"], level={"type": "integer", "minimum": 1, "maximum": 3}
    ),
    "bought_to_prep": effect_schema("bought_to_prep", []),
    "damage_blockers": effect_schema("damage_blockers", ["amount"], amount=AMOUNT),
}


def _own_die(ctx, zone: Zone):
    """The ability's own die, if it is in its owner's `zone` (else None)."""
    die = ctx.state.die(ctx.source) if ctx.source else None
    if die is None or die.zone != zone or die.owner != ctx.holder:
        return None
    return die


def _kod_return(ctx, effect, bursts, scope=None) -> None:
    die = _own_die(ctx, Zone.PREP)
    if die is None:
        return  # it has left the Prep Area (or ceased to exist): nothing to return
    levels = character_card_levels(ctx, die)
    level = effect["level"]
    if not 0 < level <= len(levels):
        return
    ctx.put(replace(die, zone=Zone.FIELD, face=levels[level - 1], controller=die.owner))
    ctx.emit(
        "moved",
        f"{die.id} returned to the Field at level {level}, not fielded ({ctx.label})",
        rule="R8.2",
        die=die.id,
        player=die.owner,
    )


def _bought_to_prep(ctx, effect, bursts, scope=None) -> None:
    die = _own_die(ctx, Zone.USED)
    if die is None:
        return
    ctx.move(die.id, Zone.PREP)
    ctx.emit(
        "moved",
        f"{die.id} moved from the Used Pile to the Prep Area ({ctx.label})",
        rule="R13.3",
        die=die.id,
        player=ctx.holder,
    )


def _damage_blockers(ctx, effect, bursts, scope=None) -> None:
    from rules.abilities.runtime import _amount

    if not ctx.source:
        return
    amount = _amount(ctx, effect["amount"], bursts, scope)
    blockers = [d.id for d in ctx.state.dice if d.blocking == ctx.source and d.zone == Zone.ATTACK]
    for blocker in blockers:
        ctx.damage(blocker, amount)
    if scope is not None:
        scope.picked = blockers


def _describe_kod_return(effect) -> str:
    return f"return this die from the Prep Area to the Field Zone at level {effect['level']}"


def _describe_bought_to_prep(effect) -> str:
    return "move this die from the Used Pile to your Prep Area"


def _describe_damage_blockers(effect) -> str:
    from rules.abilities.describe import describe_amount

    amount = effect["amount"]
    if isinstance(amount, dict):
        return f"deal damage equal to {describe_amount(amount)} to each character die blocking it"
    return f"deal {amount} damage to each character die blocking it"


EFFECT_RUNNERS = {
    "kod_return": _kod_return,
    "bought_to_prep": _bought_to_prep,
    "damage_blockers": _damage_blockers,
}
EFFECT_TEXT = {
    "kod_return": _describe_kod_return,
    "bought_to_prep": _describe_bought_to_prep,
    "damage_blockers": _describe_damage_blockers,
}


def _engaged_with(test, state, cards, *, holder, this=None, card="") -> bool:
    if this is None:
        return False
    wanted = {**test["of"], "pick": "each"}
    if this.blocking:
        engaged = [state.die(this.blocking)]
    else:
        engaged = [d for d in state.dice if d.blocking == this.id]
    return any(
        die is not None
        and sel.matches(state, cards, wanted, die, holder=holder, source=this.id, card=card)
        for die in engaged
    )


def _describe_engaged_with(test) -> str:
    from rules.abilities.describe import describe_selector

    dice = describe_selector({**test["of"], "pick": "each"}).removeprefix("all ")
    return f"this die blocks or is blocked by one of the {dice}"


def _in_attack_step(test, state, cards, *, holder, this=None, card="") -> bool:
    """'in (during) the attack step': attackers declared, blockers, the window or damage."""
    return state.step in (Step.ATTACKERS, Step.BLOCKERS, Step.WINDOW, Step.DAMAGE)


CONDITIONS = {
    "engaged_with_die": ({"of": SELECTOR}, _engaged_with),
    "in_attack_step": ({}, _in_attack_step),
    "opponents_turn": (
        {},
        lambda test, state, cards, *, holder, this=None, card="": state.active != holder,
    ),
}
CONDITION_TEXT = {
    "engaged_with_die": _describe_engaged_with,
    "in_attack_step": lambda test: "it is the attack step",
    "opponents_turn": lambda test: "it is your opponent's turn",
}
