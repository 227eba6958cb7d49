"""Effects of the `watch_tail` family (rules/abilities/templates/watch_tail.py, clauses in
rules/abilities/phrases_watch_tail.py):

- `wt_each_deals` (`from`, `to`, `amount`): 'each of your level 2 or 3 character dice deals
  your opponent 2 damage': every die `from` means in the Field deals `amount` damage to the
  player `to` means, one damage per die, each die its own source (R11.4's 'each die deals').
- `wt_that_deals` (`to`, `amount`): 'that die deals 1 damage to all other opposing character
  dice', 'it deals damage to your opponent equal to its A': the watched die (still a
  character die in the Field; gone, it deals nothing: T5.1) deals `amount` damage (or its A
  then, `its` 'attack') to each die `to` means other than itself, or to the player `to` means.
- `wt_damage_that_cost` (`to`): 'deal damage to target opponent equal to that die's fielding
  cost': the fielding cost printed on the face the watched die shows (0 when it has gone).
- `wt_spin_then` (`spin`, `choose`, `effects`): 'spin up each of your NAME dice one level. If
  you spin up at least one ..., <effects>' (`choose` false: each die `spin` means) and 'spin a
  NAME die up 1 level. If you do, <effects>' (`choose` true: the holder chooses one of them
  that can spin up, none: nothing); the `effects` only when at least one die spun up (R14.2:
  a level 3 die can't).
- `wt_place` (`dice`, `zones`, `level`): 'move a NAME die from your bag or Used Pile to the
  Field Zone at level 1': the holder chooses one of their dice matching `dice` (a from_used
  effect's filters) in those zones and it is put in the Field on that level's face. Moved,
  not fielded: no 'when fielded' (R8.2).
- `wt_per_own_energy` (`effects`): 'gain 1 life for each NAME die you rolled that shows an
  energy face' at the end of the Roll and Reroll Step: the `effects` as many times as the
  holder's Reserve Pool holds dice of this card showing an energy face (every die there was
  rolled in this step: the Reserve Pool is emptied in Clear and Draw, R5.1).
- `wt_draw_field` (`dice`: an affiliation or energy filter), inside `wt_per_own_energy`:
  'draw one die for each ... Field any [S] character dice at level 1. Return any other dice to
  your bag': that many dice drawn together; each die of a character card with that
  affiliation (or energy) is fielded (free, level 1, R8.2), any other goes back to the bag.
- `wt_draw_keep` (`dice`: a from_used effect's filters): 'draw a die. If it is a [DCV]
  character die, Prep it. Otherwise, place it in your Used Pile': one die drawn into the Prep
  Area stays there when it matches, else it is sent to the Used Pile (R4.6: Out of Play on
  the holder's turn, as any die sent there).
- `wt_action_to_prep`: 'when you use an action die, you may pay [1] to add it to your Prep
  Area': the watched action die, once its effect has resolved and it has left for Out of Play
  / the Used Pile, goes to its owner's Prep Area instead; a continuous action die staying in
  the Field is not moved (T5.1).
- `wt_draw_two_keep_one`: 'draw 2 dice. Put one of those dice into the Prep Area and return
  the other to the bag': both drawn into the Prep Area, the holder chooses the one kept there,
  the other goes back to the bag (only one could be drawn: it stays).
- `wt_field_from` (`dice`, `zones`): 'field a [PAWN] from your Used Pile or Prep Area': the
  holder chooses one such die of theirs and fields it, free, at level 1 (R8.2: fielding).
"""

from dataclasses import replace

from rules.abilities import selectors as sel
from rules.abilities.extensions import EFFECTS, SELECTOR, effect_schema
from rules.engine.state import IN_FIELD, Zone

_ZONES = {"bag": Zone.BAG, "used": Zone.USED, "prep": Zone.PREP}
_ZONE_LIST = {"type": "array", "items": {"enum": list(_ZONES)}, "minItems": 1}
_POSITIVE = {"type": "integer", "minimum": 1}
_DICE = {"type": "object"}

EFFECT_SCHEMAS = {
    "wt_each_deals": effect_schema(
        "wt_each_deals",
        ["from", "to", "amount"],
        to=SELECTOR,
        amount=_POSITIVE,
        **{"from": SELECTOR},
    ),
    "wt_that_deals": effect_schema(
        "wt_that_deals", ["to"], to=SELECTOR, amount=_POSITIVE, its={"const": "attack"}
    ),
    "wt_damage_that_cost": effect_schema("wt_damage_that_cost", ["to"], to=SELECTOR),
    "wt_spin_then": effect_schema(
        "wt_spin_then",
        ["spin", "effects"],
        spin=SELECTOR,
        choose={"type": "boolean"},
        effects=EFFECTS,
    ),
    "wt_place": effect_schema(
        "wt_place",
        ["dice", "zones", "level"],
        dice=_DICE,
        zones=_ZONE_LIST,
        level={"enum": [1, 2, 3]},
    ),
    "wt_per_own_energy": effect_schema("wt_per_own_energy", ["effects"], effects=EFFECTS),
    "wt_draw_field": effect_schema("wt_draw_field", ["dice"], dice=_DICE),
    "wt_draw_keep": effect_schema("wt_draw_keep", ["dice"], dice=_DICE),
    "wt_action_to_prep": effect_schema("wt_action_to_prep", []),
    "wt_draw_two_keep_one": effect_schema("wt_draw_two_keep_one", []),
    "wt_field_from": effect_schema(
        "wt_field_from", ["dice", "zones"], dice=_DICE, zones=_ZONE_LIST
    ),
}


def _watched(ctx):
    """The watched die, while it is still a character die in the Field."""
    event = ctx.event
    die = ctx.state.die(event.die) if event is not None and event.die else None
    if die is None or not die.is_character or die.zone not in IN_FIELD:
        return None
    return die


def _each_deals(ctx, effect, bursts, scope=None):
    from rules.engine.effects import ops

    dealers = sel.dice(ctx.state, ctx.cards, effect["from"], holder=ctx.holder, card=ctx.card)
    for player in sel.players(effect["to"], ctx.holder):
        for dealer in dealers:
            if ctx.state.die(dealer.id) is not None:
                ops.deal_damage(ctx, player, effect["amount"], source=dealer.id)


def _that_deals(ctx, effect, bursts, scope=None):
    from rules.engine.effects import ops

    dealer = _watched(ctx)
    if dealer is None:
        return
    amount = ctx.attack(dealer) if effect.get("its") == "attack" else effect["amount"]
    if amount <= 0:
        return
    if effect["to"]["pick"] == "player":
        for player in sel.players(effect["to"], ctx.holder):
            ops.deal_damage(ctx, player, amount, source=dealer.id)
        return
    hit = sel.dice(ctx.state, ctx.cards, effect["to"], holder=ctx.holder, card=ctx.card)
    for die in hit:
        if die.id != dealer.id and ctx.state.die(die.id) is not None:
            ops.deal_damage(ctx, die.id, amount, source=dealer.id)


def _damage_that_cost(ctx, effect, bursts, scope=None):
    die = _watched(ctx)
    amount = die.face.fielding if die is not None and die.face is not None else 0
    if amount <= 0:
        return
    for player in sel.players(effect["to"], ctx.holder):
        ctx.damage(player, amount)


def _spin_then(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime
    from rules.engine.effects import dice as dice_ops

    found = sel.dice(ctx.state, ctx.cards, effect["spin"], holder=ctx.holder, card=ctx.card)
    can = [d.id for d in found if not dice_ops.can_spin(ctx, d, 1)]  # can_spin: why not
    if effect.get("choose") and can:
        can = list(ctx.choose("choose the die to spin up 1 level", can, count=1))
    spun = [die_id for die_id in can if ctx.spin(die_id, 1)]
    if not spun:
        return
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, scope)


def _candidates(ctx, effect) -> list[str]:
    from rules.abilities.trigger_events import used_die_matches

    zones = {_ZONES[z] for z in effect["zones"]}
    mine = [d for d in ctx.state.dice if d.owner == ctx.holder and d.zone in zones]
    return [d.id for d in mine if used_die_matches(ctx.cards, d, effect["dice"])]


def _place(ctx, effect, bursts, scope=None):
    from rules.engine.effects import dice as dice_ops

    found = _candidates(ctx, effect)
    if not found:
        return
    die = ctx.state.die(ctx.choose("choose the die to put in the Field", found, count=1)[0])
    levels = dice_ops.character_card_levels(ctx, die)
    level = min(effect["level"], len(levels))
    ctx.put(replace(die, zone=Zone.FIELD, face=levels[level - 1], controller=die.owner))
    ctx.emit(
        "moved",
        f"{die.id} was put in the Field Zone at level {level} ({ctx.label})",
        rule="R8.2",
        die=die.id,
        player=die.owner,
    )


def _field_from(ctx, effect, bursts, scope=None):
    found = _candidates(ctx, effect)
    if found:
        ctx.field(ctx.choose("choose the die to field", found, count=1)[0], level=1)


def _per_own_energy(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    rolled = [
        d
        for d in ctx.state.zone(ctx.holder, Zone.RESERVE)
        if d.card == ctx.card and d.face is not None and d.face.is_energy
    ]
    if not rolled:
        return
    times = len(rolled) * (scope.times if scope is not None else 1)
    inner = runtime.Scope(scope.kind if scope is not None else "", times)
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, inner)


def _draw_field(ctx, effect, bursts, scope=None):
    from rules.abilities.trigger_events import used_die_matches

    count = scope.times if scope is not None else 1
    for die_id in ctx.draw(ctx.holder, count):
        die = ctx.state.die(die_id)
        if used_die_matches(ctx.cards, die, {**effect["dice"], "what": "character"}):
            ctx.field(die_id, level=1)
            continue
        ctx.move(die_id, Zone.BAG)
        ctx.emit("moved", f"{die_id} went back to the bag ({ctx.label})", die=die_id,
                 player=ctx.holder)  # fmt: skip


def _draw_keep(ctx, effect, bursts, scope=None):
    from rules.abilities.trigger_events import used_die_matches

    for die_id in ctx.draw(ctx.holder, 1, to=Zone.PREP):
        die = ctx.state.die(die_id)
        if die is not None and not used_die_matches(ctx.cards, die, effect["dice"]):
            ctx.send_to_used(die_id)


def _action_to_prep(ctx, effect, bursts, scope=None):
    event = ctx.event
    die = ctx.state.die(event.die) if event is not None and event.die else None
    if die is None or die.owner != ctx.holder or die.zone not in (Zone.OUT_OF_PLAY, Zone.USED):
        return  # a continuous action die stays in the Field: not moved (its effect goes on)
    ctx.move(die.id, Zone.PREP)
    ctx.emit("moved", f"{die.id} went to the Prep Area ({ctx.label})", die=die.id,
             player=ctx.holder)  # fmt: skip


def _draw_two_keep_one(ctx, effect, bursts, scope=None):
    drawn = ctx.draw(ctx.holder, 2, to=Zone.PREP)
    if len(drawn) < 2:
        return  # one die (or none) drawn: it stays in the Prep Area, none to return
    kept = ctx.choose("choose the die to keep in your Prep Area", drawn, count=1)
    for die_id in drawn:
        if die_id not in kept:
            ctx.move(die_id, Zone.BAG)
            ctx.emit("moved", f"{die_id} went back to the bag ({ctx.label})", die=die_id,
                     player=ctx.holder)  # fmt: skip


EFFECT_RUNNERS = {
    "wt_draw_two_keep_one": _draw_two_keep_one,
    "wt_draw_keep": _draw_keep,
    "wt_action_to_prep": _action_to_prep,
    "wt_per_own_energy": _per_own_energy,
    "wt_draw_field": _draw_field,
    "wt_each_deals": _each_deals,
    "wt_that_deals": _that_deals,
    "wt_damage_that_cost": _damage_that_cost,
    "wt_spin_then": _spin_then,
    "wt_place": _place,
    "wt_field_from": _field_from,
}


def _zones_text(effect) -> str:
    names = {"bag": "bag", "used": "Used Pile", "prep": "Prep Area"}
    return " or ".join(names[z] for z in effect["zones"])


def _dice_text(dice) -> str:
    words = [dice["name"]] if "name" in dice else []
    words.append({"sidekick": "Sidekick"}.get(dice.get("what", ""), "character"))
    return " ".join(words) + " die"


def _each_deals_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    return (
        f"{describe_selector(effect['from'])}: each deals {effect['amount']} damage to "
        f"{describe_selector(effect['to'])}"
    )


def _that_deals_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    its = effect.get("its") == "attack"
    amount = "damage equal to its A" if its else f"{effect['amount']} damage"
    if effect["to"]["pick"] == "player":
        return f"that die deals {amount} to {describe_selector(effect['to'])}"
    return f"that die deals {amount} to each other die among {describe_selector(effect['to'])}"


def _damage_that_cost_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    return (
        f"deal damage to {describe_selector(effect['to'])} equal to the fielding cost of the "
        "face that die shows"
    )


def _spin_then_text(effect) -> str:
    from rules.abilities.describe import describe_effects, describe_selector

    dice = (
        "this card's dice"
        if effect["spin"]["pick"] == "this"
        else describe_selector(effect["spin"])
    )
    which = "one of " if effect.get("choose") else "each of "
    return f"spin {which}{dice} up 1 level; if one spun up: {describe_effects(effect['effects'])}"


def _place_text(effect) -> str:
    return (
        f"put a {_dice_text(effect['dice'])} from your {_zones_text(effect)} in the Field Zone "
        f"at level {effect['level']} (not fielded)"
    )


def _field_from_text(effect) -> str:
    return f"field a {_dice_text(effect['dice'])} from your {_zones_text(effect)}"


def _per_own_energy_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    return (
        "for each of this card's dice in your Reserve Pool showing an energy face: "
        f"{describe_effects(effect['effects'])}"
    )


def _draw_field_text(effect) -> str:
    from rules.abilities.describe import affiliation_name

    dice = effect["dice"]
    names = " or ".join(
        [affiliation_name(a) for a in dice.get("affiliation", ())] + list(dice.get("energy", ()))
    )
    return (
        f"draw one die for each; field those that are {names} character dice at level 1, put "
        "the others back in your bag"
    )


def _draw_keep_text(effect) -> str:
    from rules.abilities.trigger_events import _describe_from_used

    wanted = _describe_from_used({"into": "prep", "count": 1, "dice": effect["dice"]})
    noun = wanted.split(" from your Used Pile")[0].removeprefix("move ").removeprefix("1 ")
    return f"you draw 1 die into your Prep Area: unless it is a {noun}, it goes to your Used Pile"


EFFECT_TEXT = {
    "wt_draw_two_keep_one": lambda effect: (
        "draw 2 dice: one (your choice) stays in your Prep Area, the other goes back to the bag"
    ),
    "wt_draw_keep": _draw_keep_text,
    "wt_action_to_prep": lambda effect: "put the action die used in your Prep Area",
    "wt_per_own_energy": _per_own_energy_text,
    "wt_draw_field": _draw_field_text,
    "wt_each_deals": _each_deals_text,
    "wt_that_deals": _that_deals_text,
    "wt_damage_that_cost": _damage_that_cost_text,
    "wt_spin_then": _spin_then_text,
    "wt_place": _place_text,
    "wt_field_from": _field_from_text,
}
