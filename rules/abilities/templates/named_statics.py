"""Family `named_statics` (priority 115: only lines the other while-static families decline):
continuous 'While NAME is active, ...' lines, most about players rather than dice, played
through the engine's stat query layer and restrict hook (rules/abilities/extensions/
named_statics.py), never per-card flags:

- global ability costs: 'your opponents (must) pay [1] more to use each Global Ability
  (during your turn)', '<a dice statement> and Global Abilities cost [1] more to use'
  (`ns_global_cost`, R10.1); life paid to use them: 'your opponent must pay 2 life to use an
  action die or global ability' (`ns_use_life`, R12.4);
- extra dice drawn: '(if <condition>,) draw an extra / additional die during your (the) Clear
  and Draw Step', 'during your Clear and Draw Step, if NAME is your only character in the
  Field Zone, draw an extra die', 'players draw an extra die during their Clear and Draw Step'
  (`ns_draw_extra`, R5.1); also after 'While you have an active X besides NAME, and NAME is
  active' (with a dice statement or a turn-start trigger there too);
- what a player can't do (R13.7): field level-3 dice, purchase or field dice of a printed cost,
  reroll Basic Action dice or more than N dice, use the globals of their own character cards,
  use action dice (with 3 or more active characters), attack with [M] dice fielded this turn;
- prevention (R13.4): '(non-)combat damage (dealt) to you / to <dice>', '<dice> deal no combat
  damage', all but N of each damage to you (from opposing action dice, from action or
  character abilities, combat damage over N, each attacker's);
- Range granted ('your active character dice have Range 1': keywords_more's volley), 'X must
  attack (each turn)', KO'd dice of a kind to the Used Pile, '..., and gain the X
  affiliation';
- spellings other families read: 'When you have N active X' ('If you have'), 'a different
  active X' (an active X other than NAME), '... until end of turn' after a blocking/attacking
  subject, a 'While' sentence followed by independent sentences; and 'If you have exactly 1
  NAME die in the Field Zone', 'NAME can't attack or block unless you have at least N X',
  'If you have N or more X in play, your Sidekicks take no damage from attacking or blocking
  characters'.

Readings (T5.1: where the text is ambiguous, the weaker one):
- 'Global Abilities' with no side (R13.8) are both players' globals; 'your opponent(s)'
  the holder's opponent. A batch of uses of one global pays the change once per use (R10.3).
- 'during the Clear and Draw Step' on a card that says 'draw' (you) is the holder's own
  step; 'players ... their' is each player's. 'is acive' (a misprint) is 'is active'.
- 'NAME is your only character in the Field Zone': the holder has exactly one character die
  in the Field (two dice of NAME: the condition fails). 'Exactly 1 NAME die in the Field
  Zone' likewise (the card's reminder: 'and no other character dice').
- 'N (different) active characters' counts characters, one per name (a card's reminder: three
  dice of one character are one active character).
- 'can't reroll' restricts the Roll and Reroll Step's reroll (not effects that reroll);
  'can't field' the fielding from the Reserve Pool.
- 'take no damage from attacking or blocking characters' prevents their combat damage only;
  'deals no more than 1 damage to you while attacking' caps each attacker's combat damage.
- '... until end of turn' on a bonus to blocking (attacking) dice holds while they block
  (attack); a reminder changing the bonus ('Iron Man gets +3D instead') leaves it manual.
- A condition is the while_statics_more family's (`condition`), checked when the question is
  asked (the extra die: when the player draws).
"""

import re

from rules.abilities import phrases_static as ps
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser
from rules.abilities.templates import while_statics_more as wsm
from rules.abilities.templates.while_active_statics import _RESERVE, self_selector

FAMILY = "named_statics"
PRIORITY = 115
_NOT_CHARACTERS = ("action", "basic_action")

_ACTIVE = r"while (?P<who>.+?),? is (?:active|acive),? (?P<rest>.+)"
_GLOBAL_COST = re.compile(
    r"(?P<who>your opponents?|opponents|you) (?:must )?pays? \[?(?P<n>\d+)\]? (?P<way>more|less) "
    r"to use (?:each|a|any) global abilit(?:y|ies)(?P<during> during your turn)?",
    re.IGNORECASE,
)
_GLOBALS_COST = re.compile(
    r"global abilities cost \[?(?P<n>\d+)\]? (?P<way>more|less) to use", re.IGNORECASE
)
_DRAW = re.compile(
    r"draw (?:an|one) (?:extra|additional) die (?:during|in|at the beginning of) (?:your|the) "
    r"clear and draw step",
    re.IGNORECASE,
)
_PLAYERS_DRAW = re.compile(
    r"(?:players|each player) draws? an (?:extra|additional) die during (?:their|his or her) "
    r"clear and draw step",
    re.IGNORECASE,
)
_DURING_IF = re.compile(
    r"during your clear and draw step, if (?P<cond>.+?), draw an (?:extra|additional) die",
    re.IGNORECASE,
)
_PREVENT = re.compile(
    r"prevent (?:all )?(?P<kind>non-combat |combat )?damage (?:dealt )?to (?P<to>.+)",
    re.IGNORECASE,
)
_DEAL_NO = re.compile(r"(?P<who>.+?) deal no (?P<kind>combat )?damage", re.IGNORECASE)
_ALL_BUT = re.compile(
    r"prevent all but (?P<n>\d) damage to you from each opposing action dic?e", re.IGNORECASE
)


_REDUCED_TO = re.compile(
    r"any combat damage to you that is more than (?P<n>\d) is reduced to (?P=n)", re.IGNORECASE
)
_NO_MORE_THAN = re.compile(
    r"each of your opponent's characters deals no more than (?P<n>\d) damage to you while "
    r"attacking",
    re.IGNORECASE,
)
_ALL_BUT_ABILITIES = re.compile(
    r"prevent all but (?P<n>\d) damage to you from any action or character abilities",
    re.IGNORECASE,
)


def _kind(found) -> dict:
    kind = (found["kind"] or "").strip().lower()
    return {"damage": kind.replace("-", "_")} if kind else {}


def _prevention(text: str, line: Line) -> list[dict] | None:
    """'prevent (all) (non-combat) damage (dealt) to you / to <dice>', 'Sidekicks deal no
    combat damage' (to any die and to either player), 'prevent all but 1 damage to you from
    each opposing action dice'."""
    found = _PREVENT.fullmatch(text)
    if found:
        if found["to"].lower() == "you":
            return [{"do": "ns_prevent_you", **_kind(found)}]
        to = self_selector(found["to"], line) or ps.subject(found["to"], line)
        if to is None or set(to) & {"_while"} or to.get("what") in _NOT_CHARACTERS:
            return None
        to = {k: v for k, v in to.items() if not k.startswith("_")}
        return [{"do": "prevent", "to": to, "all": True, **_kind(found)}]
    found = _DEAL_NO.fullmatch(text)
    if found:
        who = ps.subject(found["who"], line)
        if who is None or set(who) & {"_while", "_not_self"} or who.get("what") in _NOT_CHARACTERS:
            return None
        return [
            {"do": "prevent", "to": {"pick": "each"}, "all": True, "from": who, **_kind(found)},
            {"do": "ns_prevent_you", "player": "any", "from": who, **_kind(found)},
        ]
    found = _ALL_BUT.fullmatch(text)
    if found:
        source = {"pick": "each", "side": "opposing", "what": "action"}
        return [{"do": "ns_prevent_you", "all_but": int(found["n"]), "from": source}]
    found = _REDUCED_TO.fullmatch(text)
    if found:  # 'any combat damage to you that is more than 2 is reduced to 2'
        n = int(found["n"])
        return [{"do": "ns_prevent_you", "all_but": n, "damage": "combat"}]
    found = _NO_MORE_THAN.fullmatch(text)
    if found:  # the damage an attacker deals to the player is its combat damage (R11.4)
        source = {"pick": "each", "side": "opposing"}
        n = int(found["n"])
        return [{"do": "ns_prevent_you", "all_but": n, "damage": "combat", "from": source}]
    found = _ALL_BUT_ABILITIES.fullmatch(text)
    if found:  # an action die's effect, or a character die's (non-combat) ability, either side
        n = int(found["n"])
        return [
            {"do": "ns_prevent_you", "all_but": n, "from": {"pick": "each", "what": "action"}},
            {
                "do": "ns_prevent_you",
                "all_but": n,
                "from": {"pick": "each"},
                "damage": "non_combat",
            },
        ]
    return None


def _is_self(who: str, line: Line) -> bool:
    return bool(re.fullmatch(t.self_names(line.card_name), who, re.IGNORECASE)) or (
        wsm._self_spelt(who, line)
    )


def _condition(text: str, line: Line) -> dict | None:
    """The while_statics_more family's conditions, and 'NAME is your only character in the
    Field Zone' (with NAME active: exactly one character die of the holder's in the Field)."""
    only = re.fullmatch(
        r"(?P<who>.+?) is your only character(?: die)? in (?:the|your) field(?: zone)?",
        text,
        re.IGNORECASE,
    )
    if only:
        if not _is_self(only["who"], line):
            return None
        return {"test": "count_at_most", "of": {"pick": "each", "side": "yours"}, "n": 1}
    return wsm.condition(text, line)


_MUST_ATTACK = re.compile(
    r"(?P<who>.+?)(?: except (?P<name>.+?))? must attack(?: each turn| if able)?", re.IGNORECASE
)


def _must_attack(text: str, line: Line) -> list[dict] | None:
    """'all Sidekicks must attack', 'each opposing non-Sidekick character must attack', 'all
    character dice except NAME must attack each turn': the keyword must_attack granted while
    the card is active (the engine's attack declaration requires each die that has it to
    attack if able, R13.1)."""
    found = _MUST_ATTACK.fullmatch(text)
    if not found:
        return None
    who = re.sub(r"^each ", "", found["who"], flags=re.IGNORECASE)
    selector = self_selector(who, line) or ps.subject(who, line)
    if selector is None or set(selector) & {"_while"} or selector.get("what") in _NOT_CHARACTERS:
        return None
    if found["name"]:
        if not _is_self(found["name"], line) or selector.get("pick") == "this":
            return None
        selector["other"] = True
    to = {k: v for k, v in selector.items() if not k.startswith("_")}
    return [{"do": "grant", "keyword": "must_attack", "to": to}]


_KO_TO_USED = re.compile(
    r"when (?P<who>.+?) (?:are|is) (?:KO'd|knocked out), (?:they go|it goes|place (?:it|them)) "
    r"(?:to|in|into) the used pile(?: instead of the prep area)?",
    re.IGNORECASE,
)


def _ko_to_used(text: str, line: Line) -> list[dict] | None:
    """'when [B] characters are KO'd, they go to the Used Pile', 'when a Sidekick character
    die is KO'd, place it in the Used Pile instead of the Prep Area' (either player's dice
    unless a side is named, R13.8)."""
    found = _KO_TO_USED.fullmatch(text)
    if not found:
        return None
    who = re.sub(r"^an? ", "", found["who"], flags=re.IGNORECASE)
    selector = ps.subject(who, line)
    if selector is None or set(selector) & {"_while"} or selector.get("what") in _NOT_CHARACTERS:
        return None
    to = {k: v for k, v in selector.items() if not k.startswith("_")}
    return [{"do": "ns_ko_to_used", "to": to}]


def _distinct(counted: dict, n: int, way: str) -> dict:
    """'N or more (different) active X characters': characters, one per name however many of
    its dice are in the Field (a card's own reminder says so)."""
    return {"test": "ns_distinct_characters", "of": counted, "n": n, "way": way}


def _no_attack_when_fielded(text: str, line: Line) -> list[dict] | None:
    """'[M] characters cannot attack the turn they are fielded' (either player's, R13.8)."""
    found = re.fullmatch(
        r"(?P<who>.+?) (?:can't|cannot) attack (?:on )?the turn they are fielded", text, re.I
    )
    if not found:
        return None
    selector = ps.subject(found["who"], line)
    if selector is None or set(selector) & {"_while"} or selector.get("what") in _NOT_CHARACTERS:
        return None
    to = {k: v for k, v in selector.items() if not k.startswith("_")}
    return [{"do": "ns_no_attack_when_fielded", "to": to}]


def _player_effects(text: str, line: Line) -> tuple[list[dict], dict | None] | None:
    """(effects, condition) of one body about players, or None."""
    fresh = _no_attack_when_fielded(text, line)
    if fresh is not None:
        return fresh, None
    used = _ko_to_used(text, line)
    if used is not None:
        return used, None
    must = _must_attack(text, line)
    if must is not None:
        return must, None
    cost = _GLOBAL_COST.fullmatch(text)
    if cost:
        player = "yours" if cost["who"].lower() == "you" else "opposing"
        effect = {
            "do": "ns_global_cost",
            "amount": int(cost["n"]),
            "sign": 1 if cost["way"].lower() == "more" else -1,
            "player": player,
        }
        if cost["during"]:
            effect["during"] = "your_turn"
        return [effect], None
    both = _GLOBALS_COST.fullmatch(text)
    if both:
        sign = 1 if both["way"].lower() == "more" else -1
        effect = {"do": "ns_global_cost", "amount": int(both["n"]), "sign": sign}
        return [{**effect, "player": "any"}], None
    if _PLAYERS_DRAW.fullmatch(text):
        return [{"do": "ns_draw_extra", "count": 1, "player": "any"}], None
    restriction = _restriction(text)
    if restriction is not None:
        return restriction, None
    prevented = _prevention(text, line)
    if prevented is not None:
        return prevented, None
    draw = {"do": "ns_draw_extra", "count": 1, "player": "yours"}
    if _DRAW.fullmatch(text):
        return [draw], None
    few = re.fullmatch(
        r"your opponents? with (?P<n>\w+) or more active characters may not use action dice",
        text,
        re.IGNORECASE,
    )
    if few:
        counted = {"pick": "each", "side": "opposing"}
        cond = _distinct(counted, t.number(few["n"]), "at_least")
        return [{"do": "ns_cant_use_actions", "player": "opposing"}], cond
    lead = re.fullmatch(r"if (?P<cond>.+?), (?P<rest>.+)", text, re.IGNORECASE)
    if lead and _DRAW.fullmatch(lead["rest"]):
        cond = _condition(lead["cond"], line)
        return ([draw], cond) if cond is not None else None
    during = _DURING_IF.fullmatch(text)
    if during:
        cond = _condition(during["cond"], line)
        return ([draw], cond) if cond is not None else None
    return None


_GAIN_AFFILIATION = re.compile(
    r"(?P<head>(?P<who>your .+?) (?:get|gain) .+?),? and gain the (?P<aff>\S+) affiliation",
    re.IGNORECASE,
)


def _with_affiliation(text: str, line: Line) -> list[dict] | None:
    """'your Sidekick dice get +1A and +1D, and gain the [HELL] affiliation'."""
    found = _GAIN_AFFILIATION.fullmatch(text)
    if not found:
        return None
    effects = wsm.statement(found["head"], line)
    selector = ps.subject(found["who"], line)
    if not effects or selector is None or set(selector) & {"_while", "_not_self"}:
        return None
    to = {k: v for k, v in selector.items() if not k.startswith("_")}
    if any(e.get("to") != to for e in effects) or set(to) & {"affiliation", "not_affiliation"}:
        return None  # an affiliation filter would ask the question the grant answers
    grant = {"do": "ns_grant_affiliation", "to": to, "affiliation": t.affiliation(found["aff"])}
    return [*effects, grant]


def _body(text: str, line: Line) -> tuple[list[dict], dict | None] | None:
    """A body about players, or '<a dice statement> and <a body about players>'."""
    found = _player_effects(text, line)
    if found is not None:
        return found
    affiliated = _with_affiliation(text, line)
    if affiliated is not None:
        return affiliated, None
    for joint in re.finditer(r",? and ", text, re.IGNORECASE):
        head, tail = text[: joint.start()], text[joint.end() :]
        theirs = _player_effects(tail, line)
        if theirs is not None and theirs[1] is not None:
            continue
        dice = wsm.statement(head, line)
        if dice is None:
            continue
        if theirs is None:  # two dice statements, the second naming its dice without 'your'
            more = wsm.statement(tail, line)
            if more is None:
                continue
            return dice + more, None
        return dice + theirs[0], None
    return None


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_active_players(line: Line) -> Match | None:
    """'While NAME is active, <an effect on players>'."""
    match = re.fullmatch(r"while active,? (?P<rest>.+)", line.text, re.IGNORECASE)
    if not match:
        match = re.fullmatch(_ACTIVE, line.text, re.IGNORECASE)
        if not match or not _is_self(match["who"], line):
            return None
    found = _body(match["rest"], line)
    if found is None:
        return None
    effects, cond = found
    spec: dict = {"when": "while_active", "effects": effects}
    if cond is not None:
        spec["if"] = cond
    return Match.ability(spec)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_another_and_self(line: Line) -> Match | None:
    """'While you have an active [DCS] character besides NAME, and NAME is active, <an effect
    on players>'."""
    match = re.fullmatch(
        r"while (?P<cond>you have .+?),? and (?P<who>.+?) is active, (?P<rest>.+)",
        line.text,
        re.IGNORECASE,
    )
    if not match or not _is_self(match["who"], line):
        return None
    cond = wsm.condition(match["cond"], line)
    if cond is None:
        return None
    found = _player_effects(match["rest"], line)
    if found is None:
        effects = _only_one_blocker(match["rest"], line) or wsm.statement(match["rest"], line)
        found = (effects, None) if effects else None
    if found is None:
        return _turn_start_under(match["rest"], cond, line)
    if found[1] is not None:
        return None
    return Match.ability({"when": "while_active", "if": cond, "effects": found[0]})


def _turn_start_under(rest: str, cond: dict, line: Line) -> Match | None:
    """'..., at the start of your Clear and Draw Step, <effect>': the turn_triggers family's
    'At the start of your turn' (the turn begins with that step, R5.1), under the condition."""
    start = re.fullmatch(
        r"at the (?:start|beginning) of your clear and draw step, (?P<body>.+)", rest, re.I
    )
    if not start:
        return None
    from dataclasses import replace

    from rules.abilities import templates

    found = templates.recognise(replace(line, text=f"At the start of your turn, {start['body']}"))
    if found is None or found.family != "turn_triggers" or len(found.abilities) != 1:
        return None
    spec = found.abilities[0]
    if "if" in spec or spec["when"] != "turn_started":
        return None
    return Match.ability({**spec, "if": cond})


def _only_one_blocker(text: str, line: Line) -> list[dict] | None:
    """'NAME can't be blocked by only one character (die)': it can only be blocked by two or
    more (the restrict hook's 'blockers' question)."""
    found = re.fullmatch(
        r"(?P<who>.+?) can't be blocked by only one character(?: die)?", text, re.IGNORECASE
    )
    if not found or self_selector(found["who"], line) is None:
        return None
    return [
        {"do": "restrict", "action": "be_blocked_by_fewer_than_two_dice", "to": {"pick": "this"}}
    ]


# -- spellings other families read ----------------------------------------------------------
_DELEGATES = ("statics_more", "while_statics_more", "while_active")


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_a_different_active(line: Line) -> Match | None:
    """'While you have a different active [GG] character die, you may field NAME for free': an
    active X other than NAME (the while_statics_more family's condition)."""
    match = re.fullmatch(
        r"while you have a different active (?P<what>.+?), (?P<rest>.+)", line.text, re.I
    )
    if not match or not line.card_name.strip():
        return None
    from dataclasses import replace

    from rules.abilities import templates

    name = line.card_name.strip()
    text = f"While you have an active {match['what']} other than {name}, {match['rest']}"
    found = templates.recognise(replace(line, text=text))
    if found is None or found.family != "while_statics_more" or not found.abilities:
        return None
    return Match.ability(*found.abilities)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def when_you_have(line: Line) -> Match | None:
    """'When you have 3 or more active [AV] characters, NAME can't be blocked': a continuous
    condition spelt 'When', read as 'If you have ...' (statics_more)."""
    match = re.fullmatch(r"when you have (?P<rest>.+)", line.text, re.IGNORECASE)
    if not match or not re.search(r"\bactive\b", match["rest"].split(",")[0], re.IGNORECASE):
        return None
    from dataclasses import replace

    from rules.abilities import templates

    found = templates.recognise(replace(line, text=f"If you have {match['rest']}"))
    if found is None or found.family not in _DELEGATES or not found.abilities:
        return None
    if any(spec["when"] not in ("while_active", "static") for spec in found.abilities):
        return None
    return Match.ability(*found.abilities)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def exactly_one_die(line: Line) -> Match | None:
    """'If you have exactly 1 NAME die in the Field Zone (and no other character dice), NAME is
    unblockable': while one of its dice is active and the holder has no other character die in
    the Field."""
    match = re.fullmatch(
        r"if you have exactly (?:1|one) (?P<who>.+?) die in (?:the|your) field(?: zone)?,? "
        r"(?P<rest>.+)",
        line.text,
        re.IGNORECASE,
    )
    if not match or not _is_self(match["who"], line):
        return None
    effects = wsm.statement(match["rest"], line) or _only_one_blocker(match["rest"], line)
    if not effects or any(e.get("to", {}).get("pick") != "this" for e in effects):
        return None
    if any(e["do"] == "cost" for e in effects):
        return None
    # The card's reminder: 'and no other character dice' (the narrower reading in any case).
    cond = {"test": "count_at_most", "of": {"pick": "each", "side": "yours"}, "n": 1}
    return Match.ability({"when": "while_active", "if": cond, "effects": effects})


_READS_NAME = ("while_active", "while_statics_more", "while_triggers_more", FAMILY)


# -- Range granted ------------------------------------------------------------------------------
_RANGE = re.compile(
    r"(?P<who>.+?) (?:have|has|gains?|get) range (?P<n>[123])"
    r"(?P<unless> if they didn't already have range)?",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_active_range(line: Line) -> Match | None:
    """'While NAME is active, your active character dice have Range 1', 'all of your [DCNG]
    characters have Range 2', '... gain Range 1 if they didn't already have Range' (a die's
    Range is its largest: a die with Range 2 keeps 2)."""
    match = re.fullmatch(r"while active,? (?P<rest>.+)", line.text, re.IGNORECASE)
    if not match:
        match = re.fullmatch(_ACTIVE, line.text, re.IGNORECASE)
        if not match or not _is_self(match["who"], line):
            return None
    found = _RANGE.fullmatch(match["rest"])
    if not found:
        return None
    selector = self_selector(found["who"], line) or ps.subject(found["who"], line)
    if selector is None or set(selector) & {"_while"} or selector.get("what") in _NOT_CHARACTERS:
        return None
    to = {k: v for k, v in selector.items() if not k.startswith("_")}
    effect = {"do": "grant", "keyword": f"range_{found['n']}", "to": to}
    return Match.ability({"when": "while_active", "effects": [effect]})


# -- what a player can't do ---------------------------------------------------------------------
_OPPONENT = r"(?P<who>your opponents?|opponents|players)"
_CANT = r"(?:can't|cannot|may not)"
_RESTRICTIONS = (
    (
        rf"{_OPPONENT} {_CANT} field (?:level (?P<a>[1-5]) character dice|character dice at "
        r"level (?P<b>[1-5]))",
        "ns_cant_field",
    ),
    (rf"{_OPPONENT} {_CANT} reroll basic action dice", "ns_cant_reroll"),
    (
        rf"{_OPPONENT} {_CANT} reroll more than (?P<n>\w+) dice during their roll and reroll step",
        "ns_cant_reroll",
    ),
    (
        rf"{_OPPONENT} {_CANT} use the global abilities on character cards on their team",
        "ns_no_team_character_globals",
    ),
)


_USE_LIFE = re.compile(
    r"(?P<who>your opponents?) must pay (?P<n>\d+) life to use an action die or (?:a )?global "
    r"ability",
    re.IGNORECASE,
)


_PRINTED_COST = re.compile(
    r"(?P<who>your opponents?) may not purchase or field character dice with a printed cost of "
    r"\[?(?P<n>\d)\]?",
    re.IGNORECASE,
)


def _restriction(text: str) -> list[dict] | None:
    """'your opponent cannot field level 3 character dice', 'your opponents may not reroll Basic
    Action Dice', '... more than 2 dice during their Roll and Reroll Step', 'players cannot use
    the Global Abilities on character cards on their team'."""
    printed = _PRINTED_COST.fullmatch(text)
    if printed:  # the card's purchase cost, printed: its character dice (R13.7)
        n = int(printed["n"])
        to = {"pick": "each", "min_cost": n, "max_cost": n}
        return [
            {"do": "ns_cant_purchase", "player": "opposing", "to": to},
            {"do": "ns_cant_field", "player": "opposing", "to": to},
        ]
    life = _USE_LIFE.fullmatch(text)
    if life:
        effect = {"do": "ns_use_life", "amount": int(life["n"]), "player": "opposing"}
        return [{**effect, "kinds": ["action", "global"]}]
    for regex, do in _RESTRICTIONS:
        found = re.fullmatch(regex, text, re.IGNORECASE)
        if not found:
            continue
        player = "any" if found["who"].lower() == "players" else "opposing"
        if do == "ns_no_team_character_globals":
            return [{"do": do}] if player == "any" else None
        effect: dict = {"do": do, "player": player}
        groups = found.groupdict()
        if groups.get("a") or groups.get("b"):
            effect["level"] = int(groups["a"] or groups["b"])
        elif do == "ns_cant_field":
            return None
        if groups.get("n"):
            effect["more_than"] = t.number(groups["n"])
        elif do == "ns_cant_reroll":
            effect["what"] = "basic_action"
        return [effect]
    return None


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_reserve_players(line: Line) -> Match | None:
    """'While you have [B] in your Reserve Pool, prevent all non-combat damage to NAME': the
    core's Reserve Pool condition (the energy symbols shown) before this family's bodies."""
    match = re.fullmatch(_RESERVE, line.text, re.IGNORECASE)
    if not match:
        return None
    found = _player_effects(match["rest"], line)
    if found is None or found[1] is not None:
        return None
    count = t.number(match["n"]) if match["n"] else 1
    cond = {"test": "reserve_energy_at_least", "energy": t.energy(match["energy"]), "n": count}
    return Match.ability({"when": "while_active", "if": cond, "effects": found[0]})


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def self_must_attack(line: Line) -> Match | None:
    """'NAME must attack each turn': each of the card's dice in the Field must attack if able
    (must_attack while active, R13.1)."""
    match = re.fullmatch(r"(?P<who>.+?) must attack(?: each turn| if able)", line.text, re.I)
    if not match or self_selector(match["who"], line) is None:
        return None
    effect = {"do": "grant", "keyword": "must_attack", "to": {"pick": "this"}}
    return Match.ability({"when": "while_active", "effects": [effect]})


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def cant_unless_you_have(line: Line) -> Match | None:
    """'NAME can't attack or block unless you have at least 2 different active [DCV]
    characters': the card's own dice can't attack or block while the holder's dice of those
    show fewer different characters (one per name)."""
    match = re.fullmatch(
        r"(?P<who>.+?) can't (?P<what>attack or block|attack|block) unless you have at least "
        r"(?P<n>\w+) (?:different )?(?:active )?(?P<dice>.+)",
        line.text,
        re.IGNORECASE,
    )
    if not match or self_selector(match["who"], line) is None:
        return None
    counted = ps.subject(match["dice"], line)
    if counted is None or set(counted) & {"_while", "_not_self"} or "side" in counted:
        return None
    if counted.get("what") in _NOT_CHARACTERS or counted.get("other"):
        return None
    n = t.number(match["n"])
    action = match["what"].lower().replace(" ", "_")
    cond = _distinct({**counted, "side": "yours"}, n - 1, "at_most")
    effect = {"do": "restrict", "action": action, "to": {"pick": "this"}}
    return Match.ability({"when": "while_active", "if": cond, "effects": [effect]})


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_state_until_end_of_turn(line: Line) -> Match | None:
    """'While NAME is active, all of your blocking character dice get +2D until end of turn':
    the bonus while they block (after the blocks the turn's combat is over; keeping it only
    while blocking is the weaker reading, T5.1)."""
    match = re.fullmatch(
        r"(?P<head>while .+? is active, (?:all of )?your (?:blocking|attacking) .+?) until "
        r"(?:the )?end of (?:the )?turn",
        line.text,
        re.IGNORECASE,
    )
    if not match or re.search(r"\([^)]*\binstead\b", line.raw, re.IGNORECASE):
        return None  # '(Iron Man gets +3D instead)': a reminder changing the bonus
    from dataclasses import replace

    from rules.abilities import templates

    found = templates.recognise(replace(line, text=match["head"]))
    if found is None or found.family not in _READS_NAME or len(found.abilities) != 1:
        return None
    spec = found.abilities[0]
    if spec["when"] != "while_active" or any(
        e["do"] != "modify" or "while" not in e for e in spec["effects"]
    ):
        return None
    return Match.ability(spec)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def if_you_have_no_combat_damage(line: Line) -> Match | None:
    """'If you have 2 or more Justice League characters in play, your Sidekicks take no damage
    from attacking or blocking characters': the combat damage to those dice prevented (the
    damage attacking and blocking characters deal each other, R11.4; their abilities' damage
    is not read: the weaker reading)."""
    match = re.fullmatch(
        r"if you have (?P<n>\w+) or more (?P<dice>.+?) in play, (?P<who>.+?) takes? no damage "
        r"from attacking or blocking characters",
        line.text,
        re.IGNORECASE,
    )
    if not match:
        return None
    counted = ps.subject(match["dice"], line)
    who = ps.subject(match["who"], line)
    if (
        counted is None
        or who is None
        or set(counted) & {"_while", "_not_self"}
        or "side" in counted
    ):
        return None
    if set(who) & {"_while"} or who.get("what") in _NOT_CHARACTERS:
        return None
    cond = _distinct({**counted, "side": "yours"}, t.number(match["n"]), "at_least")
    to = {k: v for k, v in who.items() if not k.startswith("_")}
    effect = {"do": "prevent", "to": to, "all": True, "damage": "combat"}
    return Match.ability({"when": "while_active", "if": cond, "effects": [effect]})


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY + 10)
def while_then_sentences(line: Line) -> Match | None:
    """'While NAME is active, <X>. NAME gets +1A for each ...': a 'While' sentence and one or
    two more, each an ability of its own that the families read alone (statics_more's
    sentences leave lines starting 'While' to the while families). A later sentence that
    refers back ('this effect', 'they', 'instead' ...) leaves the line manual."""
    from dataclasses import replace

    from rules.abilities.templates import recognise
    from rules.abilities.templates.statics_more import _BACK_REFERENCE

    if line.card_kind != "character" or not line.text.lower().startswith("while "):
        return None
    parts = [p.strip() for p in re.split(r"(?<=[a-z\])])\. (?=[A-Z])", line.text)]
    if not 2 <= len(parts) <= 3 or any(_BACK_REFERENCE.match(p) for p in parts[1:]):
        return None
    if any(re.search(r"\b(?:this effect|this ability|ignore)\b", p, re.I) for p in parts[1:]):
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
