"""Trigger events of the `self_tail` family (rules/abilities/templates/self_tail.py), named in
rules.abilities.trigger_events (EXTRA_TRIGGERS), whose tests live here.

- `stl_kos` (and `stl_kos_sidekick`, `stl_kos_non_sidekick`, `stl_kos_blocker`): one of this
  card's dice KOs a character die with its combat damage. Read as: a die KO'd in the combat
  KO step (R11.5) that was engaged with this card's die alone: a die blocking it (a blocker is
  dealt damage by the attacker it blocks only, R11.4), or the attacker it was the only
  blocker of. With another blocker beside it, which of them KO'd the attacker is not known:
  nothing fires (the weaker reading, T5.1). A KO'd die no longer says what it was engaged
  with, so each die of the card remembers its engaged dice when blockers are declared (its
  own 'blocks' / 'blocked' event, a lasting effect until the end of the turn: the abilities
  ENCODING_ABILITIES adds to a card using these triggers). The KO'd die's card filters (a
  Sidekick or not) read it as it was (rules.abilities.watchers.as_it_was).
- `stl_dealt`: one of this card's dice deals combat damage (R11.4), to a die or a player
  (the engine's 'damaged' and 'player_damaged' events, the second one an ability
  ENCODING_ABILITIES adds). A die deals its combat damage once (all of it at the same time,
  R11.4), so one blocked die damaging two blockers fires once: the effect resolves once per
  die per turn (`once_per_source`).
"""

from dataclasses import replace

from rules.abilities.extensions import SELECTOR, effect_schema
from rules.engine.abilities import Ability, TriggerContext
from rules.engine.state import Zone

_ENGAGED = "stl_engaged"
_KOS = ("stl_kos", "stl_kos_sidekick", "stl_kos_non_sidekick", "stl_kos_blocker")


def event_holds(when: str, tc: TriggerContext) -> bool:
    """Whether the engine event is this trigger's (rules.abilities.trigger_events)."""
    event = tc.event
    if when == "stl_dealt":
        return _dealt_by_this_card(tc)
    if event.rule != "R11.5":
        return False
    marks = [
        e
        for e in tc.state.effects
        if e.ability == f"{tc.card}.{_ENGAGED}" and e.holder == tc.holder and event.die in e.params
    ]
    if not marks:
        return False
    kod = tc.state.die(event.die)
    if kod is None:
        return False
    if when == "stl_kos_sidekick":
        return kod.is_sidekick
    if when == "stl_kos_non_sidekick":
        return not kod.is_sidekick and not kod.is_token
    if when == "stl_kos_blocker":
        return any(mark.params[0] == "blocked" for mark in marks)
    return True


def _dealt_by_this_card(tc: TriggerContext) -> bool:
    event = tc.event
    if event.rule != "R11.4" or not event.other:
        return False
    source = tc.state.die(event.other)
    return source is not None and source.card == tc.card and source.controller == tc.holder


def once_per_source(resolve):
    """The effect of `stl_dealt`, once per dealing die per turn: the die's damage to several
    targets is one dealing of combat damage (R11.4)."""

    def resolve_once(ctx) -> None:
        key = f"{ctx.card}.stl_dealt@{ctx.holder}/{ctx.event.other}"
        if key in ctx.state.used_limits:
            return
        ctx.update(used_limits=ctx.state.used_limits | {key})
        resolve(ctx)

    return resolve_once


# -- what a card using these triggers needs beside its spec ---------------------------------------
def _remember_engaged(ctx) -> None:
    """This die's engaged dice, as blockers are declared (R11.2): a blocker remembers the
    attacker it blocks when it is that attacker's only blocker; an attacker remembers its
    blockers (each is engaged with it alone). The first param says which side this die is."""
    die = ctx.state.die(ctx.source)
    if die is None or die.zone != Zone.ATTACK:
        return
    if die.blocking:
        blockers = [d for d in ctx.state.dice if d.blocking == die.blocking]
        if len(blockers) == 1:
            ctx.last(f"{ctx.card}.{_ENGAGED}", subject=die.id, params=("blocks", die.blocking))
        return
    blockers = tuple(d.id for d in ctx.state.dice if d.blocking == die.id)
    if blockers:
        ctx.last(f"{ctx.card}.{_ENGAGED}", subject=die.id, params=("blocked", *blockers))


def _kos_abilities(card, encoding) -> tuple[Ability, ...]:
    whens = {spec["when"] for spec in encoding.get("abilities", ())}
    if not whens & set(_KOS):
        return ()
    return (
        Ability(
            "stl_engaged_blocks",
            "triggered",
            "remembers the attacker this die blocks",
            trigger="blocks",
            resolve=_remember_engaged,
        ),
        Ability(
            "stl_engaged_blocked",
            "triggered",
            "remembers the dice blocking this die",
            trigger="blocked",
            resolve=_remember_engaged,
            limit="once_per_turn_per_die",  # all pairs are declared at once (R11.2)
        ),
        Ability(_ENGAGED, "lasting", "the dice engaged with this die"),
    )


def _dealt_to_player(card, encoding) -> tuple[Ability, ...]:
    """The twin of each `stl_dealt` ability: combat damage to a player (an unblocked attacker,
    Overcrush), with the same effects, once per die per turn with it."""
    from rules.abilities import runtime, trigger_events
    from rules.abilities.describe import describe_spec

    twins = []
    for index, spec in enumerate(encoding.get("abilities", ())):
        if spec["when"] != "stl_dealt":
            continue
        built = trigger_events.ability(
            spec,
            index,
            describe_spec(spec),
            runtime._resolver(spec, "stl_dealt"),
            runtime._trigger_condition(spec),
        )
        twins.append(replace(built, name=f"stl_dealt_player{index}", trigger="player_damaged"))
    return tuple(twins)


ENCODING_ABILITIES = {"stl_kos": _kos_abilities, "stl_dealt_player": _dealt_to_player}


# -- conditions of the card's own cost ------------------------------------------------------------
def _opponent_energy(test, state, cards, *, holder, this=None, card="") -> bool:
    """The opponent's Reserve Pool shows at least `n` energy (symbols: a double counts 2, a
    generic face its number, R6.2), whatever the type."""
    from rules.engine.state import other

    shown = sum(
        d.face.symbols for d in state.zone(other(holder), Zone.RESERVE) if d.face is not None
    )
    return shown >= test["n"]


def _opponent_prep(test, state, cards, *, holder, this=None, card="") -> bool:
    from rules.engine.state import other

    return len(state.zone(other(holder), Zone.PREP)) >= test["n"]


CONDITIONS = {
    # `n` is the core condition's own field
    "stl_opponent_energy": ({}, _opponent_energy),
    "stl_opponent_prep": ({}, _opponent_prep),
}
CONDITION_TEXT = {
    "stl_opponent_energy": lambda test: (
        f"your opponent has at least {test['n']} energy in their Reserve Pool"
    ),
    "stl_opponent_prep": lambda test: (
        f"your opponent has at least {test['n']} dice in their Prep Area"
    ),
}


# -- effects --------------------------------------------------------------------------------------
def _damage_taken(ctx, effect, bursts, scope=None):
    """Damage equal to what the triggering damage did (the event's amount: after any
    prevention, R13.4) to the dice or player `to` picks."""
    from rules.abilities import runtime

    amount = ctx.event.amount if ctx.event is not None and ctx.event.kind == "damaged" else 0
    if amount <= 0:
        return
    damage = {"do": "damage", "to": effect["to"], "amount": amount}
    runtime.EFFECT_RUNNERS["damage"](ctx, damage, bursts, scope)


def _kod_die_to(ctx, effect, bursts, scope=None):
    """The die this die KO'd (the trigger's event) goes from its owner's Prep Area to their
    Used Pile or bag instead (the KO put it there, R11.5)."""
    die = ctx.state.die(ctx.event.die) if ctx.event is not None else None
    if die is None or die.zone != Zone.PREP:
        return
    zone = Zone.BAG if effect["into"] == "bag" else Zone.USED
    ctx.move(die.id, zone)
    ctx.emit(
        "moved",
        f"{die.id}, KO'd, went to its owner's {'bag' if zone == Zone.BAG else 'Used Pile'}",
        rule="R13.7",
        die=die.id,
        player=die.owner,
    )


EFFECT_SCHEMAS = {
    "stl_damage_taken": effect_schema("stl_damage_taken", ["to"], to=SELECTOR),
    "stl_kod_die_to": effect_schema("stl_kod_die_to", ["into"], into={"enum": ["used", "bag"]}),
}
EFFECT_RUNNERS = {"stl_damage_taken": _damage_taken, "stl_kod_die_to": _kod_die_to}


def _damage_taken_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    return f"deal damage equal to the damage this die took to {describe_selector(effect['to'])}"


EFFECT_TEXT = {
    "stl_damage_taken": _damage_taken_text,
    "stl_kod_die_to": lambda effect: (
        "the KO'd die goes to its owner's "
        + ("bag" if effect["into"] == "bag" else "Used Pile")
        + " instead of the Prep Area"
    ),
}
