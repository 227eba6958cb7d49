"""The effect queue (R13.3) and trigger collection.

Events from each step are matched against triggered abilities. Simultaneous triggers enter the
queue with the active player's first, in the order that player chooses, then the inactive
player's in theirs; with two or more for one player the engine asks for the order (an
`order` line). Effects triggered while another resolves wait at the back: first triggered,
first resolved. An effect in progress resolves fully; only prevent/redirect abilities
interrupt it (R13.4, rules.engine.effects.interrupts). An effect resolves even if its source
left the Field meanwhile. "The first time" limits are checked per card (R13.5).

Engine steps that must be able to wait for answers (combat damage, with its interrupts) are
queued too, under keys 'engine.<name>' registered in ENGINE_EFFECTS.
"""

from collections.abc import Callable
from dataclasses import dataclass

from rules.engine import abilities, query
from rules.engine.abilities import Ability, TriggerContext
from rules.engine.actions import Order
from rules.engine.events import Event
from rules.engine.state import (
    Request,
    Zone,
    replace,
)
from rules.engine.txn import NeedAnswer, Txn
from rules.engine.verdicts import reject

ENGINE_EFFECTS: dict[str, Callable] = {}  # 'engine.<name>' -> resolve(ctx)


@dataclass(frozen=True, slots=True)
class QueuedEffect:
    """An effect waiting to resolve. `label` is how a log names it in an `order` line."""

    id: int
    ability: str  # '<card key>.<ability name>' or 'engine.<name>'
    controller: str
    card: str = ""
    source: str = ""  # the die whose ability it is
    event: Event | None = None
    answers: tuple = ()
    label: str = ""
    bursts: int = 0
    then: tuple[tuple[str, str], ...] = ()  # (die, zone) moves once it has resolved
    rule: str = "R13.3"
    times: int = 1  # uses of a global paid for in one batch, resolving as one effect (R10.3)


def engine_effect(name: str):
    def register(function):
        ENGINE_EFFECTS[f"engine.{name}"] = function
        return function

    return register


def find_ability(txn: Txn, key: str) -> Ability | None:
    return abilities.ability(txn.cards, key)


# -- collecting triggers -------------------------------------------------------------------
def collect(txn: Txn, events: list[Event]) -> list[QueuedEffect]:
    """The triggered abilities these events set off, in event order (not yet queued)."""
    state, cards = txn.state, txn.cards
    if not abilities.in_play(state, cards):
        return []
    found: list[QueuedEffect] = []
    for event in events:
        found += _die_triggers(txn, event)
        for holder, card in abilities.holders(state, cards):
            for entry in card.abilities:
                card_wide = entry.kind == "triggered" and entry.subject == "card"
                if (
                    card_wide
                    and not entry.interrupt
                    and entry.trigger == event.kind
                    and _fires(txn, entry, event, holder, card.key, None)
                ):
                    found.append(_trigger(entry, card.key, holder, "", event))
        for effect, entry in abilities.lasting(state, cards):
            if entry.trigger == event.kind and not entry.interrupt:
                card_key = effect.ability.split(".")[0]
                if _fires(txn, entry, event, effect.holder, card_key, None):
                    found.append(_trigger(entry, card_key, effect.holder, effect.subject, event))
    return _apply_limits(txn, found)


def _die_triggers(txn: Txn, event: Event) -> list[QueuedEffect]:
    """'When this die …' abilities of the event's die, held by its controller (R13.8): its
    card's, or the card it copies (R15.3: a whole die, or its abilities as well)."""
    if not event.die:
        return []
    die = txn.state.die(event.die)
    if die is None:
        return []
    holder = die.controller if die.controller in ("P1", "P2") else die.owner
    found = []
    for card in query.ability_cards(txn.cards, die):
        found += [
            _trigger(entry, card.key, holder, die.id, event)
            for entry in card.abilities
            if entry.kind == "triggered"
            and entry.subject == "self"
            and entry.trigger == event.kind
            and not entry.interrupt
            and _fires(txn, entry, event, holder, card.key, die)
        ]
    return found


def _fires(txn: Txn, entry: Ability, event: Event, holder: str, card: str, die) -> bool:
    if entry.while_active and not abilities.is_active(txn.state, card, holder):
        return False
    if entry.condition is None:
        return True
    return bool(entry.condition(TriggerContext(txn.state, txn.cards, event, holder, card, die)))


def _trigger(entry: Ability, card: str, holder: str, source: str, event: Event) -> QueuedEffect:
    return QueuedEffect(
        0, f"{card}.{entry.name}", holder, card, source, event, label=source or f"{holder}:{card}"
    )


def _apply_limits(txn: Txn, found: list[QueuedEffect]) -> list[QueuedEffect]:
    """'Once per turn' and 'the first time' (R13.5: per card, not per die) limits."""
    kept, used = [], set(txn.state.used_limits)
    for trigger in found:
        entry = find_ability(txn, trigger.ability)
        if entry is not None and entry.limit:
            per_die = entry.limit == "once_per_turn_per_die"
            key = f"{trigger.ability}@{trigger.controller}" + (
                f"/{trigger.source}" if per_die else ""
            )
            if key in used:
                continue
            used.add(key)
        kept.append(trigger)
    if len(used) != len(txn.state.used_limits):
        txn.update(used_limits=frozenset(used))
        txn.cite("R13.5")
    return kept


# -- queueing ------------------------------------------------------------------------------
def enqueue(txn: Txn, triggers: list[QueuedEffect]) -> None:
    """Queue simultaneous triggers: the active player's group first, then the inactive
    player's; a group of two or more waits for its player's order (R13.3)."""
    pending = list(txn.state.unordered) + triggers
    for player in (txn.state.active, txn.state.inactive):
        group = [t for t in pending if t.controller == player]
        if not group:
            continue
        if len(group) > 1:
            labels = _labels(group)
            group = [replace(t, label=label) for t, label in zip(group, labels, strict=True)]
            rest = [t for t in pending if t.controller != player]
            txn.update(unordered=tuple(group + rest))
            txn.update(
                pending=Request(
                    "order",
                    player,
                    f"{player} orders simultaneous effects: {', '.join(labels)}",
                    options=tuple(labels),
                )
            )
            return
        _append(txn, group)
        pending = [t for t in pending if t.controller != player]
    txn.update(unordered=())


def _labels(group: list[QueuedEffect]) -> list[str]:
    """Each trigger's name in an `order` line: its source, made unique with the ability."""
    labels = [t.label for t in group]
    if len(set(labels)) == len(labels):
        return labels
    labels = [f"{t.label}.{t.ability.split('.', 1)[1]}" for t in group]
    if len(set(labels)) == len(labels):
        return labels
    return [f"{label}#{n}" for n, label in enumerate(labels, start=1)]


def _append(txn: Txn, triggers: list[QueuedEffect]) -> None:
    queued = []
    for trigger in triggers:
        number = txn.new_id()
        queued.append(replace(trigger, id=number))
        txn.emit(
            "effect_queued",
            f"{trigger.label}: {_describe(txn, trigger)} waits to resolve",
            rule="R13.3",
            player=trigger.controller,
            die=trigger.source,
        )
    txn.update(queue=(*txn.state.queue, *queued))


def push_front(txn: Txn, entry: QueuedEffect) -> None:
    """Queue an effect to resolve next (an action die's effect, a global's, combat damage)."""
    txn.update(queue=(replace(entry, id=txn.new_id()), *txn.state.queue))


def _describe(txn: Txn, trigger: QueuedEffect) -> str:
    entry = find_ability(txn, trigger.ability)
    card = txn.cards.get(trigger.card)
    name = card.name if card else trigger.card
    return f"{name}: {entry.text}" if entry is not None and entry.text else name


def apply_order(txn: Txn, action: Order) -> None:
    pending = txn.state.pending
    if pending is None or pending.kind != "order" or pending.player != action.player:
        reject("R13.3", f"There are no simultaneous effects for {action.player} to order now.")
    from rules.engine.effects.context import expand

    labels = tuple(expand(label, pending.options, action.player) for label in action.labels)
    action = replace(action, labels=labels)
    if sorted(action.labels) != sorted(pending.options):
        reject("R13.3", f"Order each of {', '.join(pending.options)} exactly once.")
    group = {t.label: t for t in txn.state.unordered if t.controller == action.player}
    rest = [t for t in txn.state.unordered if t.controller != action.player]
    _append(txn, [group[label] for label in action.labels])
    txn.update(pending=None, unordered=())
    txn.emit(
        "effect_queued",
        f"{action.player} ordered {', '.join(action.labels)}",
        rule="R13.3",
        player=action.player,
    )
    if rest:
        enqueue(txn, rest)


# -- resolving -----------------------------------------------------------------------------
def resolve_next(txn: Txn) -> Request | None:
    """Resolve the effect at the front of the queue; a Request if it waits for an answer."""
    from rules.engine.effects.context import EffectContext

    entry = txn.state.queue[0]
    ctx = EffectContext(txn.state, txn.cards, entry)
    try:
        _run(ctx, entry)
    except NeedAnswer as need:
        return need.request
    if ctx._used_answers < len(entry.answers):
        reject("R13.3", f"{entry.label} did not ask for this: nothing more was to be chosen.")
    txn.state = ctx.state
    txn.events += ctx.events
    txn.cite(*ctx.rules)
    txn.update(queue=tuple(e for e in txn.state.queue if e.id != entry.id))
    for die_id, zone in entry.then:
        if txn.state.die(die_id) is not None:
            txn.move(die_id, Zone(zone))
    return None


def _run(ctx, entry: QueuedEffect) -> None:
    if entry.ability in ENGINE_EFFECTS:
        ENGINE_EFFECTS[entry.ability](ctx)
        return
    ability = find_ability(ctx, entry.ability)
    if ability is None or ability.resolve is None:
        ctx.emit(
            "manual",
            f"{entry.label}: not automated; enter its effect as judge adjustments",
            rule="J1",
            manual=True,
            player=entry.controller,
            die=entry.source,
        )
        return
    if ability.optional and not ctx.may(
        f"{entry.controller} may resolve {entry.label}: {ability.text or ability.name}"
    ):
        ctx.emit(
            "effect_resolved",
            f"{entry.label}: {entry.controller} chose not to",
            rule="R13.3",
            player=entry.controller,
        )
        return
    ability.resolve(ctx)
    batch = f" as one effect for {entry.times} uses" if entry.times > 1 else ""
    ctx.emit(
        "effect_resolved",
        f"{entry.label} resolved{batch}",
        rule=entry.rule,
        player=entry.controller,
        die=entry.source,
        amount=entry.times if entry.times > 1 else 0,
    )
    if entry.times > 1 and not ctx.times_read:
        # The card's script resolves one use: the rest of the batch is the judge's to enter.
        ctx.emit(
            "manual",
            f"{entry.label} was paid for {entry.times} times in one batch but its automated "
            "effect counts one use: enter the rest of that one effect as judge adjustments",
            rule="J1",
            manual=True,
            player=entry.controller,
        )


def answer(txn: Txn, action) -> None:
    """Give the waiting effect the next answer it asked for."""
    pending = txn.state.pending
    if pending.player != action.player:
        reject("R13.3", f"The game waits for {pending.player}: {pending.text}")
    entry = next(e for e in txn.state.queue if e.id == pending.entry)
    updated = replace(entry, answers=(*entry.answers, action))
    txn.update(
        queue=tuple(updated if e.id == entry.id else e for e in txn.state.queue), pending=None
    )
