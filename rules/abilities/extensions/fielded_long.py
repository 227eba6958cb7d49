"""Effects of the `fielded_long` family (clauses in rules/abilities/phrases_fielded_long.py).

- `fl_purchase` (`cards`, `price`, `into`): 'you may purchase a Robin die for 1 less', 'you may
  purchase a basic action die for 1', '... for free', '... and place it in your Prep Area':
  a purchase made while the effect resolves. The holder picks one die to buy among the
  unpurchased dice of the cards it may be bought from (their own team's cards and the basic
  actions, R7.1; a card a restriction keeps them from buying is left out, R13.7), or none.
  The price is a fixed number of energy (`fixed`), the card's purchase cost less `less`
  (never below 1 nor below the number of the card's energy types, R7.3) or nothing (`free`);
  a price of energy keeps R7.2's energy types and is paid from the Reserve Pool (a 'may'
  with the payment: 'no' buys nothing). The die goes to the Used Pile (R7.4) and the
  engine's 'purchased' event follows, as for any purchase; then `into` `prep` (to the Prep
  Area), `bag` (into the bag) or `roll` (rolled into the Reserve Pool, R4.3).
- `fl_draw_route` (`count`, `dice`, `both`, `match`, `other`, `effects`): draw dice from the
  bag (a recorded input, R4.1); the dice drawn that match `dice` (the filters of a from_used
  effect's `dice`) go to `match`, the others to `other` (`roll`: rolled into the Reserve
  Pool, `prep`, `used`, `bag`). With `both`, either all the dice drawn match (and all go to
  `match`) or none is counted as matching. `effects` happen once when at least one die
  matched (before the dice move, so 'return it to your bag' follows them).
- `fl_draw_roll` (`dice`, `effects`, `repeat`, `matched`, `unmatched`, `attack_damage`): draw
  one die and roll it (R4.3: into the Reserve Pool; which die and how it landed are recorded
  inputs). When it shows a character face and matches `dice`, `effects` happen (with
  `attack_damage`, the rolled character deals damage equal to the A printed on the face it
  shows to the opponent) and it goes to `matched`; otherwise to `unmatched` (`prep`, `used`
  or `stay`: it stays in the Reserve Pool). With `repeat`, a match draws and rolls once more
  (that many times at most).
- `fl_ko_or_spin_down` (`to`): each die picked is KO'd if it is at level 1, else spun down one
  level (R14.2).
- granted Range: a card whose triggered (not global) ability grants Range gets keywords_more's
  granted-Range trigger (`ENCODING_ABILITIES`), which fires the volley when a die with that
  Range attacks.
- `fl_used_roll_field` (`each`, `otherwise`): the holder (with `each`, then each other player,
  who may also pick none) picks a character die in their own Used Pile and rolls it (R4.3:
  into the Reserve Pool); on a character face it is fielded for free at the level it shows
  (R8.2: 'when fielded' triggers); otherwise it stays in the Reserve Pool (`otherwise`
  `reserve`) or goes back to the Used Pile (`used`; Out of Play on its owner's turn, R4.6).
- `fl_gift_basic_action`: the opponent picks one unpurchased basic action die; it goes to the
  holder's Used Pile, theirs from now on (no purchase: nothing was bought, R7.4 aside).
- condition `fl_team_lacks` (`affiliation`): no character card on the holder's team has that
  affiliation ('if you have no [DCV] character cards on your team').
- `fl_name_draw` (`named`, `hit`, `miss`, `effects`): the holder names a die (one of the cards
  on their team, or a basic action card, whose dice they could draw; `named` `character`:
  a character card only), then draws one die (a recorded input, R4.1). A die of the named
  card: `effects` happen and it is fielded at level 3 for free (`hit` `field_3`, R8.2) or
  prepped (`prep`); another die goes to the Used Pile (`miss` `used`, Out of Play on the
  holder's turn as any die sent there, R4.6) or back to the bag (`bag`). The name is for
  this resolution only.
- `fl_sidekick_energy_ko` (`source` used / field): a Sidekick die rolled (`used`: one from
  the holder's Used Pile, rolled into the Reserve Pool, R4.3, and sent back to the Used Pile
  afterwards whatever it showed) or rerolled (`field`: one of the holder's Sidekick dice in
  the Field, R14.1: an energy face takes it to the Reserve Pool). On an energy face the
  holder may KO one target opposing character die of a matching energy type (a die whose
  card shows one of the rolled symbols); on a wild face, any target opposing character die.
  With `field` the KO costs the Sidekick: it goes to the Used Pile first ('you may send that
  die to the Used Pile to'); choosing no target keeps it.
- `fl_draw_split` (`count`): 'draw 2 dice. Roll one of those dice and Prep the other': the
  holder picks the die to roll; the other goes to the Prep Area.
"""

from rules.abilities.extensions import EFFECTS, SELECTOR, effect_schema
from rules.engine import abilities, query
from rules.engine.faces import EnergyCost
from rules.engine.keywords import strike
from rules.engine.state import Zone, replace

_ZONES = ("roll", "prep", "used", "bag")
_DICE = {"type": "object"}  # the filters of trigger_events.used_die_matches

EFFECT_SCHEMAS = {
    "fl_purchase": effect_schema(
        "fl_purchase",
        ["cards", "price"],
        cards={
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "what": {"enum": ["any", "character", "action", "basic_action"]},
                "name": {"type": "string", "minLength": 1},
                "affiliation": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                "max_cost": {"type": "integer", "minimum": 0},
                "other": {"const": True},  # 'a different character': not this card
                "unbought": {"const": True},  # no die of the card purchased by any player
            },
        },
        price={
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "fixed": {"type": "integer", "minimum": 0, "maximum": 9},
                "less": {"type": "integer", "minimum": 1, "maximum": 9},
                "free": {"const": True},
            },
            "minProperties": 1,
            "maxProperties": 1,
        },
        into={"enum": ["used", "prep", "bag", "roll"]},
    ),
    "fl_draw_route": effect_schema(
        "fl_draw_route",
        ["count", "dice", "match", "other"],
        count={"type": "integer", "minimum": 1, "maximum": 5},
        dice=_DICE,
        both={"const": True},
        match={"enum": list(_ZONES)},
        other={"enum": list(_ZONES)},
        effects=EFFECTS,
    ),
    "fl_draw_roll": effect_schema(
        "fl_draw_roll",
        ["dice", "matched", "unmatched"],
        dice=_DICE,
        effects=EFFECTS,
        repeat={"type": "integer", "minimum": 1, "maximum": 3},
        matched={"enum": ["prep", "used", "stay"]},
        unmatched={"enum": ["prep", "used", "stay"]},
        attack_damage={"const": True},
    ),
    "fl_ko_or_spin_down": effect_schema("fl_ko_or_spin_down", ["to"], to=SELECTOR),
    "fl_used_roll_field": effect_schema(
        "fl_used_roll_field",
        ["otherwise"],
        each={"const": True},
        otherwise={"enum": ["reserve", "used"]},
    ),
    "fl_gift_basic_action": effect_schema("fl_gift_basic_action", []),
    "fl_name_draw": effect_schema(
        "fl_name_draw",
        ["named", "hit", "miss"],
        named={"enum": ["any", "character"]},
        hit={"enum": ["field_3", "prep"]},
        miss={"enum": ["used", "bag"]},
        effects=EFFECTS,
    ),
    "fl_sidekick_energy_ko": effect_schema(
        "fl_sidekick_energy_ko", ["source"], source={"enum": ["used", "field"]}
    ),
    "fl_draw_split": effect_schema(
        "fl_draw_split", ["count"], count={"type": "integer", "minimum": 2, "maximum": 2}
    ),
}


# -- a purchase while the effect resolves ---------------------------------------------------------
def _buyable(ctx, card_key: str, wanted: dict) -> bool:
    card = ctx.cards.get(card_key)
    if card is None:
        return False
    what = wanted.get("what", "any")
    if what == "character" and card.kind != "character":
        return False
    if what == "action" and card.kind == "character":
        return False
    if what == "basic_action" and card.kind != "basic_action":
        return False
    if "name" in wanted and card.display_title.lower() != wanted["name"].lower():
        return False
    if "affiliation" in wanted and not set(card.affiliations) & set(wanted["affiliation"]):
        return False
    if "max_cost" in wanted and card.cost > wanted["max_cost"]:
        return False
    if wanted.get("other") and card_key == ctx.card:
        return False
    if wanted.get("unbought") and any(
        d.card == card_key and d.zone != Zone.UNPURCHASED for d in ctx.state.dice
    ):
        return False
    why = abilities.restriction(
        ctx.state, ctx.cards, "purchase", player=ctx.holder, params=(card_key,)
    )
    return not why  # R13.7


def _stock(ctx, wanted: dict) -> list[str]:
    """The first unpurchased die of each card the holder may buy it from (R7.1)."""
    keys = [*ctx.state.player(ctx.holder).team, *ctx.state.basic_actions]
    found = []
    for key in keys:
        pool = "BA" if key in ctx.state.basic_actions else ctx.holder
        stock = [
            d.id
            for d in ctx.state.dice
            if d.card == key and d.owner == pool and d.zone == Zone.UNPURCHASED
        ]
        if stock and _buyable(ctx, key, wanted):
            found.append(stock[0])
    return found


def _price(ctx, card_key: str, price: dict) -> EnergyCost | None:
    card = ctx.cards[card_key]
    types = () if card.kind == "basic_action" else tuple(card.energy)
    if price.get("free"):
        return None
    if "fixed" in price:
        return EnergyCost(price["fixed"], types)
    cost = query.purchase_cost(ctx.state, ctx.cards, ctx.holder, card_key).value
    return EnergyCost(max(cost - price["less"], 1, len(types)), types)  # R7.3


def _purchase(ctx, effect, bursts, scope=None):
    found = _stock(ctx, effect["cards"])
    if not found:
        return
    chosen = ctx.choose("choose a die to purchase (or none)", found, count=1, minimum=0)
    if not chosen:
        return
    die = ctx.die(chosen[0])
    card = ctx.cards[die.card]
    cost = _price(ctx, die.card, effect["price"])
    if (
        cost is not None
        and cost.amount
        and not ctx.may(f"pay {cost.amount} for {card.name}", cost=cost)
    ):
        return
    bought = replace(die, owner=ctx.holder, controller=ctx.holder, zone=Zone.USED)
    ctx.put(bought)
    ctx.emit(
        "purchased",
        f"{ctx.holder} purchased {bought.id} ({card.name}); it goes to the Used Pile ({ctx.label})",
        rule="R7.4",
        die=bought.id,
        player=ctx.holder,
    )
    strike.note_purchased(ctx, ctx.holder, bought.id, card.kind)
    _route(ctx, bought.id, effect.get("into", "used"))
    if scope is not None:
        scope.picked = [bought.id]


def _route(ctx, die_id: str, into: str) -> None:
    die = ctx.state.die(die_id)
    if die is None:
        return
    if into == "roll":
        ctx.roll(die.owner, (die_id,))
    elif into == "prep":
        ctx.prep(die_id)
    elif into == "used":
        if die.zone != Zone.USED:
            ctx.send_to_used(die_id)
    elif die.zone != Zone.BAG:
        ctx.move(die_id, Zone.BAG)
        ctx.emit("moved", f"{die_id} went back to the bag ({ctx.label})", die=die_id,
                 player=die.owner)  # fmt: skip


# -- draw dice, then each goes where the card says ------------------------------------------------
def _draw_route(ctx, effect, bursts, scope=None):
    from rules.abilities.runtime import run_effects
    from rules.abilities.trigger_events import used_die_matches

    drawn = ctx.draw(ctx.holder, effect["count"], to=Zone.PREP)
    matching = [d for d in drawn if used_die_matches(ctx.cards, ctx.state.die(d), effect["dice"])]
    if effect.get("both") and len(matching) != effect["count"]:
        matching = []
    if matching and effect.get("effects"):
        run_effects(ctx, effect["effects"], bursts=bursts, kind=scope.kind if scope else "")
    routes = [(d, effect["match"] if d in matching else effect["other"]) for d in drawn]
    rolled = tuple(d for d, into in routes if into == "roll" and ctx.state.die(d) is not None)
    if rolled:
        ctx.roll(ctx.holder, rolled)  # rolled together, as one roll (R4.3)
    for die_id, into in routes:
        if into != "roll":
            _route(ctx, die_id, into)
    if scope is not None:
        scope.picked = list(drawn)


def _draw_roll(ctx, effect, bursts, scope=None):
    from rules.abilities.runtime import run_effects
    from rules.abilities.trigger_events import used_die_matches

    kind = scope.kind if scope else ""
    for _ in range(1 + effect.get("repeat", 0)):
        drawn = ctx.draw(ctx.holder, 1, to=Zone.RESERVE)
        if not drawn:
            return
        die = ctx.state.die(drawn[0])
        matched = die.face.is_character and used_die_matches(ctx.cards, die, effect["dice"])
        if matched and effect.get("attack_damage"):
            ctx.damage(ctx.opponent, die.face.attack)
        if matched and effect.get("effects"):
            run_effects(ctx, effect["effects"], bursts=bursts, kind=kind)
        where = effect["matched" if matched else "unmatched"]
        if where != "stay" and ctx.state.die(die.id) is not None:
            _route(ctx, die.id, where)
        if not matched:
            return


def _ko_or_spin_down(ctx, effect, bursts, scope=None):
    from rules.abilities.runtime import pick

    for target in pick(ctx, effect["to"], "KO or spin down", scope):
        die = ctx.state.die(target)
        if die is None or die.face is None or not die.face.is_character:
            continue
        if die.face.level <= 1:
            ctx.ko(target)
        else:
            ctx.spin(target, -1)


def _used_roll_field(ctx, effect, bursts, scope=None):
    players = [ctx.holder, ctx.opponent] if effect.get("each") else [ctx.holder]
    for player in players:
        used = [
            d.id
            for d in ctx.state.zone(player, Zone.USED)
            if d.card is None or ctx.cards[d.card].kind == "character"
        ]
        if not used:
            continue
        minimum = 0 if effect.get("each") else 1
        prompt = "choose a character die in your Used Pile to roll"
        chosen = ctx.choose(prompt, used, count=1, minimum=minimum, player=player)
        if not chosen:
            continue
        ctx.roll(player, chosen)
        die = ctx.state.die(chosen[0])
        if die.face.is_character:
            ctx.field(die.id, level=die.face.level)
        elif effect["otherwise"] == "used":
            ctx.send_to_used(die.id)


def _gift_basic_action(ctx, effect, bursts, scope=None):
    found = []
    for key in ctx.state.basic_actions:
        stock = [d.id for d in ctx.state.dice if d.card == key and d.zone == Zone.UNPURCHASED]
        found += stock[:1]
    if not found:
        return
    prompt = "choose an unpurchased basic action die for your opponent's Used Pile"
    (chosen,) = ctx.choose(prompt, found, count=1, player=ctx.opponent)
    die = ctx.die(chosen)
    ctx.put(replace(die, owner=ctx.holder, controller=ctx.holder, zone=Zone.USED))
    ctx.emit("moved", f"{chosen} went to {ctx.holder}'s Used Pile ({ctx.label})", die=chosen,
             player=ctx.holder)  # fmt: skip


def _name_draw(ctx, effect, bursts, scope=None):
    from rules.abilities.runtime import run_effects

    keys = [*ctx.state.player(ctx.holder).team, *ctx.state.basic_actions]
    if effect["named"] == "character":
        keys = [k for k in keys if k in ctx.cards and ctx.cards[k].kind == "character"]
    if not keys:
        return
    (named,) = ctx.choose("name a die (its card)", keys, count=1)
    drawn = ctx.draw(ctx.holder, 1, to=Zone.PREP)
    if not drawn:
        return
    die = ctx.state.die(drawn[0])
    if die.card != named:
        _route(ctx, die.id, effect["miss"])
        return
    if effect.get("effects"):
        run_effects(ctx, effect["effects"], bursts=bursts, kind=scope.kind if scope else "")
    if effect["hit"] == "field_3":
        ctx.field(die.id, level=3)
    # 'prep': it was drawn into the Prep Area, where it stays


def _sidekick_energy_ko(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime
    from rules.engine.state import IN_FIELD

    if effect["source"] == "used":
        found = [d.id for d in ctx.state.zone(ctx.holder, Zone.USED) if d.is_sidekick]
    else:
        found = [d.id for d in ctx.state.field(ctx.holder) if d.is_sidekick and d.zone in IN_FIELD]
    if not found:
        return
    (chosen,) = ctx.choose("choose the Sidekick die to roll", found, count=1)
    if effect["source"] == "used":
        ctx.roll(ctx.holder, (chosen,))
    else:
        runtime.reroll_one(ctx, chosen)
    face = ctx.state.die(chosen).face
    if face is not None and face.energy:
        target = {"pick": "up_to", "count": 1, "side": "opposing", "what": "character"}
        if "wild" not in face.energy:
            target["energy"] = sorted(set(face.energy))
        prompt = "KO"
        if effect["source"] == "field":
            prompt = "send the Sidekick to the Used Pile to KO"
        picked = runtime.pick(ctx, target, prompt)
        if picked and effect["source"] == "field":
            ctx.send_to_used(chosen)
        for die_id in picked:
            ctx.ko(die_id)
    if effect["source"] == "used" and ctx.state.die(chosen).zone == Zone.RESERVE:
        ctx.send_to_used(chosen)  # 'afterward, return the rolled Sidekick die'


def _draw_split(ctx, effect, bursts, scope=None):
    drawn = ctx.draw(ctx.holder, effect["count"], to=Zone.PREP)
    if len(drawn) < 2:
        for die_id in drawn:
            ctx.roll(ctx.holder, (die_id,))
        return
    (rolled,) = ctx.choose("choose the drawn die to roll (the other is prepped)", drawn)
    ctx.roll(ctx.holder, (rolled,))  # the other stays in the Prep Area, where it was drawn


EFFECT_RUNNERS = {
    "fl_purchase": _purchase,
    "fl_draw_route": _draw_route,
    "fl_draw_roll": _draw_roll,
    "fl_ko_or_spin_down": _ko_or_spin_down,
    "fl_used_roll_field": _used_roll_field,
    "fl_gift_basic_action": _gift_basic_action,
    "fl_name_draw": _name_draw,
    "fl_sidekick_energy_ko": _sidekick_energy_ko,
    "fl_draw_split": _draw_split,
}


def _team_lacks(test, state, cards, *, holder, this=None, card=""):
    return not any(
        (found := cards.get(key)) is not None
        and found.kind == "character"
        and set(found.affiliations) & set(test["affiliation"])
        for key in state.player(holder).team
    )


CONDITIONS = {
    "fl_team_lacks": (
        {"affiliation": {"type": "array", "items": {"type": "string"}, "minItems": 1}},
        _team_lacks,
    )
}
CONDITION_TEXT = {
    "fl_team_lacks": lambda test: (
        "no character card on your team is " + "/".join(a.title() for a in test["affiliation"])
    )
}


def _grants_range(spec) -> bool:
    """A triggered effect's grant (a global's is combat_globals', a while-active one is
    named_statics', which hold only while the card is active)."""
    return spec["when"] not in ("global", "while_active", "static") and any(
        e["do"] == "grant" and e.get("keyword", "").startswith("range_") for e in spec["effects"]
    )


def _range_abilities(card, encoding) -> tuple:
    from rules.abilities.extensions.keywords_more import granted_range

    if not any(_grants_range(spec) for spec in encoding.get("abilities", ())):
        return ()
    return (granted_range("fl_granted_range"),)


ENCODING_ABILITIES = {"fl_granted_range": _range_abilities}


# -- English --------------------------------------------------------------------------------------
def _cards_text(cards: dict) -> str:
    what = {
        "any": "die",
        "character": "character die",
        "action": "action die",
        "basic_action": "basic action die",
        "sidekick": "Sidekick die",
    }[cards.get("what", "any")]
    if "name" in cards:
        what = f"{cards['name']} die"
    if cards.get("affiliation"):
        what = f"{'/'.join(a.title() for a in cards['affiliation'])} {what}"
    if cards.get("other"):
        what = f"{what} of another card"
    if "max_cost" in cards:
        what = f"{what} with purchase cost {cards['max_cost']} or less"
    if cards.get("unbought"):
        what = f"{what} that no player has purchased yet"
    return what


_INTO = {
    "used": "",
    "prep": " and place it in your Prep Area",
    "bag": " and put it into your bag",
    "roll": " and roll it",
}


def _purchase_text(effect) -> str:
    price = effect["price"]
    if price.get("free"):
        paid = "for free"
    elif "fixed" in price:
        paid = f"for {price['fixed']} energy"
    else:
        paid = f"for {price['less']} less"
    into = _INTO[effect.get("into", "used")]
    return f"purchase a {_cards_text(effect['cards'])} {paid}{into}"


_WHERE = {
    "roll": "roll them into your Reserve Pool",
    "prep": "place them in your Prep Area",
    "used": "place them in your Used Pile",
    "bag": "return them to your bag",
}


def _draw_route_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    n = effect["count"]
    dice = _cards_text({k: v for k, v in effect["dice"].items() if k != "energy"})
    if effect["dice"].get("energy"):
        dice = f"{'/'.join(effect['dice']['energy'])} {dice}"
    head = f"draw {n} {'die' if n == 1 else 'dice'}"
    which = f"if {'all are' if effect.get('both') else 'a die drawn is'} a {dice}"
    then = f": {describe_effects(effect['effects'])}" if effect.get("effects") else ""
    return f"{head}; {which}{then}, {_WHERE[effect['match']]}; otherwise {_WHERE[effect['other']]}"


def _draw_roll_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    dice = effect["dice"]
    what = "a character face"
    if dice:
        noun = _cards_text(dice)
        what += f" on {'an' if noun[0].lower() in 'aeiou' else 'a'} {noun}"
    does = []
    if effect.get("attack_damage"):
        does.append("that character deals damage equal to its A to your opponent")
    if effect.get("effects"):
        does.append(describe_effects(effect["effects"]))
    if effect.get("repeat"):
        does.append(f"repeat this {effect['repeat']} more time(s) at most")
    where = {"prep": "your Prep Area", "used": "your Used Pile"}
    then = " and ".join(does)
    text = f"draw and roll a die; if it shows {what}: {then}"
    if effect["matched"] != "stay":
        text += f", and place it in {where[effect['matched']]}"
    if effect["unmatched"] != "stay":
        text += f"; otherwise place it in {where[effect['unmatched']]}"
    return text


def _ko_or_spin_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    return f"KO {describe_selector(effect['to'])} if it is at level 1, else spin it down 1 level"


def _used_roll_field_text(effect) -> str:
    who = "each player may roll" if effect.get("each") else "roll"
    their = "their" if effect.get("each") else "your"
    otherwise = (
        "it stays in the Reserve Pool"
        if effect["otherwise"] == "reserve"
        else "it goes back to the Used Pile"
    )
    return (
        f"{who} a character die from {their} Used Pile: on a character face it is fielded "
        f"for free; otherwise {otherwise}"
    )


def _name_draw_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    what = "a character die" if effect["named"] == "character" else "a die"
    hit = {"field_3": "field it at level 3", "prep": "place it in your Prep Area"}[effect["hit"]]
    if effect.get("effects"):
        hit = f"{describe_effects(effect['effects'])} and {hit}"
    miss = {"used": "place it in your Used Pile", "bag": "return it to your bag"}[effect["miss"]]
    return f"name {what}, then draw a die: if it is the named die, {hit}; otherwise {miss}"


def _sidekick_energy_ko_text(effect) -> str:
    if effect["source"] == "used":
        head = "roll a Sidekick die from your Used Pile (it goes back there afterwards)"
        ko = "you may KO"
    else:
        head = "reroll one of your Sidekick dice in the Field"
        ko = "you may send it to the Used Pile to KO"
    return (
        f"{head}; on an energy face {ko} target opposing character die of that energy type "
        "(on a wild face, any target opposing character die)"
    )


EFFECT_TEXT = {
    "fl_sidekick_energy_ko": _sidekick_energy_ko_text,
    "fl_name_draw": _name_draw_text,
    "fl_gift_basic_action": lambda effect: (
        "your opponent chooses an unpurchased basic action die: it goes to your Used Pile"
    ),
    "fl_used_roll_field": _used_roll_field_text,
    "fl_ko_or_spin_down": _ko_or_spin_text,
    "fl_purchase": _purchase_text,
    "fl_draw_route": _draw_route_text,
    "fl_draw_roll": _draw_roll_text,
    "fl_draw_split": lambda effect: (
        "draw 2 dice: roll one of them and place the other in your Prep Area"
    ),
}
