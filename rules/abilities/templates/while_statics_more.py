"""Family `while_statics_more` (priority 105: only lines the core `while_active` family
declines): more continuous 'While ...' lines, played like the core's while-active statics
through the stat query layer, the restrict hook and the prevent query
(rules.abilities.statics), never per-card flags.

- 'While NAME is active, <subject> <predicate>' with the subjects of
  phrases_while_statics_more (other characters by name, several subjects joined by 'and') and
  its predicates; 'While NAME is active, if <condition>, ...' and '... if <condition>';
  'While NAME is active, while your X are attacking, they get +2A' (= 'your attacking X');
  'prevent all damage (dealt) to X', 'prevent (all) damage from X to Y'; 'your opponent
  can't target X', '<opposing Global Abilities and action dice> cannot target X'.
- 'While <condition>, <NAME's own dice> <predicate>': 'your life total is higher than your
  opponent's' / 'your opponent has less life than you' (`you_more_life`), 'you have less life
  than your opponent' (`opponent_more_life`), 'there is a [M] in your Reserve Pool', 'your
  opponent has no X (fielded)', 'your opponent has any active X', 'there is an active, opposing
  X', 'a non-NAME X die is active', 'you have an active X other than NAME'.

Readings (the weaker one where the text is ambiguous):
- 'active' and 'fielded' read the Field (Attack Zone included); 'a X is active' without a
  side is either player's (R13.8: a type or affiliation covers both players unless stated).
- A condition on life compares life totals now; equal totals hold neither.
- 'NAME's own dice' under a condition other than its being active still only change while one
  of its dice is in the Field (a bonus to a die outside the Field means nothing); cost changes
  of the card's own dice under such a condition stay manual (they matter before it is active).
"""

import re

from rules.abilities import phrases_static as ps
from rules.abilities import phrases_while_statics_more as pm
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser
from rules.abilities.templates.while_active_statics import _pay as _core_pay
from rules.abilities.templates.while_active_statics import self_selector

FAMILY = "while_statics_more"
PRIORITY = 105
_VERBS = re.compile(
    r"\b(?:gets?|gains?|have|has|costs?|are|is|can't|cannot|can not|may not|can only|"
    r"may only|takes?|may be)\b",
    re.IGNORECASE,
)
_BONUS_DOS = ("modify", "cost")


def _subjects(head: str, line: Line) -> list[dict] | None:
    own = self_selector(head, line)
    if own is not None:
        return [own]
    return pm.subjects(head, line)


def _attach(
    effects: list[dict], selectors: list[dict], *, own_costs: bool = False
) -> list[dict] | None:
    """Each effect for each subject, with the core's checks (a subject holding only while
    attacking takes only +A/+D; the card's own purchase cost is not a while-active effect;
    action dice take only purchase costs)."""
    if len(selectors) > 1 and any(
        e["do"] in _BONUS_DOS or (e["do"] == "prevent" and not e.get("all")) for e in effects
    ):
        selectors = pm.disjoint(selectors)
        if selectors is None:
            return None
    found = []
    for selector in selectors:
        state = selector.get("_while")
        to = {k: v for k, v in selector.items() if not k.startswith("_")}
        for effect in effects:
            effect = dict(effect)
            target = dict(to)
            level = effect.pop("_level", None)
            if level is not None:
                if target.get("pick") == "this" or {"min_level", "max_level"} & set(target):
                    return None
                target["min_level"] = target["max_level"] = level
            if state:
                if effect["do"] != "modify" or effect.get("while", state) != state:
                    return None
                effect["while"] = state
            if effect["do"] == "cost":
                if target.get("pick") == "this" and effect["of"] == "purchase" and not own_costs:
                    return None
                if target.get("what") in ("action", "basic_action") and effect["of"] != "purchase":
                    return None
            elif target.get("what") in ("action", "basic_action"):
                return None
            if effect["do"] == "restrict" and effect["action"] == "block" and "name" in target:
                # 'Batman can't block your [DCV] dice': a named character is its holder's
                # own (R13.8), who never blocks their own dice; the card means the
                # opponent's: ambiguous, left manual.
                return None
            effect["to"] = target
            found.append(effect)
    return found


def statement(text: str, line: Line, *, self_only: bool = False) -> list[dict] | None:
    """'<subject> <predicate>' (two joined by ', and your/opposing ...'), or None. With
    `self_only` only the card's own dice (its costs included: the caller makes them a
    `static` spec)."""
    both = re.split(r",? and (?=(?:your|opposing|all|each|other) )", text, flags=re.IGNORECASE)
    if len(both) == 2:
        parts = [_statement(p, line, self_only=self_only) for p in both]
        if all(parts):
            return parts[0] + parts[1]
    return _statement(text, line, self_only=self_only)


def _statement(text: str, line: Line, *, self_only: bool = False) -> list[dict] | None:
    text = re.sub(r"\s*\[sic\]\s*", " ", text, flags=re.IGNORECASE).strip()
    special = _prevent(text, line) or _cant_target(text, line) or _purchase_for(text, line)
    if special is not None:
        return (
            None if self_only and any(e["to"].get("pick") != "this" for e in special) else special
        )
    for verb in _VERBS.finditer(text):
        head, tail = text[: verb.start()].strip(), text[verb.start() :].strip()
        if not head:
            continue
        selectors = [s] if (s := self_selector(head, line)) else None
        if selectors is None and not self_only:
            selectors = _subjects(head, line)
        elif selectors is None:  # 'each of your active Kane Superstar dice'
            selectors = pm.named(head, line)
            if selectors != [{"pick": "this"}]:
                selectors = None
        if selectors is None:
            continue
        effects = pm.predicate(tail, line)
        if effects is None:
            continue
        return _attach(effects, selectors, own_costs=self_only)
    return None


_PREVENT_TO = re.compile(
    r"prevent all damage (?:dealt )?to (?P<to>.+?)(?: from (?P<from>.+))?", re.IGNORECASE
)
_PREVENT_FROM = re.compile(
    r"prevent (?:all )?damage (?:dealt )?(?:from|by) (?P<from>.+?) to (?P<to>.+)", re.IGNORECASE
)


_REDUCED = re.compile(
    r"(?:damage (?:dealt )?to (?P<to>.+?) is reduced by (?P<n>\d+)|reduce damage (?:dealt )?to "
    r"(?P<to2>.+?) by (?P<n2>\d+))",
    re.IGNORECASE,
)


def _reduced(text: str, line: Line) -> list[dict] | None:
    """'damage dealt to your Deadpool, Lady Deadpool, Kidpool, and Dogpool character dice is
    reduced by 1': that much of each damage to them prevented."""
    match = _REDUCED.fullmatch(text)
    if not match:
        return None
    targets = _subjects(match["to"] or match["to2"], line)
    if targets is None or any(set(s) & {"_while"} for s in targets):
        return None
    if len(targets) > 1:
        targets = pm.disjoint(targets)
        if targets is None:
            return None
    amount = int(match["n"] or match["n2"])
    return [
        {
            "do": "prevent",
            "to": {k: v for k, v in s.items() if not k.startswith("_")},
            "amount": amount,
        }
        for s in targets
    ]


def _prevent(text: str, line: Line) -> list[dict] | None:
    """'prevent all damage (dealt) to Steve Trevor', 'prevent damage from your opponent's [B]
    character dice to your character dice': static prevention of damage to dice."""
    reduced = _reduced(text, line)
    if reduced is not None:
        return reduced
    match = _PREVENT_FROM.fullmatch(text) or _PREVENT_TO.fullmatch(text)
    if not match:
        return None
    targets = _subjects(match["to"], line)
    if targets is None or any(set(s) & {"_while"} for s in targets):
        return None
    sources = [None]
    if match["from"]:
        sources = ps.sources(match["from"], line)
        if sources is None:
            return None
    found = []
    for selector in targets:
        to = {k: v for k, v in selector.items() if not k.startswith("_")}
        for source in sources:
            effect = {"do": "prevent", "to": to, "all": True}
            if source is not None:
                effect["from"] = source
            found.append(effect)
    return found


def _purchase_for(text: str, line: Line) -> list[dict] | None:
    """'you may purchase Robin dice for [2] less': their purchase cost, for you; 'you may
    field Avengers characters for free': free to field, for you (nobody pays more than they
    must); 'non-[DCV] character dice cost your opponents [1] more to purchase'."""
    theirs = re.fullmatch(
        r"(?P<who>.+?) costs? your opponents? \[?(?P<n>\d+)\]? more to (?P<what>purchase|field)",
        text,
        re.IGNORECASE,
    )
    if theirs:
        targets = _subjects(theirs["who"], line)
        if targets is None or len(targets) != 1 or set(targets[0]) & {"_while", "_not_self"}:
            return None
        to = targets[0]
        if to.get("pick") != "each" or to.get("side", "opposing") != "opposing":
            return None
        of = "purchase" if theirs["what"].lower() == "purchase" else "fielding"
        if of == "fielding" and to.get("what") in ("action", "basic_action"):
            return None
        to = {**to, "side": "opposing"}
        return [{"do": "cost", "of": of, "amount": int(theirs["n"]), "sign": 1, "to": to}]
    free = re.fullmatch(r"you may field (?P<who>.+?) for free", text, re.IGNORECASE)
    if free:
        targets = _subjects(free["who"], line)
        if targets is None or any(set(s) & {"_while", "_not_self"} for s in targets):
            return None
        found = []
        for to in targets:
            if to.get("pick") != "this":
                if to.get("side", "yours") != "yours" or to.get("what") in (
                    "action",
                    "basic_action",
                ):
                    return None
                to = {**to, "side": "yours"}
            found.append({"do": "cost", "of": "fielding", "free": True, "to": to})
        return found
    match = re.fullmatch(
        r"you may (?:purchase|buy) (?P<who>.+?) for \[?(?P<n>\d+)\]? less", text, re.IGNORECASE
    )
    if not match:
        return None
    targets = _subjects(match["who"], line)
    if targets is None or len(targets) != 1 or set(targets[0]) & {"_while", "_not_self"}:
        return None
    to = targets[0]
    if to.get("side", "yours") != "yours":
        return None
    if to.get("pick") != "this":
        to = {**to, "side": "yours"}
    return [{"do": "cost", "of": "purchase", "amount": int(match["n"]), "sign": -1, "to": to}]


_CANT_TARGET = re.compile(
    r"(?P<who>your opponents?|opponents|(?P<by>.+?)) (?:can't|cannot|may not) target "
    r"(?P<what>.+?)(?: with (?P<with>.+))?",
    re.IGNORECASE,
)


def _cant_target(text: str, line: Line) -> list[dict] | None:
    """'your opponent can't target your Lois Lane character dice (with Global Abilities)',
    'opposing Global Abilities and action dice cannot target your [KO] character dice'."""
    match = _CANT_TARGET.fullmatch(text)
    if not match:
        return None
    kinds, player = ["global", "action", "ability"], "opposing"
    if match["by"]:
        if match["with"]:
            return None
        found = ps.targeters(re.sub(r" and ", " or ", match["by"]))
        if found is None or found[1] != "opposing":
            return None
        kinds = found[0]
    elif match["with"]:
        found = ps.targeters(match["with"])
        if found is None:
            return None
        kinds = found[0]
    targets = _subjects(match["what"], line)
    if targets is None or any("_while" in s for s in targets):
        return None
    effect = {"do": "restrict", "action": "be_targeted", "kinds": kinds, "player": player}
    return [
        {**effect, "to": {k: v for k, v in s.items() if not k.startswith("_")}} for s in targets
    ]


# -- conditions ---------------------------------------------------------------------------------
def _counted(text: str, line: Line, side: str) -> dict | None:
    """A condition's dice ('Villain characters', '[VM] character dice', 'non-Batgirl [DCB]
    character die', '[XMEN] character die other than Emma Frost'), on `side`."""
    body = text.strip()
    not_name = None
    other = re.fullmatch(rf"(?P<what>.+?) (?:other than|besides) (?P<name>{pm.NAME})", body)
    if other:
        body, not_name = other["what"], other["name"]
        if not_name.lower() != line.card_name.strip().lower():
            return None
    body = re.sub(r"^(?:an?|any|one|at least one) ", "", body, flags=re.IGNORECASE)
    body = re.sub(r"^(?:active|fielded),? ", "", body, flags=re.IGNORECASE)
    body = re.sub(r" (?:fielded|active|in the field(?: zone)?)$", "", body, flags=re.IGNORECASE)
    counted = ps.subject(body, line)
    if counted is None or "_while" in counted or counted.get("side", side) != side:
        return None
    if counted.pop("_not_self", False):
        del counted["other"]
        if not_name is not None and not_name.lower() != line.card_name.strip().lower():
            return None
        not_name = line.card_name.strip()
    if counted.get("other") or counted.get("what") in ("action", "basic_action"):
        return None
    counted["side"] = side
    if not_name is not None:
        counted["not_name"] = not_name
    return counted


_YOU_MORE = (
    r"your life total is (?:higher|greater) than your opponent'?s?(?: life total)?",
    r"your opponent has less life than you(?: do)?",
    r"you have more life than your opponent",
)
_THEY_MORE = (
    r"you have less life than your opponent",
    r"your opponent has more life than you(?: do)?",
    r"your life total is (?:lower|less) than your opponent'?s?(?: life total)?",
)


def condition(text: str, line: Line) -> dict | None:
    """A 'while' / 'if' condition, or None."""
    body = text.strip()
    if any(re.fullmatch(r, body, re.IGNORECASE) for r in _YOU_MORE):
        return {"test": "you_more_life"}
    if any(re.fullmatch(r, body, re.IGNORECASE) for r in _THEY_MORE):
        return {"test": "opponent_more_life"}
    active = re.fullmatch(rf"(?P<name>{pm.NAME})™? is active", body)
    if active and active["name"].lower() != line.card_name.strip().lower():
        if pm.names(active["name"]) != [active["name"]]:
            return None
        return {
            "test": "count_at_least",
            "of": {"pick": "each", "side": "yours", "name": active["name"]},
            "n": 1,
        }
    single = re.fullmatch(
        r"a single (?P<name>.+?) (?:character )?die is the only character die in your field "
        r"zone",
        body,
        re.IGNORECASE,
    )
    if single and single["name"].lower() == line.card_name.strip().lower():
        # With the card active (the spec is while-active), one character die of yours: its.
        return {"test": "count_at_most", "of": {"pick": "each", "side": "yours"}, "n": 1}
    reserve = re.fullmatch(
        r"there is (?:an?|one) (?P<e>\[[FBMS]\]) (?:energy )?in your reserve pool", body, re.I
    )
    if reserve:
        return {"test": "reserve_energy_at_least", "energy": t.energy(reserve["e"]), "n": 1}
    # 'there are no Villains' without a side (whose?) is not read.
    none = re.fullmatch(r"your opponent has no (?P<what>.+?)", body, re.IGNORECASE) or re.fullmatch(
        r"there are no (?P<what>opposing .+)", body, re.IGNORECASE
    )
    if none:
        what = re.sub(r"^opposing ", "", none["what"], flags=re.IGNORECASE)
        counted = _counted(what, line, "opposing")
        if counted is None:
            return None
        return {"test": "count_at_most", "of": counted, "n": 0}
    some = re.fullmatch(
        r"(?:your opponent has (?:any|an?|at least one) (?:active )?(?P<theirs>.+)|there is an "
        r"active,? opposing (?P<opp>.+)|an? (?P<mine>.+?) is active|you have an active "
        r"(?P<yours>.+))",
        body,
        re.IGNORECASE,
    )
    if some:
        # 'a X is active' states no side: either player's (R13.8, an affiliation or type
        # covers both players unless stated); 'you have an active X' is yours.
        side = "opposing" if (some["theirs"] or some["opp"]) else "any" if some["mine"] else "yours"
        what = some["theirs"] or some["opp"] or some["mine"] or some["yours"]
        counted = _counted(what, line, side)
        if counted is None:
            return None
        return {"test": "count_at_least", "of": counted, "n": 1}
    return None


# -- recognisers ---------------------------------------------------------------------------------
_ACTIVE = r"while (?:{name}™? is active|active),? (?P<rest>.+)"


def _while_active_body(rest: str, line: Line) -> dict | None:
    """The spec of what follows 'While NAME is active,'."""
    cond = None
    lead = re.fullmatch(r"if (?P<cond>.+?), (?P<rest>.+)", rest, re.IGNORECASE)
    if lead and (found := condition(lead["cond"], line)) is not None:
        cond, rest = found, lead["rest"]
    else:
        trail = re.fullmatch(r"(?P<rest>.+?),? if (?P<cond>.+)", rest, re.IGNORECASE)
        if trail and (found := condition(trail["cond"], line)) is not None:
            cond, rest = found, trail["rest"]
    attacking = re.fullmatch(
        r"while (?P<who>your .+?) are (?P<state>attacking|blocking), they (?P<pred>.+)",
        rest,
        re.IGNORECASE,
    )
    if attacking:
        who = attacking["who"]
        who = re.sub(r"^your ", f"your {attacking['state']} ", who, flags=re.IGNORECASE)
        rest = f"{who} {attacking['pred']}"
    effects = statement(rest, line)
    if effects is None:
        return None
    spec: dict = {"when": "while_active", "effects": effects}
    if cond is not None:
        spec["if"] = cond
    return spec


def _plain(name: str) -> str:
    """A name compared loosely: case, punctuation, quotes and 'Mr.' for 'Mister' aside."""
    name = re.sub(r"\bmr\.? ", "mister ", name.lower().replace("™", ""))
    return " ".join(re.sub(r"[^a-z0-9 ]", "", re.sub(r"[-,]", " ", name)).split())


def _self_spelt(who: str, line: Line) -> bool:
    """'While Mr. Sinister is active' on Mister Sinister, 'While Cosmo, Space Dog is active'
    on Cosmo Space Dog, 'While this monster is active': the card itself, spelt otherwise.
    Misspelt names are not guessed (Batwoman and Catwoman differ by one letter)."""
    if who.lower() == "this monster":
        return True
    return bool(line.card_name.strip()) and _plain(who) == _plain(line.card_name)


def _with_another_active(line: Line) -> Match | None:
    """'While Nick Fury and an opposing [DCV] character die are active, ...': while the card is
    active and the other die is in its player's Field."""
    match = re.fullmatch(
        rf"while {t.self_names(line.card_name)}™? and (?P<other>an? .+?) are active,? (?P<rest>.+)",
        line.text,
        re.IGNORECASE,
    )
    if not match:
        return None
    side = "opposing" if re.match(r"an? opposing ", match["other"], re.I) else "any"  # R13.8
    what = re.sub(r"^(an?) opposing ", r"\1 ", match["other"], flags=re.IGNORECASE)
    counted = _counted(what, line, side)
    if counted is None:
        return None
    spec = _while_active_body(match["rest"], line)
    if spec is None or "if" in spec:
        return None
    spec["if"] = {"test": "count_at_least", "of": counted, "n": 1}
    return Match.ability(spec)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_active_more(line: Line) -> Match | None:
    """'While NAME is active, <subject> <predicate>' with the family's subjects."""
    match = re.fullmatch(
        _ACTIVE.format(name=t.self_names(line.card_name)), line.text, re.IGNORECASE
    )
    if not match:
        both = _with_another_active(line)
        if both is not None:
            return both
        other = re.fullmatch(r"while (?P<who>.+?),? is active,? (?P<rest>.+)", line.text, re.I)
        if not other or not _self_spelt(other["who"], line):
            return None
        match = other
    rest = re.sub(r"^you opponent ", "your opponent ", match["rest"], flags=re.IGNORECASE)
    if rest != match["rest"]:  # the misprint 'you opponent must pay [1] more to purchase ...'
        effects = _core_pay(rest, line)
        return Match.ability({"when": "while_active", "effects": effects}) if effects else None
    spec = _while_active_body(rest, line)
    return Match.ability(spec) if spec is not None else None


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_condition(line: Line) -> Match | None:
    """'While <condition>, <the card's own dice> <predicate>'."""
    if not line.text.lower().startswith("while "):
        return None
    body = line.text[len("while ") :]
    cond = rest = None
    for comma in re.finditer(r", ", body):
        cond = condition(body[: comma.start()], line)
        if cond is not None:
            rest = body[comma.end() :]
            break
    if cond is None:
        return None
    effects = statement(rest, line, self_only=True)
    if effects is None or any(e["to"].get("pick") != "this" for e in effects):
        return None
    # The card's own costs matter before it is active: a `static` spec (from the team) under
    # the same condition; the rest only while one of its dice is in the Field.
    costs = [e for e in effects if e["do"] == "cost"]
    rest_effects = [e for e in effects if e["do"] != "cost"]
    specs = []
    if rest_effects:
        specs.append({"when": "while_active", "if": cond, "effects": rest_effects})
    if costs:
        specs.append({"when": "static", "if": cond, "effects": costs})
    return Match.ability(*specs)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_sentences(line: Line) -> Match | None:
    """'While you have [F] in your Reserve Pool, NAME gets +2A. While you have three or more
    [F] in your Reserve Pool, she gets an additional +1A': each 'While' sentence read alone by
    the while-static families ('an additional +1A' is another +1A, on top of the first)."""
    parts = re.split(r"\. (?=while )", line.text, flags=re.IGNORECASE)
    if len(parts) < 2:
        return None
    from dataclasses import replace

    from rules.abilities import templates

    specs: list[dict] = []
    for index, part in enumerate(parts):
        text = part if index == 0 else re.sub(r"\ban additional ", "", part, flags=re.I)
        found = templates.recognise(replace(line, text=text.strip()))
        if found is None or found.family not in ("while_active", FAMILY):
            return None
        if found.keywords or found.variant is not None or found.suit_up:
            return None
        specs += found.abilities
    return Match.ability(*specs)


_ANY_DIE = re.compile(
    r"your opponents? (?:must )?pays? \[?(?P<n>\d+)\]? more to purchase (?:each|a|any) die with "
    r"(?:a )?purchase cost of (?P<cost>\d) or less",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_any_die_costs(line: Line) -> Match | None:
    """'While NAME is active, your opponents pay [1] more to purchase each die with a purchase
    cost of 2 or less': character and action dice alike (one cost change each kind; Sidekicks
    are never bought)."""
    match = re.fullmatch(
        _ACTIVE.format(name=t.self_names(line.card_name)), line.text, re.IGNORECASE
    )
    found = _ANY_DIE.fullmatch(match["rest"]) if match else None
    if not found:
        return None
    n, cost = int(found["n"]), int(found["cost"])
    effects = [
        {
            "do": "cost",
            "of": "purchase",
            "amount": n,
            "sign": 1,
            "to": {"pick": "each", "side": "opposing", "max_cost": cost, **what},
        }
        for what in ({}, {"what": "action"})
    ]
    return Match.ability({"when": "while_active", "effects": effects})
