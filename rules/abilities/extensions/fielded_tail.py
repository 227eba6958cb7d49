"""Effects of the `fielded_tail` family (clauses in rules/abilities/phrases_fielded_tail.py).

- `ft_next_field_free` (`dice`: optional `affiliation` / `energy` filters): 'the next character
  die you field this turn is free'. The effect records, as a lasting effect until end of turn,
  the dice its holder had fielded this turn when it resolved (the engine's record,
  rules/engine/keywords/strike.py); the card's static ability (`ENCODING_ABILITIES`) makes the
  fielding cost (R7.2) of the holder's matching character dice 0 until one more matching die
  has been fielded since then.
- `ft_unblockable_by` (`to`, `by`), `ft_cant_block` (`to`, `of`): lasting restrictions (R13.7)
  on each die picked until end of turn, checked when blockers are declared: no blocker
  matching `by` for that attacker; that die can't block an attacker matching `of`.
- `ft_cost_this_turn` (`to`, `of` purchase / fielding, `amount`, `sign`): a record until end of
  turn read by the card's static ability for the holder's purchases / fieldings of matching
  dice (a reduced purchase cost stays 1 or more, R7.3).
- `ft_prevent_all` (`to`): fielded_choices' `fc_no_damage_taken` under a verb-first name.
"""

import json

from rules.abilities import selectors as sel
from rules.abilities.extensions import SELECTOR, effect_schema
from rules.engine.abilities import Ability, Contribution, Query
from rules.engine.keywords import strike
from rules.engine.state import LastingEffect

_MARK = "ft_next_field_free"

EFFECT_SCHEMAS = {
    "ft_next_field_free": effect_schema(
        "ft_next_field_free",
        ["dice"],
        dice={
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "affiliation": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                "energy": {"type": "array", "items": {"type": "string"}, "minItems": 1},
            },
        },
    ),
}


def _next_field_free(ctx, effect, bursts, scope=None) -> None:
    before = tuple(sorted(strike.fielded_this_turn(ctx.state, ctx.holder)))
    record = LastingEffect(f"{ctx.card}.{_MARK}", ctx.holder, "", (before,))
    ctx.update(effects=(*ctx.state.effects, record))


def _effects(encoding: dict) -> list[dict]:
    return [
        e
        for spec in encoding.get("abilities", ())
        for effects in (spec["effects"], *(v["effects"] for v in spec.get("bursts", {}).values()))
        for e in effects
    ]


def _uses(encoding: dict) -> list[dict]:
    return [e for e in _effects(encoding) if e["do"] == _MARK]


def _next_field_free_abilities(card, encoding) -> tuple[Ability, ...]:
    uses = _uses(encoding)
    if not uses:
        return ()
    wanted = {"pick": "each", "side": "any", "what": "character", **uses[0]["dice"]}

    def matching(q: Query, die) -> bool:
        return sel.matches(
            q.state, q.cards, wanted, die, holder=die.controller, card=q.card, anywhere=True
        )

    def free(q: Query):
        die = q.die
        if q.stat != "fielding" or die is None or die.face is None or not die.face.fielding:
            return
        player = die.controller
        if player != q.holder and q.card in q.state.player(player).team:
            return  # counted by the fielding player's own copy of the card
        if not matching(q, die):
            return
        fielded = strike.fielded_this_turn(q.state, player)
        for record in q.state.effects:
            if record.ability != f"{q.card}.{_MARK}" or record.holder != player:
                continue
            since = fielded - set(record.params[0]) - {die.id}
            if any((other := q.state.die(d)) is not None and matching(q, other) for d in since):
                continue  # the next matching die was fielded already: used up
            name = q.cards[q.card].name if q.card in q.cards else q.card
            yield Contribution("fielding", -die.face.fielding, f"{name}: next field free")
            return

    return (
        Ability(
            "ft_next_field_free_cost", "static", "the next die fielded is free", continuous=free
        ),
        Ability(_MARK, "lasting", "the next character die fielded this turn is free"),
    )


def _text(effect) -> str:
    what = "character die"
    dice = effect["dice"]
    if dice.get("affiliation"):
        what = f"{'/'.join(a.title() for a in dice['affiliation'])} {what}"
    if dice.get("energy"):
        what = f"{'/'.join(dice['energy'])} {what}"
    return f"make the next {what} you field this turn free to field"


EFFECT_RUNNERS = {"ft_next_field_free": _next_field_free}
EFFECT_TEXT = {"ft_next_field_free": _text}
ENCODING_ABILITIES = {"ft_next_field_free": _next_field_free_abilities}


# -- '<die> can't be blocked by <dice> this turn' ------------------------------------------------
_BY = "ft_unblockable_by"
EFFECT_SCHEMAS[_BY] = effect_schema(_BY, ["to", "by"], to=SELECTOR, by=SELECTOR)


def _unblockable_by(ctx, effect, bursts, scope=None) -> None:
    from rules.abilities import runtime

    by = json.dumps(effect["by"], sort_keys=True)
    for target in runtime.pick(ctx, effect["to"], "can't be blocked", scope):
        ctx.last(f"{ctx.card}.{_BY}", subject=target, params=(by,))


def _unblockable_by_abilities(card, encoding) -> tuple[Ability, ...]:
    if not any(e["do"] == _BY for e in _effects(encoding)):
        return ()

    def restrict(q: Query) -> str | None:
        if q.stat != "block" or len(q.params) < 2 or q.die is None or q.other is None:
            return None
        if q.other.id != q.params[0]:
            return None
        by = json.loads(q.params[1])
        if not sel.matches(q.state, q.cards, by, q.die, holder=q.holder):
            return None
        return f"{q.other.id} can't be blocked by {q.die.id} this turn ({q.card})"

    return (Ability(_BY, "lasting", "can't be blocked by some dice this turn", restrict=restrict),)


def _by_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    by = describe_selector(effect["by"]).replace("all ", "any ", 1)
    return f"{describe_selector(effect['to'])} can't be blocked by {by} this turn"


EFFECT_RUNNERS[_BY] = _unblockable_by
EFFECT_TEXT[_BY] = _by_text
ENCODING_ABILITIES[_BY] = _unblockable_by_abilities


# -- '<dice> cost N less to purchase / field (this turn)' -----------------------------------------
_COST = "ft_cost_this_turn"
EFFECT_SCHEMAS[_COST] = effect_schema(
    _COST,
    ["to", "of", "amount", "sign"],
    to=SELECTOR,
    of={"enum": ["purchase", "fielding"]},
    amount={"type": "integer", "minimum": 1, "maximum": 9},
    sign={"enum": [1, -1]},
)


def _cost_this_turn(ctx, effect, bursts, scope=None) -> None:
    record = LastingEffect(
        f"{ctx.card}.{_COST}", ctx.holder, "", (json.dumps(effect, sort_keys=True),)
    )
    ctx.update(effects=(*ctx.state.effects, record))


def _cost_this_turn_abilities(card, encoding) -> tuple[Ability, ...]:
    if not any(e["do"] == _COST for e in _effects(encoding)):
        return ()

    def continuous(q: Query):
        of = {"purchase_cost": "purchase", "fielding": "fielding"}.get(q.stat)
        if of is None:
            return
        for record in q.state.effects:
            if record.ability != f"{q.card}.{_COST}" or record.holder != q.holder:
                continue
            effect = json.loads(record.params[0])
            if effect["of"] != of:
                continue
            if of == "purchase":
                key = q.params[0] if q.params else ""
                if not q.player or not sel.card_matches(
                    q.cards, effect["to"], key, holder=q.holder, player=q.player, card=q.card
                ):
                    continue
            elif q.die is None or not sel.matches(
                q.state, q.cards, effect["to"], q.die, holder=q.holder, card=q.card, anywhere=True
            ):
                continue
            name = q.cards[q.card].name if q.card in q.cards else q.card
            yield Contribution(q.stat, effect["sign"] * effect["amount"], name)

    return (Ability(f"{_COST}_static", "static", "cost changes this turn", continuous=continuous),)


def _cost_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    way = "less" if effect["sign"] < 0 else "more"
    what = "purchase" if effect["of"] == "purchase" else "field"
    return f"{describe_selector(effect['to'])} cost {effect['amount']} {way} to {what} this turn"


EFFECT_RUNNERS[_COST] = _cost_this_turn
EFFECT_TEXT[_COST] = _cost_text
ENCODING_ABILITIES[_COST] = _cost_this_turn_abilities


# -- '<die> can't block <dice> this turn' ---------------------------------------------------------
_CANT_BLOCK = "ft_cant_block"
EFFECT_SCHEMAS[_CANT_BLOCK] = effect_schema(_CANT_BLOCK, ["to", "of"], to=SELECTOR, of=SELECTOR)


def _cant_block(ctx, effect, bursts, scope=None) -> None:
    from rules.abilities import runtime

    of = json.dumps(effect["of"], sort_keys=True)
    for target in runtime.pick(ctx, effect["to"], "can't block", scope):
        ctx.last(f"{ctx.card}.{_CANT_BLOCK}", subject=target, params=(of,))


def _cant_block_abilities(card, encoding) -> tuple[Ability, ...]:
    if not any(e["do"] == _CANT_BLOCK for e in _effects(encoding)):
        return ()

    def restrict(q: Query) -> str | None:
        if q.stat != "block" or len(q.params) < 2 or q.die is None or q.other is None:
            return None
        if q.die.id != q.params[0]:
            return None
        of = json.loads(q.params[1])
        if not sel.matches(q.state, q.cards, of, q.other, holder=q.holder):
            return None
        return f"{q.die.id} can't block {q.other.id} this turn ({q.card})"

    return (Ability(_CANT_BLOCK, "lasting", "can't block some dice this turn", restrict=restrict),)


def _cant_block_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    of = describe_selector(effect["of"]).replace("all your ", "any of your ", 1)
    return f"{describe_selector(effect['to'])} can't block {of.replace('all ', 'any ', 1)}"


EFFECT_RUNNERS[_CANT_BLOCK] = _cant_block
EFFECT_TEXT[_CANT_BLOCK] = lambda effect: _cant_block_text(effect) + " this turn"
ENCODING_ABILITIES[_CANT_BLOCK] = _cant_block_abilities


# -- 'prevent all damage dealt to <dice>' ---------------------------------------------------------
# fielded_choices' `fc_no_damage_taken` ('<dice> take no damage this turn') under a verb-first
# name, so the generated English reads after 'you may pay [1] to': the same runner, and the same
# interrupt (R13.4) when the card doesn't already build it for its own `fc_no_damage_taken`.
_PREVENT = "ft_prevent_all"
EFFECT_SCHEMAS[_PREVENT] = effect_schema(_PREVENT, ["to"], to=SELECTOR)


def _prevent_all(ctx, effect, bursts, scope=None) -> None:
    from rules.abilities.extensions import fielded_choices

    fielded_choices.EFFECT_RUNNERS["fc_no_damage_taken"](ctx, effect, bursts, scope)


def _prevent_all_abilities(card, encoding) -> list:
    from rules.abilities.extensions import fielded_choices

    done = [e["do"] for e in _effects(encoding)]
    if _PREVENT not in done or "fc_no_damage_taken" in done:
        return []
    stand_in = {"abilities": [{"effects": [{"do": "fc_no_damage_taken"}]}]}
    return fielded_choices.ENCODING_ABILITIES["fc_no_damage_taken"](card, stand_in)


def _prevent_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    to = describe_selector(effect["to"])
    return f"prevent all damage to {to.removeprefix('all ')} this turn"


EFFECT_RUNNERS[_PREVENT] = _prevent_all
EFFECT_TEXT[_PREVENT] = _prevent_text
ENCODING_ABILITIES[_PREVENT] = _prevent_all_abilities
