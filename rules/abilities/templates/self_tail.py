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

from rules.abilities import phrases_self_tail  # noqa: F401 (registers the family's clauses)
from rules.abilities import phrases_static as ps
from rules.abilities import phrases_triggers as body
from rules.abilities.templates import Line, Match, recogniser
from rules.abilities.templates.combat_triggers import _about_this_die, _holds_dice, _uses_own_stats
from rules.abilities.templates.while_active_statics import self_selector

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
    "an opposing die": "stl_kos",
}
# The KO'd die sent on from the Prep Area the KO put it in.
_KOD_DIE_TO = {
    "place it in the used pile": "used",
    "add it to owner's bag instead of sending it to the prep area": "bag",
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
        into = _KOD_DIE_TO.get(rest.lower().replace("’", "'"))
        if into:
            when = _KOS_WHAT[kos["what"].lower()]
            return Match.ability(
                {"when": when, "effects": [{"do": "stl_kod_die_to", "into": into}]}
            )
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


# -- 'If <condition>, NAME is free to field / costs ...' ----------------------------------------
_IF_COST = re.compile(
    r"^if (?P<cond>.+?), (?:you may field (?P<fielded>.+?) for free|(?P<may>.+?) may be fielded "
    r"for free|(?P<self>.+?) (?P<cost>is free to field|costs .+))$",
    re.IGNORECASE,
)
_CONTROL = re.compile(r"^you control (?P<n>\d+) or more (?P<what>.+)$", re.IGNORECASE)
_HAVE_NONE = re.compile(r"^you (?:don't|do not) have an active (?P<what>.+)$", re.IGNORECASE)
_THEIR = re.compile(
    r"^(?:your|an) opponent has (?P<n>\d+) or more (?P<what>energy in their reserve pool|dice "
    r"in their prep area)$",
    re.IGNORECASE,
)


@recogniser("self_tail", kinds=("ability",), priority=100)
def own_cost_if(line: Line) -> Match | None:
    """The card's own fielding or purchase cost under a condition before it: 'you control N or
    more <dice>', 'you don't have an active <die>', 'your opponent has N or more energy in
    their Reserve Pool / dice in their Prep Area'. 'You may field NAME for free' is its
    fielding cost 0 (fielding is optional anyway, R8.1). A `static` spec: from the team, as
    self_statics' own costs."""
    match = _IF_COST.match(line.text)
    if not match:
        return None
    who = match["fielded"] or match["may"] or match["self"]
    cost = match["cost"] or "is free to field"
    if self_selector(who, line) != {"pick": "this"}:
        return None
    costs = ps.cost(cost, line.raw)
    test = _cost_condition(match["cond"], line)
    if costs is None or test is None:
        return None
    effects = [{**c, "to": {"pick": "this"}} for c in costs]
    return Match.ability({"when": "static", "if": test, "effects": effects})


def _cost_condition(text: str, line: Line) -> dict | None:
    control = _CONTROL.match(text)
    none = _HAVE_NONE.match(text)
    if control or none:
        counted = ps.subject((control or none)["what"], line)
        if counted is None or set(counted) & {"_while", "_not_self"} or "side" in counted:
            return None
        of = {**counted, "side": "yours"}
        if control:
            return {"test": "count_at_least", "of": of, "n": int(control["n"])}
        return {"test": "count_at_most", "of": of, "n": 0}
    their = _THEIR.match(text)
    if their:
        kind = "stl_opponent_energy" if "energy" in their["what"].lower() else "stl_opponent_prep"
        return {"test": kind, "n": int(their["n"])}
    return None
