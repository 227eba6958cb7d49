"""The `leave_tail` family: dice leaving the Field Zone, and the turn's KOs.

The engine records each character die that leaves the Field during a turn
(`GameState.departed`: KO'd or not, and whose action die or global ability made it leave) and
says so with a 'left_field' event; the trigger and condition are in
rules/abilities/extensions/leave_tail.py.

- 'Aftershock - <effect>' / 'Aftershock: <effect>': an ability word whose rule the cards'
  sets give in their rules inserts, not the card data or our rulebooks: the ability is used
  when this character die leaves the Field Zone because of an opponent's action die or global
  ability. The weaker reading (T5.1): the die was moved or KO'd while that opponent's action
  die or global resolved, or KO'd by damage whose last part came from one; not a die KO'd in
  combat, by a character's triggered ability, or by its own player's action die. The effect
  is read as the families read it after 'When NAME is KO'd, ...' (the die has left the Field
  there too), as the trigger `lt_aftershock`.
- 'Resistance - <text>': an ability word with no rule of its own (Civil War): the text after
  the dash read as the whole line. Its condition 'if a character die you control was KO'd
  this turn' (first or last in the sentence) becomes the condition `lt_kod_this_turn` of the
  one triggered ability the rest reads as; 'While active, at the end of your turn' is the
  while-active end-of-turn watcher the turn families read; 'when a character die you control
  is KO'd' is 'when one of your character dice is KO'd' (a while-active watcher).
- 'Aftershock - You may pay [1] to reroll NAME. If he lands on an energy face, <effect>': the
  own die in the Prep Area rerolled there, the effect on an energy face (`lt_reroll_if_energy`);
  'When NAME is KO'd, you may roll another character die that was KO'd this turn. If you roll
  a character face, field it for free' (`lt_roll_kod_field`: one of your own dice, still in
  your Prep Area). 'Aftershock - If NAME was blocked, she deals <damage>': the damage under
  the condition `lt_was_blocked` (the die was a blocked attacker when it left the Field).
  Black Widow's 'Draw and roll a die. If the result is an energy face, lose 1 life and return
  NAME to the Field Zone at her former level. Add the rolled die to your Prep Area'
  (`lt_draw_roll_return`: the level she had when she left, from the engine's record).
- 'If an opposing character die was KO'd this turn, NAME may be fielded for free': the card's
  own fielding cost is free under `lt_kod_this_turn` about the opponent's dice (a static, as
  self_tail reads 'If <condition>, NAME is free to field').
- '(Once per turn,) (While NAME is active,) when / if any / another [X] character die leaves
  the Field Zone (during your turn), <effect>': a while-active watcher of the engine's
  'left_field' event (any reason: KO, a move, a reroll to energy, a capture); 'another' is a
  die of another card (the weaker reading: a die of the same card leaving is not watched);
  'during your turn' the core condition `your_turn`; 'ignore all damage dealt to NAME until
  end of turn' is damage prevented from then on this turn (damage already on him stays: the
  weaker reading).

Not read (left manual): replacement effects ('If NAME leaves the field, he goes to your prep
area instead', 'When NAME would leave the Field Zone'), captures lasting until the captor
leaves, 'you may pay [M] to ...' under Resistance with no trigger (when it may be paid is not
said), counts of dice KO'd this turn ('If 4 or more of your character dice were KO'd this
turn'), 'pay [1] to use Regenerate' (as the experience family keeps it), a choice of two
effects ('... or spin Spider-Man to level 3'), Elasti-Girl's prevention shield, 'If that die
leaves the Field Zone this turn' about one targeted die, a purchase or a sacrifice when a die
leaves (Vulture, Wolverine: not said to need the card active), and a KO'd die's last stats
('damage equal to his A': the engine's record keeps them; no such line is a sole blocker).
"""

import re
from dataclasses import replace

from rules.abilities import (
    phrases,
    phrases_leave_tail,  # noqa: F401 (registers the clauses)
    templates,
)
from rules.abilities import phrases_triggers as pt
from rules.abilities import tokens as t
from rules.abilities.phrases_triggers import die_selector, trigger_body
from rules.abilities.templates import Line, Match, pattern, read_again, recogniser

FAMILY = "leave_tail"

_DASH = r"\s*(?:[-–—]+|:)\s*"
_AFTERSHOCK = re.compile(rf"^aftershock{_DASH}(?P<rest>.+)$", re.IGNORECASE)
_RESISTANCE = re.compile(rf"^resistance{_DASH}(?P<rest>.+)$", re.IGNORECASE)
_KOD_YOURS = r"a character die you control was (?:KO'd|knocked out) this turn"
_KOD_NONE = r"none of your dice were (?:KO'd|knocked out) this turn"
_KOD_TESTS = (
    (_KOD_YOURS, {"test": "lt_kod_this_turn", "lt_whose": "yours"}),
    (_KOD_NONE, {"test": "lt_none_kod_this_turn"}),
)


def _capital(text: str) -> str:
    return text[0].upper() + text[1:] if text else text


_PRONOUN = r"(?:he|she|it)"
_OBJECT = r"(?:him|her|it)"


def _joined(body: str, name: str) -> str:
    """Sandman's two sentences as the one clause phrases_leave_tail reads. ('use Regenerate. If
    NAME regenerates successfully, ...' stays manual: the experience family keeps lines about
    paying to use Regenerate manual.)"""
    return re.sub(
        rf"\breroll (?P<who>{re.escape(name)})\. if {_PRONOUN} lands on a character face, "
        rf"return {_OBJECT} to the field zone$",
        r"reroll \g<who> and return him to the Field Zone if he lands on a character face",
        body,
        flags=re.IGNORECASE,
    )


_REROLL_ENERGY = re.compile(
    r"^you may pay (?P<cost>\[\d\]) to reroll (?P<who>.+?)\. if (?:he|she|it) lands on an "
    r"energy face, (?P<rest>.+)$",
    re.IGNORECASE,
)


def _reroll_if_energy(body: str, line: Line) -> dict | None:
    """'You may pay [1] to reroll NAME. If he lands on an energy face, <effect>'."""
    match = _REROLL_ENERGY.match(body)
    if not match or not t.is_self(match["who"], line.card_name):
        return None
    effects = phrases.effects(match["rest"], line)
    if effects is None:
        return None
    reroll = {"do": "lt_reroll_if_energy", "effects": effects}
    return {"when": "lt_aftershock", "optional": True, "cost": match["cost"], "effects": [reroll]}


_FORMER_LEVEL = re.compile(
    r"^draw and roll a die\. if the result is an energy face, lose 1 life and return "
    r"(?P<name>.+?) to the field zone at (?:his|her|its) former level\. add the rolled die to "
    r"your prep area$",
    re.IGNORECASE,
)
_WAS_BLOCKED = re.compile(
    r"^if (?P<who>.+?) was blocked, (?P<subject>.+?) deals (?P<rest>.+)$", re.IGNORECASE
)


@recogniser(FAMILY, kinds=("ability",), priority=60)
def aftershock(line: Line) -> Match | None:
    """'Aftershock - <effect>': the effect read as after 'When NAME is KO'd, ...'."""
    match = _AFTERSHOCK.match(line.text)
    if not match or not line.card_name.strip():
        return None
    own = _reroll_if_energy(match["rest"], line)
    if own is not None:
        return Match.ability(own)
    former = _FORMER_LEVEL.match(match["rest"])
    if former:
        if not t.is_self(former["name"], line.card_name):
            return None
        return Match.ability({"when": "lt_aftershock", "effects": [{"do": "lt_draw_roll_return"}]})
    blocked = _WAS_BLOCKED.match(match["rest"])
    if blocked:
        names = (blocked["who"], blocked["subject"])
        if not all(t.is_self(n, line.card_name) for n in names):
            return None
        spec = trigger_body(f"deal {blocked['rest']}", line)
        if spec is None or "if" in spec:
            return None
        return Match.ability({"when": "lt_aftershock", **spec, "if": {"test": "lt_was_blocked"}})
    body = _joined(match["rest"], line.card_name.strip())
    text = f"When {line.card_name.strip()} is KO'd, {body[0].lower()}{body[1:]}"
    found = templates.recognise(replace(line, text=text))
    if found is None or found.variant is not None or found.keywords or found.suit_up:
        return None
    if len(found.abilities) != 1 or found.abilities[0].get("when") != "kod":
        return None
    spec = found.abilities[0]
    if "any" in spec or "by" in spec:
        return None  # a watcher: not the card's own die
    return Match.ability({**spec, "when": "lt_aftershock"})


@recogniser(FAMILY, kinds=("ability",), priority=60)
def resistance(line: Line) -> Match | None:
    """'Resistance - <text>': the text read as the whole line."""
    match = _RESISTANCE.match(line.text)
    if not match:
        return None
    text = match["rest"]
    text = re.sub(
        r"^(?:while [^,]+ is active, )?when a character die you control is (?:KO'd|knocked out)\b",
        "When one of your character dice is KO'd",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(r"\bmay not be (blocked|targeted)\b", r"can't be \1", text, flags=re.I)
    found = read_again(line, _capital(text))
    if found is None or found.keywords or found.suit_up:
        return None
    return replace(found, family="") if found.family != FAMILY else found


@recogniser(FAMILY, kinds=("ability",), priority=140)
def kod_this_turn_condition(line: Line) -> Match | None:
    """A triggered line with 'if a character die you control was KO'd this turn' or 'if none
    of your dice were KO'd this turn' first or last: the rest read by the families, the
    condition added to the one triggered ability it reads as. 'While active, at the end of
    your turn' is the while-active end-of-turn watcher."""
    found, test = None, None
    for words, condition in _KOD_TESTS:
        first = re.match(rf"^(?P<head>.*?\b)if {words}, (?P<rest>.+)$", line.text, re.I)
        last = re.match(rf"^(?P<head>.+?),? if {words}(?P<rest>)$", line.text, re.I)
        found, test = first or last, condition
        if found:
            break
    if found is None:
        return None
    text = found["head"] + found["rest"]
    text = re.sub(
        r"^while active, at the end of your turn\b", "At the end of your turn", text, flags=re.I
    )
    read = templates.recognise(replace(line, text=_capital(text)))
    if read is None or read.variant is not None or read.keywords or read.suit_up:
        return None
    if len(read.abilities) != 1:
        return None
    spec = read.abilities[0]
    if spec.get("when") in ("while_active", "static", "global", "action", "activated"):
        return None  # a condition on a static or a use: not how these lines read
    if "if" in spec:
        return None
    return Match.ability({**spec, "if": test})


@pattern(
    FAMILY,
    r"if an opposing character die was (?:KO'd|knocked out) this turn, (?P<name>.+?) "
    r"(?:may be fielded for free|is free to field)",
)
def free_after_opposing_ko(line: Line, match) -> Match | None:
    if not t.is_self(match["name"], line.card_name):
        return None
    return Match.ability(
        {
            "when": "static",
            "if": {"test": "lt_kod_this_turn", "lt_whose": "opposing"},
            "effects": [{"do": "cost", "of": "fielding", "free": True, "to": {"pick": "this"}}],
        }
    )


_LEAVES = re.compile(
    r"^(?P<once>once per turn, )?(?:while (?P<active>.+?) is active, )?(?:if|when|whenever) "
    r"(?P<die>any character die|a character die|another .+? character die) leaves the field"
    r"(?: zone)?(?P<yours> during your turn)?, (?P<rest>.+)$",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=140)
def watched_die_leaves(line: Line) -> Match | None:
    """'(Once per turn,) (While NAME is active,) when / if any / another [X] character die
    leaves the Field Zone, <effect>': a while-active watcher of the engine's 'left_field'
    (the watched die read as it was, as a KO'd one is). 'another' is a die of another card
    (a die of this card leaving is not watched: the weaker reading, T5.1)."""
    match = _LEAVES.match(line.text)
    if not match:
        return None
    if match["active"] and not t.is_self(match["active"], line.card_name):
        return None
    die = match["die"].lower()
    if die in ("any character die", "a character die"):
        watched = {"pick": "each"}
    else:
        found = die_selector(match["die"], line)
        if found is None or not found.get("other") or found.get("pick") != "target":
            return None
        watched = {**found, "pick": "each"}
    rest = re.sub(
        r"^ignore all damage dealt to (?P<who>.+?) until (?:the )?end of (?:the )?turn$",
        r"prevent all damage to \g<who> this turn",
        match["rest"],
        flags=re.IGNORECASE,
    )
    spec = trigger_body(rest, line)
    if spec is None:
        return None
    if match["yours"]:
        if "if" in spec:
            return None
        spec["if"] = {"test": "your_turn"}
    spec = {"when": "left_field", **spec, "any": watched}
    if match["once"]:
        spec["limit"] = "once_per_turn"
    return Match.ability(spec)


@pattern(
    FAMILY,
    r"when (?P<name>.+?) is (?:KO'd|knocked out), you may roll another character die that was "
    r"(?:KO'd|knocked out) this turn\. if you roll a character face, field it for free",
)
def roll_another_kod_die(line: Line, match) -> Match | None:
    """Deadman: when this die is KO'd, you may roll another of your character dice KO'd this
    turn (in your Prep Area: where a KO puts it, R11.5) into your Reserve Pool; on a character
    face it is fielded for free (`lt_roll_kod_field`)."""
    if not t.is_self(match["name"], line.card_name):
        return None
    return Match.ability(
        {"when": "kod", "optional": True, "effects": [{"do": "lt_roll_kod_field"}]}
    )


_LAST_STAT = re.compile(
    r"^(?:when|if) (?P<name>.+?) is (?:KO'd|knocked out), (?:(?P<subject>.+?) deals|deal) "
    r"damage equal to (?P<whose>his|her|its|.+?'s) (?P<stat>A|attack|D|defense|level) to "
    r"(?P<to>[^.]+?)(?:\. for each (?:character|die|character die) (?:he|she|it) KOs? this way, "
    r"deal (?P<n>\d) damage to (?:the |that )?characters?'?s? controller)?$",
    re.IGNORECASE,
)
_STAT_NAMES = {"a": "attack", "attack": "attack", "d": "defense", "defense": "defense"}


@recogniser(FAMILY, kinds=("ability",), priority=140)
def kod_damage_by_last_stat(line: Line) -> Match | None:
    """'When NAME is KO'd, (he) deal(s) damage equal to his A / D / level to <target>' (and
    Darkseid's 'For each character he KOs this way, deal 1 damage to the character's
    controller'): the stat is the one the die had when it was KO'd, from the engine's record
    of the turn (`lt_damage_last_stat`); the KOs counted are the targets the damage leaves
    with damage reaching their D (`lt_damage_owners`)."""
    match = _LAST_STAT.match(line.text)
    if not match:
        return None
    names = [match["name"]] + [n for n in (match["subject"],) if n]
    whose = match["whose"].lower()
    if whose.endswith("'s"):
        names.append(match["whose"][:-2])
    if not all(t.is_self(n, line.card_name) for n in names):
        return None
    to = pt.target_of(match["to"], line)
    if to is None or to.get("pick") not in ("target", "up_to", "player"):
        return None
    stat = _STAT_NAMES.get(match["stat"].lower(), match["stat"].lower())
    effects = [{"do": "lt_damage_last_stat", "stat": stat, "to": to}]
    if match["n"]:
        if to.get("pick") == "player":
            return None
        effects.append({"do": "lt_damage_owners", "amount": int(match["n"])})
    return Match.ability({"when": "kod", "effects": effects})
