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
from rules.abilities.vocabulary import CARD_TRIGGER_EVENTS, TRIGGER_EVENTS, validate
from rules.engine.abilities import Ability, Contribution, Query, TriggerContext
from rules.engine.actions import Roll
from rules.engine.effects import dice as dice_ops
from rules.engine.faces import CardDef, parse_cost
from rules.engine.state import Request


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
    built = []
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
    if when == "static":  # from the team, whether a die is active or not
        return Ability(f"static{index}", "static", text, continuous=_continuous(spec))
    resolve = _resolver(spec, when)
    if when in CARD_TRIGGER_EVENTS:
        return _card_trigger(spec, index, text, resolve)
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
    wanted = [e["to"] for e in spec["effects"] if "to" in e and e["to"]["pick"] == "target"]
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
    if selector["pick"] == "event":  # the die the card-wide trigger's event is about
        from rules.engine.state import IN_FIELD

        die = ctx.state.die(ctx.event.die) if ctx.event is not None and ctx.event.die else None
        return _remember(scope, [die.id] if die is not None and die.zone in IN_FIELD else [])
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
    for player in sel.players({"side": effect.get("player", "yours")}, ctx.holder):
        ctx.draw(player, count)


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


def _draw_and_roll(ctx, effect, bursts, scope=None):
    from rules.engine.state import Zone

    ctx.draw(ctx.holder, _amount(ctx, effect["count"], bursts), to=Zone.RESERVE)


def _prep_from_used(ctx, effect, bursts, scope=None):
    """One of the holder's Used Pile dice of a matching card (a Sidekick only for a Sidekick
    selector) to the Prep Area; none there: nothing (T5.1)."""
    from rules.engine.state import Zone

    selector = effect["of"]
    found = [
        d.id
        for d in ctx.state.zone(ctx.holder, Zone.USED)
        if (d.is_sidekick and selector.get("what") == "sidekick")
        or (d.card and sel.card_matches(ctx.cards, selector, d.card, card=ctx.card))
    ]
    if not found:
        return
    prompt = f"move {describe_selector({**selector, 'pick': 'target'})} to your Prep Area"
    for die_id in ctx.choose(prompt, found, count=1):
        ctx.prep(die_id)


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
}
EFFECT_RUNNERS["draw_and_roll"] = _draw_and_roll
EFFECT_RUNNERS["prep_from_used"] = _prep_from_used


# -- continuous (while active) ---------------------------------------------------------------
def _continuous(spec):
    """Contributions to the stat query layer: +A/+D and keywords of each matching die."""

    def contributions(q: Query):
        if q.stat == "prevent":
            yield from _prevented(spec, q)
            return
        if q.stat == "purchase_cost":
            yield from _cost(spec, q)
            return
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


# -- card-wide triggers and damage prevention --------------------------------------------------
def _card_trigger(spec, index: int, text: str, resolve) -> Ability:
    """'When you field a Sidekick' / 'when one of your character dice is KO'd' / 'when you use
    an action die' / 'when you take damage': a triggered ability of the card (not of one
    die), working while one of its dice is active (R13.1); "of" filters the event's die, and
    a player event must be the holder's."""
    when = spec["when"]
    test = spec.get("if")

    def check(tc: TriggerContext) -> bool:
        event = tc.event
        if when == "action_used" and spec.get("of") is not None:
            die = tc.state.die(event.die) if event.die else None
            if die is None or not sel.event_die_matches(
                tc.state, tc.cards, spec["of"], die, holder=tc.holder, card=tc.card
            ):
                return False  # whose action die: 'an opponent uses', 'an action die is used'
        elif when in ("action_used", "you_damaged") and event.player != tc.holder:
            return False
        if when == "energize" and not _rolled_double(tc):
            return False
        if when in ("any_fielded", "any_kod", "any_attacks"):
            die = tc.state.die(event.die) if event.die else None
            if not sel.event_die_matches(
                tc.state, tc.cards, spec.get("of"), die, holder=tc.holder, card=tc.card
            ):
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


def _prevented(spec, q: Query):
    """All the damage about to be dealt to a matching die (from a matching character die,
    if the effect says which) is prevented: a static prevention (R13.4)."""
    if q.die is None or not q.amount:
        return
    if not sel.condition(
        spec.get("if"), q.state, q.cards, holder=q.holder, this=q.die, card=q.card
    ):
        return
    source = q.cards[q.card].name if q.card in q.cards else q.card
    for effect in spec["effects"]:
        if effect["do"] != "prevent_damage":
            continue
        if not sel.matches(q.state, q.cards, effect["to"], q.die, holder=q.holder, card=q.card):
            continue
        wanted = effect.get("from")
        if wanted is not None and (
            q.other is None
            or not sel.matches(q.state, q.cards, wanted, q.other, holder=q.holder, card=q.card)
        ):
            continue
        yield Contribution("prevent", q.amount, source)
        return


def _cost(spec, q: Query):
    """The holder's purchase of a matching card costs less (R7.3 keeps it at 1 or more)."""
    if q.player != q.holder or not q.params:
        return
    if not sel.condition(spec.get("if"), q.state, q.cards, holder=q.holder, card=q.card):
        return
    source = q.cards[q.card].name if q.card in q.cards else q.card
    for effect in spec["effects"]:
        if effect["do"] != "purchase_cost":
            continue
        if not sel.card_matches(q.cards, effect["to"], q.params[0], card=q.card):
            continue
        less = sel.amount(effect["less"], q.state, q.cards, holder=q.holder, card=q.card)
        if less:
            yield Contribution("purchase_cost", -less, source)


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
