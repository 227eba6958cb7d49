"""Clauses of the `fielded_long` family, registered into the shared phrase registry (so they
work after every trigger and after 'If you do,'):

- '(you may) (immediately) purchase / buy <dice> for N / for N less / for free / at a cost of
  N' and 'pay N to purchase <dice>' (effect `fl_purchase`, rules/abilities/extensions/
  fielded_long.py), optionally followed by 'and place it in your Prep Area', 'and
  (immediately) roll it' or 'and put the die directly into your bag'. The dice: 'a basic
  action die' (that no player has purchased yet), 'an action die' (the holder's own action
  cards and the basic actions, R7.1), 'a NAME die' / 'a NAME' (a capitalised card title; a
  card naming a character means its owner's cards, R13.8: only the holder's own team is
  bought from anyway), 'a character die with printed purchase cost of N or less', 'a
  different character with the <affiliation> affiliation' (another card than this one).
  The purchase is always the holder's to decline (they pick no die, or answer no to the
  payment): every such line prints 'you may'.
- '(immediately) KO NAME' (NAME this card, read before 'If you do, ...'): `ko` of its own die.
- '<target character die you control> gains Range N' after a trigger: `grant` range_N (this
  turn, as every keyword a triggered effect gives, T5.1); the card's granted-Range trigger
  (keywords_more's volley, `ENCODING_ABILITIES` of extensions/fielded_long.py) fires it.
- 'give this die / this one +NA(, +ND)(, and Overcrush) until end of turn': `modify` (and
  `grant`) on the card's own die (read after 'you may sacrifice <die> to').
"""

import re

from rules.abilities import phrases_triggers as pt
from rules.abilities import tokens as t
from rules.abilities.phrases import phrase

_TYPE_WORDS = {"sidekick", "superstar", "adventurer", "npc", "villain", "hero", "character"}
_INTO = {
    "and place it in your prep area": "prep",
    "and put it in your prep area": "prep",
    "and immediately roll it": "roll",
    "and roll it": "roll",
    "and put the die directly into your bag": "bag",
}
_INTO_RE = "|".join(re.escape(k) for k in _INTO)
_PRICE = r"(?:for (?P<free>free)|for \[?(?P<n>\d)\]?(?P<less> less)?|at a cost of (?P<fixed>\d))"


def purchased_dice(text: str) -> dict | None:
    """The `cards` filters of an `fl_purchase` for the dice a purchase names, or None."""
    text = text.strip()
    found = re.fullmatch(
        r"an? basic action die(?P<unbought> that has not been purchased by any player)?",
        text,
        re.IGNORECASE,
    )
    if found:
        return {"what": "basic_action", **({"unbought": True} if found["unbought"] else {})}
    if re.fullmatch(r"an action die", text, re.IGNORECASE):
        return {"what": "action"}
    found = re.fullmatch(
        r"a character die with (?:a )?printed purchase cost of (?P<n>\d) or less",
        text,
        re.IGNORECASE,
    )
    if found:
        return {"what": "character", "max_cost": int(found["n"])}
    found = re.fullmatch(
        r"a different character with the (?P<aff>.+?) affiliation", text, re.IGNORECASE
    )
    if found:
        return {"what": "character", "affiliation": [t.affiliation(found["aff"])], "other": True}
    found = re.fullmatch(r"an? (?P<name>[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*?)(?: die)?", text)
    if found and not {w.lower() for w in found["name"].split()} & (
        _TYPE_WORDS | {"basic", "action", "die"}
    ):
        return {"what": "character", "name": found["name"]}
    return None


def _purchase(m, line):
    if line is not None and line.kind == "burst":
        return None  # a burst's own 'you may' has no place in the spec the burst modifies
    found = m.groupdict()
    cards = purchased_dice(found["what"])
    if cards is None:
        return None
    if found.get("free"):
        price = {"free": True}
    elif found.get("less"):
        price = {"less": int(found["n"])}
    else:
        price = {"fixed": int(found["n"] or found["fixed"])}
    effect = {"do": "fl_purchase", "cards": cards, "price": price}
    into = (found["into"] or "").strip().lower()
    if into:
        effect["into"] = _INTO[into]
    return [effect]


@phrase(
    rf"(?:you may )?(?:immediately )?(?:purchase|buy) (?P<what>.+?) {_PRICE}"
    rf"(?: (?P<into>{_INTO_RE}))?"
)
def _purchase_for(m, line):
    return _purchase(m, line)


@phrase(rf"pay (?P<n>\d) to purchase (?P<what>.+?)(?: (?P<into>{_INTO_RE}))?")
def _pay_to_purchase(m, line):
    return _purchase(m, line)


# -- give this die +1A, +1D, and Overcrush until end of turn --------------------------------------
@phrase(
    r"give (?:this die|this one) \+(?P<a>\d)A(?:,? (?:and )?\+(?P<d>\d)D)?"
    r"(?P<kw>,? and overcrush)? until end of turn"
)
def _give_this(m, line):
    if line is None or line.card_kind != "character" or line.kind == "global":
        return None
    modify = {"do": "modify", "to": {"pick": "this"}, "attack": int(m["a"])}
    if m["d"]:
        modify["defense"] = int(m["d"])
    grants = [{"do": "grant", "to": {"pick": "this"}, "keyword": "overcrush"}] if m["kw"] else []
    return [modify, *grants]


@phrase(r"(?:immediately )?(?:KO|knock out) (?P<name>.+)")
def _ko_self(m, line):
    if line is None or line.card_kind != "character" or line.kind == "global":
        return None
    if not pt.is_self(m["name"], line):
        return None
    return [{"do": "ko", "to": {"pick": "this"}}]


@phrase(r"(?P<who>target character die you control) gains range (?P<n>[123])")
def _gains_range(m, line):
    if line is None or line.kind == "global":
        return None  # combat_globals reads a global's Range
    to = pt.die_selector(m["who"], line)
    if to is None:
        return None
    return [{"do": "grant", "to": to, "keyword": f"range_{m['n']}"}]
