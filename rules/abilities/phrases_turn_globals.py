"""Clauses of the `turn_globals` family (rules/abilities/templates/turn_globals.py), registered
into the shared phrase registry so they read after any trigger, in globals and on action dice.

- '<dice> must block (this turn) (if able)': the dice picked get the persistent 'must block'
  (R13.1: until Cleanup), granted like a keyword (`grant` `must_block`); the engine then refuses
  a declaration of blockers leaving out a die that must block and is able to block one of the
  attackers (rules/engine/steps/attack.py). Read the weaker way (T5.1): it must block one of
  the attackers, whichever ('When NAME attacks, all opposing character dice must block' does
  not say they must block NAME), and a die that can't block (R13.7) is not forced.
- 'That character must block this turn' after a first sentence: the dice that sentence picked.
"""

from rules.abilities.phrases import phrase
from rules.abilities.phrases_actions import dice_selector


@phrase(r"(?P<dice>.+?) must block(?: this turn)?(?: if able)?")
def _dice_must_block(m, line):
    selector = dice_selector(m["dice"])
    if selector is None:
        return None
    return [{"do": "grant", "to": selector, "keyword": "must_block"}]
