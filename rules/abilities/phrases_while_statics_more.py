"""Static clauses of the `while_statics_more` family: subjects the core's
phrases_static.subject does not read, and a few more predicates.

- Other characters by name: 'your Superman dice', 'Superman™ dice you control', 'The Joker',
  'each of your active Kane Superstar dice', 'Steve Trevor'. R13.8: a card naming a character
  means its owner's cards only, so a named subject is always the holder's own dice ('opposing
  NAME' is left manual). A name is capitalised words that are no affiliation, energy or known
  trait word (Good, Evil, NPC, Adventurer, Superstar ...): a trait read as a name would match no
  die, so the tests check every name the family encodes against the real pool's titles.
- Several subjects joined by 'and' ('your Superman, Supergirl, and Lois Lane character dice',
  'your [F4] characters and [PAWN]', 'your other [KUM] and Sidekick character dice', 'your
  [M] and [WT] characters'): one selector each, each later one made to exclude the earlier ones
  (a die matching two of them gets the bonus once); when that can't be said with the selector
  filters, a bonus or cost change stays manual (a 'can't' may overlap harmlessly).
- 'Superstars' / 'Superstar dice' (the WWE sets' word for characters) are non-Sidekick
  character dice: whether a Sidekick counts is not said, so the weaker reading.
- Predicates: the core's, plus a keyword in a list of bonuses ('get +3A, +3D, and Overcrush'),
  'gain Iron Will while at level 1' (the subject narrowed to level 1 dice), 'may be fielded
  for free' (free to field: nobody pays more than they must).
"""

import re

from rules.abilities import phrases_static as ps
from rules.abilities import tokens as t

# Capitalised words the pool uses for traits or kinds of dice, never for a character's name.
TRAITS = {
    "good",
    "evil",
    "npc",
    "npcs",
    "adventurer",
    "adventurers",
    "villain",
    "villains",
    "hero",
    "heroes",
    "superstar",
    "superstars",
    "sidekick",
    "sidekicks",
    "fiend",
    "fiends",
    "dragon",
    "dragons",
    "gear",
    "equipment",
    "monster",
    "monsters",
    "crossover",
    "trap",
    "traps",
    "item",
    "items",
    "spell",
    "spells",
    "token",
    "tokens",
    "character",
    "characters",
    "dice",
    "die",
    "action",
    "global",
    "all",
    "each",
    "other",
    "your",
    "opposing",
    "non",
}
_WORD = r"[A-Z][\w.'-]*"
NAME = rf"{_WORD}(?: (?:of |the )?{_WORD}){{0,3}}"
_NAME_NOUN = re.compile(r"(?: superstars?)?(?: characters?)?(?: (?:dice|die))?$", re.IGNORECASE)


def _is_name(text: str) -> bool:
    if not re.fullmatch(NAME, text):
        return False
    if any(w.lower() in TRAITS for w in re.split(r"[ -]", text)):
        return False
    try:
        t.energy(text)
    except ValueError:
        pass
    else:
        return False
    try:
        t.affiliation(text)
    except ValueError:
        return True
    return False


def names(text: str) -> list[str] | None:
    """'Superman', 'Superman and Supergirl', 'Superman, Supergirl, and Lois Lane': the names,
    or None when one part is not a name."""
    parts = [p.strip() for p in re.split(r",? and |, ", text) if p.strip()]
    if not parts or not all(_is_name(p) for p in parts):
        return None
    return parts


def named(text: str, line=None) -> list[dict] | None:
    """A subject naming other characters (or the card itself): one selector per name, each
    the holder's own dice (R13.8)."""
    body = text.replace("™", "").strip()
    body = re.sub(r"\s*\[sic\]\s*", " ", body, flags=re.IGNORECASE).strip()
    body = re.sub(r"^(?:each of |all of |all |each )", "", body, flags=re.IGNORECASE)
    if re.match(r"(?:opposing|your opponent'?s?'?) ", body, re.IGNORECASE):
        return None
    body = re.sub(r"^your ", "", body, flags=re.IGNORECASE)
    body = re.sub(r"^active ", "", body, flags=re.IGNORECASE)
    body = re.sub(r" you control$", "", body, flags=re.IGNORECASE)
    noun = _NAME_NOUN.search(body)
    if noun:
        body = body[: noun.start()]
    found = names(body)
    if found is None:
        return None
    own = (line.card_name if line is not None else "").strip().lower()
    selectors = []
    for name in found:
        if name.lower() == own:
            selectors.append({"pick": "this"})
        else:
            selectors.append({"pick": "each", "side": "yours", "name": name})
    return selectors


def _exclude(later: dict, earlier: dict) -> dict | None:
    """`later` narrowed so no die matches both it and `earlier`, or None when the selector
    filters can't say so."""
    later = dict(later)
    if earlier.get("pick") == "this":
        if later.get("pick") == "this":
            return None
        later["other"] = True
        return later
    if "name" in earlier:
        if later.get("name", earlier["name"]) != earlier["name"]:
            return later
        if later.get("not_name", earlier["name"]) != earlier["name"]:
            return None
        later["not_name"] = earlier["name"]
        return later
    if earlier.get("what") == "sidekick" and set(earlier) <= {"pick", "what", "side", "other"}:
        if later.get("what", "character") == "character":
            later["what"] = "non_sidekick"
            return later
        return later if later.get("what") == "non_sidekick" else None
    for key, negated in (("energy", "not_energy"), ("affiliation", "not_affiliation")):
        if key in earlier and set(earlier) <= {"pick", key, "side", "other", "what"}:
            if negated in later and later[negated] != earlier[key]:
                return None
            later[negated] = list(earlier[key])
            return later
    return None


def disjoint(selectors: list[dict]) -> list[dict] | None:
    """Each selector narrowed to exclude the ones before it (a die counted once)."""
    found: list[dict] = []
    for selector in selectors:
        for earlier in found:
            selector = _exclude(selector, earlier)
            if selector is None:
                return None
        found.append(selector)
    return found


def subjects(text: str, line=None) -> list[dict] | None:
    """The selectors of a static subject: the core's one subject, named characters, or
    several subjects joined by 'and' (see the module's readings). A selector may carry the
    core's '_while' / '_not_self' marks."""
    one = ps.subject(text, line)
    if one is None and re.search(r"\bsuperstars?\b", text, re.IGNORECASE):
        # WWE cards call their characters Superstars: 'your [M] Superstars'.
        plain = re.sub(r"\bsuperstar dice\b", "character dice", text, flags=re.IGNORECASE)
        plain = re.sub(r"\bsuperstars?\b", "characters", plain, flags=re.IGNORECASE)
        one = ps.subject(plain, line)
        if one is not None and one.get("what", "character") == "character":
            one["what"] = t.SUPERSTAR_WHAT  # a Superstar: a non-Sidekick character die
    if one is not None:
        return [one]
    other = re.fullmatch(rf"(?P<what>.+?) other than (?P<name>{NAME})", text.strip())
    if other:  # 'your [DCJL] character dice other than Batman'
        found = subjects(other["what"], line)
        own = (line.card_name if line is not None else "").strip().lower()
        if found is None or len(found) != 1 or found[0].get("pick") != "each":
            return None
        one = dict(found[0])
        if other["name"].replace("™", "").lower() == own:
            one["other"] = True
        elif "not_name" not in one and "name" not in one:
            one["not_name"] = other["name"].replace("™", "")
        else:
            return None
        return [one]
    found = named(text, line)
    if found is not None:
        return found
    return _joined(text, line)


def _joined(text: str, line) -> list[dict] | None:
    """'your [F] character dice and other [S] character dice', 'your other [KUM] and Sidekick
    character dice', 'your [F4] characters and [PAWN]', 'Batman and Sidekick dice you
    control'."""
    body = text.strip()
    side = ""
    head = re.match(r"(?P<side>your |opposing )(?P<other>other )?", body, re.IGNORECASE)
    other = ""
    if head:
        side, other = head["side"], head["other"] or ""
        body = body[head.end() :]
    tail = ""
    for candidate in (" you control",):
        if body.lower().endswith(candidate):
            tail, body = candidate, body[: -len(candidate)]
    parts = re.split(r",? and ", body)
    if len(parts) != 2:
        return None
    first, second = parts
    noun = re.search(r" (?:character )?(?:dice|die|characters)$", second, re.IGNORECASE)
    candidates = []
    # 'X characters and Y characters' / 'X characters and [PAWN]': each part complete.
    candidates.append([f"{side}{other}{first}{tail}", f"{side}{other}{second}{tail}"])
    if noun and not re.search(r" (?:dice|die|characters?)$", first, re.IGNORECASE):
        # '[KUM] and Sidekick character dice': the noun is shared.
        candidates.append(
            [f"{side}{other}{first}{noun.group(0)}{tail}", f"{side}{other}{second}{tail}"]
        )
    for texts in candidates:
        selectors = []
        for part in texts:
            one = ps.subject(part, line)
            if one is None:
                more = named(part, line)
                if more is None or len(more) != 1:
                    break
                one = more[0]
                if one.get("pick") == "this" and other:
                    break
            selectors.append(one)
        else:
            if any("_while" in s for s in selectors):
                continue
            return selectors
    return None


# -- predicates --------------------------------------------------------------------------------
_FREE = re.compile(r"(?:and )?may be fielded for free", re.IGNORECASE)
_MIXED = re.compile(
    r"(?:gets?|gains?|have|has) (?P<mods>[+-]\d+ ?[AD](?:, [+-]\d+ ?[AD])?),? and "
    r"(?P<kw>[A-Za-z ]+)",
    re.IGNORECASE,
)


def predicate(text: str, line=None) -> list[dict] | None:
    """The core's predicate, or: 'get +3A, +3D, and Overcrush', 'may be fielded for free'
    (also after a cost: 'cost 2 less to purchase and may be fielded for free')."""
    body = text.strip()
    found = ps.predicate(body, line)
    if found is not None:
        return found
    if re.fullmatch(r"may be fielded for free", body, re.IGNORECASE):
        return [{"do": "cost", "of": "fielding", "free": True}]
    free = re.fullmatch(r"(?P<first>.+?),? and may be fielded for free", body, re.IGNORECASE)
    if free:
        first = ps.predicate(free["first"], line)
        if first is None or any(e["do"] == "cost" and e["of"] == "fielding" for e in first):
            return None
        return [*first, {"do": "cost", "of": "fielding", "free": True}]
    both = re.fullmatch(
        r"costs? \[?(?P<n>\d+)\]? (?P<way>less|more) to (?:purchase|buy) and field", body, re.I
    )
    if both and not re.search(r"minimum|min\.? 1", line.raw if line is not None else "", re.I):
        # 'cost 1 more to purchase and field'
        sign = -1 if both["way"].lower() == "less" else 1
        n = int(both["n"])
        return [
            {"do": "cost", "of": "purchase", "amount": n, "sign": sign},
            {"do": "cost", "of": "fielding", "amount": n, "sign": sign},
        ]
    block = re.fullmatch(r"(?:can't|cannot|may not) block (?P<by>.+)", body, re.IGNORECASE)
    if block:  # 'can't block your [DCV] dice': the attackers it can't block
        found = subjects(block["by"], line)
        if found is None or any(set(f) & {"_while", "_not_self"} for f in found):
            return None
        return [{"do": "restrict", "action": "block", "by": f} for f in found]
    mixed = _MIXED.fullmatch(body)
    if mixed:
        mods = ps.modify(mixed["mods"].replace(", ", " and "))
        keyword = ps.GRANTABLE.get(mixed["kw"].strip().lower())
        if mods is None or keyword is None:
            return None
        return [mods, {"do": "grant", "keyword": keyword}]
    at_level = re.fullmatch(
        r"(?P<pred>(?:gains?|have|has) [A-Za-z ]+?) while at level (?P<n>[1-5])", body, re.I
    )
    if at_level:
        keyword = ps.grant(at_level["pred"])
        if keyword is None:
            return None
        n = int(at_level["n"])
        return [{"do": "grant", "keyword": keyword, "_level": n}]
    return None
