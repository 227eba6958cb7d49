"""Effects of the `fielded_effects` family (rules/abilities/templates/fielded_effects.py, clauses
in rules/abilities/phrases_fielded_effects.py).

- `per_tally` (`tally`, `effects`): 'deal 1 damage to target opponent for each action die in
  your Reserve Pool', 'deal X damage to target character die, where X is the number of [B]
  symbols in your Reserve Pool', 'gain X life, where X is the number of character dice you
  fielded this turn': the `effects` (damage, life) happen with their amounts multiplied by a
  tally taken when the ability resolves; nothing when it is 0 (no target is asked). The tally:
  - `reserve` (`yours` / `opposing`: whose Reserve Pool) with `unit`:
    - `dice`: the dice there (`what` `action`: dice of action cards, whatever face they
      show; `double`: dice showing a face with two energy symbols, generic faces not counted);
    (`chosen`: the Reserve Pool of the player the one damage effect picks, 'deal damage to
    target player equal to the amount of energy in their Reserve Pool');
    - `symbols`: energy symbols on the energy faces shown (R6.2: symbols, not dice); with
      `energy` only symbols of those types (a wild never counts as a type, R6.2), without it
      every symbol, wild and generic included ('the amount of energy in their Reserve Pool');
  - `fielded` (`yours`): the character dice the holder fielded this turn, the die whose
    ability it is included (the engine's record, rules/engine/keywords/strike.py).
- `spin_to_energy` (`to`, `single`): 'spin target opposing character die to an energy face':
  each die picked turns to an energy face the holder names (a choice among the faces a die of
  its card can show: its card's energy types, one or two symbols, or wild; `single`: one
  symbol only, 'its single energy face'), and an energy face can't be in the Field, so it
  goes to its controller's Reserve Pool and loses its damage and effects, as a die rerolled to
  energy (R14.1). It is not a spin of levels (R14.2 forbids that unless stated: the card
  states it) and not a reroll. `chooser` `controller` (misc_tail's clause 'to an energy face
  of your opponent's choice'): the die's controller names the face instead.
- `search_bag` (`dice`: a from_used effect's filters, `count`, `up_to`): 'search your bag for
  an action die / up to 2 Sidekick dice and roll it / them': the holder picks matching dice
  among those in their bag (the bag only: it is not refilled from the Used Pile) and rolls them
  into the Reserve Pool (R4.3); with none there, nothing.
- `reserve_to_used` (`faces`: `wild` / `generic`): 'move all [Q] energy from opponent's
  Reserve Pool to the Used Pile', '... all dice showing generic or [Q] energy ...' ([Q] is the
  wild symbol): each of the opponent's Reserve Pool dice showing such a face goes to their Used
  Pile (on the holder's turn, not the owner's: straight there, R4.6).
- `players_choose_ko` (`dice`: a selector's filters, `keep`): 'each player chooses and KO's
  one of their character dice', 'each player KOs a Sidekick they control': each player, the
  holder first (the active player, R13.3), chooses one of the matching dice they control and
  KOs it; with `keep` ('each player must knock out all but one of his or her non-Villain
  characters') the player chooses the one to keep and the others are KO'd.
- `to_bag` (`zones`, `what`): 'move all Sidekick dice from your opponent's Used Pile and Prep
  Area to their bag': the opponent's dice of that kind in those zones go to their bag.
- `only_if` (`if`, `effects`): the effects happen only if the condition holds when it
  resolves ('If an opponent has an active Spider-Man you take no damage from this effect':
  the damage to you only if they have none).
- `search_bag` also puts the dice found `into` the Prep Area ('add it to your Prep Area') or
  the Field ('field it at level 1': fielding, free, at level 1, R8.2: 'when fielded' triggers);
  'a NAME die' is a die of the card of that name.
- `prep_again_if` (`dice`): 'Prep a die from your bag. If the Prepped die is a [DCV] character
  die, Prep a second die from your bag': one die drawn into the Prep Area, and one more when
  the first is a die of a matching card (a from_used effect's filters).
- `spin_down_per_stuck` (`to`, `effects`): 'spin all [XMEN] character dice down 1 level and
  deal 2 damage to your opponent for each that cannot spin down': each die picked spins down
  one level; the `effects` happen once for each that couldn't (at level 1, R14.2).
- `damage_by_cost` (`to`, `amount`, `min_cost`, `instead`): 'deal 2 damage to target character
  die. If that character die has a purchase cost of 4 or more, deal it 5 damage instead': the
  die picked takes `instead` when its card's purchase cost is at least `min_cost` (a Sidekick
  costs 0, R1.5), `amount` otherwise.
- condition `highest_cost_fielded`: 'if you have the highest purchase cost die fielded': one
  of your character dice in the Field has a purchase cost higher than every opposing one's
  (a tie is not the highest: the weaker reading, T5.1; a Sidekick costs 0, R1.5).
- `per_tally` also counts `own_fielding`: the fielding cost printed on the face the ability's
  own die shows ('X is equal to NAME's printed fielding cost').
"""

from rules.abilities import selectors as sel
from rules.abilities.extensions import CONDITION, EFFECTS, SELECTOR, effect_schema
from rules.engine.faces import possible_faces
from rules.engine.state import IN_FIELD, Zone, other, replace

_TALLY = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "reserve": {"enum": ["yours", "opposing", "chosen"]},
        "unit": {"enum": ["dice", "symbols"]},
        "what": {"enum": ["action"]},
        "double": {"type": "boolean"},
        "energy": {
            "type": "array",
            "items": {"enum": ["fist", "bolt", "mask", "shield"]},
            "minItems": 1,
        },
        "fielded": {"enum": ["yours"]},
        "own_fielding": {"const": True},
    },
    "oneOf": [
        {"required": ["reserve", "unit"]},
        {"required": ["fielded"]},
        {"required": ["own_fielding"]},
    ],
}

EFFECT_SCHEMAS = {
    "per_tally": effect_schema("per_tally", ["tally", "effects"], tally=_TALLY, effects=EFFECTS),
    "spin_to_energy": effect_schema(
        "spin_to_energy",
        ["to"],
        to=SELECTOR,
        single={"type": "boolean"},
        chooser={"enum": ["controller"]},
    ),
    "search_bag": effect_schema(
        "search_bag",
        ["dice", "count"],
        dice={"type": "object"},
        count={"type": "integer", "minimum": 1, "maximum": 8},
        up_to={"type": "boolean"},
        into={"enum": ["reserve", "prep", "field"]},
    ),
    "damage_by_cost": effect_schema(
        "damage_by_cost",
        ["to", "amount", "min_cost", "instead"],
        to=SELECTOR,
        amount={"type": "integer", "minimum": 1, "maximum": 20},
        min_cost={"type": "integer", "minimum": 1, "maximum": 20},
        instead={"type": "integer", "minimum": 1, "maximum": 20},
    ),
    "prep_again_if": effect_schema("prep_again_if", ["dice"], dice={"type": "object"}),
    "spin_down_per_stuck": effect_schema(
        "spin_down_per_stuck", ["to", "effects"], to=SELECTOR, effects=EFFECTS
    ),
    "players_choose_ko": effect_schema(
        "players_choose_ko", ["dice"], dice=SELECTOR, keep={"type": "boolean"}
    ),
    "to_bag": effect_schema(
        "to_bag",
        ["zones", "what"],
        zones={"type": "array", "items": {"enum": ["used", "prep"]}, "minItems": 1},
        what={"enum": ["sidekick"]},
    ),
    "only_if": effect_schema("only_if", ["if", "effects"], effects=EFFECTS, **{"if": CONDITION}),
    "reserve_to_used": effect_schema(
        "reserve_to_used",
        ["faces"],
        faces={"type": "array", "items": {"enum": ["wild", "generic"]}, "minItems": 1},
    ),
}


def tally(state, cards, tally_spec: dict, holder: str, source: str = "", chosen: str = "") -> int:
    """What a `per_tally` tally comes to now, for the player `holder` (`source`: the ability's
    own die)."""
    from rules.engine.keywords import strike

    if "own_fielding" in tally_spec:
        own = state.die(source) if source else None
        return own.face.fielding if own is not None and own.face and own.face.is_character else 0
    if "fielded" in tally_spec:
        return len(strike.fielded_this_turn(state, holder))
    player = {"yours": holder, "opposing": other(holder)}.get(tally_spec["reserve"], chosen)
    dice = state.zone(player, Zone.RESERVE)
    if tally_spec["unit"] == "symbols":
        total = 0
        for die in dice:
            face = die.face
            if face is None or not face.is_energy:
                continue
            if "energy" in tally_spec:
                total += sum(1 for symbol in face.energy if symbol in tally_spec["energy"])
            else:
                total += face.symbols
        return total
    return sum(1 for die in dice if _counted(cards, die, tally_spec))


def _counted(cards, die, tally_spec: dict) -> bool:
    if tally_spec.get("double"):
        face = die.face
        if face is None or not face.is_energy or face.generic or len(face.energy) != 2:
            return False
    if tally_spec.get("what") == "action":  # a die of an action card, whatever it shows
        card_def = cards.get(die.card) if die.card else None
        return card_def is not None and card_def.kind != "character"
    return True


def _per_tally(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    if effect["tally"].get("reserve") == "chosen":  # 'target player ... their Reserve Pool'
        _per_chosen_player(ctx, effect, scope)
        return
    found = tally(ctx.state, ctx.cards, effect["tally"], ctx.holder, ctx.source)
    if not found:
        return
    times = found * (scope.times if scope is not None else 1)
    inner = runtime.Scope(scope.kind if scope is not None else "", times)
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, inner)
    if scope is not None:
        scope.picked = inner.picked


def _per_chosen_player(ctx, effect, scope=None):
    """The player the one damage effect picks is the player whose Reserve Pool is counted."""
    from rules.abilities import runtime

    (inner,) = effect["effects"]
    times = scope.times if scope is not None else 1
    for player in runtime.pick(ctx, inner["to"], "deal damage", scope):
        found = tally(ctx.state, ctx.cards, effect["tally"], ctx.holder, chosen=player)
        if found:
            ctx.damage(player, found * inner["amount"] * times)


def energy_faces(card_def, single: bool) -> list:
    """The energy faces a die of `card_def` (None: a Sidekick) may show, by their notation."""
    faces = [f for f in possible_faces(card_def) if f.is_energy and not f.generic]
    if single:
        faces = [f for f in faces if len(f.energy) == 1]
    return faces


def _spin_to_energy(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    for target in runtime.pick(ctx, effect["to"], "spin to an energy face", scope):
        die = ctx.state.die(target)
        if die is None or die.zone not in IN_FIELD or die.is_token:
            continue  # a token has no energy face (R1.7)
        card_def = ctx.cards.get(die.card) if not die.is_sidekick else None
        faces = {f.notation(): f for f in energy_faces(card_def, effect.get("single", False))}
        if not faces:
            continue
        chooser = die.controller if effect.get("chooser") == "controller" else None
        which = ctx.choose(
            f"the energy face {target} is spun to", tuple(faces), count=1, player=chooser
        )[0]
        moved = ctx.move(target, Zone.RESERVE)
        if moved is None:
            continue
        ctx.put(replace(moved, face=faces[which]))
        ctx.emit(
            "moved",
            f"{target} was spun to {which} and moved to the Reserve Pool ({ctx.label})",
            rule="R14.1",
            die=target,
            player=moved.controller,
        )


def _search_bag(ctx, effect, bursts, scope=None):
    from rules.abilities.trigger_events import used_die_matches

    found = [
        d.id
        for d in ctx.state.zone(ctx.holder, Zone.BAG)
        if used_die_matches(ctx.cards, d, effect["dice"])
    ]
    if not found:
        return
    count = min(effect["count"], len(found))
    minimum = 0 if effect.get("up_to") else count
    prompt = "search your bag: choose the dice to roll"
    picked = ctx.choose(prompt, found, count=count, minimum=minimum)
    into = effect.get("into", "reserve")
    if picked and into == "reserve":
        ctx.roll(ctx.holder, tuple(picked))
    for die_id in picked if into != "reserve" else ():
        if into == "prep":
            ctx.move(die_id, Zone.PREP)
            ctx.emit("moved", f"{die_id} went to the Prep Area ({ctx.label})", die=die_id,
                     player=ctx.holder)  # fmt: skip
        else:
            ctx.field(die_id, level=1)
    if scope is not None:
        scope.picked = list(picked)


def _reserve_to_used(ctx, effect, bursts, scope=None):
    wanted = set(effect["faces"])
    for die in list(ctx.state.zone(ctx.opponent, Zone.RESERVE)):
        face = die.face
        if face is None or not face.is_energy:
            continue
        wild = face.energy == ("wild",)
        if (wild and "wild" in wanted) or (face.generic and "generic" in wanted):
            ctx.send_to_used(die.id)


def _players_choose_ko(ctx, effect, bursts, scope=None):
    for player in (ctx.holder, ctx.opponent):
        mine = {**effect["dice"], "pick": "each", "side": "yours"}
        found = [d.id for d in sel.dice(ctx.state, ctx.cards, mine, holder=player)]
        if effect.get("keep"):
            if len(found) < 2:
                continue
            kept = ctx.choose("choose the one die you keep", found, count=1, player=player)
            doomed = [d for d in found if d not in kept]
        else:
            if not found:
                continue
            doomed = list(ctx.choose("choose one of your dice to KO", found, player=player))
        for die_id in doomed:
            ctx.ko(die_id)


_BAG_ZONES = {"used": Zone.USED, "prep": Zone.PREP}


def _to_bag(ctx, effect, bursts, scope=None):
    zones = {_BAG_ZONES[z] for z in effect["zones"]}
    for die in list(ctx.state.dice):
        if die.owner != ctx.opponent or die.zone not in zones or not die.is_sidekick:
            continue
        ctx.move(die.id, Zone.BAG)
        ctx.emit("moved", f"{die.id} went to the bag ({ctx.label})", die=die.id, player=die.owner)


def _only_if(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    this = ctx.state.die(ctx.source) if ctx.source else None
    test = effect["if"]
    if not sel.condition(test, ctx.state, ctx.cards, holder=ctx.holder, this=this, card=ctx.card):
        return
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, scope)


def _prep_again_if(ctx, effect, bursts, scope=None):
    from rules.abilities.trigger_events import used_die_matches

    drawn = ctx.draw(ctx.holder, 1, to=Zone.PREP)
    first = ctx.state.die(drawn[0]) if drawn else None
    if first is not None and used_die_matches(ctx.cards, first, effect["dice"]):
        ctx.draw(ctx.holder, 1, to=Zone.PREP)


def _spin_down_per_stuck(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    stuck = 0
    for target in runtime.pick(ctx, effect["to"], "spin down", scope):
        if not ctx.spin(target, -1):
            stuck += 1
    if not stuck:
        return
    inner = runtime.Scope(scope.kind if scope is not None else "", stuck)
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, inner)


def _highest_cost(test, state, cards, *, holder, this=None, card=""):
    def costs(player):
        found = sel.dice(state, cards, {"pick": "each", "side": "yours"}, holder=player)
        return [cards[d.card].cost if d.card in cards and not d.is_sidekick else 0 for d in found]

    mine, theirs = costs(holder), costs(other(holder))
    return bool(mine) and max(mine) > max(theirs, default=-1)


CONDITIONS = {"highest_cost_fielded": ({}, _highest_cost)}
CONDITION_TEXT = {
    "highest_cost_fielded": lambda test: (
        "your costliest die in the Field costs more than any of your opponent's"
    )
}


def _damage_by_cost(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    times = scope.times if scope is not None else 1
    for target in runtime.pick(ctx, effect["to"], "deal damage", scope):
        die = ctx.state.die(target)
        card_def = ctx.cards.get(die.card) if die is not None and not die.is_sidekick else None
        costly = card_def is not None and card_def.cost >= effect["min_cost"]
        ctx.damage(target, (effect["instead"] if costly else effect["amount"]) * times)


EFFECT_RUNNERS = {
    "damage_by_cost": _damage_by_cost,
    "prep_again_if": _prep_again_if,
    "spin_down_per_stuck": _spin_down_per_stuck,
    "players_choose_ko": _players_choose_ko,
    "to_bag": _to_bag,
    "only_if": _only_if,
    "per_tally": _per_tally,
    "spin_to_energy": _spin_to_energy,
    "search_bag": _search_bag,
    "reserve_to_used": _reserve_to_used,
}


def tally_text(tally_spec: dict) -> str:
    if "own_fielding" in tally_spec:
        return "point of fielding cost printed on this die's face"
    if "fielded" in tally_spec:
        return "character die you fielded this turn"
    whose = {"yours": "your", "opposing": "your opponent's"}.get(
        tally_spec["reserve"], "that player's"
    )
    where = f"in {whose} Reserve Pool"
    if tally_spec["unit"] == "symbols":
        if "energy" in tally_spec:
            kinds = " or ".join(e.title() for e in tally_spec["energy"])
            return f"{kinds} energy symbol {where} (wild not counted)"
        return f"energy symbol {where} (wild and generic included)"
    if tally_spec.get("double"):
        return f"die {where} showing a double energy face"
    if tally_spec.get("what") == "action":
        return f"action die {where} (whatever face it shows)"
    return f"die {where}"


def _per_tally_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    return f"{describe_effects(effect['effects'])} for each {tally_text(effect['tally'])}"


def _spin_to_energy_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    face = "a single-energy face" if effect.get("single") else "an energy face"
    one = effect["to"]["pick"] == "target" and effect["to"].get("count", 1) == 1
    goes = "it goes to its" if one else "each goes to its"
    whose = "its controller's" if effect.get("chooser") == "controller" else "your"
    return (
        f"turn {describe_selector(effect['to'])} to {face} of {whose} choice ({goes} Reserve Pool)"
    )


def _search_bag_text(effect) -> str:
    from rules.abilities.trigger_events import _describe_from_used

    shape = {k: v for k, v in effect.items() if k in ("count", "up_to", "dice")}
    wanted = _describe_from_used({"into": "prep", **shape}).split(" from your Used Pile")[0]
    one = effect["count"] == 1 and not effect.get("up_to")
    it = "it" if one else "them"
    where = {
        "reserve": f"roll {it} into your Reserve Pool",
        "prep": f"put {it} in your Prep Area",
        "field": f"field {it} at level 1",
    }[effect.get("into", "reserve")]
    return f"search your bag for {wanted.removeprefix('move ')} and {where}"


def _prep_again_if_text(effect) -> str:
    from rules.abilities.trigger_events import _describe_from_used

    wanted = _describe_from_used({"into": "prep", "count": 1, "dice": effect["dice"]})
    noun = wanted.split(" from your Used Pile")[0].removeprefix("move 1 ")
    return f"you draw 1 die into your Prep Area, and 1 more if it is a {noun}"


def _spin_down_per_stuck_text(effect) -> str:
    from rules.abilities.describe import describe_effects, describe_selector

    return (
        f"spin {describe_selector(effect['to'])} down 1 level; for each that can't spin down: "
        f"{describe_effects(effect['effects'])}"
    )


def _reserve_to_used_text(effect) -> str:
    faces = " or ".join(effect["faces"])
    return (
        f"each die in your opponent's Reserve Pool showing {faces} energy goes to their Used Pile"
    )


def _players_choose_ko_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    dice = describe_selector({**effect["dice"], "pick": "each"}).removeprefix("all ")
    if effect.get("keep"):
        return f"each player chooses one of their {dice} to keep and KOs the others"
    return f"each player chooses one of their {dice} and KOs it"


def _to_bag_text(effect) -> str:
    zones = " and ".join({"used": "Used Pile", "prep": "Prep Area"}[z] for z in effect["zones"])
    return f"all Sidekick dice in your opponent's {zones} go to their bag"


def _only_if_text(effect) -> str:
    from rules.abilities.describe import describe_condition, describe_effects

    return f"if {describe_condition(effect['if'])}: {describe_effects(effect['effects'])}"


def _damage_by_cost_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    return (
        f"deal {effect['amount']} damage to {describe_selector(effect['to'])} "
        f"({effect['instead']} instead if its card costs {effect['min_cost']} or more)"
    )


EFFECT_TEXT = {
    "damage_by_cost": _damage_by_cost_text,
    "prep_again_if": _prep_again_if_text,
    "spin_down_per_stuck": _spin_down_per_stuck_text,
    "players_choose_ko": _players_choose_ko_text,
    "to_bag": _to_bag_text,
    "only_if": _only_if_text,
    "per_tally": _per_tally_text,
    "spin_to_energy": _spin_to_energy_text,
    "search_bag": _search_bag_text,
    "reserve_to_used": _reserve_to_used_text,
}
