"""Purchase cost statics (R7.3: a reduced cost is never below 1, which the engine's query
layer applies):

- '<this card> costs [1] less to purchase for each of your (different|unique,) active [X]
  character dice/characters': always on, from the team (the dice are bought from the card,
  so the card needs no active die); 'different'/'unique' counts one per character name.
- 'Turtle Power' (the printed reminder text, or 'Turtle Power - <the same>'): 'While <this
  card> is active, other [TURTLE] character dice cost 1 less to purchase': while active,
  the holder's other cards of that affiliation.

Read narrowly: a minimum other than 1, dice counted anywhere but the holder's Field, or any
further condition is not matched (manual). The holder's own purchases only ('cost you').
"""

import html
import re

from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

_ONE = r"(?:\[1\]|1)"
_EACH = re.compile(
    rf"^(?P<who>.+?) costs {_ONE} less to purchase for (?:each|eaech) of your "
    r"(?P<distinct>different,? |unique,? )?active (?:(?P<token>\[[A-Za-z0-9]+\]) )?"
    r"(?:character dice|characters)$",
    re.IGNORECASE,
)
_TURTLE = re.compile(
    r"^while (?P<who>.+?) is active, other (?P<token>\[[A-Za-z0-9]+\]) character dice "
    rf"cost {_ONE} less to purchase(?:, to a minimum of 1)?\.?$",
    re.IGNORECASE,
)


def _is_self(words: str, card_name: str) -> bool:
    """The card's name (or its first word: 'April' for 'April O'Neil' in her own reminder
    text), 'this character' ..."""
    words = words.strip()
    if re.fullmatch(t.self_names(card_name), words, re.IGNORECASE):
        return True
    first = card_name.split()[0] if card_name.split() else ""
    return bool(first) and words.lower() == first.lower()


@recogniser("cost_statics", kinds=("ability",))
def costs_less_for_each(line: Line) -> Match | None:
    match = _EACH.match(line.text)
    if not match or not _is_self(match["who"].replace("™", ""), line.card_name.replace("™", "")):
        return None
    counted = {"pick": "each", "side": "yours"}
    if match["token"]:
        counted.update(t.token_filter(match["token"]))
    less: dict = {"count": counted}
    if match["distinct"]:
        less["distinct"] = True
    effect = {"do": "cost", "to": {"pick": "this"}, "of": "purchase", "amount": less, "sign": -1}
    return Match.ability({"when": "static", "effects": [effect]})


def _reminder(raw: str) -> str:
    """The reminder text in parentheses of a raw line, without tags."""
    text = html.unescape(re.sub(r"<[^>]+>", "", raw))
    found = re.search(r"\(([^()]*)\)", text)
    return re.sub(r"\s+", " ", found.group(1)).strip() if found else ""


@recogniser("cost_statics", kinds=("ability",))
def turtle_power(line: Line) -> Match | None:
    head = re.match(r"^turtle power(?:\s*[-–:]\s*(?P<rest>.+))?$", line.text, re.IGNORECASE)
    if not head:
        return None
    body = head["rest"] or _reminder(line.raw)
    match = _TURTLE.match(body)
    if not match or not _is_self(match["who"], line.card_name):
        return None
    effect = {
        "do": "cost",
        "to": {"pick": "each", "side": "yours", "other": True, **t.token_filter(match["token"])},
        "of": "purchase",
        "amount": 1,
        "sign": -1,
    }
    return Match.ability({"when": "while_active", "effects": [effect]})
