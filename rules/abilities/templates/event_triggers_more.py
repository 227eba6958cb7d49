"""More spellings of a die's own triggers, read by rewriting the line into one that
`combat_triggers` reads (so its checks apply: no burst line on a die that shows no face, no
stats of a KO'd die ...), with the clauses of `phrases_event_triggers_more`:

- 'Whenever any player uses an action die, ...' = player_triggers' 'an action die is used';
- 'When you purchase this die, ...' / 'When purchased, ...' = 'When NAME is purchased, ...';
- 'When NAME attacks with at least one other character, ...' = 'When NAME attacks, if at least
  one other die of yours is attacking, ...'; 'When NAME blocks and you declare at least one
  other blocker' likewise with your other blockers; 'When NAME is blocking' = 'blocks'; 'When
  NAME takes damage in (during) the attack step' with the condition `in_attack_step`; '...
  during your opponent's turn' with `opponents_turn`; the same trigger repeated before a
  second sentence ('When X blocks, A. When X blocks, B') read once; 'you my' as 'you may';
  a condition before the trigger ('If you have an active [WLG], when NAME attacks, ...');
- 'choose (target) one opposing character. That character cannot block' = '<that die> can't
  block' (the chosen die picked like a target, as the shared reader picks 'an opposing
  character'; this turn);
- 'When NAME blocks a Villain', 'is blocked by a [F] character die', 'blocks, or is blocked by,
  a non-[DCV] character die': the event with the condition `engaged_with_die` (this die
  blocks such a die, or is blocked by at least one);
- a condition after the trigger that the shared `condition` reader does not know, leading
  ('if ..., <effect>') or trailing ('<effect> if ...'):
  'you have any [B] energy in your Reserve Pool' / 'you have 2 or more [B] energy in your
  Reserve Pool' (the energy shown: a wild is not counted), 'you control a level 3 character
  die', 'you control at least 2 active [KUM] character dice', 'you control a [KO] character
  die other than NAME', 'at least 1 other character die also attacks', 'you have fewer
  (fielded) characters than the opponent' (Underdog's test), 'NAME is in play' (read as one
  of yours: 'NAME is active'), and 'if the defending player ..., <effect> to that player'.

Rulings (T5.1, the weaker reading): the condition is checked when the ability triggers (as
every trigger's 'if', R13.3); 'other than NAME' leaves out every die of that name (not only
this one); 'attacks with at least one other character' counts your other attackers, declared
together with this one (R11.1).
"""

import re
from dataclasses import replace

from rules.abilities import (
    phrases_event_triggers_more,  # noqa: F401 (registers the family's clauses)
    phrases_tail,  # noqa: F401 (registers the long-tail clauses)
)
from rules.abilities import phrases_triggers as body
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, combat_triggers, player_triggers, recogniser

_PURCHASE = re.compile(r"^when (?:you purchase this die|purchased),? (?P<rest>.+)$", re.I)
_WITH_OTHER = re.compile(
    r"^(?P<head>(?:when|whenever) .+? attacks) with at least (?:one|1|another) other "
    r"(?:character|character die),? (?P<rest>.+)$",
    re.IGNORECASE,
)
_OTHER_ATTACKER = {
    "test": "count_at_least",
    "of": {"pick": "each", "side": "yours", "other": True, "combat": "attacking"},
    "n": 1,
}
_OTHER_BLOCKER = re.compile(
    r"^(?P<head>(?:when|whenever) .+? blocks) and you declare at least (?:one|1|another) other "
    r"blocker,? (?P<rest>.+)$",
    re.IGNORECASE,
)
_OTHER_BLOCKING = {
    "test": "count_at_least",
    "of": {"pick": "each", "side": "yours", "other": True, "combat": "blocking"},
    "n": 1,
}
_IN_ATTACK_STEP = re.compile(
    r"^(?P<head>(?:when|whenever|each time) .+? (?:takes damage|is damaged|is dealt damage))"
    r" (?:in|during) (?:an|the) attack step,? (?P<rest>.+)$",
    re.IGNORECASE,
)
_OPPONENTS_TURN = re.compile(
    r"^(?P<head>(?:when|whenever|each time) .+?) during your opponent'?s'? turn,? (?P<rest>.+)$",
    re.IGNORECASE,
)
_IS_ENGAGED = re.compile(r"^(?P<head>(?:when|whenever) .+?) is engaged, (?P<rest>.+)$", re.I)
_LEADING_IF = re.compile(r"^if (?P<cond>[^,]+), (?P<rest>(?:when|whenever) .+)$", re.I)
_IS_BLOCKING = re.compile(r"^(?P<head>(?:when|whenever) .+?) is blocking,? (?P<rest>.+)$", re.I)
_RESERVE = re.compile(
    rf"you have (?:(?P<any>any|an?)|(?P<n>{t.NUMBER}) or more) (?P<energy>{t.ENERGY})"
    r"(?: energy)? in your reserve pool",
    re.IGNORECASE,
)
_LEVEL_3 = re.compile(r"you control an? level 3 character die", re.IGNORECASE)
_AT_LEAST = re.compile(rf"you control at least (?P<n>{t.NUMBER}) (?P<what>.+)", re.IGNORECASE)
_OTHER_THAN = re.compile(r"you control (?P<what>an? .+?) other than (?P<name>.+)", re.IGNORECASE)
_ALSO_ATTACKS = re.compile(r"at least (?:one|1) other character die also attacks", re.IGNORECASE)


_ENGAGED = re.compile(
    r"^(?P<head>(?:when|whenever) .+?) (?:(?P<both>blocks,? or is blocked by,?)"
    r"|(?P<event>blocks|is blocked) (?:by )?)"
    r" ?(?P<what>(?:an?|one|at least one) [^,]+), (?P<rest>.+)$",
    re.IGNORECASE,
)


def _engaged_condition(what: str, line: Line) -> dict | None:
    """'a Villain', 'a [F] or a [B] character die', 'a non-[DCV] character die' -> the
    condition that this die is engaged with such a die."""
    words = re.sub(r"^(?:at least one|one|an?) ", "", what.strip(), flags=re.IGNORECASE)
    words = re.sub(r" or an? ", " or ", words, flags=re.IGNORECASE)
    selector = body.die_selector(words, line, default_pick="each")
    if selector is None or selector.get("pick") != "each" or selector.get("side") == "yours":
        return None
    selector = {k: v for k, v in selector.items() if k not in ("count",)}
    return {"test": "engaged_with_die", "of": selector}


_DEFENDING = re.compile(r"the defending player .+", re.IGNORECASE)
_CHOOSE_CANT = re.compile(
    r"(?:choose|target) (?P<who>(?:an?|one) [^.,]+?)\. (?:that|the chosen) (?:character|die|"
    r"character die)(?: die)? (?:can't|cannot|can not) (?P<what>block|attack)"
    r"(?P<when> this turn)?",
    re.IGNORECASE,
)


_FEWER = re.compile(
    r"you have fewer (?:fielded )?(?:characters|character dice)(?: in the field(?: zone)?)? "
    r"than (?:the|your) opponent(?: does)?",
    re.IGNORECASE,
)
_IN_PLAY = re.compile(r"(?P<name>[^,]+?) is in play", re.IGNORECASE)


def condition(text: str, line: Line) -> dict | None:
    """A condition this family reads, or None."""
    text = text.strip()
    if _FEWER.fullmatch(text):  # Underdog's test: character dice in the Field, Sidekicks too
        return {"test": "opponent_more_field_dice"}
    in_play = _IN_PLAY.fullmatch(text)
    if in_play:  # 'Batman is in play': read as one of yours (the narrower reading, T5.1)
        return body.condition(f"{in_play['name']} is active", line)
    found = _RESERVE.fullmatch(text)
    if found:
        n = 1 if found["any"] else t.number(found["n"])
        return {"test": "reserve_energy_at_least", "energy": t.energy(found["energy"]), "n": n}
    if _LEVEL_3.fullmatch(text):  # level 3 is the highest: 'level 3' is 'level 3 or higher'
        selector = {"pick": "each", "side": "yours", "min_level": 3}
        return {"test": "count_at_least", "of": selector, "n": 1}
    if _ALSO_ATTACKS.fullmatch(text):
        return dict(_OTHER_ATTACKER)
    found = _AT_LEAST.fullmatch(text)
    if found:
        return body.condition(f"you control {found['n']} or more {found['what']}", line)
    found = _OTHER_THAN.fullmatch(text)
    if found and found["name"].strip().lower() == line.card_name.strip().lower():
        test = body.condition(f"you control {found['what']}", line)
        if test is None or test["test"] != "count_at_least":
            return None
        return {**test, "of": {**test["of"], "not_name": line.card_name.strip()}}
    return None


def _split(text: str, line: Line) -> tuple[str, dict] | None:
    """The trigger's body without a condition this family reads, and the condition."""
    first = re.match(r"^if (?P<cond>[^,]+), (?P<rest>.+)$", text, re.IGNORECASE)
    if first:
        test = condition(first["cond"], line)
        if test is not None:
            return first["rest"], test
    if first:
        player = _DEFENDING.fullmatch(first["cond"])
        test = body.condition(first["cond"], line) if player else None
        if test is not None and re.search(r"\bthat player\b", first["rest"], re.I):
            # 'if the defending player has more life than you, deal 1 damage to that player'
            return re.sub(r"\bthat player\b", "the defending player", first["rest"]), test
    for last in re.finditer(r",? if ", text, re.IGNORECASE):
        test = condition(text[last.end() :], line)
        if test is not None:
            return text[: last.start()], test
    return None


def _delegate(line: Line, text: str, test: dict | None) -> Match | None:
    found = combat_triggers.when_this_die(replace(line, text=text))
    if found is None or not found.abilities:
        return None
    if test is None:
        return found
    if any("if" in spec for spec in found.abilities):
        return None  # two conditions: not read
    return Match.ability(*({**spec, "if": test} for spec in found.abilities))


_ANY_PLAYER_ACTION = re.compile(
    r"^(?P<when>when|whenever|each time) any player uses an action die,? (?P<rest>.+)$", re.I
)


@recogniser("event_triggers_more", kinds=("ability", "burst"))
def event_trigger_more(line: Line) -> Match | None:
    text, tests = line.text, []
    any_player = _ANY_PLAYER_ACTION.match(text)
    if any_player and line.kind == "ability":
        # 'any player uses an action die' is player_triggers' 'an action die is used' (by any)
        rewritten = f"{any_player['when']} an action die is used, {any_player['rest']}"
        return player_triggers.player_event(replace(line, text=rewritten))
    purchase = _PURCHASE.match(text)
    if purchase:
        if not line.card_name.strip():
            return None
        text = f"When {line.card_name.strip()} is purchased, {purchase['rest']}"
    leading = _LEADING_IF.match(text)
    if leading:  # 'If you have an active [WLG], when NAME attacks, ...'
        test = condition(leading["cond"], line) or body.condition(leading["cond"], line)
        if test is None:
            icon = re.fullmatch(r"(?P<cond>.+ \[[A-Za-z0-9]+\])", leading["cond"])
            test = body.condition(f"{icon['cond']} character", line) if icon else None
        if test is None:
            return None
        text = leading["rest"]
        tests.append(test)
    engaged = _ENGAGED.match(text)
    if engaged:  # 'When NAME blocks a Villain, ...': which dice it is engaged with
        test = _engaged_condition(engaged["what"], line)
        if test is None:
            return None
        events = "blocks or is blocked" if engaged["both"] else engaged["event"]
        text = f"{engaged['head']} {events}, {engaged['rest']}"
        tests.append(test)
    for pattern, test in (
        (_WITH_OTHER, _OTHER_ATTACKER),  # 'attacks with at least one other character'
        (_OTHER_BLOCKER, _OTHER_BLOCKING),  # 'blocks and you declare at least one other blocker'
        (_IN_ATTACK_STEP, {"test": "in_attack_step"}),  # 'takes damage during the attack step'
        (_OPPONENTS_TURN, {"test": "opponents_turn"}),  # 'is KO'd during your opponent's turn'
    ):
        found = pattern.match(text)
        if found:
            text = f"{found['head']}, {found['rest']}"
            tests.append(dict(test))
    blocking = _IS_BLOCKING.match(text)
    if blocking:  # 'When NAME is blocking, ...': when it blocks
        text = f"{blocking['head']} blocks, {blocking['rest']}"
    engaged_plain = _IS_ENGAGED.match(text)
    if engaged_plain:  # engaged: it blocks, or blockers are declared against it (R11.2)
        text = f"{engaged_plain['head']} blocks or is blocked, {engaged_plain['rest']}"
    text = re.sub(r", you may (?:spend|pay) an? (?=\[)", ", you may pay ", text, flags=re.I)
    text = re.sub(r", you may spend (?=\[)", ", you may pay ", text, flags=re.I)
    text = re.sub(r", you my ", ", you may ", text)  # a misprint of 'you may'
    trigger = combat_triggers._WHEN.match(text)
    if trigger is None:
        return None
    head = text[: trigger.start("rest")].rstrip(" ,")
    repeated = f". {head}, "
    if repeated.lower() in text.lower():  # 'When X blocks, A. When X blocks, B': A then B
        at = text.lower().index(repeated.lower())
        text = text[:at] + ". " + text[at + len(repeated) :]
        trigger = combat_triggers._WHEN.match(text)
    chosen = _CHOOSE_CANT.fullmatch(trigger["rest"])
    if chosen:  # 'choose one opposing character. That character cannot block'
        rest = f"{chosen['who']} can't {chosen['what']}{chosen['when'] or ''}"
        text = text[: trigger.start("rest")] + rest
        trigger = combat_triggers._WHEN.match(text)
    split = _split(trigger["rest"], line)
    if split is not None:
        rest, test = split
        text = text[: trigger.start("rest")] + rest
        tests.append(test)
    if text == line.text or len(tests) > 1:
        return None  # nothing rewritten (combat_triggers read or declined it), or two conditions
    return _delegate(line, text, tests[0] if tests else None)
