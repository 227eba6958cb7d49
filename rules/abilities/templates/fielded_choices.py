"""Family `fielded_choices`: two recognisers.

1. 'When fielded, choose <dice>. That die <effect>' (priority 99: before `when_fielded`, which
   would not read the two sentences as one). A choice that lasts only for the same resolution
   is the effect's own target: 'choose a character die. That die can't block this turn' reads
   as 'a character die can't block this turn' (picked like a target, as `phrases_triggers`
   reads 'a character die': a die that can't be targeted can't be chosen, the weaker reading
   for the holder, T5.1). A choice remembered past the resolution ('replacing / cancelling
   all previous choices', 'until ...', 'while NAME is active', 'next turn') is not read: the
   line stays manual.

2. Spellings the other families don't know, put in the words they read (priority 900: only
   lines no other family recognised as printed, so no reading changes; the line is then
   recognised by whichever family reads the new words):
   - the WWE sets' dice: '[PAWN]' is the Sidekick icon (the card file's icon table says so),
     a 'Superstar die' is a non-Sidekick character die (`tokens.SUPERSTAR_WHAT`; 'your
     NAME Superstar dice' the card's own, 'a Superstar or Sidekick die': a character die);
   - 'When NAME is active, when ...' (a printing slip for 'While NAME is active, when ...');
   - a character's 'When a <dice> is fielded, <effect>' without 'While NAME is active': the
     same card-wide trigger (a character's ability works while it is active, as the
     'When you field a ...' watchers of `player_triggers` are read); 'a [X] character die of
     cost 5 or more' is one 'with cost 5 or more';
   - 'a [BOM] die from your Used Pile': an affiliation is a character card's, so a character
     die;
   - a card named 'X the Y' calling itself 'X' ('Kraven' on Kraven the Hunter): its name;
   - the Yu-Gi-Oh! 'While active, [B] monsters cost 2 energy less for you to buy': your [B]
     character dice cost [2] less to purchase ('for you': the holder's purchases).

The family's clauses (Corrupt, the opponent rerolling their dice, 'you may sacrifice ... to',
'you may pay N life to') are in rules/abilities/phrases_fielded_choices.py and work after
every trigger."""

import re
from dataclasses import replace

from rules.abilities import phrases_fielded_choices  # noqa: F401 (registers the clauses)
from rules.abilities import phrases_triggers as body
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recognise, recogniser

_CHOOSE = re.compile(
    r"^when (?:fielded|summoned|(?P<subject>.+?) is fielded),? choose (?P<dice>[^.]+?)\. "
    r"(?:that (?:character die|character|die)|it) (?P<rest>[^.]+)$",
    re.IGNORECASE,
)
_LASTING = re.compile(r"previous choices|\buntil\b|\bwhile\b|\bno longer\b|\bnext turn\b", re.I)


@recogniser("fielded_choices", kinds=("ability", "burst"), priority=99)
def choose_then(line: Line) -> Match | None:
    match = _CHOOSE.match(line.text)
    if not match or _LASTING.search(line.text):
        return None
    if match["subject"] and not body.is_self(match["subject"], line):
        return None
    if body.die_selector(match["dice"], line) is None:
        return None  # not a die ('choose an energy type', 'a [WL] color')
    spec = body.trigger_body(f"{match['dice']} {match['rest']}", line)
    if spec is None:
        return None
    return Match.ability({"when": "fielded", **spec})


_NAME_THEN = re.compile(
    r"^when (?:fielded|(?P<subject>.+?) is fielded),? name (?P<dice>[^.]+?)\. "
    r"that character (?:cannot|can't|can not) (?P<action>block|attack|attack or block) this turn$",
    re.IGNORECASE,
)


@recogniser("fielded_choices", kinds=("ability", "burst"), priority=99)
def name_then(line: Line) -> Match | None:
    """'When fielded, name a [TURTLE] character. That character cannot block this turn': the
    holder names a character by choosing one of its dice in the Field (a character with no die
    in the Field can't block or attack this turn anyway), and every die of that card in the
    Field gets the restriction until the end of the turn (`fc_name_card`, then `restrict` on
    those dice)."""
    match = _NAME_THEN.match(line.text)
    if not match or (match["subject"] and not body.is_self(match["subject"], line)):
        return None
    dice = body.die_selector(match["dice"], line)
    if dice is None or dice["pick"] != "target" or "count" in dice:
        return None
    action = match["action"].lower().replace(" ", "_")
    effects = [
        {"do": "fc_name_card", "to": {**dice, "pick": "each"}},
        {"do": "restrict", "to": {"pick": "it"}, "action": action},
    ]
    return Match.ability({"when": "fielded", "effects": effects})


# -- spellings ---------------------------------------------------------------------------------
_WORDS = (
    (r"\b(?:a|an|one) Superstar or Sidekick (dic?e)\b", r"a character \1"),
    (r"non-\[PAWN\] Superstar (dic?e)\b", r"non-Sidekick character \1"),
    (r"\[PAWN\](s?)", r"Sidekick\1"),
    # 'your Mankind Superstar dice': a named card's dice (none of them a Sidekick).
    (
        r"\b(your (?:active )?(?-i:[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*)) Superstar (dic?e)\b",
        r"\1 character \2",
    ),
    (r"\bSuperstar (dic?e)\b", r"non-Sidekick character \1"),
    (r"\bSuperstars\b", "non-Sidekick characters"),
    (r"\bthis Superstar\b", "this character"),
    (
        rf"^While active, (?P<tok>{t.ENERGY}) monsters cost (?P<n>\d) energy less for you to buy$",
        r"While active, your \g<tok> character dice cost [\g<n>] less to purchase",
    ),
    (
        rf"(?P<tok>{t.AFFILIATION}) (?P<n>dic?e) from your used pile",
        r"\g<tok> character \g<n> from your Used Pile",
    ),
    (r"(character (?:die|dice)) of (?:purchase )?cost (\d+) or more\b", r"\1 with cost \2 or more"),
)
_WORDS = tuple((re.compile(a, re.IGNORECASE), b) for a, b in _WORDS)
_ACTIVE_SLIP = re.compile(r"^when (?P<name>.+?) is active, (?P<rest>(?:when|whenever) .+)$", re.I)
_ANY_FIELDED = re.compile(
    r"^(?P<when>when|whenever) (?P<who>(?:a|an|another) .+?) is fielded, (?P<rest>.+)$", re.I
)
_INSIDE: list[bool] = []  # set while a rewritten line is recognised (no second rewrite)


_SHORT_NAME = re.compile(r"^(?P<short>[A-Z][\w'-]+(?: [A-Z][\w'-]+)?) the [A-Z]")


def _rewritten(line: Line) -> str:
    text = line.text
    short = _SHORT_NAME.match(line.card_name)
    if short:  # 'Kraven' on Kraven the Hunter's card
        text = re.sub(rf"\b{re.escape(short['short'])}\b(?! the )", line.card_name, text)
    for pattern, spelling in _WORDS:
        text = pattern.sub(spelling, text)
    slip = _ACTIVE_SLIP.match(text)
    if slip and body.is_self(slip["name"], line):
        text = f"While {slip['name']} is active, {slip['rest']}"
    fielded = _ANY_FIELDED.match(text)
    character = line.card_kind == "character" and line.card_name
    if fielded and character and not body.is_self(fielded["who"], line):
        text = f"While {line.card_name} is active, {text[0].lower()}{text[1:]}"
    return text


@recogniser("fielded_choices", kinds=("ability", "burst", "global"), priority=900)
def spellings(line: Line) -> Match | None:
    if _INSIDE:
        return None
    text = _rewritten(line)
    if text == line.text:
        return None
    _INSIDE.append(True)
    try:
        return recognise(replace(line, text=text))
    finally:
        _INSIDE.pop()


# -- 'When fielded, if you have an active <dice>, <one of this family's effects>' -----------------
_IF_ACTIVE = re.compile(
    r"^when fielded, if you have an active (?P<dice>[^,]+), (?P<rest>.+)$", re.I
)


@recogniser("fielded_choices", kinds=("ability",), priority=99)
def if_another_active(line: Line) -> Match | None:
    """As `fielded_more` rules it: 'if you have an active [X] character die' counts the holder's
    dice other than the one just fielded (which would always count on an [X] card). Only for
    this family's own effects, so no other family's reading changes."""
    match = _IF_ACTIVE.match(line.text)
    if not match:
        return None
    spec = body.trigger_body(line.text[len("when fielded, ") :], line)
    if spec is None or not any(e["do"].startswith("fc_") for e in spec["effects"]):
        return None
    test = spec.get("if", {})
    if test.get("test") != "count_at_least" or test.get("n") != 1:
        return None
    spec["if"] = {**test, "of": {**test["of"], "other": True}}
    return Match.ability({"when": "fielded", **spec})
