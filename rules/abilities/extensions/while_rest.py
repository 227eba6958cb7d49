"""Continuous effects of the `while_rest` family (rules/abilities/templates/while_rest.py),
answered through the engine's stat query layer, never per-card flags:

- `wr_no_damage_from`: static prevention (R13.4) of all damage an opposing effect of one kind
  deals to the holder (`protects` 'you') and / or the holder's character dice ('dice'):
  `ability` 'fielded' (a die's own 'When fielded' ability: a triggered ability on its
  'fielded' event, about its own die), 'global' (a global ability) or 'range' (a Range
  volley, keywords_more's); `from` (optional) the affiliations the source die's card must
  have ('their Villains'); `to` (optional) which of the holder's character dice. The effect
  dealing the damage is the one resolving at the front of the effect queue (R13.3: an effect
  resolves fully from there); the engine's own queued steps (combat damage) are no card's
  ability. Answered to the 'prevent' question.
- `wr_extra_reroll`: one more reroll in the holder's own Roll and Reroll Step (R5.2 allows
  one), once a turn: of any dice, only of action dice (`dice` 'action'), of at most
  `max_dice` dice, or for `life` life (R12.4). Answered to the engine's 'extra_reroll'
  question (rules.engine.query.extra_rerolls): the step stays open after the reroll while
  one is left; an empty reroll or a Main Step action ends it.
- `wr_attack_limit`: at most `max` of the dice `to` means attack together (with
  `per_affiliation`, at most `max` of them sharing each affiliation), answered to the restrict
  hook's 'attackers' question (the whole declaration, `Query.params` the attacking dice,
  R13.7).
- `wr_free_to_field`: the dice `to` means are free to field (their printed fielding cost
  taken off, as the core `cost` effect's `free`) when their face's printed fielding cost is
  `fielding`, or (`card_active`) when their card already has a die of the holder's in the
  Field: the 'fielding' question.
- `wr_keep_one_life`: non-combat damage that would reduce the holder to 0 life or less
  reduces them to 1 instead: the damage above their life minus 1 prevented (R13.4), an
  interrupting prevention (after the static ones and any interrupt before it, so it reads
  the damage as it is then; offered while an effect resolves).
- `wr_first_damage`: the first damage each turn about to be dealt to the holder (`protects`
  'you') or also to one of their character dice ('dice'): `amount` of it prevented, or all of
  it (R13.4, an interrupting prevention: offered while an effect or combat damage resolves);
  `optional` asks the holder first; `unless_life` lets the opponent pay that much life to let
  it through; `per_source`: the first damage from each source (the die or card dealing it)
  each turn; `redirect_spun`: instead one of the card's own dice in the holder's Field (the
  holder picks one if several) spins up that many levels and the damage is redirected to it.
  The turn's record 'wr_first:<holder>:<card>:<ability>[:<source>]' marks it used whatever
  the answer (only the first damage each turn).
- `wr_purchase_damage`: each time the opponent (`by` 'opposing') purchases a die of a kind
  (`what` 'action': an action die, basic or not), the card deals them `amount` damage: a
  card-wide triggered ability on the engine's 'purchased' event while the card is active
  (R13.1).
- `wr_purchase_prep`: the first action die (basic or not) the holder purchases each turn goes
  from their Used Pile to their Prep Area: a card-wide trigger on 'purchased', limited to
  the first time each turn (R13.5).
- `wr_redirect_some`: each time damage is about to be dealt to the holder, they may redirect
  up to `up_to` of it (they pick how much) to one of the card's own dice in their Field (the
  holder picks one if several): an interrupting redirect (R13.4); its source stays the same.
"""

from collections.abc import Mapping
from typing import Any

from rules.abilities.extensions import SELECTOR, effect_schema, while_active_specs

EFFECT_SCHEMAS = {
    "wr_no_damage_from": effect_schema(
        "wr_no_damage_from",
        ["ability", "protects"],
        ability={"enum": ["fielded", "global", "range"]},
        to=SELECTOR,
        protects={
            "type": "array",
            "items": {"enum": ["you", "dice"]},
            "minItems": 1,
            "uniqueItems": True,
        },
        **{"from": SELECTOR},
    ),
    "wr_extra_reroll": effect_schema(
        "wr_extra_reroll",
        [],
        dice={"const": "action"},
        max_dice={"type": "integer", "minimum": 1},
        life={"type": "integer", "minimum": 1},
    ),
    "wr_attack_limit": effect_schema(
        "wr_attack_limit",
        ["to", "max"],
        to=SELECTOR,
        max={"type": "integer", "minimum": 1},
        per_affiliation={"const": True},
    ),
    "wr_free_to_field": effect_schema(
        "wr_free_to_field",
        ["to"],
        to=SELECTOR,
        fielding={"type": "integer", "minimum": 0},
        card_active={"const": True},
    ),
    "wr_keep_one_life": effect_schema("wr_keep_one_life", []),
    "wr_first_damage": effect_schema(
        "wr_first_damage",
        ["protects"],
        protects={
            "type": "array",
            "items": {"enum": ["you", "dice"]},
            "minItems": 1,
            "uniqueItems": True,
        },
        amount={"type": "integer", "minimum": 1},
        optional={"const": True},
        unless_life={"type": "integer", "minimum": 1},
        per_source={"const": True},
        redirect_spun={"type": "integer", "minimum": 1},
    ),
    "wr_purchase_damage": effect_schema(
        "wr_purchase_damage",
        ["by", "what", "amount"],
        by={"const": "opposing"},
        what={"const": "action"},
        amount={"type": "integer", "minimum": 1},
    ),
    "wr_purchase_prep": effect_schema("wr_purchase_prep", ["what"], what={"const": "action"}),
    "wr_redirect_some": effect_schema(
        "wr_redirect_some", ["up_to"], up_to={"type": "integer", "minimum": 1}
    ),
}
STATIC_EFFECTS = dict.fromkeys(EFFECT_SCHEMAS, True)


def _no_damage_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import describe_selector

    kind = {
        "fielded": "'When fielded' abilities",
        "global": "global abilities",
        "range": "Range volleys",
    }
    source = f"your opponents' {kind[effect['ability']]}"
    if "from" in effect:
        dice = describe_selector(effect["from"]).removeprefix("all ")
        source = f"the {kind[effect['ability']]} of your opponents' {dice}"
    dice = "your character dice"
    if "to" in effect:
        dice = describe_selector(effect["to"]).removeprefix("all ")
    to = " or ".join({"you": "you", "dice": dice}[t] for t in effect["protects"])
    return f"prevent all damage {source} deal to {to}"


def _reroll_text(effect: Mapping[str, Any]) -> str:
    dice = "dice"
    if effect.get("dice") == "action":
        dice = "action dice"
    if "max_dice" in effect:
        n = effect["max_dice"]
        dice = f"up to {n} of your dice" if n > 1 else "one of your dice"
    else:
        dice = f"your {dice}"
    paid = f", paying {effect['life']} life," if "life" in effect else ""
    return f"once each turn{paid} you may reroll {dice} one more time in your Roll and Reroll Step"


def _attack_limit_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import describe_selector

    dice = describe_selector(effect["to"]).removeprefix("all ")
    many = "one" if effect["max"] == 1 else str(effect["max"])
    if effect.get("per_affiliation"):
        return f"no more than {many} of {dice} sharing an affiliation attack together"
    return f"no more than {many} of {dice} attack together"


def _free_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import describe_selector

    dice = describe_selector(effect["to"]).removeprefix("all ")
    if "fielding" in effect:
        return f"{dice} with a fielding cost of {effect['fielding']} are free to field"
    return f"{dice} are free to field while their card has an active die"


def _first_damage_text(effect: Mapping[str, Any]) -> str:
    to = " or ".join({"you": "you", "dice": "your character dice"}[t] for t in effect["protects"])
    what = f"{effect['amount']} of it" if "amount" in effect else "it"
    may = "you may " if effect.get("optional") else ""
    source = " from each source" if effect.get("per_source") else ""
    first = f"the first time each turn damage would be dealt to {to}{source}"
    if "redirect_spun" in effect:
        n = effect["redirect_spun"]
        return (
            f"{first}, spin one of this card's dice up {n} level{'s' * (n > 1)} and redirect "
            "the damage to it"
        )
    text = f"{first}, {may}prevent {what}"
    if "unless_life" in effect:
        text += f" unless your opponent pays {effect['unless_life']} life"
    return text


EFFECT_TEXT = {
    "wr_purchase_prep": lambda effect: (
        "the first action die you purchase each turn goes to your Prep Area"
    ),
    "wr_redirect_some": lambda effect: (
        f"each time damage would be dealt to you, you may redirect up to {effect['up_to']} of "
        "it to one of this card's dice"
    ),
    "wr_purchase_damage": lambda effect: (
        f"each time your opponent purchases an action die, deal them {effect['amount']} damage"
    ),
    "wr_first_damage": _first_damage_text,
    "wr_keep_one_life": lambda effect: (
        "non-combat damage that would reduce you to 0 life or less reduces you to 1 life instead"
    ),
    "wr_free_to_field": _free_text,
    "wr_no_damage_from": _no_damage_text,
    "wr_extra_reroll": _reroll_text,
    "wr_attack_limit": _attack_limit_text,
}


def _resolving(q):
    """The queued effect resolving now (the front of the queue) and its ability."""
    from rules.engine.abilities import ability

    if not q.state.queue:
        return None, None
    entry = q.state.queue[0]
    return entry, ability(q.cards, entry.ability)


def _protected_die(effect: Mapping[str, Any], q) -> bool:
    """Whether the die about to be damaged is one of the holder's character dice protected."""
    from rules.abilities import selectors as sel

    if "dice" not in effect["protects"] or q.die.controller != q.holder:
        return False
    if not q.die.is_character:
        return False
    return "to" not in effect or sel.matches(
        q.state, q.cards, effect["to"], q.die, holder=q.holder, card=q.card
    )


def _no_damage(effect: Mapping[str, Any], q) -> int:
    from rules.abilities import selectors as sel
    from rules.engine.state import other

    if q.stat != "prevent" or q.combat:
        return 0
    if q.die is None:
        if "you" not in effect["protects"] or q.player != q.holder:
            return 0
    elif not _protected_die(effect, q):
        return 0
    entry, found = _resolving(q)
    if found is None or entry.controller != other(q.holder):
        return 0
    if effect["ability"] == "global":
        if found.kind != "global":
            return 0
    elif effect["ability"] == "range":
        from rules.abilities.extensions.keywords_more import _range_volley

        if found.resolve is not _range_volley:
            return 0
    elif not (found.kind == "triggered" and found.trigger == "fielded" and found.subject == "self"):
        return 0
    if "from" in effect:
        source = q.state.die(entry.source) if entry.source else None
        if source is None or source.card is None:
            return 0
        if not sel.card_matches(q.cards, {**effect["from"], "pick": "each"}, source.card):
            return 0
    return q.amount


def _extra_reroll(effect: Mapping[str, Any], q) -> int | None:
    """The life this grant costs (0: free), or None when it doesn't answer."""
    from rules.engine.state import Step

    if q.stat != "extra_reroll" or q.player != q.holder:
        return None
    if q.state.active != q.holder or q.state.step != Step.ROLL_AND_REROLL:
        return None
    if "max_dice" in effect and len(q.params) > effect["max_dice"]:
        return None
    if effect.get("dice") == "action":
        for die_id in q.params:
            die = q.state.die(die_id)
            card = q.cards.get(die.card) if die is not None and die.card else None
            if card is None or card.kind not in ("action", "basic_action"):
                return None
    return effect.get("life", 0)


def _keep_one_ability(spec: Mapping[str, Any], index: int):
    from rules.abilities.describe import describe_spec
    from rules.engine.abilities import Ability

    def above_one(state, holder: str, pending) -> int:
        """The non-combat damage to the holder above what leaves them at 1 life."""
        if pending.combat or not pending.to_player or pending.target != holder:
            return 0
        life = state.player(holder).life
        return pending.amount - (life - 1) if life >= 1 and pending.amount >= life else 0

    def lethal(tc) -> bool:
        return above_one(tc.state, tc.holder, tc.event) > 0

    def resolve(ctx) -> None:
        ctx.prevent(above_one(ctx.state, ctx.holder, ctx.pending_damage))

    return Ability(
        f"while_rest_keep_one{index}",
        "static",
        describe_spec(spec),
        while_active=True,
        interrupt=True,
        condition=lethal,
        resolve=resolve,
    )


def _free(effect: Mapping[str, Any], q) -> int:
    """The printed fielding cost taken off the die being fielded (0: not this one)."""
    from rules.abilities import selectors as sel
    from rules.engine.state import IN_FIELD

    die = q.die
    if q.stat != "fielding" or die is None or die.face is None:
        return 0
    selector = effect["to"]
    if not sel.matches(
        q.state, q.cards, selector, die, holder=q.holder, card=q.card, anywhere=True
    ):
        return 0
    if "fielding" in effect and die.face.fielding != effect["fielding"]:
        return 0
    if effect.get("card_active") and not any(
        die.card is not None
        and d.card == die.card
        and d.id != die.id
        and d.controller == q.holder
        and d.zone in IN_FIELD
        and d.is_character
        for d in q.state.dice
    ):
        return 0
    return die.face.fielding


def _too_many(effect: Mapping[str, Any], q) -> bool:
    """Whether the attacking dice (`q.params`) break the limit."""
    from rules.abilities import selectors as sel
    from rules.engine import query

    dice = [q.state.die(i) for i in q.params]
    dice = [
        d
        for d in dice
        if d is not None
        and sel.matches(q.state, q.cards, effect["to"], d, holder=q.holder, card=q.card)
    ]
    if not effect.get("per_affiliation"):
        return len(dice) > effect["max"]
    counts: dict[str, int] = {}
    for die in dice:
        for affiliation in query.affiliations(q.state, q.cards, die):
            counts[affiliation] = counts.get(affiliation, 0) + 1
    return any(n > effect["max"] for n in counts.values())


def _restrict(spec: Mapping[str, Any]):
    from rules.abilities import selectors as sel
    from rules.abilities.describe import describe_effects

    effects = [e for e in spec["effects"] if e["do"] == "wr_attack_limit"]
    if not effects:
        return None

    def restrict(q) -> str | None:
        if q.stat != "attackers":
            return None
        if not sel.condition(spec.get("if"), q.state, q.cards, holder=q.holder, card=q.card):
            return None
        for effect in effects:
            if _too_many(effect, q):
                source = q.cards[q.card].name if q.card in q.cards else q.card
                return f"{describe_effects([effect], static=True)} ({source})"
        return None

    return restrict


_NOT_CONTINUOUS = (
    "wr_attack_limit",
    "wr_first_damage",
    "wr_purchase_damage",
    "wr_redirect_some",
    "wr_keep_one_life",
    "wr_purchase_prep",
)


def _continuous(spec: Mapping[str, Any], index: int):
    from rules.abilities import selectors as sel
    from rules.engine.abilities import Contribution

    effects = [(n, e) for n, e in enumerate(spec["effects"]) if e["do"] in EFFECT_SCHEMAS]

    def contributions(q):
        if q.stat not in ("prevent", "extra_reroll", "fielding"):
            return
        if not sel.condition(spec.get("if"), q.state, q.cards, holder=q.holder, card=q.card):
            return
        source = q.cards[q.card].name if q.card in q.cards else q.card
        for n, effect in effects:
            if effect["do"] in _NOT_CONTINUOUS:
                continue
            if effect["do"] == "wr_free_to_field":
                change = _free(effect, q)
                if change:
                    yield Contribution("fielding", -change, source)
                continue
            if effect["do"] == "wr_no_damage_from":
                amount = _no_damage(effect, q)
                if amount:
                    yield Contribution("prevent", amount, source)
            else:
                life = _extra_reroll(effect, q)
                if life is not None:
                    grant = f"{q.holder}:{q.card}:{index}:{n}"
                    yield Contribution("extra_reroll", life, source, value=grant)

    return contributions


def _first_damage_ability(spec: Mapping[str, Any], index: int, effect: Mapping[str, Any]):
    from rules.abilities.describe import describe_spec
    from rules.engine.abilities import Ability
    from rules.engine.state import other

    def key(holder: str, card: str, pending) -> str:
        source = f":{pending.source}" if effect.get("per_source") else ""
        return f"wr_first:{holder}:{card}:{index}{source}"

    def own_dice(state, holder: str, card: str) -> list[str]:
        return [
            d.id
            for d in state.field(holder)
            if d.card == card and d.is_character and d.controller == holder
        ]

    def protected(tc) -> bool:
        pending = tc.event
        if key(tc.holder, tc.card, pending) in tc.state.used_limits:
            return False
        if "redirect_spun" in effect and not own_dice(tc.state, tc.holder, tc.card):
            return False
        if pending.to_player:
            return "you" in effect["protects"] and pending.target == tc.holder
        die = tc.state.die(pending.target)
        return (
            "dice" in effect["protects"]
            and die is not None
            and die.is_character
            and die.controller == tc.holder
        )

    def resolve(ctx) -> None:
        pending = ctx.pending_damage
        ctx.update(used_limits=ctx.state.used_limits | {key(ctx.holder, ctx.card, pending)})
        name = ctx.cards[ctx.card].name if ctx.card in ctx.cards else ctx.card
        if "redirect_spun" in effect:
            dice = own_dice(ctx.state, ctx.holder, ctx.card)
            if len(dice) > 1:
                (dice[0],) = ctx.choose(f"{name}: the die that takes the damage", dice)
            ctx.spin(dice[0], effect["redirect_spun"])
            ctx.redirect(dice[0])
            return
        if effect.get("optional") and not ctx.may(
            f"{ctx.holder} may prevent the first damage this turn ({pending.amount} to "
            f"{pending.target}, {name})",
            player=ctx.holder,
        ):
            return
        if "unless_life" in effect:
            payer, life = other(ctx.holder), effect["unless_life"]
            if ctx.may(
                f"{payer} may pay {life} life so that {name} does not prevent the damage",
                player=payer,
            ):
                ctx.lose_life(payer, life)
                return
        ctx.prevent(effect.get("amount"))

    return Ability(
        f"while_rest_first{index}",
        "static",
        describe_spec(spec),
        while_active=True,
        interrupt=True,
        condition=protected,
        resolve=resolve,
    )


def _purchase_ability(spec: Mapping[str, Any], index: int, effect: Mapping[str, Any]):
    from rules.abilities.describe import describe_spec
    from rules.engine.abilities import Ability
    from rules.engine.state import Zone, other

    mine = effect["do"] == "wr_purchase_prep"

    def bought(tc) -> bool:
        event = tc.event
        if event.player != (tc.holder if mine else other(tc.holder)):
            return False
        die = tc.state.die(event.die) if event.die else None
        card = tc.cards.get(die.card) if die is not None and die.card else None
        return card is not None and card.kind in ("action", "basic_action")

    def resolve(ctx) -> None:
        if not mine:
            ctx.damage(other(ctx.holder), effect["amount"])
            return
        die = ctx.state.die(ctx.event.die) if ctx.event is not None else None
        if die is not None and die.zone == Zone.USED:
            ctx.prep(die.id)

    return Ability(
        f"while_rest_purchase{index}",
        "triggered",
        describe_spec(spec),
        trigger="purchased",
        subject="card",
        while_active=True,
        condition=bought,
        resolve=resolve,
        limit="first_time" if mine else "",
    )


def _redirect_ability(spec: Mapping[str, Any], index: int, effect: Mapping[str, Any]):
    from rules.abilities.describe import describe_spec
    from rules.engine.abilities import Ability
    from rules.engine.effects import ops

    def own_dice(state, holder: str, card: str) -> list[str]:
        return [d.id for d in state.field(holder) if d.card == card and d.is_character]

    def to_you(tc) -> bool:
        pending = tc.event
        return (
            pending.to_player
            and pending.target == tc.holder
            and bool(own_dice(tc.state, tc.holder, tc.card))
        )

    def resolve(ctx) -> None:
        pending = ctx.pending_damage
        name = ctx.cards[ctx.card].name if ctx.card in ctx.cards else ctx.card
        most = min(effect["up_to"], pending.amount)
        amount = 0
        for n in range(most, 0, -1):  # the most first, then less
            if ctx.may(f"{ctx.holder} may redirect {n} of {pending.amount} damage to {name}"):
                amount = n
                break
        if not amount:
            return
        dice = own_dice(ctx.state, ctx.holder, ctx.card)
        if len(dice) > 1:
            (dice[0],) = ctx.choose(f"{name}: the die that takes the damage", dice)
        if amount == pending.amount:
            ctx.redirect(dice[0])
            return
        pending.amount -= amount
        ctx.emit(
            "redirected",
            f"{amount} damage redirected from {pending.target} to {dice[0]} ({ctx.label})",
            rule="R13.4",
            die=dice[0],
            other=pending.target,
            amount=amount,
        )
        ops.deal_damage(ctx, dice[0], amount, source=pending.source, combat=pending.combat)

    return Ability(
        f"while_rest_redirect{index}",
        "static",
        describe_spec(spec),
        while_active=True,
        interrupt=True,
        condition=to_you,
        resolve=resolve,
    )


def _abilities(card, encoding: Mapping[str, Any]) -> tuple:
    from rules.abilities.describe import describe_spec
    from rules.engine.abilities import Ability

    built = []
    for index, spec in while_active_specs(encoding, EFFECT_SCHEMAS):
        built += [
            _first_damage_ability(spec, index, e)
            for e in spec["effects"]
            if e["do"] == "wr_first_damage"
        ]
        built += [
            _purchase_ability(spec, index, e)
            for e in spec["effects"]
            if e["do"] in ("wr_purchase_damage", "wr_purchase_prep")
        ]
        built += [
            _redirect_ability(spec, index, e)
            for e in spec["effects"]
            if e["do"] == "wr_redirect_some"
        ]
        if any(e["do"] == "wr_keep_one_life" for e in spec["effects"]):
            built.append(_keep_one_ability(spec, index))
        built.append(
            Ability(
                f"while_rest{index}",
                "static",
                describe_spec(spec),
                while_active=True,
                continuous=_continuous(spec, index),
                restrict=_restrict(spec),
            )
        )
    return tuple(built)


ENCODING_ABILITIES = {"while_rest": _abilities}
