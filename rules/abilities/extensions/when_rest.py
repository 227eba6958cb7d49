"""Effects of the `when_rest` family (rules/abilities/templates/when_rest.py, clauses in
rules/abilities/phrases_when_rest.py).

- `wr_field_from` (`dice`, `zones`, `level`): 'field a NAME die from your Used Pile or Prep
  Area (for free) at level N': the holder picks one of their dice of that card name in those
  zones and fields it at that level (fielding by an effect: free, 'when fielded' triggers,
  R8.2). None there: nothing happens.
- `wr_draw_split`: 'draw 2 dice from your bag. Prep one and place the other in your Used
  Pile': both drawn into the Prep Area, the holder picks the one that stays, the other goes to
  the Used Pile (one die drawn: it stays in the Prep Area).
"""

from rules.abilities.extensions import effect_schema
from rules.engine.state import Zone

_ZONES = {"bag": Zone.BAG, "used": Zone.USED, "prep": Zone.PREP}
_ZONE_LIST = {"type": "array", "items": {"enum": list(_ZONES)}, "minItems": 1}

EFFECT_SCHEMAS = {
    "wr_field_from": effect_schema(
        "wr_field_from",
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
    "wr_draw_split": effect_schema("wr_draw_split", []),
}


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


EFFECT_RUNNERS = {"wr_field_from": _field_from, "wr_draw_split": _draw_split}


def _zones_text(effect) -> str:
    names = {"bag": "bag", "used": "Used Pile", "prep": "Prep Area"}
    return " or ".join(names[z] for z in effect["zones"])


EFFECT_TEXT = {
    "wr_field_from": lambda effect: (
        f"field a {effect['dice']['name']} die from your {_zones_text(effect)} at level "
        f"{effect['level']}"
    ),
    "wr_draw_split": lambda effect: (
        "draw 2 dice: one goes to your Prep Area, the other to your Used Pile (you choose)"
    ),
}
