"""Triggers, conditions and effects of the `leave_tail` family
(rules/abilities/templates/leave_tail.py): dice leaving the Field Zone and the turn's KOs,
read from the engine's record of the turn (`GameState.departed`: each character die that left
the Field this turn, whether it was KO'd, and whose action die or global ability made it
leave) and its 'left_field' event.

- `lt_aftershock` (a trigger named in rules.abilities.trigger_events): this die left the Field
  Zone because of an opponent's action die or global ability. The engine names that player
  when the die was moved or KO'd while the player's action die or global resolved, or was KO'd
  by damage whose last part came from one (R12.2: a KO by damage happens at the state check
  after the effect). A die KO'd in combat, or by a character's triggered ability, is not
  (the weaker reading, T5.1).
- `lt_kod_this_turn`: at least `n` character dice of `lt_whose` ('yours': dice you controlled
  when they were KO'd; 'opposing': your opponent's) were KO'd this turn;
  `lt_none_kod_this_turn`: none of yours was (only character dice are KO'd, R11.5).
- `lt_was_blocked`: the ability's own die was a blocked attacker when it left the Field
  (Aftershock's 'If NAME was blocked').

Effects (their readings in rules/abilities/phrases_leave_tail.py and the template):
`lt_players_sacrifice`, `lt_prep_to_used`, `lt_damage_owners`, `lt_reroll_return`,
`lt_reroll_if_energy`, `lt_place`, `lt_roll_kod_field`, `lt_draw_roll_return`,
`lt_damage_last_stat` (the A / D / level the card's own die had when it left: a KO'd die has
no face any more) and `lt_untargetable` (a lasting restriction this turn on the engine's
'target' question, R13.7, built by ENCODING_ABILITIES).
"""

from rules.abilities.extensions import EFFECTS, SELECTOR, effect_schema
from rules.abilities.extensions.experience import reroll_back_to_field
from rules.engine.abilities import TriggerContext
from rules.engine.state import Zone, other


def event_holds(when: str, tc: TriggerContext) -> bool:
    """Whether the engine event is this trigger's (rules.abilities.trigger_events)."""
    event = tc.event
    if when == "lt_aftershock":
        # 'left_field' names the controller as the die left (`player`) and who caused it
        return bool(event.other) and event.other == other(event.player)
    return False


def kod_this_turn(state, holder: str, side: str) -> int:
    """How many character dice of `side` (relative to `holder`) were KO'd this turn."""
    return sum(
        1
        for left in state.departed
        if left.kod and (left.controller == holder) == (side == "yours")
    )


def _kod_test(test, state, cards, *, holder, this=None, card="") -> bool:
    return kod_this_turn(state, holder, test["lt_whose"]) >= test.get("n", 1)


def _kod_text(test) -> str:
    whose = "you control" if test["lt_whose"] == "yours" else "an opponent controls"
    n = test.get("n", 1)
    if n == 1:
        return f"a character die {whose} was KO'd this turn"
    return f"{n} or more character dice {whose} were KO'd this turn"


def _none_kod_test(test, state, cards, *, holder, this=None, card="") -> bool:
    return kod_this_turn(state, holder, "yours") == 0


def _was_blocked(test, state, cards, *, holder, this=None, card="") -> bool:
    """The ability's own die, when it last left the Field this turn, was a blocked attacker."""
    if this is None:
        return False
    left = next((d for d in reversed(state.departed) if d.die == this.id), None)
    return left is not None and "blocked" in left.flags


CONDITIONS = {
    "lt_kod_this_turn": ({"lt_whose": {"enum": ["yours", "opposing"]}}, _kod_test),
    "lt_none_kod_this_turn": ({}, _none_kod_test),
    "lt_was_blocked": ({}, _was_blocked),
}
CONDITION_TEXT = {
    "lt_kod_this_turn": _kod_text,
    "lt_none_kod_this_turn": lambda test: "none of your dice were KO'd this turn",
    "lt_was_blocked": lambda test: "this die was blocked before it left the Field",
}


# -- effects --------------------------------------------------------------------------------------
def _players_sacrifice(ctx, effect, bursts, scope=None) -> None:
    """Each player, the holder first, sends one of their character dice in the Field (their
    choice) to the Used Pile, if they have one (sacrifice; R4.6 on its owner's turn)."""
    from rules.engine.state import IN_FIELD

    for player in (ctx.holder, ctx.opponent):
        found = [
            d.id
            for d in ctx.state.dice
            if d.controller == player and d.zone in IN_FIELD and d.is_character
        ]
        if not found:
            continue
        (picked,) = ctx.choose(
            "choose one of your character dice to sacrifice", found, player=player
        )
        ctx.send_to_used(picked)


def _prep_to_used(ctx, effect, bursts, scope=None) -> None:
    for player in (ctx.holder, ctx.opponent):
        moved = [d.id for d in ctx.state.zone(player, Zone.PREP)]
        for die_id in moved:
            ctx.move(die_id, Zone.USED)
        if moved:
            ctx.emit(
                "moved",
                f"{', '.join(moved)} moved from {player}'s Prep Area to the Used Pile "
                f"({ctx.label})",
                player=player,
                dice=tuple(moved),
            )


def _damage_owners(ctx, effect, bursts, scope=None) -> None:
    """N damage to each player for each of their dice the previous effect removed from the
    Field (the dice it picked that are no longer there, or whose damage now reaches their D:
    the KO follows the effect, R12.2)."""
    from rules.engine.state import IN_FIELD

    picked = (scope.picked if scope is not None else None) or []
    counts: dict[str, int] = {}
    for die_id in picked:
        die = ctx.state.die(die_id)
        if die is not None and die.zone in IN_FIELD:
            if die.damage and die.damage >= ctx.defense(die):
                # KO'd by the damage just dealt: the KO itself follows the effect (R12.2)
                counts[die.controller] = counts.get(die.controller, 0) + 1
            continue
        left = next((d for d in reversed(ctx.state.departed) if d.die == die_id), None)
        if left is None:
            continue
        counts[left.controller] = counts.get(left.controller, 0) + 1
    for player in (ctx.holder, ctx.opponent):
        if counts.get(player):
            ctx.damage(player, effect["amount"] * counts[player])


def _reroll_return(ctx, effect, bursts, scope=None) -> None:
    """The card's own die, in its owner's Prep Area, is rerolled (how it lands is a recorded
    input); on a character face it returns to the Field Zone on that face, not fielded (R8.2);
    else it stays in the Prep Area."""
    die = ctx.state.die(ctx.source) if ctx.source else None
    if die is None or die.zone != Zone.PREP or die.is_token or die.owner != ctx.holder:
        return
    reroll_back_to_field(ctx, die, ctx.label)


def _place(ctx, effect, bursts, scope=None) -> None:
    """One of the holder's character dice in their Prep Area (its card of / not of an
    affiliation, not named `not_name`), the holder's choice, put in the Field Zone at `level`,
    not fielded (R8.2)."""
    from dataclasses import replace

    from rules.engine.effects import dice as dice_ops

    found = []
    for die in ctx.state.zone(ctx.holder, Zone.PREP):
        card = ctx.cards.get(die.card) if die.card else None
        if die.owner != ctx.holder or (card is not None and card.kind != "character"):
            continue
        affiliations = set(card.affiliations) if card is not None else set()
        if "affiliation" in effect and not affiliations & set(effect["affiliation"]):
            continue
        if affiliations & set(effect.get("not_affiliation", ())):
            continue
        name = effect.get("not_name", "").lower()
        if name and card is not None and card.display_title.lower() == name:
            continue
        found.append(die.id)
    if not found:
        return
    die = ctx.state.die(ctx.choose("choose the die to put in the Field Zone", found)[0])
    levels = dice_ops.character_card_levels(ctx, die)
    level = min(effect["level"], len(levels))
    ctx.put(replace(die, zone=Zone.FIELD, face=levels[level - 1], controller=die.owner))
    ctx.emit(
        "moved",
        f"{die.id} was put in the Field Zone at level {level}, not fielded ({ctx.label})",
        rule="R8.2",
        die=die.id,
        player=die.owner,
    )


def _roll_kod_field(ctx, effect, bursts, scope=None) -> None:
    """Another of the holder's character dice KO'd this turn, still in their Prep Area (their
    choice), is rolled into the Reserve Pool (how it lands is a recorded input); on a character
    face it is fielded for free at that level (R8.2: 'when fielded' triggers)."""
    kod = {left.die for left in ctx.state.departed if left.kod and left.owner == ctx.holder}
    found = [
        d.id for d in ctx.state.zone(ctx.holder, Zone.PREP) if d.id in kod and d.id != ctx.source
    ]
    if not found:
        return
    (picked,) = ctx.choose("choose a character die KO'd this turn to roll", found)
    ctx.roll(ctx.holder, (picked,))
    die = ctx.state.die(picked)
    if die is not None and die.face is not None and die.face.is_character:
        ctx.field(picked, level=die.face.level)


def _reroll_if_energy(ctx, effect, bursts, scope=None) -> None:
    """The card's own die, in its owner's Prep Area, is rerolled (a recorded input); on an
    energy face the effects follow. It stays in the Prep Area either way."""
    from rules.abilities import runtime

    die = ctx.state.die(ctx.source) if ctx.source else None
    if die is None or die.zone != Zone.PREP or die.is_token or die.owner != ctx.holder:
        return
    face = ctx.reroll_face(die.id, ctx.label)
    ctx.emit(
        "rerolled_die",
        f"{die.id} rerolled to {face.notation()} in the Prep Area ({ctx.label})",
        rule="R14.1",
        die=die.id,
        player=die.owner,
    )
    if face.is_energy:
        runtime.run_effects(ctx, effect["effects"], bursts=bursts, kind=scope.kind if scope else "")


def _draw_roll_return(ctx, effect, bursts, scope=None) -> None:
    """Black Widow: draw a die and roll it (recorded inputs); on an energy face its player loses
    1 life and the card's own die returns to the Field Zone at the level it had when it last
    left (the engine's record of the turn), not fielded (R8.2). The rolled die then goes to the
    Prep Area whatever it shows."""
    from dataclasses import replace

    from rules.engine.effects import dice as dice_ops
    from rules.engine.state import IN_FIELD, Zone

    drawn = ctx.draw(ctx.holder, 1, to=Zone.RESERVE)
    if not drawn:
        return
    rolled = ctx.state.die(drawn[0])
    if rolled is not None and rolled.face is not None and rolled.face.is_energy:
        ctx.lose_life(ctx.holder, 1)
        own = ctx.state.die(ctx.source) if ctx.source else None
        left = next((d for d in reversed(ctx.state.departed) if d.die == ctx.source), None)
        back = own is not None and not own.is_token and left is not None
        if back and own.zone not in IN_FIELD and own.zone not in (Zone.CAPTURED, Zone.UNPURCHASED):
            levels = dice_ops.character_card_levels(ctx, own)
            level = min(max(left.level, 1), len(levels))
            ctx.put(replace(own, zone=Zone.FIELD, face=levels[level - 1], controller=own.owner))
            ctx.emit(
                "moved",
                f"{own.id} returned to the Field Zone at level {level}, not fielded ({ctx.label})",
                rule="R8.2",
                die=own.id,
                player=own.owner,
            )
    if ctx.state.die(drawn[0]) is not None:
        ctx.move(drawn[0], Zone.PREP)
        ctx.emit(
            "moved",
            f"{drawn[0]} was added to the Prep Area ({ctx.label})",
            die=drawn[0],
            player=ctx.holder,
        )


_STATS = ("attack", "defense", "level")


def _damage_last_stat(ctx, effect, bursts, scope=None) -> None:
    """Damage equal to the card's own die's A, D or level when it last left the Field this
    turn (the engine's record: a KO'd die has no face any more), to the dice or player `to`
    picks."""
    from rules.abilities import runtime

    left = next((d for d in reversed(ctx.state.departed) if d.die == ctx.source), None)
    amount = getattr(left, effect["stat"]) if left is not None else 0
    if amount <= 0:
        return
    damage = {"do": "damage", "to": effect["to"], "amount": amount}
    runtime.EFFECT_RUNNERS["damage"](ctx, damage, bursts, scope)


def _damage_last_stat_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    stat = {"attack": "A", "defense": "D", "level": "level"}[effect["stat"]]
    return (
        f"deal damage equal to this die's {stat} when it left the Field to "
        f"{describe_selector(effect['to'])}"
    )


_UNTARGETABLE = "lt_untargetable"


def _untargetable(ctx, effect, bursts, scope=None) -> None:
    """Each die picked can't be targeted by the kinds of effect named (of the holder's
    opponent, or of anyone) until the end of the turn: a lasting effect whose restriction
    answers the engine's 'target' question (R13.7)."""
    from rules.abilities import runtime

    for target in runtime.pick(ctx, effect["to"], "can't be targeted", scope):
        ctx.last(
            f"{ctx.card}.{_UNTARGETABLE}",
            subject=target,
            params=(tuple(effect["kinds"]), effect["player"]),
        )


def _untargetable_abilities(card, encoding) -> tuple:
    from rules.engine.abilities import Ability

    used = any(
        e.get("do") == _UNTARGETABLE
        for spec in encoding.get("abilities", ())
        for e in spec.get("effects", ())
    )
    if not used:
        return ()

    def restrict(q) -> str | None:
        if q.stat != "target" or q.die is None or len(q.params) < 3:
            return None
        subject, kinds, player = q.params[0], q.params[1], q.params[2]
        kind = q.asked[0] if q.asked else ""
        if q.die.id != subject or kind not in kinds:
            return None
        if player == "opposing" and q.player == q.holder:
            return None
        return f"{q.die.id} can't be targeted by {kind} effects this turn ({q.card})"

    return (Ability(_UNTARGETABLE, "lasting", "can't be targeted this turn", restrict=restrict),)


def _untargetable_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    kinds = {"global": "global abilities", "action": "action dice", "ability": "abilities"}
    by = " or ".join(kinds[k] for k in effect["kinds"])
    whose = "opposing " if effect["player"] == "opposing" else ""
    return f"{describe_selector(effect['to'])} can't be targeted by {whose}{by} this turn"


def _place_text(effect) -> str:
    from rules.abilities.describe import affiliation_name

    if "affiliation" in effect:
        kind = "/".join(affiliation_name(a) for a in effect["affiliation"]) + " character die"
    else:
        kind = "non-" + "/".join(affiliation_name(a) for a in effect["not_affiliation"])
        kind += " character die"
    if effect.get("not_name"):
        kind += f" other than {effect['not_name']}"
    return (
        f"put a {kind} from your Prep Area in the Field Zone at level {effect['level']} "
        "(not fielded)"
    )


def _reroll_if_energy_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    return (
        "reroll this die in your Prep Area: if it lands on an energy face, "
        f"{describe_effects(effect['effects'])}"
    )


EFFECT_SCHEMAS = {
    "lt_players_sacrifice": effect_schema("lt_players_sacrifice", []),
    "lt_prep_to_used": effect_schema("lt_prep_to_used", []),
    "lt_damage_owners": effect_schema(
        "lt_damage_owners", ["amount"], amount={"type": "integer", "minimum": 1}
    ),
    "lt_reroll_return": effect_schema("lt_reroll_return", []),
    "lt_place": effect_schema(
        "lt_place",
        ["level"],
        level={"enum": [1, 2, 3]},
        affiliation={"type": "array", "items": {"type": "string"}, "minItems": 1},
        not_affiliation={"type": "array", "items": {"type": "string"}, "minItems": 1},
        not_name={"type": "string", "minLength": 1},
    ),
    "lt_roll_kod_field": effect_schema("lt_roll_kod_field", []),
    "lt_reroll_if_energy": effect_schema("lt_reroll_if_energy", ["effects"], effects=EFFECTS),
    "lt_draw_roll_return": effect_schema("lt_draw_roll_return", []),
    "lt_damage_last_stat": effect_schema(
        "lt_damage_last_stat", ["stat", "to"], stat={"enum": list(_STATS)}, to=SELECTOR
    ),
    _UNTARGETABLE: effect_schema(
        _UNTARGETABLE,
        ["to", "kinds", "player"],
        to=SELECTOR,
        kinds={
            "type": "array",
            "items": {"enum": ["global", "action", "ability"]},
            "minItems": 1,
            "uniqueItems": True,
        },
        player={"enum": ["opposing", "any"]},
    ),
}
EFFECT_RUNNERS = {
    "lt_players_sacrifice": _players_sacrifice,
    "lt_prep_to_used": _prep_to_used,
    "lt_damage_owners": _damage_owners,
    "lt_reroll_return": _reroll_return,
    "lt_place": _place,
    "lt_roll_kod_field": _roll_kod_field,
    "lt_reroll_if_energy": _reroll_if_energy,
    "lt_draw_roll_return": _draw_roll_return,
    _UNTARGETABLE: _untargetable,
    "lt_damage_last_stat": _damage_last_stat,
}
ENCODING_ABILITIES = {_UNTARGETABLE: _untargetable_abilities}
EFFECT_TEXT = {
    "lt_players_sacrifice": lambda effect: (
        "each player chooses one of their character dice in the Field (if any) and sacrifices "
        "it to the Used Pile"
    ),
    "lt_prep_to_used": lambda effect: (
        "each player moves all dice from their Prep Area to their Used Pile"
    ),
    "lt_damage_owners": lambda effect: (
        f"deal {effect['amount']} damage to each player for each of their dice KO'd or moved "
        "this way"
    ),
    "lt_reroll_return": lambda effect: (
        "reroll this die from your Prep Area: on a character face it returns to the Field Zone"
        " (not fielded); on an energy face it stays in the Prep Area"
    ),
    "lt_place": _place_text,
    "lt_roll_kod_field": lambda effect: (
        "roll another of your character dice KO'd this turn (from your Prep Area): on a "
        "character face, field it for free at that level"
    ),
    "lt_reroll_if_energy": _reroll_if_energy_text,
    "lt_draw_roll_return": lambda effect: (
        "draw and roll a die: on an energy face you lose 1 life and this die returns to the "
        "Field Zone at the level it left at (not fielded); the rolled die goes to your Prep Area"
    ),
    _UNTARGETABLE: _untargetable_text,
    "lt_damage_last_stat": _damage_last_stat_text,
}
