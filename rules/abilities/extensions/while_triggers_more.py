"""Vocabulary of the `while_triggers_more` family (rules/abilities/templates/
while_triggers_more.py): the condition `opponents_turn` ('... during an opponent's turn'),
true while a player other than the ability's holder is the active player."""


def _opponents_turn(test, state, cards, *, holder, this=None, card=None) -> bool:
    return bool(state.active) and state.active != holder


CONDITIONS = {"opponents_turn": ({}, _opponents_turn)}
CONDITION_TEXT = {"opponents_turn": lambda test: "it is your opponent's turn"}
