"""The effect vocabulary: a card's automated abilities as plain JSON-able data, checked
against a JSON Schema so a bad encoding is refused with what is wrong and where.

A card's encoding::

    {"keywords": ["overcrush"],              # printed keywords the engine's plugins play
     "abilities": [AbilitySpec, ...]}

An AbilitySpec::

    {"when": "fielded",                      # TRIGGERS below
     "effects": [Effect, ...],
     "if": Condition,                        # optional: checked when it triggers/applies
     "optional": true,                       # 'you may'
     "limit": "once_per_turn",               # optional
     "cost": "[B]",                          # globals and activated abilities
     "global": "global2",                    # which Global: line (default: the first)
     "bursts": {"1": {"mode": "instead"|"also", "effects": [...]}, "2": {...}}}

An Effect is {"do": EFFECT, ...} with the fields EFFECT_FIELDS names; a Selector says which
dice or player; an Amount is a number, {"count": Selector}, {"stat": "attack"|"defense"|
"level", "of": "this"} or {"per_burst": [n0, n1, n2]}.
"""

from collections.abc import Mapping
from typing import Any

import jsonschema

TRIGGERS = (
    "fielded",
    "attacks",
    "blocks",
    "blocked",
    "damaged",
    "kod",
    "purchased",
    "while_active",
    "global",
    "action",
    "activated",
    "any_fielded",
    "any_kod",
    "action_used",
    "you_damaged",
    "static",
    "any_attacks",
    "energize",
    "spun_up",
)
# The engine event each trigger listens to.
TRIGGER_EVENTS = {
    "fielded": "fielded",
    "attacks": "attacks",
    "blocks": "blocks",
    "blocked": "blocked",
    "damaged": "damaged",
    "kod": "kod",
    "purchased": "purchased",
}
# Card-wide triggers (player events: 'when you field a Sidekick', 'when one of your character
# dice is KO'd', 'when you use an action die', 'when you take damage'): the event each listens
# to. They work while one of the card's dice is active; "of" filters the event's die.
CARD_TRIGGER_EVENTS = {
    "any_fielded": "fielded",
    "any_kod": "kod",
    "action_used": "action_used",
    "you_damaged": "player_damaged",
    "any_attacks": "attacks",
    # Energize: one of the card's dice rolled on a double energy face (a card-wide trigger
    # of the roll, working from the team: the die is in the Reserve Pool, not active).
    "energize": "rolled",
}
PICKS = ("target", "up_to", "each", "this", "player", "it")  # it: the previous effect's dice
PICKS += ("event",)  # the die of the card-wide trigger's event ('spin it up': the die fielded)
SIDES = ("any", "yours", "opposing")
WHATS = ("character", "sidekick", "non_sidekick")
ENERGY = ("fist", "bolt", "mask", "shield")
STATS = ("attack", "defense", "level")
CONDITIONS = ("opponent_more_life", "count_at_least", "count_at_most", "attacking", "blocking")
DURATIONS = ("turn", "while_active")
LIMITS = ("once_per_turn", "once_per_turn_per_die", "first_time")

_selector = {
    "type": "object",
    "additionalProperties": False,
    "required": ["pick"],
    "properties": {
        "pick": {"enum": list(PICKS)},
        "count": {"type": "integer", "minimum": 1, "maximum": 20},
        "side": {"enum": list(SIDES)},
        "what": {"enum": list(WHATS)},
        "energy": {"type": "array", "items": {"enum": list(ENERGY)}, "minItems": 1},
        "affiliation": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "not_affiliation": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "name": {"type": "string", "minLength": 1},
        "max_level": {"type": "integer", "minimum": 1},
        "max_cost": {"type": "integer", "minimum": 0},
        "other": {"type": "boolean"},
        "not_energy": {"type": "array", "items": {"enum": list(ENERGY)}, "minItems": 1},
        "shares_affiliation": {"type": "boolean"},  # with the ability's own card
    },
}
_amount = {
    "oneOf": [
        {"type": "integer", "minimum": 0, "maximum": 99},
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["count"],
            "properties": {
                "count": {"$ref": "#/$defs/selector"},
                "times": {"type": "integer"},
                "distinct": {"type": "boolean"},  # different characters (by name) only
            },
        },
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["stat"],
            "properties": {"stat": {"enum": list(STATS)}, "of": {"enum": ["this"]}},
        },
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["per_burst"],
            "properties": {
                "per_burst": {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 0},
                    "minItems": 3,
                    "maxItems": 3,
                }
            },
        },
    ]
}
# Underdog (its reminder text): the opponent has more character dice in their Field Zone.
CONDITIONS += ("opponent_more_field_dice",)
_condition = {
    "type": "object",
    "additionalProperties": False,
    "required": ["test"],
    "properties": {
        "test": {"enum": list(CONDITIONS)},
        "of": {"$ref": "#/$defs/selector"},
        "n": {"type": "integer", "minimum": 0},
    },
}


def _effect(effect_name: str, required: list[str], **properties) -> dict:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["do", *required],
        "properties": {"do": {"const": effect_name}, **properties},
    }


_to = {"$ref": "#/$defs/selector"}
_amt = {"$ref": "#/$defs/amount"}
_player = {"enum": ["yours", "opposing", "each"]}
EFFECT_SCHEMAS = {
    "damage": _effect("damage", ["to", "amount"], to=_to, amount=_amt),
    "ko": _effect("ko", ["to"], to=_to),
    "spin": _effect(
        "spin", ["to", "levels"], to=_to, levels={"type": "integer", "minimum": -5, "maximum": 5}
    ),
    "prep": _effect("prep", ["to"], to=_to),
    "send_to_used": _effect("send_to_used", ["to"], to=_to),
    "capture": _effect("capture", ["to"], to=_to),
    "reroll": _effect("reroll", ["to"], to=_to),
    "draw": _effect("draw", ["count"], count=_amt, player=_player),
    "modify": _effect(
        "modify",
        ["to"],
        to=_to,
        attack=_amt,
        defense=_amt,
        duration={"enum": list(DURATIONS)},
        sign={"enum": [1, -1]},
    ),
    "grant": _effect(
        "grant",
        ["to", "keyword"],
        to=_to,
        keyword={"type": "string"},
        duration={"enum": list(DURATIONS)},
    ),
    "gain_life": _effect("gain_life", ["amount"], amount=_amt, player=_player),
    "lose_life": _effect("lose_life", ["amount"], amount=_amt, player=_player),
    "script": _effect("script", ["name"], name={"type": "string"}),
    # While active: damage to the matching dice ("to") is prevented, from any source or only
    # from character dice matching "from" (R13.4, through the stat query layer).
    "prevent_damage": _effect("prevent_damage", ["to"], to=_to, **{"from": _to}),
    # While active (or 'static': from the team, active or not): the holder's purchases of the
    # cards "to" means ('this': this card) cost `less` less (R7.3: never below 1).
    "purchase_cost": _effect("purchase_cost", ["to", "less"], to=_to, less=_amt),
    # Draw dice from your bag and roll them into your Reserve Pool (R4.3).
    "draw_and_roll": _effect("draw_and_roll", ["count"], count=_amt),
    # Move one of your dice in your Used Pile whose card "of" means to your Prep Area.
    "prep_from_used": _effect("prep_from_used", ["of"], of=_to),
}
EFFECTS = tuple(EFFECT_SCHEMAS)

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "keywords": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "abilities": {"type": "array", "items": {"$ref": "#/$defs/ability"}},
        "scripts": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "suit_up": {"type": "array", "items": {"type": "string", "minLength": 1}},
    },
    "$defs": {
        "selector": _selector,
        "amount": _amount,
        "condition": _condition,
        "effects": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["do"],
                "properties": {"do": {"enum": list(EFFECTS)}},
                "allOf": [
                    {"if": {"properties": {"do": {"const": name}}}, "then": schema}
                    for name, schema in EFFECT_SCHEMAS.items()
                ],
            },
        },
        "variant": {
            "type": "object",
            "additionalProperties": False,
            "required": ["mode", "effects"],
            "properties": {
                "mode": {"enum": ["instead", "also"]},
                "effects": {"$ref": "#/$defs/effects"},
            },
        },
        "ability": {
            "type": "object",
            "additionalProperties": False,
            "required": ["when", "effects"],
            "properties": {
                "when": {"enum": list(TRIGGERS)},
                "effects": {"$ref": "#/$defs/effects"},
                "if": {"$ref": "#/$defs/condition"},
                "optional": {"type": "boolean"},
                "limit": {"enum": list(LIMITS)},
                "cost": {"type": "string", "pattern": r"^(\[\d*[FBMS]*\]|\d+)+$"},
                "global": {"type": "string", "pattern": "^global\\d*$"},
                "of": {"$ref": "#/$defs/selector"},
                "bursts": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "1": {"$ref": "#/$defs/variant"},
                        "2": {"$ref": "#/$defs/variant"},
                    },
                },
            },
        },
    },
}

_VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


class EncodingError(ValueError):
    """An encoding that breaks the vocabulary: every problem, each with where it is."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


def _where(path) -> str:
    parts = []
    for part in path:
        parts.append(f"[{part}]" if isinstance(part, int) else f".{part}")
    return "encoding" + "".join(parts)


def validate(encoding: Mapping[str, Any]) -> dict:
    """The encoding if it follows the vocabulary; EncodingError listing each problem (with its
    place, like 'encoding.abilities[0].effects[1].amount') otherwise."""
    problems = []
    for error in sorted(_VALIDATOR.iter_errors(encoding), key=lambda e: list(e.absolute_path)):
        # For a oneOf/allOf miss, the most specific sub-error says what is wrong.
        best = jsonschema.exceptions.best_match([error])
        problems.append(f"{_where(best.absolute_path)}: {best.message}")
    problems += _semantic_problems(encoding) if not problems else []
    if problems:
        raise EncodingError(list(dict.fromkeys(problems)))
    return dict(encoding)


_STATIC_EFFECTS = {"modify", "grant", "prevent_damage", "purchase_cost"}


def _semantic_problems(encoding: Mapping[str, Any]) -> list[str]:
    """What a schema can't say: continuous abilities only change stats or keywords, through
    the stat query layer, and pick no target."""
    problems = []
    for index, spec in enumerate(encoding.get("abilities", ())):
        where = f"encoding.abilities[{index}]"
        if spec["when"] == "while_active":
            for number, effect in enumerate(spec["effects"]):
                if effect["do"] not in _STATIC_EFFECTS:
                    problems.append(
                        f"{where}.effects[{number}]: a while-active ability can only modify "
                        f"A/D or grant a keyword, not {effect['do']!r}"
                    )
                elif effect["to"]["pick"] in ("target", "up_to", "it"):
                    problems.append(
                        f"{where}.effects[{number}].to: a while-active ability applies to "
                        "each matching die, it can't pick a target"
                    )
            if spec.get("bursts"):
                problems.append(f"{where}.bursts: a while-active ability has no burst variants")
        if spec["when"] in ("global", "activated") and "cost" not in spec:
            problems.append(f"{where}: a {spec['when']} ability needs its 'cost'")
    from rules.abilities import scripts

    for index, name in enumerate(encoding.get("scripts", ())):
        if scripts.script_named(name) is None:
            problems.append(f"encoding.scripts[{index}]: no card script named {name!r}")
    effect_names = scripts.effect_script_names()
    for index, spec in enumerate(encoding.get("abilities", ())):
        variants = [v["effects"] for v in spec.get("bursts", {}).values()]
        for effects in (spec["effects"], *variants):
            for effect in effects:
                if effect["do"] == "script" and effect["name"] not in effect_names:
                    problems.append(
                        f"encoding.abilities[{index}]: no effect script named {effect['name']!r}"
                    )
    problems += _card_trigger_problems(encoding)
    return problems


def _card_trigger_problems(encoding: Mapping[str, Any]) -> list[str]:
    """'of' filters the die of a card-wide trigger's event only; damage prevention is a
    continuous (while-active) effect only."""
    problems = []
    for index, spec in enumerate(encoding.get("abilities", ())):
        where = f"encoding.abilities[{index}]"
        for number, effect in enumerate(spec["effects"]):
            if effect.get("to", {}).get("pick") == "event" and spec["when"] not in (
                "any_fielded",
                "any_attacks",
            ):
                problems.append(
                    f"{where}.effects[{number}].to: 'event' (the event's die) needs an "
                    "'any_fielded' or 'any_attacks' trigger"
                )
        if "of" in spec and spec["when"] not in (
            "any_fielded",
            "any_kod",
            "any_attacks",
            "action_used",
        ):
            problems.append(
                f"{where}.of: only 'any_fielded', 'any_kod' and 'any_attacks' filter their die"
                " ('action_used': whose action die)"
            )
        for number, effect in enumerate(spec["effects"]):
            if effect["do"] == "prevent_damage" and spec["when"] != "while_active":
                problems.append(
                    f"{where}.effects[{number}]: damage prevention is a while-active effect"
                )
            if effect["do"] == "purchase_cost" and spec["when"] not in ("while_active", "static"):
                problems.append(
                    f"{where}.effects[{number}]: a cost change is a while-active or static effect"
                )
            if spec["when"] == "static" and effect["do"] != "purchase_cost":
                problems.append(
                    f"{where}.effects[{number}]: a static ability only changes purchase costs"
                )
    return problems
