"""Family `statics_more`: a character's continuous abilities printed without 'While NAME is
active' (a character's ability works while one of its dice is in its holder's Field, R13.1),
read by the subject + predicate clauses of the `while_active` family (phrases_static), plus:

- a condition before or after the statement: 'If you have at least two other characters in
  the Field, NAME can't be blocked', 'If your opponent has no Villains active, prevent all
  damage to NAME from [F] characters', 'NAME can't attack if a Villain is active', 'NAME must
  attack if there are any active [DCV] characters';
- '<dice> can't block NAME' ('Non-[F] characters can't block NAME', 'Sidekicks cannot block
  NAME'): NAME's dice can't be blocked by those dice;
- 'prevent all damage to NAME (from <dice>)';
- 'NAME can only be blocked by two or more character dice' (also 'can't be blocked by fewer
  than two / by only one character'): restriction `be_blocked_by_fewer_than_two_dice`, asked of
  the whole declaration of blocks;
- 'prevent (ignore) all non-combat damage to NAME', 'NAME takes 2 less damage from non-combat
  damage', 'NAME takes no combat damage (from <dice>)', 'NAME can't be damaged by <dice> in
  combat' (a prevent's `damage`: 'combat' or 'non_combat'), 'Every time NAME takes damage,
  reduce that damage by 1';
- 'NAME gets +2A when engaged with <dice>' / 'when blocked by <dice>': the card's dice (by
  name, the holder's) with selector filter `engaged_with` (a die it blocks or that blocks it);
- 'NAME must attack' (a continuous `must_attack` keyword: each turn of its holder, the die must
  attack if it is able to, R13.1);
- 'attacking alone': 'NAME can't be blocked / is unblockable while attacking alone', 'If NAME
  attacks alone, it can't be blocked', 'NAME gets +2A when attacking alone' (condition
  `attacks_alone`, rules/abilities/extensions/statics_more.py; a bonus holds only on the
  attacking die).

'NAME gets +5D (can't attack, can't be blocked) on the turn he is fielded' is read as 'When
fielded, NAME gets +5D (...) this turn', and 'NAME gets +2A when blocked until end of turn' as
'When NAME is blocked, he gets +2A until end of turn'.

'NAME gets +1A for each of your different, active, non-NAME [XMEN] characters' counts
different characters (by name, amount `distinct`).

Two more recognisers run after every other family: a character's line without a subject
('Cannot be blocked by ...') is read as about the card's own dice ('NAME cannot be blocked by
...'), and a line of two or three sentences is read when every sentence is an ability some
family reads alone and none refers back to an earlier one ('If you do', 'they', 'instead' ...).

Readings (T5.1 and the rules digest):
- 'a Villain is active', 'any [DCV] characters are active', 'there are any active X' count
  both players' dice: a type reference covers both players unless stated (R13.8). 'You have'
  / 'you control' count the holder's, 'your opponent has' the opponent's, in the Field.
- 'other' in a condition leaves out every die of the card itself (a condition has no counting
  die), which makes the condition harder to meet: the weaker reading.
- 'less than N' / 'fewer than N' is at most N-1; 'no' is none.
- 'must attack (if able)': a die that can't attack (a 'can't attack' ability, or it controls
  another die) is not forced to.
- Costs are not read here (the card's own costs apply from the team, cost_statics' lines), nor
  anything the subject/predicate clauses don't know: those lines stay manual.
"""

import re
from dataclasses import replace

from rules.abilities import phrases_static as ps
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recognise, recogniser
from rules.abilities.templates.while_active_statics import (
    _cant_target,
    _pay,
    _prevent_by,
    self_selector,
    statement,
)

_CANT = r"(?:can't|cannot|can not|may not)"
_UNBLOCKABLE = rf"(?:{_CANT} be blocked|is unblockable)"
_WHERE = r"(?: active| fielded| in the field(?: zone)?| in (?:their|your) field(?: zone)?| in play)"


# -- conditions ----------------------------------------------------------------------------------
def _counted(what: str, line: Line) -> dict | None:
    """The dice a condition counts ('two other characters fielded', 'Villain characters
    active', 'non-Star-Lord [GG] character die'), side not set; None when unknown."""
    what = re.sub(rf"{_WHERE}$", "", what.strip(), flags=re.IGNORECASE)
    what = re.sub(  # 'a character of cost 5 or higher': the subject's 'with a cost of'
        r" of (?:purchase )?cost (\d+) or (higher|more|greater|less|lower)$",
        r" with a cost of \1 or \2",
        what,
        flags=re.IGNORECASE,
    )
    selector = ps.subject(what, line)
    if selector is None or "_while" in selector or "side" in selector:
        return None
    if selector.pop("_not_self", False):  # 'non-NAME': no die of that name counts
        selector.pop("other", None)
        selector["not_name"] = line.card_name
    if selector.get("what") in ("action", "basic_action"):
        return None
    return selector


_Q = (
    rf"(?P<q>no|an?|any|another|at least one|at least (?P<n>{t.NUMBER})|(?P<n2>{t.NUMBER}) or "
    rf"more|(?:less|fewer) than (?P<lt>{t.NUMBER}))"
)
_WHO = (
    (rf"you (?:have|control) {_Q} (?P<what>.+)", "yours"),
    (rf"(?:your|an) opponent (?:has|controls) {_Q} (?P<what>.+)", "opposing"),
    (rf"there (?:is|are) {_Q} (?:active )?(?P<what>.+?)", "any"),
    (rf"{_Q} (?P<what>.+?) (?:is|are) (?:active|in the field(?: zone)?|in play)", "any"),
)


_NAMED = re.compile(r"(?:[Yy]our )?(?P<name>[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3}) is active")
_ATTACK_STEP = re.compile(r"(?P<body>.+?),? during the attack step", re.IGNORECASE)


def condition_of(text: str, line: Line) -> dict | None:
    """'you have at least two other characters fielded', 'your opponent has no Villains in the
    field', 'a Villain is active', 'there are any active [DCV] characters': a count condition;
    '(your) Batman is active': a die of that name in the holder's Field (R13.1, R13.8)."""
    reserve = re.fullmatch(
        r"you have (?P<n>an?|one|two|three|\d)? ?(?P<energy>\[[FBMS]\]) (?:energy )?in your "
        r"reserve pool",
        text.strip(),
        re.IGNORECASE,
    )
    if reserve:  # the energy symbols shown (a wild is not counted), as while_active reads it
        n = (
            t.number(reserve["n"])
            if reserve["n"] and reserve["n"].lower() not in ("a", "an")
            else 1
        )
        return {"test": "reserve_energy_at_least", "energy": t.energy(reserve["energy"]), "n": n}
    named = _NAMED.fullmatch(text.strip())  # case-sensitive: a capitalised name
    if (
        named
        and not re.fullmatch(t.self_names(line.card_name), named["name"], re.IGNORECASE)
        and not re.match(r"(?:an?|any|another|the|there)\b", named["name"], re.IGNORECASE)
    ):
        selector = {"pick": "each", "side": "yours", "name": named["name"]}
        return {"test": "count_at_least", "of": selector, "n": 1}
    for regex, side in _WHO:
        match = re.fullmatch(regex, text.strip(), re.IGNORECASE)
        if not match:
            continue
        counted = _counted(match["what"], line)
        if counted is None:
            return None
        q = match["q"].lower()
        if q == "another":
            if side != "yours":
                return None
            counted["other"] = True
        if side != "any":
            counted["side"] = side
        if q == "no":
            return {"test": "count_at_most", "of": counted, "n": 0}
        if match["lt"]:
            n = t.number(match["lt"])
            return {"test": "count_at_most", "of": counted, "n": n - 1} if n > 0 else None
        n = t.number(match["n"] or match["n2"]) if (match["n"] or match["n2"]) else 1
        return {"test": "count_at_least", "of": counted, "n": n}
    return None


# -- statements -----------------------------------------------------------------------------------
def _cant_block(text: str, line: Line) -> list[dict] | None:
    """'Non-[F] characters can't block NAME': NAME's dice can't be blocked by those dice."""
    names = t.self_names(line.card_name)
    match = re.fullmatch(rf"(?P<who>.+?) {_CANT} block {names}", text, re.IGNORECASE)
    if not match:
        return None
    blockers = ps.subject(match["who"], line)
    if blockers is None or set(blockers) & {"_while", "_not_self"} or blockers.get("other"):
        return None
    if blockers.get("what") in ("action", "basic_action"):
        return None
    if blockers.get("side", "opposing") != "opposing":
        return None  # only the opponent's dice block
    by = {k: v for k, v in blockers.items() if k not in ("side",)}
    return [{"do": "restrict", "action": "be_blocked", "by": by, "to": {"pick": "this"}}]


_KIND = {"combat": "combat", "non-combat": "non_combat", "noncombat": "non_combat"}


def _prevent_to(text: str, line: Line) -> list[dict] | None:
    """'prevent (or ignore) all (non-combat) damage (dealt) to NAME (from / by <dice>)'."""
    names = t.self_names(line.card_name)
    match = re.fullmatch(
        rf"(?:prevent|ignore) all (?:(?P<kind>non-?combat|combat) )?damage (?:dealt |done )?to "
        rf"{names}(?: (?:from|by) (?P<by>.+))?",
        text,
        re.IGNORECASE,
    )
    if not match:
        return None
    effect = {"do": "prevent", "all": True, "to": {"pick": "this"}}
    if match["kind"]:
        effect["damage"] = _KIND[match["kind"].lower()]
    if not match["by"]:
        return [effect]
    found = ps.sources(match["by"], line)
    if found is None:
        return None
    return [{**effect, "from": source} for source in found]


def _must_attack(text: str, line: Line) -> list[dict] | None:
    """'NAME must attack (if able)': a continuous 'must attack' on the card's own dice."""
    match = re.fullmatch(r"(?P<who>.+?) must attack(?: if able)?", text, re.IGNORECASE)
    if not match or self_selector(match["who"], line) is None:
        return None
    return [{"do": "grant", "keyword": "must_attack", "to": {"pick": "this"}}]


_DICE = r"(?:character dice|character die|characters?|monsters?|dice|die)"
_TWO_OR_MORE = (
    rf"(?:(?:can|may) only be blocked by (?:two|2) or more {_DICE}"
    rf"|{_CANT} be blocked by (?:fewer|less) than (?:two|2) {_DICE}"
    rf"|{_CANT} be blocked by only one {_DICE}"
    rf"|{_CANT} be blocked unless (?:it|he|she) is blocked by (?:two|2) or more {_DICE})"
)


def _two_blockers(text: str, line: Line) -> list[dict] | None:
    """'NAME can only be blocked by two or more character dice' (or 'cannot be blocked by
    fewer than two / by only one character'): a declaration of blocks giving one of its
    dice a single blocker is refused."""
    match = re.fullmatch(rf"(?P<who>.+?) {_TWO_OR_MORE}", text, re.IGNORECASE)
    if not match:
        return None
    who = match["who"]
    if self_selector(who, line) is None and who.lower() != "this monster":
        return None
    return [
        {"do": "restrict", "action": "be_blocked_by_fewer_than_two_dice", "to": {"pick": "this"}}
    ]


def _deal_no_damage(text: str, line: Line) -> list[dict] | None:
    """'[F] characters deal no damage to NAME': all damage to NAME from those dice prevented."""
    names = t.self_names(line.card_name)
    match = re.fullmatch(rf"(?P<by>.+?) deals? no damage to {names}", text, re.IGNORECASE)
    if not match:
        return None
    found = ps.sources(match["by"], line)
    if found is None:
        return None
    return [{"do": "prevent", "all": True, "from": s, "to": {"pick": "this"}} for s in found]


def _no_damage(text: str, line: Line) -> list[dict] | None:
    """'NAME takes no damage' / 'NAME cannot be damaged': all damage to NAME prevented."""
    names = t.self_names(line.card_name)
    if re.fullmatch(rf"{names} (?:takes no damage|{_CANT} be damaged)", text, re.IGNORECASE):
        return [{"do": "prevent", "all": True, "to": {"pick": "this"}}]
    return None


def _combat_kind(text: str, line: Line) -> list[dict] | None:
    """'NAME takes no combat damage (from <dice>)', 'NAME takes 2 less damage from non-combat
    damage', 'NAME cannot be damaged by <dice> in combat': combat damage only (R11.4), or all
    other damage."""
    names = t.self_names(line.card_name)
    effect: dict = {"do": "prevent", "all": True, "to": {"pick": "this"}}
    combat = re.fullmatch(
        rf"{names} (?:takes no combat damage(?: from (?P<by>.+))?|{_CANT} be damaged by "
        rf"(?P<by2>.+) in combat)",
        text,
        re.IGNORECASE,
    )
    if combat:
        effect["damage"] = "combat"
        by = combat["by"] or combat["by2"]
        if not by:
            return [effect]
        found = ps.sources(by, line)
        return [{**effect, "from": s} for s in found] if found else None
    less = re.fullmatch(
        rf"{names} takes (?P<n>{t.NUMBER}) less damage from non-?combat damage", text, re.I
    )
    if less:
        del effect["all"]
        return [{**effect, "amount": t.number(less["n"]), "damage": "non_combat"}]
    return None


_ENGAGED = re.compile(
    r"(?P<who>.+?) (?:gets|gains) (?P<mods>[+-].+?) (?:when|while) (?P<how>engaged with|blocked "
    r"by) (?:at least one |an? |any )?(?P<what>.+)",
    re.IGNORECASE,
)


def _engaged(text: str, line: Line) -> list[dict] | None:
    """'NAME gets +2A and +2D when engaged with an X-Men character', 'NAME gets +2A when
    blocked by a non-Villain character die': each of the card's dice while a die it blocks or
    that blocks it (only those blocking it, for 'blocked by') is one of those."""
    match = _ENGAGED.fullmatch(text)
    if not match or not line.card_name or self_selector(match["who"], line) is None:
        return None
    mods = ps.modify(match["mods"])
    other = ps.subject(match["what"], line)
    if mods is None or mods.get("while") or other is None:
        return None
    if set(other) & {"_while", "_not_self"} or other.get("side", "opposing") != "opposing":
        return None
    if other.get("what") in ("action", "basic_action") or other.get("other"):
        return None
    other.pop("side", None)  # only the opponent's dice are ever engaged with the card's own
    to = {"pick": "each", "side": "yours", "name": line.card_name, "engaged_with": other}
    if match["how"].lower() == "blocked by":
        to["combat"] = "blocked"
    return [{**mods, "to": to}]


def _unblockable_and_safe(text: str, line: Line) -> list[dict] | None:
    """'NAME can't be blocked by and takes no damage from [SF] characters': both, from those."""
    names = t.self_names(line.card_name)
    match = re.fullmatch(
        rf"{names} {_CANT} be blocked by and takes no damage from (?P<by>.+)", text, re.I
    )
    found = ps.sources(match["by"], line) if match else None
    if not found:
        return None
    this = {"pick": "this"}
    return [{"do": "restrict", "action": "be_blocked", "by": s, "to": this} for s in found] + [
        {"do": "prevent", "all": True, "from": s, "to": this} for s in found
    ]


def _only_one_opponent(text: str, line: Line) -> tuple[list[dict], dict] | None:
    """'NAME can't be blocked by an opponent with only one active character die'."""
    names = t.self_names(line.card_name)
    if not re.fullmatch(
        rf"{names} {_CANT} be blocked by an opponent with only one (?:active )?character"
        r"(?: die)?(?: in the field(?: zone)?)?",
        text,
        re.IGNORECASE,
    ):
        return None
    effects = [{"do": "restrict", "action": "be_blocked", "to": {"pick": "this"}}]
    counted = {"pick": "each", "side": "opposing"}
    return effects, {"test": "count_at_most", "of": counted, "n": 1}


def _reduce_each(text: str, line: Line) -> list[dict] | None:
    """'Every time NAME takes damage, reduce that damage by 1': N of each damage prevented."""
    names = t.self_names(line.card_name)
    match = re.fullmatch(
        rf"(?:every time|whenever|each time) {names} (?:takes|would take) damage, reduce "
        rf"(?:that|the) damage by (?P<n>{t.NUMBER})",
        text,
        re.IGNORECASE,
    )
    if not match:
        return None
    return [{"do": "prevent", "amount": t.number(match["n"]), "to": {"pick": "this"}}]


def effects_of(text: str, line: Line) -> list[dict] | None:
    """A continuous statement as effects with their 'to', or None."""
    found = (
        _two_blockers(text, line)
        or _cant_block(text, line)
        or _deal_no_damage(text, line)
        or _reduce_each(text, line)
        or _unblockable_and_safe(text, line)
        or _engaged(text, line)
        or _combat_kind(text, line)
        or _prevent_to(text, line)
        or _must_attack(text, line)
        or _prevent_by(text, line)
        or _pay(text, line)
        or _cant_target(text, line)
        or statement(text, line)
    )
    if not found or any(e["do"] == "cost" for e in found):
        return None  # costs: read by the cost families (the card's own apply from the team)
    return found


# -- attacking alone -------------------------------------------------------------------------------
_ALONE_SUFFIX = re.compile(r"(?P<body>.+?),? (?:when|while) attacking alone", re.IGNORECASE)


def _alone(effects: list[dict]) -> list[dict] | None:
    """The effects of a statement that holds while the card's die attacks alone: 'can't be
    blocked' on its own dice, or a bonus that holds only on the attacking die."""
    found = []
    for effect in effects:
        if effect["to"] != {"pick": "this"}:
            return None
        if effect["do"] == "restrict" and effect["action"] == "be_blocked":
            found.append(effect)
        elif effect["do"] == "modify" and effect.get("while", "attacking") == "attacking":
            found.append({**effect, "while": "attacking"})
        else:
            return None
    return found


def _both(first: dict | None, second: dict | None) -> dict | None:
    if first is None:
        return second
    if second is None:
        return first
    return {"test": "all_of", "conditions": [first, second]}


# -- the recogniser --------------------------------------------------------------------------------
_OWNED = re.compile(  # lines other families read (triggers, 'while', ability words)
    r"(?:while|when|whenever|each time|the first time|after|global|at the)\b|[a-z' ]{2,25} ?[-–—] ",
    re.IGNORECASE,
)
_IF_FIRST = re.compile(r"if (?P<cond>[^,]+), (?P<body>.+)", re.IGNORECASE)
_IF_LAST = re.compile(r"(?P<body>.+?),? if (?P<cond>.+)", re.IGNORECASE)


def _spec(effects: list[dict], condition: dict | None) -> Match | None:
    counts = [condition] if condition else []
    if condition and condition["test"] == "all_of":
        counts = condition["conditions"]
    sidekicks = any(c.get("of", {}).get("what") in ("sidekick", "non_sidekick") for c in counts)
    if sidekicks and any(e["do"] == "grant" for e in effects):
        return None  # a keyword that depends on who counts as a Sidekick (Ally): a loop
    spec: dict = {"when": "while_active", "effects": effects}
    if condition:
        spec["if"] = condition
    return Match.ability(spec)


def _alone_first(text: str, line: Line) -> Match | None:
    """'If (one) NAME (die) attacks alone, it can't be blocked'."""
    names = t.self_names(line.card_name)
    match = re.fullmatch(
        rf"if (?:one |a single )?{names}(?: character)?(?: die)? (?:attacks|is attacking) "
        rf"alone, (?:it|he|she|{names}) {_UNBLOCKABLE}",
        text,
        re.IGNORECASE,
    )
    if not match:
        return None
    effect = {"do": "restrict", "action": "be_blocked", "to": {"pick": "this"}}
    return _spec([effect], {"test": "attacks_alone"})


def _negated(condition: dict) -> dict | None:
    if condition["test"] == "count_at_least":
        return {**condition, "test": "count_at_most", "n": condition["n"] - 1}
    if condition["test"] == "count_at_most":
        return {**condition, "test": "count_at_least", "n": condition["n"] + 1}
    return None


def _only_attack_if(text: str, line: Line) -> Match | None:
    """'NAME can only attack if your opponent has a character in the field': NAME can't attack
    unless the condition holds."""
    match = re.fullmatch(r"(?P<who>.+?) (?:can|may) only attack if (?P<cond>.+)", text, re.I)
    if not match or self_selector(match["who"], line) is None:
        return None
    condition = condition_of(match["cond"], line)
    negated = _negated(condition) if condition else None
    if negated is None:
        return None
    return _spec([{"do": "restrict", "action": "attack", "to": {"pick": "this"}}], negated)


def _in_attack_step(text: str, line: Line) -> Match | None:
    """'NAME cannot be damaged during the Attack Step', 'This character takes no damage during
    the Attack Step if Indigo-1 is active': all damage to NAME prevented while the game is in
    the attack step (from the declaration of attackers to the end of damage; condition
    `attack_step`)."""
    condition = None
    last = _IF_LAST.fullmatch(text)
    if last and "during the attack step" in last["body"].lower():
        condition = condition_of(last["cond"], line)
        if condition is None:
            return None
        text = last["body"]
    match = _ATTACK_STEP.fullmatch(text)
    effects = _no_damage(match["body"], line) if match else None
    if effects is None:
        return None
    return _spec(effects, _both(condition, {"test": "attack_step"}))


@recogniser("statics_more", kinds=("ability",), priority=120)
def statics_more(line: Line) -> Match | None:
    if line.card_kind != "character" or _OWNED.match(line.text):
        return None
    text = line.text
    found = _alone_first(text, line) or _only_attack_if(text, line) or _in_attack_step(text, line)
    if found is not None:
        return found
    only_one = _only_one_opponent(text, line)
    if only_one is not None:
        return _spec(*only_one)
    condition = None
    during = re.fullmatch(r"during (?:the|your) attack step, (?P<rest>.+)", text, re.IGNORECASE)
    if during:  # 'During the Attack Step, if you have [M] in your Reserve Pool, NAME gets +2A'
        condition, text = {"test": "attack_step"}, during["rest"]
    first = _IF_FIRST.fullmatch(text)
    if first:
        found = condition_of(first["cond"], line)
        if found is None:
            return None
        condition, text = _both(condition, found), first["body"]
    else:
        last = _IF_LAST.fullmatch(text)
        if last and last["cond"].lower() != "able":  # 'must attack if able' is one predicate
            found = condition_of(last["cond"], line)
            if found is None:
                return None
            condition, text = _both(condition, found), last["body"]
    while_named = re.fullmatch(r"(?P<body>.+?),? while (?P<cond>your .+ is active)", text)
    if while_named and condition is None:  # 'NAME is unblockable while your Batman is active'
        condition = condition_of(while_named["cond"], line)
        if condition is None:
            return None
        text = while_named["body"]
    alone = _ALONE_SUFFIX.fullmatch(text)
    if alone:
        effects = effects_of(alone["body"], line)
        effects = _alone(effects) if effects else None
        if effects is None:
            return None
        return _spec(effects, _both(condition, {"test": "attacks_alone"}))
    effects = effects_of(text, line)
    if effects is None:
        return None
    return _spec(effects, condition)


# -- lines without a subject, lines of several sentences ------------------------------------------
_SUBJECTLESS = re.compile(
    r"(?:cannot|can't|can only|gets|gains|takes|is unblockable|must attack)\b", re.IGNORECASE
)


@recogniser("statics_more", kinds=("ability",), priority=130)
def subjectless(line: Line) -> Match | None:
    """'Cannot be blocked by Sidekicks', 'Gets +1A for each ...': a character's line without a
    subject is about the character's own dice: read as 'NAME cannot be blocked ...'."""
    if line.card_kind != "character" or not line.card_name or not _SUBJECTLESS.match(line.text):
        return None
    text = f"{line.card_name} {line.text[0].lower()}{line.text[1:]}"
    return recognise(replace(line, text=text))


_BACK_REFERENCE = re.compile(
    r"(?:if you do|if you don't|otherwise|instead|also|then|it|he|she|they|them|that|those|"
    r"these|this|its|his|her|their)\b|.*\b(?:this way|instead|as well|that character|those|"
    r"that die|the same)\b",
    re.IGNORECASE,
)


@recogniser("statics_more", kinds=("ability",), priority=130)
def sentences(line: Line) -> Match | None:
    """'NAME can't attack. When fielded, ...': two (or three) sentences, each an ability of its
    own that the families read alone. A sentence that refers back to an earlier one ('If you
    do', 'they', 'instead', 'that character' ...) leaves the line manual."""
    if line.card_kind != "character" or _OWNED.match(line.text):
        return None
    parts = [p.strip() for p in re.split(r"(?<=[a-z\])])\. (?=[A-Z])", line.text)]
    if not 2 <= len(parts) <= 3:
        return None
    if any(_BACK_REFERENCE.match(p) for p in parts[1:]):
        return None
    specs: list[dict] = []
    keywords: list[str] = []
    for part in parts:
        found = recognise(replace(line, text=part.rstrip(".")))
        if found is None or found.variant is not None or found.suit_up:
            return None
        specs += found.abilities
        keywords += found.keywords
    return Match(abilities=tuple(specs), keywords=tuple(keywords))


# -- 'on the turn NAME is fielded', 'when blocked until end of turn' ------------------------------
_FIELDED_TURN = re.compile(
    r"(?P<who>.+?) (?P<pred>(?:gets|gains) [+-].+?|can't attack|cannot attack|can't be blocked|"
    r"cannot be blocked|is unblockable) (?:on )?the turn (?:he|she|it|they) (?:is|are) fielded",
    re.IGNORECASE,
)
_BLOCKED_UNTIL = re.compile(
    r"(?P<who>.+?) (?:gets|gains) (?P<mods>[+-].+?) when blocked,? until (?:the )?end of (?:the )?"
    r"turn",
    re.IGNORECASE,
)


@recogniser("statics_more", kinds=("ability",), priority=120)
def turn_fielded(line: Line) -> Match | None:
    """'NAME gets +5D on the turn he is fielded', 'NAME can't attack / can't be blocked the turn
    she is fielded': when fielded, the die gets that until end of turn (an applied effect,
    R13.1); 'NAME gets +2A when blocked until end of turn': when blocked (once per turn per die,
    as the combat triggers read 'When NAME is blocked')."""
    if line.card_kind != "character":
        return None
    match = _FIELDED_TURN.fullmatch(line.text)
    if match and self_selector(match["who"], line) is not None:
        pred = match["pred"].lower()
        if pred.startswith(("gets", "gains")):
            mods = ps.modify(re.sub(r"^(?:gets|gains) ", "", pred))
            if mods is None or mods.get("while"):
                return None
            effect = {**mods, "to": {"pick": "this"}}
        else:
            action = "attack" if pred.endswith("attack") else "be_blocked"
            effect = {"do": "restrict", "action": action, "to": {"pick": "this"}}
        return Match.ability({"when": "fielded", "effects": [effect]})
    match = _BLOCKED_UNTIL.fullmatch(line.text)
    if match and self_selector(match["who"], line) is not None:
        mods = ps.modify(match["mods"])
        if mods is None or mods.get("while"):
            return None
        spec = {
            "when": "blocked",
            "effects": [{**mods, "to": {"pick": "this"}}],
            "limit": "once_per_turn_per_die",
        }
        return Match.ability(spec)
    return None


# -- '+1A for each different ...' ---------------------------------------------------------------
_EACH_DIFFERENT = re.compile(
    r"(?P<self>.+?) (?:gets|gains|get) (?P<mods>[+-].+?) for (?:each|every) (?:of (?P<your>your) )?"
    r"(?P<what>.+)",
    re.IGNORECASE,
)


@recogniser("statics_more", kinds=("ability",), priority=120)
def for_each_different(line: Line) -> Match | None:
    """'NAME gets +1A and +1D for each (of your) different, active, non-NAME [XMEN] character':
    a bonus counted over different characters (by name, amount `distinct`). 'Other' or
    'non-NAME' leaves out every die of the card (a second die of it is no different character:
    the weaker reading). Without 'different' it reads what self_statics leaves: another
    subject ('Your [BOM] character dice get ...'), 'get' for 'gets', 'opposing non-Sidekick,
    non-[DCV] character die' ('other' then leaves out only the counting die, as there)."""
    if line.card_kind != "character":
        return None
    match = _EACH_DIFFERENT.fullmatch(line.text)
    if not match:
        return None
    to = self_selector(match["self"], line)
    if to is None:  # 'Your [BOM] character dice get ...'
        to = ps.subject(match["self"], line)
        if (
            to is None
            or set(to) & {"_while", "_not_self"}
            or to.get("what")
            in (
                "action",
                "basic_action",
            )
        ):
            return None
    mods = ps.modify(match["mods"])
    distinct = bool(re.search(r"\b(?:different|unique)\b", match["what"], re.IGNORECASE))
    what = re.sub(r"\b(?:different|unique)\b,?", "", match["what"], flags=re.IGNORECASE)
    non_sidekick = re.search(r"\bnon-sidekick,? ", what, re.IGNORECASE)
    if non_sidekick:  # 'opposing non-Sidekick, non-[DCV] character die'
        what = what[: non_sidekick.start()] + what[non_sidekick.end() :]
    what = re.sub(r"\bactive\b,?", "", what, flags=re.IGNORECASE)
    what = re.sub(r"\s+", " ", what.replace(",", " ")).strip()
    counted = ps.subject(("your " if match["your"] else "") + what, line)
    if mods is None or mods.get("while") or counted is None or "_while" in counted:
        return None
    if counted.get("what") in ("action", "basic_action", "sidekick"):
        return None
    if non_sidekick:
        if "what" in counted:
            return None
        counted["what"] = "non_sidekick"
    if counted.pop("_not_self", False) or (distinct and counted.get("other")):
        counted.pop("other", None)
        counted["not_name"] = line.card_name
    effect: dict = {"do": "modify", "to": to}
    for stat in ("attack", "defense"):
        if stat in mods:
            amount = {"count": counted, "times": mods[stat]}
            effect[stat] = {**amount, "distinct": True} if distinct else amount
    if mods.get("sign"):
        effect["sign"] = mods["sign"]
    return Match.ability({"when": "while_active", "effects": [effect]})
