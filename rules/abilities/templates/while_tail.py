"""Family `while_tail` (priority 145: only lines every other family declines): continuous
'While NAME is active, ...' (or 'While active, ...') lines, played through the stat query
layer and the restrict hook (the effects in rules/abilities/extensions/while_tail.py and the
core statics):

- creature words of the D&D sets as a subject: 'your fiend dice cost [1] less to purchase',
  '... cannot be damaged except by combat damage', 'your opponent cannot target your fiend
  dice with Action Dice' (selector filter `trait`: a word of the card's subtitle, 'Minion
  Fiend', or what a card's own text says it counts as, selectors.traits);
- life an opponent pays (`wt_pay_life`, R12.4): to reroll in their Roll and Reroll Step
  ('must pay 2 life to reroll', 'may not reroll ... unless they pay 1 life', 'cannot reroll
  ... can pay 2 life to prevent this effect for this turn'), to declare blockers, to block
  with a die of a kind, and once a turn to field characters / use actions or globals
  ('cannot ...; he or she can pay 2 life to prevent this effect for the rest of the turn');
- 'your opponent cannot field <dice>' (named_statics' `ns_cant_field`);
- 'reduce damage from opposing character's abilities by 1' (`wt_prevent_you` and a core
  `prevent`), a sentence after it read as a line of its own;
- 'you can't be attacked by characters with A of 2 or less', '<dice> can only be blocked by 2
  or more character dice', 'NAME gains Overcrush and takes no damage from blocking character
  dice' (under another character's 'While X is active');
- lines the other families read once rewritten or split: 'dice gets', 'character ie', 'while
  an opponent has' after 'While NAME is active' (an 'if'), '<your attacking dice> get +1A
  until end of turn', '<dice> get +1A and +1D and are KO'd at the end of your turn' (the
  bonus, and a KO at the end of the holder's turn), '<statement>. Whenever <event>, <effect>'.

Readings (T5.1: where the text is ambiguous, the weaker one):
- Only trait words the card data carries are read (a subtitle word: fiend); Good, Evil, NPC
  (outside Battle for Faerun), Adventurer and gear are printed icons or kinds the data doesn't
  carry: left manual.
- 'fiend dice' without 'your' are both players' (R13.8); the purchase reduction reads the card
  bought, the fielding one the die fielded; '(min. 1)' after the purchase cost is the
  engine's own floor (R7.3).
- 'cannot be damaged except by combat damage' prevents all non-combat damage (R13.4).
- The reroll is the Roll and Reroll Step's one reroll (R5.2): its life is paid once when at
  least one die is rerolled; 'can pay 2 life to prevent this effect for this turn' is the
  same payment (one reroll a turn). Blockers' life is paid when they are declared; 'to block
  with a [M] character die' once (its reminder: then any number of them block), read as once
  a turn (one attack step a turn, R5.4). Paying 2
  life 'to prevent this effect for the rest of the turn' is paid when first doing what it
  forbids (the same choice), then nothing more that turn.
- 'Reduce damage from opposing character's abilities' reduces the non-combat damage an
  opposing character die deals to you and your character dice (not to their own dice; not a
  global ability's, which cards name apart).
- 'You can't be attacked by characters with A of 2 or less': those opposing dice can't attack
  (an attack is made on the opponent, R11.1), their A as it is when attackers are declared.
- '... and are KO'd at the end of your turn': while the card is active at that moment.
- 'Whenever <event>' after a 'While NAME is active' sentence: also while the card is active.
"""

import json
import re

from rules.abilities import phrases_static as ps
from rules.abilities.templates import Line, Match, recogniser
from rules.abilities.templates.named_statics import _ACTIVE, _is_self
from rules.abilities.templates.statics_more import _BACK_REFERENCE

FAMILY = "while_tail"
PRIORITY = 145
_NOT_CHARACTERS = ("action", "basic_action")

# Creature words printed in the pool's subtitles that cards name as a kind of dice.
TRAITS = ("fiend",)
_TRAIT_SUBJECT = re.compile(
    rf"(?P<side>your |opposing |your opponent's )?(?P<trait>{'|'.join(TRAITS)})s?"
    r"(?: character)? (?:dice|die) (?P<rest>.+)",
    re.IGNORECASE,
)
_EXCEPT_COMBAT = re.compile(r"(?:can't|cannot) be damaged except by combat damage", re.I)
_NOT_TARGETED = re.compile(
    rf"your opponents? (?:can't|cannot) target your (?P<trait>{'|'.join(TRAITS)})s?"
    r"(?: character)? (?:dice|die) with action dice",
    re.IGNORECASE,
)
_FIELD_MINIMUM = re.compile(r"to field,?\s*\(?(?:to a )?(?:min\b|min\.|minimum)", re.IGNORECASE)


def _self_active(line: Line) -> str | None:
    """What follows 'While NAME is active,' (NAME the card's own), or None."""
    bare = re.fullmatch(r"while active,? (?P<rest>.+)", line.text, re.IGNORECASE)
    if bare:
        return bare["rest"]
    match = re.fullmatch(_ACTIVE, line.text, re.IGNORECASE)
    if not match or not _is_self(match["who"], line):
        return None
    return match["rest"]


def _trait_statement(text: str, line: Line) -> list[dict] | None:
    """'<side> fiend dice <predicate>' and 'your opponent cannot target your fiend dice with
    Action Dice' as static effects with their 'to'."""
    targeted = _NOT_TARGETED.fullmatch(text)
    if targeted:
        to = {"pick": "each", "side": "yours", "trait": targeted["trait"].lower()}
        return [
            {
                "do": "restrict",
                "action": "be_targeted",
                "kinds": ["action"],
                "player": "opposing",
                "to": to,
            }
        ]
    found = _TRAIT_SUBJECT.fullmatch(text)
    if not found:
        return None
    to: dict = {"pick": "each", "trait": found["trait"].lower()}
    side = (found["side"] or "").strip().lower()
    if side:
        to["side"] = "yours" if side == "your" else "opposing"
    rest = found["rest"]
    if _EXCEPT_COMBAT.fullmatch(rest):
        effects = [{"do": "prevent", "all": True, "damage": "non_combat"}]
    else:
        # '(min. 1)' after a purchase cost is the engine's floor; after a fielding cost it
        # is not (the engine floors that at 0): the core's cost reading declines it then.
        raw = rest if _FIELD_MINIMUM.search(rest) else ""
        effects = ps.cost(rest, raw) or ps.predicate(rest, line)
    if not effects:
        return None
    return [{**effect, "to": dict(to)} for effect in effects]


_REROLL_LIFE = (
    re.compile(
        r"your opponents? must pay (?P<n>\d) life to reroll during their roll and reroll step",
        re.IGNORECASE,
    ),
    re.compile(
        r"opposing players may not reroll dice during their roll and reroll steps?, unless they "
        r"pay (?P<n>\d) life",
        re.IGNORECASE,
    ),
    re.compile(
        r"your opponent (?:cannot|can't) reroll dice during the roll and reroll step\. he or she "
        r"can pay (?P<n>\d) life to prevent this effect for this turn",
        re.IGNORECASE,
    ),
)
# 'your opponent cannot field characters / use actions or global abilities. He or she can pay 2
# life to prevent this effect for the rest of the turn': the first time each turn they do it,
# they pay (the same choice, made when they do it)
_FOR_THE_TURN = re.compile(
    r"your opponent (?:cannot|can't) (?:(?P<field>field characters)|use actions or global "
    r"abilities)\. he or she can pay (?P<n>\d) life to prevent this effect for the rest of "
    r"(?:the|this) turn",
    re.IGNORECASE,
)
_CANT_FIELD = re.compile(
    r"your opponents? (?:cannot|can't|may not) field (?P<who>.+)", re.IGNORECASE
)
_BLOCKERS_LIFE = re.compile(
    r"your opponents? must pay (?P<n>\d) life to declare blockers", re.IGNORECASE
)
_BLOCK_WITH_LIFE = re.compile(
    r"your opponents? must pay (?P<n>\d) life to block with an? (?P<who>.+)", re.IGNORECASE
)


def _life(text: str, line: Line) -> list[dict] | None:
    """The life an opponent pays to reroll, to declare blockers, to block with a die."""
    for regex in _REROLL_LIFE:
        found = regex.fullmatch(text)
        if found:
            return [_pay_life(found, "reroll")]
    found = _CANT_FIELD.fullmatch(text)
    who = ps.subject(found["who"], line) if found else None
    plain = who is not None and not set(who) & {"_while", "_not_self", "side"}
    if plain and who.get("what") not in _NOT_CHARACTERS:  # 'your opponent cannot field NPCs'
        return [{"do": "ns_cant_field", "player": "opposing", "to": who}]
    found = _FOR_THE_TURN.fullmatch(text)
    if found:
        what = ("field",) if found["field"] else ("use_action", "use_global")
        return [{**_pay_life(found, *what), "once_per_turn": True}]
    found = _BLOCKERS_LIFE.fullmatch(text)
    if found:
        return [_pay_life(found, "declare_blockers")]
    found = _BLOCK_WITH_LIFE.fullmatch(text)
    if found:
        who = ps.subject(found["who"], line)
        if who is None or set(who) - {"pick", "energy", "affiliation", "what"}:
            return None  # only a kind of their dice ('a [M] character die')
        if who.get("what") not in (None, "sidekick", "non_sidekick"):
            return None
        # the card's reminder: once paid, any number of those dice block (one attack a turn)
        to = {**who, "side": "opposing"}
        return [{**_pay_life(found, "block"), "to": to, "once_per_turn": True}]
    return None


def _pay_life(found, *what: str) -> dict:
    return {"do": "wt_pay_life", "amount": int(found["n"]), "player": "opposing", "for": [*what]}


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_active_tail(line: Line) -> Match | None:
    """'While NAME is active, <a trait subject's static / life an opponent pays>'."""
    rest = _self_active(line)
    if rest is None:
        return None
    effects = _trait_statement(rest, line) or _life(rest, line)
    if effects is None:
        return None
    return Match.ability({"when": "while_active", "effects": effects})


# -- lines read as other families' lines ----------------------------------------------------------
_INSIDE: list[bool] = []  # set while a rewritten line is recognised (no second rewrite)
_SLIPS = (
    (re.compile(r"\b(dice) gets\b", re.IGNORECASE), r"\1 get"),  # 'your ... dice gets +1A'
    (re.compile(r"\bcharacter ie,", re.IGNORECASE), "character die,"),
    # 'While NAME is active, while an opponent has an active X, <statement>'
    (
        re.compile(r"^(while .+? is active), while an opponent has ", re.I),
        r"\1, if your opponent has ",
    ),
)
# '<attacking / blocking dice> get +1A until end of turn': named_statics' reading, the bonus
# while they attack / block (the turn's combat is over after it, T5.1)
_UNTIL_END = re.compile(
    r"(?P<head>while .+? is active, your (?:other )?(?:attacking|blocking) .+?) until (?:the )?"
    r"end of (?:the )?turn",
    re.IGNORECASE,
)
_KOD_AT_END = re.compile(
    r"(?P<head>while .+? is active), (?P<who>your .+?) (?P<get>get .+?) and are KO'd at the end "
    r"of your turn",
    re.IGNORECASE,
)
_WHENEVER = re.compile(
    r"(?P<head>while .+? is active), (?P<first>[^.]+)\. whenever (?P<trigger>[^.]+)", re.I
)


def _read(line: Line, *texts: str) -> Match | None:
    """Each text recognised as a line of its own by the other families (one ability each),
    or None when one of them is not."""
    from dataclasses import replace

    from rules.abilities.templates import recognise

    specs: list[dict] = []
    _INSIDE.append(True)
    try:
        for text in texts:
            found = recognise(replace(line, text=text))
            if found is None or found.variant or found.keywords or found.suit_up:
                return None
            specs += found.abilities
    finally:
        _INSIDE.pop()
    return Match(abilities=tuple(specs)) if specs else None


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def read_as_other_lines(line: Line) -> Match | None:
    """Printing slips ('your other attacking character dice gets +1A', 'character ie'), a
    'while an opponent has' condition after 'While NAME is active' (an 'if'), '<dice> get +1A
    and +1D and are KO'd at the end of your turn' (the bonus, and the KO at the end of the
    holder's turn while the card is active), 'While NAME is active, <statement>. Whenever
    <event>, <effect>' (the trigger also while the card is active)."""
    if _INSIDE or _self_active(line) is None:
        return None
    text = line.text
    for slip, spelling in _SLIPS:
        text = slip.sub(spelling, text)
    until = _UNTIL_END.fullmatch(text)
    if until:
        found = _read(line, until["head"])
        effects = [e for spec in found.abilities for e in spec["effects"]] if found else []
        if not effects or any(e["do"] != "modify" or "while" not in e for e in effects):
            return None
        return found
    if text != line.text:
        return _read(line, text)
    found = _KOD_AT_END.fullmatch(text)
    if found:
        head, who = found["head"], found["who"]
        ko = f"{head}, at the end of your turn, KO all of {who}"
        return _read(line, f"{head}, {who} {found['get']}", ko)
    found = _WHENEVER.fullmatch(text)
    if found:
        head = found["head"]
        return _read(line, f"{head}, {found['first']}", f"{head}, when {found['trigger']}")
    return None


_NO_DAMAGE_FROM = re.compile(
    r"(?P<head>while .+? is active, .+?) and takes no damage from (?P<state>attacking|blocking) "
    r"(?P<dice>.+)",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def also_no_damage_from_combatants(line: Line) -> Match | None:
    """'While X is active, NAME gains Overcrush and takes no damage from blocking character
    dice': the statement the while families read, and all damage to the same dice from a die
    while it blocks (attacks) prevented (R13.4)."""
    found = _NO_DAMAGE_FROM.fullmatch(line.text)
    if _INSIDE or not found:
        return None
    read = _read(line, found["head"])
    dice = ps.subject(found["dice"], line)
    if read is None or len(read.abilities) != 1 or dice is None or set(dice) & {"_while", "other"}:
        return None
    (spec,) = read.abilities
    targets = {json.dumps(e.get("to"), sort_keys=True) for e in spec["effects"]}
    if spec["when"] != "while_active" or len(targets) != 1 or "to" not in spec["effects"][0]:
        return None
    source = {**ps._public(dice), "combat": found["state"].lower()}
    prevent = {"do": "prevent", "all": True, "to": spec["effects"][0]["to"], "from": source}
    return Match.ability({**spec, "effects": [*spec["effects"], prevent]})


_NOT_ATTACKED = re.compile(
    r"you can't be attacked by (?:characters|character dice) with (?:an? )?A of (?P<n>\d) or less",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def not_attacked_by_weak_dice(line: Line) -> Match | None:
    """'While NAME is active, you can't be attacked by characters with A of 2 or less': an
    attack is made on the opponent (R11.1), so those opposing dice can't attack (R13.7)."""
    rest = _self_active(line)
    found = _NOT_ATTACKED.fullmatch(rest or "")
    if not found:
        return None
    to = {"pick": "each", "side": "opposing", "max_attack": int(found["n"])}
    return Match.ability(
        {"when": "while_active", "effects": [{"do": "restrict", "action": "attack", "to": to}]}
    )


_TWO_BLOCKERS = re.compile(
    r"(?P<who>.+?) can only be blocked by (?:2|two) or more character dice", re.IGNORECASE
)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def only_blocked_by_two(line: Line) -> Match | None:
    """'While NAME is active, your [BOM] character dice can only be blocked by 2 or more
    character dice': a declaration giving one of them a single blocker is refused (R13.7)."""
    found = _TWO_BLOCKERS.fullmatch(_self_active(line) or "")
    who = ps.subject(found["who"], line) if found else None
    if who is None or set(who) & {"_while", "_not_self"} or who.get("what") in _NOT_CHARACTERS:
        return None
    effect = {"do": "restrict", "action": "be_blocked_by_fewer_than_two_dice", "to": who}
    return Match.ability({"when": "while_active", "effects": [effect]})


_REDUCE_FROM_ABILITIES = re.compile(
    r"reduce damage from opposing character'?s'? abilities by (?P<n>\d)(?:\. (?P<then>[^.]+))?",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def reduce_damage_from_abilities(line: Line) -> Match | None:
    """'While NAME is active, reduce damage from opposing character's abilities by 1': N of
    each non-combat damage an opposing character die deals to you or your character dice
    prevented (R13.4). A sentence after it is read as a line of its own."""
    found = _REDUCE_FROM_ABILITIES.fullmatch(_self_active(line) or "")
    if _INSIDE or not found:
        return None
    then = _read(line, found["then"]) if found["then"] else Match()
    if then is None or _BACK_REFERENCE.match(found["then"] or ""):
        return None
    n, source = int(found["n"]), {"pick": "each", "side": "opposing"}
    dice = {"pick": "each", "side": "yours"}
    effects = [
        {"do": "prevent", "amount": n, "to": dice, "from": source, "damage": "non_combat"},
        {"do": "wt_prevent_you", "amount": n, "from": source, "damage": "non_combat"},
    ]
    return Match.ability({"when": "while_active", "effects": effects}, *then.abilities)
