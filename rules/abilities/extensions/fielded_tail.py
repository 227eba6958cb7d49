"""Effects of the `fielded_tail` family (clauses in rules/abilities/phrases_fielded_tail.py).

- `ft_next_field_free` (`dice`: optional `affiliation` / `energy` filters): 'the next character
  die you field this turn is free'. The effect records, as a lasting effect until end of turn,
  the dice its holder had fielded this turn when it resolved (the engine's record,
  rules/engine/keywords/strike.py); the card's static ability (`ENCODING_ABILITIES`) makes the
  fielding cost (R7.2) of the holder's matching character dice 0 until one more matching die
  has been fielded since then.
"""

from rules.abilities import selectors as sel
from rules.abilities.extensions import effect_schema
from rules.engine.abilities import Ability, Contribution, Query
from rules.engine.keywords import strike
from rules.engine.state import LastingEffect

_MARK = "ft_next_field_free"

EFFECT_SCHEMAS = {
    "ft_next_field_free": effect_schema(
        "ft_next_field_free",
        ["dice"],
        dice={
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "affiliation": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                "energy": {"type": "array", "items": {"type": "string"}, "minItems": 1},
            },
        },
    ),
}


def _next_field_free(ctx, effect, bursts, scope=None) -> None:
    before = tuple(sorted(strike.fielded_this_turn(ctx.state, ctx.holder)))
    record = LastingEffect(f"{ctx.card}.{_MARK}", ctx.holder, "", (before,))
    ctx.update(effects=(*ctx.state.effects, record))


def _uses(encoding: dict) -> list[dict]:
    return [
        e
        for spec in encoding.get("abilities", ())
        for effects in (spec["effects"], *(v["effects"] for v in spec.get("bursts", {}).values()))
        for e in effects
        if e["do"] == _MARK
    ]


def _next_field_free_abilities(card, encoding) -> tuple[Ability, ...]:
    uses = _uses(encoding)
    if not uses:
        return ()
    wanted = {"pick": "each", "side": "any", "what": "character", **uses[0]["dice"]}

    def matching(q: Query, die) -> bool:
        return sel.matches(
            q.state, q.cards, wanted, die, holder=die.controller, card=q.card, anywhere=True
        )

    def free(q: Query):
        die = q.die
        if q.stat != "fielding" or die is None or die.face is None or not die.face.fielding:
            return
        player = die.controller
        if player != q.holder and q.card in q.state.player(player).team:
            return  # counted by the fielding player's own copy of the card
        if not matching(q, die):
            return
        fielded = strike.fielded_this_turn(q.state, player)
        for record in q.state.effects:
            if record.ability != f"{q.card}.{_MARK}" or record.holder != player:
                continue
            since = fielded - set(record.params[0]) - {die.id}
            if any((other := q.state.die(d)) is not None and matching(q, other) for d in since):
                continue  # the next matching die was fielded already: used up
            name = q.cards[q.card].name if q.card in q.cards else q.card
            yield Contribution("fielding", -die.face.fielding, f"{name}: next field free")
            return

    return (
        Ability(
            "ft_next_field_free_cost", "static", "the next die fielded is free", continuous=free
        ),
        Ability(_MARK, "lasting", "the next character die fielded this turn is free"),
    )


def _text(effect) -> str:
    what = "character die"
    dice = effect["dice"]
    if dice.get("affiliation"):
        what = f"{'/'.join(a.title() for a in dice['affiliation'])} {what}"
    if dice.get("energy"):
        what = f"{'/'.join(dice['energy'])} {what}"
    return f"make the next {what} you field this turn free to field"


EFFECT_RUNNERS = {"ft_next_field_free": _next_field_free}
EFFECT_TEXT = {"ft_next_field_free": _text}
ENCODING_ABILITIES = {"ft_next_field_free": _next_field_free_abilities}
