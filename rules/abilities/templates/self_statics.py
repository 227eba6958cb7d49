"""The card's own dice, always (no 'while active' needed: they only act in the Field):
'NAME gets +2A and +2D while blocking', 'NAME gets +1A for each opposing [DCV] character die',
'NAME gets +1A if you have another active [BOM] character die', 'NAME can't be blocked',
'NAME can't be blocked by Sidekicks or [DCV] character dice', 'NAME can only be blocked by
Sidekicks', 'NAME can't attack', 'NAME cannot block', 'NAME can't attack or block unless a
[WLG] is active', 'NAME takes no damage from [B] character dice', 'NAME cannot be targeted by
opposing Global Abilities'. Encoded as a while-active ability on 'this' (each of the card's
dice its holder controls), so the stat query layer, the restrict hook (R13.7) and the prevent
query (R13.4) play them. The card's own cost ('NAME costs [1] less to purchase for each ...',
'NAME is free to field while you have ...') is a 'static' ability: it holds while the card is
not active too, since it is bought and fielded from outside the Field.

Readings (T5.1):
- 'when attacking' / 'when blocking' is read as 'while attacking/blocking' (the bonus holds
  while the die is in combat that way); 'for each' counts character dice in the Field, once
  per die; 'other' in a count leaves out only the counting die, 'non-NAME' every die of that
  name; 'different' counts and anything else left over keep the line manual.
- 'can only be blocked by X' forbids blocks by any die that is not X; 'can't be blocked by X or
  Y' forbids both. 'purchase cost 2 or less' counts a Sidekick as cost 0.
- 'takes N less damage from X' prevents N of each damage from a die X means (combat or an
  ability of that die); a source that is not a die (a global) is not X.
- A condition counting Sidekicks is not offered for a keyword grant (Ally would make the
  keyword depend on itself).
"""

import re

from rules.abilities import phrases_static as ps
from rules.abilities.templates import Line, Match, recogniser
from rules.abilities.templates.while_active_statics import self_selector

_GETS = re.compile(
    r"(?P<self>.+?) (?:gets|gains|has) (?P<mods>.+?) (?:for each|for every) (?:of )?(?P<what>.+)",
    re.IGNORECASE,
)
_IF = re.compile(
    r"(?P<body>.+?) (?:if|while) you have (?P<art>another|an|a|at least one) (?P<what>.+)",
    re.IGNORECASE,
)


def _static(effects: list[dict], condition: dict | None = None) -> Match | None:
    counts_sidekicks = (condition or {}).get("of", {}).get("what") in ("sidekick", "non_sidekick")
    if counts_sidekicks and any(e["do"] == "grant" for e in effects):
        return None  # a keyword that depends on who counts as a Sidekick (Ally): a loop
    spec = {"when": "while_active", "effects": effects}
    if condition:
        spec["if"] = condition
    return Match.ability(spec)


def _self_effects(text: str, line: Line) -> list[dict] | None:
    for verb in re.finditer(
        r"\b(?:gets|gains|has|is|can't|cannot|can not|may not|can only|may only|takes)\b",
        text,
        re.IGNORECASE,
    ):
        head, tail = text[: verb.start()].strip(), text[verb.start() :].strip()
        if not head or self_selector(head, line) is None:
            continue
        effects = ps.predicate(tail, line)
        if effects is None:
            return None
        if any(e["do"] == "cost" for e in effects):
            return None  # the card's own cost: not while active (manual)
        return [{**e, "to": {"pick": "this"}} for e in effects]
    return None


@recogniser("self_statics", kinds=("ability",))
def self_static(line: Line) -> Match | None:
    """'NAME gets +2A while blocking', 'NAME can't be blocked by Sidekicks'."""
    effects = _self_effects(line.text, line)
    return _static(effects) if effects else None


@recogniser("self_statics", kinds=("ability",))
def self_for_each(line: Line) -> Match | None:
    """'NAME gets +1A and +1D for each opposing [DCV] character die'."""
    match = _GETS.fullmatch(line.text)
    if not match or self_selector(match["self"], line) is None:
        return None
    mods = ps.modify(match["mods"])
    counted = ps.subject(match["what"], line)
    if mods is None or counted is None or "_while" in counted or mods.get("while"):
        return None
    if counted.pop("_not_self", False):  # 'non-NAME': no die of that name counts
        del counted["other"]
        counted["not_name"] = line.card_name
    if counted.get("what") in ("action", "basic_action"):
        return None
    effect = {"do": "modify", "to": {"pick": "this"}}
    for stat in ("attack", "defense"):
        if stat in mods:
            effect[stat] = {"count": counted, "times": mods[stat]}
    if mods.get("sign"):
        effect["sign"] = mods["sign"]
    return _static([effect])


@recogniser("self_statics", kinds=("ability",))
def self_if_you_have(line: Line) -> Match | None:
    """'NAME gets +1A if you have another active [BOM] character die'."""
    match = _IF.fullmatch(line.text)
    if not match:
        return None
    effects = _self_effects(match["body"], line)
    counted = ps.subject("your " + match["what"], line)
    if not effects or counted is None or "_while" in counted:
        return None
    counted.pop("_not_self", None)  # a condition has no counting die: 'other' is every die
    if counted.get("what") in ("action", "basic_action"):
        return None
    if match["art"].lower() == "another":
        counted["other"] = True
    return _static(effects, {"test": "count_at_least", "of": counted, "n": 1})


_UNLESS = re.compile(r"(?P<body>.+?) unless (?P<cond>.+)", re.IGNORECASE)


def _unless(text: str, line: Line) -> dict | None:
    """'you have an active [WLG]', 'a [WLG] is active', 'Saint Walker is active', 'you have
    another non-NAME [DCB] character die in the Field Zone': the selector whose absence
    triggers the restriction: 'you have ...' and a named character (R13.8) are the holder's
    own dice; 'a [WLG] is active', a type with no side, either player's (R13.8)."""
    have = re.fullmatch(
        r"you have (?:an|a|another|at least one) (?P<what>.+)", text, re.IGNORECASE
    ) or re.fullmatch(r"(?:an?|another) (?P<what>.+) is active", text, re.IGNORECASE)
    if have:
        selector = ps.subject(have["what"], line)
        if selector is None or "_while" in selector or "side" in selector:
            return None
        selector.pop("_not_self", None)
        if text.lower().startswith(("you have another", "another")):
            selector["other"] = True
        return {**selector, "side": "yours" if text.lower().startswith("you have") else "any"}
    named = re.fullmatch(r"(?P<name>[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3}) is active", text)
    if named:
        return {"pick": "each", "side": "yours", "name": named["name"]}
    return None


@recogniser("self_statics", kinds=("ability",))
def self_unless(line: Line) -> Match | None:
    """'NAME can't attack or block unless you have an active [WLG]'."""
    match = _UNLESS.fullmatch(line.text)
    if not match:
        return None
    effects = _self_effects(match["body"], line)
    counted = _unless(match["cond"], line)
    if not effects or counted is None or any(e["do"] != "restrict" for e in effects):
        return None
    return _static(effects, {"test": "count_at_most", "of": counted, "n": 0})


_OWN_COST = re.compile(
    r"(?P<self>.+?) (?P<cost>(?:costs|is free to field).*?)"
    r"(?: (?:for each|for every) (?:of )?(?P<each>.+)| (?:if|while) you have (?:an|a|at least one) "
    r"(?P<have>.+))?",
    re.IGNORECASE,
)
_HAVE_FIRST = re.compile(
    r"while you have (?:an|a|at least one) (?P<have>.+?), (?P<self>.+?) (?P<cost>is free to field|"
    r"costs .+)",
    re.IGNORECASE,
)


@recogniser("self_statics", kinds=("ability",))
def own_cost(line: Line) -> Match | None:
    """'NAME costs [1] less to purchase for each of your active [DCV] character dice', 'NAME
    costs [1] less to field if you have an active [XMEN] character die': the card's own cost,
    always (not only while active: the card is bought and fielded from outside the Field)."""
    match = _HAVE_FIRST.fullmatch(line.text) or _OWN_COST.fullmatch(line.text)
    if not match or self_selector(match["self"], line) is None:
        return None
    costs = ps.cost(match["cost"], line.raw)
    if costs is None:
        return None
    groups = match.groupdict()
    spec: dict = {"when": "static"}
    if groups.get("each"):
        counted = ps.subject(groups["each"], line)
        if counted is None or set(counted) & {"_while", "_not_self"}:
            return None
        if any(c.get("free") for c in costs):
            return None
        costs = [{**c, "amount": {"count": counted, "times": c["amount"]}} for c in costs]
    if groups.get("have"):
        counted = ps.subject(groups["have"], line)
        if counted is None or set(counted) & {"_while", "_not_self"} or "side" in counted:
            return None
        spec["if"] = {"test": "count_at_least", "of": {**counted, "side": "yours"}, "n": 1}
    spec["effects"] = [{**c, "to": {"pick": "this"}} for c in costs]
    return Match.ability(spec)


_ANY_ACTIVE = re.compile(
    r"(?P<body>.+?) if there (?:are|is) (?:any|an|a) (?:active )?(?P<what>.+?)(?: active)?",
    re.IGNORECASE,
)


@recogniser("self_statics", kinds=("ability",))
def self_if_any_active(line: Line) -> Match | None:
    """'NAME gets +2A and +2D if there are any active [DCB] character dice' (either player's)."""
    match = _ANY_ACTIVE.fullmatch(line.text)
    if not match:
        return None
    effects = _self_effects(match["body"], line)
    counted = ps.subject(match["what"], line)
    if not effects or counted is None or set(counted) & {"_while", "_not_self"}:
        return None
    return _static(effects, {"test": "count_at_least", "of": counted, "n": 1})
