"""Family `while_active` (the module is named apart from the `abil` branch's own small
templates/while_active.py, so both can sit side by side).

'While NAME is active, ...' (also 'While active, ...', 'While NAME is in the Field Zone,
...', 'While you have [F] in your Reserve Pool, ...', 'While you have an active X, ...',
'While <another character> is active, NAME ...'): continuous effects while one of the card's
dice is in its holder's Field (R13.1), played through the stat query layer, the restrict hook
and the prevent query (rules.abilities.statics), never per-card flags; and while-active
watchers (rules.abilities.watchers): '... when you field a [X] character die / an opponent
uses an action die / an opposing character die attacks / one of your Sidekick dice is KO'd /
at the start of your turn, <effect>'.

A static line is split into a subject (phrases_static.subject: 'your other [DCV] character
dice', 'Sidekicks', 'NAME') and a predicate ('get +1A and +1D', 'gain Overcrush', 'cost 1
less to purchase', 'are free to field', 'can't attack', 'can't be blocked by ...', 'can't be
targeted by ...', 'take no damage from ...'), trying each verb from the left as the split.
Anything else leaves the line manual.

Readings (T5.1: where the text is ambiguous, the weaker one) beyond phrases_static's:
- 'While you have [F] in your Reserve Pool' counts the energy symbols shown (a wild is not).
- 'While <Name> is active' and 'you have an active X' read the holder's own Field (R13.1).
- A watcher fires only while the card is active when its event happens: if the card's last
  die is KO'd in the same event, its 'when one of your dice is KO'd' does not fire. A KO'd
  die is matched on its card (level-1 face) under its owner; level filters are not offered.
- 'NAME gets +1A' from a watcher lasts until end of turn (an applied effect, R13.1); 'spin
  NAME up' alone (which of several dice?) stays manual, 'spin each of your NAME dice' is each.
- 'can't be targeted' holds for automated effects choosing targets (and a global's R10.3
  check); effects a judge plays by hand are the judge's to apply.
- A subject word the compiler doesn't know (Good, NPC, fiend, a name other than the card's
  own) leaves the line manual.
"""

import re

from rules.abilities import phrases_static as ps
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

_ACTIVE = r"while (?:{name}™? is active|active|{name}™? is in the field(?: zone)?),? (?P<rest>.+)"
_RESERVE = (
    r"while you have (?P<n>an?|one|two|three|\d)?(?: or more)? ?(?P<energy>\[[FBMS]\]|fist|bolt|"
    r"mask|shield)s? (?:energy )?in your reserve pool, (?P<rest>.+)"
)
_VERBS = re.compile(
    r"\b(?:gets?|gains?|have|has|costs?|are|is|can't|cannot|can not|may not|can only|"
    r"may only|takes?)\b",
    re.IGNORECASE,
)


def self_selector(text: str, line: Line) -> dict | None:
    """'NAME', 'NAME dice', 'NAME character dice', 'this character', 'he': the card's own dice."""
    names = t.self_names(line.card_name)
    owner = r"(?:your |each |each of your )?"
    if re.fullmatch(rf"{owner}{names}(?: character)?(?: dice| die)?", text, re.IGNORECASE):
        return {"pick": "this"}
    return None


def statement(text: str, line: Line, *, self_only: bool = False) -> list[dict] | None:
    """'<subject> <predicate>' as effects with their 'to', or None; two of them joined by
    ', and' ('your Sidekicks get +2A, and opposing Sidekicks cost 1 more to field') too."""
    both = re.split(r",? and (?=(?:your|opposing|all|each|other) )", text, flags=re.IGNORECASE)
    if len(both) == 2:
        first, second = (_statement(p, line, self_only=self_only) for p in both)
        return first + second if first and second else None
    return _statement(text, line, self_only=self_only)


def _statement(text: str, line: Line, *, self_only: bool = False) -> list[dict] | None:
    for verb in _VERBS.finditer(text):
        head, tail = text[: verb.start()].strip(), text[verb.start() :].strip()
        if not head:
            continue
        selector = self_selector(head, line)
        if selector is None and not self_only:
            selector = ps.subject(head, line)
        if selector is None:
            continue
        effects = ps.predicate(tail, line)
        if effects is None:
            continue
        return _attach(effects, selector)
    return None


def _attach(effects: list[dict], selector: dict) -> list[dict] | None:
    """Each effect with its 'to'; a subject's 'attacking'/'blocking' becomes the modify's
    'while' (and a subject that only holds while attacking can't take costs or 'can't')."""
    state = selector.get("_while")
    to = {k: v for k, v in selector.items() if not k.startswith("_")}
    found = []
    for effect in effects:
        effect = dict(effect)
        if state:
            if effect["do"] != "modify" or effect.get("while", state) != state:
                return None
            effect["while"] = state
        if effect["do"] == "cost":
            if to.get("pick") == "this" and effect["of"] == "purchase":
                return None  # the card's own cost applies while it is not active: manual
            if to.get("what") in ("action", "basic_action") and effect["of"] != "purchase":
                return None
        elif to.get("what") in ("action", "basic_action"):
            return None  # action dice have no A, D or combat
        effect["to"] = to
        found.append(effect)
    return found


_PREVENT_BY = re.compile(
    r"prevent all damage dealt by (?P<by>.+?) to (?P<to>.+)", flags=re.IGNORECASE
)


def _prevent_by(text: str, line: Line) -> list[dict] | None:
    """'prevent all damage dealt by [DCV] character dice to NAME character dice you control'."""
    match = _PREVENT_BY.fullmatch(text)
    if not match:
        return None
    to = self_selector(match["to"], line) or ps.subject(match["to"], line)
    sources = ps.sources(match["by"], line)
    if to is None or sources is None or set(to) & {"_while", "_not_self"}:
        return None
    return [{"do": "prevent", "to": to, "all": True, "from": s} for s in sources]


_PAY = re.compile(
    r"(?P<who>your opponents?|you|)(?: must)? ?pays? \[?(?P<n>\d+)\]? (?P<way>more|less) to "
    r"(?P<what>purchase|field) (?:each )?(?P<subject>.+?)(?P<other> other than sidekicks)?",
    flags=re.IGNORECASE,
)


def _pay(text: str, line: Line) -> list[dict] | None:
    """'your opponents pay [1] more to field each character die other than Sidekicks', 'pay
    [1] less to purchase Action Dice': a cost change for the purchases or fieldings of that
    player."""
    match = _PAY.fullmatch(text)
    if not match:
        return None
    subject = ps.subject(match["subject"], line)
    if subject is None or set(subject) & {"_while", "_not_self"} or "side" in subject:
        return None
    subject["side"] = "opposing" if match["who"].lower().startswith("your opponent") else "yours"
    if match["other"]:
        if subject.get("what", "character") != "character":
            return None
        subject["what"] = "non_sidekick"
    of = "purchase" if match["what"].lower() == "purchase" else "fielding"
    if of == "fielding" and subject.get("what") in ("action", "basic_action"):
        return None
    sign = 1 if match["way"].lower() == "more" else -1
    return [{"do": "cost", "of": of, "amount": int(match["n"]), "sign": sign, "to": subject}]


_CANT_TARGET = re.compile(
    r"(?P<who>your opponents?|opponents) (?:can't|cannot|may not) target (?P<what>.+?)"
    r"(?: with (?P<by>.+))?",
    flags=re.IGNORECASE,
)
_GLOBALS_CANT = re.compile(
    r"global abilities (?:activated|used) by your opponents? (?:can't|cannot) target (?P<what>.+)",
    flags=re.IGNORECASE,
)


def _cant_target(text: str, line: Line) -> list[dict] | None:
    """'your opponent can't target your Lois Lane character dice (with Global Abilities)',
    'Global Abilities activated by your opponent cannot target character dice you control'."""
    match = _CANT_TARGET.fullmatch(text)
    kinds = ["global", "action", "ability"]
    if match and match["by"]:
        found = ps.targeters(match["by"])
        if found is None:
            return None
        kinds = found[0]
    elif not match:
        match = _GLOBALS_CANT.fullmatch(text)
        kinds = ["global"]
    if not match:
        return None
    to = self_selector(match["what"], line) or ps.subject(match["what"], line)
    if to is None or set(to) & {"_while"}:
        return None
    to = {k: v for k, v in to.items() if not k.startswith("_")}
    effect = {"do": "restrict", "action": "be_targeted", "kinds": kinds, "player": "opposing"}
    return [{**effect, "to": to}]


@recogniser("while_active", kinds=("ability",))
def while_active(line: Line) -> Match | None:
    match = re.fullmatch(
        _ACTIVE.format(name=t.self_names(line.card_name)), line.text, re.IGNORECASE
    )
    if not match:
        return None
    rest = match["rest"]
    effects = (
        _prevent_by(rest, line)
        or _pay(rest, line)
        or _cant_target(rest, line)
        or statement(rest, line)
    )
    if effects is None:
        return None
    return Match.ability({"when": "while_active", "effects": effects})


@recogniser("while_active", kinds=("ability",))
def while_reserve_energy(line: Line) -> Match | None:
    """'While you have [F] (or three or more [F]) in your Reserve Pool, NAME gets +2A'."""
    match = re.fullmatch(_RESERVE, line.text, re.IGNORECASE)
    if not match:
        return None
    effects = statement(match["rest"], line)
    if effects is None:
        return None
    count = t.number(match["n"]) if match["n"] else 1
    condition = {"test": "reserve_energy_at_least", "energy": t.energy(match["energy"]), "n": count}
    return Match.ability({"when": "while_active", "if": condition, "effects": effects})


# -- while-active watchers ---------------------------------------------------------------------
_WHEN = r"(?:when|whenever|each time)"
_A = r"(?:an?|one) "
_EVENTS = (
    # (regex of the event, trigger, by, side the watched die is on)
    (rf"you field {_A}(?P<die>.+)", "fielded", "yours", "yours"),
    (rf"(?:your|an) opponent fields {_A}(?P<die>.+)", "fielded", "opposing", "opposing"),
    (rf"{_A}(?P<die>.+) is fielded", "fielded", None, None),
    (rf"{_A}(?P<die>.+) attacks", "attacks", None, None),
    (r"you use an action die", "action_used", "yours", None),
    (r"(?:your|an) opponent uses an action die", "action_used", "opposing", None),
    (r"an action die is used", "action_used", "any", None),
    (r"you use a global ability", "global_used", "yours", None),
    (r"(?:your|an) opponent (?:uses|activates) a global ability", "global_used", "opposing", None),
    (r"a player uses a global ability", "global_used", "any", None),
    (r"one of your (?P<die>.+?) is (?:KO'd|knocked out)", "kod", None, "yours"),
    (rf"{_A}(?P<die>.+?) is (?:KO'd|knocked out)", "kod", None, None),
)
_THAT = r"(?:it|that (?:character )?die|that character|the fielded character die|the attacking die)"


def _that_effects(text: str) -> list[dict] | None:
    """Clauses about the watched die: 'deal 1 damage to it', 'spin it up 1 level'."""
    damage = re.fullmatch(rf"deal (?P<n>{t.NUMBER}) damage to {_THAT}", text, re.IGNORECASE)
    if damage:
        return [{"do": "damage", "to": {"pick": "that"}, "amount": t.number(damage["n"])}]
    spin = re.fullmatch(
        rf"spin {_THAT} (?P<way>up|down) (?P<n>{t.NUMBER}) levels?", text, re.IGNORECASE
    )
    if spin:
        levels = t.number(spin["n"]) * (1 if spin["way"].lower() == "up" else -1)
        return [{"do": "spin", "to": {"pick": "that"}, "levels": levels}]
    return None


def _watch_effects(text: str, line: Line, by: str | None, watched: dict | None):
    """The effects of a watcher, with 'that opponent' / 'its controller' read as the acting
    player when that is the opponent."""
    if watched is not None:
        found = _that_effects(text)
        if found is not None:
            return found
    opponent = by == "opposing" or (watched or {}).get("side") == "opposing"
    names = t.self_names(line.card_name)
    # 'NAME deals 2 damage to target character die': the card's own damage, as 'deal'.
    text = re.sub(
        rf"^{names} deals ({t.NUMBER}) damage to ", r"deal \1 damage to ", text, flags=re.I
    )
    text = re.sub(r"\ban opposing player$", "your opponent", text, flags=re.IGNORECASE)
    if (watched or {}).get("side") == "opposing":
        text = re.sub(r"^it'?s controller ", "your opponent ", text, flags=re.IGNORECASE)
    if opponent:
        text = re.sub(
            rf"^{names} deals (?:them|that opponent|that player|your opponent) ({t.NUMBER}) "
            r"damage$",
            r"deal \1 damage to your opponent",
            text,
            flags=re.IGNORECASE,
        )
        text = re.sub(
            r"\b(?:that opponent|that player|its controller|them|an opposing player)$",
            "your opponent",
            text,
            flags=re.IGNORECASE,
        )
    bonus = _bonus(text, line)
    if bonus is not None:
        return bonus
    spin = _turn_effects(text, line, "")
    if spin is not None:
        return spin
    return None


_UNTIL = r"(?:,? \(?until (?:the )?end of (?:the )?turn\)?|,? this turn)?"


def _bonus(text: str, line: Line) -> list[dict] | None:
    """'NAME gets +1A and +1D (until end of turn)', 'your character dice get +1 attack this
    turn': an applied modify, which lasts until end of turn anyway (R13.1)."""
    found = re.fullmatch(
        rf"(?P<who>.+?) (?:gets?|gains?) (?P<mods>[+-]\d.*?){_UNTIL}", text, re.IGNORECASE
    )
    if not found:
        return None
    mods = ps.modify(found["mods"])
    who = found["who"]
    selector = self_selector(re.sub(r" you control$", "", who, flags=re.I), line)
    if selector is None:
        selector = ps.subject(who, line)
        if selector is None or set(selector) & {"_while", "_not_self"}:
            return None
        if selector.get("what") in ("action", "basic_action"):
            return None
    if mods is None or mods.get("while"):
        return None
    return [{**mods, "to": selector, "duration": "turn"}]


@recogniser("while_active", kinds=("ability",))
def while_active_when(line: Line) -> Match | None:
    """'While NAME is active, when you field a [DCV] character die, deal 1 damage to target
    opponent'."""
    match = re.fullmatch(
        _ACTIVE.format(name=t.self_names(line.card_name)), line.text, re.IGNORECASE
    )
    if not match:
        return None
    when = re.fullmatch(rf"{_WHEN} (?P<event>.+?), (?P<rest>.+)", match["rest"], re.IGNORECASE)
    if not when:
        return None
    for regex, trigger, by, side in _EVENTS:
        event = re.fullmatch(regex, when["event"], re.IGNORECASE)
        if not event:
            continue
        spec: dict = {"when": trigger}
        watched = None
        if "die" in event.groupdict():
            watched = ps.subject(event["die"], line)
            if watched is None or "_while" in watched:
                return None
            watched.pop("_not_self", None)  # no source die: 'other' is every die of the card
            if watched.get("what") in ("action", "basic_action"):
                return None
            if trigger == "kod" and {"max_level", "min_level"} & set(watched):
                return None  # a KO'd die shows no level any more
            if side:
                if watched.get("side", side) != side:
                    return None
                watched["side"] = side
            spec["any"] = watched
        if by:
            spec["by"] = by
        rest = when["rest"]
        if rest.lower().startswith("you may "):
            spec["optional"], rest = True, rest[len("you may ") :]
        effects = _watch_effects(rest, line, by, watched)
        if effects is None:
            return None
        spec["effects"] = effects
        return Match.ability(spec)
    return None


_OTHER_ACTIVE = (
    r"[Ww]hile (?P<other>[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3})™? is active,? (?P<rest>.+)"
)


@recogniser("while_active", kinds=("ability",))
def while_other_active(line: Line) -> Match | None:
    """'While Rocksteady is active, NAME gets +2A and +2D': only the card's own dice, while
    its holder has a die of that other character in the Field (R13.1: active is yours)."""
    match = re.fullmatch(_OTHER_ACTIVE, line.text)  # case-sensitive: a capitalised name
    if not match or re.fullmatch(t.self_names(line.card_name), match["other"], re.IGNORECASE):
        return None
    if not line.card_name or line.card_name.lower() not in match["rest"].lower():
        return None  # 'he gets ...': the other name may be the card's own short name
    effects = statement(match["rest"], line, self_only=True)
    if effects is None or any(e["do"] == "cost" for e in effects):
        return None
    condition = {
        "test": "count_at_least",
        "of": {"pick": "each", "side": "yours", "name": match["other"]},
        "n": 1,
    }
    return Match.ability({"when": "while_active", "if": condition, "effects": effects})


# -- while-active turn watchers ------------------------------------------------------------------
_TURN = (
    (r"at the (?:start|beginning) of your turn", "turn_started", ("yours",)),
    (r"at the end of your turn", "end_of_turn", ("yours",)),
    (
        r"at the (?:start|beginning) of (?:each of )?your opponent's turns?",
        "turn_started",
        ("opposing",),
    ),
    (r"at the end of your opponent's turn", "end_of_turn", ("opposing",)),
    (r"at the (?:start|beginning) of each (?:player's )?turn", "turn_started", ("any",)),
    (r"at the (?:start|beginning) of each player's turn", "turn_started", ("any",)),
)
_LEVELS = rf"(?P<way>up|down) (?P<n>{t.NUMBER}) levels?"


def _turn_effects(text: str, line: Line, by: str) -> list[dict] | None:
    """Clauses of a turn watcher: the shared phrases, plus 'spin each of your NAME dice up
    one level', 'spin all [XMEN] character dice up 1 level', 'that player loses 1 life'."""
    spin = re.fullmatch(rf"spin (?P<who>.+?) {_LEVELS}", text, re.IGNORECASE)
    if spin and re.match(r"(?:each|all) ", spin["who"], re.IGNORECASE):
        who = spin["who"]  # 'spin NAME up' alone may mean one die: left to other phrases
        selector = self_selector(re.sub(r"^each of your ", "your ", who, flags=re.I), line)
        if selector is None:
            selector = ps.subject(who, line)
            if selector is None or not re.match(r"(?:all|each) ", who, re.IGNORECASE):
                return None
            if set(selector) & {"_while", "_not_self"} or selector.get("what") in (
                "action",
                "basic_action",
            ):
                return None
        levels = t.number(spin["n"]) * (1 if spin["way"].lower() == "up" else -1)
        return [{"do": "spin", "to": selector, "levels": levels}]
    if by in ("yours", "opposing"):
        who = "you" if by == "yours" else "your opponent"
        text = re.sub(r"^that player (loses|gains)", rf"{who} \1", text, flags=re.IGNORECASE)
        text = re.sub(r"^you loses", "you lose", text)
        text = re.sub(r"^you gains", "you gain", text)
    from rules.abilities import phrases

    found = phrases.effects(text, line)
    if found is None and text.count(" and ") == 1:  # 'you gain 1 life and they lose 1 life'
        parts = [phrases.effects(part, line) for part in text.split(" and ")]
        found = parts[0] + parts[1] if all(parts) else None
    return found


@recogniser("while_active", kinds=("ability",))
def while_active_turn(line: Line) -> Match | None:
    """'While NAME is active, at the start of your turn, spin all [XMEN] character dice up 1
    level'; 'at the beginning of each player's turn, that player loses 1 life' is one watcher
    per player."""
    match = re.fullmatch(
        _ACTIVE.format(name=t.self_names(line.card_name)), line.text, re.IGNORECASE
    )
    if not match:
        return None
    rest = match["rest"]
    inverted = re.fullmatch(
        r"each player (?P<what>loses|gains) (?P<n>\w+) life at the (?:start|beginning) of their "
        r"turn",
        rest,
        re.IGNORECASE,
    )
    if inverted:  # 'each player loses 1 life at the start of their turn'
        verb = "loses" if inverted["what"].lower() == "loses" else "gains"
        rest = f"at the beginning of each player's turn, that player {verb} {inverted['n']} life"
    for regex, trigger, (by,) in _TURN:
        found = re.match(rf"{regex}, (?P<rest>.+)$", rest, re.IGNORECASE)
        if not found:
            continue
        body = found["rest"]
        condition = None
        life = re.match(
            r"if your opponent has more life than you, (?P<rest>.+)$", body, re.IGNORECASE
        )
        if life:
            condition, body = {"test": "opponent_more_life"}, life["rest"]
        optional = body.lower().startswith("you may ")
        if optional:
            body = body[len("you may ") :]
        if by == "any" and re.match(r"that player ", body, re.IGNORECASE):
            players = ("yours", "opposing")  # 'that player': one watcher per player
        else:
            players = (by,)
        specs = []
        for player in players:
            effects = _turn_effects(body, line, player)
            if effects is None:
                return None
            spec: dict = {"when": trigger, "by": player, "effects": effects}
            if condition:
                spec["if"] = condition
            if optional:
                spec["optional"] = True
            specs.append(spec)
        return Match.ability(*specs)
    return None


_HAVE = re.compile(
    r"while you have (?P<art>an|a|another|at least one) (?P<what>.+?)(?P<active> active)?, "
    r"(?P<rest>.+)",
    re.IGNORECASE,
)


@recogniser("while_active", kinds=("ability",))
def while_you_have(line: Line) -> Match | None:
    """'While you have an active Sidekick die, NAME gets +1A': while at least one such die of
    yours is in the Field (and the statement's subject: its own dice only when it is NAME)."""
    match = _HAVE.fullmatch(line.text)
    if not match:
        return None
    counted = ps.subject(match["what"], line)
    if counted is None or set(counted) & {"_while"} or "side" in counted:
        return None
    if counted.pop("_not_self", False):
        del counted["other"]
        counted["not_name"] = line.card_name
    if match["art"].lower() == "another":
        counted["other"] = True
    effects = statement(match["rest"], line, self_only=True)
    if effects is None or any(e["do"] == "cost" for e in effects):
        return None
    if counted.get("what") in ("sidekick", "non_sidekick") and any(
        e["do"] == "grant" for e in effects
    ):
        return None  # a keyword that depends on who counts as a Sidekick (Ally): a loop
    condition = {"test": "count_at_least", "of": {**counted, "side": "yours"}, "n": 1}
    return Match.ability({"when": "while_active", "if": condition, "effects": effects})
