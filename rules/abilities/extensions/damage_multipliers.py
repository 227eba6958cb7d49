"""Damage multipliers ('deals double damage', 'double all damage dealt to ...'), answered to
the engine's 'damage_multiplier' question (rules.engine.query.damage_multiplier) about damage
from a source die (`Query.other`, None for a card or a global) to a die (`Query.die`) or, with
no die, to a player (`Query.player`). The engine multiplies combat damage where the attack
step assigns it (R11.4; Overcrush counts its excess after the multiplier, K-OVERCRUSH) and
other damage where it is dealt.

`multiply_damage`: damage is multiplied `times` (2 for 'double') when
- `from` (a selector, its `combat` role read for 'this' too) means its source die; without
  `from`, any source (a card or global too);
- its target is a die `to` means; or, with `to_blockers`, a die blocking the source ('to
  characters that block him'); or, with `to_player`, the holder's opponent ('opposing');
  without any of them, any character die;
- with `damage` 'combat', only combat damage (R11.4).

It sits in a while-active spec (vocabulary STATIC_EFFECTS): a die of the card dealing the
damage is itself in the Field, so 'NAME deals double damage ...' holds exactly while the card
is active (R13.1). ENCODING_ABILITIES builds the one static ability answering the question.
"""

from collections.abc import Mapping
from typing import Any

from rules.abilities.extensions import SELECTOR, effect_schema, while_active_specs

EFFECT_SCHEMAS = {
    "multiply_damage": effect_schema(
        "multiply_damage",
        ["times"],
        times={"type": "integer", "minimum": 2, "maximum": 4},
        to=SELECTOR,
        to_blockers={"const": True},
        to_player={"const": "opposing"},
        damage={"const": "combat"},
        **{"from": SELECTOR},
    ),
}
STATIC_EFFECTS = dict.fromkeys(EFFECT_SCHEMAS, True)

_TIMES = {2: "double", 3: "triple", 4: "four times the"}


def _multiply_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import describe_selector

    how = _TIMES[effect["times"]] + (" combat" if effect.get("damage") == "combat" else "")
    if effect.get("to_blockers"):
        target = "the character dice blocking them"
    elif effect.get("to_player"):
        target = "your opponent"
    elif "to" in effect:
        target = describe_selector(effect["to"])
    else:
        target = "character dice"
    if effect.get("from", {}).get("pick") == "this":
        target = target.replace("blocking them", "blocking it")
        blocked = " while blocked" if effect["from"].get("combat") == "blocked" else ""
        return f"this die deals {how} damage to {target}{blocked}"
    if "from" in effect:
        return f"{describe_selector(effect['from'])} deal {how} damage to {target}"
    return f"{how} all damage dealt to {target}"


EFFECT_TEXT = {"multiply_damage": _multiply_text}


def _applies(effect: Mapping[str, Any], q) -> bool:
    """Whether one effect multiplies the damage the question is about."""
    from rules.abilities import selectors as sel

    if effect.get("damage") == "combat" and not q.combat:
        return False
    source, target = q.other, q.die
    if "from" in effect:
        wanted = effect["from"]
        if source is None or not sel.matches(
            q.state, q.cards, wanted, source, holder=q.holder, card=q.card
        ):
            return False
        # 'this' selectors read no filter: the card's die while blocked is asked here
        if "combat" in wanted and not sel.in_combat(q.state, source, wanted["combat"]):
            return False
    if effect.get("to_player"):
        return target is None and bool(q.player) and q.player != q.holder
    if target is None:
        return False
    if effect.get("to_blockers"):
        return source is not None and target.blocking == source.id
    if "to" in effect:
        return sel.matches(q.state, q.cards, effect["to"], target, holder=q.holder, card=q.card)
    return True


def _continuous(spec: Mapping[str, Any]):
    from rules.abilities import selectors as sel
    from rules.engine.abilities import Contribution

    effects = [e for e in spec["effects"] if e["do"] in EFFECT_SCHEMAS]

    def contributions(q):
        if q.stat != "damage_multiplier":
            return
        found = [e for e in effects if _applies(e, q)]
        if not found:
            return
        if not sel.condition(spec.get("if"), q.state, q.cards, holder=q.holder, card=q.card):
            return
        source = q.cards[q.card].name if q.card in q.cards else q.card
        for effect in found:
            yield Contribution("damage_multiplier", effect["times"], source)

    return contributions


def _abilities(card, encoding: Mapping[str, Any]) -> tuple:
    from rules.abilities.describe import describe_spec
    from rules.engine.abilities import Ability

    return tuple(
        Ability(
            f"damage_multiplier{index}",
            "static",
            describe_spec(spec),
            while_active=True,
            continuous=_continuous(spec),
        )
        for index, spec in while_active_specs(encoding, EFFECT_SCHEMAS)
    )


ENCODING_ABILITIES = {"damage_multipliers": _abilities}
