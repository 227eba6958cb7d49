"""Effect clauses of action dice and globals, built from one dice noun-phrase reader so each
verb works with every way the cards name dice ('target opposing character die', 'two of your
target characters', 'each opposing Sidekick die', 'your character dice', 'that character' ...).

The clauses register with `phrases.phrase`, so every family (when fielded, when attacks ...)
reads them too. Imported by templates/actions.py and templates/globals.py.

Readings (T5.1, the weaker one where the text allows two):
- 'a character' / 'one character' without the word 'target' is read as a target pick (a
  choice the holder makes when it resolves);
- 'that character', 'those dice', 'it' mean the dice the previous effect picked;
- 'level 1 character' is max_level 1; other exact levels ('level 2 character') stay manual;
- 'your characters' / 'your character dice' are each of your character dice in the Field;
- a sentence '<A>. <B>' is A then B, only when both are known clauses;
- 'Prep a die from your bag' is 'draw a die into your Prep Area' (K-PREP);
- 'target character die or player' is one target that may be either player (selector
  `or_player`: true); '... or opponent' may be the opponent only (`or_player`: 'opposing');
- 'attacking' / 'blocking' / 'blocked' / 'unblocked' dice and 'attacker' / 'blocker' are
  what they are when the effect resolves (selector `combat`);
- 'for each X' counts the matching dice in the Field when the effect resolves; 'in their
  Field Zone' is read only after 'target opponent';
- 'with A of N or greater' reads the die's A then (selector `min_attack`);
- 'spin X to level 3' is up two levels, 'to level 1' down two (a die stops at its top or
  bottom); 'spin X up or down N levels' asks the holder the way for each die (spin_either);
- 'an opponent's X' / 'enemy X' are opposing dice; 'monster' (YGO) is a character die and
  'Superstar die' (WWE) a non-Sidekick character die (`tokens.SUPERSTAR_WHAT`);
- clauses about dice outside the Field ('a Villain die', 'from your Used Pile'), 'another
  target', '... unless ...' and 'if ...' stay manual.
"""

import contextlib
import contextvars
import re

from rules.abilities import phrases
from rules.abilities import tokens as t
from rules.abilities.phrases import phrase

_I = re.IGNORECASE
_N = rf"(?P<n>{t.NUMBER})"
_COUNT = r"(?:a|an|one|two|three|four|\d+)"
_NOUN = (
    r"(?P<noun>character dice|character die|characters|character|sidekick dice|sidekick die|"
    r"sidekicks|sidekick|attackers|attacker|blockers|blocker|superstar dice|superstar die|"
    r"monsters|monster|dice|die)"
)
_TAIL = (
    r"(?P<tail> you control| your opponent controls| in (?:the|your|your opponent's) field"
    r"(?: zone)?| in play|)"
    r"(?: (?:of|with a) level (?P<upto_level>\d) or (?:less|lower))?"
    r"(?: with (?:an? )?A of (?P<min_attack>\d+) or (?:greater|more|higher))?"
)
_IT = {
    "it",
    "them",
    "they",
    "that character",
    "that character die",
    "that die",
    "that sidekick",
    "that sidekick die",
    "those characters",
    "those character dice",
    "those dice",
    "those sidekicks",
    "these characters",
    "these character dice",
}
_PLURAL = {"character dice", "characters", "sidekick dice", "sidekicks", "attackers", "blockers"}
_PLURAL |= {"superstar dice", "monsters"}  # WWE Superstar dice and YGO monsters
_PLURAL |= {"dice"}


def _filters(words: str, selector: dict) -> bool:
    """Apply the words before the noun ('opposing', 'non-Sidekick', 'level 1', '[DCV]',
    'non-[XMEN]', '[F]', 'active') to `selector`; False for a word we don't read."""
    text = words.strip()
    either = re.search(r"\blevel 1 or (?:level )?2\b", text, _I)
    if either:  # 'level 1 or level 2': up to level 2
        selector["max_level"] = 2
        text = (text[: either.start()] + text[either.end() :]).strip()
    while text:
        match = re.match(r"(\S+(?: \d)?)\s*", text)
        word, text = match.group(1), text[match.end() :]
        low = word.lower()
        if low in ("opposing", "enemy"):
            selector["side"] = "opposing"
        elif low == "other":
            selector["other"] = True
        elif low in ("non-sidekick", "non-sidekick,"):
            selector["what"] = "non_sidekick"
        elif low in ("active", "fielded"):
            continue  # a character die in the Field is what every selector means (R13.2)
        elif low in ("attacking", "blocking", "blocked", "unblocked"):
            if selector.get("combat") in ("blocked", "unblocked") and low == "attacking":
                continue  # 'unblocked attacking character dice': the narrower word stands
            selector["combat"] = low
        elif low == "level 1":
            selector["max_level"] = 1
        elif re.fullmatch(t.ENERGY, word):
            selector.setdefault("energy", []).append(t.energy(word))
        elif low.startswith("non-[") and re.fullmatch(t.AFFILIATION, word[4:]):
            selector.setdefault("not_affiliation", []).append(t.affiliation(word[4:]))
        elif re.fullmatch(t.AFFILIATION, word):
            selector.setdefault("affiliation", []).append(t.affiliation(word))
        elif low in ("villain", "non-villain"):
            key = "not_affiliation" if low.startswith("non") else "affiliation"
            selector.setdefault(key, []).append("villain")
        else:
            return False
    return True


def _body(body: str, selector: dict) -> bool:
    """'<filters> <noun><tail>' into `selector`; the noun's plural in `selector['_plural']`."""
    match = re.fullmatch(rf"(?P<words>(?:\S+ )*?){_NOUN}{_TAIL}", body.strip(), _I)
    if not match:
        return False
    noun = match["noun"].lower()
    if noun.startswith(("attacker", "blocker")):
        if selector.get("combat"):
            return False
        selector["combat"] = "attacking" if noun.startswith("attacker") else "blocking"
    if noun in ("dice", "die"):
        return False  # 'a Villain die' could be a die anywhere, not only a character die
    if noun.startswith("sidekick"):
        if selector.get("what") == "non_sidekick":
            return False
        selector["what"] = "sidekick"
    if noun.startswith("superstar"):
        selector["what"] = t.SUPERSTAR_WHAT  # a WWE Superstar die: not a Sidekick die
    if not _filters(match["words"], selector):
        return False
    tail = match["tail"].strip().lower()
    if tail == "your opponent controls" or tail.startswith("in your opponent"):
        selector["side"] = "opposing"
    elif tail == "you control" or tail.startswith("in your field"):
        selector["side"] = "yours"
    if match["upto_level"]:
        selector["max_level"] = int(match["upto_level"])
    if match["min_attack"]:
        selector["min_attack"] = int(match["min_attack"])
    selector["_plural"] = noun in _PLURAL
    return True


# 'it', 'that character', 'those dice' mean the dice an earlier effect picked only where one
# did: after a first sentence, and on action cards (no die of their own to mean). Elsewhere
# ('When NAME attacks, it gets +3A') the words are the card's own or the trigger's die, which
# other families read: declined here.
_IT_ALLOWED = contextvars.ContextVar("fam3_it_allowed", default=False)


@contextlib.contextmanager
def allowing_it():
    token = _IT_ALLOWED.set(True)
    try:
        yield
    finally:
        _IT_ALLOWED.reset(token)


def dice_selector(text: str) -> dict | None:
    """The selector a dice noun phrase means, or None when we don't read it."""
    text = re.sub(r"\s+", " ", text.strip())
    low = text.lower()
    if low in _IT:
        return {"pick": "it"} if _IT_ALLOWED.get() else None
    theirs = re.fullmatch(
        r"(?P<head>an|one of|one of your|each of|each of your|all of)?\s*(?:your )?opponent's "
        r"(?P<body>.+)",
        text,
        _I,
    )
    if theirs:  # "an opponent's [F] character", "each of your opponent's Sidekicks"
        head = (theirs["head"] or "").lower().replace(" your", "")
        lead = {"an": "an", "one of": "one of", "each of": "each of", "all of": "all of"}.get(
            head, "all"
        )
        found = dice_selector(f"{lead} opposing {theirs['body']}")
        return found
    # targets: 'target X', 'two target X', 'up to two of your target X', 'one target X',
    # 'a X' / 'one X' (a choice, read as a target)
    match = re.fullmatch(
        rf"(?:(?P<upto>up to )?(?P<count>{_COUNT}) (?P<of>of )?)?(?P<your>your )?"
        r"(?P<target>target )?(?P<body>.+)",
        text,
        _I,
    )
    if match and (match["target"] or match["count"]) and not low.startswith(("each", "all")):
        selector = {"pick": "up_to" if match["upto"] else "target"}
        if match["your"]:
            selector["side"] = "yours"
        if not _body(match["body"], selector):
            return None
        plural = selector.pop("_plural")
        count = t.number(match["count"]) if match["count"] else 1
        partitive = bool(match["of"])  # 'one of your characters': a plural noun
        if plural != (count > 1 or partitive) and not (match["upto"] and plural):
            return None  # 'two target character die': not a phrase we know
        if count > 1:
            selector["count"] = count
        if not match["target"] and not match["count"]:
            return None
        return _finish(selector)
    # every matching die: 'each X', 'all X', 'each of your X', 'all of your X', 'your X'
    match = re.fullmatch(r"(?:(?P<all>each|all)(?: of)? )?(?P<your>your )?(?P<body>.+)", text, _I)
    if match and (match["all"] or match["your"]):
        selector = {"pick": "each"}
        if match["your"]:
            selector["side"] = "yours"
        if not _body(match["body"], selector):
            return None
        plural = selector.pop("_plural")
        # 'each character die' reads in the singular; 'each of your characters' in the plural
        singular_each = match["all"] and match["all"].lower() == "each" and not match["your"]
        if not plural and not singular_each:
            return None
        return _finish(selector)
    # a plural noun with who controls them: 'character dice you control', 'opposing Sidekicks'
    selector = {"pick": "each"}
    if (
        _body(text, selector)
        and selector.pop("_plural")
        and ("side" in selector or "combat" in selector)
    ):
        return _finish(selector)
    return None


def _finish(selector: dict) -> dict:
    if selector.get("side") == "yours" and "other" in selector:
        pass
    return selector


_PLAYER = {
    "your opponent": {"pick": "player", "side": "opposing"},
    "target opponent": {"pick": "player", "side": "opposing"},
    "the opponent": {"pick": "player", "side": "opposing"},
    "opposing player": {"pick": "player", "side": "opposing"},
    "an opposing player": {"pick": "player", "side": "opposing"},
    "each opponent": {"pick": "player", "side": "opposing"},
    "each player": {"pick": "player", "side": "any"},
    "you": {"pick": "player", "side": "yours"},
    "yourself": {"pick": "player", "side": "yours"},
}


_EITHER = re.compile(
    r"(?P<a>.+?) or (?:target )?(?P<who>player|opponent)"
    r"|(?:target )?(?P<who2>player|opponent) or (?:target )?(?P<b>.+)",
    _I,
)


def receiver(text: str) -> dict | None:
    """Dice or a player that damage can be dealt to; 'target character die or player' is one
    target that may be a die or a player (either player: 'target player')."""
    low = re.sub(r"\s+", " ", text.strip().lower())
    if low in _PLAYER:
        return dict(_PLAYER[low])
    either = _EITHER.fullmatch(text.strip())
    if either:
        dice = either["a"] or either["b"]
        if not dice.lower().startswith(("target", "one target", "a ", "one ")):
            dice = "target " + dice
        selector = dice_selector(dice)
        if selector is None or selector["pick"] != "target" or selector.get("count", 1) != 1:
            return None
        opponent = (either["who"] or either["who2"]).lower() == "opponent"
        return {**selector, "or_player": "opposing" if opponent else True}
    return dice_selector(text)


# -- damage --------------------------------------------------------------------------------
_EXTRA = r"(?:an? )?(?:extra |additional )?"


@phrase(rf"deal {_EXTRA}{_N} {_EXTRA}damage to (?P<who>.+)")
def _damage_any(m, line):
    return _damage_list(m["who"], t.number(m["n"]))


@phrase(rf"deal {_N} damage to (?P<who>.+?) for each (?P<per>.+)")
def _damage_per_die(m, line):
    """'deal 1 damage to target opponent for each of your active characters': N times the
    number of matching dice in the Field when it resolves."""
    who = receiver(m["who"])
    per_text = m["per"]
    if who is not None and who.get("pick") == "player" and who.get("side") == "opposing":
        # 'target opponent for each character die in their Field Zone': theirs are opposing
        per_text = re.sub(r" in their field", " in your opponent's field", per_text, flags=_I)
    per = counted(per_text)
    if who is None or per is None:
        return None
    return [{"do": "damage", "to": who, "amount": {"count": per, "times": t.number(m["n"])}}]


def counted(text: str) -> dict | None:
    """The dice 'for each ...' counts: 'of your active characters', 'opposing character die',
    'Sidekick in the field'."""
    text = re.sub(r"^of ", "", text.strip(), flags=_I)
    selector = dice_selector("each " + text)
    if selector is None or selector["pick"] != "each":
        return None
    return selector


@phrase(rf"deal (?P<who>.+?) {_N} damage")
def _deal_them_damage(m, line):
    who = receiver(m["who"])
    return None if who is None else [{"do": "damage", "to": who, "amount": t.number(m["n"])}]


def _damage_list(text: str, amount: int) -> list[dict] | None:
    """'X', 'X and Y', 'X and N damage to Y', 'X, Y and Z' -> damage effects in order."""
    one = receiver(text)
    if one is not None:
        return [{"do": "damage", "to": one, "amount": amount}]
    match = re.fullmatch(
        rf"(?P<a>.+?),? and (?:{_N} (?:extra |additional )?damage to |to )?(?P<b>.+)", text, _I
    )
    if not match:
        return None
    first = receiver(match["a"])
    b_text = match["b"]
    if first is not None and match["a"].lower().startswith("each ") and receiver(b_text) is None:
        b_text = "each " + b_text  # 'each player and character die': 'each' for both
    rest = _damage_list(b_text, t.number(match["n"]) if match["n"] else amount)
    if first is None or rest is None:
        return None
    return [{"do": "damage", "to": first, "amount": amount}, *rest]


# -- KO, spin, prep, used pile, reroll ---------------------------------------------------------
@phrase(r"(?:KO|knock out) (?P<dice>.+)")
def _ko_dice(m, line):
    selector = dice_selector(m["dice"])
    return None if selector is None else [{"do": "ko", "to": selector}]


@phrase(rf"spin (?P<dice>.+?) (?P<way>up|down) {_N} levels?")
def _spin_dice(m, line):
    selector = dice_selector(m["dice"])
    if selector is None:
        return None
    levels = t.number(m["n"]) * (1 if m["way"].lower() == "up" else -1)
    return [{"do": "spin", "to": selector, "levels": levels}]


@phrase(r"(?P<dice>.+?) deals? no (?P<combat>combat )?damage(?: this turn)?")
def _deals_no_damage(m, line):
    selector = dice_selector(m["dice"])
    if selector is None:
        return None
    effect = {"do": "no_damage", "to": selector}
    if m["combat"]:
        effect["combat_only"] = True
    return [effect]


@phrase(rf"spin (?P<dice>.+?) up or down {_N} levels?")
def _spin_up_or_down(m, line):
    selector = dice_selector(m["dice"])
    if selector is None:
        return None
    return [{"do": "spin_either", "to": selector, "levels": t.number(m["n"])}]


@phrase(r"spin (?P<dice>.+?) to level (?P<level>[13])")
def _spin_to_level(m, line):
    """To level 3 is up two levels, stopping at the top; to level 1 down two (R13: a die
    spins one level at a time and stops at its top or bottom level)."""
    selector = dice_selector(m["dice"])
    if selector is None:
        return None
    return [{"do": "spin", "to": selector, "levels": 2 if m["level"] == "3" else -2}]


@phrase(
    r"(?:prep (?P<a>.+)|move (?P<b>.+?)(?: from the field(?: zone)?)? to "
    r"(?:its owner's|the|their|its) prep area)"
)
def _prep_dice(m, line):
    selector = dice_selector(m["a"] or m["b"])
    return None if selector is None else [{"do": "prep", "to": selector}]


@phrase(r"(?:send|move) (?P<dice>.+?) to (?:its owner's|the|their|its) used pile")
def _used_dice(m, line):
    selector = dice_selector(m["dice"])
    return None if selector is None else [{"do": "send_to_used", "to": selector}]


@phrase(r"reroll (?P<dice>.+)")
def _reroll_dice(m, line):
    selector = dice_selector(m["dice"])
    return None if selector is None else [{"do": "reroll", "to": selector}]


# -- A/D and keywords ----------------------------------------------------------------------------
_MOD = r"[+-]\d+[AD]"
_GRANTABLE = {"overcrush": "overcrush", "fast": "fast", "iron will": "iron_will"}
_DURATION = r"(?: until (?:the )?end of (?:the )?turn| this turn)?"


def _stat_changes(text: str) -> dict | None:
    """'+1A and +1D', '+2A', '+3D', '-1A', '+3A and Overcrush' -> modify fields + keywords."""
    found: dict = {"keywords": []}
    for part in re.split(r",? and |, ", text.strip(), flags=_I):
        part = re.sub(r"^(?:gains?|gets?) ", "", part.strip(), flags=_I)
        low = part.lower()
        if re.fullmatch(_MOD, part, _I):
            stat = "attack" if part[-1].upper() == "A" else "defense"
            value = int(part[:-1])
            if stat in found or (value < 0 and found.get("sign", -1) != -1):
                return None
            if value < 0:
                found["sign"] = -1
            elif found.get("sign") == -1:
                return None
            found[stat] = abs(value)
        elif low in _GRANTABLE:
            found["keywords"].append(_GRANTABLE[low])
        else:
            return None
    return found


def _modify_effects(selector: dict, changes: dict) -> list[dict]:
    effects = []
    if "attack" in changes or "defense" in changes:
        effect = {"do": "modify", "to": selector}
        for stat in ("attack", "defense"):
            if stat in changes:
                effect[stat] = changes[stat]
        if changes.get("sign") == -1:
            effect["sign"] = -1
        effects.append(effect)
    for keyword in changes["keywords"]:
        # a second effect on the same dice: 'it' keeps the targets of the first one
        to = {"pick": "it"} if effects and selector["pick"] in ("target", "up_to") else selector
        effects.append({"do": "grant", "to": to, "keyword": keyword})
    return effects


@phrase(
    rf"(?P<dice>.+?) (?:also )?(?:gets?|gains?) (?:an additional |an extra |additional |extra )?"
    rf"(?P<mods>(?:{_MOD}|overcrush|fast|iron will)(?:(?:,? and |, )(?:gains? |gets? )?"
    rf"(?:{_MOD}|overcrush|fast|iron will))*){_DURATION}"
)
def _dice_get(m, line):
    selector = dice_selector(m["dice"])
    changes = _stat_changes(m["mods"])
    if selector is None or changes is None:
        return None
    return _modify_effects(selector, changes)


@phrase(
    rf"give (?P<dice>.+?) (?:an additional |an extra |additional |extra )?"
    rf"(?P<mods>(?:{_MOD}|overcrush|fast|iron will)(?:(?:,? and |, )(?:{_MOD}|overcrush|fast|"
    rf"iron will))*){_DURATION}"
)
def _give_dice(m, line):
    return _dice_get(m, line)


@phrase(r"(?P<dice>.+?) must attack(?: this turn)?(?: if able)?")
def _dice_must_attack(m, line):
    selector = dice_selector(m["dice"])
    if selector is None:
        return None
    return [{"do": "grant", "to": selector, "keyword": "must_attack"}]


@phrase(
    r"(?P<dice>.+?) (?:can't|cannot|can not) (?P<what>attack or block|attack)"
    r"(?: this turn| until (?:the )?end of (?:the )?turn)?"
)
def _dice_cant(m, line):
    """'target character die can't attack (or block) this turn'; without a duration the weaker
    reading, this turn only (T5.1). 'can't block' alone is phrases_triggers' clause."""
    selector = dice_selector(m["dice"])
    if selector is None:
        return None
    action = m["what"].lower().replace(" or ", "_or_")
    return [{"do": "restrict", "to": selector, "action": action}]


# -- drawing, life -------------------------------------------------------------------------------
@phrase(
    rf"(?:draw (?P<n>{_COUNT}) (?:dic?e)(?: from your bag)?,? and "
    r"(?:place|put|add) (?:it|them|that die|those dice) (?:in|into|to) your prep area"
    rf"|prep (?P<m>{_COUNT}) dic?e from your bag)"
)
def _draw_into_prep(m, line):
    return [{"do": "draw", "count": t.number(m["n"] or m["m"])}]


@phrase(rf"(?P<who>each player|you|your opponent|target opponent) (?:gains?) {_N} life")
def _player_gains(m, line):
    who = m["who"].lower()
    player = {"each player": "each", "you": "yours"}.get(who, "opposing")
    return [{"do": "gain_life", "amount": t.number(m["n"]), "player": player}]


@phrase(rf"each player loses {_N} life")
def _each_loses(m, line):
    return [{"do": "lose_life", "amount": t.number(m["n"]), "player": "each"}]


# -- sentences -------------------------------------------------------------------------------------
@phrase(r"(?P<a>[^.]+?)\. (?P<b>.+)")
def _sentences(m, line):
    """'<A>. <B>': A then B, when both are known clauses."""
    first = phrases.effects(m["a"], line)
    if first is None:
        return None
    with allowing_it():
        second = phrases.effects(m["b"], line)
    return None if second is None else first + second
