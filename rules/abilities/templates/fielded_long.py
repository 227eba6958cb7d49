"""Family `fielded_long`: 'When fielded' lines the other fielded families leave, read through
the shared clause registry (clauses in rules/abilities/phrases_fielded_long.py, effects in
rules/abilities/extensions/fielded_long.py) and two recognisers:

- `fielded_long_draw`: a draw whose dice then go where the card says, read as one effect
  (`fl_draw_route`, `fl_draw_split`):
  'draw two dice. Place any <dice> into your Prep Area and all other dice into your Used Pile';
  'draw 2 dice. If they are both / If both are <dice> dice, roll them and place them in your
  Reserve Pool / place them in your Used Pile (and <effect>). Otherwise, return them / both to
  your bag'; 'draw a die. If it is a [B] or a [F] die you may <effect>. Return it to your bag'
  (the die goes back to the bag whatever it is; 'you may deal N damage to target X' is a
  target picked or none); 'draw 2 dice. Roll one of those dice and Prep the other'. A '[B]
  die' is a die of a card of that energy type, as fielded_more reads it (a Sidekick die is
  not one).
  The same recogniser reads whole bodies of one effect each: 'draw and roll a die. If you
  rolled a character face on an [AV] die, <effect> (and repeat this effect once). Place dice
  rolled from this effect into your Prep Area' and 'if you roll a character side, that
  character deals damage equal to its attack to your opponent and goes to your used pile'
  (`fl_draw_roll`); 'name a die, then draw' (`fl_name_draw`); 'roll an opposing character'
  whose energy face sends it to its owner's Prep Area and 'reroll up to 2 target Superstar
  dice ... damage for each sent to the Used Pile' (fielded_more's `reroll_sort`); a character
  rolled from the Used Pile and fielded (`fl_used_roll_field`); a Sidekick rolled for an
  energy-matched KO (`fl_sidekick_energy_ko`); 'choose one opposing Sidekick or character
  with a purchase cost of 2 or less ... knock it out / spin it down' (`fl_ko_or_spin_down`:
  'choose' read as a target, T5.1); 'your opponent chooses an unpurchased Basic Action Die'
  (`fl_gift_basic_action`).
- `fielded_long_condition`: 'if you have no [DCV] character cards on your team'
  (`fl_team_lacks`), 'if you have two active non-NAME [DCV] characters' (dice, as every
  family counts active characters), 'if your opponent has no Villains in the field'.
- `fielded_long_rewrite`: spellings `fielded_more` reads once put its way: a dotted name
  ('S.H.I.E.L.D. Agent', whose full stops are no sentence ends) and, after 'take / gain
  control of <die>', 'Return it to your opponent's Field Zone (on its level 1 character face)
  at (the) end of (the) turn': the engine's own end of control (R15.2: the die returns to its
  owner where it was taken from; a die that became unrolled meanwhile is in its owner's Prep
  Area, R15.2, which the card's reminder doesn't cover: the rules' reading). Only a target
  'opposing Sidekick' may be returned 'on its level 1 character face': that is the only
  character face a Sidekick die has. Also '<effect>. Your opponent may pay N life to prevent
  this' (turn_globals' 'unless your opponent pays N life'), 'When fielded, while NAME is
  active, ...' (a condition when it triggers, R13.3) and the slip 'end ofturn'.
"""

import re
from dataclasses import replace

from rules.abilities import phrases, phrases_fielded_long  # noqa: F401 (registers the clauses)
from rules.abilities import phrases_triggers as body
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, fielded_more, recogniser

_PREFIX = re.compile(r"^when fielded, (?P<rest>.+?)\.?$", re.IGNORECASE)
_BACK_TO_BAG = r"otherwise, return (?:them|both) to your bag"
_DRAW_SORTED = re.compile(
    r"draw (?:two|2) dice\. place any (?P<dice>.+?) dice into your prep area and all other "
    r"dice into your used pile",
    re.IGNORECASE,
)
_DRAW_BOTH = re.compile(
    r"draw (?:two|2) dice\. if (?:they are both|both are) (?P<dice>.+?) dice, "
    r"(?P<then>roll them and place them in your reserve pool"
    r"|place them in your used pile(?: and (?P<effects>.+?))?)\. " + _BACK_TO_BAG,
    re.IGNORECASE,
)
_DRAW_ONE_BACK = re.compile(
    r"draw a die\. if it is (?P<dice>an? \[\w+\](?: or an? \[\w+\])*) die,? (?P<effect>.+?)\. "
    r"return it to your bag",
    re.IGNORECASE,
)
_DRAW_SPLIT = re.compile(
    r"draw (?:two|2) dice\. roll one of (?:those|the) dice and prep the other", re.IGNORECASE
)


_DRAW_ROLL_CHECK = re.compile(
    r"draw and roll a die\. if you rolled a character face on an? (?P<dice>\[\w+\]) die, "
    r"(?P<effect>.+?)\. place dice rolled from this effect into your prep area",
    re.IGNORECASE,
)
_DRAW_ROLL_ATTACK = re.compile(
    r"(?:you may )?draw and roll (?:a|one) die\. if you roll a character (?:face|side), that "
    r"character deals damage equal to its attack to your opponent and goes to your used pile",
    re.IGNORECASE,
)
_REPEAT = re.compile(r"(?P<effect>.+?) and repeat this effect once", re.IGNORECASE)


def _draw_roll(rest: str, line: Line) -> dict | None:
    found = _DRAW_ROLL_CHECK.fullmatch(rest)
    if found:
        dice = _dice(found["dice"], line)
        repeat = _REPEAT.fullmatch(found["effect"])
        effects = phrases.effects(repeat["effect"] if repeat else found["effect"], line)
        if dice is None or not effects:
            return None
        effect = {"do": "fl_draw_roll", "dice": dice, "effects": effects}
        if repeat:
            effect["repeat"] = 1
        return {**effect, "matched": "prep", "unmatched": "prep"}
    if _DRAW_ROLL_ATTACK.fullmatch(rest):
        return {
            "do": "fl_draw_roll",
            "dice": {},
            "attack_damage": True,
            "matched": "used",
            "unmatched": "stay",
        }
    return None


def _dice(text: str, line: Line) -> dict | None:
    """The filters of the dice drawn: 'Sidekick', 'an [F] or a [B]', an affiliation icon."""
    if text.lower() == "sidekick":
        return {"what": "sidekick"}
    icons = re.findall(r"\[(\w+)\]", text)
    if icons and re.fullmatch(r"(?:an? )?\[\w+\](?: or an? \[\w+\])*", text, re.IGNORECASE):
        try:
            return {"energy": [t.energy(f"[{icon}]") for icon in icons]}
        except ValueError:
            pass
        if len(icons) == 1:
            try:
                return {"affiliation": [t.affiliation(f"[{icons[0]}]")]}
            except ValueError:
                return None
    return None


def _draw(rest: str, line: Line) -> dict | None:
    found = _DRAW_SORTED.fullmatch(rest)
    if found:
        dice = _dice(found["dice"], line)
        if dice is None:
            return None
        return {"do": "fl_draw_route", "count": 2, "dice": dice, "match": "prep", "other": "used"}
    found = _DRAW_BOTH.fullmatch(rest)
    if found:
        dice = _dice(found["dice"], line)
        if dice is None:
            return None
        effect = {"do": "fl_draw_route", "count": 2, "dice": dice, "both": True}
        if found["then"].lower().startswith("roll"):
            return {**effect, "match": "roll", "other": "bag"}
        effect = {**effect, "match": "used", "other": "bag"}
        if found["effects"]:
            more = phrases.effects(found["effects"], line)
            if not more:
                return None
            effect["effects"] = more
        return effect
    found = _DRAW_ONE_BACK.fullmatch(rest)
    if found:
        dice = _dice(found["dice"], line)
        may = re.fullmatch(r"you may (?P<effect>deal \d damage to target .+)", found["effect"])
        if dice is None or may is None:
            return None
        more = phrases.effects(may["effect"], line)
        if not more or len(more) != 1 or more[0]["to"].get("pick") != "target":
            return None
        (damage,) = more
        damage = {**damage, "to": {**damage["to"], "pick": "up_to", "count": 1}}  # or none
        return {
            "do": "fl_draw_route",
            "count": 1,
            "dice": dice,
            "match": "bag",
            "other": "bag",
            "effects": [damage],
        }
    if _DRAW_SPLIT.fullmatch(rest):
        return {"do": "fl_draw_split", "count": 2}
    return None


_REROLL_TO_PREP = re.compile(
    r"(?P<may>you may )?roll an opposing character\. if it is a character face, return it to "
    r"the field\. if it is an energy face, add it to your opponent's prep area",
    re.IGNORECASE,
)
_REROLL_SUPERSTARS = re.compile(
    r"reroll up to (?P<n>2|two) target superstar dice\. each die that does not roll a superstar "
    r"face goes to the used pile\. (?P<name>.+?) deals (?P<d>\d) damage to your opponent for "
    r"each die sent to the used pile in this way",
    re.IGNORECASE,
)


_KO_OR_SPIN = re.compile(
    r"choose one opposing sidekick or character with a purchase cost of (?P<n>\d) or less\. "
    r"if it is at level one, knock it out\. otherwise, spin it down one level",
    re.IGNORECASE,
)


_USED_ROLL_FIELD = re.compile(
    r"roll a character die from your used pile\. if it shows a character face, field it for "
    r"free, otherwise add it to your reserve pool",
    re.IGNORECASE,
)
_EACH_USED_ROLL_FIELD = re.compile(
    r"both players may choose a character die from their used pile and roll it\. if it comes "
    r"up a character face, they field it for free\. otherwise, return it to the used pile",
    re.IGNORECASE,
)


_GIFT = re.compile(
    r"your opponent chooses an unpurchased basic action die\. place that die in your used pile",
    re.IGNORECASE,
)


_NAME_FIELD = re.compile(
    r"name a non-\[PAWN\] superstar die and draw a die from your bag\. if you draw the named "
    r"die, field it at level 3\. otherwise, add it to your used pile",
    re.IGNORECASE,
)
_NAME_PREP = re.compile(
    r"name a non-sidekick die, then draw a die\. if it was the named die, prep it, and "
    r"(?P<effect>.+?)\. otherwise, return the drawn die to your bag",
    re.IGNORECASE,
)
_FIELDED_SELF = re.compile(r"^the fielded (?P<name>.+?) character die (?P<rest>.+)$", re.I)


def _named_draws(rest: str, line: Line) -> list[dict] | None:
    """'name a die, then draw': a Superstar die named (a WWE character card, not a Sidekick)
    fielded at level 3; any non-Sidekick die named, prepped, and this die gets +2A/+2D."""
    if _NAME_FIELD.fullmatch(rest):
        return [{"do": "fl_name_draw", "named": "character", "hit": "field_3", "miss": "used"}]
    found = _NAME_PREP.fullmatch(rest)
    if not found:
        return None
    effect = re.sub(r" \(until end of turn\)$", " until end of turn", found["effect"])
    this = _FIELDED_SELF.match(effect)
    if this is None or not body.is_self(this["name"], line):
        return None
    effects = phrases.effects(f"{this['name']} {this['rest']}", line)
    if not effects or any(e.get("to") != {"pick": "this"} for e in effects):
        return None
    return [
        {"do": "fl_name_draw", "named": "any", "hit": "prep", "miss": "bag", "effects": effects}
    ]


_SIDEKICK_FROM_USED = re.compile(
    r"you may roll a sidekick die from your used pile\. if you do, and if you roll an energy "
    r"face, you may KO target opposing character die of the energy rolled\. if you roll a "
    r"\[Q\] face, you may KO any target opposing character die instead\. afterward, return "
    r"the rolled sidekick die to your used pile",
    re.IGNORECASE,
)
_SIDEKICK_IN_FIELD = re.compile(
    r"you may reroll an active sidekick character die you control\. if it rolls an energy "
    r"face, you may send that die to the used pile to KO target opposing character die with "
    r"an energy type that matches the energy type rolled\. if it rolled a \? face, you may "
    r"send it to the used pile to KO any target opposing character die instead",
    re.IGNORECASE,
)


def _rerolls(rest: str, line: Line) -> list[dict] | None:
    """'roll an opposing character' (a die in the Field: rolled again, R14.1) whose energy face
    sends it to its owner's Prep Area; up to two Superstar dice rerolled, those not on a
    Superstar (character) face to the Used Pile, and damage for each."""
    if _SIDEKICK_FROM_USED.fullmatch(rest):
        return [{"do": "fl_sidekick_energy_ko", "source": "used"}]
    if _SIDEKICK_IN_FIELD.fullmatch(rest):
        return [{"do": "fl_sidekick_energy_ko", "source": "field"}]
    if _GIFT.fullmatch(rest):
        return [{"do": "fl_gift_basic_action"}]
    if _USED_ROLL_FIELD.fullmatch(rest):
        return [{"do": "fl_used_roll_field", "otherwise": "reserve"}]
    if _EACH_USED_ROLL_FIELD.fullmatch(rest):
        return [{"do": "fl_used_roll_field", "each": True, "otherwise": "used"}]
    cheap = _KO_OR_SPIN.fullmatch(rest)
    if cheap:  # 'choose one': a target, the weaker reading (T5.1)
        either = [
            {"pick": "each", "what": "sidekick"},
            {"pick": "each", "max_cost": int(cheap["n"])},
        ]
        to = {"pick": "target", "side": "opposing", "any_of": either}
        return [{"do": "fl_ko_or_spin_down", "to": to}]
    if _REROLL_TO_PREP.fullmatch(rest):
        to = {"pick": "target", "side": "opposing", "what": "character"}
        return [{"do": "reroll_sort", "to": to, "into": "prep"}]
    found = _REROLL_SUPERSTARS.fullmatch(rest)
    if found and body.is_self(found["name"], line):
        to = {"pick": "up_to", "count": 2, "what": t.SUPERSTAR_WHAT}
        damage = {"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": 1}
        damage["amount"] = int(found["d"])
        return [
            {"do": "reroll_sort", "to": to, "into": "used"},
            {"do": "per_removed", "effects": [damage]},
        ]
    return None


@recogniser("fielded_long", kinds=("ability",), priority=104)
def fielded_long_draw(line: Line) -> Match | None:
    match = _PREFIX.match(line.text)
    if not match:
        return None
    rest = match["rest"]
    effect = _draw(rest, line) or _draw_roll(rest, line)
    effects = [effect] if effect else _rerolls(rest, line) or _named_draws(rest, line)
    if not effects:
        return None
    spec = {"when": "fielded", "effects": effects}
    if rest.lower().startswith("you may "):
        spec["optional"] = True
    return Match.ability(spec)


_DOTTED = re.compile(r"\b((?:[A-Z]\.){3,})(?= [A-Z])")
_RETURN_TO_OPPONENT = re.compile(
    r"return it to your opponent's field zone(?P<face> on its level 1 character face)? "
    r"at (?:the )?end of (?:the )?turn",
    re.IGNORECASE,
)
# 'When fielded, while NAME is active, ...': a condition when it triggers (R13.3)
_WHILE_ACTIVE = re.compile(
    r"^(?P<head>when fielded, )while (?P<name>.+?) is active, (?P<rest>.+)$", re.IGNORECASE
)
# '<effect>. Your opponent may pay 3 life to prevent this': turn_globals' 'unless' spelling
_PAY_TO_PREVENT = re.compile(
    r"\. your opponent may pay (?P<n>\d) life to prevent this$", re.IGNORECASE
)
_CONTROL = re.compile(r"(?:take|gain) control of (?P<who>.+?)(?: until end of turn)?\.", re.I)


def _control_return(text: str) -> str | None:
    found = _RETURN_TO_OPPONENT.search(text)
    control = _CONTROL.search(text)
    if found is None or control is None or control.start() > found.start():
        return None
    if found["face"] and not re.fullmatch(r"target opposing sidekick", control["who"], re.I):
        return None
    return text[: found.start()] + "Return it to its owner's Field Zone at end of turn"


@recogniser("fielded_long", kinds=("ability", "burst"), priority=104)
def fielded_long_rewrite(line: Line) -> Match | None:
    text = line.text
    dotted = {m.group(1): m.group(1).replace(".", "") for m in _DOTTED.finditer(text)}
    for name, plain in dotted.items():
        text = text.replace(name, plain)
    returned = _control_return(text)
    if returned is not None:
        text = returned
    text = re.sub(r"\bend ofturn\b", "end of turn", text)
    text = _PAY_TO_PREVENT.sub(r" unless your opponent pays \g<n> life", text)
    active = _WHILE_ACTIVE.match(text)
    if active:
        text = f"{active['head']}if {active['name']} is active, {active['rest']}"
    if text == line.text:
        return None
    found = fielded_more.fielded_more(replace(line, text=text))
    if found is None:
        return None
    abilities = found.abilities
    for name, plain in dotted.items():
        whole = re.compile(rf"\b{re.escape(plain)}\b")
        abilities = tuple(_restored(spec, whole, name) for spec in abilities)
    return Match.ability(*abilities)


def _restored(value, plain: re.Pattern, name: str):
    """The spec with the dotted name written back where the rewrite took its dots away."""
    if isinstance(value, dict):
        return {k: _restored(v, plain, name) for k, v in value.items()}
    if isinstance(value, list):
        return [_restored(v, plain, name) for v in value]
    return plain.sub(name, value) if isinstance(value, str) else value


# -- conditions other families don't spell ----------------------------------------------------
_TEAM_LACKS = re.compile(
    r"^when fielded, (?P<rest>.+) if you have no (?P<aff>\[\w+\]) character cards on your team$",
    re.IGNORECASE,
)
_OPPONENT_HAS_NONE = re.compile(
    r"^when fielded, if your opponent has no (?P<what>.+?) in the field(?: zone)?, (?P<rest>.+)$",
    re.IGNORECASE,
)
_TWO_ACTIVE_NON_SELF = re.compile(
    r"^when fielded, if you have (?P<n>two|three|2|3) active non-(?P<name>.+?) "
    r"(?P<aff>\[\w+\]) characters, (?P<rest>.+)$",
    re.IGNORECASE,
)


@recogniser("fielded_long", kinds=("ability",), priority=104)
def fielded_long_condition(line: Line) -> Match | None:
    """'<effect> if you have no [DCV] character cards on your team' (`fl_team_lacks`); 'if you
    have two active non-NAME [DCV] characters, <effect>' (NAME this card: your other dice of
    that affiliation, `count_at_least`); 'if your opponent has no Villains in the field, <effect>'
    (`count_at_most` 0 of their dice in the Field)."""
    lacks = _TEAM_LACKS.match(line.text)
    two = _TWO_ACTIVE_NON_SELF.match(line.text)
    none = _OPPONENT_HAS_NONE.match(line.text)
    try:
        if none:
            of = body.die_selector(none["what"], line, default_pick="each")
            if of is None or set(of) - {"pick", "affiliation", "energy", "what"}:
                return None
            test = {"test": "count_at_most", "of": {**of, "side": "opposing"}, "n": 0}
        elif lacks:
            test = {"test": "fl_team_lacks", "affiliation": [t.affiliation(lacks["aff"])]}
        elif two and body.is_self(two["name"], line):
            of = {
                "pick": "each",
                "side": "yours",
                "what": "character",
                "affiliation": [t.affiliation(two["aff"])],
                "not_name": line.card_name,
            }
            test = {"test": "count_at_least", "of": of, "n": t.number(two["n"])}
        else:
            return None
    except ValueError:
        return None
    spec = body.trigger_body((none or lacks or two)["rest"], line)
    if spec is None or "if" in spec:
        return None
    return Match.ability({"when": "fielded", "if": test, **spec})
