"""The `when_rest` family: triggered lines ('When NAME ...', 'If NAME ...', 'When you ...')
the other families decline.

At priority 903, spellings put the way a family reads them and read again
(`templates.read_again`, after misc_tail's rewrites):

- a card's name printed without its quoted nickname ('Bret Hart' on Bret "Hit Man" Hart);
- 'damages and opponent' (a printing slip for 'damages an opponent');
- 'If this character / this monster damages an / the opponent, <effect>': the trigger
  'When NAME damages an opponent' (the card's die dealing damage to the opponent);
- purchases spelt 'a NAME character die for [N]', 'pay [N] to purchase any Basic Action Die',
  '(immediately) ... for up to N less, and Prep it' / '... and Prep it', 'for N energy less
  than normal (to a minimum of 1)': the spellings fielded_long's `fl_purchase` reads ('a NAME
  die for N', 'a basic action die for N', 'for N less', 'and place it in your Prep Area').
  'up to N less' is N less: a purchase cost never goes below 1 anyway (R7.3);
- 'When NAME attacks you may' (no comma), 'you can <effect>' after a trigger: 'you may';
- 'If NAME takes (any) damage during / on an opponent's turn, ...': 'When NAME takes damage
  during your opponent's turn', with 'both players take N damage' as 'deal N damage to each
  player' and a final 'KO him / her' as 'KO NAME';
- 'When a NAME die is KO'd' of the card's own name: 'When NAME is KO'd' (the card's own dice,
  the narrower reading of any die of that name, T5.1);
- 'draw a die. If it is X, add it to your Prep Area, otherwise add it to your Used Pile' and
  'draw 2 dice from your bag. Prep one and place the other in your Used Pile': one-sentence
  spellings the family's clauses read; 'put all NAMEs from the Used Pile into the Prep Area';
  'search your bag or Used Pile for a NAME die and place it in the Field Zone at level N' as
  'move a NAME die from ...' (watch_tail's `wt_place`: placed, not fielded, R8.2);
- 'NAME takes no damage during combat': 'NAME takes no combat damage' (statics_more's combat
  damage prevention; the weaker reading, T5.1: damage an effect deals during the attack step
  is not prevented);
- 'When NAME attacks, he may only be blocked by level 1 character dice': 'NAME can't be
  blocked by character dice of level 2 or higher' (a die is blocked only when it attacks);
- 'If this monster damages the opponent' after a static sentence ('Cannot be blocked by
  sidekicks. ...'): rewritten in place, statics_more then reads each sentence alone.

At priority 145, triggers and conditions of their own:

- 'If NAME is blocked but is not knocked out, <effect>', 'At the end of your Attack Step, if
  NAME was blocked but not KO'd, <effect>', 'When NAME blocks and is not KO'd, <effect>':
  when combat is over and the dice left in the Attack Zone return to the Field (R11.5), for
  each of the card's dice among them that was blocked / that blocked, the effects as that
  die's (trigger `wn_combat_survived`, effect `wn_each_survivor`).
- 'If / When NAME is KO'd while attacking, <effect>': trigger `wn_kod_attacking`, the die
  KO'd in the combat KO step of its player's turn. The weaker reading (T5.1): a KO by an
  effect while it is in the Attack Zone before combat damage does not count.
- 'When NAME takes damage and isn't KO'd' / 'If NAME is damaged during the Attack Step and
  not KO'd, <effect>': the damaged trigger under condition `wn_survives` (read when the
  trigger fires: combat damage is dealt before the combat KO step, other damage KOs at once).
- 'If you used / played a (basic) action (die) this turn, <line>' (or '<line> if you used an
  action this turn'): condition `wn_action_used`, read as an action die of the holder being
  Out of Play, where a used action die waits for the Cleanup Step (R9.1). The weaker reading
  (T5.1): a Continuous action die used this turn stays in the Field and is not counted.
- 'When NAME would be KO'd, instead put him into your Used Pile': named_statics'
  `ns_ko_to_used` on the card's own dice (a KO still, to the Used Pile instead of the Prep
  Area).
- 'If you (have) fielded a non-NAME [X] character die / a non-Sidekick character die besides
  NAME this turn, <line>': condition `wn_fielded` (the engine's record of the turn's
  fieldings); 'If you have no [X] character dice on your team, <line>': fielded_long's
  `fl_team_lacks`. With the line's own condition, both (statics_more's `all_of`).

'KO an opposing character' is read as a target, as the other families read it.

Clauses in rules/abilities/phrases_when_rest.py, effects and conditions in
rules/abilities/extensions/when_rest.py. Not read (left manual): 'KO'd while blocking',
a card's own dice fielded from the Used Pile or Prep Area under a watcher (Krypto, Plague
Marine: the trigger would have to work while the card is not active), damage 'equal to his
A / level' after a KO (the KO'd die's stats are gone with its face).
"""

import re
from dataclasses import replace

from rules.abilities import (
    phrases_when_rest,  # noqa: F401 (registers the clauses)
    templates,
)
from rules.abilities import tokens as t
from rules.abilities.phrases_triggers import is_self, trigger_body
from rules.abilities.templates import Line, Match, read_again, recogniser

FAMILY = "when_rest"

_NAME = r"[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*"
# (regex, replacement): spellings put the way a family reads them. Each only normalises.
_REWRITES = (
    (r"\bdamages and opponent\b", "damages an opponent"),
    (
        r"^if (?P<who>this character|this monster) damages (?:an|the) opponent,",
        "When {name} damages an opponent,",
    ),
    (
        rf"\bpurchase an? (?P<n>{_NAME}) character die for \[(?P<c>\d)\]",
        r"purchase a \g<n> die for \g<c>",
    ),
    (
        r"\byou may pay \[(?P<c>\d)\] to purchase any basic action die$",
        r"you may purchase a basic action die for \g<c>",
    ),
    (r"\byou may immediately purchase\b", "you may purchase"),
    (r"\bfor up to (?P<c>\d) less\s*,?\s*and prep it$", r"for \g<c> less and prep it"),
    (
        r"(?P<p>\bpurchase an? .+? for \[?\d\]?(?: less)?) and prep it$",
        r"\g<p> and place it in your Prep Area",
    ),
    (r"^(?P<t>when [^,]+), you can (?P<v>prep|move|field|draw)\b", r"\g<t>, you may \g<v>"),
    (r"^(?P<t>when {name} attacks) you may\b", r"\g<t>, you may"),
    (
        r"\bfor (?P<c>\d) energy less than normal(?: \(?to a minimum of 1\)?)?$",
        r"for \g<c> less",
    ),
    (
        r"\bsearch your (?P<z>bag or used pile|used pile or bag) for an? "
        r"(?P<n>[A-Z][\w.' -]*?) die and place it in the field zone at level (?P<l>[1-3])$",
        r"move a \g<n> die from your \g<z> to the Field Zone at level \g<l>",
    ),
    (r"^(?P<n>{name}) takes no damage during combat$", r"\g<n> takes no combat damage"),
    (
        r"^when (?P<n>{name}) attacks, (?:he|she|it) (?:may|can) only be blocked by level 1 "
        r"character dice$",
        r"\g<n> can't be blocked by character dice of level 2 or higher",
    ),
    (
        r"\bput all {name}s from the used pile into the prep area$",
        r"move all {name} dice from your Used Pile to your Prep Area",
    ),
    (
        r"^if (?P<n>.+?) takes (?:any )?damage (?:during|on) (?:your|an) opponent's turn,",
        r"When \g<n> takes damage during your opponent's turn,",
    ),
    (r", both players take (?P<c>\d) damage$", r", deal \g<c> damage to each player"),
    (r"^(?P<t>when .+?), KO (?:him|her)$", "\\g<t>, KO {name}"),
    (r"^when an? {name} die is (?P<e>KO'd\b)", r"When {name} is \g<e>"),
    (
        r"\bdraw a die\. if it is (?P<k>an? [^,.]+?), add it to your prep area,? otherwise,? add "
        r"it to your used pile$",
        r"draw a die, Prep it only if it is \g<k>, otherwise place it in your used pile",
    ),
    (
        r"\bdraw (?P<c>2|two) dice from your bag\. prep one and place the other in your used "
        r"pile$",
        r"draw 2 dice from your bag, Prep one and place the other in your used pile",
    ),
)


def _compiled(line: Line):
    name = re.escape(line.card_name.strip())
    for pattern, to in _REWRITES:
        yield re.compile(pattern.replace("{name}", name), re.IGNORECASE), to


def _without_nickname(line: Line, text: str) -> str:
    """'Bret Hart' for the card Bret "Hit Man" Hart: the card's full name."""
    found = re.fullmatch(r'(?P<first>\S+) "[^"]+" (?P<last>.+)', line.card_name.strip())
    if not found:
        return text
    short = f"{found['first']} {found['last']}"
    return re.sub(rf"\b{re.escape(short)}\b", line.card_name.strip(), text)


def rewritten(line: Line) -> str:
    text = _without_nickname(line, line.text)
    for compiled, to in _compiled(line):
        text = compiled.sub(lambda m, to=to: m.expand(to.replace("{name}", line.card_name)), text)
    return text


@recogniser(FAMILY, kinds=("ability",), priority=903)
def spelt_otherwise(line: Line) -> Match | None:
    """A line put the way the families read it, read again."""
    text = rewritten(line)
    return read_again(line, text)


_SURVIVED = (
    (
        r"^if (?P<who>.+?) is blocked but (?:is )?not (?:knocked out|ko'd),? (?P<rest>.+)$",
        "blocked",
    ),
    (
        r"^at the end of your attack step, if (?P<who>.+?) was blocked but not "
        r"(?:ko'd|knocked out),? (?P<rest>.+)$",
        "blocked",
    ),
    (
        r"^when (?P<who>.+?) blocks and (?:is not|isn't) (?:ko'd|knocked out),? (?P<rest>.+)$",
        "blocking",
    ),
)


@recogniser(FAMILY, kinds=("ability",), priority=145)
def survived_combat(line: Line) -> Match | None:
    """'If NAME is blocked but is not knocked out, <effect>', 'At the end of your Attack Step,
    if NAME was blocked but not KO'd, <effect>', 'When NAME blocks and is not KO'd, <effect>':
    when combat is over (R11.5), for each of the card's dice back in the Field that was
    blocked / that blocked, the effects as that die's (`wn_combat_survived`,
    `wn_each_survivor`)."""
    found, way = next(
        (
            (m, way)
            for pattern, way in _SURVIVED
            if (m := re.match(pattern, line.text, re.IGNORECASE)) and is_self(m["who"], line)
        ),
        (None, ""),
    )
    if found is None:
        return None
    name = line.card_name.strip()
    rest = re.sub(r"^(?:he|she|it) deals ", f"{name} deals ", found["rest"], flags=re.I)
    rest = re.sub(r"\bits (attack|A)\b", rf"{name}'s \1", rest)
    spec = trigger_body(rest, line)
    if spec is None or set(spec) != {"effects"}:
        return None
    each = {"do": "wn_each_survivor", "as": way, "effects": spec["effects"]}
    return Match.ability({"when": "wn_combat_survived", "effects": [each]})


_KOD_ATTACKING = re.compile(
    r"^(?:if|when) (?P<who>.+?) is (?:KO'd|knocked out) while attacking,? (?P<rest>.+)$",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=145)
def kod_while_attacking(line: Line) -> Match | None:
    """'If / When NAME is KO'd while attacking, <effect>': the line read as 'When NAME is KO'd,
    <effect>' (rewritten as the other lines are), its trigger narrowed to `wn_kod_attacking`."""
    found = _KOD_ATTACKING.match(line.text)
    if not found or not is_self(found["who"], line):
        return None
    text = rewritten(replace(line, text=f"When {found['who']} is KO'd, {found['rest']}"))
    read = templates.recognise(replace(line, text=text))
    if read is None or read.variant is not None or read.keywords or len(read.abilities) != 1:
        return None
    (spec,) = read.abilities
    if spec["when"] != "kod" or set(spec) - {"when", "effects", "optional", "cost", "if"}:
        return None
    return Match.ability({**spec, "when": "wn_kod_attacking"})


_ACTION = r"(?P<act>if you (?:used|played) an? (?P<basic>basic )?action(?: die)? this turn)"
_FIELDED = (
    r"if you (?:have )?fielded an? (?:non-(?P<not>[^\[,]+?) (?P<tok>\[\w+\]) character die|"
    r"non-sidekick character die besides (?P<besides>[^,]+?)) this turn"
)
_TEAM_LACKS = r"if you have no (?P<lacks>\[\w+\]) character dice on your team"
_CONDITION_FIRST = re.compile(
    rf"^(?:{_ACTION}|{_FIELDED}|{_TEAM_LACKS}),? (?P<rest>.+)$", re.IGNORECASE
)
_CONDITION_LAST = re.compile(rf"^(?P<rest>.+?),? {_ACTION}$", re.IGNORECASE)


def _condition(found, line: Line) -> dict | None:
    """The condition the line's leading (or, for an action die, last) clause names."""
    groups = found.groupdict()
    if groups.get("act"):
        return {"test": "wn_action_used", **({"basic": True} if groups["basic"] else {})}
    own = line.card_name.strip()
    if groups.get("lacks"):
        return {"test": "fl_team_lacks", "affiliation": [t.affiliation(groups["lacks"])]}
    if groups.get("besides"):
        if groups["besides"].strip().lower() != own.lower():
            return None
        return {"test": "wn_fielded", "what": "non_sidekick", "not_name": own}
    if groups.get("not") and groups["not"].strip().lower() == own.lower():
        affiliation = [t.affiliation(groups["tok"])]
        return {"test": "wn_fielded", "affiliation": affiliation, "not_name": own}
    return None


@recogniser(FAMILY, kinds=("ability",), priority=145)
def under_a_condition(line: Line) -> Match | None:
    """'If you used / played a (basic) action (die) this turn, <line>' (or '<line> if you used
    an action this turn'), 'If you (have) fielded a non-NAME [X] character die / a non-Sidekick
    character die besides NAME this turn, <line>', 'If you have no [X] character dice on your
    team, <line>': the line read alone, under the condition (`wn_action_used`, `wn_fielded`,
    fielded_long's `fl_team_lacks`; with the line's own condition, both: `all_of`)."""
    found = _CONDITION_FIRST.match(line.text) or _CONDITION_LAST.match(line.text)
    if not found:
        return None
    try:
        test = _condition(found, line)
    except ValueError:
        return None
    if test is None:
        return None
    rest = found["rest"].strip()
    read = templates.recognise(replace(line, text=rest[0].upper() + rest[1:]))
    if read is None or read.variant is not None or read.keywords or len(read.abilities) != 1:
        return None
    (spec,) = read.abilities
    if spec["when"] in ("global", "activated") or "limit" in spec:
        return None
    if "if" in spec:
        test = {"test": "all_of", "conditions": [spec["if"], test]}
    return Match.ability({**spec, "if": test})


_NOT_KOD = re.compile(
    r"^(?:when|whenever|if) (?P<who>.+?) (?P<event>takes damage|is damaged)(?P<step> during the "
    r"attack step)? (?:and|but) (?:is not|isn't|not) (?:KO'd|knocked out),? (?P<rest>.+)$",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=145)
def damaged_not_kod(line: Line) -> Match | None:
    """'When NAME takes damage and isn't KO'd, <effect>', 'If NAME is damaged during the Attack
    Step and not KO'd, <effect>': the line without 'and not KO'd' read again, its 'damaged'
    trigger under the condition `wn_survives` (with its own, both: `all_of`)."""
    found = _NOT_KOD.match(line.text)
    if not found or not is_self(found["who"], line):
        return None
    step = " during the attack step" if found["step"] else ""
    text = f"When {found['who']} takes damage{step}, {found['rest']}"
    read = templates.recognise(replace(line, text=text))
    if read is None or read.variant is not None or read.keywords or len(read.abilities) != 1:
        return None
    (spec,) = read.abilities
    if spec["when"] != "damaged" or set(spec) - {"when", "effects", "optional", "if"}:
        return None
    test = {"test": "wn_survives"}
    if "if" in spec:
        test = {"test": "all_of", "conditions": [spec["if"], test]}
    return Match.ability({**spec, "if": test})


_KO_TO_USED = re.compile(
    r"^when (?P<who>.+?) would be (?:KO'd|knocked out), instead (?:put|place) (?:him|her|it) "
    r"(?:in|into) (?:your|the) used pile$",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=145)
def kod_to_used_pile(line: Line) -> Match | None:
    """'When NAME would be KO'd, instead put him into your Used Pile': the card's own dice,
    KO'd, go to the Used Pile instead of the Prep Area (named_statics' `ns_ko_to_used`, the
    engine's 'ko_to_used' question, asked while the die is still in the Field)."""
    found = _KO_TO_USED.match(line.text)
    if not found or not is_self(found["who"], line):
        return None
    effect = {"do": "ns_ko_to_used", "to": {"pick": "this"}}
    return Match.ability({"when": "while_active", "effects": [effect]})
