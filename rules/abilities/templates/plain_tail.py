"""A character's lines that start with none of the usual trigger words, read by this family
(`plain_tail`; its effects and conditions are in rules/abilities/extensions/plain_tail.py):

- Spellings the other families read once put their way (`SPELLINGS`, each only ever
  normalises, so reading again ends): bare 'Obscure' (the keyword's reminder, as the Tomb of
  Annihilation cards print it: when you use an action die, the character can't be blocked this
  turn); in a Dungeons & Dragons set 'NPCs' (Sidekick dice) and 'Spells' (action dice); 'You
  may field NAME for free' and 'Field NAME for free if you have ...' (the card's dice are free
  to field); the misspelt 'Whlle' / 'Whle' / 'Whlie'; 'a [X] character die other than NAME'
  (another [X] die: the watcher leaves out every die of the card); 'NAME gets +1A the turn he
  is fielded. When NAME attacks, [X] get +1A until end of turn' (every [X] character die,
  either player's, R13.8); 'Gets ... for each other X in the field' when the card says both
  players' dice count; 'Once each turn, when ...' (the trigger with the limit once_per_turn,
  R13.5).
- The card's own purchase cost under a life condition ('while you have 10 or less life / you
  are at less than 11 life / your opponent has 20 life': `pt_life`), a static ability from
  the team.
- Gate: when fielded, the holder may roll another unpurchased die of the card; a character
  face sends it to their Prep Area, an energy face back to the card (`pt_gate`).
- A burst line that instead draws 2 dice and sends one (the holder's pick) to one place and
  the other elsewhere (Prep Area / Used Pile, rolled / back to the bag), changing the card's
  previous triggered ability, a single draw (`pt_draw_split`).
- Static limits on the damage the card's dice take from each source (`pt_limit_damage`,
  R13.4): reduced to 1, at most 1 from action dice, none from higher level characters, none
  from character dice of its level or lower.
- Dice counted in the Prep Area or the Used Pile: '+1A and +1D for each die in your Prep Area'
  (`pt_zone_modify`), 'free to field while you have an [IW] character die in your Used Pile'
  (condition `pt_in_zone`).
- 'As long as you have not fielded any character dice this turn, NAME has +3A' (condition
  `pt_none_fielded`); 'Pay an extra [1] to field NAME if you don't have an active OTHER or [X]
  character die' (the card's fielding cost, OTHER by name being the holder's own, R13.8).

Readings (T5.1):
- 'Once each turn' is 'once per turn' (R13.5): the card's ability resolves once a turn.
- 'your opponent has 20 life' holds while they have 20 or more (life never goes above the
  starting total, R12.4, so it is 20 exactly at the usual total).
- Gate: the die taken is one of the card's own unpurchased dice (a team has one card of a
  name); with none left, nothing happens. A rolled character face puts it in the holder's
  Prep Area as their die (not purchased: no purchase triggers); an energy face puts it back
  on its card.
- The draw-split burst: the holder picks which drawn die goes where; with only one die to
  draw it goes to the first place named.
- A die in the Prep Area or Used Pile shows no face: a 'character die' there is a Sidekick or
  a die of a card with character levels; an affiliation is read from the die's card.
- 'Take no more than 1 damage from action dice': a source that is no die (a global) is not an
  action die.
"""

import re

from rules.abilities import phrases_static as ps
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, read_again, recogniser
from rules.abilities.templates.while_active_statics import self_selector

FAMILY = "plain_tail"

# The Dungeons & Dragons sets, where Sidekick dice are called NPCs.
DND_SETS = frozenset({"aiw", "bff", "bffop", "bffpr", "d2016", "fus", "tiw", "toa", "zhn"})


def _set_of(key: str) -> str:
    return re.sub(r"^\d+", "", key or "").lower()


def _name_is_card(name: str, line: Line) -> bool:
    return name.strip().lower() == line.card_name.strip().lower()


def _obscure(match: re.Match, line: Line) -> str:
    return "When you use an action die, this character die can't be blocked this turn"


def _npcs(match: re.Match, line: Line) -> str | None:
    if _set_of(line.card_key) not in DND_SETS:
        return None
    return f"Sidekicks {match['rest']}"


def _field_free(match: re.Match, line: Line) -> str | None:
    if not _name_is_card(match["name"], line):
        return None
    return f"{match['name']} is free to field" + (f" {match['cond']}" if match["cond"] else "")


def _while_slip(match: re.Match, line: Line) -> str:
    return f"While {match['rest']}"


def _spells(match: re.Match, line: Line) -> str | None:
    if _set_of(line.card_key) not in DND_SETS or not _name_is_card(match["name"], line):
        return None
    return f"{match['name']} can't be targeted by action dice or character abilities"


def _fielded_turn_then_attacks(match: re.Match, line: Line) -> str | None:
    if not (_name_is_card(match["name"], line) and _name_is_card(match["name2"], line)):
        return None
    return (
        f"{match['name']} gets {match['mods']} on the turn {match['who']} is fielded. When "
        f"{match['name2']} attacks, all {match['aff']} character dice get {match['mods2']}"
    )


def _other_than(match: re.Match, line: Line) -> str | None:
    if not _name_is_card(match["name"], line):
        return None
    return f"{match['head']}another {match['what']}, {match['rest']}"


def _each_other_in_field(match: re.Match, line: Line) -> str | None:
    if not re.search(r"both players", line.raw, re.IGNORECASE) or not line.card_name.strip():
        return None
    return (
        f"{line.card_name.strip()} gets {match['mods']} for each other {match['what']} "
        "character die"
    )


# (regex on the whole line, the line's new text or None): applied in turn, each to the text
# the previous left, then the whole read again by the families.
SPELLINGS = (
    (re.compile(r"obscure", re.IGNORECASE), _obscure),
    (re.compile(r"NPCs (?P<rest>can't block .+)", re.IGNORECASE), _npcs),
    (
        re.compile(
            r"(?:you may field (?P<name>.+?) for free|field (?P<name2>.+?) for free "
            r"(?P<cond2>if you have (?:an|a) active .+))",
            re.IGNORECASE,
        ),
        lambda m, line: _field_free(
            {"name": m["name"] or m["name2"], "cond": m["cond2"] or ""}, line
        ),
    ),
    (re.compile(r"(?:whlle|whle|whlie) (?P<rest>.+)", re.IGNORECASE), _while_slip),
    (
        re.compile(
            r"(?P<name>.+?) character dice cannot be the target of spells or character abilities",
            re.IGNORECASE,
        ),
        _spells,
    ),
    (
        re.compile(
            r"(?P<head>.+?\bwhen you field )an? (?P<what>\[\w+\] character die) other than "
            r"(?P<name>[^,]+), (?P<rest>.+)",
            re.IGNORECASE,
        ),
        _other_than,
    ),
    (
        re.compile(
            r"(?P<name>.+?) gets (?P<mods>\+\d+A) the turn (?P<who>he|she|it) is fielded\. When "
            r"(?P<name2>.+?) attacks, (?P<aff>\[\w+\]) get (?P<mods2>\+\d+A) until end of turn",
            re.IGNORECASE,
        ),
        _fielded_turn_then_attacks,
    ),
    (
        re.compile(r"gets (?P<mods>.+?) for each other (?P<what>\w+) in the field", re.I),
        _each_other_in_field,
    ),
)


@recogniser(FAMILY, kinds=("ability",), priority=150)
def spellings(line: Line) -> Match | None:
    text = line.text
    for regex, rewrite in SPELLINGS:
        match = regex.fullmatch(text)
        if match:
            text = rewrite(match, line) or text
    return read_again(line, text)


_ONCE_EACH_TURN = re.compile(r"once each turn, (?P<rest>when .+)", re.IGNORECASE)


@recogniser(FAMILY, kinds=("ability",), priority=150)
def once_each_turn(line: Line) -> Match | None:
    """'Once each turn, when one of your other characters is KO'd, ...': the triggered ability
    with the limit once_per_turn (R13.5)."""
    match = _ONCE_EACH_TURN.fullmatch(line.text)
    if not match:
        return None
    rest = match["rest"]
    found = read_again(line, rest[0].upper() + rest[1:])
    if found is None or found.keywords or len(found.abilities) != 1:
        return None
    spec = found.abilities[0]
    if spec["when"] in ("global", "while_active", "static") or spec.get("limit"):
        return None
    return Match.ability({**spec, "limit": "once_per_turn"})


# -- the card's own purchase cost under a life condition ------------------------------------------
_LIFE_COST = re.compile(
    r"(?P<self>.+?) (?P<cost>costs \[?\d\]? (?:less|fewer) to (?:purchase|buy)"
    r"(?: \(minimum 1\))?) while (?:"
    r"you have (?P<at_most>\d+) or less life"
    r"|you are at less than (?P<below>\d+) life"
    r"|your opponent has (?P<their>\d+) life)",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=150)
def cost_by_life(line: Line) -> Match | None:
    match = _LIFE_COST.fullmatch(line.text)
    if not match or self_selector(match["self"], line) is None:
        return None
    costs = ps.cost(match["cost"].replace("fewer", "less").replace(" buy", " purchase"), line.raw)
    if costs is None or len(costs) != 1 or costs[0]["of"] != "purchase":
        return None
    if match["their"]:
        condition = {"test": "pt_life", "pt_side": "opposing", "pt_at_least": int(match["their"])}
    else:
        most = int(match["at_most"]) if match["at_most"] else int(match["below"]) - 1
        condition = {"test": "pt_life", "pt_side": "yours", "pt_at_most": most}
    return Match.ability(
        {"when": "static", "if": condition, "effects": [{**costs[0], "to": {"pick": "this"}}]}
    )


# -- Gate NAME: take another unpurchased NAME die and roll it -------------------------------------
_GATE = re.compile(
    r"gate (?P<gate>[^:]+): when fielded, you may take another unpurchased (?P<name>.+?) die "
    r"and roll it\. if it rolls a character face, put it into your prep area\. otherwise, "
    r"return it to (?:its|the) card",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=150)
def gate(line: Line) -> Match | None:
    match = _GATE.fullmatch(line.text)
    if not match or not _name_is_card(match["name"], line):
        return None
    if not _name_is_card(match["gate"], line):
        return None
    return Match.ability({"when": "fielded", "optional": True, "effects": [{"do": "pt_gate"}]})


# -- burst: 'Instead draw 2 dice; one goes here, the other there' ---------------------------------
_DRAW_SPLIT = (
    (
        re.compile(
            r"instead,? draw 2 dice; place one in your prep area and the other in your used pile",
            re.IGNORECASE,
        ),
        ("prep", "used"),
    ),
    (
        re.compile(
            r"instead,? draw 2 dice, roll one(?: of them)? and return the other to your bag",
            re.IGNORECASE,
        ),
        ("roll", "bag"),
    ),
)


@recogniser(FAMILY, kinds=("burst",), priority=150)
def draw_split(line: Line) -> Match | None:
    """The burst replaces the previous triggered ability's effects, which must be one draw
    (what 'instead' changes)."""
    previous = line.previous or {}
    effects = previous.get("effects", [])
    if len(effects) != 1 or effects[0]["do"] != "draw" or previous.get("when") == "global":
        return None
    for regex, (one, other) in _DRAW_SPLIT:
        if regex.fullmatch(line.text):
            effect = {"do": "pt_draw_split", "count": 2, "one": one, "other": other}
            return Match(variant={"mode": "instead", "effects": [effect]})
    return None


# -- a limit on the damage the card's own dice take -----------------------------------------------
_LIMITS = (
    (
        re.compile(r"reduce all damage dealt to (?P<self>.+?) from each source to 1", re.I),
        {"keep": 1},
    ),
    (
        re.compile(r"(?P<self>.+?) takes no more than 1 damage from action dice", re.I),
        {"keep": 1, "from": {"pick": "each", "what": "action"}},
    ),
    (
        re.compile(r"(?P<self>.+?) takes no damage from higher level characters", re.I),
        {"keep": 0, "from_level": "higher"},
    ),
    (
        re.compile(
            r"prevent all damage done to (?P<self>.+?) by character dice of equal or lower level",
            re.I,
        ),
        {"keep": 0, "from_level": "at_most"},
    ),
)


@recogniser(FAMILY, kinds=("ability",), priority=150)
def damage_limit(line: Line) -> Match | None:
    for regex, fields in _LIMITS:
        match = regex.fullmatch(line.text)
        if match and self_selector(match["self"], line) is not None:
            effect = {"do": "pt_limit_damage", "to": {"pick": "this"}, **fields}
            return Match.ability({"when": "while_active", "effects": [effect]})
    return None


# -- dice counted in the Prep Area / the Used Pile ------------------------------------------------
_ZONES = {"prep area": "prep", "used pile": "used"}
_ZONE_DICE = re.compile(
    r"(?:(?P<any>die)|(?:of your )?(?P<aff>\[\w+\]) (?P<noun>character die|character dice|dice?))"
    r" in (?:your|the) (?P<zone>prep area|used pile)",
    re.IGNORECASE,
)


def _zone_dice(text: str) -> tuple[str, dict] | None:
    """'die in your Prep Area', 'of your [XMEN] dice in the Prep Area', '[IW] character die in
    your Used Pile': the zone and which of the holder's dice there count."""
    match = _ZONE_DICE.fullmatch(text)
    if not match:
        return None
    of: dict = {}
    if match["aff"]:
        of["affiliation"] = [t.affiliation(match["aff"])]
        if match["noun"].lower().startswith("character"):
            of["character"] = True
    return _ZONES[match["zone"].lower()], of


_ZONE_GETS = re.compile(r"(?P<self>.+?) gets (?P<mods>.+?) for each (?P<what>.+)", re.IGNORECASE)
_ZONE_FREE = re.compile(
    r"(?P<self>.+?) is free to field while you have an? (?P<what>.+)", re.IGNORECASE
)


@recogniser(FAMILY, kinds=("ability",), priority=150)
def zone_counts(line: Line) -> Match | None:
    """'NAME gets +1A and +1D for each die in your Prep Area', 'NAME is free to field while you
    have an [IW] character die in your Used Pile'."""
    for regex in (_ZONE_GETS, _ZONE_FREE):
        match = regex.fullmatch(line.text)
        if match and self_selector(match["self"], line) is not None:
            break
    else:
        return None
    found = _zone_dice(match["what"])
    if found is None:
        return None
    zone, of = found
    if regex is _ZONE_FREE:
        condition = {"test": "pt_in_zone", "pt_zone": zone, "pt_of": of, "n": 1}
        cost = {"do": "cost", "of": "fielding", "free": True, "to": {"pick": "this"}}
        return Match.ability({"when": "static", "if": condition, "effects": [cost]})
    mods = ps.modify(match["mods"])
    if not mods or mods.get("sign", 1) != 1 or set(mods) - {"do", "attack", "defense", "sign"}:
        return None
    effect = {"do": "pt_zone_modify", "to": {"pick": "this"}, "zone": zone, "of": of}
    effect.update({stat: mods[stat] for stat in ("attack", "defense") if stat in mods})
    return Match.ability({"when": "while_active", "effects": [effect]})


# -- conditions the other families don't spell ----------------------------------------------------
_NONE_FIELDED = re.compile(
    r"as long as you have not fielded any character dice this turn, (?P<self>.+?) has "
    r"(?P<mods>\+\d+A(?: and \+\d+D)?)",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=150)
def none_fielded(line: Line) -> Match | None:
    """'As long as you have not fielded any character dice this turn, NAME has +3A'."""
    match = _NONE_FIELDED.fullmatch(line.text)
    if not match or self_selector(match["self"], line) is None:
        return None
    mods = ps.modify(match["mods"])
    if not mods or set(mods) - {"do", "attack", "defense"}:
        return None
    return Match.ability(
        {
            "when": "while_active",
            "if": {"test": "pt_none_fielded"},
            "effects": [{**mods, "to": {"pick": "this"}}],
        }
    )


_EXTRA_TO_FIELD = re.compile(
    r"(?i:pay an extra )\[(?P<n>\d)\](?i: to field )(?P<self>.+?)(?i: if you don't have an active )"
    r"(?P<name>[A-Z][\w-]*(?: [A-Z][\w-]*)*)(?i: or )(?P<aff>\[\w+\])(?i: character die)",
)


@recogniser(FAMILY, kinds=("ability",), priority=150)
def extra_to_field(line: Line) -> Match | None:
    """'Pay an extra [1] to field NAME if you don't have an active OTHER or [X] character die':
    the card's own fielding cost, more while none of the holder's dice in the Field is that
    character (by name, the holder's own, R13.8) or of that affiliation."""
    match = _EXTRA_TO_FIELD.fullmatch(line.text)
    if not match or not _name_is_card(match["self"], line):
        return None
    either = [
        {"pick": "each", "name": match["name"]},
        {"pick": "each", "affiliation": [t.affiliation(match["aff"])]},
    ]
    condition = {
        "test": "count_at_most",
        "n": 0,
        "of": {"pick": "each", "side": "yours", "any_of": either},
    }
    cost = {"do": "cost", "of": "fielding", "amount": int(match["n"]), "sign": 1}
    return Match.ability(
        {"when": "static", "if": condition, "effects": [{**cost, "to": {"pick": "this"}}]}
    )
