"""Family `combat_globals`: globals and combat lines the other families decline.

- 'Global: Pay [M] and 1 life. <effect>': the energy is the global's cost (the engine reads it
  from the line); the life is paid as the first effect (`fc_pay_life`, the holder loses that
  much life, R13.6: the first part is the cost), then the effect, read as the globals families
  read 'Pay [M]. <effect>' (with its 'Once per turn' limit).

- 'Global: Pay [F] when you attack. <effect>': the global 'Pay [F]. <effect>' with the condition
  `cg_you_attack` (your turn, one of your dice attacking: after attackers are declared, R11.1).

- Printing slips in globals, read as the line would be printed (`GLOBAL_SPELLINGS`): 'Global Pay
  [M]. ...' (no colon), 'Pay [B] Deal 1 damage ...' (no full stop after the cost), '..., lose 1
  life' at the end (a second sentence: 'You lose 1 life').

Clauses (`phrases_combat_globals.py`, effects in rules/abilities/extensions/combat_globals.py):
'Prevent N damage to <one target>' (`cg_prevent`, a shield lasting the turn), in globals 'Your
character dice can't be the target of ...' (`cg_untargetable`, this turn) and '<dice> gets Range
N' (a granted keyword whose volley the extension fires), 'switch the A and D of <dice>'
(`cg_switch_ad`), 'each player may field up to N / must field a Sidekick from their Used Pile'
(`cg_each_field_sidekicks`).

Rulings (T5.1): the shield waits for the next damage this turn (from any source); a switch is
one modification made when it resolves; a global whose condition fails when it resolves does
nothing (its cost paid), as the globals families' 'on your turn'.
"""

import re
from dataclasses import replace

from rules.abilities import (
    phrases_combat_globals,  # noqa: F401 (registers the clauses)
    templates,
)
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

FAMILY = "combat_globals"


def _plain_global(line: Line, match) -> dict | None:
    """The one global spec the other families read from 'Pay <cost>. <rest>' (the line
    without the words `match` took out), or None."""
    if not match:
        return None
    found = templates.recognise(replace(line, text=f"Pay {match['cost']}. {match['rest']}"))
    if found is None or found.variant is not None or len(found.abilities) != 1:
        return None
    (spec,) = found.abilities
    return spec if spec.get("when") == "global" else None


_PAY_AND_LIFE = re.compile(
    rf"^pay (?P<cost>(?:\[[^\]]+\])+) and (?P<n>{t.NUMBER}) life\. (?P<rest>.+)$", re.IGNORECASE
)


@recogniser(FAMILY, kinds=("global",), priority=140)
def pay_energy_and_life(line: Line) -> Match | None:
    match = _PAY_AND_LIFE.match(line.text)
    spec = _plain_global(line, match)
    if spec is None:
        return None
    life = {"do": "fc_pay_life", "amount": t.number(match["n"])}
    return Match.ability({**spec, "effects": [life, *spec["effects"]]})


_WHEN_YOU_ATTACK = re.compile(
    r"^pay (?P<cost>(?:\[[^\]]+\])+) when you attack\. (?P<rest>.+)$", re.IGNORECASE
)


@recogniser(FAMILY, kinds=("global",), priority=140)
def pay_when_you_attack(line: Line) -> Match | None:
    match = _WHEN_YOU_ATTACK.match(line.text)
    spec = _plain_global(line, match)
    if spec is None or "if" in spec:
        return None
    return Match.ability({**spec, "if": {"test": "cg_you_attack"}})


GLOBAL_SPELLINGS = (
    (re.compile(r"^global (?=pay )", re.IGNORECASE), ""),
    (
        re.compile(r"^(pay (?:\[[^\]]+\])+) (?!(?:to|and|when|or|on|during)\b)(?=[a-z])", re.I),
        r"\1. ",
    ),
    (re.compile(r", lose (\d+) life$", re.IGNORECASE), r". You lose \1 life"),
)


@recogniser(FAMILY, kinds=("global",), priority=141)
def global_spellings(line: Line) -> Match | None:
    text = line.text
    for pattern, replacement in GLOBAL_SPELLINGS:
        text = pattern.sub(replacement, text)
    if text == line.text:
        return None
    found = templates.recognise(replace(line, text=text))
    if found is None or found.variant is not None or not found.abilities:
        return None
    if any(spec.get("when") != "global" for spec in found.abilities):
        return None
    return found
