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
- condition `compare_count`: you have more (`compare` `more`) or fewer (`fewer`) dice matching
  `of` than your opponent has (the same filters, on their side).
"""

from rules.abilities import selectors as sel
from rules.abilities.extensions import EFFECTS, SELECTOR, effect_schema
from rules.engine.state import Zone

_IN_FIELD = (Zone.FIELD, Zone.ATTACK)

EFFECT_SCHEMAS = {
    "reroll_sort": effect_schema(
        "reroll_sort", ["to", "into"], to=SELECTOR, into={"enum": ["used", "prep"]}
    ),
    "draw_sort": effect_schema(
        "draw_sort", ["dice"], dice={"type": "object"}, count={"type": "integer", "minimum": 1}
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
    from rules.engine.actions import Roll
    from rules.engine.effects import dice as dice_ops
    from rules.engine.state import Request
    from rules.engine.verdicts import reject

    moved = []
    for target in runtime.pick(ctx, effect["to"], "reroll", scope):
        die = ctx.die(target)
        text = f"{die.controller} rerolls {target}"
        answer = ctx.ask(Request("roll", die.controller, text, options=(target,)), Roll)
        faces = dict(answer.faces)
        if target not in faces:
            reject("R14.1", f"Say how {target} landed.")
        dice_ops.reroll(ctx, target, faces[target], source=ctx.label)
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


EFFECT_RUNNERS = {
    "reroll_sort": _reroll_sort,
    "per_removed": _per_removed,
    "draw_sort": _draw_sort,
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
        return f"if a die left the Field this way: {describe_effects(effect['effects'])}"
    what = "Sidekick dice" if effect.get("sidekick") else "dice"
    return f"for each of those {what} that left the Field: {describe_effects(effect['effects'])}"


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


EFFECT_TEXT = {
    "reroll_sort": _reroll_sort_text,
    "per_removed": _per_removed_text,
    "draw_sort": _draw_sort_text,
}


def _compare_count(test, state, cards, *, holder, this=None, card=""):
    source = this.id if this is not None else ""
    mine = {**test["of"], "pick": "each", "side": "yours"}
    theirs = {**test["of"], "pick": "each", "side": "opposing"}
    count_mine = len(sel.dice(state, cards, mine, holder=holder, source=source, card=card))
    count_theirs = len(sel.dice(state, cards, theirs, holder=holder, source=source, card=card))
    return count_mine > count_theirs if test["compare"] == "more" else count_mine < count_theirs


CONDITIONS = {"compare_count": ({"compare": {"enum": ["more", "fewer"]}}, _compare_count)}


def _compare_text(test) -> str:
    from rules.abilities.describe import describe_selector

    counted = describe_selector({**test["of"], "pick": "each"}).removeprefix("all ")
    return f"you have {test['compare']} {counted} than your opponent"


CONDITION_TEXT = {"compare_count": _compare_text}
