"""Static clauses: the subject of a continuous effect ('your [DCV] character dice', 'other
Sidekick dice', 'opposing [F] characters', 'NAME') and what it gets ('get +1A and +1D', 'gain
Overcrush', 'cost 1 less to purchase', 'are free to field', 'can't be blocked by Sidekicks'),
as vocabulary effects for a while-active ability (rules.abilities.statics plays the costs and
restrictions). Used by the `while_active` and `self_statics` families.

Readings (T5.1: where the text is ambiguous, the weaker one):
- 'characters' and 'character dice' both mean character dice in the Field; 'other' and
  'non-NAME' exclude every die of the card itself; a subject without 'your'/'opposing' means
  both players' dice, as printed.
- 'cost N less to purchase' reads the card being bought; the engine keeps a reduced purchase
  cost at 1 or more (R7.3), which is what '(min. 1)' says. A fielding reduction floors at 0,
  so one printed with 'minimum 1' is left manual.
- Only the keywords the engine plays as plugins are granted (Overcrush, Fast, Iron Will); any
  other keyword leaves the line manual.
- 'X or Y' in a subject is either (an energy or affiliation list); a name filter is only the
  card's own name, since other words before 'dice' (Good, Evil, NPC, fiend ...) are traits the
  engine doesn't know. '[PAWN]' is the pool's Sidekick icon.
- 'can't be targeted by abilities' means global abilities and character abilities (not action
  dice, which cards name apart); 'by effects' or 'by your opponent(s)' means all three; a
  plain 'Global Abilities' (no 'opposing') means either player's.
- 'takes no damage from X' / 'cannot be damaged by X' prevent all damage from a die X means.
"""

import re

from rules.abilities import tokens as t

GRANTABLE = {"overcrush": "overcrush", "fast": "fast", "iron will": "iron_will"}

_NOUNS = (
    (r"\[pawn\](?: (?:dice|die))?", "sidekick"),  # the pool's icon for a Sidekick
    (r"sidekick character (?:dice|die|characters?)", "sidekick"),
    (r"sidekick (?:dice|die|characters?)", "sidekick"),
    (r"sidekicks?", "sidekick"),
    (r"basic action (?:dice|die)", "basic_action"),
    (r"action (?:dice|die)", "action"),
    (r"character (?:dice|die)", "character"),
    (r"characters?", "character"),
    (r"dice|die", "dice"),
    (r"villains?", "villain"),
)
_TAILS = (
    (r" you control", {"side": "yours"}),
    (r" (?:in|on) the field(?: zone)?(?: \(both players'\))?", {}),
    (r" in play", {}),
)
_COST_TAIL = re.compile(
    r" with (?:a )?(?:printed )?(?:purchase )?cost (?:of )?(?P<n>\d+) or (?P<way>less|lower|more|"
    r"greater|higher)",
    re.IGNORECASE,
)
_LEVEL_TAIL = re.compile(r" of level (?P<n>\d) or (?P<way>higher|lower)", re.IGNORECASE)


def _alternatives(text: str) -> list[str]:
    """'[F] or [S]', '[WLR] and [WLK]', 'Villain': the tokens of a filter group."""
    return [p.strip() for p in re.split(r"\s*(?:,|\bor\b|\band\b)\s*", text) if p.strip()]


def _filter(text: str, selector: dict, card_name: str) -> bool:
    """Add one filter group (the words between the side and the noun) to the selector."""
    words = text.strip()
    if not words:
        return True
    if card_name and words.lower().startswith(f"non-{card_name.lower()} "):
        selector["other"] = True  # 'non-NAME [DCB] character dice'
        selector["_not_self"] = True
        words = words[len(card_name) + 5 :].strip()
    negated = words.lower().startswith("non-")
    body = words[4:] if negated else words
    if negated and body.lower() in ("sidekick", "sidekicks"):
        selector["what"] = "non_sidekick"
        return True
    if negated and card_name and body.lower() == card_name.lower():
        selector["other"] = True
        selector["_not_self"] = True  # every die of the card, not only the counting one
        return True
    parts = _alternatives(body)
    try:
        found = [t.energy(p) for p in parts]
        key = "not_energy" if negated else "energy"
    except ValueError:
        try:
            found = [t.affiliation(p) for p in parts]
            key = "not_affiliation" if negated else "affiliation"
        except ValueError:
            if not negated and card_name and body.lower() == card_name.lower():
                selector["name"] = card_name
                return True
            return False
    if key in selector and selector[key] != found:
        return False
    selector[key] = found
    return True


def subject(text: str, line=None) -> dict | None:
    """The 'each' selector of a static subject ('your other [DCV] character dice'), or None.
    Also returns the 'while' state a subject names ('your attacking character dice') under the
    key '_while'."""
    card_name = (line.card_name if line is not None else "").strip()
    rest = text.strip()
    selector: dict = {"pick": "each"}
    rest = re.sub(r"^(?:all (?:of )?|each (?:of )?)", "", rest, flags=re.IGNORECASE)
    lowered = rest.lower()
    for prefix, side in (
        ("your opponent's ", "opposing"),
        ("your opponents' ", "opposing"),
        ("opposing ", "opposing"),
        ("your ", "yours"),
    ):
        if lowered.startswith(prefix):
            selector["side"] = side
            rest = rest[len(prefix) :]
            break
    if rest.lower().startswith("other "):
        selector["other"] = True
        rest = rest[len("other ") :]
    for state in ("attacking", "blocking"):
        if rest.lower().startswith(state + " "):
            selector["_while"] = state
            rest = rest[len(state) + 1 :]
    rest = re.sub(r"^(?:fielded|active),? ", "", rest, flags=re.IGNORECASE)
    level = re.match(r"level (?P<n>[1-5]) ", rest, re.IGNORECASE)
    if level:  # 'level 1 characters'
        selector["min_level"] = selector["max_level"] = int(level["n"])
        rest = rest[level.end() :]
    aff_tail = re.search(r" with the (?P<aff>.+?) affiliation$", rest, re.IGNORECASE)
    if aff_tail:  # 'characters with the Justice League affiliation'
        try:
            selector["affiliation"] = [t.affiliation(aff_tail["aff"])]
        except ValueError:
            return None
        rest = rest[: aff_tail.start()]
    for tail_regex in (_COST_TAIL, _LEVEL_TAIL):
        found = tail_regex.search(rest)
        if found and found.end() == len(rest):
            n = int(found["n"])
            way = found["way"].lower()
            if tail_regex is _COST_TAIL:
                selector["max_cost" if way in ("less", "lower") else "min_cost"] = n
            else:
                selector["max_level" if way == "lower" else "min_level"] = n
            rest = rest[: found.start()]
    for tail, extra in _TAILS:
        found = re.search(tail + "$", rest, re.IGNORECASE)
        if found:
            if extra.get("side") and selector.get("side", extra["side"]) != extra["side"]:
                return None
            selector.update(extra)
            rest = rest[: found.start()]
            break
    nouns = ((re.search(rf"(?:^|\s)({n})$", rest, re.IGNORECASE), w) for n, w in _NOUNS)
    found, what = next(((f, w) for f, w in nouns if f), (None, ""))
    if found is None:
        if not re.fullmatch(rf"(?:{t.AFFILIATION})(?: (?:or|and) {t.AFFILIATION})*", rest):
            return None
        what, filters = "character", rest  # '[WLG]': the affiliation names the dice
    else:
        filters = rest[: found.start(1)]
    if what == "dice" and not filters.strip():
        return None  # 'your dice': energy and action dice too, not a character subject
    if what == "villain":  # 'Villains', 'Villain die': the affiliation names the dice
        if filters.strip():
            return None
        what, filters = "character", "Villain"
    if what not in ("character", "dice"):
        selector["what"] = what
    if not _filter(filters, selector, card_name):
        return None
    if selector.get("what") in ("sidekick", "action", "basic_action") and (
        "affiliation" in selector or "energy" in selector
    ):
        return None
    return selector


# -- what the subject gets ---------------------------------------------------------------------
_STAT = r"(?P<sign{i}>[+-])(?P<n{i}>\d+) ?(?P<stat{i}>A|D|attack|defense|detense)\b"
_MODS = re.compile(
    rf"{_STAT.format(i=1)}(?:(?:,| and|, and) {_STAT.format(i=2)})?", flags=re.IGNORECASE
)
_WHILE = re.compile(r" (?:while|when) (?P<state>attacking|blocking)$", re.IGNORECASE)


def modify(text: str) -> dict | None:
    """'+1A and +1D', '-2D', '+1 attack and +1 defense' (with 'while attacking'), or None."""
    body = text.strip()
    state = None
    found = _WHILE.search(body)
    if found:
        state = found["state"].lower()
        body = body[: found.start()]
    match = _MODS.fullmatch(body)
    if not match:
        return None
    effect: dict = {"do": "modify"}
    signs = set()
    for i in (1, 2):
        if not match[f"n{i}"]:
            continue
        stat = "attack" if match[f"stat{i}"].lower() in ("a", "attack") else "defense"
        if stat in effect:
            return None
        effect[stat] = int(match[f"n{i}"])
        signs.add(match[f"sign{i}"])
    if len(signs) != 1:
        return None
    if signs == {"-"}:
        effect["sign"] = -1
    if state:
        effect["while"] = state
    return effect


_COST = re.compile(
    r"costs? (?:you )?\[?(?P<n>\d+)\]? (?:energy )?(?P<way>less|more|fewer|extra)(?: energy)? to "
    r"(?P<what>purchase|buy|field)(?: (?:\(|,\s*)?(?:to a minimum of|min\.?|minimum) 1\)?)?",
    re.IGNORECASE,
)


def cost(text: str, raw: str = "") -> list[dict] | None:
    """'cost 1 less to purchase', 'cost [2] less to field', 'are free to field', 'cost 2 less
    to buy and 1 less to field'; None when not one of these."""
    body = text.strip()
    if re.fullmatch(r"(?:are|is) free to field", body, re.IGNORECASE):
        return [{"do": "cost", "of": "fielding", "free": True}]
    pair = re.fullmatch(
        r"(?P<first>costs? .+? to (?:purchase|buy|field)(?: \(min\.? 1\))?)(?:,)? and "
        r"\[?(?P<n>\d+)\]? (?P<way>less|more) to (?P<what>purchase|buy|field)",
        body,
        re.IGNORECASE,
    )
    found = []
    if pair:
        first = cost(pair["first"], raw)
        if first is None:
            return None
        second = cost(f"cost {pair['n']} {pair['way']} to {pair['what']}", raw)
        if second is None or second[0]["of"] == first[0]["of"]:
            return None
        return first + second
    match = _COST.fullmatch(body)
    if not match:
        return None
    of = "purchase" if match["what"].lower() in ("purchase", "buy") else "fielding"
    if of == "fielding" and re.search(r"minimum (?:of )?1|min\.? 1", raw, re.IGNORECASE):
        return None  # the engine floors a fielding cost at 0, not 1
    sign = -1 if match["way"].lower() in ("less", "fewer") else 1
    found.append({"do": "cost", "of": of, "amount": int(match["n"]), "sign": sign})
    return found


def grant(text: str) -> str | None:
    """'gain Overcrush', 'have Fast': the engine keyword granted, or None."""
    match = re.fullmatch(r"(?:gains?|have|has) (?P<kw>[A-Za-z ]+)", text.strip(), re.IGNORECASE)
    if not match:
        return None
    return GRANTABLE.get(match["kw"].strip().lower())


_VERB = r"(?:gets?|gains?|have|has|costs?|are|is|can't|cannot|can not|may not|takes?)"


def predicate(text: str, line=None) -> list[dict] | None:
    """Everything a subject gets, joined by 'and' / ', and' ('get +1A, +1D, and cost [1] less
    to field'): effects without their 'to' (the caller adds it), or None."""
    parts = re.split(rf",? and (?={_VERB} )|, (?={_VERB} )", text.strip(), flags=re.IGNORECASE)
    effects: list[dict] = []
    for part in parts:
        one = _one(part, line)
        if one is None:
            return None
        effects += one
    return effects or None


def _one(part: str, line=None) -> list[dict] | None:
    raw = line.raw if line is not None else ""
    verb = re.match(r"(?:gets?|gains?|have|has) (?P<rest>.+)$", part, re.IGNORECASE)
    if verb:
        mods = modify(verb["rest"])
        if mods is not None:
            return [mods]
        keyword = grant(part)
        if keyword is not None:
            return [{"do": "grant", "keyword": keyword}]
        return None
    costs = cost(part, raw)
    if costs is not None:
        return costs
    restriction = restrict(part, line)
    if restriction is not None:
        return restriction
    return prevention(part, line)


_CANT = r"(?:can't|cannot|can not|may not)"


def restrict(text: str, line=None) -> list[dict] | None:
    """'can't attack', 'cannot block', 'can't be blocked', 'can't be blocked by Sidekicks or
    [DCV] character dice', 'can only be blocked by Sidekicks': restrict effects (without 'to')."""
    body = text.strip()
    if re.fullmatch(rf"{_CANT} attack or block", body, re.IGNORECASE):
        return [{"do": "restrict", "action": "attack"}, {"do": "restrict", "action": "block"}]
    simple = re.fullmatch(rf"{_CANT} (?P<what>attack|block|be blocked)", body, re.IGNORECASE)
    if simple:
        action = {"attack": "attack", "block": "block", "be blocked": "be_blocked"}[
            simple["what"].lower()
        ]
        return [{"do": "restrict", "action": action}]
    targeted = re.fullmatch(
        rf"{_CANT} be (?:targeted by|the target of) (?P<by>.+)", body, re.IGNORECASE
    )
    if targeted:
        found = targeters(targeted["by"])
        if found is None:
            return None
        kinds, player = found
        return [{"do": "restrict", "action": "be_targeted", "kinds": kinds, "player": player}]
    if re.fullmatch(rf"(?:is unblockable|{_CANT} be blocked)", body, re.IGNORECASE):
        return [{"do": "restrict", "action": "be_blocked"}]
    by = re.fullmatch(rf"{_CANT} be blocked by (?P<by>.+)", body, re.IGNORECASE)
    if by:
        found = []
        for part in _blockers(by["by"], line):
            if part is None:
                return None
            found.append({"do": "restrict", "action": "be_blocked", "by": part})
        return found or None
    only = re.fullmatch(r"(?:can|may) only be blocked by (?P<by>.+)", body, re.IGNORECASE)
    if only:
        allowed = subject(only["by"], line)
        if allowed is None or set(allowed) - {"pick", "what", "affiliation", "energy"}:
            return None
        if "affiliation" in allowed and "energy" in allowed:
            return None
        if allowed.get("what") == "sidekick" and len(allowed) == 2:
            return [
                {
                    "do": "restrict",
                    "action": "be_blocked",
                    "by": {"pick": "each", "what": "non_sidekick"},
                }
            ]
        if "what" not in allowed and "affiliation" in allowed:
            by_sel = {"pick": "each", "not_affiliation": allowed["affiliation"]}
            return [{"do": "restrict", "action": "be_blocked", "by": by_sel}]
        return None
    return None


def _blockers(text: str, line) -> list[dict | None]:
    """'Sidekicks or [DCV] character dice' -> one selector each (either can't block); a single
    subject with its own 'or' ('[F] or [S] characters') stays one selector."""
    whole = subject(text, line)
    if whole is not None and "_while" not in whole:
        return [_public(whole)]
    parts = re.split(r" or ", text)
    if len(parts) < 2:
        return [None]
    found = []
    for part in parts:
        one = subject(part, line)
        found.append(_public(one) if one is not None and "_while" not in one else None)
    return found


def _public(selector: dict) -> dict:
    """The selector without the parser's own marks ('_while', '_not_self')."""
    return {k: v for k, v in selector.items() if not k.startswith("_")}


def sources(text: str, line=None) -> list[dict] | None:
    """Damage sources: 'Villains', '[B] character dice', 'action dice', 'X or Y' (one selector
    each); None when one part is not a subject."""
    whole = subject(text, line)
    parts = [whole] if whole is not None else [subject(p, line) for p in text.split(" or ")]
    if len(parts) == 1 and whole is None:
        return None
    found = []
    for part in parts:
        if part is None or set(part) & {"_while", "_not_self"} or part.get("other"):
            return None
        found.append(_public(part))
    return found


def prevention(text: str, line=None) -> list[dict] | None:
    """'takes no damage from [B] character dice', 'cannot be damaged by [M] characters',
    'takes 1 less damage from Villains', 'cannot be damaged': prevent effects (no 'to')."""
    body = text.strip()
    if re.fullmatch(rf"{_CANT} be damaged", body, re.IGNORECASE):
        return [{"do": "prevent", "all": True}]
    match = re.fullmatch(
        rf"(?:takes? no damage from|{_CANT} be damaged by) (?P<from>.+)", body, re.IGNORECASE
    )
    less = re.fullmatch(r"takes? (?P<n>\d+) less damage from (?P<from>.+)", body, re.IGNORECASE)
    if not (match or less):
        return None
    found = sources((match or less)["from"], line)
    if found is None:
        return None
    if match:
        return [{"do": "prevent", "all": True, "from": s} for s in found]
    return [{"do": "prevent", "amount": int(less["n"]), "from": s} for s in found]


_TARGETER_WORDS = {
    "global abilities": ["global"],
    "global ability": ["global"],
    "action dice": ["action"],
    "action die": ["action"],
    "character abilities": ["ability"],
    "abilities": ["global", "ability"],
    "global or character abilities": ["global", "ability"],
    "effects": ["global", "action", "ability"],
    "your opponents": ["global", "action", "ability"],
    "your opponent": ["global", "action", "ability"],
}


def targeters(text: str) -> tuple[list[str], str] | None:
    """'opposing Global Abilities or action dice', 'opposing action dice or abilities',
    'your opponents': (the kinds of effect kept from targeting, whose: 'opposing' or 'any')."""
    body = text.strip().lower()
    player = "any"
    if body.startswith("opposing "):
        player, body = "opposing", body[len("opposing ") :]
    elif body.startswith("your opponent"):
        player = "opposing"
    kinds: list[str] = []
    parts = [body] if body in _TARGETER_WORDS else re.split(r",? or |, ", body)
    for part in parts:
        if part not in _TARGETER_WORDS:
            return None
        kinds += [k for k in _TARGETER_WORDS[part] if k not in kinds]
    order = ("global", "action", "ability")
    return sorted(kinds, key=order.index), player
