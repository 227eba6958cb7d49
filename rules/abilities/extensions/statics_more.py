"""Conditions of the `statics_more` family (rules/abilities/templates/statics_more.py):

- `attacks_alone`: exactly one of the holder's dice is attacking (in the Attack Zone, not
  blocking) and it is a die of this card. Read by a static whose effect is on the card's own
  attacking die ('NAME can't be blocked while attacking alone', 'NAME gets +2A when attacking
  alone' with the modify's own 'while attacking'), so a card-wide test is exact: the lone
  attacker is the die the effect is about.
- `attack_step`: the game is in the attack step (attackers declared, blockers, the action and
  global window, damage): 'NAME can't be damaged during the Attack Step'.
- `all_of`: every condition of `conditions` holds ('If your opponent has fewer than 3
  character dice, NAME can't be blocked while attacking alone').
"""

from rules.abilities.extensions import CONDITION
from rules.engine.state import Step, Zone

ATTACK_STEPS = (Step.ATTACKERS, Step.BLOCKERS, Step.WINDOW, Step.DAMAGE)


def _attacks_alone(test, state, cards, *, holder, this=None, card="") -> bool:
    attacking = [d for d in state.zone(holder, Zone.ATTACK) if d.is_character and not d.blocking]
    return len(attacking) == 1 and attacking[0].card == card and attacking[0].controller == holder


def _all_of(test, state, cards, *, holder, this=None, card="") -> bool:
    from rules.abilities import selectors

    return all(
        selectors.condition(one, state, cards, holder=holder, this=this, card=card)
        for one in test["conditions"]
    )


def _attack_step(test, state, cards, *, holder, this=None, card="") -> bool:
    return state.step in ATTACK_STEPS


CONDITIONS = {
    "attacks_alone": ({}, _attacks_alone),
    "attack_step": ({}, _attack_step),
    "all_of": ({"conditions": {"type": "array", "items": CONDITION, "minItems": 2}}, _all_of),
}


def _all_of_text(test) -> str:
    from rules.abilities.describe import describe_condition

    return " and ".join(describe_condition(one) for one in test["conditions"])


CONDITION_TEXT = {
    "attacks_alone": lambda test: "one of this card's dice attacks alone",
    "attack_step": lambda test: "it is the attack step",
    "all_of": _all_of_text,
}
