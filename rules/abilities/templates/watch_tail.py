"""Family `watch_tail`: 'While NAME is active, <trigger>, <effect>' lines the `while_active`,
`while_triggers_more`, `player_triggers` and `turn_triggers` families leave manual. Card-wide
triggered abilities working while one of the card's dice is active (R13.1): while-active
watchers (rules.abilities.watchers), the watched event read as `while_triggers_more` reads
it (its `_event`), the effect by this family's readers (effects in
rules/abilities/extensions/watch_tail.py, clauses in rules/abilities/phrases_watch_tail.py).

What it reads:
- 'at the end of your turn, each of your <level N or higher / level 2 or 3> character dice
  deals N damage to your opponent' (`wt_each_deals`: each die its own source);
- 'at the start / beginning of your turn, if you control at least N different <dice>,
  <effect>' (named_statics' condition `ns_distinct_characters`);
- after a watched die: '<that die / the attacking character die> deals N damage to all other
  opposing character dice' (`wt_that_deals`), 'deal damage to target opponent equal to that
  die's fielding cost' (`wt_damage_that_cost`);
- after an opponent fields a die: 'gain N life for each <X> die they have fielded' (their
  matching dice in the Field when it resolves, the fielded one included);
- 'spin up each of your NAME dice one level. If you spin up at least one NAME die, <effect>'
  and 'spin a NAME die up 1 level. If you do, <effect>' (`wt_spin_then`; NAME the card's own
  name: its dice, R13.8);
- 'whenever you or character dice you control are damaged' (you_damaged and a `damaged`
  watcher on your dice);
- 'whenever you take non-combat damage, draw 2 dice. Put one of those dice into the Prep Area
  and return the other to the bag' (`wt_draw_two_keep_one`);
- a player drawing dice: 'when a player draws one or more dice, deal N damage to that player',
  'when your opponent draws dice, <effect>', 'if your opponent has no Villains in the field,
  he takes N damage each time he draws one or more dice from his bag' (triggers `wt_you_drew`,
  `wt_opponent_drew`);
- after you use an action die: 'you may pay [1] to add it to your Prep Area' (also printed
  without 'While NAME is active', '... instead of your Used Pile') and 'draw a die. If it is
  X, Prep it. Otherwise, place it in your Used Pile';
- Rescue's 'At the end of your Roll and Reroll Step, <life / draw and field> for each NAME die
  you rolled that shows an energy face' (trigger `wt_roll_step_ended`, from the team).

Readings (T5.1, the weaker reading where the text allows two):
- A watched die that has left the Field (or shows no character face) when the ability
  resolves deals no damage and has no fielding cost to read: nothing happens.
- 'each of your characters of level 2 or higher deals 2 damage': one damage per die, each die
  its source, at the end of the turn (after the Cleanup's damage clearing, R5.5: levels are
  those the dice show then).
- 'a NAME die' to spin up: the holder chooses one that can spin up (R14.2); none: nothing,
  and nothing of what follows 'If you do'.
- 'gain N life for each X die they have fielded': their matching dice in the Field now (not
  the dice fielded this turn).
- 'Field any [S] character dice (you drew) at level 1': each matching die drawn is fielded.
"""

import re

from rules.abilities import (
    phrases,
    phrases_watch_tail,  # noqa: F401 (registers this family's clauses)
)
from rules.abilities import phrases_static as ps
from rules.abilities import phrases_triggers as pt
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser
from rules.abilities.templates import while_triggers_more as wtm

FAMILY = "watch_tail"


def _levels(text: str) -> tuple[str, dict] | None:
    """'characters of level 2 or higher' / 'level 2 or 3 character dice': the noun and its
    level filters."""
    found = re.fullmatch(r"(?P<noun>.+?) of level (?P<n>[1-3]) or higher", text, re.I)
    if found:
        return found["noun"], {"min_level": int(found["n"])}
    found = re.fullmatch(r"level (?P<n>[12]) or (?P<m>[23]) (?P<noun>.+)", text, re.I)
    if found and int(found["m"]) == int(found["n"]) + 1:
        return found["noun"], {"min_level": int(found["n"]), "max_level": int(found["m"])}
    return None


_EACH_DEALS = re.compile(
    rf"at the end of your turn,? each of your (?P<dice>.+?) deals? (?:(?P<n>{t.NUMBER}) damage "
    rf"to your opponent|your opponent (?P<m>{t.NUMBER}) damage)",
    re.IGNORECASE,
)


def _each_deals(rest: str, line: Line) -> list[dict] | None:
    found = _EACH_DEALS.fullmatch(rest)
    levels = _levels(found["dice"]) if found else None
    if levels is None:
        return None
    selector = ps.subject(f"your {levels[0]}", line)
    if selector is None or set(selector) - {"pick", "side"}:
        return None
    effect = {
        "do": "wt_each_deals",
        "from": {**selector, **levels[1]},
        "to": {"pick": "player", "side": "opposing"},
        "amount": t.number(found["n"] or found["m"]),
    }
    return [{"when": "end_of_turn", "by": "yours", "effects": [effect]}]


_DISTINCT = re.compile(
    rf"at the (?:start|beginning) of your turn,? if you control at least (?P<n>{t.NUMBER}) "
    r"different (?P<dice>[^,]+), (?P<body>(?!if ).+)",
    re.IGNORECASE,
)


def _distinct_at_start(rest: str, line: Line) -> list[dict] | None:
    found = _DISTINCT.fullmatch(rest)
    if not found:
        return None
    counted = ps.subject(f"your {found['dice']}", line)
    body = pt.trigger_body(found["body"], line)
    if counted is None or set(counted) & {"_while", "_not_self"} or body is None or "if" in body:
        return None
    test = {"test": "ns_distinct_characters", "of": counted, "n": t.number(found["n"]),
            "way": "at_least"}  # fmt: skip
    return [{"when": "turn_started", "by": "yours", "if": test, **body}]


# -- after a watched die --------------------------------------------------------------------------
_DEALER = {
    "fielded": r"(?:that die|it|the fielded character die)",
    "attacks": r"(?:that die|it|the attacking character die)",
}


def _that_deals(body: str, trigger: str, by, watched, line: Line) -> list[dict] | None:
    if trigger not in _DEALER:
        return None
    found = re.fullmatch(
        rf"{_DEALER[trigger]} deals (?P<n>{t.NUMBER}) damage to all other opposing character dice",
        body,
        re.IGNORECASE,
    )
    if not found or watched.get("side") != "opposing":
        return None  # 'other': other than the watched die, one of the opposing dice
    to = {"pick": "each", "side": "opposing"}
    return [{"do": "wt_that_deals", "to": to, "amount": t.number(found["n"])}]


def _deals_its_attack(body: str, trigger: str, by, watched, line: Line) -> list[dict] | None:
    """'it deals damage to your opponent equal to its A. Then move that character die to your
    Used Pile' (after you field it)."""
    found = re.fullmatch(
        r"it deals damage to your opponent equal to its a(?P<then>\s*\.\s*then (?:move|send) "
        r"that character die to your used pile)?",
        body,
        re.IGNORECASE,
    )
    if not found or trigger != "fielded":
        return None
    to = {"pick": "player", "side": "opposing"}
    effects = [{"do": "wt_that_deals", "to": to, "its": "attack"}]
    if found["then"]:
        effects.append({"do": "send_to_used", "to": {"pick": "that"}})
    return effects


def _life_per_fielded(body: str, trigger: str, by, watched, line: Line) -> list[dict] | None:
    found = re.fullmatch(
        rf"gain (?P<n>{t.NUMBER}) life for each (?P<dice>.+?) dic?e they have fielded", body, re.I
    )
    if not found or trigger != "fielded" or by != "opposing":
        return None
    counted = ps.subject(f"{found['dice']} dice", line)
    if counted is None or set(counted) - {"pick", "affiliation", "energy", "what"}:
        return None
    per = {"count": {**counted, "side": "opposing"}, "times": t.number(found["n"])}
    return [{"do": "gain_life", "amount": per}]


def _damage_cost(body: str, trigger: str, by, watched, line: Line) -> list[dict] | None:
    found = re.fullmatch(
        r"deal damage to (?:target|your) opponent equal to that die's fielding cost", body, re.I
    )
    if not found or trigger != "fielded":
        return None
    return [{"do": "wt_damage_that_cost", "to": {"pick": "player", "side": "opposing"}}]


_SPIN_EACH = re.compile(
    r"spin up each of your (?P<name>.+?) dice (?:one|1) level\s*\.\s*if you spin up at least "
    r"one (?P<name2>.+?) die,? (?P<rest>.+)",
    re.IGNORECASE,
)
_SPIN_ONE = re.compile(
    r"spin an? (?P<name>.+?) die up (?:one|1) level\s*\.\s*if you do,? (?P<rest>.+)", re.I
)


def _spin_then(body: str, trigger: str, by, watched, line: Line) -> list[dict] | None:
    own = line.card_name.strip()
    found = _SPIN_EACH.fullmatch(body)
    choose = False
    if found is None:
        found, choose = _SPIN_ONE.fullmatch(body), True
    if not found or not own or found["name"].strip().lower() != own.lower():
        return None
    if not choose and found["name2"].strip().lower() != own.lower():
        return None
    rest = re.sub(rf"^{re.escape(own)} deals ", "deal ", found["rest"].strip(), flags=re.I)
    rest = re.sub(r"\bthat opposing character die\b", "that die", rest, flags=re.I)
    then = wtm._that_effects(rest, plural=False) if watched is not None else None
    if then is None:
        fields = pt.trigger_body(rest, line)
        if fields is None or set(fields) != {"effects"}:
            return None
        then = fields["effects"]
    return [{"do": "wt_spin_then", "spin": {"pick": "this"}, "choose": choose, "effects": then}]


_DRAW_KEEP = re.compile(
    r"draw (?:a|one) die\s*\.\s*if it is (?P<kind>[^.]+?),? prep it\s*\.\s*otherwise,? "
    r"(?:place|put) it (?:in|into) your used pile",
    re.IGNORECASE,
)


def _draw_keep(body: str, line: Line) -> list[dict] | None:
    found = _DRAW_KEEP.fullmatch(body)
    kind = re.sub(r"^(?:a|an) ", "", found["kind"].strip(), flags=re.I) if found else ""
    wanted = pt.used_dice("a", kind, line) if found else None
    if wanted is None or not wanted.get("dice"):
        return None
    return [{"do": "wt_draw_keep", "dice": wanted["dice"]}]


def _watched_effects(body: str, trigger: str, by, watched, line: Line) -> list[dict] | None:
    body = body.strip().rstrip(".").strip()
    kept = _draw_keep(body, line)
    if kept is not None:
        return kept
    if watched is not None:
        for reader in (_that_deals, _deals_its_attack, _life_per_fielded, _damage_cost):
            found = reader(body, trigger, by, watched, line)
            if found is not None:
                return found
    return _spin_then(body, trigger, by, watched, line)


def _used_action_to_prep(body: str) -> list[dict] | None:
    """'you may pay [1] to add it to your Prep Area' (it: the action die you used)."""
    found = re.fullmatch(
        r"you may pay (?P<cost>\[\d*[FBMS]*\]) to (?:add|put|place) it (?:in|into|to) your prep "
        r"area",
        body.strip().rstrip("."),
        re.IGNORECASE,
    )
    if not found:
        return None
    return [{"do": "wt_action_to_prep", "cost": found["cost"].upper()}]


@recogniser(FAMILY, kinds=("ability",), priority=107)
def used_action_to_prep(line: Line) -> Match | None:
    """'Each time you use an action die, you may pay [1] to put it into your Prep Area instead
    of your Used Pile' (a character's trigger: while it is active, as player_triggers reads
    'when you use an action die')."""
    found = re.fullmatch(
        r"(?:when|whenever|each time) you use an action die,? (?P<body>.+?)(?: instead of "
        r"(?:into )?your used pile)?",
        line.text,
        re.IGNORECASE,
    )
    if not found or line.card_kind not in ("character", "character_or_action"):
        return None
    paid = _used_action_to_prep(found["body"])
    if paid is None:
        return None
    cost = paid[0].pop("cost")
    spec = {"when": "action_used", "by": "yours", "optional": True, "cost": cost, "effects": paid}
    return Match.ability(spec)


def _watcher(rest: str, line: Line) -> list[dict] | None:
    for event_text, body in wtm._splits(rest):
        event = wtm._event(event_text, line)
        if event is None:
            continue
        trigger, by, watched, extra = event
        if trigger not in ("fielded", "attacks", "kod", "damaged", "action_used"):
            continue
        spec: dict = {"when": trigger, **extra}
        paid = _used_action_to_prep(body) if trigger == "action_used" and by == "yours" else None
        effects = paid or _watched_effects(body, trigger, by, watched, line)
        if effects is None or (paid and extra):
            continue
        if paid:
            spec.update(optional=True, cost=paid[0].pop("cost"))
        spec["effects"] = effects
        if watched is not None:
            spec["any"] = watched
        if by:
            spec["by"] = by
        return [spec]
    return None


_DRAWS = re.compile(
    rf"(?:when|whenever|each time) a player draws (?:one or more )?dice,? deal (?P<n>{t.NUMBER}) "
    r"damage to that player",
    re.IGNORECASE,
)


_THEY_DRAW = re.compile(
    r"(?:when|whenever|each time) (?:your|an) opponent draws (?:one or more )?dice,? (?P<body>.+)",
    re.IGNORECASE,
)
_NONE_THEN_DRAW = re.compile(
    rf"if your opponent has no (?P<dice>[^,]+?) in the field(?: zone)?,? (?:he|she|they) takes? "
    rf"(?P<n>{t.NUMBER}) damage each time (?:he|she|they) draws? one or more dice"
    r"(?: from (?:his|her|their) bag)?",
    re.IGNORECASE,
)


def _player_draws(rest: str, line: Line) -> list[dict] | None:
    """'when a player draws one or more dice, deal 1 damage to that player': one trigger per
    draw (the engine's one 'drew' event), each player's own (`wt_you_drew`, `wt_opponent_drew`);
    'when your opponent draws dice, <effect>'; 'if your opponent has no Villains in the field,
    he takes 2 damage each time he draws one or more dice from his bag' (every draw is from
    the bag, refilled first when empty, R4.1)."""
    found = _THEY_DRAW.fullmatch(rest)
    if found:
        body = wtm._body(found["body"], line, opponent=True, watched=False, plural=False)
        return [{"when": "wt_opponent_drew", **body}] if body else None
    found = _NONE_THEN_DRAW.fullmatch(rest)
    if found:
        counted = ps.subject(f"opposing {found['dice']}", line)
        if counted is None or set(counted) - {"pick", "side", "affiliation", "energy", "what"}:
            return None
        test = {"test": "count_at_most", "of": counted, "n": 0}
        damage = {"do": "damage", "to": {"pick": "player", "side": "opposing"},
                  "amount": t.number(found["n"])}  # fmt: skip
        return [{"when": "wt_opponent_drew", "if": test, "effects": [damage]}]
    found = _DRAWS.fullmatch(rest)
    if not found:
        return None
    amount = t.number(found["n"])
    return [
        {
            "when": when,
            "effects": [{"do": "damage", "to": {"pick": "player", "side": side}, "amount": amount}],
        }  # fmt: skip
        for when, side in (("wt_you_drew", "yours"), ("wt_opponent_drew", "opposing"))
    ]


_NONCOMBAT_DRAW = re.compile(
    r"(?:when|whenever|each time) you take non-combat damage,? draw (?:2|two) dice\s*\.\s*"
    r"put one of (?:those|them|the) dice (?:in|into) (?:the|your) prep area and return the other "
    r"to (?:the|your) bag",
    re.IGNORECASE,
)


def _noncombat_draw(rest: str, line: Line) -> list[dict] | None:
    """'whenever you take non-combat damage, draw 2 dice. Put one of those dice into the Prep
    Area and return the other to the bag' (trigger `you_damaged_noncombat`)."""
    if not _NONCOMBAT_DRAW.fullmatch(rest):
        return None
    return [{"when": "you_damaged_noncombat", "effects": [{"do": "wt_draw_two_keep_one"}]}]


_YOU_OR_DICE = re.compile(
    r"(?:when|whenever|each time) you or (?:character dice you control|your character dice) "
    r"are damaged,? (?P<body>.+)",
    re.IGNORECASE,
)


def _you_or_dice_damaged(rest: str, line: Line) -> list[dict] | None:
    """'whenever you or character dice you control are damaged, <effect>': the holder's
    damage (you_damaged) and each of their character dice damaged (a watcher)."""
    found = _YOU_OR_DICE.fullmatch(rest)
    body = (
        wtm._body(found["body"], line, opponent=False, watched=False, plural=False)
        if found
        else None
    )
    if body is None or "cost" in body:
        return None
    return [
        {"when": "you_damaged", **body},
        {"when": "damaged", "any": {"pick": "each", "side": "yours"}, **body},
    ]


_ROLL_STEP = re.compile(r"at the end of your roll and reroll step,? (?P<body>.+)", re.IGNORECASE)
_PER_ENERGY = r"for each (?P<name>.+?) die (?:you rolled that shows|that rolled) an energy face"
_DRAW_FIELD = re.compile(
    rf"draw (?:one|1) die {_PER_ENERGY}\s*\.\s*field any (?P<aff>\[\w+\]) character dic?e"
    r"(?: you drew)? at level 1\s*\.\s*return (?:any|all) other dice(?: drawn this way)? to "
    r"your bag",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=107)
def roll_step_ended(line: Line) -> Match | None:
    """'At the end of your Roll and Reroll Step, gain 1 life / your opponent loses 1 life for
    each NAME die you rolled that shows an energy face' and 'draw one die for each ... Field
    any [S] character dice at level 1. Return any other dice to your bag': the card's own dice
    (NAME its name) in the holder's Reserve Pool when the step ends, from the team (the card
    need not be active)."""
    found = _ROLL_STEP.fullmatch(line.text)
    if not found or not line.card_name.strip():
        return None
    body = found["body"]
    draw = _DRAW_FIELD.fullmatch(body)
    per = draw or re.fullmatch(rf"(?P<effect>.+?) {_PER_ENERGY}", body, re.IGNORECASE)
    if per is None or per["name"].strip().lower() != line.card_name.strip().lower():
        return None
    if draw:
        counted = ps.subject(f"your {draw['aff']} character dice", line)
        filters = {k: v for k, v in (counted or {}).items() if k not in ("pick", "side")}
        if counted is None or len(filters) != 1 or set(filters) - {"affiliation", "energy"}:
            return None  # one affiliation or one energy type
        inner = [{"do": "wt_draw_field", "dice": filters}]
    else:
        inner = phrases.effects(per["effect"], line)
        if inner is None or any(e["do"] not in ("gain_life", "lose_life") for e in inner):
            return None  # amounts the tally multiplies: life only
    effects = [{"do": "wt_per_own_energy", "effects": inner}]
    return Match.ability({"when": "wt_roll_step_ended", "effects": effects})


@recogniser(FAMILY, kinds=("ability",), priority=107)
def watch_tail(line: Line) -> Match | None:
    head = wtm._HEAD.fullmatch(line.text)
    if not head or (head["who"] is not None and not wtm._is_self(head["who"], line)):
        return None
    rest = head["rest"] or head["rest2"]
    for reader in (
        _each_deals,
        _distinct_at_start,
        _player_draws,
        _noncombat_draw,
        _you_or_dice_damaged,
        _watcher,
    ):
        specs = reader(rest, line)
        if specs:
            return Match.ability(*specs)
    return None
