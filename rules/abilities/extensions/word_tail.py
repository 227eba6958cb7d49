"""Effects and conditions of the `word_tail` family (rules/abilities/templates/word_tail.py,
clauses in rules/abilities/phrases_word_tail.py).

- condition `wdt_own_types_paid`: Crosspulse's 'you can only use a Crosspulse ability if you
  paid this character's purchase cost using only their energy types'. The engine remembers,
  for the turn, each die bought with only symbols of its card's energy types
  (rules/engine/steps/main.py `OWN_TYPES_PAID`: at least one symbol; no wild, generic or
  virtual energy, the narrow reading, T5.1); the condition asks whether the ability's own die
  (the die just purchased) is one.
- `wdt_field_bought` (`level`): 'Immediately field this die at level 1' after its purchase: the
  die bought (in its owner's Used Pile, R7.4) is fielded at that level (free; fielding, R8.2:
  'when fielded' triggers). If it is no longer in the Used Pile, nothing happens.
- `wdt_double_printed`: 'double NAME's printed A (until end of turn)': this card's die gets +A
  equal to the A its face prints (attack_tail's `at_double_printed_attack` on the own die).
- `wdt_roll_own` (`zone` prep / reserve): 'Roll a die from your Prep Area' / 'Reroll a die in
  your Reserve Pool': the holder chooses one of their dice there (a choice, not a target) and
  rolls it; it lands in the Reserve Pool (R5.2). With no die there, nothing happens. (Only
  the Prep Area's clause is registered: see phrases_word_tail.)
- `wdt_spin_down_or_energy` (`to`): 'Spin target X down 1 level. If that character die is
  already level 1, spin it to an energy face (of your choice)': each die picked above level 1
  spins down one level; one at level 1 is spun to an energy face the holder chooses
  (fielded_effects' `spin_to_energy`: it goes to its controller's Reserve Pool).
- a `restrict` ('can't block this turn') inside misc_tail's `mt_unless_ko` once did nothing:
  runtime built the lasting abilities of top-level restrictions only; it reads nested ones now.
"""

from rules.abilities.extensions import SELECTOR, effect_schema
from rules.engine.state import Zone

OWN_TYPES_PAID = "own_types_paid:"  # rules.engine.steps.main.OWN_TYPES_PAID


def _own_types_paid(test, state, cards, *, holder, this=None, card="") -> bool:
    return this is not None and f"{OWN_TYPES_PAID}{this.id}" in state.used_limits


CONDITIONS = {"wdt_own_types_paid": ({}, _own_types_paid)}
CONDITION_TEXT = {
    "wdt_own_types_paid": lambda test: "its purchase was paid using only this card's energy types"
}

EFFECT_SCHEMAS = {
    "wdt_field_bought": effect_schema(
        "wdt_field_bought", ["level"], level={"type": "integer", "minimum": 1, "maximum": 3}
    ),
    "wdt_double_printed": effect_schema("wdt_double_printed", []),
    "wdt_spin_down_or_energy": effect_schema("wdt_spin_down_or_energy", ["to"], to=SELECTOR),
    "wdt_roll_own": effect_schema("wdt_roll_own", ["zone"], zone={"enum": ["prep", "reserve"]}),
}


def _field_bought(ctx, effect, bursts, scope=None) -> None:
    die = ctx.state.die(ctx.source) if ctx.source else None
    if die is None or die.zone != Zone.USED or die.owner != ctx.holder:
        return
    ctx.field(die.id, level=effect["level"])


def _double_printed(ctx, effect, bursts, scope=None) -> None:
    from rules.abilities.extensions.attack_tail import _double_printed_attack

    _double_printed_attack(ctx, {"to": {"pick": "this"}}, bursts, scope)


def _selector_text(selector) -> str:
    from rules.abilities.describe import describe_selector

    return describe_selector(selector)


_ZONES = {"prep": (Zone.PREP, "Prep Area"), "reserve": (Zone.RESERVE, "Reserve Pool")}


def _roll_own(ctx, effect, bursts, scope=None) -> None:
    zone, name = _ZONES[effect["zone"]]
    dice = [d.id for d in ctx.state.zone(ctx.holder, zone)]
    if not dice:
        return
    (chosen,) = ctx.choose(f"the die in your {name} to roll", dice)
    ctx.roll(ctx.holder, (chosen,))


def _spin_down_or_energy(ctx, effect, bursts, scope=None) -> None:
    from rules.abilities import runtime
    from rules.abilities.extensions.fielded_effects import _spin_to_energy

    for target in runtime.pick(ctx, effect["to"], "spin down 1 level", scope):
        die = ctx.state.die(target)
        if die is None or die.face is None or not die.face.is_character:
            continue
        if die.face.level > 1:
            ctx.spin(target, -1)
            continue
        inner = runtime.Scope(scope.kind if scope is not None else "")
        inner.picked = [target]
        _spin_to_energy(ctx, {"do": "spin_to_energy", "to": {"pick": "it"}}, bursts, inner)


EFFECT_RUNNERS = {
    "wdt_spin_down_or_energy": _spin_down_or_energy,
    "wdt_roll_own": _roll_own,
    "wdt_field_bought": _field_bought,
    "wdt_double_printed": _double_printed,
}
EFFECT_TEXT = {
    "wdt_spin_down_or_energy": lambda effect: (
        f"spin {_selector_text(effect['to'])} down 1 level; if it is already level 1, spin it "
        "to an energy face of your choice instead (it goes to its controller's Reserve Pool)"
    ),
    "wdt_roll_own": lambda effect: (
        "roll one of the dice in your Prep Area"
        if effect["zone"] == "prep"
        else "reroll one of the dice in your Reserve Pool"
    ),
    "wdt_double_printed": lambda effect: "double this die's printed A this turn",
    "wdt_field_bought": lambda effect: (
        f"field this die from the Used Pile at level {effect['level']}"
    ),
}
