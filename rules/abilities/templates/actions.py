"""Action card text: a line that is an effect clause is what the action die does when used;
a burst line is a variant: 'Instead, <effect>' / '<effect> instead' replaces the effect,
anything else ('Also ...' or a plain clause) adds to it.

A burst line that only changes the amount ('Deal 3 damage instead', '** Deal 2 damage')
keeps the base effect's dice and says the new amount: it is read only when the base ability
deals damage once (so which damage it changes is certain). A plain burst line that repeats
the base clause with a bigger number ('* Deal 2 damage to target player' under 'Deal 1 damage
to target player') replaces it: two damages to one target would be read as adding up, and the
card means the bigger one (T5.1: the weaker of the two readings)."""

import re

from rules.abilities import phrases, phrases_actions  # noqa: F401 (registers action clauses)
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

ACTION_KINDS = ("basic_action", "action")
_INSTEAD = re.compile(r"^instead,? (?P<a>.+)$|^(?P<b>.+?),? instead$", re.IGNORECASE)
_ALSO = re.compile(r"^also,? (?P<rest>.+)$", re.IGNORECASE)
_AMOUNT_ONLY = re.compile(rf"deal (?P<n>{t.NUMBER}) damage", re.IGNORECASE)


@recogniser("actions", kinds=("ability", "burst"), priority=150)
def action_effect(line: Line) -> Match | None:
    if line.card_kind not in ACTION_KINDS:
        return None
    with phrases_actions.allowing_it():  # an action die has no die of its own for 'it'
        return _action_effect(line)


def _action_effect(line: Line) -> Match | None:
    text, mode = line.text, "also"
    if line.kind == "burst":
        # '*/** - Deal 2 damage instead', '** KO target character die (of any level) instead'
        text = re.sub(r"\s*\((?:of )?any level\)", "", text.removeprefix("- ").strip())
        instead = _INSTEAD.match(text)
        also = _ALSO.match(text)
        if instead:
            text, mode = instead["a"] or instead["b"], "instead"
        elif also:
            text = also["rest"]
        amount = _AMOUNT_ONLY.fullmatch(text)
        if amount and (also is None):
            return _new_amount(line, t.number(amount["n"]))
    if line.kind != "burst":
        inline = _INLINE_BURST.fullmatch(text)
        if inline:  # 'KO target level 1 character die. ** Instead, KO ...' on one line
            return _with_inline_burst(line, inline)
    effects = phrases.effects(text, line)
    if effects is None:
        return None
    if line.kind == "burst":
        if mode == "also" and _repeats_base(line, effects):
            mode = "instead"
        return Match(variant={"mode": mode, "effects": effects})
    return Match.ability({"when": "action", "effects": effects})


_INLINE_BURST = re.compile(r"(?P<base>.+?)\.? (?P<stars>\*/\*\*|\*\*|\*) (?P<burst>.+)")


def _with_inline_burst(line: Line, found) -> Match | None:
    base = phrases.effects(found["base"], line)
    if base is None:
        return None
    text, mode = found["burst"], "also"
    instead = _INSTEAD.match(text)
    also = _ALSO.match(text)
    if instead:
        text, mode = instead["a"] or instead["b"], "instead"
    elif also:
        text = also["rest"]
    effects = phrases.effects(text, line)
    if effects is None:
        return None
    bursts = {"*": (1,), "**": (2,), "*/**": (1, 2)}[found["stars"]]
    variant = {"mode": mode, "effects": effects}
    spec = {"when": "action", "effects": base, "bursts": {str(b): variant for b in bursts}}
    return Match.ability(spec)


def _base_damage(line: Line) -> dict | None:
    previous = line.previous or {}
    if previous.get("when") != "action":
        return None
    damages = [e for e in previous.get("effects", ()) if e["do"] == "damage"]
    return damages[0] if len(damages) == 1 and len(previous["effects"]) == 1 else None


def _new_amount(line: Line, amount: int) -> Match | None:
    base = _base_damage(line)
    if base is None:
        return None
    return Match(variant={"mode": "instead", "effects": [{**base, "amount": amount}]})


def _repeats_base(line: Line, effects: list[dict]) -> bool:
    """A burst clause that is the base damage clause with another amount."""
    base = _base_damage(line)
    return (
        base is not None
        and len(effects) == 1
        and effects[0]["do"] == "damage"
        and effects[0]["to"] == base["to"]
        and effects[0]["to"]["pick"] in ("target", "player", "up_to")
    )
