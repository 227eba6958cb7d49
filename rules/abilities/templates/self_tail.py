"""The card's own die KO'ing a die or dealing combat damage, the triggers `combat_triggers`
leaves (events in rules/abilities/extensions/self_tail.py):

- 'When / Whenever / If NAME KOs (knocks out) an opposing character die / a character (die) /
  a Sidekick (character die) / an opposing Superstar die / a blocking character die (with
  combat damage), <effect>': the die KO'd by this die's combat damage (`stl_kos`, filtered);
  'that die's controller' / 'the KO'd die's controller' in the effect is the opponent (the
  die was engaged with this one in combat, so it was the opponent's);
- 'When NAME deals combat damage, <effect>' (to a die or a player: `stl_dealt`).

Rulings (T5.1, the weaker reading): 'KOs' is read as KO'ing with combat damage only (the
cards read here have no other way to KO a die), and only a die engaged with this one alone
(an attacker with two blockers: which one KO'd it is not known, nothing fires); 'deals combat
damage' fires once per die per turn however many dice it damages. Effects about this die or
its stats are left manual (it may have been KO'd too, or be Out of Play once unblocked), and
so is 'you may' after 'deals combat damage' (its twin abilities would ask twice).
"""

import re

from rules.abilities import phrases_triggers as body
from rules.abilities.templates import Line, Match, recogniser
from rules.abilities.templates.combat_triggers import _about_this_die, _holds_dice, _uses_own_stats

_KOS_WHAT = {
    "an opposing character die": "stl_kos",
    "an opposing character": "stl_kos",
    "a character die": "stl_kos",
    "a character": "stl_kos",
    "a sidekick character die": "stl_kos_sidekick",
    "a sidekick": "stl_kos_sidekick",
    "an opposing sidekick": "stl_kos_sidekick",
    "an opposing superstar die": "stl_kos_non_sidekick",
    "a blocking character die": "stl_kos_blocker",
}
_WHAT = "|".join(re.escape(w) for w in sorted(_KOS_WHAT, key=len, reverse=True))
_KOS = re.compile(
    rf"^(?:when|whenever|if) (?P<subject>.+?) (?:kos|knocks out) (?P<what>{_WHAT})"
    r"(?: with combat damage)?,? (?P<rest>.+)$",
    re.IGNORECASE,
)
_DEALT = re.compile(
    r"^(?:when|whenever) (?P<subject>.+?) deals combat damage,? (?P<rest>.+)$", re.IGNORECASE
)
# The KO'd die was engaged with this one: its controller is the opponent.
_KOD_CONTROLLER = re.compile(r"\b(?:that die's|the ko'd die's) controller\b", re.IGNORECASE)


@recogniser("self_tail", kinds=("ability",), priority=100)
def own_die_kos_or_deals(line: Line) -> Match | None:
    kos = _KOS.match(line.text)
    if kos and body.is_self(kos["subject"], line):
        rest = _KOD_CONTROLLER.sub("your opponent", kos["rest"])
        return _ability(_KOS_WHAT[kos["what"].lower()], rest, line)
    dealt = _DEALT.match(line.text)
    if dealt and body.is_self(dealt["subject"], line):
        return _ability("stl_dealt", dealt["rest"], line)
    return None


def _ability(when: str, rest: str, line: Line) -> Match | None:
    spec = body.trigger_body(rest, line)
    if spec is None or _uses_own_stats(spec) or _holds_dice(spec) or _about_this_die(spec):
        return None
    if when == "stl_dealt" and (spec.get("optional") or "cost" in spec):
        return None
    if any(e.get("to", {}).get("pick") == "that" for e in spec["effects"]):
        return None  # 'that die' would be the damaged or KO'd die: not read here
    return Match.ability({"when": when, **spec})
