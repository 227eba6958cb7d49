"""Effects and a condition of the `fielded_more` family (rules/abilities/templates/
fielded_more.py, clauses in rules/abilities/phrases_fielded_more.py).

- `reroll_sort`: reroll the dice picked (how each lands is a recorded input, R14.1); each that
  lands on a face that is not a character face leaves the Field as R14.1 says and then goes
  where the card says instead of staying in the Reserve Pool: `into` `used` (its owner's Used
  Pile) or `prep` (its owner's Prep Area). The dice moved are what a following 'for each die
  moved' counts (and what 'it' means next).
- `per_removed`: 'for each die KO'd / moved this way': its `effects` (damage, life, draws)
  happen with their amounts multiplied by the number of dice the previous effect picked that
  are no longer in the Field (KO'd, moved) or have taken damage equal to their D (the KO
  follows the effect's resolution; `sidekick`: Sidekick dice only); nothing when none
  are. With `once` ('If you do, ...') they happen once when at least one die left the Field.
- `draw_sort` (`count`, `dice`: the filters of a from_used effect's `dice`): 'Draw a die. If
  it is an [XMEN] character die, roll it and place it in your Reserve Pool. Otherwise, place it
  in your Used Pile': the dice drawn that match are rolled into the Reserve Pool, the others
  go to the Used Pile (R4.6: Out of Play on the holder's turn, as any die sent there).
- `next_purchase` (`amount`, `cards`: `what` any / character / non_sidekick (a WWE
  Superstar die) / action, `name`, `energy`):
  'the next die you purchase this turn costs [2] less': the holder's first purchase of a
  matching die this turn costs `amount` less (R7.3's minimum holds). The effect records, as a
  lasting effect until end of turn, which dice it could be used on; the card's static ability
  (`ENCODING_ABILITIES`) gives the discount until one of them has been bought.
- `next_purchase_to` (`into` prep / bag, `cards`: `what`): 'Prep the next character die you
  purchase this turn', 'place the next die you purchase this turn into your bag': a lasting
  effect until end of turn whose trigger (the card's `next_purchase_to` ability, through
  `ENCODING_ABILITIES`) moves the holder's next matching purchase there and ends.
- `opponent_may_damage` (`to`: the holder's dice, `amount`): 'your opponent may deal 2 damage
  to a non-NAME character die you control': the opponent picks one of them or none.
- condition `reserve_dice_at_least` (`reserve_what` action / character, `n`): 'if you have an
  action die in your Reserve Pool'.
- condition `compare_count`: you have more (`compare` `more`) or fewer (`fewer`) dice matching
  `of` than your opponent has (the same filters, on their side).
"""

import json

from rules.abilities import selectors as sel
from rules.abilities.extensions import EFFECTS, SELECTOR, effect_schema
from rules.engine.abilities import Ability, Contribution
from rules.engine.state import LastingEffect, Zone

_IN_FIELD = (Zone.FIELD, Zone.ATTACK)

EFFECT_SCHEMAS = {
    "reroll_sort": effect_schema(
        "reroll_sort", ["to", "into"], to=SELECTOR, into={"enum": ["used", "prep"]}
    ),
    "draw_sort": effect_schema(
        "draw_sort", ["dice"], dice={"type": "object"}, count={"type": "integer", "minimum": 1}
    ),
    "next_purchase": effect_schema(
        "next_purchase",
        ["amount", "cards"],
        amount={"type": "integer", "minimum": 1, "maximum": 9},
        cards={
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "what": {"enum": ["any", "character", "non_sidekick", "action"]},
                "name": {"type": "string", "minLength": 1},
                "energy": {"type": "array", "items": {"type": "string"}, "minItems": 1},
            },
        },
    ),
    "next_purchase_to": effect_schema(
        "next_purchase_to",
        ["into", "cards"],
        into={"enum": ["prep", "bag"]},
        cards={
            "type": "object",
            "additionalProperties": False,
            "properties": {"what": {"enum": ["any", "character", "action"]}},
        },
    ),
    "opponent_may_damage": effect_schema(
        "opponent_may_damage",
        ["to", "amount"],
        to=SELECTOR,
        amount={"type": "integer", "minimum": 1, "maximum": 20},
    ),
    "per_removed": effect_schema(
        "per_removed",
        ["effects"],
        effects=EFFECTS,
        sidekick={"type": "boolean"},  # count only Sidekick dice
        once={"type": "boolean"},  # 'if you do': once when any left the Field
    ),
}


def _reroll_sort(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    moved = []
    for target in runtime.pick(ctx, effect["to"], "reroll", scope):
        runtime.reroll_one(ctx, target)
        die = ctx.state.die(target)
        if die is None or die.face is None or die.face.is_character:
            continue
        if effect["into"] == "used":
            ctx.send_to_used(target)
        else:
            ctx.prep(target)
        moved.append(target)
    if scope is not None:
        scope.picked = moved


def _per_removed(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    picked = (scope.picked if scope is not None else None) or []
    removed = 0
    for die_id in picked:
        die = ctx.state.die(die_id)
        if effect.get("sidekick") and (die is None or not die.is_sidekick):
            continue
        if die is None or die.zone not in _IN_FIELD:
            removed += 1
        elif die.damage and die.damage >= ctx.defense(die):
            removed += 1  # KO'd by the damage just dealt: the KO itself follows the effect
    if not removed:
        return
    if effect.get("once"):
        removed = 1
    times = removed * (scope.times if scope is not None else 1)
    inner = runtime.Scope(scope.kind if scope is not None else "", times)
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, inner)


def _draw_sort(ctx, effect, bursts, scope=None):
    from rules.abilities.trigger_events import used_die_matches

    drawn = ctx.draw(ctx.holder, effect.get("count", 1), to=Zone.PREP)
    for die_id in drawn:
        die = ctx.state.die(die_id)
        if die is not None and used_die_matches(ctx.cards, die, effect["dice"]):
            ctx.roll(ctx.holder, (die_id,))
        elif die is not None:
            ctx.send_to_used(die_id)
    if scope is not None:
        scope.picked = list(drawn)


# -- the next die you purchase this turn costs N less ----------------------------------------------
_MARKER = "next_purchase_marker"  # no ability has this name: the lasting effect is a record only


def _buys(card_def, wanted) -> bool:
    """Whether a card's dice are the dice a 'next <dice> you purchase' means."""
    if card_def is None:
        return False
    what = wanted.get("what", "any")
    if what in ("character", "non_sidekick") and card_def.kind != "character":
        return False
    if what == "action" and card_def.kind == "character":
        return False
    if "name" in wanted and card_def.display_title.lower() != wanted["name"].lower():
        return False
    return "energy" not in wanted or bool(set(card_def.energy) & set(wanted["energy"]))


def _next_purchase(ctx, effect, bursts, scope=None):
    """A record (a lasting effect until end of turn) of the discount and of the dice the holder
    could buy with it now: the first of them to be bought uses it up."""
    wanted = effect["cards"]
    stock = tuple(
        d.id
        for d in ctx.state.dice
        if d.zone == Zone.UNPURCHASED
        and d.owner in (ctx.holder, "BA")
        and _buys(ctx.cards.get(d.card), wanted)
    )
    record = LastingEffect(
        f"{ctx.card}.{_MARKER}",
        ctx.holder,
        "",
        (json.dumps(wanted, sort_keys=True), effect["amount"], stock),
    )
    ctx.update(effects=(*ctx.state.effects, record))


def _discount(card_key: str):
    def continuous(q):
        if q.stat != "purchase_cost" or not q.params or not q.player:
            return
        # the player who used a global may be the card's holder or the opponent: each record
        # is counted once, by the purchaser's own copy of the card if their team has one
        if q.player != q.holder and card_key in q.state.player(q.player).team:
            return
        for record in q.state.effects:
            if record.ability != f"{card_key}.{_MARKER}" or record.holder != q.player:
                continue
            wanted, amount, stock = json.loads(record.params[0]), record.params[1], record.params[2]
            if any((d := q.state.die(i)) is None or d.zone != Zone.UNPURCHASED for i in stock):
                continue  # a die it meant was bought since: used up
            if _buys(q.cards.get(q.params[0]), wanted):
                source = q.cards[card_key].name if card_key in q.cards else card_key
                yield Contribution("purchase_cost", -amount, source)

    return continuous


def _uses(effects, name: str) -> bool:
    for effect in effects:
        if effect["do"] == name:
            return True
        if effect["do"] == "per_removed" and _uses(effect["effects"], name):
            return True
    return False


def _encoding_uses(encoding, name: str) -> bool:
    return any(
        _uses(effects, name)
        for spec in encoding.get("abilities", ())
        for effects in (spec["effects"], *(v["effects"] for v in spec.get("bursts", {}).values()))
    )


def _discount_abilities(card, encoding) -> list:
    """The card's static ability answering purchase costs while one of its discounts lasts."""
    if not _encoding_uses(encoding, "next_purchase"):
        return []
    # the card's key is only known from the query: the ability reads it there
    return [Ability("next_purchase", "static", "the next die you buy costs less", continuous=_any)]


def _any(q):
    yield from _discount(q.card)(q)


# -- the next die you purchase this turn goes to the Prep Area / the bag ------------------------
_ROUTE = "next_purchase_to"


def _next_purchase_to(ctx, effect, bursts, scope=None):
    """A lasting effect until end of turn, whose trigger (the card's `next_purchase_to`
    ability) moves the holder's next matching purchase and ends it."""
    ctx.last(
        f"{ctx.card}.{_ROUTE}", params=(json.dumps(effect["cards"], sort_keys=True), effect["into"])
    )


def _route_fires(tc) -> bool:
    if tc.event.player != tc.holder or not tc.event.die:
        return False
    bought = tc.state.die(tc.event.die)
    return bought is not None and bought.zone in (Zone.USED, Zone.OUT_OF_PLAY)


def _route(ctx) -> None:
    bought = ctx.state.die(ctx.event.die)
    if bought is None or bought.zone not in (Zone.USED, Zone.OUT_OF_PLAY):
        return  # another effect has moved it already
    name = f"{ctx.card}.{_ROUTE}"
    for record in ctx.state.effects:
        if record.ability != name or record.holder != ctx.holder:
            continue
        wanted, into = json.loads(record.params[0]), record.params[1]
        if not _buys(ctx.cards.get(bought.card), wanted):
            continue
        rest = list(ctx.state.effects)
        rest.remove(record)
        ctx.update(effects=tuple(rest))  # used up
        zone = Zone.PREP if into == "prep" else Zone.BAG
        ctx.move(bought.id, zone)
        where = "Prep Area" if into == "prep" else "bag"
        ctx.emit("moved", f"{bought.id} went to the {where} ({ctx.label})", die=bought.id,
                 player=bought.owner)  # fmt: skip
        return


def _route_abilities(card, encoding) -> list:
    if not _encoding_uses(encoding, "next_purchase_to"):
        return []
    return [
        Ability(
            _ROUTE,
            "lasting",
            "the next die you buy goes elsewhere",
            trigger="purchased",
            condition=_route_fires,
            resolve=_route,
        )
    ]


ENCODING_ABILITIES = {"next_purchase": _discount_abilities, "next_purchase_to": _route_abilities}


def _opponent_may_damage(ctx, effect, bursts, scope=None):
    """'your opponent may deal 2 damage to a non-NAME character die you control': the
    opponent picks one of the dice (or none); the damage is this ability's."""
    found = [
        d.id
        for d in sel.dice(
            ctx.state, ctx.cards, effect["to"], holder=ctx.holder, source=ctx.source, card=ctx.card
        )
    ]
    if not found:
        return
    amount = effect["amount"] * (scope.times if scope is not None else 1)
    prompt = f"you may deal {amount} damage to one of these dice (or choose none)"
    for target in ctx.choose(prompt, found, count=1, minimum=0, player=ctx.opponent):
        ctx.damage(target, amount)


EFFECT_RUNNERS = {
    "reroll_sort": _reroll_sort,
    "per_removed": _per_removed,
    "draw_sort": _draw_sort,
    "next_purchase": _next_purchase,
    "opponent_may_damage": _opponent_may_damage,
    "next_purchase_to": _next_purchase_to,
}


def _reroll_sort_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    where = "its owner's Used Pile" if effect["into"] == "used" else "its owner's Prep Area"
    return (
        f"reroll {describe_selector(effect['to'])}; each that doesn't land on a character face "
        f"goes to {where}"
    )


def _per_removed_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    if effect.get("once"):
        return f"if a die was KO'd or moved this way: {describe_effects(effect['effects'])}"
    what = "Sidekick dice" if effect.get("sidekick") else "dice"
    return f"for each of those {what} KO'd or moved: {describe_effects(effect['effects'])}"


def _draw_sort_text(effect) -> str:
    from rules.abilities.trigger_events import _describe_from_used

    # the dice wanted, in from_used's words ('move 1 X-Men character die from your Used Pile ...')
    wanted = _describe_from_used({"into": "prep", "count": 1, "dice": effect["dice"]})
    noun = wanted.split(" from your Used Pile")[0].removeprefix("move ").removeprefix("1 ")
    count = effect.get("count", 1)
    drawn = "1 die" if count == 1 else f"{count} dice"
    return (
        f"you draw {drawn}: each that is a {noun} is rolled into your Reserve Pool, the "
        "others go to your Used Pile"
    )


def _next_purchase_text(effect) -> str:
    wanted = effect["cards"]
    words = [wanted["name"]] if "name" in wanted else []
    if "energy" in wanted:
        words.append("/".join(e.title() for e in wanted["energy"]))
    words.append(
        {
            "any": "die",
            "character": "character die",
            "non_sidekick": "non-Sidekick character die",
            "action": "action die",
        }[wanted.get("what", "any")]
    )
    return (
        f"the next {' '.join(words)} you buy this turn costs {effect['amount']} less "
        "(never below 1, R7.3)"
    )


def _opponent_may_damage_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    one = describe_selector({**effect["to"], "pick": "target"})
    return f"your opponent may deal {effect['amount']} damage to {one} (their choice, or none)"


def _next_purchase_to_text(effect) -> str:
    what = {"any": "die", "character": "character die", "action": "action die"}[
        effect["cards"].get("what", "any")
    ]
    where = "your Prep Area" if effect["into"] == "prep" else "your bag"
    return f"the next {what} you buy this turn goes to {where} instead of the Used Pile"


EFFECT_TEXT = {
    "reroll_sort": _reroll_sort_text,
    "per_removed": _per_removed_text,
    "draw_sort": _draw_sort_text,
    "next_purchase": _next_purchase_text,
    "opponent_may_damage": _opponent_may_damage_text,
    "next_purchase_to": _next_purchase_to_text,
}


def _compare_count(test, state, cards, *, holder, this=None, card=""):
    source = this.id if this is not None else ""
    mine = {**test["of"], "pick": "each", "side": "yours"}
    theirs = {**test["of"], "pick": "each", "side": "opposing"}
    count_mine = len(sel.dice(state, cards, mine, holder=holder, source=source, card=card))
    count_theirs = len(sel.dice(state, cards, theirs, holder=holder, source=source, card=card))
    return count_mine > count_theirs if test["compare"] == "more" else count_mine < count_theirs


def _reserve_dice(test, state, cards, *, holder, this=None, card=""):
    """At least `n` of the holder's dice in the Reserve Pool are `reserve_what` dice (action:
    of an action card; character: of a character card or a Sidekick)."""
    found = 0
    for die in state.zone(holder, Zone.RESERVE):
        card_def = cards.get(die.card) if die.card else None
        is_action = card_def is not None and card_def.kind != "character"
        if (test["reserve_what"] == "action") == is_action:
            found += 1
    return found >= test["n"]


CONDITIONS = {
    "compare_count": ({"compare": {"enum": ["more", "fewer"]}}, _compare_count),
    "reserve_dice_at_least": (
        {"reserve_what": {"enum": ["action", "character"]}},
        _reserve_dice,
    ),
}


def _compare_text(test) -> str:
    from rules.abilities.describe import describe_selector

    counted = describe_selector({**test["of"], "pick": "each"}).removeprefix("all ")
    return f"you have {test['compare']} {counted} than your opponent"


def _reserve_text(test) -> str:
    noun = f"{test['reserve_what']} {'die' if test['n'] == 1 else 'dice'}"
    return f"you have at least {test['n']} {noun} in your Reserve Pool"


CONDITION_TEXT = {"compare_count": _compare_text, "reserve_dice_at_least": _reserve_text}
