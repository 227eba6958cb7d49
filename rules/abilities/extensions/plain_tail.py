"""Effects and the condition of the `plain_tail` family (rules/abilities/templates/plain_tail.py):

- `pt_gate`: 'take another unpurchased NAME die and roll it; on a character face it goes to
  your Prep Area, otherwise back to its card': one of the ability card's unpurchased dice of
  the holder is rolled; on a character face it goes to the holder's Prep Area as their die
  (not purchased), on an energy face back to the card. Nothing when none is left.
- `pt_draw_split` (`count`, `one`, `other`: prep / used / roll / bag): draw `count` dice; the
  holder picks the one that goes to `one`, the rest go to `other` ('used': sent to the Used
  Pile, R4.6; 'roll': rolled into the Reserve Pool; 'bag': back into the bag).
- `pt_limit_damage` (`to`, `keep` 0 / 1, `from`: the source's selector, `from_level`: 'higher'
  or 'at_most' than the damaged die): a static prevention (R13.4) leaving at most `keep` of
  each damage dealt to a die `to` means, from one source (each source's damage is prevented
  apart): 'reduce all damage dealt to NAME from each source to 1', 'NAME takes no more than 1
  damage from action dice', 'takes no damage from higher level characters', 'prevent all
  damage done to NAME by character dice of equal or lower level'. A source that is no die
  matches no `from` / `from_level`. In a while-active spec (STATIC_EFFECTS); its static
  ability (ENCODING_ABILITIES) answers the engine's 'prevent' question about a die.
- `pt_zone_modify` (`to`, `zone` prep / used, `of`, `attack`, `defense`): static; each die
  `to` means gets +`attack`A / +`defense`D for each of the holder's dice in that zone that
  `of` means (`of`: `character` true for character dice only, `affiliation` from the die's
  card). Condition `pt_in_zone` (`pt_zone`, `pt_of`, `n`): the holder has at least `n` such dice
  there. Both answer through the stat query layer (ENCODING_ABILITIES).
- condition `pt_none_fielded`: the holder has fielded no die this turn (the engine's record of
  this turn's fieldings, K-STRIKE's module).
- condition `pt_life` (`pt_side` yours / opposing, `pt_at_most` or `pt_at_least`): that
  player's life total now.
"""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.abilities.extensions import SELECTOR, effect_schema
from rules.engine.state import Zone, other

_PLACES = ("prep", "used", "roll", "bag")

EFFECT_SCHEMAS = {
    "pt_gate": effect_schema("pt_gate", []),
    "pt_draw_split": effect_schema(
        "pt_draw_split",
        ["count", "one", "other"],
        count={"type": "integer", "minimum": 2, "maximum": 5},
        one={"enum": list(_PLACES)},
        other={"enum": list(_PLACES)},
    ),
    "pt_limit_damage": effect_schema(
        "pt_limit_damage",
        ["to", "keep"],
        to=SELECTOR,
        keep={"enum": [0, 1]},
        from_level={"enum": ["higher", "at_most"]},
        **{"from": SELECTOR},
    ),
}
_ZONE_OF = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "character": {"const": True},
        "affiliation": {"type": "array", "items": {"type": "string"}, "minItems": 1},
    },
}
_ZONE = {"enum": ["prep", "used"]}
_BONUS = {"type": "integer", "minimum": 1, "maximum": 5}
EFFECT_SCHEMAS["pt_zone_modify"] = effect_schema(
    "pt_zone_modify",
    ["to", "zone", "of"],
    to=SELECTOR,
    zone=_ZONE,
    of=_ZONE_OF,
    attack=_BONUS,
    defense=_BONUS,
)
STATIC_EFFECTS = {"pt_limit_damage": True, "pt_zone_modify": True}


def _gate(ctx, effect, bursts, scope=None):
    stock = [
        d
        for d in ctx.state.dice
        if d.card == ctx.card and d.owner == ctx.holder and d.zone == Zone.UNPURCHASED
    ]
    if not stock:
        return
    die_id = stock[0].id
    ctx.roll(ctx.holder, (die_id,))
    rolled = ctx.state.die(die_id)
    if rolled.face is not None and rolled.face.is_character:
        ctx.move(die_id, Zone.PREP)
        ctx.emit(
            "moved", f"{die_id} went to the Prep Area ({ctx.label})", die=die_id, player=ctx.holder
        )
        return
    ctx.put(replace(rolled, zone=Zone.UNPURCHASED, face=None))
    ctx.emit(
        "moved", f"{die_id} went back to its card ({ctx.label})", die=die_id, player=ctx.holder
    )


def _place(ctx, die_id: str, where: str) -> None:
    if where == "prep":
        return  # drawn dice are in the Prep Area already
    if where == "used":
        ctx.send_to_used(die_id)
    elif where == "roll":
        ctx.roll(ctx.holder, (die_id,))
    else:
        ctx.move(die_id, Zone.BAG)
        ctx.emit("moved", f"{die_id} went back to the bag ({ctx.label})", die=die_id)


def _draw_split(ctx, effect, bursts, scope=None):
    drawn = ctx.draw(ctx.holder, effect["count"], to=Zone.PREP)
    if not drawn:
        return
    one = drawn[0]
    if len(drawn) > 1:
        prompt = f"choose the drawn die that {_WHERE[effect['one']]}"
        one = ctx.choose(prompt, drawn)[0]
    _place(ctx, one, effect["one"])
    for die_id in drawn:
        if die_id != one:
            _place(ctx, die_id, effect["other"])
    if scope is not None:
        scope.picked = list(drawn)


EFFECT_RUNNERS = {"pt_gate": _gate, "pt_draw_split": _draw_split}

_WHERE = {
    "prep": "goes to your Prep Area",
    "used": "goes to your Used Pile",
    "roll": "is rolled into your Reserve Pool",
    "bag": "goes back to your bag",
}

EFFECT_TEXT = {
    "pt_gate": lambda effect: (
        "roll another unpurchased die of this card: on a character face it goes to your Prep "
        "Area, otherwise back to the card"
    ),
    "pt_draw_split": lambda effect: (
        f"draw {effect['count']} dice: one of your choice {_WHERE[effect['one']]}, the other "
        f"{_WHERE[effect['other']]}"
    ),
}


def _life(test: Mapping[str, Any], state, cards, *, holder, this=None, card="") -> bool:
    player = holder if test["pt_side"] == "yours" else other(holder)
    life = state.player(player).life
    if "pt_at_most" in test and life > test["pt_at_most"]:
        return False
    return not ("pt_at_least" in test and life < test["pt_at_least"])


def _life_text(test: Mapping[str, Any]) -> str:
    who = "you have" if test["pt_side"] == "yours" else "your opponent has"
    if "pt_at_most" in test:
        return f"{who} {test['pt_at_most']} life or less"
    return f"{who} {test['pt_at_least']} life or more"


_LIFE_FIELD = {"type": "integer", "minimum": 0, "maximum": 99}
CONDITIONS = {
    "pt_life": (
        {
            "pt_side": {"enum": ["yours", "opposing"]},
            "pt_at_most": _LIFE_FIELD,
            "pt_at_least": _LIFE_FIELD,
        },
        _life,
    )
}
CONDITION_TEXT = {"pt_life": _life_text}


def _limit_source_matches(q, effect) -> bool:
    from rules.abilities.statics import _source_matches

    if "from" in effect and not _source_matches(q, effect["from"], q.other):
        return False
    if "from_level" in effect:
        source = q.other
        if source is None or not source.is_character or source.level == 0:
            return False
        if effect["from_level"] == "higher":
            return source.level > q.die.level
        return source.level <= q.die.level
    return True


def _limit_abilities(card, encoding: Mapping[str, Any]) -> tuple:
    from rules.abilities import selectors as sel
    from rules.abilities.describe import describe_spec
    from rules.engine.abilities import Ability, Contribution

    built = []
    for index, spec in enumerate(encoding.get("abilities", ())):
        effects = [e for e in spec["effects"] if e["do"] == "pt_limit_damage"]
        if spec["when"] != "while_active" or not effects:
            continue

        def contributions(q, spec=spec, effects=effects):
            if q.stat != "prevent" or q.die is None:
                return
            if not sel.condition(
                spec.get("if"), q.state, q.cards, holder=q.holder, this=q.die, card=q.card
            ):
                return
            for effect in effects:
                if not sel.matches(
                    q.state, q.cards, effect["to"], q.die, holder=q.holder, card=q.card
                ):
                    continue
                if not _limit_source_matches(q, effect):
                    continue
                amount = q.amount - effect["keep"]
                if amount > 0:
                    yield Contribution(
                        "prevent", amount, q.cards[q.card].name if q.card in q.cards else q.card
                    )

        built.append(
            Ability(
                f"pt_limit_damage{index}",
                "static",
                describe_spec(spec),
                while_active=True,
                continuous=contributions,
            )
        )
    return tuple(built)


ENCODING_ABILITIES = {"plain_tail": _limit_abilities}


def _limit_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import describe_selector

    where = describe_selector(effect["to"])
    sources = []
    if "from" in effect:
        sources.append(f"from {describe_selector(effect['from'])}")
    if "from_level" in effect:
        sources.append(
            "from character dice of a higher level"
            if effect["from_level"] == "higher"
            else "from character dice of its level or lower"
        )
    source = (" " + " ".join(sources)) if sources else ""
    if effect["keep"] == 0:
        return f"prevent all damage to {where}{source}"
    return f"{where} takes at most {effect['keep']} of each source's damage{source}"


EFFECT_TEXT["pt_limit_damage"] = _limit_text


# -- dice counted in the Prep Area or the Used Pile -----------------------------------------------
def zone_count(state, cards, holder: str, zone: str, of: Mapping[str, Any]) -> int:
    """The holder's dice in `zone` that `of` means, read from each die's card (a die there
    shows no face: a character die is a Sidekick or a die of a card with character levels)."""
    found = 0
    for die in state.zone(holder, Zone(zone)):
        card = cards.get(die.card) if die.card else None
        if of.get("character") and not (die.is_sidekick or (card is not None and card.levels)):
            continue
        if "affiliation" in of and (
            card is None or not set(card.affiliations) & set(of["affiliation"])
        ):
            continue
        found += 1
    return found


def _zone_abilities(card, encoding: Mapping[str, Any]) -> tuple:
    from rules.abilities import selectors as sel
    from rules.abilities.describe import describe_spec
    from rules.engine.abilities import Ability, Contribution

    built = []
    for index, spec in enumerate(encoding.get("abilities", ())):
        effects = [e for e in spec["effects"] if e["do"] == "pt_zone_modify"]
        if spec["when"] != "while_active" or not effects:
            continue

        def contributions(q, effects=effects):
            source = q.cards[q.card].name if q.card in q.cards else q.card
            if q.stat not in ("attack", "defense") or q.die is None:
                return
            for effect in effects:
                per = effect.get(q.stat, 0)
                if not per or not sel.matches(
                    q.state, q.cards, effect["to"], q.die, holder=q.holder, card=q.card
                ):
                    continue
                count = zone_count(q.state, q.cards, q.holder, effect["zone"], effect["of"])
                if count:
                    yield Contribution(q.stat, per * count, source)

        built.append(
            Ability(
                f"pt_zone{index}",
                "static",
                describe_spec(spec),
                while_active=True,
                continuous=contributions,
            )
        )
    return tuple(built)


ENCODING_ABILITIES["plain_tail_zone"] = _zone_abilities


def _zone_dice(zone: str, of: Mapping[str, Any]) -> str:
    noun = "character die" if of.get("character") else "die"
    kind = f"{'/'.join(of['affiliation'])} " if "affiliation" in of else ""
    where = "Prep Area" if zone == "prep" else "Used Pile"
    return f"{kind}{noun} in your {where}"


def _zone_modify_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import describe_selector

    stats = " and ".join(
        f"+{effect[stat]}{stat[0].upper()}" for stat in ("attack", "defense") if stat in effect
    )
    return (
        f"{describe_selector(effect['to'])} gets {stats} for each "
        f"{_zone_dice(effect['zone'], effect['of'])}"
    )


EFFECT_TEXT["pt_zone_modify"] = _zone_modify_text


def _in_zone(test, state, cards, *, holder, this=None, card="") -> bool:
    return zone_count(state, cards, holder, test["pt_zone"], test["pt_of"]) >= test["n"]


CONDITIONS["pt_in_zone"] = ({"pt_zone": _ZONE, "pt_of": _ZONE_OF}, _in_zone)
CONDITION_TEXT["pt_in_zone"] = lambda test: (
    f"you have at least {test['n']} {_zone_dice(test['pt_zone'], test['pt_of'])}"
)


def _none_fielded(test, state, cards, *, holder, this=None, card="") -> bool:
    from rules.engine.keywords import strike

    return not strike.fielded_this_turn(state, holder)


CONDITIONS["pt_none_fielded"] = ({}, _none_fielded)
CONDITION_TEXT["pt_none_fielded"] = lambda test: "you have fielded no character die this turn"
