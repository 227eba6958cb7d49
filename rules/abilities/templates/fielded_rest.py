"""The `fielded_rest` family: 'When fielded' lines the other fielded families leave.

A lasting choice read by the card's own static (effects in
rules/abilities/extensions/fielded_rest.py):

    When fielded, name / choose <a card, an energy type, an affiliation>, replacing (cancelling)
    all previous choices. While NAME is active, <something about that card / energy type /
    affiliation>.

becomes two abilities: the fielded trigger naming it (`fr_name`, kept as a lasting effect of the
game, one per card and holder) and a `while_active` spec reading the choice: the opponent (or
no player) can't purchase / field dice of that card (`fr_named_cant`), dice of it cost N more
to purchase / field (`fr_named_cost`), characters of that affiliation must attack
(`fr_named_must_attack`), 'when your opponent fields a character die from that card / of that
energy type, ...' (`fr_named_fields`). The sentence may print its 'while NAME is active' last,
and 'This effect lasts until you field another NAME' only restates the replacing choice.
'... until NAME leaves the Field Zone' lasts while the die that named it is in the Field.

Without 'while NAME is active', a choice lasting a turn: 'your opponent cannot purchase that
die next turn' (the opponent's turn after this one, active or not: `fr_named_cant_turn`),
'[WL] characters who have that affiliation cannot block this turn'.

Readings (T5.1, the weaker where the text is open):
- a choice printed without 'replacing all previous choices' (Lex Luthor's energy type, Kyle
  Rayner): each new fielding still replaces the card's choice, one at a time.
- 'name a non-[PAWN] Superstar die' / 'choose a [TURTLE] character': any character card of
  either team (of that affiliation); 'an opponent's / opposing (character) card': the
  opponent's team; 'name a die': any card of either team or a Basic Action card.
- 'a [WL] color': one of the Lantern corps' affiliations among the cards in the game.
- 'dice of that energy type cost [1] more to purchase': every card of that type bought, by
  either player (the text names no player); 'characters / creatures of that energy type': only
  character cards.
- 'characters of that affiliation must attack each turn': either player's dice of it.

Declined (left manual): choices checked 'the first time', choices about dice going to the Used
Pile, text-ignoring choices.

Single effects the clauses don't spell (`single_effect`, `their_pick`, `each_other_rewrite`):
'deal 2 damage to target character die for each different active [X] or [Y] character die you
control' (a count of different characters), 'reduce target opposing character die's A and D by
NAME's A and D' (`fr_reduce_by_own`, this turn), 'double the A and D of target non-[X]
character die other than NAME' (`fr_double_ad`, this turn), 'your fiends cost 2 less to field
for the rest of the turn' (fielded_tail's `ft_cost_this_turn` with while_tail's trait), 'NAME
deals 1 damage to each opposing X-Men character for each other Villain you have in the field'
(read again as the clauses spell it), a die a player picks among their own (`fr_their_pick`:
'your opponent chooses one of their [AV] dice. Capture that character. Your opponent takes
damage equal to its printed fielding cost', '... NAME deals 3 damage to that character, and if
they aren't KO'd you take 2 damage', 'each player selects one of their non-[PAWN] Superstar
dice in the Field Zone and returns it to its card').

An effect made bigger under a count condition (`bigger_if`): two fielded abilities with exclusive
conditions (checked when the die is fielded), 'KO target [DCV] character die, or KO 2 target
[DCV] character dice if your opponent has 4 or more character dice in the Field Zone', '... If
your opponent has any [SF] character dice in the Field Zone, deal 1 damage to a 2nd target
Sidekick', '... Deal an extra damage if a [WLG] is active' (one of your own [WLG] dice: the
weaker reading of 'active'; the extra damage is a second damage to the same die).

A first effect read by the clauses, then a sentence about the die it picked (`then_about_it`,
`ko_twice`): 'KO all X. Place them in the Used Pile instead of the Prep Area' and 'KO target
Sidekick. Send it to the Used Pile' (`fr_ko_to_used`: KO'd, then from the Prep Area to the Used
Pile), 'deal 2 damage to X. If that would KO the character, put it in its Used Pile'
(`fr_damage_or_used`: sent to the Used Pile instead of being KO'd), 'If that character is named
Wolverine or Cyclops, deal 2 damage to its owner' / 'If you targeted Spider-Man, he also gets
+1A' (`fr_if_named`, `fr_damage_owner`: by the title on the die's card), 'If your opponent's
Spider-Man is active, you may do this twice instead' (up to two targets, exclusive conditions).

More single lines (`more_singles`): 'if your opponent controls a character die with a higher level
than NAME, deal 4 damage to it and spin NAME up 1 level' (the die picked as a target: the
stricter reading; none, nothing happens), 'KO target opposing character die if your opponent
controls more than 1 copy of that character die' (`fr_ko_copies`), 'KO all level 1 and 2
character dice with A less than NAME' (`fr_ko_weaker`), 'deal 1 damage to target character for
each different color [WL] in play / for each [WL] color you control' (`fr_damage_per_colour`:
the Lantern affiliations among the character dice in the Field, the weaker reading of 'in
play'), 'you may pay [2] to field a Captain America die from your Used Pile or Prep Area'
(watch_tail's `wt_field_from` with a name and the trigger's cost).

Control and more (`control_and_more`, `prep_sidekicks_rewrite`): 'gain control of target
character die with a level lower than NAME until end of turn. Return the character die to your
opponent's Field Zone at the end of turn' (control ends at the end of the turn anyway, R15.2),
'you may take control of an opposing [WL] character die until end of turn. That character die
must attack this turn. Return it ...' (a die of any Lantern colour), 'you may send NAME to the
Used Pile. If you do, deal X damage to target character die where X is NAME's A'
(`fr_leave_damage`: the A read while it is in the Field), 'move all of your active Sidekick
character dice to your Prep Area. Gain 1 life for each Sidekick character die moved in this way'
(read again as the clauses spell it).

After a pick (`if_picked`): 'up to 1 target character die can't block this turn. If you
targeted a character die with this ability, NAME can't attack this turn' and 'you may move a
non-Sidekick die from your Used Pile to its card. If you do, deal 2 damage to target character
die or player' (`fr_if_picked`: the effects when the previous effect picked a die;
`fr_used_to_card`).
"""

import re

from rules.abilities import tokens as t
from rules.abilities.extensions.fielded_rest import LANTERNS
from rules.abilities.templates import Line, Match, read_again, recogniser

FAMILY = "fielded_rest"

_CHOICE = re.compile(
    r"when fielded, (?:choose|name) (?P<what>.+?)(?:,? (?:replacing|cancell?ing) all previous "
    r"choices)?\s*\. (?P<rest>.+)",
    re.IGNORECASE,
)

_CHARACTER_CARD = {"kind": "card", "side": "any", "cards": "character"}
_WHAT = [
    (r"an opponent's character card|an opposing character card|an opposing character",
     {"kind": "card", "side": "opposing", "cards": "character"}),
    (r"an opposing card", {"kind": "card", "side": "opposing", "cards": "any"}),
    (r"a non-\[PAWN\] superstar die", _CHARACTER_CARD),
    (rf"an? (?P<aff>{t.AFFILIATION}) character", _CHARACTER_CARD),
    (r"an energy type", {"kind": "energy"}),
    (r"a \[WL\] color", {"kind": "affiliation", "among": "lantern"}),
    (r"a die", {"kind": "card", "side": "any", "cards": "any"}),
    (r"an affiliation", {"kind": "affiliation"}),
]  # fmt: skip

# Spelling slips of the card's own name in the sentence (a table: only these cards).
_SLIPS = {"Mind Flayer": ("Mind Player",)}

_THAT = {
    "card": r"(?:that character|that die)",
    "energy": r"(?:that energy type)",
    "affiliation": r"(?:that affiliation|that \[WL\])",
}


def _choice(what: str) -> dict | None:
    for regex, effect in _WHAT:
        found = re.fullmatch(regex, what, re.IGNORECASE)
        if found is None:
            continue
        effect = {"do": "fr_name", **effect}
        if found.groupdict().get("aff"):
            effect["affiliation"] = t.affiliation(found["aff"])
        return effect
    return None


def _turn_statics(body: str, kind: str) -> list[dict] | None:
    """Not while NAME is active: 'your opponent cannot purchase that die / field characters of
    that type next turn', 'characters who have that affiliation cannot block this turn'."""
    # (Umber Hulk's 'field characters of that type next turn' is left to fielded_choices, whose
    # test keeps it manual.)
    that = {"card": "that die", "energy": "", "affiliation": ""}[kind]
    found = that and re.fullmatch(
        rf"your opponent (?:cannot|can't) (?P<act>purchase|field) {that} next turn",
        body,
        re.IGNORECASE,
    )
    if found and found["act"].lower() == "purchase":
        act = found["act"].lower()
        return [
            {"do": "fr_named_cant_turn", "acts": [act], "player": "opposing", "lasts": "next_turn"}
        ]
    if kind == "affiliation" and re.fullmatch(
        r"characters who have that affiliation (?:cannot|can't) block this turn", body, re.I
    ):
        return [
            {"do": "fr_named_cant_turn", "acts": ["block"], "player": "any", "lasts": "this_turn"}
        ]
    return None


def _statics(body: str, kind: str, lasts: str) -> list[dict] | None:
    that = _THAT[kind]
    acts = {
        "field": ["field"],
        "purchase": ["purchase"],
        "purchase or field": ["purchase", "field"],
    }
    found = re.fullmatch(
        rf"your opponent (?:cannot|can't|may not) (?P<acts>field|purchase|purchase or field) "
        rf"{that}",
        body,
        re.IGNORECASE,
    )
    if found and kind == "card":
        effect = {"do": "fr_named_cant", "acts": acts[found["acts"].lower()], "player": "opposing"}
        return [{**effect, "lasts": lasts} if lasts == "die" else effect]
    if lasts == "die":
        return None
    found = re.fullmatch(
        rf"{that} (?:cannot|can't) be (?P<acts>purchased or fielded|fielded|purchased)",
        body,
        re.IGNORECASE,
    )
    if found and kind == "card":
        words = found["acts"].lower().replace("purchased", "purchase").replace("fielded", "field")
        return [{"do": "fr_named_cant", "acts": acts[words], "player": "any"}]
    of_that = {
        "card": "on that card",
        "energy": "of that energy type",
        "affiliation": r"with that \[WL\]",
    }[kind]
    found = of_that and re.fullmatch(
        rf"(?P<what>dice|characters|creatures) {of_that} cost (?P<who>your opponent )?"
        r"\[?(?P<n>\d)\]? more to (?P<of>purchase|field|purchase and field)",
        body,
        re.IGNORECASE,
    )
    if found:
        of = {"purchase": ["purchase"], "field": ["fielding"]}.get(
            found["of"].lower(), ["purchase", "fielding"]
        )
        cards = "any" if found["what"].lower() == "dice" else "character"
        player = "opposing" if found["who"] else "any"
        return [
            {"do": "fr_named_cost", "of": of, "amount": int(found["n"]), "player": player,
             "cards": cards}
        ]  # fmt: skip
    if kind == "affiliation" and re.fullmatch(
        r"characters of that affiliation must attack each turn", body, re.IGNORECASE
    ):
        return [{"do": "fr_named_must_attack"}]
    return None


def _fields(body: str, kind: str, names: str) -> list[dict] | None:
    """'when your opponent fields a character die from that card, NAME deals it 3 damage',
    'when an opponent fields a character die of that energy type, deal 1 damage to that
    opponent'."""
    where = {"card": "from that card", "energy": "of that energy type"}.get(kind)
    if where is None:
        return None
    found = re.fullmatch(
        rf"when (?:your|an) opponent fields a character die {where}, (?:(?P<it>{names}) deals it "
        r"(?P<n>\d) damage|deal (?P<m>\d) damage to that opponent)",
        body,
        re.IGNORECASE,
    )
    if found is None:
        return None
    if found["it"]:
        inner = {"do": "damage", "to": {"pick": "that"}, "amount": int(found["n"])}
    else:
        inner = {
            "do": "damage",
            "to": {"pick": "player", "side": "opposing"},
            "amount": int(found["m"]),
        }
    return [{"do": "fr_named_fields", "by": "opposing", "effects": [inner]}]


@recogniser(FAMILY, kinds=("ability",), priority=132)
def named_choice(line: Line) -> Match | None:
    found = _CHOICE.fullmatch(line.text)
    if found is None:
        return None
    choice = _choice(found["what"].strip())
    if choice is None:
        return None
    replacing = re.search(r"(?:replacing|cancell?ing) all previous choices\s*\.", line.text, re.I)
    turn = _turn_statics(found["rest"].strip(), choice["kind"])
    if turn is not None:
        effects = [{**e, "named": choice["kind"]} for e in turn]
        return Match.ability({"when": "fielded", "effects": [choice, *effects]})
    if not replacing and choice["kind"] != "energy":
        return None  # only Lex Luthor's energy type is printed without it (docstring)
    name = line.card_name
    names = "|".join(re.escape(n) for n in (name, *_SLIPS.get(name, ())))
    rest = found["rest"].strip()
    if replacing:
        rest = re.sub(
            rf"\. this effect lasts until you field another (?:{names})$", "", rest, flags=re.I
        )
    lasts = "active"
    front = re.fullmatch(rf"while (?:{names}) is active, (?P<body>.+)", rest, re.IGNORECASE)
    back = re.fullmatch(rf"(?P<body>.+) while (?:{names}) is active", rest, re.IGNORECASE)
    until = re.fullmatch(
        rf"(?P<body>.+) until (?:{names}) leaves the field zone", rest, re.IGNORECASE
    )
    body = front or back or until
    if body is None:
        return None
    if until and not (front or back):
        lasts = "die"
    text = body["body"]
    effects = _statics(text, choice["kind"], lasts)
    if effects is None and lasts == "active":
        effects = _fields(text, choice["kind"], names)
    if effects is None:
        return None
    effects = [{**e, "named": choice["kind"]} for e in effects]
    return Match.ability(
        {"when": "fielded", "effects": [choice]}, {"when": "while_active", "effects": effects}
    )


# -- single effects the clauses don't spell ---------------------------------------------------
_AFFILIATIONS = rf"(?P<affs>{t.AFFILIATION}(?: or {t.AFFILIATION})*)"


def _distinct_damage(m, line) -> list[dict] | None:
    """'deal 2 damage to target character die for each different active [MSTARK] or [SF]
    character die you control': one target, the damage times the different characters."""
    affiliations = [t.affiliation(a) for a in re.findall(t.AFFILIATION, m["affs"])]
    counted = {"pick": "each", "side": "yours", "affiliation": affiliations}
    amount = {"count": counted, "distinct": True, "times": int(m["n"])}
    return [{"do": "damage", "to": {"pick": "target"}, "amount": amount}]


def _reduce_by_own(m, line) -> list[dict] | None:
    """'reduce target opposing character die's A and D by NAME's A and D' (this turn, as every
    modifier of a trigger without a duration: the weaker reading)."""
    return [{"do": "fr_reduce_by_own", "to": {"pick": "target", "side": "opposing"}}]


def _double_ad(m, line) -> list[dict] | None:
    """'double the A and D of target non-[DCV] character die other than NAME': +A and +D equal
    to its own A and D this turn."""
    to = {"pick": "target", "not_affiliation": [t.affiliation(m["aff"])], "not_name": m["name"]}
    return [{"do": "fr_double_ad", "to": to}]


def _fiends_cost(m, line) -> list[dict] | None:
    """'your fiends cost 2 less to field for the rest of the turn' (while_tail's trait: a word
    of the card's subtitle)."""
    to = {"pick": "each", "side": "yours", "trait": m["trait"].lower()}
    return [
        {"do": "ft_cost_this_turn", "to": to, "of": "fielding", "amount": int(m["n"]), "sign": -1}
    ]


_SINGLES = [
    (
        r"deal (?P<n>\d) damage to target character die for each different active "
        rf"{_AFFILIATIONS} character die you control",
        _distinct_damage,
    ),
    (
        r"reduce target opposing character die's A and D by (?P<own>{names})'s A and D",
        _reduce_by_own,
    ),
    (
        rf"double the A and D of target non-(?P<aff>{t.AFFILIATION}) character die other than "
        r"(?P<name>{names})",
        _double_ad,
    ),
    (r"your (?P<trait>fiend)s cost (?P<n>\d) less to field for the rest of the turn", _fiends_cost),
]


@recogniser(FAMILY, kinds=("ability",), priority=133)
def single_effect(line: Line) -> Match | None:
    found = re.fullmatch(r"when fielded, (?P<may>you may )?(?P<rest>.+)", line.text, re.I)
    if found is None:
        return None
    names = re.escape(line.card_name)
    for regex, build in _SINGLES:
        m = re.fullmatch(regex.replace("{names}", names), found["rest"], re.IGNORECASE)
        if m is None:
            continue
        effects = build(m, line)
        if effects is None:
            return None
        spec = {"when": "fielded", "effects": effects}
        if found["may"]:
            spec["optional"] = True
        return Match.ability(spec)
    return None


# 'NAME deals 1 damage to each opposing X-Men character for each other Villain you have in the
# field': the clauses' spelling ('deal 1 damage to each opposing X-Men character die for each of
# your other Villain character dice'), read again.
_EACH_OTHER = re.compile(
    r"when fielded, (?P<name>.+?) deals (?P<n>\d) damage to each opposing (?P<who>[\w-]+) "
    r"character for each other (?P<per>\w+) you have in the field",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=133)
def each_other_rewrite(line: Line) -> Match | None:
    found = _EACH_OTHER.fullmatch(line.text)
    if found is None or found["name"] != line.card_name:
        return None
    text = (
        f"When fielded, deal {found['n']} damage to each opposing {found['who']} character die "
        f"for each of your other {found['per']} character dice"
    )
    return read_again(line, text)


# -- a die a player picks among their own (fr_their_pick)
_THEIR_PICKS = [
    (
        rf"your opponent chooses one of their (?P<aff>{t.AFFILIATION}) dice\. capture that "
        r"character\. your opponent takes damage equal to its printed fielding cost",
        lambda m: {"who": "opposing", "of": {"affiliation": [t.affiliation(m["aff"])]},
                   "then": "capture_damage_cost"},
    ),
    (
        r"your opponent chooses one of their characters\. (?:{names}) deals (?P<n>\d) damage to "
        r"that character, and if they aren't KO'd you take (?P<m>\d) damage",
        lambda m: {"who": "opposing", "of": {}, "then": "damage_else_backlash",
                   "amount": int(m["n"]), "backlash": int(m["m"])},
    ),
    (
        r"each player selects one of their non-\[PAWN\] Superstar dice in the Field Zone and "
        r"returns it to its card",
        lambda m: {"who": "each", "of": {"what": "non_sidekick"}, "then": "to_card"},
    ),
]  # fmt: skip


@recogniser(FAMILY, kinds=("ability",), priority=133)
def their_pick(line: Line) -> Match | None:
    found = re.fullmatch(r"when fielded, (?P<rest>.+)", line.text, re.I)
    if found is None:
        return None
    names = re.escape(line.card_name)
    for regex, build in _THEIR_PICKS:
        m = re.fullmatch(regex.replace("{names}", names), found["rest"], re.IGNORECASE)
        if m is not None:
            effect = {"do": "fr_their_pick", **build(m)}
            return Match.ability({"when": "fielded", "effects": [effect]})
    return None


# -- an effect made bigger under a count condition
# Two abilities with exclusive conditions (checked when the die is fielded, R13.3): the plain
# effect, and the bigger one.
def _count(side: str, affiliation: str | None, at: str, n: int) -> dict:
    of = {"pick": "each", "side": side}
    if affiliation:
        of["affiliation"] = [affiliation]
    return {"test": f"count_{at}", "of": of, "n": n}


def _corsair(m) -> tuple[dict, dict]:
    aff = t.affiliation(m["aff"])
    n = int(m["m"])
    one = {"do": "ko", "to": {"pick": "target", "affiliation": [aff]}}
    more = {"do": "ko", "to": {"pick": "target", "count": int(m["n"]), "affiliation": [aff]}}
    return (
        {"if": _count("opposing", None, "at_most", n - 1), "effects": [one]},
        {"if": _count("opposing", None, "at_least", n), "effects": [more]},
    )


def _rhino(m) -> tuple[dict, dict]:
    aff = t.affiliation(m["aff"])
    amount = int(m["a"])
    one = {"do": "damage", "to": {"pick": "target", "what": "sidekick"}, "amount": amount}
    two = {**one, "to": {"pick": "target", "count": 2, "what": "sidekick"}}
    return (
        {"if": _count("opposing", aff, "at_most", 0), "effects": [one]},
        {"if": _count("opposing", aff, "at_least", 1), "effects": [two]},
    )


def _extra_damage(m) -> tuple[dict, dict]:
    """'Deal an extra damage if a [WLG] is active': one of your [WLG] dice in the Field (the
    weaker reading of 'active'); the extra damage is dealt to the same die."""
    aff = t.affiliation(m["aff"])
    level = {"do": "damage", "to": {"pick": "target"}, "amount": {"stat": "level"}}
    extra = {"do": "damage", "to": {"pick": "it"}, "amount": 1}
    return (
        {"if": _count("yours", aff, "at_most", 0), "effects": [level]},
        {"if": _count("yours", aff, "at_least", 1), "effects": [level, extra]},
    )


_BIGGER = [
    (
        rf"KO target (?P<aff>{t.AFFILIATION}) character die, or KO (?P<n>[2-3]) target "
        r"(?P=aff) character dice if your opponent has (?P<m>\d) or more character dice in the "
        r"Field Zone",
        _corsair,
    ),
    (
        r"deal (?P<a>\d) damage to target Sidekick\. If your opponent has any "
        rf"(?P<aff>{t.AFFILIATION}) character dice in the Field Zone, deal (?P=a) damage to a "
        r"2nd target Sidekick",
        _rhino,
    ),
    (
        r"deal damage to target character equal to this character's level\. Deal an extra "
        rf"damage if a (?P<aff>{t.AFFILIATION}) is active",
        _extra_damage,
    ),
]


@recogniser(FAMILY, kinds=("ability",), priority=133)
def bigger_if(line: Line) -> Match | None:
    found = re.fullmatch(r"when fielded, (?P<rest>.+)", line.text, re.I)
    if found is None:
        return None
    for regex, build in _BIGGER:
        m = re.fullmatch(regex, found["rest"], re.IGNORECASE)
        if m is not None:
            plain, bigger = build(m)
            return Match.ability({"when": "fielded", **plain}, {"when": "fielded", **bigger})
    return None


# -- a first effect read by the clauses, then a sentence about the die it picked
def _first(text: str, line: Line, do: str) -> list[dict] | None:
    from rules.abilities import phrases

    effects = phrases.effects(text, line)
    if not effects or len(effects) != 1 or effects[0]["do"] != do:
        return None
    return effects


def _ko_used(first, m):
    return [{"do": "fr_ko_to_used", "to": first[0]["to"]}]


def _damage_used(first, m):
    if not isinstance(first[0]["amount"], int):
        return None
    return [{"do": "fr_damage_or_used", "to": first[0]["to"], "amount": first[0]["amount"]}]


def _named_owner(first, m):
    names = [n.strip() for n in re.split(r" or ", m["names"])]
    then = {"do": "fr_if_named", "names": names,
            "effects": [{"do": "fr_damage_owner", "amount": int(m["n"])}]}  # fmt: skip
    return [*first, then]


def _named_bonus(first, m):
    bonus = {"do": "modify", "to": {"pick": "it"}, "attack": int(m["n"])}
    return [*first, {"do": "fr_if_named", "names": [m["name"]], "effects": [bonus]}]


_THEN = [
    (r"KO all .+", "ko", r"Place them in the Used Pile instead of the Prep Area", _ko_used),
    (
        r"deal \d+ damage to .+",
        "damage",
        r"If that would KO the character, put it in its Used Pile",
        _damage_used,
    ),
    (
        r"KO an? target .+",
        "ko",
        r"If that character is named (?P<names>[\w.' -]+? or [\w.' -]+?), deal (?P<n>\d) damage "
        r"to its owner",
        _named_owner,
    ),
    (
        r"target .+ gains \w+ this turn",
        "grant",
        r"If you targeted (?P<name>[\w.' -]+?), he also gets \+(?P<n>\d)A",
        _named_bonus,
    ),
]


@recogniser(FAMILY, kinds=("ability",), priority=133)
def then_about_it(line: Line) -> Match | None:
    found = re.fullmatch(r"when fielded, (?P<first>[^.]+)\. (?P<then>[^.]+)", line.text, re.I)
    if found is None:
        return None
    for first_regex, do, then_regex, build in _THEN:
        if not re.fullmatch(first_regex, found["first"], re.IGNORECASE):
            continue
        m = re.fullmatch(then_regex, found["then"], re.IGNORECASE)
        first = _first(found["first"], line, do) if m else None
        if m is None or first is None:
            continue
        effects = build(first, m)
        return Match.ability({"when": "fielded", "effects": effects}) if effects else None
    return None


# 'you may KO target Sidekick. Send it to the Used Pile. If your opponent's Spider-Man is
# active, you may do this twice instead': the KO to the Used Pile (`fr_ko_to_used`) of one
# target, or of up to two under the condition (two abilities with exclusive conditions).
_TWICE = re.compile(
    r"when fielded, you may KO target (?P<what>Sidekick)\. Send it to the Used Pile\. If your "
    r"opponent's (?P<name>[\w.' -]+?) is active, you may do this twice instead",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=133)
def ko_twice(line: Line) -> Match | None:
    found = _TWICE.fullmatch(line.text)
    if found is None:
        return None
    of = {"pick": "each", "side": "opposing", "name": found["name"]}
    once = {"do": "fr_ko_to_used", "to": {"pick": "target", "what": "sidekick"}}
    twice = {"do": "fr_ko_to_used", "to": {"pick": "up_to", "count": 2, "what": "sidekick"}}
    return Match.ability(
        {"when": "fielded", "optional": True, "if": {"test": "count_at_most", "of": of, "n": 0},
         "effects": [once]},
        {"when": "fielded", "optional": True, "if": {"test": "count_at_least", "of": of, "n": 1},
         "effects": [twice]},
    )  # fmt: skip


# -- KOs and damage by what is in the Field, and more single lines
def _hulk(m, line):
    """'if your opponent controls a character die with a higher level than NAME, deal 4 damage
    to it and spin NAME up 1 level': the die is one the holder picks among those (treated as a
    target: the stricter reading); none, nothing happens."""
    higher = {"side": "opposing", "level_vs_this": "higher"}
    effects = [
        {"do": "damage", "to": {"pick": "target", **higher}, "amount": int(m["n"])},
        {"do": "spin", "to": {"pick": "this"}, "levels": int(m["l"])},
    ]
    return {"if": {"test": "count_at_least", "of": {"pick": "each", **higher}, "n": 1},
            "effects": effects}  # fmt: skip


def _per_colour(m) -> dict:
    per = "any" if m["any"] else "yours"
    return {
        "do": "fr_damage_per_colour",
        "to": {"pick": "target"},
        "amount": int(m["n"]),
        "per": per,
    }


_MORE = [
    (
        r"if your opponent controls a character die with a higher level than (?:{names}), deal "
        r"(?P<n>\d) damage to it and spin (?:{names}) up (?P<l>1) level",
        _hulk,
    ),
    (
        r"KO target opposing character die if your opponent controls more than 1 copy of that "
        r"character die",
        lambda m, line: {"effects": [{"do": "fr_ko_copies"}]},
    ),
    (
        r"KO all level 1 and (?P<l>2) character dice with A less than (?:{names})",
        lambda m, line: {"effects": [{"do": "fr_ko_weaker", "max_level": int(m["l"])}]},
    ),
    (
        r"deal (?P<n>\d) damage to target character for each (?:(?P<any>different color "
        r"\[WL\] in play)|\[WL\] color you control)",
        lambda m, line: {"effects": [_per_colour(m)]},
    ),
    (
        r"you may pay (?P<cost>\[\d\]) to field an? (?P<name>[A-Z][\w.' -]+?) die from your Used "
        r"Pile or Prep Area",
        lambda m, line: {"optional": True, "cost": m["cost"], "effects": [
            {"do": "wt_field_from", "dice": {"what": "character", "name": m["name"]},
             "zones": ["used", "prep"]}]},
    ),
]  # fmt: skip


@recogniser(FAMILY, kinds=("ability",), priority=133)
def more_singles(line: Line) -> Match | None:
    found = re.fullmatch(r"when fielded, (?P<rest>.+)", line.text, re.I)
    if found is None:
        return None
    names = re.escape(line.card_name)
    for regex, build in _MORE:
        m = re.fullmatch(regex.replace("{names}", names), found["rest"], re.IGNORECASE)
        if m is not None:
            return Match.ability({"when": "fielded", **build(m, line)})
    return None


# -- control until the end of the turn, sending this die away, a spelling read again
def _control_lower(m, line):
    """'gain control of target character die with a level lower than NAME until end of turn.
    Return the character die to your opponent's Field Zone at the end of turn': control ends at
    the end of the turn anyway (R15.2); an opposing die (your own is yours already)."""
    to = {"pick": "target", "side": "opposing", "level_vs_this": "lower"}
    return {"effects": [{"do": "control", "to": to}]}


def _control_lantern(m, line):
    """'you may take control of an opposing [WL] character die until end of turn. That character
    die must attack this turn. Return it ...': a die of any Lantern colour."""
    to = {"pick": "target", "side": "opposing", "affiliation": list(LANTERNS)}
    must = {"do": "grant", "to": {"pick": "it"}, "keyword": "must_attack"}
    return {"optional": True, "effects": [{"do": "control", "to": to}, must]}


def _leave_damage(m, line):
    return {"optional": True, "effects": [{"do": "fr_leave_damage", "to": {"pick": "target"}}]}


_CONTROL_AND_MORE = [
    (
        r"gain control of target character die with a level lower than (?:{names}) until end of "
        r"turn\. Return the character die to your opponent's Field Zone at the end of turn",
        _control_lower,
    ),
    (
        r"you may take control of an opposing \[WL\] character die until end of turn\. That "
        r"character die must attack this turn\. Return it to your opponent's Field Zone at end "
        r"of turn",
        _control_lantern,
    ),
    (
        r"you may send (?:{names}) to the Used Pile\. If you do, deal X damage to target "
        r"character die where X is (?:{names})'s A",
        _leave_damage,
    ),
]


@recogniser(FAMILY, kinds=("ability",), priority=133)
def control_and_more(line: Line) -> Match | None:
    found = re.fullmatch(r"when fielded, (?P<rest>.+)", line.text, re.I)
    if found is None:
        return None
    names = re.escape(line.card_name)
    for regex, build in _CONTROL_AND_MORE:
        m = re.fullmatch(regex.replace("{names}", names), found["rest"], re.IGNORECASE)
        if m is not None:
            return Match.ability({"when": "fielded", **build(m, line)})
    return None


# 'move all of your active Sidekick character dice to your Prep Area. Gain 1 life for each
# Sidekick character die moved in this way': the clauses' spelling, read again.
_PREP_SIDEKICKS = re.compile(
    r"when fielded, move all of your active Sidekick character dice to your Prep Area\. Gain "
    r"(?P<n>\d) life for each Sidekick character die moved in this way",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=133)
def prep_sidekicks_rewrite(line: Line) -> Match | None:
    found = _PREP_SIDEKICKS.fullmatch(line.text)
    if found is None:
        return None
    text = (
        f"When fielded, prep all your Sidekick dice. Gain {found['n']} life for each die moved "
        "this way"
    )
    return read_again(line, text)


# -- 'If you do' / 'If you targeted a character die with this ability' after a pick
_IF_PICKED = [
    (
        r"up to 1 target character die can't block this turn\. If you targeted a character die "
        r"with this ability, (?:{names}) can't attack this turn",
        lambda m: {"effects": [
            {"do": "restrict", "to": {"pick": "up_to", "count": 1}, "action": "block"},
            {"do": "fr_if_picked", "effects": [
                {"do": "restrict", "to": {"pick": "this"}, "action": "attack"}]},
        ]},
    ),
    (
        r"you may move a non-Sidekick die from your Used Pile to its card\. If you do, deal "
        r"(?P<n>\d) damage to target character die or player",
        lambda m: {"optional": True, "effects": [
            {"do": "fr_used_to_card", "what": "non_sidekick"},
            {"do": "fr_if_picked", "effects": [
                {"do": "damage", "to": {"pick": "target", "or_player": True},
                 "amount": int(m["n"])}]},
        ]},
    ),
]  # fmt: skip


@recogniser(FAMILY, kinds=("ability",), priority=133)
def if_picked(line: Line) -> Match | None:
    found = re.fullmatch(r"when fielded, (?P<rest>.+)", line.text, re.I)
    if found is None:
        return None
    names = re.escape(line.card_name)
    for regex, build in _IF_PICKED:
        m = re.fullmatch(regex.replace("{names}", names), found["rest"], re.IGNORECASE)
        if m is not None:
            return Match.ability({"when": "fielded", **build(m)})
    return None
