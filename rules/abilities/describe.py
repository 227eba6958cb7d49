"""The project's own short English for an encoding: what the engine does, in words a judge
can compare with the printed card. Generated, never copied from card text."""

from collections.abc import Mapping
from functools import cache
from typing import Any

from rules.abilities import extensions
from rules.abilities.trigger_events import EFFECT_TEXT, WHEN_TEXT

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
    "you_damaged": "When you take damage",
    "static": "Always (from the team)",
    "energize": "When you roll one of this card's dice on a double energy face",
    "action_used": "When an action die is used",
    "global_used": "When a global ability is used",
    "turn_started": "At the start of a turn",
    "end_of_turn": "At the end of a turn",
    **WHEN_TEXT,  # rules.abilities.trigger_events
    "spun_up": "When this die spins up",
    "spun": "When this die spins up or down",
    "left_field": "When this die leaves the Field Zone",
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
        keyword_text = extensions.merged("KEYWORD_TEXT")  # rules/abilities/extensions/
        parts += [keyword_text[k] for k in encoding["keywords"] if k in keyword_text]
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
    head = _watch_head(spec) if ("any" in spec or "by" in spec) else _WHEN[when]
    if when in ("global", "activated") and spec.get("cost"):
        head += f" (pay {spec['cost']})"
    if spec.get("limit"):
        head += f", {_LIMIT[spec['limit']]}"
    if spec.get("if"):
        head += f", if {describe_condition(spec['if'])}"
    body = describe_effects(spec["effects"], static=when in ("while_active", "static"))
    if not body and spec.get("bursts"):
        return _burst_only(head, spec)
    text = f"{head}: {_optional(spec, body or 'nothing')}."
    for bursts, variant in sorted(spec.get("bursts", {}).items()):
        stars = "*" * int(bursts)
        joined = describe_effects(variant["effects"])
        text += f" {stars} {'Instead' if variant['mode'] == 'instead' else 'Also'}: {joined}."
    return text


def _optional(spec: Mapping[str, Any], body: str) -> str:
    if not spec.get("optional"):
        return body
    if spec.get("cost") and spec["when"] not in ("global", "activated"):
        body = f"pay {spec['cost']} to {body}"  # a triggered ability's optional cost
    return "you may " + body.removeprefix("you ")  # 'you may gain', not 'you may you gain'


def _burst_only(head: str, spec: Mapping[str, Any]) -> str:
    """A trigger printed on burst lines only: 'When fielded, on a * face: ...'."""
    faces = [
        f"on a {'*' * int(bursts)} face: {_optional(spec, describe_effects(variant['effects']))}"
        for bursts, variant in sorted(spec["bursts"].items())
    ]
    return f"{head}, {'. '.join([faces[0], *(face[0].upper() + face[1:] for face in faces[1:])])}."


def describe_effects(effects, *, static: bool = False) -> str:
    return ("; " if static else "; then ").join(_effect(e, static) for e in effects)


def _effect(effect: Mapping[str, Any], static: bool = False) -> str:
    do = effect["do"]
    to = describe_selector(effect["to"]) if "to" in effect else ""
    if do == "no_damage":
        kind = "combat damage" if effect.get("combat_only") else "damage"
        return f"{to} {'deals' if _singular(effect['to']) else 'deal'} no {kind} this turn"
    if do == "spin_either":
        levels = effect["levels"]
        return f"spin {to} up or down {levels} level{'s' if levels != 1 else ''} (your choice)"
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
        if isinstance(effect["count"], dict) and "count" in effect["count"]:
            counted = _counted_noun(effect["count"]["count"])
            count, noun = "one die", f"for each of {counted},"  # 'for each of your X dice'
        if effect.get("into") == "reserve":
            rolls = {
                "yours": "you draw and roll",
                "opposing": "your opponent draws and rolls",
                "each": "each player draws and rolls",
            }[effect.get("player", "yours")]
            return f"{rolls} {count} {noun} into the Reserve Pool"
        return f"{who[effect.get('player', 'yours')]} {count} {noun} into the Prep Area"
    if do == "modify" and _per_count(effect):
        return _modify_per_count(effect, to, static)
    if do == "modify":
        sign = "+" if effect.get("sign", 1) > 0 else "-"
        stats = [
            _stat_change(sign, effect[s], _STAT[s]) for s in ("attack", "defense") if effect.get(s)
        ]
        until = "" if static else " this turn"
        if effect.get("while"):
            until = f" while {effect['while']}"
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
    if do == "script":
        return f"{effect['name'].replace('_', ' ')} (scripted)"
    if do == "cost":
        return _cost(effect, to)
    if do == "restrict":
        return _restrict(effect, to) + ("" if static else " this turn")
    if do == "prevent":
        how = "all damage" if effect.get("all") else f"{describe_amount(effect['amount'])} of "
        how = how if effect.get("all") else how + "each damage"
        kind = {"combat": "combat ", "non_combat": "non-combat "}.get(effect.get("damage", ""), "")
        how = how.replace("damage", kind + "damage") if kind else how
        source = ""
        if effect.get("from"):
            source = " from " + describe_selector(effect["from"]).replace("all ", "any ", 1)
        return f"prevent {how} to {to}{source}"
    if do in EFFECT_TEXT:  # rules.abilities.trigger_events
        return EFFECT_TEXT[do](effect)
    if do in _extension_text():  # rules/abilities/extensions/
        return _extension_text()[do](effect)
    raise ValueError(f"Unknown effect {do!r}.")


@cache
def _extension_text() -> dict:
    return extensions.merged("EFFECT_TEXT")


def _stat_change(sign: str, value, stat: str) -> str:
    if isinstance(value, dict) and "count" in value:
        return f"{sign}{value.get('times', 1)}{stat} per {_one_noun(value['count'])}"
    return f"{sign}{describe_amount(value)}{stat}"


def _keyword(effect) -> str:
    return effect["keyword"].replace("_", " ").title()


def _singular(selector) -> bool:
    return selector["pick"] in ("this", "target", "that") and selector.get("count", 1) == 1


_AFFILIATION_NAMES = {"xmen": "X-Men", "justiceleague": "Justice League", "gotg": "Guardians"}


def affiliation_name(name: str) -> str:
    """'xmen' -> 'X-Men': an affiliation token as the card prints it."""
    return _AFFILIATION_NAMES.get(name, name.replace("_", " ").title())


_affiliation = affiliation_name


def describe_selector(selector: Mapping[str, Any]) -> str:
    """'target character die', 'one of your character dice', 'all opposing Sidekick dice',
    'up to 2 opposing X-Men character dice of level 2 or lower' ..."""
    pick = selector["pick"]
    if pick == "this" and "shows_burst" in selector:
        stars = " or ".join("*" * n for n in selector["shows_burst"])
        return f"this die while it shows a {stars} burst face"
    if pick == "this":
        return "this die"
    if pick == "it":
        return "the same dice"
    if pick == "that":
        return "that die"
    if pick == "player":
        if selector.get("count") and selector.get("side", "opposing") == "any":
            return "target player"
        return {"yours": "you", "opposing": "your opponent", "any": "each player"}[
            selector.get("side", "opposing")
        ]
    count = selector.get("count", 1)
    plural = pick == "each" or count > 1 or pick == "up_to"
    noun = _noun(selector, plural)
    if selector.get("any_of"):  # 'Sidekick die or Turtle character die'
        noun = _alternatives(selector, plural)
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
    either = {True: " or player", "opposing": " or your opponent"}.get(
        selector.get("or_player"), ""
    )
    return f"{head} {noun}{_filters(selector)}{either}"


def _noun(selector, plural: bool) -> str:
    what = selector.get("what", "character")
    noun = {
        "character": "character die",
        "sidekick": "Sidekick die",
        "non_sidekick": "non-Sidekick character die",
        "action": "action die",
        "basic_action": "Basic Action die",
    }[what]
    if plural:
        noun = noun[: -len("die")] + "dice"
    words = []
    if selector.get("other"):
        words.append("other")
    if selector.get("combat"):
        words.append(selector["combat"])
    if selector.get("energy"):
        words.append("/".join(_ENERGY[e] for e in selector["energy"]))
    if selector.get("not_energy"):
        words.append("non-" + "/".join(_ENERGY[e] for e in selector["not_energy"]))
    if selector.get("affiliation"):
        words.append("/".join(_affiliation(a) for a in selector["affiliation"]))
    if selector.get("not_affiliation"):
        words.append("non-" + "/".join(_affiliation(a) for a in selector["not_affiliation"]))
    if selector.get("name"):
        words.append(selector["name"])
    if selector.get("trait"):
        words.append(selector["trait"].title())
    return " ".join([*words, noun])


def _alternatives(selector, plural: bool) -> str:
    found = [
        ("opposing " if one.get("side") == "opposing" else "")
        + f"{_noun(one, plural)}{_filters(one)}"
        + (" of yours" if one.get("side") == "yours" else "")
        for one in selector["any_of"]
    ]
    return ("other " if selector.get("other") else "") + " or ".join(found)


def _filters(selector) -> str:
    filters = []
    if selector.get("defense_at_most_this"):
        filters.append("with D no higher than this die's D")
    if "max_attack" in selector:
        filters.append(f"with {selector['max_attack']}A or less")
    if "level_vs_this" in selector:
        filters.append(f"of a {selector['level_vs_this']} level than this die")
    if selector.get("not_blocking_this"):
        filters.append("not blocking this die")
    if selector.get("level_same_as_this"):
        filters.append("of the same level as this die")
    if "max_fielding" in selector:
        most = selector["max_fielding"]
        filters.append(f"with a fielding cost of {most}" + (" or less" if most else ""))
    if selector.get("max_level") and selector.get("max_level") == selector.get("min_level"):
        filters.append(f"of level {selector['max_level']}")
        selector = {k: v for k, v in selector.items() if k not in ("max_level", "min_level")}
    if "max_level" in selector:
        filters.append(f"of level {selector['max_level']} or lower")
    if selector.get("level_at_most_this"):
        filters.append("of this die's level or lower")
    if "max_cost" in selector:
        filters.append(f"costing {selector['max_cost']} or less")
    if "min_cost" in selector:
        filters.append(f"costing {selector['min_cost']} or more")
    if "min_level" in selector:
        filters.append(f"of level {selector['min_level']} or higher")
    if "min_attack" in selector:
        filters.append(f"with A {selector['min_attack']} or more")
    if selector.get("shares_affiliation"):
        filters.append("sharing an affiliation with this card")
    if selector.get("not_name"):
        filters.append(f"not named {selector['not_name']}")
    if selector.get("engaged_with"):  # rules.abilities.templates.statics_more
        filters.append(f"while engaged with any {_one_noun(selector['engaged_with'])}")
    return (" " + " ".join(filters)) if filters else ""


def _one_noun(selector) -> str:
    """'opposing non-Villain non-Sidekick character die': one of those counted."""
    side = {"any": "", "yours": "your ", "opposing": "opposing "}[selector.get("side", "any")]
    return side + _noun(selector, False) + _filters(selector)


def _counted_noun(selector) -> str:
    """'opposing non-Villain non-Sidekick character dice' for 'per ...'."""
    return describe_selector({**selector, "pick": "each"}).removeprefix("all ")


def describe_amount(value) -> str:
    if isinstance(value, int):
        return str(value)
    if "count" in value:
        times = value.get("times", 1)
        head = "" if times == 1 else f"{times} times "
        if value.get("distinct"):  # 'for each different ...': counted by name
            return f"{head}the number of different characters among {_counted_noun(value['count'])}"
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
        counted = _counted(test)
        at_least = "any" if test["n"] == 1 else f"at least {test['n']}"
        if counted.startswith("your "):  # not 'there are at least 2 your X dice'
            return f"you have {at_least} {counted.removeprefix('your ')}"
        return f"there are {at_least} {counted}"
    if kind == "count_at_most":
        if test["n"] == 0 and _counted(test).startswith("your "):
            return f"you have no {_counted(test).removeprefix('your ')}"
        if test["n"] == 0:
            return f"there are no {_counted(test)}"
        return f"there are at most {test['n']} {_counted(test)}"
    if kind == "your_turn":
        return "it is your turn"
    if kind == "attacking":
        return "this die is attacking"
    if kind == "blocking":
        return "this die is blocking"
    if kind == "reserve_energy_at_least":
        return f"you have at least {test['n']} {_ENERGY[test['energy']]} in your Reserve Pool"
    if kind in _extension_condition_text():  # rules/abilities/extensions/
        return _extension_condition_text()[kind](test)
    raise ValueError(f"Unknown condition {kind!r}.")


@cache
def _extension_condition_text() -> dict:
    return extensions.merged("CONDITION_TEXT")


def _counted(test) -> str:
    return _counted_noun(test["of"])


def _cost(effect, to: str) -> str:
    """'all your Villain character dice cost 1 less to field'."""
    verb = {"purchase": "purchase", "fielding": "field"}[effect["of"]]
    if effect["to"]["pick"] == "this":
        to = "this card" if effect["of"] == "purchase" else "this card's dice"
    plural = not (effect["to"]["pick"] == "this" and effect["of"] == "purchase")
    if effect.get("free"):
        return f"{to} {'are' if plural else 'is'} free to {verb}"
    way = "less" if effect.get("sign", 1) < 0 else "more"
    amount = effect["amount"]
    verb_cost = "cost" if plural else "costs"
    if isinstance(amount, dict) and "count" in amount:  # 'for each of your [X] dice'
        counted = _counted_noun(amount["count"])
        per = f"different character among {counted}" if amount.get("distinct") else counted
        per = f"of {per}" if per.startswith("your ") else per
        return f"{to} {verb_cost} {amount.get('times', 1)} {way} to {verb} for each {per}"
    return f"{to} {verb_cost} {describe_amount(amount)} {way} to {verb}"


def _restrict(effect, to: str) -> str:
    """'this die can't be blocked by all Sidekick dice' reads 'by any Sidekick die'."""
    by = ""
    if effect.get("by"):
        by = " by " + describe_selector(effect["by"]).replace("all ", "any ", 1)
    if effect["action"] == "be_targeted":
        kinds = {"global": "global abilities", "action": "action dice", "ability": "abilities"}
        by = " or ".join(kinds[k] for k in effect.get("kinds", ("global", "action", "ability")))
        whose = "opposing " if effect.get("player") == "opposing" else ""
        return f"{to} can't be targeted by {whose}{by}"
    verb = effect["action"].replace("_", " ")
    return f"{to} can't {verb}{by}"


_WATCHED = {
    "kod": ("is KO'd", ""),
    "fielded": ("is fielded", "fields"),
    "attacks": ("attacks", "attacks with"),
    "blocks": ("blocks", "blocks with"),
    "action_used": ("", "uses an action die"),
    "global_used": ("", "uses a global ability"),
    "turn_started": ("", "starts a turn"),
    "end_of_turn": ("", "ends a turn"),
    "damaged": ("is damaged", ""),
    "spun": ("spins up or down", ""),
    "spun_up": ("spins up", ""),
    "left_field": ("leaves the Field Zone", ""),
}


def _watched_die(selector) -> str:
    """'one of your Sidekick dice', 'an opposing Fist character die', 'a character die'."""
    side = {"any": "a", "yours": "one of your", "opposing": "an opposing"}[
        selector.get("side", "any")
    ]
    noun = _noun(selector, selector.get("side") == "yours")
    if side == "a" and noun.startswith("other "):
        side, noun = "another", noun[len("other ") :]
    elif side == "a" and noun[:1].lower() in "aeiou":
        side = "an"
    return f"{side} {noun}{_filters(selector)}"


_TURN_HEAD = {"turn_started": "At the start of", "end_of_turn": "At the end of"}


def _watch_head(spec) -> str:
    """'While active, when your opponent fields a Villain character die'; 'At the end of your
    turn' (while active)."""
    if spec["when"] in _TURN_HEAD and "any" not in spec:
        whose = {"yours": "your turn", "opposing": "your opponent's turn", "any": "each turn"}
        return f"{_TURN_HEAD[spec['when']]} {whose[spec['by']]}"
    passive, active = _WATCHED[spec["when"]]
    who = {"yours": "you", "opposing": "your opponent", "any": "a player"}.get(spec.get("by", ""))
    if "any" in spec:
        watched = describe_selector({**spec["any"], "pick": "each"}).replace("all ", "any ", 1)
        watched = watched.replace(" dice", " die")
        watched = watched.replace("any your ", "a ").replace("any opposing ", "an opposing ")
        if who and spec["when"] == "fielded":
            event = f"{who} {'field' if who == 'you' else 'fields'} {watched}"
        else:
            event = f"{_watched_die(spec['any'])} {passive}"
    else:
        verb = active.split(" ", 1)[0].removesuffix("s") + " " + active.split(" ", 1)[1]
        verb = verb if who == "you" else active
        event = f"{who} {verb}"
    return f"While active, when {event.replace(' a other ', ' another ')}"


def _per_count(effect) -> dict | None:
    """The one counted selector of a modify whose amounts are all 'N for each X'."""
    amounts = [effect[s] for s in ("attack", "defense") if s in effect]
    if not amounts or not all(isinstance(a, dict) and "count" in a for a in amounts):
        return None
    counted = {str(a["count"]) for a in amounts}
    return amounts[0]["count"] if len(counted) == 1 else None


def _modify_per_count(effect, to: str, static: bool) -> str:
    """'this die gets +1A and +1D for each opposing Villain character die'."""
    sign = "+" if effect.get("sign", 1) > 0 else "-"
    stats = [
        f"{sign}{effect[s].get('times', 1)}{_STAT[s]}" for s in ("attack", "defense") if s in effect
    ]
    counted = describe_selector({**_per_count(effect), "pick": "each"}).replace("all ", "", 1)
    counted = counted.replace(" dice", " die")
    if counted.startswith("your "):
        counted = "of " + counted.replace(" die", " dice", 1)
    if any(effect[s].get("distinct") for s in ("attack", "defense") if s in effect):
        among = describe_selector({**_per_count(effect), "pick": "each"}).replace("all ", "", 1)
        counted = f"different character among {among}"  # counted by name
    until = "" if static else " this turn"
    verb = "gets" if _singular(effect["to"]) else "get"
    return f"{to} {verb} {' and '.join(stats)} for each {counted}{until}"
