"""Family `while_rest` (priority 146: only lines every other family declines): 'While NAME is
active, ...' (or 'While active, ...') lines of shapes no other while family reads, played
through the stat query layer, the restrict hook and interrupting preventions (the effects in
rules/abilities/extensions/while_rest.py):

- no damage from the opponent's 'When fielded' effects or global abilities: 'you take no
  damage from your opponent's "when fielded" effects', 'prevent all damage to you from
  opposing "when fielded" abilities', 'opposing "When fielded" effects deal no damage to you
  or your character dice', 'your opponent's effects on their Villains that activate "when
  fielded" deal no damage to you', 'your opponent's Global Abilities deal no damage to you or
  your character dice', 'prevent all damage from the Range ability to your [KO] character
  dice' (`wr_no_damage_from`, R13.4);
- an extra reroll in your Roll and Reroll Step: 'you gain an additional reroll', 'you may
  reroll any or all of your dice one additional time', '... action dice one extra time', '...
  one die one extra time', 'once per turn, ... you may pay 2 life to reroll your dice an
  additional time' (`wr_extra_reroll`, R5.2; the engine's 'extra_reroll' question);
- attack limits: 'only 1 [DCB] character die can attack each turn', 'only one opposing
  character die of each affiliation may attack each turn', 'opponent can't attack with more
  than 1 Sidekick per turn. Captain America can't attack either' (`wr_attack_limit`, the
  restrict hook's new 'attackers' question about the whole declaration, R13.7);
- 'your character dice with fielding cost of 2 are free to field', 'your characters with
  active character dice are free to field' (`wr_free_to_field`);
- 'non-combat damage that would reduce you to 0 life or less instead reduces you to 1 life'
  (`wr_keep_one_life`);
- the first damage each turn: 'prevent the first point of damage dealt to you each turn', '...
  to you from each source each turn', 'the first time you or one of your character dice is
  damaged each turn, prevent that damage', 'you may prevent the first instance of damage to you
  each turn', '... prevent that damage unless your opponent pays 2 life', '... spin a NAME die
  up one level then redirect the damage to that die' (`wr_first_damage`, R13.4);
- 'deal your opponent 1 damage each time they purchase an action die' (`wr_purchase_damage`),
  'Prep the first action die you purchase each turn' (`wr_purchase_prep`);
- 'whenever you would take damage, you may redirect up to 2 of that damage from each source to
  NAME' (`wr_redirect_some`, R13.4);
- lines other families read once put their way: 'NPC dice' in a Dungeons & Dragons set (the
  Sidekick dice, plain_tail's reading), 'annd'; 'While NAME is active, if <condition>, A, B and
  C' (three statements under the condition); 'While you have [M] in your Reserve Pool, <a
  statement about NAME>' (the statement under the Reserve Pool condition); 'if you take
  damage' after 'While NAME is active' (the 'when you take damage' trigger), 'spin X up to
  level 3' (to level 3).

Readings (T5.1: where the text is ambiguous, the weaker one):
- A 'When fielded' effect is a die's own 'When fielded' ability (not a card's 'when you field
  a die' watcher), and it is the opponent's (its controller); 'Villains' are the dice of
  Villain cards (the [DCV] / Villain affiliation).
- The damage they deal is what they deal while resolving (the front of the effect queue);
  combat damage is never theirs.
- An extra reroll is one more group reroll after the step's reroll (R5.2), once a turn, only
  in the holder's own step; two such cards give two. 'One die one extra time' is that reroll
  of a single die; 'action dice one extra time' of action dice only.
- 'Only one X can attack each turn' limits each declaration of attackers (one Attack Step a
  turn, R5.4); dice without 'your' / 'opposing' are both players' (R13.8).
- 'Fielding cost of 2' is the printed fielding cost of the face being fielded; 'characters with
  active character dice' are cards with another die already in the holder's Field.
- Keeping 1 life: the damage above life minus 1 is prevented, read on the damage as it is
  after the other preventions before it.
- The first damage each turn is the first one about to be dealt while an effect or combat
  damage resolves (interrupts are offered then, R13.4); a damage another prevention stops
  entirely first does not count. Declining the optional prevention uses it up (only the first
  instance). 'From each source': the die or card dealing it.
- An action die purchased is any die of an action card (basic or not).
- 'Up to 2': the holder picks 2, 1 or none (the most first); the damage keeps its source and
  its kind (combat or not).
"""

import re

from rules.abilities.templates import Line, Match, recogniser
from rules.abilities.templates.while_tail import _self_active

FAMILY = "while_rest"
PRIORITY = 146

_Q = r"[\"'“”‘’]"
_FIELDED = rf"{_Q}when fielded,?{_Q}"
_OPPOSING = r"(?:your opponent'?s'?|opposing|your opponents'?)"
_NO_DAMAGE = (
    # 'you take no damage from your opponent's "when fielded" effects'
    re.compile(
        rf"you take no damage from {_OPPOSING} {_FIELDED} (?:effects|abilities)", re.IGNORECASE
    ),
    # 'prevent all damage to you from opposing "when fielded" abilities'
    re.compile(
        rf"prevent all damage to you from {_OPPOSING} {_FIELDED} (?:effects|abilities)",
        re.IGNORECASE,
    ),
    # 'opposing "When fielded" effects / your opponent's Global Abilities deal no damage to you
    # (or your character dice)'
    re.compile(
        rf"{_OPPOSING} (?:(?P<fielded>{_FIELDED} (?:effects|abilities))|(?P<global>global "
        rf"abilities)|effects on their (?P<villains>villains) that activate {_FIELDED}) deal no "
        r"damage to you(?P<dice> or your character dice)?",
        re.IGNORECASE,
    ),
)


_RANGE = re.compile(r"prevent all damage from the Range ability to (?P<who>your .+)", re.IGNORECASE)


def _no_damage(text: str, line: Line) -> list[dict] | None:
    from rules.abilities import phrases_static as ps

    found = _RANGE.fullmatch(text)
    if found:  # 'prevent all damage from the Range ability to your [KO] character dice'
        who = ps.subject(found["who"], line)
        if who is None or set(who) - {"pick", "side", "affiliation", "energy", "what"}:
            return None
        if who.get("side") != "yours" or who.get("what") not in (None, "character"):
            return None
        to = {k: v for k, v in who.items() if k not in ("side", "what")}
        return [{"do": "wr_no_damage_from", "ability": "range", "protects": ["dice"], "to": to}]
    for regex in _NO_DAMAGE:
        found = regex.fullmatch(text)
        if not found:
            continue
        groups = found.groupdict()
        effect = {
            "do": "wr_no_damage_from",
            "ability": "global" if groups.get("global") else "fielded",
            "protects": ["you", "dice"] if groups.get("dice") else ["you"],
        }
        if groups.get("villains"):
            effect["from"] = {"pick": "each", "affiliation": ["villain"]}
        return [effect]
    return None


_STEP = r"(?:the |your )?roll and reroll step"
_REROLLS = (
    # 'you gain an additional reroll during your Roll and Reroll Step'
    (re.compile(rf"you gain an additional reroll during {_STEP}", re.I), {}),
    # 'you may reroll any or all of your dice one additional time during the roll and reroll
    # step'
    (
        re.compile(
            rf"you may reroll any or all of your dice one (?:additional|extra) time during {_STEP}",
            re.I,
        ),
        {},
    ),
    # 'you may reroll action dice one extra time during Roll and Reroll Step'
    (
        re.compile(
            rf"you may reroll (?:your )?action dice one (?:additional|extra) time during {_STEP}",
            re.I,
        ),
        {"dice": "action"},
    ),
    # 'you may reroll one die one extra time during your Roll and Reroll Step'
    (
        re.compile(rf"you may reroll one die one (?:additional|extra) time during {_STEP}", re.I),
        {"max_dice": 1},
    ),
)
_PAID_REROLL = re.compile(
    rf"once per turn, during {_STEP}, you may pay (?P<n>\d) life to reroll your dice an "
    r"(?:additional|extra) time",
    re.IGNORECASE,
)


def _reroll(text: str, line: Line) -> list[dict] | None:
    for regex, fields in _REROLLS:
        if regex.fullmatch(text):
            return [{"do": "wr_extra_reroll", **fields}]
    found = _PAID_REROLL.fullmatch(text)
    if found:
        return [{"do": "wr_extra_reroll", "life": int(found["n"])}]
    return None


_ONLY_ONE = re.compile(r"only (?:1|one) (?P<who>.+?) (?:can|may) attack each turn", re.IGNORECASE)
_OF_EACH_AFFILIATION = re.compile(r"(?P<who>.+?) of each affiliation", re.IGNORECASE)
_NO_MORE_THAN = re.compile(
    r"(?:your )?opponents? (?:can't|cannot) attack with more than (?:1|one) (?P<who>sidekicks?)"
    r" per turn(?:\. (?P<name>[A-Z][\w.' -]+?) (?:can't|cannot) attack either)?",
    re.IGNORECASE,
)


def _attack_limit(text: str, line: Line) -> list[dict] | None:
    """'only 1 [DCB] character die can attack each turn', 'only one opposing character die of
    each affiliation may attack each turn', 'opponent can't attack with more than 1 Sidekick per
    turn. Captain America can't attack either'."""
    from rules.abilities import phrases_static as ps

    found = _ONLY_ONE.fullmatch(text)
    if found:
        who, per = found["who"], _OF_EACH_AFFILIATION.fullmatch(found["who"])
        if per:
            who = per["who"]
        to = ps.subject(who, line)
        if to is None or set(to) - {"pick", "side", "affiliation", "energy", "what"}:
            return None
        if to.get("what") not in (None, "sidekick", "non_sidekick"):
            return None
        effect = {"do": "wr_attack_limit", "to": to, "max": 1}
        if per:
            effect["per_affiliation"] = True
        return [effect]
    found = _NO_MORE_THAN.fullmatch(text)
    if not found:
        return None
    to = {"pick": "each", "side": "opposing", "what": "sidekick"}
    effects = [{"do": "wr_attack_limit", "to": to, "max": 1}]
    if found["name"]:
        named = {"pick": "each", "side": "opposing", "name": found["name"].strip()}
        effects.append({"do": "restrict", "action": "attack", "to": named})
    return effects


_FREE_COST = re.compile(
    r"your character dice with (?:a )?fielding cost of (?P<n>\d) are free to field", re.I
)
_FREE_ACTIVE = re.compile(
    r"your characters with active character dice are free to field", re.IGNORECASE
)


def _free(text: str, line: Line) -> list[dict] | None:
    """'your character dice with fielding cost of 2 are free to field', 'your characters with
    active character dice are free to field'."""
    yours = {"pick": "each", "side": "yours"}
    found = _FREE_COST.fullmatch(text)
    if found:
        return [{"do": "wr_free_to_field", "to": yours, "fielding": int(found["n"])}]
    if _FREE_ACTIVE.fullmatch(text):
        return [{"do": "wr_free_to_field", "to": yours, "card_active": True}]
    return None


_KEEP_ONE = re.compile(
    r"non-combat damage that would reduce you to 0 life or less instead reduces you to 1 life",
    re.IGNORECASE,
)


_FIRST_DAMAGE = (
    # 'prevent the first point of damage dealt to you each turn'
    (
        re.compile(r"prevent the first point of damage (?:dealt )?to you each turn", re.I),
        {"protects": ["you"], "amount": 1},
    ),
    # 'the first time you or one of your character dice is damaged each turn, prevent that
    # damage'
    (
        re.compile(
            r"the first time you or one of your character dice (?:is|are) damaged each turn, "
            r"prevent that damage",
            re.IGNORECASE,
        ),
        {"protects": ["you", "dice"]},
    ),
    # 'prevent the first point of damage to you from each source each turn'
    (
        re.compile(r"prevent the first point of damage to you from each source each turn", re.I),
        {"protects": ["you"], "amount": 1, "per_source": True},
    ),
    # 'you may prevent the first instance of damage to you each turn'
    (
        re.compile(r"you may prevent the first instance of damage to you each turn", re.I),
        {"protects": ["you"], "optional": True},
    ),
)
_FIRST_UNLESS = re.compile(
    r"the first time each turn you would take damage, prevent that damage unless your "
    r"opponent pays (?P<n>\d) life",
    re.IGNORECASE,
)


_FIRST_REDIRECT = re.compile(
    r"the first time you would take damage each turn, spin an? (?P<name>.+?) die up one level "
    r"then redirect the damage to that die",
    re.IGNORECASE,
)


def _first_damage(text: str, line: Line) -> list[dict] | None:
    for regex, fields in _FIRST_DAMAGE:
        if regex.fullmatch(text):
            return [{"do": "wr_first_damage", **fields}]
    found = _FIRST_REDIRECT.fullmatch(text)
    if found and found["name"].strip().lower() == line.card_name.strip().lower():
        return [{"do": "wr_first_damage", "protects": ["you"], "redirect_spun": 1}]
    found = _FIRST_UNLESS.fullmatch(text)
    if found:
        return [{"do": "wr_first_damage", "protects": ["you"], "unless_life": int(found["n"])}]
    return None


_PURCHASE_DAMAGE = re.compile(
    r"deal your opponent (?P<n>\d) damage each time they purchase an action die", re.I
)


def _purchase_damage(text: str, line: Line) -> list[dict] | None:
    """'deal your opponent 1 damage each time they purchase an action die', 'Prep the first
    action die you purchase each turn'."""
    if re.fullmatch(r"prep the first action die you purchase each turn", text, re.IGNORECASE):
        return [{"do": "wr_purchase_prep", "what": "action"}]
    found = _PURCHASE_DAMAGE.fullmatch(text)
    if not found:
        return None
    return [
        {"do": "wr_purchase_damage", "by": "opposing", "what": "action", "amount": int(found["n"])}
    ]


_REDIRECT_SOME = re.compile(
    r"whenever you would take damage, you may redirect up to (?P<n>\d) of that damage from "
    r"each source to (?P<name>.+)",
    re.IGNORECASE,
)


def _redirect_some(text: str, line: Line) -> list[dict] | None:
    """'whenever you would take damage, you may redirect up to 2 of that damage from each
    source to NAME' (NAME the card's own)."""
    found = _REDIRECT_SOME.fullmatch(text)
    if not found or found["name"].strip().lower() != line.card_name.strip().lower():
        return None
    return [{"do": "wr_redirect_some", "up_to": int(found["n"])}]


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_active_rest(line: Line) -> Match | None:
    """'While NAME is active, <no damage from their 'When fielded' effects or globals / an
    extra reroll / an attack limit / free to field / 1 life kept>'."""
    if line.card_kind not in ("character", "character_or_action"):
        return None
    rest = _self_active(line)
    if rest is None:
        return None
    readers = (
        _no_damage,
        _reroll,
        _attack_limit,
        _free,
        _first_damage,
        _keep_one,
        _purchase_damage,
        _redirect_some,
    )
    for read in readers:
        effects = read(rest, line)
        if effects is not None:
            return Match.ability({"when": "while_active", "effects": effects})
    return None


def _keep_one(text: str, line: Line) -> list[dict] | None:
    return [{"do": "wr_keep_one_life"}] if _KEEP_ONE.fullmatch(text) else None


# -- spellings the other while families read once put their way ---------------------------------
_SPELLINGS = (
    (re.compile(r"\bannd\b", re.IGNORECASE), "and"),  # '+1A annd +1D'
    # 'While NAME is active, if you take damage, ...': the 'when you take damage' trigger
    (
        re.compile(r"^(while .+? is active), if you take damage, ", re.IGNORECASE),
        r"\1, when you take damage, ",
    ),
    (re.compile(r"\bspin (.+?) up to level 3\b", re.IGNORECASE), r"spin \1 to level 3"),
)
_NPC_DICE = re.compile(r"\bNPC (dice|die)\b", re.IGNORECASE)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_active_spellings(line: Line) -> Match | None:
    """'While NAME is active, <statement>' with a printing slip ('annd'), or 'NPC dice' in a
    Dungeons & Dragons set, where Sidekick dice are called NPCs (plain_tail's reading): the
    line read again as the other families read it."""
    from rules.abilities.templates import read_again
    from rules.abilities.templates.plain_tail import DND_SETS, _set_of

    if _self_active(line) is None:
        return None
    text = line.text
    for slip, spelling in _SPELLINGS:
        text = slip.sub(spelling, text)
    if _set_of(line.card_key) in DND_SETS:
        text = _NPC_DICE.sub(r"Sidekick \1", text)
    return read_again(line, text)


_CONDITIONED_LIST = re.compile(
    r"(?P<head>while .+? is active), (?P<cond>if [^,]+), (?P<first>[^,]+), (?P<second>[^,]+?) "
    r"and (?P<third>[^,]+)",
    re.IGNORECASE,
)
_LIFE_AT_END = re.compile(r"gain (?P<n>\d) life at the end of each of your turns", re.I)


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def conditioned_list(line: Line) -> Match | None:
    """'While NAME is active, if <condition>, <A>, <B> and <C>': three statements under the
    same condition, each read as a line of its own ('While NAME is active, if <condition>,
    <A>'); 'gain 1 life at the end of each of your turns' as 'at the end of your turn, if
    <condition>, gain 1 life' (the condition checked then)."""
    from rules.abilities.templates.while_tail import _INSIDE, _read

    found = _CONDITIONED_LIST.fullmatch(line.text)
    if _INSIDE or not found or _self_active(line) is None:
        return None
    head, cond = found["head"], found["cond"]
    texts = []
    for part in (found["first"], found["second"], found["third"]):
        life = _LIFE_AT_END.fullmatch(part)
        if life:
            short = re.sub(r" than you do$", " than you", cond, flags=re.IGNORECASE)
            texts.append(f"{head}, at the end of your turn, {short}, gain {life['n']} life")
        else:
            texts.append(f"{head}, {cond}, {part}")
    read = _read(line, *texts)
    if read is None or len(read.abilities) != 3:
        return None
    if any(spec.get("if") is None for spec in read.abilities):
        return None  # each keeps the condition
    return read


@recogniser(FAMILY, kinds=("ability",), priority=PRIORITY)
def while_reserve_energy_statement(line: Line) -> Match | None:
    """'While you have [M] in your Reserve Pool, <a statement about NAME another family reads
    as a line>' ('Beast Boy cannot be blocked by character dice of higher level'): that
    statement, only while the energy is in the holder's Reserve Pool (the while_active
    family's condition)."""
    from rules.abilities import tokens as t
    from rules.abilities.templates.while_active_statics import _RESERVE
    from rules.abilities.templates.while_tail import _INSIDE, _read

    found = re.fullmatch(_RESERVE, line.text, re.IGNORECASE)
    if _INSIDE or not found:
        return None
    read = _read(line, found["rest"])
    if read is None or len(read.abilities) != 1:
        return None
    (spec,) = read.abilities
    if spec["when"] != "while_active" or "if" in spec:
        return None
    count = t.number(found["n"]) if found["n"] else 1
    condition = {"test": "reserve_energy_at_least", "energy": t.energy(found["energy"]), "n": count}
    return Match.ability({"when": "while_active", "if": condition, "effects": spec["effects"]})
