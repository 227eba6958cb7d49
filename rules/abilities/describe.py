"""The project's own short English for an encoding: what the engine does, in words a judge
can compare with the printed card. Generated, never copied from card text."""

from collections.abc import Mapping
from typing import Any

_WHEN = {
    "fielded": "When this die is fielded",
    "attacks": "When this die attacks",
    "blocks": "When this die blocks",
    "blocked": "When this die is blocked",
    "damaged": "When this die is damaged",
    "kod": "When this die is KO'd",
    "purchased": "When this die is purchased",
    "while_active": "While active",
    "action": "Action",
    "global": "Global",
    "activated": "Ability",
    "any_fielded": "When a character die is fielded",
    "any_kod": "When a character die is KO'd",
    "action_used": "When you use an action die",
    "you_damaged": "When you take damage",
    "static": "Always (from the team)",
    "any_attacks": "When a character die attacks",
    "energize": "When you roll one of this card's dice on a double energy face",
    "spun_up": "When this die spins up",
}
_ENERGY = {"fist": "Fist", "bolt": "Bolt", "mask": "Mask", "shield": "Shield"}
_STAT = {"attack": "A", "defense": "D", "level": "level"}
_LIMIT = {
    "once_per_turn": "once per turn",
    "once_per_turn_per_die": "once per turn per die",
    "first_time": "the first time only",
}


def describe(encoding: Mapping[str, Any] | None) -> str:
    """One sentence per ability (and the keywords), in the project's own words."""
    if not encoding:
        return ""
    parts = []
    if encoding.get("keywords"):
        names = ", ".join(k.replace("_", " ").title() for k in encoding["keywords"])
        parts.append(f"Keywords: {names}.")
    if encoding.get("suit_up"):
        parts.append(f"Suit Up may KO: {', '.join(encoding['suit_up'])}.")
    parts += [describe_spec(spec) for spec in encoding.get("abilities", ())]
    if encoding.get("scripts"):
        from rules.abilities import scripts

        for key in encoding["scripts"]:
            found = scripts.script_named(key)
            parts.append(found.text if found else f"Scripted ({key}).")
    return " ".join(parts)


def describe_spec(spec: Mapping[str, Any]) -> str:
    when = spec["when"]
    head = _WHEN[when]
    if spec.get("of") is not None and when == "action_used":
        who = {"opposing": "your opponent uses", "yours": "you use"}
        head = f"When {who.get(spec['of'].get('side', 'any'), 'any player uses')} an action die"
    elif spec.get("of") is not None:
        head = f"{head.split(' a character die ')[0]} {_event_die(spec)}"
    if when in ("global", "activated") and spec.get("cost"):
        head += f" (pay {spec['cost']})"
    if spec.get("limit"):
        head += f", {_LIMIT[spec['limit']]}"
    if spec.get("if"):
        head += f", if {describe_condition(spec['if'])}"
    body = describe_effects(spec["effects"], static=when == "while_active") or "nothing"
    if spec.get("optional"):
        body = "you may " + body
    text = f"{head}: {body}."
    for bursts, variant in sorted(spec.get("bursts", {}).items()):
        stars = "*" * int(bursts)
        joined = describe_effects(variant["effects"])
        text += f" {stars} {'Instead' if variant['mode'] == 'instead' else 'Also'}: {joined}."
    return text


def describe_effects(effects, *, static: bool = False) -> str:
    return "; then ".join(_effect(e, static) for e in effects)


def _effect(effect: Mapping[str, Any], static: bool = False) -> str:
    do = effect["do"]
    to = describe_selector(effect["to"]) if "to" in effect else ""
    if do == "damage":
        amount = effect["amount"]
        if isinstance(amount, dict) and "count" in amount:
            return f"deal damage equal to {describe_amount(amount)} to {to}"
        return f"deal {describe_amount(amount)} damage to {to}"
    if do == "ko":
        return f"KO {to}"
    if do == "spin":
        levels = effect["levels"]
        way = "up" if levels > 0 else "down"
        return f"spin {to} {way} {abs(levels)} level{'s' if abs(levels) != 1 else ''}"
    if do == "prep":
        return f"move {to} to its owner's Prep Area"
    if do == "send_to_used":
        return f"send {to} to the Used Pile"
    if do == "capture":
        return f"capture {to}"
    if do == "reroll":
        return f"reroll {to}"
    if do == "draw":
        who = {"yours": "you draw", "opposing": "your opponent draws", "each": "each player draws"}
        count = describe_amount(effect["count"])
        noun = "die" if effect["count"] == 1 else "dice"
        return f"{who[effect.get('player', 'yours')]} {count} {noun} into the Prep Area"
    if do == "modify":
        sign = "+" if effect.get("sign", 1) > 0 else "-"
        stats = [
            _stat_change(sign, effect[s], _STAT[s]) for s in ("attack", "defense") if effect.get(s)
        ]
        until = "" if static else " this turn"
        return f"{to} {'gets' if _singular(effect['to']) else 'get'} {' and '.join(stats)}{until}"
    if do == "grant":
        return f"{to} {'gains' if _singular(effect['to']) else 'gain'} {_keyword(effect)}"
    if do in ("gain_life", "lose_life"):
        who = {"yours": "you", "opposing": "your opponent", "each": "each player"}
        player = effect.get("player", "yours" if do == "gain_life" else "opposing")
        verb = do.split("_")[0]
        if player == "opposing" or player == "each":
            verb += "s"
        return f"{who[player]} {verb} {describe_amount(effect['amount'])} life"
    if do == "prevent_damage":
        source = f" by {_counted_noun(effect['from'])}" if effect.get("from") else ""
        return f"prevent all damage dealt to {to}{source}"
    if do == "draw_and_roll":
        count = describe_amount(effect["count"])
        noun = "die and roll it" if effect["count"] == 1 else "dice and roll them"
        return f"draw {count} {noun} into your Reserve Pool"
    if do == "prep_from_used":
        noun = _noun({**effect["of"], "what": effect["of"].get("what", "character")}, False)
        noun = noun.replace("character die", "die") if "what" not in effect["of"] else noun
        return f"move one {noun} from your Used Pile to your Prep Area"
    if do == "purchase_cost":
        this = effect["to"]["pick"] == "this"
        what = "this card costs" if this else f"{_counted_noun(effect['to'])} cost"
        less = effect["less"]
        if isinstance(less, dict) and "count" in less:
            counted = _counted_noun(less["count"])
            per = f"different character among {counted}" if less.get("distinct") else counted
            per = f"of {per}" if per.startswith("your ") else per
            return f"{what} you {less.get('times', 1)} less to purchase for each {per}"
        return f"{what} you {describe_amount(less)} less to purchase"
    if do == "script":
        return f"{effect['name'].replace('_', ' ')} (scripted)"
    raise ValueError(f"Unknown effect {do!r}.")


def _stat_change(sign: str, value, stat: str) -> str:
    if isinstance(value, dict) and "count" in value:
        return f"{sign}{value.get('times', 1)}{stat} per {_one_noun(value['count'])}"
    return f"{sign}{describe_amount(value)}{stat}"


def _keyword(effect) -> str:
    return effect["keyword"].replace("_", " ").title()


def _singular(selector) -> bool:
    return selector["pick"] in ("this", "target") and selector.get("count", 1) == 1


_AFFILIATION_NAMES = {"xmen": "X-Men", "justiceleague": "Justice League", "gotg": "Guardians"}


def _affiliation(name: str) -> str:
    return _AFFILIATION_NAMES.get(name, name.replace("_", " ").title())


def describe_selector(selector: Mapping[str, Any]) -> str:
    """'target character die', 'one of your character dice', 'all opposing Sidekick dice',
    'up to 2 opposing X-Men character dice of level 2 or lower' ..."""
    pick = selector["pick"]
    if pick == "this":
        return "this die"
    if pick == "it":
        return "the same dice"
    if pick == "event":
        return "that die"
    if pick == "player":
        return {"yours": "you", "opposing": "your opponent", "any": "each player"}[
            selector.get("side", "opposing")
        ]
    count = selector.get("count", 1)
    plural = pick == "each" or count > 1 or pick == "up_to"
    noun = _noun(selector, plural)
    side = selector.get("side", "any")
    if pick == "each":
        head = {"any": "all", "yours": "all your", "opposing": "all opposing"}[side]
    elif pick == "target":
        if count == 1:
            head = {"any": "target", "yours": "one of your", "opposing": "target opposing"}[side]
            if side == "yours":
                noun = _noun(selector, True)
        else:
            head = {
                "any": f"{count} target",
                "yours": f"{count} of your",
                "opposing": f"{count} target opposing",
            }[side]
    else:
        head = {
            "any": f"up to {count}",
            "yours": f"up to {count} of your",
            "opposing": f"up to {count} opposing",
        }[side]
    return f"{head} {noun}{_filters(selector)}"


def _noun(selector, plural: bool) -> str:
    what = selector.get("what", "character")
    noun = {
        "character": "character die",
        "sidekick": "Sidekick die",
        "non_sidekick": "non-Sidekick character die",
    }[what]
    if plural:
        noun = noun[: -len("die")] + "dice"
    words = []
    if selector.get("other"):
        words.append("other")
    if selector.get("energy"):
        words.append("/".join(_ENERGY[e] for e in selector["energy"]))
    if selector.get("affiliation"):
        words.append("/".join(_affiliation(a) for a in selector["affiliation"]))
    if selector.get("name"):
        words.append(selector["name"])
    return " ".join([*words, noun])


def _filters(selector) -> str:
    filters = []
    if "max_level" in selector:
        filters.append(f"of level {selector['max_level']} or lower")
    if "max_cost" in selector:
        filters.append(f"costing {selector['max_cost']} or less")
    if selector.get("shares_affiliation"):
        filters.append("that shares an affiliation with this card")
    if selector.get("not_energy"):
        filters.append(f"that are not {'/'.join(_ENERGY[e] for e in selector['not_energy'])}")
    if selector.get("not_affiliation"):
        names = "/".join(_affiliation(a) for a in selector["not_affiliation"])
        filters.append(f"that are not {names}")
    return (" " + " ".join(filters)) if filters else ""


def _one_noun(selector) -> str:
    """'opposing non-Sidekick character die that is not Villain': one of those counted."""
    side = {"any": "", "yours": "your ", "opposing": "opposing "}[selector.get("side", "any")]
    return side + _noun(selector, False) + _filters(selector).replace(" are not ", " is not ")


def _counted_noun(selector) -> str:
    """'opposing non-Sidekick character die that are not Villain' for 'per ...'."""
    return describe_selector({**selector, "pick": "each"}).removeprefix("all ")


def describe_amount(value) -> str:
    if isinstance(value, int):
        return str(value)
    if "count" in value:
        times = value.get("times", 1)
        head = "" if times == 1 else f"{times} times "
        return f"{head}the number of {_counted_noun(value['count'])}"
    if "per_burst" in value:
        return "/".join(str(n) for n in value["per_burst"]) + " (by bursts)"
    return f"this die's {_STAT[value['stat']]}"


def describe_condition(test: Mapping[str, Any]) -> str:
    kind = test["test"]
    # Underdog's reminder text
    if kind == "opponent_more_field_dice":
        return "your opponent has more character dice in their Field Zone than you"
    if kind == "opponent_more_life":
        return "your opponent has more life than you"
    if kind == "count_at_least":
        return f"there are at least {test['n']} {_counted(test)}"
    if kind == "count_at_most":
        if test["n"] == 0:
            return f"there are no {_counted(test)}"
        return f"there are at most {test['n']} {_counted(test)}"
    if kind == "attacking":
        return "this die is attacking"
    if kind == "blocking":
        return "this die is blocking"
    raise ValueError(f"Unknown condition {kind!r}.")


def _counted(test) -> str:
    return _counted_noun(test["of"])


def _event_die(spec) -> str:
    """'one of your Sidekick dice is KO'd', 'an opposing Fist character die is fielded'."""
    selector = spec["of"]
    side = {"any": "a", "yours": "one of your", "opposing": "an opposing"}[
        selector.get("side", "any")
    ]
    noun = _noun(selector, selector.get("side") == "yours") + _filters(selector)
    verb = {"any_kod": "is KO'd", "any_attacks": "attacks"}.get(spec["when"], "is fielded")
    return f"{side} {noun} {verb}"
