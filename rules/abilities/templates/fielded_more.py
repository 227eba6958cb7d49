"""More 'When fielded, ...' lines (family `fielded_more`, after `when_fielded`: priority 105, so
it only sees the lines that family leaves). The body is still read by
`phrases_triggers.trigger_body`; this family first puts the text in a shape it reads:

- sentences that are one effect are joined: 'Reroll <dice>. If the result is not a character
  face, place that die in ... Used Pile' / '... Each die that does not roll a character goes
  to ...' (clause `reroll_sort`); 'Draw a die. If it is <dice>, roll it ... Otherwise, place
  it in your Used Pile' (`draw_sort`); '<KO / send a die>. If you do, <effect>' (rewritten
  'On success: <effect>', played only when a die left the Field); '<damage>. If the die is
  KO'd by this damage, <effect>' (rewritten 'On KO: <effect>');
- printing slips the cards share are read as meant ('charcter', 'oppoing', 'from you bag',
  'ifyou', 'taget', '+1 attack' for '+1A', 'level 1 and 2' for level 2 or lower, 'monster
  die' for 'monster', 'deal X damage to <dice>, where X is NAME's A' and 'deals his attack
  value in damage to' for the shared 'deal damage ... equal to'), and a name with a full
  stop ('Ms. Marvel') is not taken for the end of a sentence;
- conditions `phrases_triggers.condition` doesn't read: 'your opponent has more fielded
  characters / monsters in the field than you' (Underdog's `opponent_more_field_dice`), 'you
  have more / fewer <dice> than an opponent' (`compare_count`), 'you control a non-NAME [X]
  character die' (NAME the card's own: a die of another card, `not_name`), 'you have an action
  die in your Reserve Pool' (`reserve_dice_at_least`).

The clauses themselves are in rules/abilities/phrases_fielded_more.py (their rulings there).
Rulings here (T5.1): a condition is checked when the ability triggers, as for every trigger
(R13.3); 'more fielded characters' counts character dice in each Field Zone (this die
included, it is in the Field when it triggers); 'if you have an active [X] character die'
counts your dice other than the one just fielded (which would always count on an [X] card)."""

import re
from dataclasses import replace

from rules.abilities import phrases_fielded_more  # noqa: F401 (registers the clauses)
from rules.abilities import phrases_triggers as body
from rules.abilities.templates import Line, Match, recogniser

_PREFIX = re.compile(
    r"^when (?:fielded|summoned|this monster is summoned|you summon this monster"
    r"|(?P<subject>.+?) is fielded),? (?P<rest>.+)$",
    re.IGNORECASE,
)
_SLIPS = (
    (r"\bcharcter\b", "character"),
    (r"\boppoing\b", "opposing"),
    (r"\btaget\b", "target"),
    (r"\bfrom you bag\b", "from your bag"),
    (r"\bifyou\b", "if you"),
    (r"\blevel 1 and 2\b", "level 1 or 2"),  # dice of level 1 and of level 2: level 2 or lower
    (r"\bmonster dice\b", "monsters"),
    (r"\bmonster die\b", "monster"),
    # 'deal X damage to <dice>, where X is NAME's A': the shared clause's 'equal to' (only a
    # stat of this die is read there; 'the number of ...' stays unread)
    (
        r"\bdeal X damage to ([^,]+), where X is (?:equal to )?([^,]+)$",
        r"deal damage to \1 equal to \2",
    ),
    (
        r"\bdeals (his|her|its) (attack value|attack|A) in damage to ",
        r"deals damage equal to \1 \2 to ",
    ),
    (r"\+(\d) attack\b", r"+\1A"),
    (r"\+(\d) defense\b", r"+\1D"),
)
_SORT = re.compile(phrases_fielded_more._SORT, re.IGNORECASE)
_IF_YOU_DO = re.compile(r"^if you do,? (?P<rest>.+)$", re.IGNORECASE)
_REMOVING = ("ko", "send_to_used", "prep")


def _normalised(text: str) -> str:
    for wrong, right in _SLIPS:
        text = re.sub(wrong, right, text, flags=re.IGNORECASE)
    return text


_KOD_BY_DAMAGE = re.compile(
    r"^(?:if (?:the|that) (?:die|character die|character) is KO'?d by this damage, (?P<rest>.+)"
    r"|(?P<rest2>.+?) if any character dice are KO'?d by this damage)$",
    re.IGNORECASE,
)


def _joined(text: str) -> str:
    """The sentences, with the pairs that are one effect joined ('On success: ...' after a KO,
    'On KO: ...' after damage: 'if the die is KO'd by this damage')."""
    parts = body.sentences(text)
    out: list[str] = []
    changed = False
    for part in parts:
        done = _IF_YOU_DO.match(part)
        kod = _KOD_BY_DAMAGE.match(part)
        if out and _SORT.fullmatch(part) and out[-1].lower().startswith("reroll "):
            out[-1] = f"{out[-1]}; {part[0].lower()}{part[1:]}"
            changed = True
        elif (
            out
            and re.match(r"^draw (?:a|one) die\b", out[-1], re.IGNORECASE)
            and (
                re.match(r"^if it is ", part, re.IGNORECASE)
                or ("; if it is " in out[-1].lower() and re.match(r"^otherwise\b", part, re.I))
            )
        ):
            out[-1] = f"{out[-1]}; {part[0].lower()}{part[1:]}"  # draw, then where it goes
            changed = True
        elif out and done:
            out.append(f"On success: {done['rest']}")
            changed = True
        elif out and kod:
            out.append(f"On KO: {kod['rest'] or kod['rest2']}")
            changed = True
        else:
            out.append(part)
    return ". ".join(out) if changed else text


_OPPONENT_MORE = re.compile(
    r"your opponent has more (?:fielded characters|fielded character dice"
    r"|(?:character dice|characters|monsters) in (?:the|their) field(?: zone)?) than you(?: do)?",
    re.IGNORECASE,
)
_COMPARE = re.compile(
    r"you have (?P<way>more|fewer) (?P<what>.+?) than (?:an|target|your|the) opponent",
    re.IGNORECASE,
)
_NON_SELF = re.compile(
    r"you (?:control|have) (?:a|an) (?P<active>active )?non-(?P<name>.+?) "
    r"(?P<rest>(?:\[[A-Za-z0-9]+\] )*(?:character die|character))",
    re.IGNORECASE,
)


_RESERVE = re.compile(
    r"you have (?:an?|one|another) (?P<what>action|character) die in your reserve pool",
    re.IGNORECASE,
)


def condition(text: str, line: Line) -> dict | None:
    """The conditions this family reads beyond phrases_triggers.condition."""
    text = text.strip()
    found = _RESERVE.fullmatch(text)
    if found:
        return {"test": "reserve_dice_at_least", "reserve_what": found["what"].lower(), "n": 1}
    if _OPPONENT_MORE.fullmatch(text):
        return {"test": "opponent_more_field_dice"}
    found = _COMPARE.fullmatch(text)
    if found:
        selector = body.die_selector(found["what"], line, default_pick="each")
        if selector is None or set(selector) - {"pick", "what", "energy", "affiliation"}:
            return None
        of = {**selector, "pick": "each"}
        return {"test": "compare_count", "compare": found["way"].lower(), "of": of}
    found = _NON_SELF.fullmatch(text)
    if found and found["name"].strip().lower() == line.card_name.strip().lower():
        selector = body.die_selector(found["rest"], line, default_pick="each")
        if selector is None or set(selector) - {"pick", "affiliation", "energy"}:
            return None
        selector = {**selector, "pick": "each", "side": "yours", "not_name": line.card_name}
        return {"test": "count_at_least", "of": selector, "n": 1}
    return None


def _renamed(value, alias: str, name: str):
    if isinstance(value, dict):
        return {k: _renamed(v, alias, name) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, alias, name) for v in value]
    return name if value == alias else value


def _sound(effects: list[dict], text: str) -> bool:
    """'for each ... this way' and 'if you do' follow an effect that can remove dice; 'if the
    die is KO'd by this damage' follows damage."""
    after_damage = "on ko: " in text.lower()
    for number, effect in enumerate(effects):
        if effect["do"] != "per_removed":
            continue
        before = effects[number - 1]["do"] if number else ""
        if effect.get("once"):
            allowed = ("damage",) if after_damage else _REMOVING
        else:
            allowed = (*_REMOVING, "reroll_sort", "damage")
        if before not in allowed:
            return False
    return True


@recogniser("fielded_more", kinds=("ability", "burst"), priority=105)
def fielded_more(line: Line) -> Match | None:
    match = _PREFIX.match(line.text)
    if not match or (match["subject"] and not body.is_self(match["subject"], line)):
        return None
    name = line.card_name or ""
    alias = name.replace(". ", " ") if ". " in name else ""
    rest = _normalised(match["rest"])
    if alias:
        rest = re.sub(re.escape(name), alias, rest, flags=re.IGNORECASE)
        line = replace(line, card_name=alias)
    rest = rest.strip().rstrip(".")
    test = None
    first_if = body._IF_FIRST.match(rest)
    if first_if:
        test = body.condition(first_if["cond"], line) or condition(first_if["cond"], line)
        if test is None:
            return None
        counted = test.get("of", {})
        named = "name" in counted or "not_name" in counted  # never this card's die anyway
        if test["test"] == "count_at_least" and counted.get("side") == "yours" and not named:
            # 'if you have an active [AV] character die' on an [AV] card: the die just fielded
            # would always count; the weaker reading (T5.1) counts your other dice only
            test = {**test, "of": {**test["of"], "other": True}}
        rest = first_if["rest"]
    rest = _joined(rest)
    spec = body.trigger_body(rest, line)
    if spec is None or (test is not None and "if" in spec) or not _sound(spec["effects"], rest):
        return None
    if test is not None:
        spec = {"if": test, **spec}
    if alias:
        spec = _renamed(spec, alias, name)
    return Match.ability({"when": "fielded", **spec})
