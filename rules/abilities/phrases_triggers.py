"""Effect clauses and trigger bodies for the triggered-ability families (when fielded, when
<this die> attacks / blocks / is blocked / is KO'd / takes damage, at the start or end of
your turn ...). Registered into the shared phrase registry (`phrases.phrase`), so every
clause here works after any trigger, in action card text and after a global's cost too.

Three layers, each reused by the next:

- `die_selector(text, line)`: a noun phrase naming dice ('target opposing level 1 [DCV]
  character die', 'up to 2 target Sidekick dice', 'each opposing [F] character die', 'all
  your other character dice', 'an opposing character') -> a vocabulary selector, or None.
  `player_selector` does the same for players ('your opponent', 'the defending player').
- effect clauses ('deal 2 damage to <dice or player>', 'KO <dice>', 'spin <dice> down 1
  level', 'reroll <dice>', '<dice> get +1A until end of turn', 'Prep a die from your bag' ...)
  registered with `@phrase`;
- `trigger_body(text, line)`: what follows a trigger: 'you may ...' (optional), a leading
  'if <condition>, ...' or trailing '... if <condition>', several sentences in turn, 'you may
  pay [B] to <effect>' (the payment asked when it resolves).

Readings chosen where the text allows more than one (T5.1, the weaker one):
- 'an opposing character die' / 'one opposing character' (no word 'target') is picked like a
  target; the engine only differs for a global's target restrictions, which never apply here.
- 'level 1 character die' means level 1 or lower (there is no lower level); 'level 1 or
  level 2' / 'level 1 or 2' means level 2 or lower. A level without 'or lower' above 1 ('level
  2 character die') is not read (the vocabulary has no minimum level).
- 'spin <die> to level 1' is spinning it down two levels, stopping at level 1.
- a condition is checked when the ability triggers (R13.3), not again when it resolves.
- 'the defending player' is read as the opponent of the ability's holder.
- 'he/she/it' in an effect is the ability's own die ('this').
Anything else (choices of 'target character or player', 'non-[F]' energy negations, 'divided
as you choose', durations other than this turn, 'if you do' follow-ups) is not read: the
line stays manual.
"""

import re

from rules.abilities import phrases
from rules.abilities import tokens as t
from rules.abilities.phrases import phrase

# -- dice ---------------------------------------------------------------------------------------
_COUNT_WORDS = r"(?:\d+|one|two|three|four|five)"
_DETERMINER = re.compile(
    rf"^(?:(?P<upto>(?:each of )?up to (?P<upto_n>{_COUNT_WORDS}) (?:target )?)"
    r"|(?P<theirs_each>(?:each|all) of (?:your|an|the) opponent's )"
    r"|(?P<theirs>(?:one |a )?(?:target )?(?:your |an |the )?opponent's )"
    rf"|(?P<n>{_COUNT_WORDS}) target "
    r"|(?P<target>another target |another |a target |one target |target |an? |one )"
    r"|(?P<each>each of (?:your |the )?|each |all of (?:your |the )?|all |every )"
    r"|(?P<your>your ))",
    re.IGNORECASE,
)
_NOUN = re.compile(
    r"(?P<noun>(?:non-sidekick )?(?:sidekick |)?character (?:dice|die)|characters?"
    r"|sidekick (?:character )?(?:dice|die)|sidekick characters?|sidekicks?"
    r"|non-sidekick character (?:dice|die)|non-sidekick characters?"
    r"|(?:non-sidekick |sidekick )?monsters?|villains?|(?:dice|die))$",
    re.IGNORECASE,
)
_TAIL = re.compile(
    r"\s*(?P<tail>,? including yours|\s(?:you control|your opponent controls|they control"
    r"|controlled by your opponent"
    r"|in (?:the|your|your opponent's|their) field(?: zone)?|in play"
    r"|with the (?P<aff>villain|x-men|avengers|justice league) affiliation"
    r"|with (?:a )?purchase cost (?:of )?\[?(?P<cost>\d+)\]? or (?:less|lower)"
    r"|of level (?P<lvl>\d) or lower|(?P<eq>of (?:an )?equal or lower level)))$",
    re.IGNORECASE,
)
_LEVEL = re.compile(
    r"^level (?P<a>[123])(?: or (?:level )?(?P<b>[123]))?(?P<lower> or lower)?\s+", re.IGNORECASE
)
_TOKEN = re.compile(
    r"^(?P<neg>non-)?(?P<tok>\[[A-Z0-9]+\]|villain\b|x-men\b)(?:\s+(?:or|and)\s+|\s*/\s*)?",
    re.IGNORECASE,
)


def _count(word: str) -> int:
    return t.number(word)


def die_selector(text: str, line=None, *, default_pick: str = "") -> dict | None:
    """The selector a noun phrase about character dice names, or None when any word of it is
    not understood (an affiliation we don't know included). `default_pick` is used when the
    phrase has no determiner (a count: 'for each Sidekick in the Field')."""
    try:
        return _die_selector(text, default_pick, line.card_name if line is not None else "")
    except ValueError:
        return None


def _named(text: str, card_name: str) -> tuple[str, str] | None:
    """'your NAME dice', 'your fielded NAMEs': the card's own name as the noun -> (the text
    with a plain noun, the name filter)."""
    if not card_name:
        return None
    found = re.search(
        rf"(?:^|\s){re.escape(card_name)}(?:s| dice| character dice)?$", text, re.IGNORECASE
    )
    if found is None:
        return None
    return text[: found.start()] + " character dice", card_name


def _die_selector(text: str, default_pick: str, card_name: str = "") -> dict | None:
    text = re.sub(r"\s+", " ", text.strip())
    selector: dict = {}
    found = _DETERMINER.match(text)
    if found:
        if found["theirs_each"]:
            selector.update(pick="each", side="opposing")
        elif found["theirs"]:
            selector.update(pick="target", side="opposing")
        elif found["upto"]:
            selector.update(pick="up_to", count=_count(found["upto_n"]))
        elif found["n"]:
            selector.update(pick="target", count=_count(found["n"]))
        elif found["target"]:
            selector["pick"] = "target"
            if found["target"].lower().startswith("another"):
                selector["other"] = True
        elif found["each"]:
            selector["pick"] = "each"
            if found["each"].lower().endswith("your "):
                selector["side"] = "yours"
        else:  # 'your X character dice get ...'
            selector.update(pick="each", side="yours")
        text = text[found.end() :]
    elif default_pick:
        selector["pick"] = default_pick
    elif re.search(r"(?:dice|characters|sidekicks|monsters)(?: you control)?$", text, re.I):
        selector["pick"] = "each"  # '[DCV] character dice you control get +2A'
    else:
        return None
    while (tail := _TAIL.search(text)) is not None:
        word = tail["tail"].lower().strip(" ,")
        # 'all Sidekicks, including yours' means every one, as without it: nothing to add
        if tail["eq"]:
            selector["level_at_most_this"] = True
        elif tail["aff"] and word != "including yours":
            selector.setdefault("affiliation", []).append(t.affiliation(tail["aff"]))
        elif word == "they control" or word.startswith("in their"):
            selector["side"] = "opposing"  # the opponent's, in 'for each Sidekick they control'
        elif word == "you control":
            selector["side"] = "yours"
        elif word in ("your opponent controls", "controlled by your opponent"):
            selector["side"] = "opposing"
        elif tail["cost"]:
            selector["max_cost"] = int(tail["cost"])
        elif tail["lvl"]:
            selector["max_level"] = int(tail["lvl"])
        elif word.startswith("in your field"):
            selector["side"] = "yours"
        elif word.startswith("in your opponent's"):
            selector["side"] = "opposing"
        text = text[: tail.start()]
    named = _named(text, card_name)
    if named is not None:
        text, selector["name"] = named
    noun = _NOUN.search(text)
    if noun is None:
        return None
    words = text[: noun.start()].strip()
    noun_text = noun["noun"].lower()
    # adjectives, in any order: opposing, other, active, fielded, level N, [AFF], [F] ...
    energy, affiliations, not_affiliations = [], list(selector.pop("affiliation", [])), []
    if noun_text.startswith("villain"):  # 'each Villain you control'
        affiliations.append("villain")
    while words:
        lowered = words.lower()
        for adjective, apply in (
            ("opposing ", lambda: selector.__setitem__("side", "opposing")),
            ("enemy ", lambda: selector.__setitem__("side", "opposing")),
            ("other ", lambda: selector.__setitem__("other", True)),
            ("active ", lambda: None),
            ("fielded ", lambda: None),
            ("different ", None),
        ):
            if (lowered + " ").startswith(adjective):
                if apply is None:
                    return None
                apply()
                words = words[len(adjective) :].strip()
                break
        else:
            level = _LEVEL.match(words + " ")
            token = _TOKEN.match(words)
            if level:
                top = int(level["b"] or level["a"])
                if level["b"] is None and not level["lower"] and top != 1:
                    return None
                if level["b"] is not None and level["a"] != "1":
                    return None
                selector["max_level"] = top
                words = (words + " ")[level.end() :].strip()
            elif token:
                tok = token["tok"]
                if tok.strip("[]").upper() in t.ENERGY_TOKENS:
                    if token["neg"]:
                        return None  # no energy negation in the vocabulary
                    energy.append(t.energy(tok))
                elif token["neg"]:
                    not_affiliations.append(t.affiliation(tok))
                else:
                    affiliations.append(t.affiliation(tok))
                words = words[token.end() :].strip()
            else:
                return None
    if energy and affiliations:
        return None  # '[F] or [XMEN]': a mixed list, not one filter
    if energy:
        selector["energy"] = energy
    if affiliations:
        selector["affiliation"] = affiliations
    if not_affiliations:
        selector["not_affiliation"] = not_affiliations
    if noun_text.startswith("non-sidekick"):
        selector["what"] = "non_sidekick"
    elif noun_text.startswith("sidekick"):
        selector["what"] = "sidekick"
    elif noun_text in ("die", "dice") and not (energy or affiliations or not_affiliations):
        return None  # 'target die' may be any die (action dice, dice in the Reserve Pool)
    return selector


_PLAYERS = {
    "your opponent": "opposing",
    "target opponent": "opposing",
    "the opponent": "opposing",
    "opposing player": "opposing",
    "an opposing player": "opposing",
    "the opposing player": "opposing",
    "an opponent": "opposing",
    "each opponent": "opposing",
    "each opposing player": "opposing",
    "all opponents": "opposing",
    "the defending player": "opposing",
    "each player": "any",
    "all players": "any",
    "both players": "any",
    "you": "yours",
}


def player_selector(text: str) -> dict | None:
    side = _PLAYERS.get(re.sub(r"\s+", " ", text.strip().lower()))
    return None if side is None else {"pick": "player", "side": side}


# Object forms beside tokens.is_self's subjects ('spin him up', 'it deals damage to itself')
_OBJECT_WORDS = {"him", "her", "itself", "himself", "herself"}


def is_self(text: str, line) -> bool:
    """Whether the words name the ability's own die: tokens.is_self's ('NAME', 'he', 'this
    character' ...), object pronouns, 'this NAME die', 'a NAME die' (compared as words: no
    pattern per card name)."""
    words = re.sub(r"\s+", " ", text.strip().lower())
    name = (line.card_name if line is not None else "").strip().lower()
    if t.is_self(words, name) or words in _OBJECT_WORDS:
        return True
    forms = {f"this {name} die", f"this {name} character die", f"a {name} die", f"an {name} die"}
    return bool(name) and words in forms


def target_of(text: str, line) -> dict | None:
    """Dice, a player, or the ability's own die. A global or an action die has no die of its
    own: there 'it' / 'they' is the die the previous effect picked ('it')."""
    if is_self(text, line):
        no_die = line is not None and (
            line.kind == "global" or line.card_kind in ("basic_action", "action")
        )
        if no_die:
            pronoun = text.strip().lower() in ("it", "they", "them", "itself")
            return {"pick": "it"} if pronoun else None
        return {"pick": "this"}
    return player_selector(text) or die_selector(text, line)


# -- amounts ----------------------------------------------------------------------------------
_STAT_WORDS = {
    "a": "attack",
    "attack": "attack",
    "attack value": "attack",
    "d": "defense",
    "defense": "defense",
    "level": "level",
}
_PER = re.compile(r"^(?P<body>.+?) for each (?P<per>.+)$", re.IGNORECASE)


def per_amount(text: str, line, times: int = 1) -> dict | None:
    """'for each opposing Sidekick' -> {'count': selector, 'times': n}."""
    text = re.sub(r"^(?:of )", "", text.strip(), flags=re.IGNORECASE)
    theirs = re.match(r"^their ", text, re.IGNORECASE)
    if theirs:  # 'for each of their [AV] character dice': the opponent's
        text = text[theirs.end() :]
    selector = die_selector(text, line, default_pick="each")
    if selector is None:
        return None
    if theirs:
        if selector.get("side", "opposing") != "opposing":
            return None
        selector["side"] = "opposing"
    selector["pick"] = "each"
    selector.pop("count", None)
    return {"count": selector, "times": times}


_AFTER_KO = re.compile(
    r"^(?:when|whenever|each time|if) .*?(?:is ko'?d|is knocked out|gets knocked out)\b",
    re.IGNORECASE,
)


def stat_amount(text: str, line) -> dict | None:
    """ "NAME's A", 'his level', 'its attack' -> {'stat': ..., 'of': 'this'}."""
    found = re.fullmatch(
        r"(?P<who>.+?)(?:'s|’s)? (?P<stat>a|attack value|attack|d|defense|level)",
        text.strip(),
        re.IGNORECASE,
    )
    if not found:
        return None
    if line is not None and _AFTER_KO.match(line.text):
        return None  # a KO'd die has left the Field: its A, D and level are gone with its face
    who = found["who"].strip()
    # a character card's 'his' / 'her' is its own die (a clause after another is checked apart)
    if who.lower() not in ("his", "her") and not is_self(who, line):
        return None
    return {"stat": _STAT_WORDS[found["stat"].lower()], "of": "this"}


# -- effect clauses ---------------------------------------------------------------------------
_N = rf"(?P<n>{t.NUMBER})"
_DEALS = r"(?:deal|(?P<subject>.+?) deals?)"
_UNTIL = r"(?:,? \(?(?:until (?:the )?end of (?:the )?turn|this turn)\)?)?"


def _subject_ok(m, line) -> bool:
    return m["subject"] is None or is_self(m["subject"], line)


def _damage(to: dict, amount) -> dict:
    return {"do": "damage", "to": to, "amount": amount}


def _split_and(text: str, line) -> list[dict] | None:
    """'your opponent and each opposing character' -> both targets (or one)."""
    whole = target_of(text, line)
    if whole is not None:
        return [whole]
    parts = re.split(r",? and (?:to )?", text, maxsplit=1)
    if len(parts) != 2:
        return None
    found = [target_of(p, line) for p in parts]
    if any(f is None for f in found) or any(f["pick"] in ("target", "up_to") for f in found):
        return None
    return found


@phrase(rf"{_DEALS} {_N} damage to (?P<who>.+?)(?: for each (?P<per>.+))?")
def _deal_damage(m, line):
    if not _subject_ok(m, line):
        return None
    amount = t.number(m["n"])
    if m["per"]:
        amount = per_amount(m["per"], line, amount)
        if amount is None:
            return None
    targets = _split_and(m["who"], line)
    if targets is None:
        return None
    return [_damage(to, amount) for to in targets]


@phrase(rf"{_DEALS} (?P<who>your opponent|target opponent|the defending player) {_N} damage")
def _deal_player_n(m, line):
    if not _subject_ok(m, line):
        return None
    return [_damage(player_selector(m["who"]), t.number(m["n"]))]


@phrase(rf"{_DEALS} damage equal to (?P<stat>.+?) to (?P<who>.+)")
@phrase(rf"{_DEALS} damage to (?P<who>.+?) equal to (?P<stat>.+)")
def _deal_stat_damage(m, line):
    if not _subject_ok(m, line):
        return None
    amount = stat_amount(m["stat"], line)
    to = target_of(m["who"], line)
    if amount is None or to is None or to["pick"] == "this":
        return None
    return [_damage(to, amount)]


_OR_PLAYER = r"target (?:(?P<dice>character(?: die)?|creature) or )?(?P<p>player|opponent)"


def _damage_choice(amount, m) -> list[dict]:
    """One target that may be a character die or a player ('or_player': either player, or
    'opposing'), or only a player: 'target player' (either, one chosen: count 1)."""
    opponent = m["p"].lower() == "opponent"
    if m["dice"]:
        to = {"pick": "target", "or_player": "opposing" if opponent else True}
    elif opponent:
        to = {"pick": "player", "side": "opposing"}
    else:
        to = {"pick": "player", "side": "any", "count": 1}
    return [_damage(to, amount)]


@phrase(rf"{_DEALS} {_N} damage to {_OR_PLAYER}")
def _deal_choice(m, line):
    if not _subject_ok(m, line):
        return None
    return _damage_choice(t.number(m["n"]), m)


@phrase(rf"{_DEALS} damage equal to (?P<stat>.+?) to {_OR_PLAYER}")
@phrase(rf"{_DEALS} damage to {_OR_PLAYER} equal to (?P<stat>.+)")
def _deal_stat_choice(m, line):
    if not _subject_ok(m, line):
        return None
    amount = stat_amount(m["stat"], line)
    return None if amount is None else _damage_choice(amount, m)


@phrase(rf"target player takes {_N} damage")
def _player_takes(m, line):
    return [_damage({"pick": "player", "side": "any", "count": 1}, t.number(m["n"]))]


@phrase(rf"(?:take|gain) control of (?P<who>.+?){_UNTIL}")
def _take_control(m, line):
    to = die_selector(m["who"], line)
    if to is None:
        return None
    return [{"do": "control", "to": {**to, "side": "opposing"}}]


@phrase(
    r"(?:that|the) (?:character die|character|sidekick die|sidekick|die) must attack(?: this turn)?"
)
def _it_must_attack(m, line):
    return [{"do": "grant", "to": {"pick": "it"}, "keyword": "must_attack"}]


@phrase(rf"capture (?P<who>.+?){_UNTIL}")
def _capture(m, line):
    """The captor is this die (R15.1): only a character's own ability line, never a global
    or an action die's."""
    if line is None or line.kind == "global" or line.card_kind not in ("character",):
        return None
    to = die_selector(m["who"], line)
    if to is None:
        return None
    return [{"do": "capture", "to": to}]


@phrase(r"(?:KO|knock out) (?P<who>.+)")
def _ko(m, line):
    to = die_selector(m["who"], line)
    if to is None:
        return None
    return [{"do": "ko", "to": to}]


_LEVELS = r"(?P<n>a|one|two|\d) levels?"


@phrase(rf"spin (?P<who>.+?) (?P<way>up|down) {_LEVELS}(?: \(if (?:possible|able)\))?")
@phrase(rf"spin (?P<way>up|down) (?P<who>.+?) {_LEVELS}")
def _spin(m, line):
    to = target_of(m["who"], line)
    if to is None or to["pick"] == "player":
        return None
    levels = t.number(m["n"]) * (1 if m["way"].lower() == "up" else -1)
    return [{"do": "spin", "to": to, "levels": levels}]


@phrase(r"spin (?P<who>.+?) (?:down )?to level 1")
def _spin_to_one(m, line):
    to = target_of(m["who"], line)
    if to is None or to["pick"] == "player":
        return None
    return [{"do": "spin", "to": to, "levels": -2}]


@phrase(r"spin (?P<who>.+?) to level 3")
def _spin_to_three(m, line):
    to = target_of(m["who"], line)
    if to is None or to["pick"] == "player":
        return None
    return [{"do": "spin", "to": to, "levels": 2}]


@phrase(r"reroll (?P<who>.+)")
def _reroll(m, line):
    to = target_of(m["who"], line)
    if to is None or to["pick"] == "player":
        return None
    return [{"do": "reroll", "to": to}]


_MODS = r"(?P<sign>[+-])(?P<a>\d+)A(?: and (?P<sign2>[+-])(?P<d>\d+)D)?|(?P<sign3>[+-])(?P<d2>\d+)D"


def _modify(to: dict, m, per=None) -> list[dict] | None:
    signs = {s for s in (m["sign"], m["sign2"], m["sign3"]) if s}
    if len(signs) != 1:
        return None
    effect: dict = {"do": "modify", "to": to}
    attack = int(m["a"]) if m["a"] else 0
    defense = int(m["d"] or m["d2"] or 0)
    if per is not None:
        if attack:
            effect["attack"] = {**per, "times": attack}
        if defense:
            effect["defense"] = {**per, "times": defense}
    else:
        if attack:
            effect["attack"] = attack
        if defense:
            effect["defense"] = defense
    if signs == {"-"}:
        effect["sign"] = -1
    return [effect]


@phrase(rf"(?P<who>.+?) (?:gets?|gains?) (?:{_MODS})(?: for each (?P<per>.+?))?{_UNTIL}")
def _gets(m, line):
    to = target_of(m["who"], line)
    if to is None or to["pick"] == "player":
        return None
    per = None
    if m["per"]:
        per = per_amount(m["per"], line)
        if per is None:
            return None
    return _modify(to, m, per)


@phrase(rf"give (?P<who>.+?) (?:{_MODS}){_UNTIL}")
def _give(m, line):
    to = target_of(m["who"], line)
    if to is None or to["pick"] == "player":
        return None
    return _modify(to, m)


_KEYWORDS = {"overcrush": "overcrush", "fast": "fast", "iron will": "iron_will"}
_KEYWORD = r"(?P<kw>overcrush|fast|iron will)(?: and (?P<kw2>overcrush|fast|iron will))?"


@phrase(rf"(?P<who>.+?) (?:gains?|gets) {_KEYWORD}{_UNTIL}")
@phrase(rf"give (?P<who>.+?) {_KEYWORD}{_UNTIL}")
def _grant(m, line):
    to = target_of(m["who"], line)
    if to is None or to["pick"] == "player":
        return None
    words = [w for w in (m["kw"], m["kw2"]) if w]
    return [{"do": "grant", "to": to, "keyword": _KEYWORDS[w.lower()]} for w in words]


_DIE_WORDS = r"(?P<n>a|one|two|three|\d+) (?:dice|die)"
_PREP_AREA = r"(?:in|into|to) your prep area"


@phrase(rf"prep {_DIE_WORDS} from your bag")
@phrase(rf"draw {_DIE_WORDS}(?: from your bag)?,? and (?:add|put|place) (?:it|them) {_PREP_AREA}")
@phrase(rf"draw {_DIE_WORDS}(?: from your bag)? and prep (?:it|them)")
@phrase(rf"add {_DIE_WORDS} from your bag {_PREP_AREA}")
def _prep_from_bag(m, line):
    return [{"do": "draw", "count": t.number(m["n"])}]


@phrase(rf"draw and roll {_DIE_WORDS}(?: \(place (?:it|them) in your reserve pool\))?")
@phrase(rf"(?:roll|draw and roll) {_DIE_WORDS} from your bag")
def _draw_roll(m, line):
    return [{"do": "draw", "count": t.number(m["n"]), "into": "reserve"}]


@phrase(rf"(?:you )?gain {_N} life")
def _gain(m, line):
    return [{"do": "gain_life", "amount": t.number(m["n"])}]


@phrase(r"(?:you )?gain life equal to (?P<stat>.+)")
def _gain_stat(m, line):
    amount = stat_amount(m["stat"], line)
    return None if amount is None else [{"do": "gain_life", "amount": amount}]


@phrase(rf"(?:you )?gain {_N} life for each (?P<per>.+)")
def _gain_per(m, line):
    amount = per_amount(m["per"], line, t.number(m["n"]))
    return None if amount is None else [{"do": "gain_life", "amount": amount}]


@phrase(rf"(?P<who>.+?) loses? {_N} life")
def _loses(m, line):
    who = player_selector(m["who"])
    if who is None:
        return None
    player = {"opposing": "opposing", "yours": "yours", "any": "each"}[who["side"]]
    return [{"do": "lose_life", "player": player, "amount": t.number(m["n"])}]


@phrase(
    r"(?:move|send) (?P<who>.+?) to (?:its owner's|their owner's|the|your opponent's) used pile"
)
def _to_used(m, line):
    to = die_selector(m["who"], line)
    if to is None:
        return None
    return [{"do": "send_to_used", "to": to}]


@phrase(
    r"(?:move|send) (?P<who>.+?) to (?:its owner's|their owner's|the|your opponent's) prep area"
)
def _to_prep(m, line):
    to = die_selector(m["who"], line)
    if to is None:
        return None
    return [{"do": "prep", "to": to}]


_THIS_TURN = r"(?: this turn| \(?until (?:the )?end of (?:the )?turn\)?)?"


@phrase(rf"(?P<who>.+?) (?:can't|cannot|can not) block{_THIS_TURN}")
@phrase(rf"prevent (?P<who>.+?) from blocking{_THIS_TURN}")
def _cant_block(m, line):
    return _restrict(m["who"], "block", line)


@phrase(rf"(?P<who>.+?) (?:can't|cannot|can not) be blocked{_THIS_TURN}")
@phrase(rf"(?P<who>.+?) (?:is|are) unblockable{_THIS_TURN}")
def _cant_be_blocked(m, line):
    return _restrict(m["who"], "be_blocked", line)


def _restrict(who: str, what: str, line) -> list[dict] | None:
    to = target_of(who, line)
    if to is None or to["pick"] == "player":
        return None
    return [{"do": "restrict", "to": to, "action": what}]


# -- dice from the Used Pile ------------------------------------------------------------------
_USED_QUANTITY = (
    r"(?P<q>a|an|one|another|a different|up to (?:one|two|three|\d+)|all(?: of your)?|two|\d+)"
)
_USED_NOUNS = {
    "die": "any",
    "dice": "any",
    "character die": "character",
    "character dice": "character",
    "character": "character",
    "characters": "character",
    "monster": "character",
    "monsters": "character",
    "sidekick": "sidekick",
    "sidekicks": "sidekick",
    "sidekick die": "sidekick",
    "sidekick dice": "sidekick",
    "non-sidekick die": "non_sidekick",
    "non-sidekick character die": "non_sidekick",
    "action die": "action",
    "action dice": "action",
    "basic action die": "basic_action",
    "basic action dice": "basic_action",
}


def used_dice(quantity: str, kind: str, line) -> dict | None:
    """'a Sidekick die', 'an [XMEN] character die', 'all [DCV] dice', 'up to two action dice',
    'a NAME die' -> the fields of a from_used effect (count/up_to/all and the dice wanted)."""
    quantity = quantity.lower()
    effect: dict = {}
    if quantity.startswith("all"):
        effect["all"] = True
    elif quantity.startswith("up to"):
        effect.update(up_to=True, count=t.number(quantity.split()[-1]))
    elif quantity in ("a", "an", "one", "another", "a different"):
        effect["count"] = 1
    else:
        effect["count"] = t.number(quantity)
    text = kind.strip()
    wanted: dict = {}
    cost = re.search(r" with (?:a )?purchase cost (?:of )?(?P<n>\d+) or (?P<way>more|less)$", text)
    if cost:
        wanted["min_cost" if cost["way"] == "more" else "max_cost"] = int(cost["n"])
        text = text[: cost.start()]
    lowered = text.lower()
    noun = next(
        (n for n in sorted(_USED_NOUNS, key=len, reverse=True) if lowered.endswith(n)), None
    )
    if noun is None:
        return None
    wanted["what"] = _USED_NOUNS[noun]
    words = text[: len(text) - len(noun)].strip()
    name = line.card_name if line is not None else ""
    if name and words.lower() == name.lower():
        wanted["name"] = name
        words = ""
    energy, affiliations = [], []
    while words:
        token = _TOKEN.match(words)
        if token is None or token["neg"]:
            return None
        tok = token["tok"]
        try:
            if tok.strip("[]").upper() in t.ENERGY_TOKENS:
                energy.append(t.energy(tok))
            else:
                affiliations.append(t.affiliation(tok))
        except ValueError:
            return None
        words = words[token.end() :].strip()
    if energy and affiliations:
        return None
    if energy:
        wanted["energy"] = energy
    if affiliations:
        wanted["affiliation"] = affiliations
    if wanted == {"what": "any"}:
        wanted = {}
    if wanted:
        effect["dice"] = wanted
    return effect


_FROM_USED = r"from your used pile"
_FIELDABLE = ("character", "sidekick", "non_sidekick")


@phrase(rf"prep {_USED_QUANTITY} (?P<kind>.+?) {_FROM_USED}")
@phrase(
    rf"(?:move|return|add|select) {_USED_QUANTITY} (?P<kind>.+?) {_FROM_USED}"
    r"(?: and place (?:it|them))? (?:to|into|in) your prep area"
)
def _used_to_prep(m, line):
    effect = used_dice(m["q"], m["kind"], line)
    return None if effect is None else [{"do": "from_used", "into": "prep", **effect}]


@phrase(rf"roll {_USED_QUANTITY} (?P<kind>.+?) {_FROM_USED}")
def _used_roll(m, line):
    effect = used_dice(m["q"], m["kind"], line)
    return None if effect is None else [{"do": "from_used", "into": "roll", **effect}]


@phrase(
    rf"field {_USED_QUANTITY} (?P<kind>.+?) {_FROM_USED}"
    r"(?: at level (?P<level>[123]))?(?: for free)?"
)
@phrase(
    rf"move {_USED_QUANTITY} (?P<kind>.+?) {_FROM_USED} to the field(?: zone)?"
    r" at level (?P<level>[123])"
)
def _used_to_field(m, line):
    effect = used_dice(m["q"], m["kind"], line)
    if effect is None or effect.get("dice", {}).get("what") not in _FIELDABLE:
        return None  # only character dice can be fielded ('a [DCV] die' may be an action die)
    level = int(m["level"]) if m["level"] else 1
    return [{"do": "from_used", "into": "field", "level": level, **effect}]


# -- conditions -------------------------------------------------------------------------------
_MORE_LIFE = re.compile(
    r"(?:your opponent's life total is (?:greater|higher) than yours"
    r"|your opponent has more life than you|the defending player has more life than you"
    r"|an opponent has more life than you)",
    re.IGNORECASE,
)
_CONTROL = re.compile(
    r"you (?:control|have) (?P<n>a|an|another|one|two|three|four|\d+)(?P<more> or more)? "
    r"(?P<what>.+)",
    re.IGNORECASE,
)
_CONTROL_NONE = re.compile(r"you (?:control|have) no (?P<what>.+)", re.IGNORECASE)
_NAMED_ACTIVE = re.compile(r"(?P<name>.+?) is active")


def _is_name(text: str) -> bool:
    """A character's name as card text writes it: capitalised words ('Iron Man', 'The
    Joker', 'Ra's al Ghul'), no affiliation or energy token, no generic noun."""
    words = text.split()
    if not words or any(w.lower() in ("character", "die", "dice", "a", "an") for w in words):
        return False
    if any("[" in w for w in words):
        return False
    return words[0][0].isupper() and all(w[0].isupper() or w in ("al", "of", "the") for w in words)


def condition(text: str, line) -> dict | None:
    """'your opponent's life total is greater than yours', 'you control 2 or more Sidekick
    character dice', 'you have an active [AV] character die', 'Wolverine is active'."""
    text = text.strip()
    if _MORE_LIFE.fullmatch(text):
        return {"test": "opponent_more_life"}
    found = _CONTROL.fullmatch(text)
    if found:
        word = found["n"].lower()
        if word in ("a", "an", "one") and found["more"] is None or word == "another":
            n = 1
        elif found["more"] is not None:
            n = t.number(word)
        else:
            return None  # 'you control two X' (exactly two?): not read
        selector = die_selector(found["what"], line, default_pick="each")
        named = re.fullmatch(r"(?:an active |active )?(?P<name>.+)", found["what"])
        if selector is None and n == 1 and named and _is_name(named["name"]):
            selector = {"name": named["name"].replace("™", "").strip()}  # 'an active Iron Man'
        if selector is None:
            return None
        selector = {**selector, "pick": "each", "side": "yours"}
        if word == "another":
            selector["other"] = True
        selector.pop("count", None)
        return {"test": "count_at_least", "of": selector, "n": n}
    found = _NAMED_ACTIVE.fullmatch(text)
    if found:  # 'Wolverine is active', 'your opponent's Spider-Man is active'
        name, side = found["name"].replace("™", "").strip(), "yours"
        if name.lower().startswith("your opponent's "):
            name, side = name[len("your opponent's ") :], "opposing"
        elif name.lower().startswith("your "):
            name = name[len("your ") :]
        if not _is_name(name):
            return None
        selector = {"pick": "each", "side": side, "name": name}
        return {"test": "count_at_least", "of": selector, "n": 1}
    found = _CONTROL_NONE.fullmatch(text)
    if found:
        selector = die_selector(found["what"], line, default_pick="each")
        if selector is None:
            return None
        selector = {**selector, "pick": "each", "side": "yours"}
        return {"test": "count_at_most", "of": selector, "n": 0}
    return None


# -- a trigger's body -------------------------------------------------------------------------
_PAY = re.compile(r"^pay (?P<cost>(?:\[[^\]]+\])+)(?: to |\. if you do,? )(?P<rest>.+)$", re.I)
_IF_FIRST = re.compile(r"^if (?P<cond>[^,]+), (?P<rest>.+)$", re.IGNORECASE)
_IF_LAST = re.compile(r"^(?P<rest>.+?),? if (?P<cond>[^,]+)$", re.IGNORECASE)


def clauses_joined_by_and(text: str, line) -> list[dict] | None:
    """'the defending player loses 1 life and you gain 1 life', 'KO target [DCB] character
    die, and deal 1 damage to your opponent': two whole clauses, each known, one after the
    other. A shared ending ('... and NAME gets +2A until end of turn') stays with the last
    clause: one-off changes last until end of turn anyway (R13.1)."""
    for match in re.finditer(r",? and ", text):
        first, second = text[: match.start()], text[match.end() :]
        one, two = phrases.effects(first, line), phrases.effects(second, line)
        if two is not None and _pronoun_stat(second, two):
            return None  # 'KO X and gain life equal to his level': whose level?
        if one is not None and two is not None:
            return one + two
    return None


_RETURN_AT_END = re.compile(
    r"return (?:it|them|that die|the character die|all sidekicks|those dice) to (?:its|their)"
    r"(?: owner's| owners)?(?: field zone)?(?: at the same level(?: as when you took it)?)?"
    r" at (?:the )?end of (?:the )?turn",
    re.IGNORECASE,
)


def _pronoun_stat(text: str, effects) -> bool:
    """A later clause's 'his/her level' may mean the die an earlier clause picked."""
    uses_stat = any(isinstance(v, dict) and "stat" in v for e in effects for v in e.values())
    return uses_stat and bool(re.search(r"\b(?:his|her|its|their)\b", text, re.IGNORECASE))


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"\.\s+(?=[A-Z\[])", text) if s.strip()]


def trigger_body(text: str, line) -> dict | None:
    """The spec fields (effects, optional, cost, if) of what follows a trigger, or None."""
    spec: dict = {}
    text = text.strip().rstrip(".")
    first_if = _IF_FIRST.match(text)
    if first_if:
        test = condition(first_if["cond"], line)
        if test is None:
            return None
        spec["if"] = test
        text = first_if["rest"]
    if text.lower().startswith("you may "):
        spec["optional"] = True
        text = text[len("you may ") :]
        pay = _PAY.match(text)
        if pay:
            from rules.engine.faces import parse_cost

            cost = pay["cost"].replace(" ", "")
            try:
                parse_cost(cost)
            except ValueError:
                return None
            spec["cost"] = cost
            text = pay["rest"]
    if "if" not in spec:
        last_if = _IF_LAST.match(text)
        if last_if and "." not in last_if["rest"]:
            test = condition(last_if["cond"], line)
            if test is not None:
                spec["if"] = test
                text = last_if["rest"]
    effects: list[dict] = []
    for number, sentence in enumerate(sentences(text)):
        if re.match(r"^(?:if|otherwise|you may|instead)\b", sentence, re.IGNORECASE):
            return None
        if _RETURN_AT_END.fullmatch(sentence) and any(e["do"] == "control" for e in effects):
            continue  # what the engine does anyway when control ends (R15.2)
        found = phrases.effects(sentence, line) or clauses_joined_by_and(sentence, line)
        if found is None or (number and _pronoun_stat(sentence, found)):
            return None
        effects += found
    if not effects:
        return None
    spec["effects"] = effects
    return spec
