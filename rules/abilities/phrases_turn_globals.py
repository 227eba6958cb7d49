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


@phrase(r"(?P<effect>.+?) unless (?P<who>an opponent|your opponent|its owner) pays (?P<n>\d) life")
def _unless_pays_life(m, line):
    """'KO target level 1 [DCV] character die unless an opponent pays 2 life': one effect on
    the dice one selector picks (a target or up to N targets), read first; 'its owner': of the
    one die picked."""
    from rules.abilities import phrases

    effects = phrases.effects(m["effect"], line)
    if not effects or len(effects) != 1 or "to" not in effects[0]:
        return None
    (effect,) = effects
    to = effect["to"]
    if to.get("pick") not in ("target", "up_to") or to.get("or_player"):
        return None
    payer = "owner" if m["who"].lower() == "its owner" else "opposing"
    if payer == "owner" and (to["pick"] != "target" or to.get("count", 1) != 1):
        return None
    return [
        {
            "do": "tg_unless_life",
            "to": to,
            "amount": int(m["n"]),
            "payer": payer,
            "effects": [{**effect, "to": {"pick": "it"}}],
        }
    ]
