"""Triggers and conditions of the `leave_tail` family (rules/abilities/templates/leave_tail.py):
dice leaving the Field Zone and the turn's KOs, read from the engine's record of the turn
(`GameState.departed`: each character die that left the Field this turn, whether it was
KO'd, and whose action die or global ability made it leave) and its 'left_field' event.

- `lt_aftershock` (a trigger named in rules.abilities.trigger_events): this die left the Field
  Zone because of an opponent's action die or global ability. The engine names that player
  when the die was moved or KO'd while the player's action die or global resolved, or was KO'd
  by damage whose last part came from one (R12.2: a KO by damage happens at the state check
  after the effect). A die KO'd in combat, or by a character's triggered ability, is not
  (the weaker reading, T5.1).
- `lt_kod_this_turn`: at least `n` character dice of `side` ('yours': dice you controlled
  when they were KO'd; 'opposing': your opponent's) were KO'd this turn;
  `lt_none_kod_this_turn`: none of yours was (only character dice are KO'd, R11.5).
"""

from rules.engine.abilities import TriggerContext
from rules.engine.state import other


def event_holds(when: str, tc: TriggerContext) -> bool:
    """Whether the engine event is this trigger's (rules.abilities.trigger_events)."""
    event = tc.event
    if when == "lt_aftershock":
        # 'left_field' names the controller as the die left (`player`) and who caused it
        return bool(event.other) and event.other == other(event.player)
    return False


def kod_this_turn(state, holder: str, side: str) -> int:
    """How many character dice of `side` (relative to `holder`) were KO'd this turn."""
    return sum(
        1
        for left in state.departed
        if left.kod and (left.controller == holder) == (side == "yours")
    )


def _kod_test(test, state, cards, *, holder, this=None, card="") -> bool:
    return kod_this_turn(state, holder, test["lt_whose"]) >= test.get("n", 1)


def _kod_text(test) -> str:
    whose = "you control" if test["lt_whose"] == "yours" else "an opponent controls"
    n = test.get("n", 1)
    if n == 1:
        return f"a character die {whose} was KO'd this turn"
    return f"{n} or more character dice {whose} were KO'd this turn"


def _none_kod_test(test, state, cards, *, holder, this=None, card="") -> bool:
    return kod_this_turn(state, holder, "yours") == 0


CONDITIONS = {
    "lt_kod_this_turn": ({"lt_whose": {"enum": ["yours", "opposing"]}}, _kod_test),
    "lt_none_kod_this_turn": ({}, _none_kod_test),
}
CONDITION_TEXT = {
    "lt_kod_this_turn": _kod_text,
    "lt_none_kod_this_turn": lambda test: "none of your dice were KO'd this turn",
}
