"""Effects of the `attack_tail` family (rules/abilities/templates/attack_tail.py, clauses in
rules/abilities/phrases_attack_tail.py).

- `at_leave_combat` (`to`): each die picked that is in the Attack Zone goes back to its
  controller's Field Zone (the Attack Zone is part of the Field, R4.5): it no longer attacks or
  blocks. An attacker removed so deals and takes no combat damage (its blockers stay in the
  Attack Zone, blocking nothing, until they return at the end of the attack, R11.5); an
  attacker whose blockers were all removed is still blocked and deals no damage to the
  defending player (R11.4).
- `at_one_blocker` (`effects`): 'one character blocking her': the holder chooses one of the
  dice blocking this die (a choice, not a target), and `effects` happen to it (their selector
  `it`); no blocker left: nothing happens.
- `at_per_distinct` (`of`, `effects`): '... for each of your different active [M] characters' /
  '... for each different Justice League character that attacks': `effects` happen as many
  times as there are different characters (titles: R2.2, three dice of one character count
  once) among the dice `of` means when the ability resolves; none: nothing happens.
- `at_lose_half_life`: the opponent loses half their life, rounded down (R12.4: not damage).
- `at_double_life` (`cap`): the holder gains what doubling their life gives, up to `cap`.
- `at_ko_lowest_cost`: KO one of the opposing character dice in the Field of the lowest
  purchase cost (a Sidekick's is 0); the holder chooses among ties (a choice, not a target).
- `at_double_printed_attack` (`to`): each die picked gets +A equal to the A printed on the
  face it shows, this turn: 'double the printed A' (dice fielded later are not changed).
- `at_two_blockers_this_turn` (`to`): each die picked can't be blocked by fewer than two dice
  until the end of the turn: a lasting restriction asked when blockers are declared (R13.7), as
  the static 'can only be blocked by two or more character dice' is.
- `at_per_used_action` (`effects`): `effects` once per action die in the holder's Used Pile.
- `at_ko_damage_controller` (`to`, `amount`, `if_kod`): 'KO target X, and deal 1 damage to its
  controller' / 'KO a Sidekick. If you do, NAME deals 1 damage to the KO'd die's controller':
  the die's controller is read before the KO (a KO'd die returns to its owner); with `if_kod`
  the damage needs the KO to have happened.
- `at_must_block_this` (`to`): each die picked must block the die whose ability this is this
  turn, if able: it gets the persistent 'must block' (R13.1, checked when blockers are declared:
  rules/engine/steps/attack.py) and a lasting 'can't block any other attacker' (R13.7), so a
  declaration leaving it out or putting it on another attacker is refused; a die that can't
  block this one is not forced (the engine's must-block check asks the restrict hook).
"""

from rules.abilities.extensions import EFFECTS, SELECTOR, effect_schema
from rules.engine.abilities import Ability
from rules.engine.state import Zone

EFFECT_SCHEMAS = {
    "at_leave_combat": effect_schema("at_leave_combat", ["to"], to=SELECTOR),
    "at_must_block_this": effect_schema("at_must_block_this", ["to"], to=SELECTOR),
    "at_one_blocker": effect_schema("at_one_blocker", ["effects"], effects=EFFECTS),
    "at_per_distinct": effect_schema(
        "at_per_distinct", ["of", "effects"], of=SELECTOR, effects=EFFECTS
    ),
    "at_lose_half_life": effect_schema("at_lose_half_life", []),
    "at_double_life": effect_schema(
        "at_double_life", ["cap"], cap={"type": "integer", "minimum": 1, "maximum": 99}
    ),
    "at_ko_lowest_cost": effect_schema("at_ko_lowest_cost", []),
    "at_double_printed_attack": effect_schema("at_double_printed_attack", ["to"], to=SELECTOR),
    "at_two_blockers_this_turn": effect_schema("at_two_blockers_this_turn", ["to"], to=SELECTOR),
    "at_per_used_action": effect_schema("at_per_used_action", ["effects"], effects=EFFECTS),
    "at_ko_damage_controller": effect_schema(
        "at_ko_damage_controller",
        ["to", "amount", "if_kod"],
        to=SELECTOR,
        amount={"type": "integer", "minimum": 1, "maximum": 9},
        if_kod={"type": "boolean"},
    ),
}


def _leave_combat(ctx, effect, bursts, scope=None):
    from dataclasses import replace

    from rules.abilities import runtime

    for target in runtime.pick(ctx, effect["to"], "remove from the Attack Zone", scope):
        die = ctx.state.die(target)
        if die is None or die.zone != Zone.ATTACK:
            continue  # no longer engaged: nothing to remove
        ctx.put(replace(die, zone=Zone.FIELD, blocking=None))
        ctx.emit(
            "moved",
            f"{die.id} was removed from the Attack Zone to the Field ({ctx.label})",
            rule="R4.5",
            die=die.id,
            player=die.controller,
        )


_BLOCK_ONLY = "at_block_only"


def _must_block_this(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    for target in runtime.pick(ctx, effect["to"], "must block this die", scope):
        ctx.grant(target, "must_block")
        ctx.last(f"{ctx.card}.{_BLOCK_ONLY}", subject=target, params=(ctx.source,))


def _ko_damage_controller(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    amount = effect["amount"]
    for target in runtime.pick(
        ctx, effect["to"], f"KO, then {amount} damage to its controller", scope
    ):
        controller = ctx.die(target).controller  # before the KO: it returns to its owner
        if ctx.ko(target) or not effect["if_kod"]:
            ctx.damage(controller, amount)


def _one_blocker(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    blockers = tuple(
        d.id for d in ctx.state.dice if d.blocking == ctx.source and d.zone == Zone.ATTACK
    )
    if not ctx.source or not blockers:
        return  # no die blocks this one (any more): nothing happens
    chosen = ctx.choose("choose one die blocking this die", blockers, count=1)
    inner = scope if scope is not None else runtime.Scope("")
    inner.picked = list(chosen)
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, inner)


def distinct_characters(state, cards, selector, holder: str, source: str = "") -> int:
    """How many different characters (titles, R2.2) the dice `selector` means now show."""
    from rules.abilities import selectors as sel
    from rules.engine import query

    found = sel.dice(state, cards, selector, holder=holder, source=source)
    return len({query.title(cards, d) for d in found})


def _per_distinct(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    found = distinct_characters(ctx.state, ctx.cards, effect["of"], ctx.holder, ctx.source)
    if not found:
        return  # 0: nothing happens (no target is asked)
    inner = runtime.Scope(scope.kind if scope is not None else "", found)
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, inner)
    if scope is not None:
        scope.picked = inner.picked


def _lose_half_life(ctx, effect, bursts, scope=None):
    """'make your opponent lose half his life, rounded down' (losing life is not damage,
    R12.4)."""
    half = ctx.state.player(ctx.opponent).life // 2
    if half:
        ctx.lose_life(ctx.opponent, half)


def _double_life(ctx, effect, bursts, scope=None):
    """'double your life; this can't raise your life above N': gain what doubling gives, up to
    N (nothing at N or more)."""
    life = ctx.state.player(ctx.holder).life
    gain = min(2 * life, effect["cap"]) - life
    if gain > 0:
        ctx.gain_life(ctx.holder, gain)


def _ko_lowest_cost(ctx, effect, bursts, scope=None):
    """'KO the lowest purchase cost opposing character die': among the opposing character dice
    in the Field, those whose card costs least (a Sidekick costs 0); the holder chooses one of
    them when several tie (a choice, not a target)."""
    from rules.abilities import selectors as sel

    found = sel.dice(ctx.state, ctx.cards, {"pick": "each", "side": "opposing"}, holder=ctx.holder)
    if not found:
        return

    def cost(die) -> int:
        card_def = ctx.cards.get(die.card) if die.card else None
        return card_def.cost if card_def is not None and not die.is_sidekick else 0

    lowest = min(cost(d) for d in found)
    cheapest = tuple(d.id for d in found if cost(d) == lowest)
    (chosen,) = ctx.choose("KO the lowest purchase cost opposing character die", cheapest)
    ctx.ko(chosen)


def _per_used_action(ctx, effect, bursts, scope=None):
    """'... for each action die in your Used Pile': the holder's Used Pile dice of action
    cards, counted when the ability resolves; none: nothing happens."""
    from rules.abilities import runtime

    count = sum(
        1
        for d in ctx.state.zone(ctx.holder, Zone.USED)
        if d.card and ctx.cards.get(d.card) is not None and ctx.cards[d.card].kind != "character"
    )
    if not count:
        return
    inner = runtime.Scope(scope.kind if scope is not None else "", count)
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, inner)


def _double_printed_attack(ctx, effect, bursts, scope=None):
    """'double the printed A of all your other character dice': each die picked gets +A equal to
    the A printed on the face it shows (until end of turn, as every one-off change, R13.1)."""
    from rules.abilities import runtime

    for target in runtime.pick(ctx, effect["to"], "double the printed A", scope):
        face = ctx.die(target).face
        if face is not None and face.is_character and face.attack:
            ctx.modify(target, face.attack, 0)


_TWO_BLOCKERS = "at_two_blockers"


def _two_blockers_this_turn(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    for target in runtime.pick(ctx, effect["to"], "can't be blocked by fewer than two", scope):
        ctx.last(f"{ctx.card}.{_TWO_BLOCKERS}", subject=target)


EFFECT_RUNNERS = {
    "at_two_blockers_this_turn": _two_blockers_this_turn,
    "at_double_printed_attack": _double_printed_attack,
    "at_lose_half_life": _lose_half_life,
    "at_double_life": _double_life,
    "at_ko_lowest_cost": _ko_lowest_cost,
    "at_per_used_action": _per_used_action,
    "at_per_distinct": _per_distinct,
    "at_one_blocker": _one_blocker,
    "at_leave_combat": _leave_combat,
    "at_must_block_this": _must_block_this,
    "at_ko_damage_controller": _ko_damage_controller,
}


def _one_blocker_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    return f"choose one die blocking this die: {describe_effects(effect['effects'])}"


def _per_distinct_text(effect) -> str:
    from rules.abilities.describe import describe_effects, describe_selector

    among = describe_selector(effect["of"])
    return f"{describe_effects(effect['effects'])} for each different character among {among}"


def _per_used_action_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    return f"{describe_effects(effect['effects'])} for each action die in your Used Pile"


EFFECT_TEXT = {
    "at_two_blockers_this_turn": lambda effect: (
        f"make {_dice_text(effect['to'])} unblockable by fewer than two dice this turn"
    ),
    "at_double_printed_attack": lambda effect: "{} get +A equal to their printed A".format(
        _dice_text(effect["to"])
    ),
    "at_lose_half_life": lambda effect: "make your opponent lose half their life, rounded down",
    "at_double_life": lambda effect: (
        f"double your life (it can't go above {effect['cap']} this way)"
    ),
    "at_ko_lowest_cost": lambda effect: (
        "KO the opposing character die of the lowest purchase cost (your choice if several)"
    ),
    "at_per_used_action": _per_used_action_text,
    "at_per_distinct": _per_distinct_text,
    "at_one_blocker": _one_blocker_text,
    "at_leave_combat": lambda effect: "remove {} from the Attack Zone".format(
        _dice_text(effect["to"])
    ),
    "at_ko_damage_controller": lambda effect: "KO {}{} deal {} damage to its controller".format(
        _dice_text(effect["to"]), "; if you do," if effect["if_kod"] else " and", effect["amount"]
    ),
    "at_must_block_this": lambda effect: "make {} block this die this turn if able".format(
        _dice_text(effect["to"])
    ),
}


def _dice_text(selector) -> str:
    from rules.abilities.describe import describe_selector

    return describe_selector(selector)


def _effects(encoding):
    """Every effect of the encoding, nested ones ('... unless your opponent pays 3 life')
    included."""
    pending = [
        e
        for spec in encoding.get("abilities", ())
        for effects in (spec["effects"], *(v["effects"] for v in spec.get("bursts", {}).values()))
        for e in effects
    ]
    while pending:
        effect = pending.pop()
        yield effect
        pending += effect.get("effects", ())


def _block_only(card, encoding) -> tuple:
    """The lasting 'can't block any other attacker' `at_must_block_this` starts."""
    if not any(e["do"] == "at_must_block_this" for e in _effects(encoding)):
        return ()

    def restrict(q) -> str | None:
        if len(q.params) < 2 or q.stat != "block" or q.die is None or q.other is None:
            return None
        blocker, attacker = q.params[0], q.params[1]
        if q.die.id == blocker and q.other.id != attacker:
            return f"{blocker} must block {attacker} this turn ({q.card})"
        return None

    return (Ability(_BLOCK_ONLY, "lasting", "must block this die this turn", restrict=restrict),)


def _two_blockers(card, encoding) -> tuple:
    """The lasting 'can't be blocked by fewer than two dice' `at_two_blockers_this_turn` starts:
    asked about an attacker with the number of dice declared to block it (R13.7)."""
    if not any(e["do"] == "at_two_blockers_this_turn" for e in _effects(encoding)):
        return ()

    def restrict(q) -> str | None:
        if not q.params or q.stat != "blockers" or q.die is None or q.die.id != q.params[0]:
            return None
        if q.amount >= 2:
            return None
        return f"{q.die.id} can't be blocked by fewer than two dice this turn ({q.card})"

    text = "can't be blocked by fewer than two dice this turn"
    return (Ability(_TWO_BLOCKERS, "lasting", text, restrict=restrict),)


ENCODING_ABILITIES = {
    "at_must_block_this": _block_only,
    "at_two_blockers_this_turn": _two_blockers,
}


# -- condition: a die on a double energy face in the holder's Reserve Pool -----------------------
def _reserve_double(test, state, cards, *, holder, this=None, card="") -> bool:
    from rules.abilities.extensions.fielded_effects import tally

    return tally(state, cards, {"reserve": "yours", "unit": "dice", "double": True}, holder) > 0


CONDITIONS = {"at_reserve_double": ({}, _reserve_double)}
CONDITION_TEXT = {
    "at_reserve_double": lambda test: "you have a die on a double energy face in your Reserve Pool"
}
