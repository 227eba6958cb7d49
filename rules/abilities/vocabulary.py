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

from rules.abilities import extensions
from rules.abilities.trigger_events import EXTRA_TRIGGERS

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
    "action_used",
    "global_used",
    "turn_started",
    "end_of_turn",
    "static",  # always, even while the card is not active (its own cost, for one)
    "you_damaged",
    "energize",
    *EXTRA_TRIGGERS,  # rules.abilities.trigger_events: turn start/end, combat damage ...
    "spun_up",  # this die spun up (Awaken)
    "spun",  # this die spun up or down (as a watcher: while_triggers_more)
    "left_field",  # a die left the Field Zone (as a watcher: leave_tail)
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
    "action_used": "action_used",
    "global_used": "global_used",
    "turn_started": "turn_started",
    "end_of_turn": "end_of_turn",
    "spun": "spun",
    "left_field": "left_field",
}
# Card-wide triggers beyond the while-active watchers (rules.abilities.watchers, which watch
# any die or player through 'any' / 'by'): 'when you take damage' (while active) and
# Energize (one of the card's dice rolled on a double energy face: working from the team, the
# die is in the Reserve Pool, not active). The engine event each listens to.
CARD_TRIGGER_EVENTS = {
    "you_damaged": "player_damaged",
    "energize": "rolled",
}
# that: the event's die (a watcher's watched die); it: the dice the previous effect picked,
# or for the first effect the event's die ('When this die is blocked, spin it up')
PICKS = ("target", "up_to", "each", "this", "player", "that", "it")
SIDES = ("any", "yours", "opposing")
WHATS = ("character", "sidekick", "non_sidekick", "action", "basic_action")
ENERGY = ("fist", "bolt", "mask", "shield")
STATS = ("attack", "defense", "level")
CONDITIONS = (
    "opponent_more_life",
    "count_at_least",
    "count_at_most",
    "attacking",
    "blocking",
    "your_turn",
    "reserve_energy_at_least",
)
DURATIONS = ("turn", "while_active")
LIMITS = ("once_per_turn", "once_per_turn_per_die", "first_time")
WATCHED = (
    "kod",
    "fielded",
    "attacks",
    "blocks",
    "action_used",
    "global_used",
    "turn_started",
    "end_of_turn",
    "damaged",  # while_triggers_more: 'when a [B] character die is damaged'
    "spun",  # while_triggers_more: 'when a character die spins up or down'
    "spun_up",  # ... 'spins up' (the engine's 'spun' event, levels > 0)
    "left_field",  # leave_tail: 'when any character die leaves the Field Zone'
)
WHILE = ("attacking", "blocking")  # a static modify that holds only while the die does so
COSTS = ("purchase", "fielding")
RESTRICTIONS = ("attack", "block", "attack_or_block", "be_blocked", "be_targeted")
# 'can only be blocked by two or more character dice': asked of a whole declaration of blocks
RESTRICTIONS += ("be_blocked_by_fewer_than_two_dice",)
TARGETERS = ("global", "action", "ability")  # what may be kept from targeting a die

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
        # a target pick that may be a player instead: either player (true) or the opponent
        "or_player": {"enum": [True, "opposing"]},
        "combat": {"enum": ["attacking", "blocking", "blocked", "unblocked"]},
        "min_attack": {"type": "integer", "minimum": 0},
        "shares_affiliation": {"type": "boolean"},  # with the ability's own card
        "min_cost": {"type": "integer", "minimum": 0},
        "min_level": {"type": "integer", "minimum": 1},
        "not_energy": {"type": "array", "items": {"enum": list(ENERGY)}, "minItems": 1},
        "not_name": {"type": "string", "minLength": 1},
    },
}
# rules.abilities.phrases_triggers: 'of equal or lower level' (than the ability's own die)
_selector["properties"]["level_at_most_this"] = {"const": True}
# rules.abilities.templates.statics_more: 'when engaged with an X-Men character' (a die it blocks
# or that blocks it matches this selector)
_selector["properties"]["engaged_with"] = {"$ref": "#/$defs/selector"}
# rules.abilities.phrases_fielded_effects: 'target Sidekick or [TURTLE] character die' (a die
# matching any one of these selectors, their picks aside) and 'with a fielding cost of 0' (the
# fielding cost printed on the face it shows)
_selector["properties"]["any_of"] = {
    "type": "array",
    "items": {"$ref": "#/$defs/selector"},
    "minItems": 2,
}
_selector["properties"]["max_fielding"] = {"type": "integer", "minimum": 0}
_selector["properties"]["max_attack"] = {"type": "integer", "minimum": 0}  # 'an A of 2 or less'
_selector["properties"]["defense_at_most_this"] = {"const": True}  # 'D less than or equal to'
# rules.abilities.templates.statics_tail: a character's burst line (R9.2): the die shows a face
# with that many bursts
# rules.abilities.templates.statics_tail: 'blocked by lower / higher level character dice' (than
# the die it restricts)
_selector["properties"]["level_vs_this"] = {"enum": ["lower", "higher"]}
# rules.abilities.phrases_attack_tail: 'target die not blocking NAME' (the ability's own die)
_selector["properties"]["not_blocking_this"] = {"const": True}
_selector["properties"]["level_same_as_this"] = {"const": True}  # 'the same level as NAME'
_selector["properties"]["shows_burst"] = {
    "type": "array",
    "items": {"enum": [1, 2]},
    "minItems": 1,
}
# rules.abilities.templates.while_tail: 'your fiend dice' (a word of the card's subtitle,
# lower case: selectors.traits)
_selector["properties"]["trait"] = {"type": "string", "pattern": "^[a-z]+$"}
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
_EXTENSION_CONDITIONS = extensions.merged("CONDITIONS", dict.fromkeys(CONDITIONS))
CONDITIONS += tuple(_EXTENSION_CONDITIONS)
_condition = {
    "type": "object",
    "additionalProperties": False,
    "required": ["test"],
    "properties": {
        "test": {"enum": list(CONDITIONS)},
        "of": {"$ref": "#/$defs/selector"},
        "n": {"type": "integer", "minimum": 0},
        "energy": {"enum": list(ENERGY)},
        **{
            name: schema
            for fields, _test in _EXTENSION_CONDITIONS.values()
            for name, schema in fields.items()
        },
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
    "draw": _effect(
        "draw", ["count"], count=_amt, player=_player, into={"enum": ["prep", "reserve"]}
    ),
    "modify": _effect(
        "modify",
        ["to"],
        to=_to,
        attack=_amt,
        defense=_amt,
        duration={"enum": list(DURATIONS)},
        sign={"enum": [1, -1]},
        **{"while": {"enum": list(WHILE)}},
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
    # Static only (rules.abilities.statics): a cost change for the cards or dice `to` means
    # (`amount` more, with `sign` -1 less, or free); R7.3 keeps a purchase cost at 1 or more.
    "cost": _effect(
        "cost",
        ["to", "of"],
        to=_to,
        of={"enum": list(COSTS)},
        amount=_amt,
        sign={"enum": [1, -1]},
        free={"const": True},
    ),
    # A 'can't' (R13.7) on the dice `to` means (by the dice `by` means, for blocks): static in
    # a while-active/static ability; elsewhere ('target character die can't block this turn')
    # a lasting restriction on the dice picked until the end of the turn (attack/block only).
    "restrict": _effect(
        "restrict",
        ["to", "action"],
        to=_to,
        action={"enum": list(RESTRICTIONS)},
        by=_to,
        # be_targeted: by which kinds of effect, used by whom (default: any player)
        kinds={"type": "array", "items": {"enum": list(TARGETERS)}, "minItems": 1},
        player={"enum": ["opposing", "any"]},
    ),
    # Static prevention (R13.4) of damage to the dice `to` means, from the dice `from` means
    # (any source without it): `amount` per damage, or all of it.
    "prevent": _effect(
        "prevent", ["to"], to=_to, amount=_amt, all={"const": True}, **{"from": _to}
    ),
    # 'target blocked character die deals no (combat) damage': this turn, prevented (R13.4)
    "no_damage": _effect("no_damage", ["to"], to=_to, combat_only={"type": "boolean"}),
    # 'spin target character die up or down one level': the holder says which way, per die
    "spin_either": _effect(
        "spin_either", ["to", "levels"], to=_to, levels={"type": "integer", "minimum": 1}
    ),
}
# rules.abilities.trigger_events: 'take control of <dice>' (until end of turn, R15.2)
EFFECT_SCHEMAS["control"] = _effect("control", ["to"], to=_to)
# ... and 'move / Prep / field <dice> from your Used Pile' (the holder's choice of dice)
EFFECT_SCHEMAS["from_used"] = _effect(
    "from_used",
    ["into"],
    into={"enum": ["prep", "field", "roll"]},
    count={"type": "integer", "minimum": 1, "maximum": 10},
    up_to={"type": "boolean"},
    all={"type": "boolean"},
    level={"type": "integer", "minimum": 1, "maximum": 3},
    dice={
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "what": {
                "enum": ["any", "character", "sidekick", "non_sidekick", "action", "basic_action"]
            },
            "energy": {"type": "array", "items": {"enum": list(ENERGY)}, "minItems": 1},
            "affiliation": {"type": "array", "items": {"type": "string"}, "minItems": 1},
            "name": {"type": "string", "minLength": 1},
            "max_cost": {"type": "integer", "minimum": 0},
            "min_cost": {"type": "integer", "minimum": 0},
        },
    },
)
# a prevention of combat damage only (R11.4) or of all other damage ('non-combat damage')
EFFECT_SCHEMAS["prevent"]["properties"]["damage"] = {"enum": ["combat", "non_combat"]}
# Effects of rules/abilities/extensions/ modules (one family's effects in its own file)
EFFECT_SCHEMAS.update(extensions.merged("EFFECT_SCHEMAS", EFFECT_SCHEMAS))
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
                # A while-active watcher (rules.abilities.watchers): the trigger is any die
                # the selector means doing it, or the player `by` acting, not this card's die.
                "any": {"$ref": "#/$defs/selector"},
                "by": {"enum": ["yours", "opposing", "any"]},
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


STATIC_TRIGGERS = ("while_active", "static")
_STATIC_EFFECTS = {"modify", "grant", "cost", "restrict", "prevent"}
_STATIC_ONLY = {"cost", "prevent"}
# Extension effects that are continuous (answered through the stat query layer by the
# extension's own ENCODING_ABILITIES): allowed in, and only in, a while-active spec.
_EXTENSION_STATIC = set(extensions.merged("STATIC_EFFECTS"))
_STATIC_EFFECTS |= _EXTENSION_STATIC
_STATIC_ONLY |= _EXTENSION_STATIC
LASTING_RESTRICTIONS = ("attack", "block", "attack_or_block", "be_blocked")
_PLAYER_EVENTS = ("action_used", "global_used", "turn_started", "end_of_turn")


def _semantic_problems(encoding: Mapping[str, Any]) -> list[str]:
    """What a schema can't say: continuous abilities only change stats or keywords, through
    the stat query layer, and pick no target."""
    problems = []
    for index, spec in enumerate(encoding.get("abilities", ())):
        where = f"encoding.abilities[{index}]"
        if spec["when"] in STATIC_TRIGGERS:
            for number, effect in enumerate(spec["effects"]):
                if effect["do"] not in _STATIC_EFFECTS:
                    problems.append(
                        f"{where}.effects[{number}]: a while-active ability can only modify "
                        f"A/D or grant a keyword, not {effect['do']!r}"
                    )
                elif effect.get("to", {}).get("pick") in ("target", "up_to", "it"):
                    problems.append(
                        f"{where}.effects[{number}].to: a while-active ability applies to "
                        "each matching die, it can't pick a target"
                    )
            if spec.get("bursts"):
                problems.append(f"{where}.bursts: a while-active ability has no burst variants")
        if spec["when"] not in STATIC_TRIGGERS:
            for number, effect in enumerate(spec["effects"]):
                if effect["do"] in _STATIC_ONLY or "while" in effect:
                    problems.append(
                        f"{where}.effects[{number}]: {effect['do']!r} is a while-active "
                        "(static) effect only"
                    )
        for number, effect in enumerate(spec["effects"]):
            if effect["do"] == "prevent" and ("amount" in effect) == bool(effect.get("all")):
                problems.append(
                    f"{where}.effects[{number}]: a prevention needs either 'amount' or 'all', "
                    "not both"
                )
            if effect["do"] == "cost" and ("amount" in effect) == bool(effect.get("free")):
                problems.append(
                    f"{where}.effects[{number}]: a cost change needs either 'amount' or "
                    "'free', not both"
                )
        watcher = "any" in spec or "by" in spec
        if watcher and spec["when"] not in WATCHED:
            problems.append(f"{where}: a while-active watcher can't watch {spec['when']!r}")
        if spec["when"] in _PLAYER_EVENTS and "by" not in spec:
            problems.append(f"{where}: {spec['when']!r} needs 'by' (whose action or global)")
        if "any" not in spec and any(
            e.get("to", {}).get("pick") == "that" for e in _all_effects(spec)
        ):
            problems.append(f"{where}: 'that' die needs a watched die ('any')")
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
    """A 'static' ability (from the team, active or not) only changes costs; a restriction
    outside a static ability lasts the turn and is about attacking or blocking only."""
    problems = []
    for index, spec in enumerate(encoding.get("abilities", ())):
        where = f"encoding.abilities[{index}]"
        static = spec["when"] in STATIC_TRIGGERS
        for number, effect in enumerate(_all_effects(spec)):
            if spec["when"] == "static" and effect["do"] != "cost":
                problems.append(f"{where}.effects[{number}]: a static ability only changes costs")
            if (
                effect["do"] == "restrict"
                and not static
                and (effect["action"] not in LASTING_RESTRICTIONS or {"by", "kinds"} & set(effect))
            ):
                problems.append(
                    f"{where}.effects[{number}]: a restriction this turn is about attacking "
                    "or blocking only"
                )
    return problems


def _all_effects(spec: Mapping[str, Any]) -> list:
    variants = [v["effects"] for v in spec.get("bursts", {}).values()]
    return [*spec["effects"], *(e for effects in variants for e in effects)]
