"""Effects of the `when_rest` family (rules/abilities/templates/when_rest.py, clauses in
rules/abilities/phrases_when_rest.py).

- `wn_field_from` (`dice`, `zones`, `level`): 'field a NAME die from your Used Pile or Prep
  Area (for free) at level N': the holder picks one of their dice of that card name in those
  zones and fields it at that level (fielding by an effect: free, 'when fielded' triggers,
  R8.2). None there: nothing happens.
- trigger `wn_combat_survived` (rules.abilities.trigger_events): combat is over and the dice
  still in the Attack Zone return to the Field (the engine's 'moved' event of R11.5, after the
  combat KO step): one of this card's dice among them. The blocked attackers that were not
  KO'd are there (an unblocked attacker went Out of Play when it dealt its damage, R11.4), and
  the blockers that were not KO'd.
- trigger `wn_kod_attacking`: 'If / When NAME is KO'd while attacking': this die KO'd in the
  combat KO step (R11.5) on its player's turn. The weaker reading (T5.1): a KO by an effect
  while the die is in the Attack Zone (before combat damage) does not count.
- `wn_each_survivor` (`as`: blocked / blocking, `effects`): after that trigger, the effects
  once for each of this card's dice of its holder that came back so, as that die's own
  ('this die': its A, its damage, its spin): 'If NAME is blocked but is not knocked out, he
  deals 2 damage to the opposing player', 'When NAME blocks and is not KO'd, spin him up 1
  level'. 'blocked': the holder's attacker that was blocked (R11.2); 'blocking': a die of
  the holder's that blocked on the opponent's turn.
- condition `wn_action_used` (`basic`: a basic action die only): the holder used an action
  die this turn, read as one of their action dice being Out of Play (where a used action die
  waits until the Cleanup Step, R9.1). The weaker reading (T5.1): a Continuous action die used
  this turn stays in the Field and is not counted (one used on an earlier turn is there too).
- condition `wn_fielded` (`affiliation`, `what`: non_sidekick, `not_name`): the holder fielded
  this turn a character die of that kind (the engine's record of the turn's fieldings,
  K-STRIKE's module): 'If you have fielded a non-Drax [GG] character die this turn', 'If you
  fielded a non-Sidekick character die besides Hawkman this turn'.
- condition `wn_survives`: the triggering die is in the Field with less damage than its D, so
  the damage just dealt does not KO it ('When NAME takes damage and isn't KO'd'). Read when
  the trigger fires: combat damage is dealt before the combat KO step (R11.4, R11.5), other
  damage KOs at once (R12.3), so a die it KOs is no longer in the Field by then.
- `wn_from_used` (`into`: prep / bag, `count`, `up_to`, `dice`: `what` and `affiliation` as a
  from_used effect's, `names`: any of these card names, `not_name`: not this card name): move
  dice of the holder's Used Pile that the holder picks to the Prep Area or the bag ('Prep a
  Superman or Supergirl character die in your Used Pile', 'Prep a non-Jimmy Olsen [DCS] die
  from your Used Pile', 'move a different Justice League character from the Used Pile to your
  Prep Area', 'add up to 2 dice from your Used Pile to your bag'). Fewer there: those there.
- `wn_damage_dealt` (`to`): after 'When NAME damages an opponent', damage equal to what the
  opponent took (the trigger's event amount, after any prevention, R13.4) to the dice or
  player `to` picks.
- `wn_draw_split`: 'draw 2 dice from your bag. Prep one and place the other in your Used
  Pile': both drawn into the Prep Area, the holder picks the one that stays, the other goes to
  the Used Pile (one die drawn: it stays in the Prep Area).
"""

from rules.abilities.extensions import EFFECTS, SELECTOR, effect_schema
from rules.engine.state import Zone

_ZONES = {"bag": Zone.BAG, "used": Zone.USED, "prep": Zone.PREP}
_ZONE_LIST = {"type": "array", "items": {"enum": list(_ZONES)}, "minItems": 1}

EFFECT_SCHEMAS = {
    "wn_field_from": effect_schema(
        "wn_field_from",
        ["dice", "zones", "level"],
        dice={
            "type": "object",
            "additionalProperties": False,
            "required": ["name"],
            "properties": {"what": {"const": "character"}, "name": {"type": "string"}},
        },
        zones=_ZONE_LIST,
        level={"enum": [1, 2, 3]},
    ),
    "wn_draw_split": effect_schema("wn_draw_split", []),
    "wn_damage_dealt": effect_schema("wn_damage_dealt", ["to"], to=SELECTOR),
    "wn_from_used": effect_schema(
        "wn_from_used",
        ["into", "count"],
        into={"enum": ["prep", "bag"]},
        count={"type": "integer", "minimum": 1, "maximum": 10},
        up_to={"const": True},
        dice={
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "what": {"enum": ["any", "character"]},
                "affiliation": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                "names": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                "not_name": {"type": "string"},
            },
        },
    ),
    "wn_each_survivor": effect_schema(
        "wn_each_survivor",
        ["as", "effects"],
        effects=EFFECTS,
        **{"as": {"enum": ["blocked", "blocking"]}},
    ),
}


def _survivors(state, event, holder: str, card: str, way: str, *, flags: bool = True) -> list[str]:
    """This card's dice of `holder` the event returned to the Field from combat, `way` (the
    attackers' 'blocked' mark is read when the trigger fires: cleanup may have cleared it by
    the time the effect resolves, with the dice still in the Field)."""
    found = []
    for die_id in event.dice:
        die = state.die(die_id)
        if die is None or die.card != card or die.controller != holder:
            continue
        if die.zone != Zone.FIELD:
            continue
        attacking = state.active == holder
        blocked = die.has("blocked") or not flags
        if (way == "blocked" and attacking and blocked) or (way == "blocking" and not attacking):
            found.append(die_id)
    return found


def event_holds(when: str, tc) -> bool:
    """`wn_combat_survived`: the dice left in the Attack Zone went back to the Field (R11.5)
    and one of this card's dice of the holder is among them. `wn_kod_attacking`: this die
    was KO'd in the combat KO step (R11.5) of its holder's turn (so it was an attacker)."""
    event = tc.event
    if when == "wn_kod_attacking":
        return event.rule == "R11.5" and tc.state.active == tc.holder
    if event.rule != "R11.5" or not event.dice:
        return False
    return any(
        _survivors(tc.state, event, tc.holder, tc.card, way) for way in ("blocked", "blocking")
    )


def _each_survivor(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    event = ctx.event
    if event is None:
        return
    source = ctx.source
    try:
        way = effect["as"]
        for die_id in _survivors(ctx.state, event, ctx.holder, ctx.card, way, flags=False):
            if ctx.state.die(die_id) is None:
                continue
            ctx.source = die_id  # the surviving die is 'this die' of the effects
            runtime.run_effects(ctx, effect["effects"], bursts=bursts, kind="wn_combat_survived")
    finally:
        ctx.source = source


def _field_from(ctx, effect, bursts, scope=None):
    from rules.abilities.trigger_events import used_die_matches

    zones = {_ZONES[z] for z in effect["zones"]}
    found = [
        d.id
        for d in ctx.state.dice
        if d.owner == ctx.holder
        and d.zone in zones
        and used_die_matches(ctx.cards, d, effect["dice"])
    ]
    if found:
        ctx.field(ctx.choose("choose the die to field", found, count=1)[0], level=effect["level"])


def _draw_split(ctx, effect, bursts, scope=None):
    drawn = ctx.draw(ctx.holder, 2, to=Zone.PREP)
    if len(drawn) < 2:
        return  # one die (or none) drawn: it stays in the Prep Area
    kept = ctx.choose("choose the die to keep in your Prep Area", drawn, count=1)
    for die_id in drawn:
        if die_id not in kept:
            ctx.send_to_used(die_id)


def _from_used(ctx, effect, bursts, scope=None):
    from rules.abilities.trigger_events import used_die_matches

    wanted = effect.get("dice", {})
    base = {k: v for k, v in wanted.items() if k in ("what", "affiliation")}
    names = {n.lower() for n in wanted.get("names", ())}
    found = []
    for die in ctx.state.zone(ctx.holder, Zone.USED):
        card = ctx.cards.get(die.card) if die.card else None
        title = card.display_title.lower() if card is not None else ""
        if not used_die_matches(ctx.cards, die, base):
            continue
        not_name = wanted.get("not_name", "").lower()
        if (names and title not in names) or (not_name and title == not_name):
            continue
        found.append(die.id)
    if not found:
        return
    count = min(effect["count"], len(found))
    low = 0 if effect.get("up_to") else count
    picked = ctx.choose(
        "choose the dice to move from your Used Pile", found, count=count, minimum=low
    )
    into = Zone.PREP if effect["into"] == "prep" else Zone.BAG
    where = "Prep Area" if into == Zone.PREP else "bag"
    for die_id in picked:
        ctx.move(die_id, into)
        text = f"{die_id} went from the Used Pile to the {where} ({ctx.label})"
        ctx.emit("moved", text, die=die_id, player=ctx.holder)


def _damage_dealt(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    event = ctx.event
    amount = event.amount if event is not None and event.kind == "player_damaged" else 0
    if amount > 0:
        damage = {"do": "damage", "to": effect["to"], "amount": amount}
        runtime.EFFECT_RUNNERS["damage"](ctx, damage, bursts, scope)


EFFECT_RUNNERS = {
    "wn_damage_dealt": _damage_dealt,
    "wn_from_used": _from_used,
    "wn_field_from": _field_from,
    "wn_draw_split": _draw_split,
    "wn_each_survivor": _each_survivor,
}


def _zones_text(effect) -> str:
    names = {"bag": "bag", "used": "Used Pile", "prep": "Prep Area"}
    return " or ".join(names[z] for z in effect["zones"])


def _each_survivor_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    way = "was blocked" if effect["as"] == "blocked" else "blocked"
    return (
        f"for each of this card's dice that {way} and is back in the Field (not KO'd): "
        f"{describe_effects(effect['effects'])}"
    )


def _from_used_text(effect) -> str:
    from rules.abilities.describe import affiliation_name

    wanted = effect.get("dice", {})
    words = [affiliation_name(a) for a in wanted.get("affiliation", ())]
    if wanted.get("names"):
        words.append(" or ".join(wanted["names"]))
    noun = " ".join([*words, "character" if wanted.get("what") == "character" else ""]).strip()
    noun = f"{noun} die" if noun else "die"
    if wanted.get("not_name"):
        noun = f"non-{wanted['not_name']} {noun}"
    count = effect["count"]
    head = f"up to {count}" if effect.get("up_to") else str(count)
    if count != 1:
        noun = noun.removesuffix("die") + "dice"
    where = "Prep Area" if effect["into"] == "prep" else "bag"
    return f"move {head} {noun} from your Used Pile to your {where}"


def _damage_dealt_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    return (
        f"deal damage equal to the damage your opponent took to {describe_selector(effect['to'])}"
    )


EFFECT_TEXT = {
    "wn_damage_dealt": _damage_dealt_text,
    "wn_from_used": _from_used_text,
    "wn_each_survivor": _each_survivor_text,
    "wn_field_from": lambda effect: (
        f"field a {effect['dice']['name']} die from your {_zones_text(effect)} at level "
        f"{effect['level']}"
    ),
    "wn_draw_split": lambda effect: (
        "draw 2 dice: one goes to your Prep Area, the other to your Used Pile (you choose)"
    ),
}


def _action_used(test, state, cards, *, holder, this=None, card="") -> bool:
    kinds = ("basic_action",) if test.get("basic") else ("action", "basic_action")
    for die in state.zone(holder, Zone.OUT_OF_PLAY):
        found = cards.get(die.card) if die.card else None
        if found is not None and found.kind in kinds:
            return True
    return False


def _survives(test, state, cards, *, holder, this=None, card="") -> bool:
    from rules.engine import query
    from rules.engine.state import IN_FIELD

    if this is None:
        return False
    die = state.die(this.id)
    if die is None or die.zone not in IN_FIELD:
        return False
    return die.damage < query.defense(state, cards, die).value


def _fielded(test, state, cards, *, holder, this=None, card="") -> bool:
    from rules.engine.keywords import strike

    not_name = test.get("not_name", "").lower()
    for die_id in strike.fielded_this_turn(state, holder):
        die = state.die(die_id)
        found = cards.get(die.card) if die is not None and die.card else None
        if found is None or found.kind not in ("character", "character_or_action"):
            continue  # a Sidekick (no card) or an action die
        if not_name and found.display_title.lower() == not_name:
            continue
        wanted = test.get("affiliation")
        if wanted and not set(found.affiliations) & set(wanted):
            continue
        return True
    return False


CONDITIONS = {
    "wn_fielded": (
        {
            "affiliation": {"type": "array", "items": {"type": "string"}, "minItems": 1},
            "what": {"const": "non_sidekick"},
            "not_name": {"type": "string"},
        },
        _fielded,
    ),
    "wn_action_used": ({"basic": {"const": True}}, _action_used),
    "wn_survives": ({}, _survives),
}


def _fielded_text(test) -> str:
    from rules.abilities.describe import affiliation_name

    words = [f"non-{test['not_name']}"] if test.get("not_name") else []
    words += [affiliation_name(a) for a in test.get("affiliation", ())]
    if test.get("what") == "non_sidekick":
        words.append("non-Sidekick")
    return f"you fielded a {' '.join(words)} character die this turn"


CONDITION_TEXT = {
    "wn_fielded": _fielded_text,
    "wn_survives": lambda test: "the damage does not KO this die",
    "wn_action_used": lambda test: (
        f"you used {'a basic' if test.get('basic') else 'an'} action die this turn"
    ),
}
