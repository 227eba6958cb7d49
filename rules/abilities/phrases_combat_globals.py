"""Clauses of the `combat_globals` family (rules/abilities/templates/combat_globals.py),
registered into the shared phrase registry so they read in globals, on action dice and after
any trigger.

- 'Prevent N damage to <one target>' ('target character die', 'a Superstar die or player'):
  effect `cg_prevent` (rules/abilities/extensions/combat_globals.py), a shield on the die or
  player picked that stops the next N damage dealt to it this turn (R13.4, R13.1). Only one
  target (a die, or a die or a player): 'prevent N damage to each ...' or 'that you take from
  ...' name what this shield does not say, and stay manual.
"""

from rules.abilities import tokens as t
from rules.abilities.phrases import phrase
from rules.abilities.phrases_actions import receiver


@phrase(rf"prevent (?P<n>{t.NUMBER}) damage to (?P<who>.+)")
def _prevent_damage(m, line):
    to = receiver(m["who"])
    if to is None or to.get("pick") != "target" or to.get("count", 1) != 1:
        return None
    return [{"do": "cg_prevent", "to": to, "amount": t.number(m["n"])}]
