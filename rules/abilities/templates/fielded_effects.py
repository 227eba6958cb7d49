"""'When fielded, ...' lines the `when_fielded` and `fielded_more` families leave (family
`fielded_effects`, priority 106: after both). Most of what it adds is clauses, in
rules/abilities/phrases_fielded_effects.py (shared: they work after any trigger, so
`when_fielded` itself reads most of these lines now); this recogniser adds the shapes around
a body that phrases_triggers.trigger_body doesn't read:

- 'Once per turn, when fielded, <body>': the engine's once-per-turn limit (per card and
  player, as every 'once per turn' the engine plays);
- '... if you have three or more [B] symbols in your Reserve Pool' (before or after the
  effect): the core condition `reserve_energy_at_least` (symbols of that type on the faces
  shown; a wild is not counted, R6.2, as the card's own reminder '(excluding [Q])' says);
- '... if you have any level 2 or higher non-[VM] character dice in the Field Zone': a count
  of your dice (other than the one just fielded, as `fielded_more` reads 'if you have an
  active X': the weaker reading, T5.1) of that level or higher;
- 'deal N damage to each player. If an opponent has an active NAME you take no damage from
  this effect': the damage to the opponent, and to you only if they have no active NAME when it
  resolves (effect `only_if`);
- 'Prep a die from your bag. If the Prepped die is a [DCV] character die, Prep a second die
  from your bag': one effect (the sentences joined for the clause `prep_again_if`);
- 'Deal 2 damage to target character die. If that character die has a purchase cost of 4 or
  more, deal it 5 damage instead': one effect (clause `damage_by_cost`);
- '... if you have the highest purchase cost die fielded' (condition `highest_cost_fielded`);
- 'Capture <dice>. Return it at end of turn': the capture, which ends at end of turn anyway
  (R15.1), so the second sentence adds nothing.

A second recogniser (priority 131, after statics_more's reader of several sentences, which
leaves lines starting with 'When' to the trigger families) reads 'When fielded, <effect>.
While NAME is active, ...' / '... When NAME attacks, ...': two or three sentences printed on
one line, each an ability of its own that the families read alone; a later sentence must
start a new trigger or static ('While' / 'When') and must not refer back to the first.

Rulings (T5.1): a condition is checked when the ability triggers (R13.3), as for every
trigger; anything else in the line keeps it manual.
"""

import re
from dataclasses import replace

from rules.abilities import phrases_fielded_effects  # noqa: F401 (registers the clauses)
from rules.abilities import phrases_triggers as body
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recognise, recogniser

_PREFIX = re.compile(
    r"^(?P<once>once per turn, )?when (?:fielded|(?P<subject>.+?) is fielded),? (?P<rest>.+)$",
    re.IGNORECASE,
)
_RESERVE = re.compile(
    rf"you have (?P<n>{t.NUMBER})(?: or more)? (?P<tok>\[[FBMS]\]) (?:symbols?|energy) in "
    r"your reserve pool",
    re.IGNORECASE,
)
_PREP_AGAIN = re.compile(
    r"(?<=^prep a die from your bag)\. (if the prepped die is .+, prep a second die from your "
    r"bag)$",
    re.IGNORECASE,
)
_COSTLY = re.compile(
    r"(?<=\bdamage to target character die)\. (if that character die has a purchase cost of "
    r"\d+ or more, deal it \d+ damage instead)$",
    re.IGNORECASE,
)
_IF_LAST = re.compile(r"^(?P<rest>.+?),? if (?P<cond>[^,]+)$", re.IGNORECASE)
_RETURN_CAPTURED = re.compile(
    r"\.\s+return (?:it|them|that die|that character) (?:to (?:its|their) owner's field zone )?"
    r"at (?:the )?end of (?:the )?turn$",
    re.IGNORECASE,
)


_HIGHER = re.compile(
    r"you have any level (?P<n>[23]) or higher (?P<rest>.+?) in (?:the|your) field(?: zone)?",
    re.IGNORECASE,
)


def condition(text: str, line: Line) -> dict | None:
    found = _RESERVE.fullmatch(text.strip())
    if found is not None:
        n = t.number(found["n"])
        return {"test": "reserve_energy_at_least", "energy": t.energy(found["tok"]), "n": n}
    if re.fullmatch(r"you have the highest purchase cost die fielded", text.strip(), re.I):
        return {"test": "highest_cost_fielded"}
    found = _HIGHER.fullmatch(text.strip())
    if found is not None:  # 'if you have any level 2 or higher non-[VM] character dice ...'
        selector = body.die_selector(found["rest"], line, default_pick="each")
        if selector is None or set(selector) - {"pick", "affiliation", "not_affiliation", "what"}:
            return None
        selector = {**selector, "pick": "each", "side": "yours", "other": True}
        selector["min_level"] = int(found["n"])
        return {"test": "count_at_least", "of": selector, "n": 1}
    return None


_SPARED = re.compile(
    rf"deal (?P<n>{t.NUMBER}) damage to each player\. if an opponent has an active "
    r"(?P<name>.+?),? you take no damage from this effect",
    re.IGNORECASE,
)


def _spared(rest: str) -> dict | None:
    found = _SPARED.fullmatch(rest)
    if found is None or not body._is_name(found["name"]):
        return None
    n = t.number(found["n"])
    theirs = {"pick": "each", "side": "opposing", "name": found["name"]}
    to_you = {"do": "damage", "to": {"pick": "player", "side": "yours"}, "amount": n}
    return {
        "effects": [
            {"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": n},
            {
                "do": "only_if",
                "if": {"test": "count_at_most", "of": theirs, "n": 0},
                "effects": [to_you],
            },
        ]
    }


@recogniser("fielded_effects", kinds=("ability", "burst"), priority=106)
def fielded_effects(line: Line) -> Match | None:
    match = _PREFIX.match(line.text)
    if not match or (match["subject"] and not body.is_self(match["subject"], line)):
        return None
    rest = re.sub(r"\bifyou\b", "if you", match["rest"]).strip().rstrip(".")  # a printing slip
    test = None
    first_if = body._IF_FIRST.match(rest)
    last_if = _IF_LAST.match(rest)
    if first_if and condition(first_if["cond"], line) is not None:
        test, rest = condition(first_if["cond"], line), first_if["rest"]
    elif last_if and "." not in last_if["rest"] and condition(last_if["cond"], line) is not None:
        test, rest = condition(last_if["cond"], line), last_if["rest"]
    rest = _PREP_AGAIN.sub(r"; \g<1>", rest)  # one effect: prep, and again if ...
    rest = _COSTLY.sub(r"; \g<1>", rest)  # one effect: damage, more if it costs ...
    returned = _RETURN_CAPTURED.search(rest)
    if returned:
        rest = rest[: returned.start()]
    spared = _spared(rest)
    spec = spared or body.trigger_body(rest, line)
    if spec is None or (test is not None and "if" in spec):
        return None
    if returned and not (
        len(spec["effects"]) == 1 and spec["effects"][0]["do"] == "capture"
    ):  # 'return it at end of turn' only follows a capture here
        return None
    joined = "; if the prepped die" in rest.lower() or "; if that character die" in rest.lower()
    if test is None and not match["once"] and not returned and spared is None and not joined:
        return None  # nothing this family adds: the other families' reading stands
    if test is not None:
        spec = {"if": test, **spec}
    if match["once"]:
        spec = {**spec, "limit": "once_per_turn"}
    return Match.ability({"when": "fielded", **spec})


_NEW_ABILITY = re.compile(r"^(?:while|when) ", re.IGNORECASE)
_BACK = re.compile(
    r".*\b(?:if you do|this way|instead|as well|that character|that die|those dice|the same)\b",
    re.IGNORECASE,
)


@recogniser("fielded_effects", kinds=("ability", "burst"), priority=131)
def fielded_then_more(line: Line) -> Match | None:
    """'When fielded, deal 2 damage to your opponent. When NAME attacks, ...': each sentence an
    ability of its own."""
    if not _PREFIX.match(line.text):
        return None
    parts = [p.strip() for p in re.split(r"(?<=[a-z\])])\. (?=[A-Z])", line.text)]
    if not 2 <= len(parts) <= 3 or _BACK.match(line.text):
        return None
    if not all(_NEW_ABILITY.match(p) for p in parts[1:]):
        return None
    specs: list[dict] = []
    for part in parts:
        found = recognise(replace(line, text=part.rstrip(".")))
        if found is None or found.variant is not None or found.suit_up or found.keywords:
            return None
        specs += found.abilities
    return Match(abilities=tuple(specs))
