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

from rules.abilities import scripts
from rules.abilities import selectors as sel
from rules.abilities.describe import describe_effects, describe_selector, describe_spec
from rules.abilities.vocabulary import TRIGGER_EVENTS, validate
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
    if not built and merged == card.keywords:
        return card
    return replace(card, abilities=(*card.abilities, *built), keywords=merged)


def build_abilities(card: CardDef, encoding: Mapping[str, Any]) -> tuple[Ability, ...]:
    validate(encoding)
    built = list(_damage_stoppers(encoding))  # what 'deals no damage' effects need
    for index, spec in enumerate(encoding.get("abilities", ())):
        built.append(_ability(card, spec, index))
    return tuple(built)


def _ability(card: CardDef, spec: Mapping[str, Any], index: int) -> Ability:
    when = spec["when"]
    text = describe_spec(spec)
    limit = spec.get("limit", "")
    if when == "while_active":
        return Ability(
            f"static{index}",
            "static",
            text,
            while_active=True,
            continuous=_continuous(spec),
        )
    resolve = _resolver(spec, when)
    if when in TRIGGER_EVENTS:
        return Ability(
            f"{when}{index}",
            "triggered",
            text,
            trigger=TRIGGER_EVENTS[when],
            condition=_trigger_condition(spec),
            resolve=resolve,
            optional=bool(spec.get("optional")),
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

    def has_target(q: Query) -> bool:
        return all(sel.dice(q.state, q.cards, s, holder=q.holder, card=q.card) for s in wanted)

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
        run_effects(ctx, effects_for(spec, bursts), bursts=bursts, kind=when)

    return resolve


class Scope:
    """What one resolution remembers between its effects: the dice the last effect picked
    (for 'it'), and the kind of ability (a global's targets obey 'can't target' abilities)."""

    def __init__(self, kind: str):
        self.kind = kind
        self.picked: list[str] = []


def run_effects(ctx, effects, *, bursts: int = 0, kind: str = "") -> None:
    scope = Scope(kind)
    for effect in effects:
        EFFECT_RUNNERS[effect["do"]](ctx, effect, bursts, scope)


def _amount(ctx, value, bursts) -> int:
    this = ctx.state.die(ctx.source) if ctx.source else None
    return sel.amount(
        value, ctx.state, ctx.cards, holder=ctx.holder, this=this, card=ctx.card, bursts=bursts
    )


def pick(ctx, selector, effect_text: str, scope: Scope | None = None) -> list[str]:
    """The dice (ids) or players a selector means now; asks the holder for targets. No
    valid target: the effect does nothing (the weaker reading, T5.1). 'it': the dice the
    previous effect picked, still in the game."""
    if selector["pick"] == "player":
        return sel.players(selector, ctx.holder)
    if selector["pick"] == "it":
        return [d for d in (scope.picked if scope else []) if ctx.state.die(d) is not None]
    found = [
        d.id
        for d in sel.dice(
            ctx.state, ctx.cards, selector, holder=ctx.holder, source=ctx.source, card=ctx.card
        )
    ]
    if selector["pick"] in ("each", "this"):
        return _remember(scope, found)
    if scope is not None and scope.kind == "global":
        found = [d for d in found if not _cant_target(ctx, d)]
    if selector.get("or_player"):
        side = "opposing" if selector["or_player"] == "opposing" else "any"
        found += sel.players({"side": side}, ctx.holder)  # 'target player': either one
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


def _cant_target(ctx, die_id: str) -> bool:
    """A static ability forbids a global to target this die (R13.7)."""
    from rules.engine.abilities import restriction

    die = ctx.state.die(die_id)
    return bool(
        restriction(ctx.state, ctx.cards, "target", die=die, player=ctx.holder, params=("global",))
    )


def _damage(ctx, effect, bursts, scope=None):
    amount = _amount(ctx, effect["amount"], bursts)
    for target in pick(ctx, effect["to"], f"deal {amount} damage", scope):
        ctx.damage(target, amount)


def _ko(ctx, effect, bursts, scope=None):
    for target in pick(ctx, effect["to"], "KO", scope):
        ctx.ko(target)


def _spin(ctx, effect, bursts, scope=None):
    levels = effect["levels"]
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
        die = ctx.die(target)
        text = f"{die.controller} rerolls {target}"
        answer = ctx.ask(Request("roll", die.controller, text, options=(target,)), Roll)
        faces = dict(answer.faces)
        if target not in faces:
            from rules.engine.verdicts import reject

            reject("R14.1", f"Say how {target} landed.")
        dice_ops.reroll(ctx, target, faces[target], source=ctx.label)


def _draw(ctx, effect, bursts, scope=None):
    count = _amount(ctx, effect["count"], bursts)
    zone = Zone.RESERVE if effect.get("into") == "reserve" else Zone.PREP
    for player in sel.players({"side": effect.get("player", "yours")}, ctx.holder):
        ctx.draw(player, count, to=zone)


def _modify(ctx, effect, bursts, scope=None):
    sign = effect.get("sign", 1)
    attack = sign * _amount(ctx, effect.get("attack", 0), bursts)
    defense = sign * _amount(ctx, effect.get("defense", 0), bursts)
    for target in pick(ctx, effect["to"], describe_effects([effect]), scope):
        ctx.modify(target, attack, defense)


def _grant(ctx, effect, bursts, scope=None):
    for target in pick(ctx, effect["to"], f"give {effect['keyword']}", scope):
        ctx.grant(target, effect["keyword"])


def _gain_life(ctx, effect, bursts, scope=None):
    amount = _amount(ctx, effect["amount"], bursts)
    for player in sel.players({"side": effect.get("player", "yours")}, ctx.holder):
        ctx.gain_life(player, amount)


def _lose_life(ctx, effect, bursts, scope=None):
    amount = _amount(ctx, effect["amount"], bursts)
    for player in sel.players({"side": effect.get("player", "opposing")}, ctx.holder):
        ctx.lose_life(player, amount)


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
    "spin_either": lambda ctx, effect, bursts, scope=None: _spin_either(ctx, effect, scope),
    "no_damage": lambda ctx, effect, bursts, scope=None: _no_damage(ctx, effect, bursts, scope),
}


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
        if q.die is None or q.stat not in ("attack", "defense", "keyword"):
            return
        if not sel.condition(spec.get("if"), q.state, q.cards, holder=q.holder, card=q.card):
            return
        source = q.cards[q.card].name if q.card in q.cards else q.card
        for effect in spec["effects"]:
            keyword_query = q.stat == "keyword"
            if keyword_query != (effect["do"] == "grant"):
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
