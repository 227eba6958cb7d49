"""Effects of the `misc_tail` family (rules/abilities/templates/misc_tail.py, clauses in
rules/abilities/phrases_misc_tail.py).

- `mt_unless_ko` (`effects`, optional `to` and `another`): Enlistment's '<effect> unless your
  opponent KOs a character die they control'. With `to` (the one effect's dice: a target or up
  to N targets) the holder picks them first, as turn_globals' `tg_unless_life` does (no valid
  target: nothing happens); the effects then name them `it`. Then the opponent, if they have a
  character die in the Field (`another`: one not picked), is asked whether to KO one of them:
  if they do, they choose which (their own choice, not a target) and it is KO'd, and nothing
  else happens; otherwise the effects happen.
"""

from rules.abilities.extensions import EFFECTS, SELECTOR, effect_schema

EFFECT_SCHEMAS = {
    "mt_unless_ko": effect_schema(
        "mt_unless_ko", ["effects"], to=SELECTOR, another={"type": "boolean"}, effects=EFFECTS
    )
}


def _inner(effect) -> list[dict]:
    """The effects with the dice picked first in place of `it`, for the English."""
    if "to" not in effect:
        return effect["effects"]
    return [
        {**e, "to": effect["to"]} if e.get("to") == {"pick": "it"} else e for e in effect["effects"]
    ]


def _unless_ko(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime
    from rules.abilities.describe import describe_effects

    scope = scope if scope is not None else runtime.Scope("")
    text = describe_effects(_inner(effect))
    picked: list[str] = []
    if "to" in effect:
        picked = runtime.pick(ctx, effect["to"], text, scope)
        if not picked:
            return
    theirs = [
        d.id
        for d in ctx.state.field(ctx.opponent)
        if d.is_character and not (effect.get("another") and d.id in picked)
    ]
    if theirs and ctx.may(
        f"KO one of your character dice so that this does not happen: {text}",
        player=ctx.opponent,
    ):
        (chosen,) = ctx.choose("the character die you KO", theirs, player=ctx.opponent)
        ctx.ko(chosen)
        return
    if picked:
        scope.picked = list(picked)
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, scope)


EFFECT_RUNNERS = {"mt_unless_ko": _unless_ko}


def _unless_ko_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    which = "another character die" if effect.get("another") else "a character die"
    return f"{describe_effects(_inner(effect))}, unless your opponent KOs {which} they control"


EFFECT_TEXT = {"mt_unless_ko": _unless_ko_text}
