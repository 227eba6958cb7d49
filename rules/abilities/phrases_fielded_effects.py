"""Clauses of the `fielded_effects` family, registered into the shared clause registry after
the core ones (so they work after any trigger, and never change a clause another module
reads):

- tallies (`per_tally`, rules/abilities/extensions/fielded_effects.py): '<damage / life> for
  each action die in your Reserve Pool', '... for each die in your Reserve Pool on a double
  energy face', 'deal X damage to <dice or opponent>, where X is the number of [B] symbols /
  [F] energy in your Reserve Pool', '... the amount of energy in their Reserve Pool' (the
  opponent's, after 'target opponent'), '... the number of character dice you fielded this
  turn';
- counts of dice as an amount ('deal X damage to target character die where X is the number
  of character dice in your Field Zone', 'deal damage to <dice> equal to the number of
  Sidekick dice in the Field Zone', '... your active [DCJL] characters other than NAME', NAME
  the card's own: every die of the card left out);
- 'spin <dice> to an energy face / to energy faces' and 'spin an opposing die to its single
  energy face' (`spin_to_energy`);
- 'target non-[B] character die': an energy negation (selector filter `not_energy`) in any
  clause the registry reads without it;
- a bare affiliation icon as the noun ('take control of target opposing [DCV]', 'KO a [WLK]
  of equal or lower level'): a character die of that affiliation;
- 'You must attack with it' (the die the previous effect picked must attack this turn);
- 'deal damage to all opposing players and character dice equal to NAME's level'.

Readings (T5.1, the weaker where the text allows two):
- a tally is taken when the ability resolves; 0 does nothing (no target is asked).
- 'symbols' / '[F] energy' count symbols, not dice (R6.2), and a wild is not one of a type
  (R6.2: 'excluding [Q]', the card's own reminder); 'the amount of energy' counts every
  symbol of the faces showing energy, wild and generic included (a generic N face is N).
- 'an action die in your Reserve Pool' is a die of an action card there whatever face it
  shows (the card's reminder: 'action or energy face').
- '<dice> in the Field Zone' with no side counts both players' dice (R13.8).
- '... their Reserve Pool' after 'target opponent' / 'your opponent' is the opponent's; after
  'target player' it is the Reserve Pool of the player chosen (tally `chosen`).
- spinning to an energy face: the holder names the face among those a die of the card can
  show (its card's energy types, one or two symbols, or wild: the card data doesn't list a
  character die's energy faces); the die goes to its controller's Reserve Pool, as a die
  rerolled to energy in the Field does (R14.1). '(of your opponent's choice)' is not read.
"""

import re

from rules.abilities import phrases
from rules.abilities import phrases_triggers as pt
from rules.abilities import tokens as t
from rules.abilities.phrases import phrase

_N = rf"(?P<n>{t.NUMBER})"
_DEALS = r"(?:deal|(?P<subject>.+?) deals?)"


# -- tallies -----------------------------------------------------------------------------------
_TALLIES = (
    (
        r"action (?:die|dice) in your reserve pool",
        {"reserve": "yours", "unit": "dice", "what": "action"},
    ),
    (
        r"(?:die|dice) in your reserve pool (?:on|showing) a double energy face",
        {"reserve": "yours", "unit": "dice", "double": True},
    ),
    (
        r"(?P<tok>\[[FBMS]\]) (?:symbols?|energy) in your reserve pool",
        {"reserve": "yours", "unit": "symbols"},
    ),
    (r"energy in their reserve pool", {"reserve": "opposing", "unit": "symbols"}),
    (r"character dice you fielded this turn", {"fielded": "yours"}),
)


def tally(text: str, who: str = "") -> dict | None:
    """The `per_tally` tally a noun phrase names, or None. `who` is the player the effect
    is aimed at ('their' Reserve Pool is that player's: only read for the opponent)."""
    text = re.sub(r"\s+", " ", text.strip())
    for regex, found in _TALLIES:
        match = re.fullmatch(regex, text, re.IGNORECASE)
        if match is None:
            continue
        result = dict(found)
        if match.groupdict().get("tok"):
            result["energy"] = [t.energy(match["tok"])]
        if result.get("reserve") == "opposing":
            target = pt.player_selector(who) if who else None
            if who.strip().lower() == "target player":
                result["reserve"] = "chosen"  # their: the player chosen
            elif target is None or target["side"] != "opposing":
                return None
        return result
    return None


def _inner_damage(who: str, line, amount, chosen: bool = False) -> list[dict] | None:
    if chosen and who.strip().lower() == "target player":
        to = {"pick": "player", "side": "any", "count": 1}
        return [{"do": "damage", "to": to, "amount": amount}]
    to = pt.target_of(who, line)
    if to is None or to["pick"] == "this" or (to["pick"] == "player" and to.get("count")):
        return None
    return [{"do": "damage", "to": to, "amount": amount}]


def _subject_ok(m, line) -> bool:
    return m["subject"] is None or pt.is_self(m["subject"], line)


@phrase(rf"{_DEALS} {_N} damage to (?P<who>.+?) for each (?P<per>.+)")
def _damage_per_tally(m, line):
    counted = tally(m["per"], m["who"])
    if not _subject_ok(m, line) or counted is None:
        return None
    inner = _inner_damage(m["who"], line, t.number(m["n"]))
    return None if inner is None else [{"do": "per_tally", "tally": counted, "effects": inner}]


_NUMBER_OF = r"the (?:number|amount) of (?P<per>.+)"


@phrase(rf"{_DEALS} X damage to (?P<who>.+?),? where X is (?:equal to )?{_NUMBER_OF}")
@phrase(rf"{_DEALS} damage to (?P<who>.+?) equal to {_NUMBER_OF}")
def _damage_x(m, line):
    if not _subject_ok(m, line):
        return None
    counted = tally(m["per"], m["who"])
    if counted is not None:
        inner = _inner_damage(m["who"], line, 1, counted.get("reserve") == "chosen")
        if inner is None:
            return None
        return [{"do": "per_tally", "tally": counted, "effects": inner}]
    amount = dice_count(m["per"], line)
    return None if amount is None else _inner_damage(m["who"], line, amount)


@phrase(r"(?:you )?gain X life,? where X is (?:equal to )?" + _NUMBER_OF)
def _life_x(m, line):
    counted = tally(m["per"])
    if counted is None:
        return None
    return [{"do": "per_tally", "tally": counted, "effects": [{"do": "gain_life", "amount": 1}]}]


def dice_count(text: str, line) -> dict | None:
    """'character dice in your Field Zone', 'Sidekick dice in the Field Zone', 'your active
    [DCJL] characters other than NAME' (NAME this card's: `not_name`) -> a count amount."""
    text = text.strip()
    not_name = ""
    other = re.fullmatch(r"(?P<rest>.+?) other than (?P<name>.+)", text, re.IGNORECASE)
    if other:
        name = line.card_name if line is not None else ""
        if not name or other["name"].strip().lower() != name.strip().lower():
            return None
        text, not_name = other["rest"], name
    selector = pt.die_selector(text, line, default_pick="each")
    if selector is None or selector.get("pick") not in ("each",) or "count" in selector:
        return None
    if not_name:
        selector["not_name"] = not_name
    return {"count": selector, "times": 1}


# -- spin to an energy face -----------------------------------------------------------------------
@phrase(r"spin (?P<who>.+?) to (?:an energy face|energy faces)")
def _spin_to_energy(m, line):
    to = pt.die_selector(m["who"], line)
    if to is None or to["pick"] not in ("target", "up_to"):
        return None
    return [{"do": "spin_to_energy", "to": to}]


@phrase(r"spin (?:an|one|target) opposing die to its single energy face")
def _spin_to_single(m, line):
    return [{"do": "spin_to_energy", "to": {"pick": "target", "side": "opposing"}, "single": True}]


# -- energy negation, bare icons ------------------------------------------------------------------
_NON_ENERGY = re.compile(r"\bnon-(?P<tok>\[[FBMS]\]) ", re.IGNORECASE)
_COUNTED = re.compile(r"\b(?:for each|equal to|where x|number of|if|unless)\b", re.IGNORECASE)


@phrase(r"(?P<text>.*\bnon-\[[FBMS]\] .*)")
def _not_energy(m, line):
    """'deal 2 damage to target non-[B] character die': the clause without the negation, with
    `not_energy` on its one selector of dice."""
    found = _NON_ENERGY.findall(m["text"])
    if len(found) != 1 or _COUNTED.search(m["text"]):
        return None  # the negation might narrow a count, not the dice the effect picks
    plain = _NON_ENERGY.sub("", m["text"], count=1)
    read = phrases.effects(plain, line)
    if not read or len(read) != 1:
        return None
    effect = dict(read[0])
    to = effect.get("to")
    if not isinstance(to, dict) or to.get("pick") not in ("target", "up_to", "each"):
        return None
    if "energy" in to or "or_player" in to:
        return None
    effect["to"] = {**to, "not_energy": [t.energy(found[0])]}
    return [effect]


_BARE_ICON = re.compile(
    rf"(?P<before>\b(?:target|opposing|a|an|each|all|active) )(?P<icon>{t.AFFILIATION})"
    r"(?P<after>s?)(?= of | you control|$)",
    re.IGNORECASE,
)


@phrase(rf"(?P<text>.*\b(?:target|opposing|a|an|each|all|active) {t.AFFILIATION}s?(?: .*)?)")
def _bare_icon(m, line):
    """'take control of target opposing [DCV]': an affiliation icon alone is a character die
    of that affiliation."""
    text = m["text"]
    found = list(_BARE_ICON.finditer(text))
    if len(found) != 1:
        return None
    one = found[0]
    noun = " character dice" if one["after"] else " character die"
    plain = text[: one.end("icon")] + noun + text[one.end("after") :]
    return phrases.effects(plain, line)


@phrase(r"you must attack with (?:it|that die|that character)(?: this turn)?")
def _must_attack_with_it(m, line):
    return [{"do": "grant", "to": {"pick": "it"}, "keyword": "must_attack"}]


@phrase(
    r"deal damage to all opposing players and character dice equal to (?P<stat>.+)"
    r"|deal damage equal to (?P<stat2>.+?) to all opposing players and character dice"
)
def _damage_all_opposing(m, line):
    amount = pt.stat_amount(m["stat"] or m["stat2"], line)
    if amount is None:
        return None
    return [
        {"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": amount},
        {"do": "damage", "to": {"pick": "each", "side": "opposing"}, "amount": amount},
    ]


# -- a die of either kind ('target Sidekick or [TURTLE] character die') -------------------------
_NAMED_DIE = re.compile(r"(?P<name>[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*)™? (?:character )?die")


def _alternative(text: str, line, noun: str) -> dict | None:
    """One side of 'X or Y': a die_selector filter set, without its pick (a name is the
    holder's own character, R13.8)."""
    text = text.strip()
    named = _NAMED_DIE.fullmatch(text)
    if named and pt._is_name(named["name"]):
        return {"pick": "each", "side": "yours", "name": named["name"]}
    selector = pt.die_selector(f"target {text}", line)
    if selector is None and noun:
        selector = pt.die_selector(f"target {text} {noun}", line)  # '[TCS] or [B] character die'
    if selector is None or set(selector) & {"count", "other"}:
        return None
    return {**selector, "pick": "each"}


_DETERMINER = re.compile(r"^(?P<other>another )?(?:target |one )?", re.IGNORECASE)


def either(text: str, line) -> dict | None:
    """'another target Sidekick or [TURTLE] character die', 'target Batman character die or
    another target Sidekick', 'target [TCS] or [B] character die' -> one target matching
    either (`any_of`); 'another' leaves this die out."""
    parts = re.split(r" or ", text.strip(), flags=re.IGNORECASE)
    if len(parts) != 2 or not re.match(r"^(?:another )?target ", parts[0], re.IGNORECASE):
        return None
    other, found = False, []
    noun = re.search(r"(?:character )?(?:die|dice)$", parts[1], re.IGNORECASE)
    for part in parts:
        lead = _DETERMINER.match(part)
        other = other or bool(lead["other"])
        one = _alternative(part[lead.end() :], line, noun.group(0) if noun else "")
        if one is None:
            return None
        found.append(one)
    selector = {"pick": "target", "any_of": found}
    if other:
        selector["other"] = True
    return selector


@phrase(rf"give (?P<who>.+? or .+?) (?:{pt._MODS}){pt._UNTIL}")
def _give_either(m, line):
    to = either(m["who"], line)
    return None if to is None else pt._modify(to, m)


@phrase(r"KO (?P<one>(?:another )?target .+?) or KO (?P<two>target .+)")
def _ko_either(m, line):
    to = either(f"{m['one']} or {m['two']}", line)
    return None if to is None else [{"do": "ko", "to": to}]


@phrase(r"reroll (?P<who>target .+? or .+)")
def _reroll_either(m, line):
    to = either(m["who"], line)
    return None if to is None else [{"do": "reroll", "to": to}]


# -- a fielding cost -------------------------------------------------------------------------------
@phrase(r"(?P<text>.+?) with an? (?:printed )?fielding cost (?:of )?(?P<n>\d+)(?P<less> or less)?")
def _fielding_cost(m, line):
    """'KO target opposing character die with a fielding cost of 0': the clause without it,
    its one selector of dice narrowed to the fielding cost printed on the face shown."""
    if int(m["n"]) != 0 and not m["less"]:
        return None  # 'a fielding cost of 2' (exactly): no minimum in the vocabulary
    if _COUNTED.search(m["text"]):
        return None  # which noun the cost narrows would not be sure
    read = phrases.effects(m["text"], line)
    if not read or len(read) != 1:
        return None
    effect = dict(read[0])
    to = effect.get("to")
    if not isinstance(to, dict) or to.get("pick") not in ("target", "up_to", "each"):
        return None
    if "or_player" in to:
        return None
    effect["to"] = {**to, "max_fielding": int(m["n"])}
    return [effect]


# -- the bag, the opponent's Reserve Pool ----------------------------------------------------------
_SEARCH_INTO = {
    "roll it": "reserve",
    "roll them": "reserve",
    "add it to your prep area": "prep",
    "put it into your prep area": "prep",
    "field it at level 1": "field",
}


@phrase(
    r"search your bag for (?P<q>an?|one|two|up to (?:one|two|three|\d)|\d) (?P<kind>.+?) and "
    r"(?P<into>roll (?:it|them)|add it to your prep area|put it into your prep area"
    r"|field it at level 1)(?: \(?place (?:it|them) (?:in|into) your reserve pool\)?)?"
)
def _search_bag(m, line):
    found = pt.used_dice(m["q"], m["kind"], line)
    named = re.fullmatch(r"(?P<name>.+?)™? die", m["kind"].strip())
    if found is None and named and pt._is_name(named["name"]) and m["q"].lower() in ("a", "an"):
        found = {"count": 1, "dice": {"name": named["name"]}}  # 'a Batman™ die'
    if found is None or found.get("all"):
        return None
    into = _SEARCH_INTO[m["into"].lower()]
    dice = found.get("dice", {})
    if into == "field" and not ("name" in dice or dice.get("what") in ("character", "sidekick")):
        return None  # only a character die can be fielded
    effect = {"do": "search_bag", "dice": dice, "count": found["count"], "into": into}
    if found.get("up_to"):
        effect["up_to"] = True
    return [effect]


@phrase(
    r"prep a die from your bag; if the prepped die is an? (?P<kind>.+?), prep a second die from "
    r"your bag"
)
def _prep_again_if(m, line):
    found = pt.used_dice("a", m["kind"], line)
    if found is None or not found.get("dice"):
        return None
    return [{"do": "prep_again_if", "dice": found["dice"]}]


@phrase(
    rf"spin (?P<who>.+?) down 1 level and deal {_N} damage to (?P<player>your opponent) for each "
    r"that (?:cannot|can't|can not) spin down"
)
def _spin_down_per_stuck(m, line):
    to = pt.die_selector(m["who"], line)
    if to is None or to["pick"] != "each":
        return None
    inner = [{"do": "damage", "to": pt.player_selector(m["player"]), "amount": t.number(m["n"])}]
    return [{"do": "spin_down_per_stuck", "to": to, "effects": inner}]


_OPPONENTS_RESERVE = r"from (?:your )?opponent's reserve pool to (?:the|their) used pile"


@phrase(rf"move all \[Q\] energy {_OPPONENTS_RESERVE}")
def _wild_to_used(m, line):
    return [{"do": "reserve_to_used", "faces": ["wild"]}]


@phrase(rf"move all dice showing generic or \[Q\] energy {_OPPONENTS_RESERVE}")
def _generic_or_wild_to_used(m, line):
    return [{"do": "reserve_to_used", "faces": ["generic", "wild"]}]


# -- small clauses ---------------------------------------------------------------------------------
@phrase(r"capture an opposing die of (?:an )?equal or lower level")
def _capture_equal_or_lower(m, line):
    """A die with a level is a character die: 'an opposing die of equal or lower level'."""
    if line is None or line.kind == "global" or line.card_kind != "character":
        return None
    to = {"pick": "target", "side": "opposing", "level_at_most_this": True}
    return [{"do": "capture", "to": to}]


@phrase(
    rf"deal {_N} damage to all players and (?P<dice>[^,]+), and (?P<m>{t.NUMBER}) damage to "
    r"(?P<dice2>.+)"
)
def _damage_players_and_two_groups(m, line):
    """'deal 1 damage to all players and non-[F] character dice, and 2 damage to all [F]
    character dice'."""
    first = phrases.effects(f"deal {m['n']} damage to all {m['dice']}", line)
    second = phrases.effects(f"deal {m['m']} damage to {m['dice2']}", line)
    if not first or not second or len(first) != 1 or len(second) != 1:
        return None
    if first[0]["to"].get("pick") != "each" or second[0]["to"].get("pick") != "each":
        return None
    players = {"do": "damage", "to": {"pick": "player", "side": "any"}, "amount": t.number(m["n"])}
    return [players, *first, *second]


@phrase(r"roll a die from your bag for each (?P<per>.+)")
def _roll_per(m, line):
    amount = pt.per_amount(m["per"], line)
    return None if amount is None else [{"do": "draw", "count": amount, "into": "reserve"}]


@phrase(
    r"(?:deal your opponent X damage|deal X damage to your opponent),? where X is (?:equal to )?"
    r"(?P<who>.+?)'s printed fielding cost"
)
def _damage_own_fielding(m, line):
    if not pt.is_self(m["who"], line):
        return None
    inner = [{"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": 1}]
    return [{"do": "per_tally", "tally": {"own_fielding": True}, "effects": inner}]


# -- each player KOs ... ---------------------------------------------------------------------------
def _players_dice(text: str, line) -> dict | None:
    selector = pt.die_selector(text, line, default_pick="each")
    if selector is None or set(selector) - {"pick", "what", "affiliation", "not_affiliation"}:
        return None
    return {**selector, "pick": "each"}


@phrase(r"each player chooses and KO'?s one of (?:their|his or her) (?P<kind>.+)")
@phrase(r"each player KOs an? (?P<kind>sidekick|character die|character) they control")
def _players_choose_ko(m, line):
    dice = _players_dice(m["kind"], line)
    return None if dice is None else [{"do": "players_choose_ko", "dice": dice}]


@phrase(r"each player must (?:knock out|KO) all but one of (?:his or her|their) (?P<kind>.+)")
def _players_keep_one(m, line):
    dice = _players_dice(m["kind"], line)
    return None if dice is None else [{"do": "players_choose_ko", "dice": dice, "keep": True}]


@phrase(
    r"move all sidekick dice from your opponent's used pile and prep area to their bag"
    r"|move all sidekick dice from your opponent's prep area and used pile to their bag"
)
def _sidekicks_to_bag(m, line):
    return [{"do": "to_bag", "zones": ["used", "prep"], "what": "sidekick"}]


@phrase(
    r"move one opposing character with (?:a )?(?:purchase )?cost (?:of )?(?P<n>\d) or less,? "
    r"including sidekicks,? to the used pile"
)
def _cheap_to_used(m, line):
    to = {"pick": "target", "side": "opposing", "max_cost": int(m["n"])}
    return [{"do": "send_to_used", "to": to}]


@phrase(
    rf"deal {_N} damage to each opposing (?P<name>[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*) character die"
)
def _damage_each_opposing_name(m, line):
    """'each opposing Iron Man character die': 'opposing' says whose (R13.8 aside)."""
    if not pt._is_name(m["name"]) or m["name"] != m["name"].strip():
        return None
    to = {"pick": "each", "side": "opposing", "name": m["name"]}
    return [{"do": "damage", "to": to, "amount": t.number(m["n"])}]


@phrase(
    r"roll X dice from your bag and deal X damage to (?P<who>.+?),? where X is (?:equal to )?"
    r"the number of (?P<per>.+)"
)
def _roll_x_and_damage_x(m, line):
    amount = dice_count(m["per"], line)
    inner = None if amount is None else _inner_damage(m["who"], line, amount)
    if inner is None:
        return None
    return [{"do": "draw", "count": amount, "into": "reserve"}, *inner]


@phrase(r"KO all (?P<who>.+?) with an A of (?P<n>\d+) or (?:less|lower)")
def _ko_low_attack(m, line):
    """'KO all character dice with an A of 2 or less' (their A now, modifiers included)."""
    to = pt.die_selector(f"all {m['who']}", line)
    if to is None or to["pick"] != "each":
        return None
    return [{"do": "ko", "to": {**to, "max_attack": int(m["n"])}}]


@phrase(
    r"(?P<text>.+?) with D less than or equal to (?P<who>.+?)'s D"
    r"(?P<until> until (?:the )?end of (?:the )?turn)?"
)
def _defense_at_most_this(m, line):
    """'capture target character die with D less than or equal to NAME's D': NAME the card's
    own die (its D now); not after 'When NAME is KO'd' (a KO'd die has no D)."""
    if not pt.is_self(m["who"], line) or (line is not None and pt._AFTER_KO.match(line.text)):
        return None
    read = phrases.effects(m["text"] + (m["until"] or ""), line)
    if not read or len(read) != 1:
        return None
    effect = dict(read[0])
    to = effect.get("to")
    if not isinstance(to, dict) or to.get("pick") not in ("target", "up_to", "each"):
        return None
    if "or_player" in to:
        return None
    effect["to"] = {**to, "defense_at_most_this": True}
    return [effect]


@phrase(
    rf"deal {_N} damage to (?P<who>.+?); if that (?:character die|character|die) has a purchase "
    rf"cost of (?P<cost>\d+) or more, deal it (?P<more>{t.NUMBER}) damage instead"
)
def _damage_by_cost(m, line):
    """'deal 2 damage to target character die. If that character die has a purchase cost of 4
    or more, deal it 5 damage instead' (the template joins the two sentences)."""
    to = pt.die_selector(m["who"], line)
    if to is None or to["pick"] != "target" or to.get("count", 1) != 1:
        return None
    effect = {"do": "damage_by_cost", "to": to, "amount": t.number(m["n"])}
    return [{**effect, "min_cost": int(m["cost"]), "instead": t.number(m["more"])}]


@phrase(r"spin (?P<way>up|down) (?P<who>.+?)(?: by (?:one|1) level)?")
@phrase(r"spin (?P<who>.+?) (?P<way>up|down)")
def _spin_one_level(m, line):
    """'spin down target opposing character die': one level (R14.2), as 'spin ... down 1 level'."""
    to = pt.target_of(m["who"], line)
    if to is None or to["pick"] == "player":
        return None
    return [{"do": "spin", "to": to, "levels": 1 if m["way"].lower() == "up" else -1}]
