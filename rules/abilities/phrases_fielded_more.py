"""Clauses of the `fielded_more` family (more 'When fielded, ...' lines), registered into the
shared clause registry after the core ones, so they also work after any other trigger.

- 'reroll <dice>; <each that doesn't land on a character face goes to the Used Pile / Prep
  Area>': the two sentences the cards print ('Reroll target opposing character die. If the
  result is not a character face, place that die in your opponent's Used Pile') are joined
  with '; ' by the family's template before the clause registry sees them (`reroll_sort`).
- '<damage / life / draw> for each die moved / KO'd this way': the dice the previous effect
  moved or KO'd (`per_removed`).
- '<effect>' after 'If you do,' (rewritten by the template as 'On success: <effect>'): only
  when the previous effect removed a die from the Field (`per_removed` with `once`).
- 'move a NAME die / all NAME dice from your Used Pile to your Prep Area' (`from_used` with a
  name).
- 'draw a die; if it is <dice>, roll it and place it in your Reserve Pool; otherwise, place it
  in your Used Pile' (the template joins the three sentences): `draw_sort`. 'A [M] die' is a
  die of a card of that energy type (a Sidekick die is not one).
- 'the next (NAME / [S] character / action) die you purchase (this turn) costs [N] less'
  (`next_purchase`): this turn only, also when the card doesn't say 'this turn' (T5.1).
- 'your opponent may deal N damage to a non-NAME character die you control' (NAME the card's
  own): `opponent_may_damage`, the opponent picks one or none.
- 'Prep the next character die you purchase this turn' / 'place the next die you purchase this
  turn into your bag': `next_purchase_to`.
- 'your opponent gains N life', 'NAME deals you N damage', 'deal N damage to that opponent'
  (the opponent a condition named: there is one), 'no Sidekicks can block this turn'.

Readings (T5.1, the weaker one where the text allows two):
- 'place that die in your opponent's Used Pile' is its owner's Used Pile, and only read when
  the rerolled dice are the opponent's; a die that 'does not roll a character / monster face'
  or 'shows / rolls an energy face' is the same for character dice (their faces are character
  or energy faces). 'KO it if it shows an energy face' is not read (is it a KO, with its
  triggers, of a die that has already left the Field?).
- 'for each die KO'd / moved this way' counts the dice the previous effect picked that have
  left the Field, or taken damage equal to their D (KO'd when the effect has resolved), by the
  time it resolves: after an effect that removes nothing, none. With a noun narrower than any
  die other than Sidekick ('for each Villain KO'd this way') the clause is not read.
- 'If you do' follows only a KO or a move to the Used Pile / Prep Area: it happens when at
  least one die picked left the Field (with nothing to KO, you didn't). 'If the die is KO'd by
  this damage' / '... if any character dice are KO'd by this damage' (rewritten 'On KO: ...')
  follows only damage: it happens when a die damaged has taken damage equal to its D.
- 'no Sidekicks can block this turn' restricts the Sidekicks in the Field when it resolves:
  dice fielded later on the same turn are the holder's own, which don't block on their turn.
"""

import re

from rules.abilities import phrases
from rules.abilities import phrases_triggers as pt
from rules.abilities import tokens as t
from rules.abilities.phrases import phrase

_N = rf"(?P<n>{t.NUMBER})"

# -- reroll, then sort the dice that didn't land on a character face ----------------------------
_NOT_CHARACTER = (
    r"(?:is not an? (?:character|monster)(?: face)?"
    r"|does(?: not|n't) (?:roll|show) an? (?:character|monster)(?: face)?"
    r"|(?:rolls|shows) an energy face)"
)
_PLACES = {
    "your opponent's used pile": ("used", True),
    "their used pile": ("used", True),
    "your opponent's prep area": ("prep", True),
    "the used pile": ("used", False),
    "its owner's used pile": ("used", False),
    "the prep area": ("prep", False),
    "its owner's prep area": ("prep", False),
}
_PLACE = "(?:" + "|".join(re.escape(p) for p in _PLACES) + ")"
_SORT = (
    rf"(?:if (?:the result|it) {_NOT_CHARACTER}, (?:place|move|put|send) (?:that die|it) "
    rf"(?:in|into|to) {_PLACE}(?: \(?otherwise,? return it to the field(?: zone)?\)?)?"
    rf"|(?:move |send )?(?:each|any) (?:die|dice|one|ones)? ?that {_NOT_CHARACTER},? "
    rf"(?:goes |go )?(?:in|into|to) {_PLACE})"
)


_WHERE = re.compile(rf"(?P<where>{_PLACE})(?: \(?otherwise.*)?$", re.IGNORECASE)


@phrase(rf"reroll (?P<who>.+?); {_SORT}")
def _reroll_sort(m, line):
    to = pt.die_selector(m["who"], line)
    where = _WHERE.search(m.group(0))
    if to is None or where is None:
        return None
    into, theirs = _PLACES[where["where"].lower()]
    if theirs and to.get("side") != "opposing":
        return None  # 'your opponent's Used Pile' for dice that may be yours: not read
    return [{"do": "reroll_sort", "to": to, "into": into}]


# -- for each die moved / KO'd this way -------------------------------------------------------
_COUNTED = {
    "die": False,
    "dice": False,
    "one": False,
    "character": False,
    "character die": False,
    "sidekick": True,
    "sidekick die": True,
    "sidekick character": True,
    "sidekick character die": True,
}
_GONE = (
    r"(?:moved|sent to the used pile|(?:KO'?d|knocked out)(?: (?:in )?this way| by this "
    r"(?:effect|damage))?)(?: (?:in )?this way)?"
)
_COUNTABLE = {"damage", "gain_life", "lose_life", "draw"}


def _counted_effects(text: str, line) -> list[dict] | None:
    found = phrases.effects(text, line)
    if not found:
        return None
    for effect in found:
        if effect["do"] not in _COUNTABLE:
            return None
        amount = effect.get("amount", effect.get("count"))
        if not isinstance(amount, int):
            return None
        if effect["do"] == "damage" and effect["to"]["pick"] != "player":
            return None  # 'deal 1 damage to target die for each': one target or one each?
    return found


@phrase(rf"(?P<body>.+?) for each (?P<noun>[a-z ]+?) {_GONE}")
def _per_removed(m, line):
    noun = m["noun"].lower().strip()
    if noun not in _COUNTED:
        return None
    effects = _counted_effects(m["body"], line)
    if effects is None:
        return None
    effect = {"do": "per_removed", "effects": effects}
    if _COUNTED[noun]:
        effect["sidekick"] = True
    return [effect]


@phrase(r"on (?:success|KO): (?P<rest>.+)")
def _if_done(m, line):
    found = phrases.effects(m["rest"], line) or pt.clauses_joined_by_and(m["rest"], line)
    if not found or any(
        e["do"] in ("per_removed", "restrict", "no_damage") or e.get("to", {}).get("pick") == "it"
        for e in found
    ):
        return None
    return [{"do": "per_removed", "once": True, "effects": found}]


# -- 'a NAME die' from your Used Pile ------------------------------------------------------------
# Type words the cards capitalise like names (a die 'named' one of these is a type, not a name)
_TYPE_WORDS = {"sidekick", "superstar", "adventurer", "npc", "villain", "hero", "monster", "spell"}


def _named_used(m, line) -> dict | None:
    name = m["name"].replace("™", "").strip()
    if not pt._is_name(name) or set(name.lower().split()) & _TYPE_WORDS:
        return None
    effect = pt.used_dice(m["q"], "die", line)
    if effect is None:
        return None
    return {**effect, "dice": {"name": name}}


_NAME_DICE = r"(?P<name>[^\[\]]+?) (?:character )?(?:dice|die)"


@phrase(rf"prep {pt._USED_QUANTITY} {_NAME_DICE} {pt._FROM_USED}")
@phrase(
    rf"(?:move|return|add) {pt._USED_QUANTITY} {_NAME_DICE} {pt._FROM_USED}"
    r"(?: and place (?:it|them))? (?:to|into|in) your prep area"
)
def _named_used_to_prep(m, line):
    """'move a Batman die from your Used Pile to your Prep Area' (R13.8: a name means its
    holder's cards; these are the holder's dice anyway)."""
    effect = _named_used(m, line)
    return None if effect is None else [{"do": "from_used", "into": "prep", **effect}]


# -- draw a die, then roll it or send it to the Used Pile --------------------------------------
@phrase(
    r"draw (?:a|one) die(?: from your bag)?; if it is (?P<kind>.+?),? roll it and (?:place|add|put)"
    r" it (?:in|into|to) your reserve pool; otherwise,? (?:place|put) it (?:in|into) your used pile"
)
def _draw_sort(m, line):
    kind = re.sub(r"^(?:a|an) ", "", m["kind"].strip(), flags=re.IGNORECASE)
    kind = re.sub(r" or (?:a|an) ", " or ", kind, flags=re.IGNORECASE)
    effect = pt.used_dice("a", kind, line)
    if effect is None or not effect.get("dice"):
        return None
    return [{"do": "draw_sort", "count": 1, "dice": effect["dice"]}]


# -- the next die you purchase costs less ----------------------------------------------------------
_NEXT_WHAT = {
    "die": "any",
    "character die": "character",
    "action die": "action",
    "superstar die": t.SUPERSTAR_WHAT,  # WWE: a non-Sidekick character die (never bought anyway)
}


@phrase(
    r"the next (?P<what>.+?) you (?:purchase|buy)(?: this turn)? costs? \[?(?P<n>\d)\]? less"
    r"(?: to (?:purchase|buy))?(?: this turn)?"
)
def _next_purchase(m, line):
    """'the next die you purchase this turn costs [2] less'; without 'this turn', this turn
    too (T5.1: a discount waiting for a later turn is the stronger reading)."""
    words = m["what"].strip()
    cards: dict = {}
    token = re.match(r"^(?P<tok>\[[A-Za-z]\]) ", words)
    if token:
        if token["tok"].strip("[]").upper() not in t.ENERGY_TOKENS:
            return None
        cards["energy"] = [t.energy(token["tok"])]
        words = words[token.end() :]
    if words.lower() in _NEXT_WHAT:
        if _NEXT_WHAT[words.lower()] != "any":
            cards["what"] = _NEXT_WHAT[words.lower()]
    else:
        named = re.fullmatch(r"(?P<name>.+?) (?:character )?die", words, re.IGNORECASE)
        if token or named is None:
            return None
        name = named["name"].replace("™", "").strip()
        if not pt._is_name(name) or set(name.lower().split()) & _TYPE_WORDS:
            return None
        cards["name"] = name
    return [{"do": "next_purchase", "amount": int(m["n"]), "cards": cards}]


@phrase(
    r"(?:prep (?P<a>the next (?P<w1>die|character die|action die) you purchase this turn)"
    r"|place (?P<b>the next (?P<w2>die|character die|action die) you purchase this turn) "
    r"(?:into|in) your bag)"
)
def _next_purchase_to(m, line):
    words = (m["w1"] or m["w2"]).lower()
    cards = {} if words == "die" else {"what": _NEXT_WHAT[words]}
    into = "prep" if m["a"] else "bag"
    return [{"do": "next_purchase_to", "into": into, "cards": cards}]


# -- your opponent may deal damage to one of your dice ---------------------------------------------
@phrase(
    rf"your opponent may deal {_N} damage to (?:a|an|one) non-(?P<name>.+?) character die "
    r"you control"
)
def _opponent_may_damage(m, line):
    """Only 'non-NAME' with the card's own name: one of the holder's other cards' dice."""
    name = line.card_name if line is not None else ""
    if not name or m["name"].strip().lower() != name.strip().lower():
        return None
    to = {"pick": "each", "side": "yours", "not_name": name}
    return [{"do": "opponent_may_damage", "to": to, "amount": t.number(m["n"])}]


# -- small clauses ------------------------------------------------------------------------------
@phrase(rf"(?:your |the )?opponent gains {_N} life")
def _opponent_gains(m, line):
    return [{"do": "gain_life", "player": "opposing", "amount": t.number(m["n"])}]


@phrase(rf"(?P<subject>.+?) deals? you {_N} damage")
def _deals_you(m, line):
    if not pt.is_self(m["subject"], line):
        return None
    return [{"do": "damage", "to": {"pick": "player", "side": "yours"}, "amount": t.number(m["n"])}]


@phrase(rf"deal {_N} damage to that (?:opponent|player)")
def _that_opponent(m, line):
    """'that opponent': the one a condition before it named; a game has one opponent."""
    return [
        {"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": t.number(m["n"])}
    ]


@phrase(r"no (?P<who>sidekicks|sidekick dice|sidekick character dice) can block this turn")
def _no_sidekick_blocks(m, line):
    return [{"do": "restrict", "to": {"pick": "each", "what": "sidekick"}, "action": "block"}]
