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

`multiply_damage_this_turn` (an effect after a trigger: 'When fielded, double all damage
dealt to target opposing character die until end of turn'): each die `to` picks has all
damage dealt to it multiplied `times` until the end of the turn, a lasting effect (R13.1)
about the die whose ability answers the same question.

`multiply_damage` sits in a while-active spec (vocabulary STATIC_EFFECTS): a die of the card
dealing the damage is itself in the Field, so 'NAME deals double damage ...' holds exactly
while the card is active (R13.1). ENCODING_ABILITIES builds the one static ability answering
the question.
"""

from collections.abc import Mapping
from typing import Any

from rules.abilities.extensions import SELECTOR, effect_schema, while_active_specs

EFFECT_SCHEMAS = {
    "multiply_damage_this_turn": effect_schema(
        "multiply_damage_this_turn",
        ["times", "to"],
        times={"type": "integer", "minimum": 2, "maximum": 4},
        to=SELECTOR,
    ),
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
STATIC_EFFECTS = {"multiply_damage": True}
_LASTING = "multiply_damage_this_turn"

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


def _this_turn_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import describe_selector

    times = _TIMES[effect["times"]]
    return f"{times} all damage dealt to {describe_selector(effect['to'])} until end of turn"


EFFECT_TEXT = {"multiply_damage": _multiply_text, _LASTING: _this_turn_text}


def _multiply_this_turn(ctx, effect, bursts, scope=None) -> None:
    """Each die picked has the damage dealt to it multiplied until the end of the turn: a
    lasting effect about the die (its ability below answers the question)."""
    from rules.abilities import runtime

    for target in runtime.pick(ctx, effect["to"], "multiply the damage dealt to", scope):
        ctx.last(f"{ctx.card}.{_LASTING}", subject=target, params=(effect["times"],))


EFFECT_RUNNERS = {_LASTING: _multiply_this_turn}


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


def _lasting_abilities(card, encoding: Mapping[str, Any]) -> tuple:
    from rules.engine.abilities import Ability, Contribution

    used = any(
        e.get("do") == _LASTING
        for spec in encoding.get("abilities", ())
        for effects in (spec["effects"], *(v["effects"] for v in spec.get("bursts", {}).values()))
        for e in effects
    )
    if not used:
        return ()

    def contributions(q):
        if q.stat != "damage_multiplier" or q.die is None or len(q.params) < 2:
            return
        if q.die.id == q.params[0]:
            yield Contribution("damage_multiplier", q.params[1], card.name)

    text = "the damage dealt to this die is multiplied until end of turn"
    return (Ability(_LASTING, "lasting", text, continuous=contributions),)


ENCODING_ABILITIES = {"damage_multipliers": _abilities, _LASTING: _lasting_abilities}
