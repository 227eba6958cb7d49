"""Trigger kinds beyond 'when this die <event>': what the vocabulary calls them, the engine
event each listens to, and the filter that narrows that event (the engine's events are not
changed). Used by vocabulary.py (names), runtime.py (Abilities) and describe.py (English).

- damaged_combat / kod_combat: this die took combat damage (rule R11.4) / was KO'd in the
  combat KO step (R11.5).
- combat_damage_opponent / damage_opponent: one of this card's dice, held by the ability's
  holder, dealt combat damage (R11.4) / any damage to the holder's opponent. Card-wide (the
  event names the source die as `other`, the die may be Out of Play by then).
- attacks_alone: this die attacks and is the only attacker (R11.1: all attackers are declared
  at once, so the others are in the Attack Zone when it triggers).
(The holder's own turn starting or ending is a while-active watcher, 'turn_started' /
'end_of_turn' with by 'yours': rules.abilities.watchers.)

A triggered spec with a `cost` ('you may pay [B] to ...') asks its holder whether to pay
when it resolves (R6.5): a yes pays, a no does nothing.
"""

from rules.engine.abilities import Ability, TriggerContext
from rules.engine.faces import parse_cost
from rules.engine.state import Zone

# name -> (engine event, subject, while active, English head)
EXTRA_TRIGGERS = {
    "damaged_combat": ("damaged", "self", False, "When this die takes combat damage"),
    "kod_combat": ("kod", "self", False, "When this die is KO'd by combat damage"),
    "combat_damage_opponent": (
        "player_damaged",
        "card",
        False,
        "When one of this card's dice deals combat damage to your opponent",
    ),
    "damage_opponent": (
        "player_damaged",
        "card",
        False,
        "When one of this card's dice deals damage to your opponent",
    ),
    "attacks_alone": ("attacks", "self", False, "When this die attacks alone"),
    # Swarm (templates/set_keywords.py): the holder's own Clear and Draw (R5.1) drew at
    # least one of this card's dice while the card is active; draws by effects don't count
    "drawn_in_draw_step": (
        "drew",
        "card",
        True,
        "While this card is active, when you draw its dice in your Clear and Draw Step",
    ),
    # Infiltrate (templates/set_keywords.py): blockers have been declared on the holder's
    # attack (R11.2), either as blocks ('blocked', once: all pairs are set by then) or none
    "blockers_declared": (
        "blocked",
        "card",
        False,
        "When blockers are declared against your attack",
    ),
    "no_blockers_declared": (
        "no_block",
        "card",
        False,
        "When no blocker is declared against your attack",
    ),
    # while_triggers_more: 'each time you take non-combat damage' (not the combat damage
    # step's, R11.4), while the card is active
    "you_damaged_noncombat": (
        "player_damaged",
        "card",
        True,
        "While this card is active, when you take non-combat damage",
    ),
    # watch_tail: the holder's Roll and Reroll Step ends (R5.2: its dice are rolled and
    # rerolled), from the team ('doesn't need to be active')
    "wt_roll_step_ended": (
        "roll_finished",
        "card",
        False,
        "At the end of your Roll and Reroll Step",
    ),
    # watch_tail: a player draws one or more dice (one 'drew' event per draw), while active
    "wt_you_drew": ("drew", "card", True, "While this card is active, when you draw dice"),
    "wt_opponent_drew": (
        "drew",
        "card",
        True,
        "While this card is active, when your opponent draws dice",
    ),
    # word_tail (Spark): while the card is active, a roll of the holder's (the Roll and Reroll
    # Step's roll or an effect's, not the step's reroll) shows a burst face on one of the dice
    # rolled; once per roll
    "wdt_spark": (
        "rolled",
        "card",
        True,
        "While this card is active, when you roll a die on a burst face",
    ),
    # self_tail (rules/abilities/extensions/self_tail.py): one of this card's dice KOs, with
    # its combat damage (R11.5), a character die engaged with it alone (any, a Sidekick, a
    # non-Sidekick, a blocker); the engaged dice are remembered when blockers are declared
    "stl_kos": (
        "kod",
        "card",
        False,
        "When one of this card's dice KOs a character die with combat damage",
    ),
    "stl_kos_sidekick": (
        "kod",
        "card",
        False,
        "When one of this card's dice KOs a Sidekick with combat damage",
    ),
    "stl_kos_non_sidekick": (
        "kod",
        "card",
        False,
        "When one of this card's dice KOs a non-Sidekick character die with combat damage",
    ),
    "stl_kos_blocker": (
        "kod",
        "card",
        False,
        "When one of this card's dice KOs a die blocking it with combat damage",
    ),
    # self_tail: one of this card's dice deals combat damage (R11.4) to a die, or (its twin
    # ability, built by the extension) to a player: once per die per turn
    "stl_dealt": (
        "damaged",
        "card",
        False,
        "When one of this card's dice deals combat damage",
    ),
    # when_rest (rules/abilities/extensions/when_rest.py): combat is over and the dice left in
    # the Attack Zone return to the Field (R11.5), one of them this card's (blocked or blocking)
    "wn_combat_survived": (
        "moved",
        "card",
        False,
        "When combat ends",
    ),
    # when_rest: this die, attacking, KO'd in the combat KO step (R11.5) of its player's turn
    "wn_kod_attacking": (
        "kod",
        "self",
        False,
        "When this die is KO'd by combat damage while attacking",
    ),
    # leave_tail (rules/abilities/extensions/leave_tail.py): Aftershock, this die left the
    # Field Zone because of an opponent's action die or global ability (the engine's
    # 'left_field' event names who caused it)
    "lt_aftershock": (
        "left_field",
        "self",
        False,
        "When this die leaves the Field Zone because of an opponent's action die or global "
        "ability (Aftershock)",
    ),
}
WHEN_TEXT = {name: entry[3] for name, entry in EXTRA_TRIGGERS.items()}


def _event_holds(when: str, tc: TriggerContext) -> bool:
    event = tc.event
    if when == "damaged_combat":
        return event.rule == "R11.4"
    if when == "kod_combat":
        return event.rule == "R11.5"
    if when in ("combat_damage_opponent", "damage_opponent"):
        if when == "combat_damage_opponent" and event.rule != "R11.4":
            return False
        source = tc.state.die(event.other) if event.other else None
        return (
            event.player not in ("", tc.holder)
            and source is not None
            and source.card == tc.card
            and source.controller == tc.holder
        )
    if when == "attacks_alone":  # the only die its controller declared as an attacker
        attackers = [d for d in tc.state.dice if d.zone == Zone.ATTACK and not d.blocking]
        return len(attackers) == 1 and attackers[0].id == event.die
    if when == "blockers_declared":
        return event.player == tc.holder  # 'blocked' names the attacking player
    if when == "no_blockers_declared":
        return event.player not in ("", tc.holder)  # 'no_block' names the defender
    if when == "you_damaged_noncombat":
        return event.player == tc.holder and event.rule != "R11.4"
    if when == "wt_roll_step_ended":
        return event.player == tc.holder
    if when in ("wt_you_drew", "wt_opponent_drew"):
        yours = event.player == tc.holder
        return bool(event.dice) and yours == (when == "wt_you_drew")
    if when == "wdt_spark":
        return event.player == tc.holder and any(
            (die := tc.state.die(d)) is not None and die.face is not None and die.face.bursts
            for d in event.dice
        )
    if when.startswith("lt_"):
        from rules.abilities.extensions import leave_tail

        return leave_tail.event_holds(when, tc)
    if when.startswith("stl_"):
        from rules.abilities.extensions import self_tail

        return self_tail.event_holds(when, tc)
    if when.startswith("wn_"):
        from rules.abilities.extensions import when_rest

        return when_rest.event_holds(when, tc)
    if when == "drawn_in_draw_step":
        return event.rule == "R5.1" and event.player == tc.holder and bool(drawn_of(tc))
    return True


def drawn_of(tc) -> list[str]:
    """The dice of the trigger's card that its 'drew' event drew."""
    return [
        d for d in tc.event.dice if (die := tc.state.die(d)) is not None and die.card == tc.card
    ]


def ability(spec, index: int, text: str, resolve, condition) -> Ability:
    """The engine Ability of a spec whose trigger is one of EXTRA_TRIGGERS."""
    when = spec["when"]
    event, subject, while_active, _ = EXTRA_TRIGGERS[when]

    def fires(tc: TriggerContext) -> bool:
        return _event_holds(when, tc) and (condition is None or condition(tc))

    return Ability(
        f"{when}{index}",
        "triggered",
        text,
        trigger=event,
        subject=subject,
        while_active=while_active,
        condition=fires,
        resolve=paid(spec, _once_per_source(when, resolve)),
        optional=bool(spec.get("optional")) and "cost" not in spec,
        limit=spec.get("limit", ""),
    )


def _once_per_source(when: str, resolve):
    if when != "stl_dealt":
        return resolve
    from rules.abilities.extensions import self_tail

    return self_tail.once_per_source(resolve)


def paid(spec, resolve):
    """A triggered ability with a cost: 'you may pay [B] to ...' asks, and a yes pays."""
    if "cost" not in spec:
        return resolve
    cost = parse_cost(spec["cost"])

    def resolve_paid(ctx) -> None:
        if ctx.may(f"{ctx.holder} may pay {spec['cost']} for {ctx.label}", cost=cost):
            resolve(ctx)

    return resolve_paid


# -- effects the triggered families need beyond the shared vocabulary -------------------------
# (restrictions this turn and 'draw and roll' are the shared 'restrict' and 'draw' into the
# Reserve Pool)
def used_die_matches(cards, die, wanted) -> bool:
    """Whether a die in the Used Pile is one a 'from your Used Pile' effect means: what it is
    (any die, a character die, a Sidekick, a non-Sidekick character, an action die), its
    card's energy, affiliation, name and purchase cost."""
    card = cards.get(die.card) if die.card else None
    what = wanted.get("what", "any")
    is_action = card is not None and card.kind != "character"
    if what == "sidekick" and not die.is_sidekick:
        return False
    if what == "character" and is_action:
        return False
    if what == "non_sidekick" and (die.is_sidekick or is_action):
        return False
    if what == "action" and not is_action:
        return False
    if what == "basic_action" and (card is None or card.kind != "basic_action"):
        return False
    if "energy" in wanted and not (card and set(card.energy) & set(wanted["energy"])):
        return False
    if "affiliation" in wanted and not (
        card and set(card.affiliations) & set(wanted["affiliation"])
    ):
        return False
    if "name" in wanted and not (card and card.display_title.lower() == wanted["name"].lower()):
        return False
    cost = card.cost if card else 0
    if "min_cost" in wanted and cost < wanted["min_cost"]:
        return False
    return "max_cost" not in wanted or cost <= wanted["max_cost"]


def _from_used(ctx, effect, bursts, scope=None) -> None:
    """Move dice from the holder's Used Pile to the Prep Area, roll them into the Reserve
    Pool, or field them (free, at a level: 'when fielded' triggers, R8.2). Which dice is the
    holder's choice; how they land is a recorded input."""
    wanted = effect.get("dice", {})
    used = [
        d.id
        for d in ctx.state.zone(ctx.holder, Zone.USED)
        if used_die_matches(ctx.cards, d, wanted)
    ]
    if effect.get("all"):
        picked = used
    else:
        count = min(effect.get("count", 1), len(used))
        if count == 0:
            return  # nothing to move: the effect does nothing (T5.1)
        minimum = 0 if effect.get("up_to") else count
        prompt = f"{_describe_from_used(effect)}: choose"
        picked = ctx.choose(prompt, used, count=count, minimum=minimum)
    if scope is not None:
        scope.picked = list(picked)  # 'it' in a following effect: the dice moved
    if effect["into"] == "roll" and picked:  # rolled once into the Reserve Pool (R14.1)
        ctx.roll(ctx.holder, tuple(picked))
        return
    for die_id in picked:
        if effect["into"] == "field":
            ctx.field(die_id, effect.get("level", 1))
            continue
        ctx.move(die_id, Zone.PREP)
        ctx.emit(
            "moved",
            f"{die_id} moved from the Used Pile to the Prep Area ({ctx.label})",
            rule="R13.3",
            die=die_id,
            player=ctx.holder,
        )


def _describe_from_used(effect) -> str:
    wanted = effect.get("dice", {})
    noun = {
        "any": "die",
        "character": "character die",
        "sidekick": "Sidekick die",
        "non_sidekick": "non-Sidekick character die",
        "action": "action die",
        "basic_action": "Basic Action Die",
    }[wanted.get("what", "any")]
    from rules.abilities.describe import affiliation_name

    words = [e.title() for e in wanted.get("energy", ())]
    words += [affiliation_name(a) for a in wanted.get("affiliation", ())]
    if wanted.get("name"):
        words.append(wanted["name"])
    if words:
        noun = "/".join(words) + " " + noun
    if wanted.get("max_cost") is not None:
        noun += f" costing {wanted['max_cost']} or less"
    if wanted.get("min_cost") is not None:
        noun += f" costing {wanted['min_cost']} or more"
    if effect.get("all"):
        head = f"all your {noun.replace('die', 'dice')}"
    elif effect.get("up_to"):
        head = f"up to {effect.get('count', 1)} {noun.replace('die', 'dice')}"
    else:
        count = effect.get("count", 1)
        head = f"{count} {noun if count == 1 else noun.replace('die', 'dice')}"
    if effect["into"] == "roll":
        return f"roll {head} from your Used Pile into your Reserve Pool"
    if effect["into"] == "field":
        return f"field {head} from your Used Pile at level {effect.get('level', 1)}"
    return f"move {head} from your Used Pile to your Prep Area"


def _control(ctx, effect, bursts, scope=None) -> None:
    """'Take control of <dice>': each becomes the holder's, held by this die, until end of
    turn, when the engine returns it where it was taken from (R15.2). Without this die in
    the Field (it left meanwhile) there is nothing to hold it: nothing happens."""
    from rules.abilities.runtime import pick
    from rules.engine.state import IN_FIELD

    source = ctx.state.die(ctx.source) if ctx.source else None
    if source is None or source.zone not in IN_FIELD:
        return
    for target in pick(ctx, effect["to"], "take control", scope):
        ctx.control(target)


def _describe_control(effect) -> str:
    from rules.abilities.describe import describe_selector

    return f"take control of {describe_selector(effect['to'])} until end of turn"


EFFECT_RUNNERS = {
    "control": _control,
    "from_used": _from_used,
}
EFFECT_TEXT = {
    "control": _describe_control,
    "from_used": _describe_from_used,
}
