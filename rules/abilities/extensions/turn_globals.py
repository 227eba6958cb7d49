"""Effects of the `turn_globals` family (rules/abilities/templates/turn_globals.py, clauses in
rules/abilities/phrases_turn_globals.py).

- `tg_unless_life` (`to`: the dice the effect picks, `amount`, `payer` `opposing` / `owner`,
  `effects`): '<effect on target X> unless an opponent pays 2 life' / '... unless its owner
  pays 1 life'. The holder picks the dice first (the selector is on this effect, so a global
  with no valid target can't be used, R10.3); then the payer is asked whether to pay the life
  (paying life is losing it, R12.4; a player is only asked with at least that much life); if
  they pay, nothing else happens, otherwise `effects` happen to the dice picked (their
  selector is `it`). 'Its owner' is the owner of the die picked (one die).
- condition `tg_none_purchased` (`what` any / character): the holder has purchased no (character)
  die yet this turn (the engine's record of the turn's purchases, K-STRIKE's module): 'The first
  die you purchase this turn ...' is the next one only while none was.
"""

from rules.abilities.extensions import EFFECTS, SELECTOR, effect_schema

EFFECT_SCHEMAS = {
    "tg_unless_life": effect_schema(
        "tg_unless_life",
        ["to", "amount", "payer", "effects"],
        to=SELECTOR,
        amount={"type": "integer", "minimum": 1, "maximum": 9},
        payer={"enum": ["opposing", "owner"]},
        effects=EFFECTS,
    )
}


def _unless_life(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime
    from rules.abilities.describe import describe_effects

    scope = scope if scope is not None else runtime.Scope("")
    inner = [
        {**e, "to": effect["to"]} if e.get("to") == {"pick": "it"} else e for e in effect["effects"]
    ]
    picked = runtime.pick(ctx, effect["to"], describe_effects(inner), scope)
    if not picked:
        return  # no valid target: nothing happens (T5.1)
    if effect["payer"] == "owner":
        die = ctx.state.die(picked[0])
        payer = die.owner if die is not None else ctx.opponent
    else:
        payer = ctx.opponent
    amount = effect["amount"]
    if ctx.state.player(payer).life >= amount and ctx.may(
        f"pay {amount} life so that this does not happen: {describe_effects(inner)}", player=payer
    ):
        ctx.lose_life(payer, amount)
        return
    scope.picked = list(picked)
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, scope)


EFFECT_RUNNERS = {"tg_unless_life": _unless_life}


def _unless_life_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    inner = [
        {**e, "to": effect["to"]} if e.get("to") == {"pick": "it"} else e for e in effect["effects"]
    ]
    payer = "your opponent" if effect["payer"] == "opposing" else "that die's owner"
    return f"{describe_effects(inner)}, unless {payer} pays {effect['amount']} life"


EFFECT_TEXT = {"tg_unless_life": _unless_life_text}


# -- condition: no die purchased yet this turn ('The first die you purchase this turn ...') -----
def _none_purchased(test, state, cards, *, holder, this=None, card="") -> bool:
    from rules.engine.keywords import strike

    bought = strike.purchased_this_turn(state, holder)
    if test.get("what") == "character":
        bought = tuple(b for b in bought if b[0] == "character")
    return not bought


def _none_purchased_text(test) -> str:
    kind = "character " if test.get("what") == "character" else ""
    return f"you have purchased no {kind}die yet this turn"


CONDITIONS = {"tg_none_purchased": ({"what": {"enum": ["any", "character"]}}, _none_purchased)}
CONDITION_TEXT = {"tg_none_purchased": _none_purchased_text}
