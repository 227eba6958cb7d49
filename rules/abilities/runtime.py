"""Turn an encoding into the engine's `Ability` values (rules.engine.abilities): the engine
only ever sees Abilities, so a replay plays encoded and scripted cards alike, and never
branches on a card.

- a triggered spec ('when fielded' ...) becomes a triggered Ability on the event of the same
  name, for the card's own dice;
- 'while_active' becomes a static Ability whose `continuous` hook answers the stat query
  layer (A, D, keywords): never a flag on a die;
- 'global' / 'activated' / 'action' become the Ability the engine runs when the global, the
  die's ability or the action die is used; burst variants read the bursts shown.
"""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.abilities import extensions, scripts, statics, trigger_events, watchers
from rules.abilities import selectors as sel
from rules.abilities.describe import describe_effects, describe_selector, describe_spec
from rules.abilities.vocabulary import (
    CARD_TRIGGER_EVENTS,
    STATIC_TRIGGERS,
    TRIGGER_EVENTS,
    validate,
)
from rules.engine.abilities import Ability, Contribution, Query, TriggerContext
from rules.engine.actions import Roll
from rules.engine.effects import dice as dice_ops
from rules.engine.faces import CardDef, parse_cost
from rules.engine.state import Request, Zone


def with_encoding(card: CardDef, encoding: Mapping[str, Any] | None) -> CardDef:
    """The card with the abilities its encoding (and any registered script) describes."""
    built = build_abilities(card, encoding) if encoding else ()
    for name in (encoding or {}).get("scripts", ()):
        built += scripts.build(name, card)
    keywords = tuple(encoding.get("keywords", ())) if encoding else ()
    merged = tuple(dict.fromkeys((*card.keywords, *keywords)))
    suit_up = tuple(dict.fromkeys((*card.suit_up, *(encoding or {}).get("suit_up", ()))))
    if not built and merged == card.keywords and suit_up == card.suit_up:
        return card
    return replace(card, abilities=(*card.abilities, *built), keywords=merged, suit_up=suit_up)


def build_abilities(card: CardDef, encoding: Mapping[str, Any]) -> tuple[Ability, ...]:
    validate(encoding)
    built = list(_damage_stoppers(encoding))  # what 'deals no damage' effects need
    for index, spec in enumerate(encoding.get("abilities", ())):
        built.append(_ability(card, spec, index))
    built += _keyword_abilities(card, encoding)
    return tuple(built) + _restricting(encoding)


def _keyword_abilities(card: CardDef, encoding: Mapping[str, Any]) -> list[Ability]:
    """The abilities of the encoding's keywords that extensions build (KEYWORD_ABILITIES:
    {keyword: build(card) -> tuple[Ability, ...]}), and those an extension's effects need
    besides their spec's own (ENCODING_ABILITIES: {name: build(card, encoding) -> tuple}),
    rules/abilities/extensions/."""
    builders = extensions.merged("KEYWORD_ABILITIES")
    found = [a for k in encoding.get("keywords", ()) if k in builders for a in builders[k](card)]
    for build in extensions.merged("ENCODING_ABILITIES").values():
        found += build(card, encoding)
    return found


def _ability(card: CardDef, spec: Mapping[str, Any], index: int) -> Ability:
    when = spec["when"]
    text = describe_spec(spec)
    limit = spec.get("limit", "")
    if when in ("while_active", "static"):
        return Ability(
            f"static{index}",
            "static",
            text,
            while_active=when == "while_active",
            continuous=_continuous(spec),
            restrict=statics.restrictor(spec),
        )
    resolve = _resolver(spec, when)
    if watchers.is_watcher(spec):
        return watchers.watcher(spec, index, text, resolve)
    if when in CARD_TRIGGER_EVENTS:
        return _card_trigger(spec, index, text, resolve)
    if when in trigger_events.EXTRA_TRIGGERS:
        return trigger_events.ability(spec, index, text, resolve, _trigger_condition(spec))
    if when == "spun_up":  # this die spun up one or more levels (Awaken)
        condition = _trigger_condition(spec)
        return Ability(
            f"{when}{index}",
            "triggered",
            text,
            trigger="spun",
            condition=lambda tc: tc.event.amount > 0 and (condition is None or condition(tc)),
            resolve=resolve,
            optional=bool(spec.get("optional")),
            limit=spec.get("limit", ""),
        )
    if when in TRIGGER_EVENTS:
        return Ability(
            f"{when}{index}",
            "triggered",
            text,
            trigger=TRIGGER_EVENTS[when],
            condition=_trigger_condition(spec),
            resolve=trigger_events.paid(spec, resolve),
            optional=bool(spec.get("optional")) and "cost" not in spec,
            limit=limit,
        )
    if when == "global":
        return Ability(
            spec.get("global", "global"),
            "global",
            text,
            resolve=resolve,
            cost=parse_cost(spec["cost"]),
            limit=limit,
            has_target=_has_target(spec),
        )
    if when == "activated":
        return Ability(
            f"ability{index}",
            "activated",
            text,
            resolve=resolve,
            cost=parse_cost(spec["cost"]),
            limit=limit,
            has_target=_has_target(spec),
        )
    return Ability("action", "action", text, resolve=resolve)


# -- triggered, global, action -------------------------------------------------------------
def _trigger_condition(spec):
    test = spec.get("if")
    if test is None:
        return None

    def check(tc: TriggerContext) -> bool:
        return sel.condition(test, tc.state, tc.cards, holder=tc.holder, this=tc.die, card=tc.card)

    return check


def _has_target(spec):
    """A global or ability with a mandatory target can't be used without one (R10.3)."""
    wanted = [
        e["to"]
        for e in spec["effects"]
        if "to" in e and e["to"]["pick"] == "target" and not e["to"].get("or_player")
    ]
    if not wanted:
        return None

    kind = "global" if spec["when"] == "global" else "ability"

    def has_target(q: Query) -> bool:
        return all(
            any(
                statics.targetable(q.state, q.cards, d.id, q.holder, kind)
                for d in sel.dice(q.state, q.cards, s, holder=q.holder, card=q.card)
            )
            for s in wanted
        )

    return has_target


def shown_bursts(ctx, when: str) -> int:
    """The bursts of an action die used, or the face of the ability's own die."""
    if when == "action":
        return ctx.bursts
    die = ctx.state.die(ctx.source) if ctx.source else None
    if die is None or die.face is None or not die.face.is_character:
        return 0
    return die.face.bursts


def effects_for(spec: Mapping[str, Any], bursts: int) -> list:
    """The base effects, or a burst variant's instead of or as well as them."""
    variant = spec.get("bursts", {}).get(str(bursts)) if bursts else None
    if variant is None:
        return list(spec["effects"])
    if variant["mode"] == "instead":
        return list(variant["effects"])
    return [*spec["effects"], *variant["effects"]]


def _resolver(spec, when):
    def resolve(ctx) -> None:
        bursts = shown_bursts(ctx, when)
        this = ctx.state.die(ctx.source) if ctx.source else None
        if when in ("global", "action", "activated") and not sel.condition(
            spec.get("if"), ctx.state, ctx.cards, holder=ctx.holder, this=this, card=ctx.card
        ):
            return
        effects = effects_for(spec, bursts)
        times = 1
        if when == "global" and any(e["do"] in SCALABLE for e in effects):
            # A batch of uses paid at once resolves as one effect (R10.3): amounts scale.
            times = getattr(ctx, "times", 1)
        run_effects(ctx, effects, bursts=bursts, kind=when, times=times)

    return resolve


# Effects whose size a batch of a global's uses multiplies (R10.3); the others (a KO, a
# keyword, a target picked) resolve once, and the engine tells the judge about the rest.
SCALABLE = frozenset({"damage", "modify", "gain_life", "lose_life", "draw", "spin"})


class Scope:
    """What one resolution remembers between its effects: the dice the last effect picked
    (for 'it'; None before any effect picked), and the kind of ability."""

    def __init__(self, kind: str, times: int = 1):
        self.kind = kind
        self.times = times  # uses of a global paid in one batch (R10.3)
        self.picked: list[str] | None = None


def run_effects(ctx, effects, *, bursts: int = 0, kind: str = "", times: int = 1) -> None:
    scope = Scope(kind, times)
    for effect in effects:
        EFFECT_RUNNERS[effect["do"]](ctx, effect, bursts, scope)


def _amount(ctx, value, bursts, scope=None) -> int:
    this = ctx.state.die(ctx.source) if ctx.source else None
    found = sel.amount(
        value, ctx.state, ctx.cards, holder=ctx.holder, this=this, card=ctx.card, bursts=bursts
    )
    return found * (scope.times if scope is not None else 1)


def pick(ctx, selector, effect_text: str, scope: Scope | None = None) -> list[str]:
    """The dice (ids) or players a selector means now; asks the holder for targets. No
    valid target: the effect does nothing (the weaker reading, T5.1). 'it': the dice the
    previous effect picked, still in the game."""
    if selector["pick"] == "player":
        found = sel.players(selector, ctx.holder)
        if "count" in selector and len(found) > 1:  # 'target player': the holder chooses one
            return list(ctx.choose(f"{effect_text}: choose target player", found, count=1))
        return found
    if selector["pick"] == "it":
        if scope is None or scope.picked is None:  # the first effect: the trigger's own die
            return _remember(scope, watchers.that(ctx, selector))
        return [d for d in scope.picked if ctx.state.die(d) is not None]
    if selector["pick"] == "that":
        return _remember(scope, watchers.that(ctx, selector))
    found = [
        d.id
        for d in sel.dice(
            ctx.state, ctx.cards, selector, holder=ctx.holder, source=ctx.source, card=ctx.card
        )
    ]
    if selector["pick"] in ("each", "this"):
        return _remember(scope, found)
    kind = statics.targeting_kind(ctx)  # 'can't be targeted by ...' (R13.7)
    found = [d for d in found if statics.targetable(ctx.state, ctx.cards, d, ctx.holder, kind)]
    if selector.get("or_player"):  # '... or player' (either one) / '... or opponent'
        side = "opposing" if selector["or_player"] == "opposing" else "any"
        found += sel.players({"side": side}, ctx.holder)
    if not found:
        return []
    count = min(selector.get("count", 1), len(found))
    minimum = 0 if selector["pick"] == "up_to" else count
    prompt = f"{effect_text}: choose {describe_selector(selector)}"
    return _remember(scope, list(ctx.choose(prompt, found, count=count, minimum=minimum)))


def _remember(scope: Scope | None, picked: list[str]) -> list[str]:
    if scope is not None:
        scope.picked = picked
    return picked


def _damage(ctx, effect, bursts, scope=None):
    amount = _amount(ctx, effect["amount"], bursts, scope)
    for target in pick(ctx, effect["to"], f"deal {amount} damage", scope):
        ctx.damage(target, amount)


def _ko(ctx, effect, bursts, scope=None):
    for target in pick(ctx, effect["to"], "KO", scope):
        ctx.ko(target)


def _spin(ctx, effect, bursts, scope=None):
    levels = effect["levels"] * (scope.times if scope is not None else 1)
    for target in pick(ctx, effect["to"], "spin", scope):
        for _ in range(abs(levels)):  # one level at a time, stopping at the top or bottom
            if not ctx.spin(target, 1 if levels > 0 else -1):
                break


def _prep(ctx, effect, bursts, scope=None):
    for target in pick(ctx, effect["to"], "prep", scope):
        ctx.prep(target)


def _send_to_used(ctx, effect, bursts, scope=None):
    for target in pick(ctx, effect["to"], "send to the Used Pile", scope):
        ctx.send_to_used(target)


def _capture(ctx, effect, bursts, scope=None):
    for target in pick(ctx, effect["to"], "capture", scope):
        ctx.capture(target)


def _reroll(ctx, effect, bursts, scope=None):
    """Reroll dice: how each lands is a recorded input, as for any roll (R14.1)."""
    for target in pick(ctx, effect["to"], "reroll", scope):
        reroll_one(ctx, target)


def reroll_one(ctx, target: str) -> None:
    """Reroll one die; its controller says how it landed (a recorded input, R14.1)."""
    die = ctx.die(target)
    text = f"{die.controller} rerolls {target}"
    answer = ctx.ask(Request("roll", die.controller, text, options=(target,)), Roll)
    faces = dict(answer.faces)
    if target not in faces:
        from rules.engine.verdicts import reject

        reject("R14.1", f"Say how {target} landed.")
    dice_ops.reroll(ctx, target, faces[target], source=ctx.label)


def _draw(ctx, effect, bursts, scope=None):
    count = _amount(ctx, effect["count"], bursts, scope)
    zone = Zone.RESERVE if effect.get("into") == "reserve" else Zone.PREP
    for player in sel.players({"side": effect.get("player", "yours")}, ctx.holder):
        ctx.draw(player, count, to=zone)


def _modify(ctx, effect, bursts, scope=None):
    sign = effect.get("sign", 1)
    attack = sign * _amount(ctx, effect.get("attack", 0), bursts, scope)
    defense = sign * _amount(ctx, effect.get("defense", 0), bursts, scope)
    for target in pick(ctx, effect["to"], describe_effects([effect]), scope):
        ctx.modify(target, attack, defense)


def _grant(ctx, effect, bursts, scope=None):
    for target in pick(ctx, effect["to"], f"give {effect['keyword']}", scope):
        ctx.grant(target, effect["keyword"])


def _gain_life(ctx, effect, bursts, scope=None):
    amount = _amount(ctx, effect["amount"], bursts, scope)
    for player in sel.players({"side": effect.get("player", "yours")}, ctx.holder):
        ctx.gain_life(player, amount)


def _lose_life(ctx, effect, bursts, scope=None):
    amount = _amount(ctx, effect["amount"], bursts, scope)
    for player in sel.players({"side": effect.get("player", "opposing")}, ctx.holder):
        ctx.lose_life(player, amount)


def _restrict(ctx, effect, bursts, scope=None):
    """Each die picked can't attack / block / be blocked until the end of the turn: a lasting
    effect whose restriction (R13.7) names the die (the card's 'restrict_<action>' ability,
    _restricting). A static 'can't' is rules.abilities.statics.restrictor."""
    action = effect["action"]
    for target in pick(ctx, effect["to"], f"can't {action.replace('_', ' ')}", scope):
        ctx.last(f"{ctx.card}.restrict_{action}", subject=target)


def _restrictions_in(effects) -> set[str]:
    """The actions of the `restrict` effects among `effects`, nested ones included (a 'can't
    block this turn' inside '... unless your opponent pays 2 life')."""
    found = set()
    for effect in effects:
        if effect["do"] == "restrict":
            found.add(effect["action"])
        found |= _restrictions_in(effect.get("effects", ()))
    return found


def _restricting(encoding) -> tuple[Ability, ...]:
    """The lasting abilities the card's restrictions this turn start (not the static ones)."""
    wanted = {
        action
        for spec in encoding.get("abilities", ())
        if spec["when"] not in STATIC_TRIGGERS
        for effects in (spec["effects"], *(v["effects"] for v in spec.get("bursts", {}).values()))
        for action in _restrictions_in(effects)
    }
    return tuple(
        Ability(
            f"restrict_{action}",
            "lasting",
            f"can't {action.replace('_', ' ')} this turn",
            restrict=_restricted(action),
        )  # fmt: skip
        for action in sorted(wanted)
    )


def _restricted(action: str):
    """The restrict hook of a lasting 'can't': a lasting effect's query has the die it is
    about first in params (as a card ability, with no params, it forbids nothing). 'Can't be
    blocked' is asked about the blocker, with the attacker as `other`."""
    actions = ("attack", "block") if action == "attack_or_block" else (action,)

    def restrict(q: Query) -> str | None:
        if not q.params:
            return None
        if q.stat in actions and q.die is not None and q.die.id == q.params[0]:
            return f"{q.die.id} can't {q.stat} this turn ({q.card})"
        blocked = q.other is not None and q.other.id == q.params[0]
        if "be_blocked" in actions and q.stat == "block" and blocked:
            return f"{q.other.id} can't be blocked this turn ({q.card})"
        return None

    return restrict


def _script(ctx, effect, bursts, scope=None):
    scripts.effect_script_fn(effect["name"])(ctx, bursts)


EFFECT_RUNNERS = {
    "damage": _damage,
    "ko": _ko,
    "spin": _spin,
    "prep": _prep,
    "send_to_used": _send_to_used,
    "capture": _capture,
    "reroll": _reroll,
    "draw": _draw,
    "modify": _modify,
    "grant": _grant,
    "gain_life": _gain_life,
    "lose_life": _lose_life,
    "script": _script,
    "restrict": _restrict,
    "spin_either": lambda ctx, effect, bursts, scope=None: _spin_either(ctx, effect, scope),
    "no_damage": lambda ctx, effect, bursts, scope=None: _no_damage(ctx, effect, bursts, scope),
}
EFFECT_RUNNERS.update(trigger_events.EFFECT_RUNNERS)  # control, from_used
EFFECT_RUNNERS.update(extensions.merged("EFFECT_RUNNERS", EFFECT_RUNNERS))


def _no_damage(ctx, effect, bursts, scope=None) -> None:
    """Each die picked deals no damage (or no combat damage) this turn: a lasting effect about
    the die, which the card's interrupt (below) sees when that die's damage is about to be
    dealt, and prevents (R13.4)."""
    name = "no_combat_damage" if effect.get("combat_only") else "no_damage"
    for target in pick(ctx, effect["to"], "deal no damage this turn", scope):
        ctx.last(f"{ctx.card}.{name}", subject=target)


def _damage_stoppers(encoding) -> tuple[Ability, ...]:
    names = {
        "no_combat_damage" if effect.get("combat_only") else "no_damage"
        for spec in encoding.get("abilities", ())
        for effects in (spec["effects"], *(v["effects"] for v in spec.get("bursts", {}).values()))
        for effect in effects
        if effect["do"] == "no_damage"
    }
    return tuple(_damage_stopper(name) for name in sorted(names))


def _damage_stopper(name: str) -> Ability:
    def stops(tc: TriggerContext) -> bool:
        pending = tc.event
        if name == "no_combat_damage" and not pending.combat:
            return False
        key = f"{tc.card}.{name}"
        return any(e.ability == key and e.subject == pending.source for e in tc.state.effects)

    def prevent_all(ctx) -> None:
        ctx.prevent()

    text = "deals no combat damage this turn" if "combat" in name else "deals no damage this turn"
    return Ability(name, "static", text, interrupt=True, condition=stops, resolve=prevent_all)


def _spin_either(ctx, effect, scope=None) -> None:
    """Spin each picked die up or down (the holder's answer, one per die), one level at a
    time, stopping at its top or bottom level."""
    for target in pick(ctx, effect["to"], "spin up or down", scope):
        way = ctx.choose(f"spin {target} up or down", ("up", "down"))[0]
        for _ in range(effect["levels"]):
            if not ctx.spin(target, 1 if way == "up" else -1):
                break


# -- continuous (while active) ---------------------------------------------------------------
def _continuous(spec):
    """Contributions to the stat query layer: +A/+D and keywords of each matching die."""

    def contributions(q: Query):
        if q.stat in statics.COST_STATS:
            yield from statics.cost_contributions(spec, q)
            return
        if q.stat == "prevent":
            yield from statics.prevent_contributions(spec, q)
            return
        if q.die is None or q.stat not in ("attack", "defense", "keyword"):
            return
        # Only a spec with an effect on this stat reads its condition: a condition counting
        # Sidekicks asks for keywords (Ally), which must not ask this spec again.
        wanted = "grant" if q.stat == "keyword" else "modify"
        if not any(e["do"] == wanted for e in spec["effects"]):
            return
        if not sel.condition(spec.get("if"), q.state, q.cards, holder=q.holder, card=q.card):
            return
        source = q.cards[q.card].name if q.card in q.cards else q.card
        for effect in spec["effects"]:
            keyword_query = q.stat == "keyword"
            if keyword_query != (effect["do"] == "grant"):
                continue
            if effect["do"] not in ("modify", "grant") or not statics.holds(effect, q.die):
                continue
            if not sel.matches(
                q.state,
                q.cards,
                effect["to"],
                q.die,
                holder=q.holder,
                card=q.card,
                printed_sidekick=keyword_query,
            ):
                continue
            if effect["do"] == "grant" and q.stat == "keyword":
                yield Contribution("keyword", 0, source, effect["keyword"])
            elif effect["do"] == "modify" and q.stat in effect:
                value = sel.amount(
                    effect[q.stat], q.state, q.cards, holder=q.holder, this=q.die, card=q.card
                )
                yield Contribution(q.stat, effect.get("sign", 1) * value, source)

    return contributions


# -- card-wide triggers beyond the watchers ---------------------------------------------------
def _card_trigger(spec, index: int, text: str, resolve) -> Ability:
    """'When you take damage' (while one of the card's dice is active, R13.1) and Energize
    (one of the card's dice rolled on a double energy face, from the team): a triggered
    ability of the card, not of one die. Other events of any die or player are watchers
    (rules.abilities.watchers)."""
    when = spec["when"]
    test = spec.get("if")

    def check(tc: TriggerContext) -> bool:
        if when == "you_damaged" and tc.event.player != tc.holder:
            return False
        if when == "energize" and not _rolled_double(tc):
            return False
        return sel.condition(test, tc.state, tc.cards, holder=tc.holder, card=tc.card)

    return Ability(
        f"{when}{index}",
        "triggered",
        text,
        trigger=CARD_TRIGGER_EVENTS[when],
        subject="card",
        while_active=when != "energize",
        condition=check,
        resolve=resolve,
        optional=bool(spec.get("optional")),
        limit=spec.get("limit", ""),
    )


def _rolled_double(tc: TriggerContext) -> bool:
    """One of the holder's dice of this card, just rolled, shows a double energy face."""
    for die_id in tc.event.dice:
        die = tc.state.die(die_id)
        if die is None or die.card != tc.card or die.controller != tc.holder:
            continue
        face = die.face
        if face is not None and face.is_energy and len(face.energy) == 2 and not face.generic:
            return True
    return False
