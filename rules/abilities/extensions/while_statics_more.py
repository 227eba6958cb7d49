"""Conditions of the `while_statics_more` family (rules/abilities/templates/
while_statics_more.py): `you_more_life` ('while your life total is higher than your
opponent's', 'while your opponent has less life than you'), the mirror of the core's
`opponent_more_life`. Equal life totals hold neither."""

from rules.engine.state import other


def _you_more_life(test, state, cards, *, holder, this=None, card=""):
    return state.player(holder).life > state.player(other(holder)).life


CONDITIONS = {"you_more_life": ({}, _you_more_life)}
CONDITION_TEXT = {"you_more_life": lambda test: "you have more life than your opponent"}
