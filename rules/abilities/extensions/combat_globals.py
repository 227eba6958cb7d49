"""Effects of the `combat_globals` family (rules/abilities/templates/combat_globals.py).

- `cg_prevent` (`to`: one target, a character die or a player; `amount`): 'Prevent 3 damage to
  target character die': a prevention shield (R13.4) on the die or player picked, lasting until
  the end of the turn (R13.1) or until it has stopped `amount` damage, whichever comes first.
  The card's interrupt (`ENCODING_ABILITIES`) stops damage about to be dealt to a shielded die
  or player, from any source, combat or not, up to what the shield has left; several shields
  on one die are used one after the other. Read this way because the line names neither a
  source nor a time: the shield waits for the next damage this turn (the damage is not yet
  being dealt when a global is used).
- `cg_untargetable` (`kinds`: what may not target, of 'global' / 'action' / 'ability'):
  'Your character dice can't be the target of Action Dice or Global Abilities' in a global:
  until the end of the turn (R13.1), the holder's character dice can't be targeted by those
  kinds of effect, whoever's (R13.7: 'can't' beats 'can'). A lasting mark on the holder
  (`cg_untargetable_mark`) is read by the card's restriction (`ENCODING_ABILITIES`), so dice
  fielded after the global are covered too (the text names all the holder's character dice).

- `cg_switch_ad` (`to`): 'Switch the A and D values of one of your characters': each die
  picked gets, until the end of the turn, +(D - A)A and +(A - D)D, its attack and defense as
  they are when the effect resolves (the stat query layer's values) exchanged. Read as one
  modification made then (T5.1): a later change to the die's printed stats (a spin) is not
  switched again.

- `cg_each_field_sidekicks` (`count`, `up_to`): 'Each player may field up to 2 Sidekick dice
  from their Used Pile' / 'each player must field a [PAWN] from their Used Pile if able': each
  player in turn, the active player first (R13.3), chooses that many of their own Sidekick dice
  in their Used Pile (up to that many with `up_to`, else as many as they have up to the count)
  and fields them free at level 1 ('when fielded' triggers, R8.2). Fielding is their own
  choice, not a target.

Also the trigger that makes a die with Range granted by a global (`grant` of range_N in a
global's effects: 'Pay [B]. Target character gets Range 1') shoot when it attacks:
keywords_more's own volley (one per attack for all the player's dice with Range), fired by an
attacking die of the holder's that has Range while its own card prints none (a printed Range
fires itself), as named_statics does for the while-active grant.

Condition `cg_you_attack`: it is the holder's turn and one of their dice is attacking (the
global 'Pay [F] when you attack': from the declaration of attackers to the end of the attack
step). As with the globals families' 'on your turn', a global used when the condition fails
does nothing (its cost is still paid).
"""

from dataclasses import replace

from rules.abilities.extensions import SELECTOR, effect_schema
from rules.engine.abilities import Ability
from rules.engine.state import Zone

_PREVENT = "cg_prevent"
_UNTARGETABLE = "cg_untargetable"
_MARK = "cg_untargetable_mark"  # the lasting effect's name: no ability has it (R13.1 mark)
KINDS = ("global", "action", "ability")

EFFECT_SCHEMAS = {
    "cg_prevent": effect_schema(
        "cg_prevent",
        ["to", "amount"],
        to=SELECTOR,
        amount={"type": "integer", "minimum": 1, "maximum": 20},
    ),
    "cg_each_field_sidekicks": effect_schema(
        "cg_each_field_sidekicks",
        ["count", "up_to"],
        count={"type": "integer", "minimum": 1, "maximum": 5},
        up_to={"type": "boolean"},
    ),
    "cg_switch_ad": effect_schema("cg_switch_ad", ["to"], to=SELECTOR),
    "cg_untargetable": effect_schema(
        "cg_untargetable",
        ["kinds"],
        kinds={
            "type": "array",
            "items": {"enum": list(KINDS)},
            "minItems": 1,
            "uniqueItems": True,
        },
    ),
}


def _prevent(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    amount = effect["amount"]
    for target in runtime.pick(ctx, effect["to"], f"prevent {amount} damage", scope):
        ctx.last(f"{ctx.card}.{_PREVENT}", subject=target, params=(amount,))


def _untargetable(ctx, effect, bursts, scope=None):
    ctx.last(f"{ctx.card}.{_MARK}", subject=ctx.holder, params=tuple(effect["kinds"]))


def _switch_ad(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    for target in runtime.pick(ctx, effect["to"], "switch A and D", scope):
        die = ctx.state.die(target)
        if die is None or not die.is_character:
            continue
        attack, defense = ctx.attack(die), ctx.defense(die)
        if attack != defense:
            ctx.modify(target, attack=defense - attack, defense=attack - defense)


def _each_field_sidekicks(ctx, effect, bursts, scope=None):
    active = ctx.state.active
    for player in (active, "P2" if active == "P1" else "P1"):
        used = [d.id for d in ctx.state.zone(player, Zone.USED) if d.card is None]
        count = min(effect["count"], len(used))
        if count == 0:
            continue
        minimum = 0 if effect["up_to"] else count
        prompt = (
            f"field {'up to ' if effect['up_to'] else ''}{count} Sidekick dice from your Used Pile"
        )
        for die_id in ctx.choose(prompt, used, count=count, minimum=minimum, player=player):
            ctx.field(die_id, 1)


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


def _untargetable_abilities(card, encoding) -> list:
    """The restriction keeping the marked player's character dice from being targeted."""
    used = any(_uses(spec["effects"], _UNTARGETABLE) for spec in encoding.get("abilities", ()))
    if not used:
        return []

    def restrict(q) -> str | None:
        if q.stat != "target" or q.die is None or not q.params:
            return None
        if not q.die.is_character:
            return None
        kind, key = q.params[0], f"{q.card}.{_MARK}"
        for effect in q.state.effects:
            if (
                effect.ability == key
                and effect.subject == q.die.controller
                and kind in effect.params
            ):
                return f"{q.die.id} can't be the target of {kind} effects this turn"
        return None

    text = "your character dice can't be targeted this turn"
    return [Ability(_UNTARGETABLE, "static", text, restrict=restrict)]


def _global_range(spec) -> bool:
    return spec["when"] == "global" and any(
        e["do"] == "grant" and e.get("keyword", "").startswith("range_") for e in spec["effects"]
    )


def _range_abilities(card, encoding) -> tuple:
    from rules.abilities.extensions.keywords_more import granted_range

    if not any(_global_range(spec) for spec in encoding.get("abilities", ())):
        return ()
    return (granted_range("cg_granted_range"),)


ENCODING_ABILITIES = {
    "cg_prevent": _prevent_abilities,
    "cg_untargetable": _untargetable_abilities,
    "cg_granted_range": _range_abilities,
}

EFFECT_RUNNERS = {
    "cg_prevent": _prevent,
    "cg_untargetable": _untargetable,
    "cg_switch_ad": _switch_ad,
    "cg_each_field_sidekicks": _each_field_sidekicks,
}


def _you_attack(test, state, cards, holder, this=None, card=None) -> bool:
    return state.active == holder and any(
        d.controller == holder and d.zone == Zone.ATTACK and not d.blocking for d in state.dice
    )


CONDITIONS = {"cg_you_attack": ({}, _you_attack)}
CONDITION_TEXT = {"cg_you_attack": lambda test: "one of your dice is attacking on your turn"}


def _prevent_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    return (
        f"prevent the next {effect['amount']} damage dealt to {describe_selector(effect['to'])}"
        " this turn"
    )


_KIND_WORDS = {"global": "global abilities", "action": "action dice", "ability": "abilities"}


def _untargetable_text(effect) -> str:
    kinds = " or ".join(_KIND_WORDS[k] for k in effect["kinds"])
    return f"your character dice can't be the target of {kinds} this turn"


def _each_field_text(effect) -> str:
    n = effect["count"]
    dice = "1 Sidekick die" if n == 1 else f"{n} Sidekick dice"
    if effect["up_to"]:
        return f"each player may field up to {dice} from their Used Pile at level 1"
    return f"each player fields {dice} from their Used Pile at level 1 (if they have any)"


def _switch_ad_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    return f"switch the attack and defense of {describe_selector(effect['to'])} this turn"


EFFECT_TEXT = {
    "cg_prevent": _prevent_text,
    "cg_untargetable": _untargetable_text,
    "cg_switch_ad": _switch_ad_text,
    "cg_each_field_sidekicks": _each_field_text,
}
