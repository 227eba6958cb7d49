"""Community Team Builder links (tb.dicecoalition.com).

    https://tb.dicecoalition.com/?view&cards=2x31xfc;2x16smc;3x27fus&name=My%20Team

Reading accepts the full link, its query (`cards=...&name=...`) or the bare item list
(`2x31xfc;2x16smc`). Each item is `<dice>x<collector number><set code>`, in any case;
items are separated by `;` (commas and line breaks are tolerated). Basic action cards are items
like any other, with their dice count. `name=` gives the team name (URL-decoded).
Problems give the item's position (1-based) as their line, and say "Item N".

Doubles partners have no place in the Team Builder's links; this module adds a `partners=`
parameter the Team Builder ignores: one digit a card, in item order (1, 2, or 0 for none).

Writing gives the full link, with `name=` when the team has a name.
"""

import difflib
import re
from urllib.parse import parse_qsl, quote

from rules.teams.cards import CardIndex, CardInfo
from rules.teams.errors import TeamListError, TeamListProblem
from rules.teams.notation.lookup import describe_card
from rules.teams.notation.text_list import EMPTY_LIST_MESSAGE, writable_cards
from rules.teams.team import Team, TeamEntry

DEFAULT_BASE_URL = "https://tb.dicecoalition.com/"

_ITEM = re.compile(r"^(?P<dice>\d+)\s*x\s*(?P<key>\d+(?P<set>[a-z][a-z0-9]*))$", re.IGNORECASE)
_ITEM_SEPARATOR = re.compile(r"[;,\n]")
_PARTNER_DIGITS = {"0": None, "1": 1, "2": 2}


def parse_tb_link(text: str, cards: CardIndex) -> Team:
    stripped = text.strip()
    if not stripped:
        raise TeamListError([TeamListProblem(0, text, EMPTY_LIST_MESSAGE, [])])
    query = _query_part(stripped)
    if query is None:
        item_list, name, partner_digits = stripped, "", None
    else:
        values: dict[str, list[str]] = {}
        for key, value in parse_qsl(query, keep_blank_values=True):
            values.setdefault(key.strip().lower(), []).append(value)
        if "cards" not in values:
            message = "The link has no cards= list: copy the link the Team Builder shows."
            raise TeamListError([TeamListProblem(0, stripped, message, [])])
        item_list = ";".join(values["cards"])
        name = " ".join(values.get("name", [""])[0].split())
        partner_digits = values.get("partners", [None])[0]

    items = [item.strip() for item in _ITEM_SEPARATOR.split(item_list) if item.strip()]
    if not items:
        raise TeamListError([TeamListProblem(0, stripped, "The link lists no cards.", [])])
    problems: list[TeamListProblem] = []
    entries = [
        _read_item(position, item, cards, problems) for position, item in enumerate(items, 1)
    ]
    partners = _read_partners(partner_digits, len(items), problems)
    if problems:
        raise TeamListError(problems)
    return Team(
        tuple(
            TeamEntry(card.key, dice, partner)
            for (card, dice), partner in zip(entries, partners, strict=True)
            if card is not None
        ),
        name,
    )


def format_tb_link(team: Team, cards: CardIndex, base_url: str = DEFAULT_BASE_URL) -> str:
    pairs = writable_cards(team, cards)
    link = f"{base_url}?view&cards=" + ";".join(f"{entry.dice}x{card.key}" for entry, card in pairs)
    name = " ".join(team.name.split())
    if name:
        link += f"&name={quote(name, safe='')}"
    if any(entry.partner is not None for entry in team.entries):
        link += "&partners=" + "".join(str(entry.partner or 0) for entry in team.entries)
    return link


def _query_part(text: str) -> str | None:
    if "?" in text:
        return text.split("?", 1)[1].split("#", 1)[0]
    return text if "=" in text else None


def _read_item(
    position: int, item: str, cards: CardIndex, problems: list[TeamListProblem]
) -> tuple[CardInfo | None, int]:
    match = _ITEM.match(item)
    if match is None:
        problems.append(
            TeamListProblem(
                position,
                item,
                f"Item {position}: '{item}' is not <dice>x<number><set>, e.g. 2x31xfc.",
            )
        )
        return None, 0
    key = match["key"].lower()
    card = cards.get(key)
    if card is None:
        set_code = match["set"].lower()
        if set_code in cards.set_codes:
            message = f"Item {position}: no card has the code {key}."
            suggestions = [_describe_key(cards, close) for close in cards.closest_keys(key)]
        else:
            message = f"Item {position}: '{set_code}' in {key} is not a Team Builder set code."
            suggestions = difflib.get_close_matches(set_code, sorted(cards.set_codes), n=3)
        problems.append(TeamListProblem(position, item, message, suggestions))
    return card, int(match["dice"])


def _read_partners(
    digits: str | None, item_count: int, problems: list[TeamListProblem]
) -> list[int | None]:
    if digits is None:
        return [None] * item_count
    digits = digits.strip()
    if len(digits) != item_count or any(digit not in _PARTNER_DIGITS for digit in digits):
        problems.append(
            TeamListProblem(
                0,
                digits,
                f"partners= must give 0, 1 or 2 for each of the {item_count} cards, "
                f"not '{digits}'.",
            )
        )
        return [None] * item_count
    return [_PARTNER_DIGITS[digit] for digit in digits]


def _describe_key(cards: CardIndex, key: str) -> str:
    card = cards.get(key)
    return f"{key}: {describe_card(card)}" if card else key
