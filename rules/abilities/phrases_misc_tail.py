"""Clauses of the `misc_tail` family (rules/abilities/templates/misc_tail.py), registered into
the shared phrase registry so they read after any trigger, in globals and on action dice.

- Two whole known clauses joined by 'and', wherever a single clause is read (player triggers,
  ability words): `clauses_joined_by_and`, as a trigger's body reads them. Not with 'this die'.
- 'swap his / her / its A and D' in a trigger about the card's own die: combat_globals'
  `cg_switch_ad` on that die (until end of turn, R13.1).
- 'spin target opposing character die to an energy face of your opponent's choice':
  fielded_effects' `spin_to_energy` with `chooser` `controller`.
- Enlistment's '<effect> unless (target / your) opponent KOs a / an opposing / another
  character die (they control)': effect `mt_unless_ko`. 'an opposing character die' is one of
  the opponent's own (opposing to the card's player: the cards that say 'they control' mean
  the same). Ruling (T5.1): the opponent's KO is their choice among their character dice in
  the Field (not a target); with nothing to KO the effect happens.
"""

import re

from rules.abilities import tokens as t
from rules.abilities.phrases import phrase
from rules.abilities.phrases_triggers import clauses_joined_by_and


@phrase(r"(?P<text>.+,? and .+)")
def _two_clauses(m, line):
    """'deal 2 damage to target character die and Prep a die from your bag': two whole known
    clauses one after the other, as a trigger's body reads them (`clauses_joined_by_and`),
    wherever a single clause is read (player triggers, ability words). 'this die' declines: on
    a card-wide trigger (Energize: a die in the Reserve Pool) the selectors' own die is a die
    in the Field."""
    if re.search(r"\bthis die\b", m["text"], re.IGNORECASE):
        return None
    return clauses_joined_by_and(m["text"], line)


@phrase(r"swap (?:his|her|its) a and d")
def _swap_own_a_and_d(m, line):
    """'When NAME attacks, you may swap his A and D': combat_globals' switch (`cg_switch_ad`)
    on the card's own die, the only one a pronoun names in a trigger about that die (a
    player or watched-die trigger declines pronouns before reading its clause)."""
    if line is None or line.kind != "ability":
        return None
    return [{"do": "cg_switch_ad", "to": {"pick": "this"}}]


@phrase(rf"spin {t.TARGET_DIE} to an energy face of (?:your opponent's|their controller's) choice")
def _spin_to_energy_their_choice(m, line):
    """'Spin target opposing character die to an energy face of your opponent's choice':
    fielded_effects' `spin_to_energy`, the face chosen by the die's controller."""
    if m["side"].strip() != "opposing":
        return None
    selector = t.target_selector(m["side"], m["what"], m["tail"])
    return [{"do": "spin_to_energy", "to": selector, "chooser": "controller"}]


@phrase(
    r"(?P<effect>.+?),? unless (?:target |your )?opponent (?:immediately )?KO(?:'?s) "
    r"(?P<which>an opposing|a|another) character die(?: they control)?"
)
def _unless_opponent_kos(m, line):
    """Enlistment: '<effect> unless your opponent KOs a character die they control' (also 'an
    opposing character die': opposing to the card's player, so one of the opponent's own).
    The effect is one effect on the dice one selector picks (read first) or effects that pick
    no target."""
    from rules.abilities import phrases

    effects = phrases.effects(m["effect"], line)
    if not effects:
        return None
    found: dict = {"do": "mt_unless_ko"}
    if m["which"].lower() == "another":
        found["another"] = True
    targeted = [e for e in effects if e.get("to", {}).get("pick") in ("target", "up_to")]
    if targeted:
        if len(effects) != 1 or effects[0]["to"].get("or_player"):
            return None
        (effect,) = effects
        found.update(to=effect["to"], effects=[{**effect, "to": {"pick": "it"}}])
    elif found.get("another"):
        return None  # 'another' than what? no die is picked first
    else:
        found["effects"] = effects
    return [found]
