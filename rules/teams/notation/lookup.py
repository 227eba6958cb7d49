"""Turning a card as a person wrote it (name, subtitle, set) into exactly one card, or a reason."""

import difflib
import re
from dataclasses import dataclass

from rules.teams.cards import CardIndex, CardInfo, normalize_text

_MAX_SUGGESTIONS = 10
_TRAILING_PARENTHESES = re.compile(r"\(\s*([^()]*?)\s*\)\s*$")


@dataclass(frozen=True, slots=True)
class CardReference:
    name: str
    subtitle: str | None = None
    set_code: str | None = None


@dataclass(frozen=True, slots=True)
class Unresolved:
    message: str
    suggestions: list[str]


def describe_card(card: CardInfo) -> str:
    return f"{card.full_name} ({card.set_code.upper()})"


def split_trailing_set(text: str, cards: CardIndex) -> list[tuple[str, str | None]]:
    """Ways to read "Beast (AvX)" as (text, set code), most likely first.

    A trailing "(...)" that is not a set code may belong to the name, as in "Thor (M)"; it is
    still tried as a set last, so that an unknown set gets its own explanation.
    """
    match = _TRAILING_PARENTHESES.search(text)
    if match is None:
        return [(text.strip(), None)]
    before = text[: match.start()].strip()
    inside = match.group(1)
    if inside.lower() in cards.set_codes:
        return [(before, inside)]
    return [(text.strip(), None), (before, inside)]


def resolve_card(
    candidates: list[CardReference],
    cards: CardIndex,
    written: str,
    *,
    basic_action_only: bool = False,
) -> CardInfo | Unresolved:
    """The single card the first fruitful reading names, else why there is none or many."""
    matched = next(
        (
            (reference, found)
            for reference in candidates
            if (found := cards.find(reference.name, reference.subtitle, reference.set_code))
        ),
        None,
    )
    if matched is None:
        return _diagnose(_closest_reading(candidates, cards), cards)
    reference, matches = matched
    if basic_action_only:
        basic_actions = [card for card in matches if card.is_basic_action]
        if not basic_actions:
            card = matches[0]
            kind = card.kind.replace("_", " ")
            return Unresolved(f"{describe_card(card)} is a {kind} card, not a basic action.", [])
        matches = basic_actions
    if len(matches) == 1:
        return matches[0]
    # "Ironbloom (QB)" with no subtitle means the one such card that has none, if there is one.
    if reference.subtitle is None:
        without_subtitle = [card for card in matches if not card.subtitle]
        if len(without_subtitle) == 1:
            return without_subtitle[0]
    # Basic actions have no subtitle: only the set tells reprints apart.
    needed = "set" if all(not card.subtitle for card in matches) else "subtitle and set"
    return Unresolved(
        f"'{written}' matches {len(matches)} cards; write its {needed} to pick one.",
        [describe_card(card) for card in matches],
    )


def _closest_reading(candidates: list[CardReference], cards: CardIndex) -> CardReference:
    """The reading that got furthest: title and subtitle known, else the title, else the first."""
    for reference in candidates:
        if reference.subtitle is not None and cards.find(reference.name, reference.subtitle):
            return reference
    for reference in candidates:
        if cards.find(reference.name):
            return reference
    return candidates[0]


def _diagnose(reference: CardReference, cards: CardIndex) -> Unresolved:
    named = cards.find(reference.name)
    if not named:
        return Unresolved(
            f"No card is named '{reference.name}'.", cards.closest_names(reference.name)
        )
    title = named[0].name
    if reference.subtitle is not None:
        with_subtitle = cards.find(reference.name, reference.subtitle)
        if not with_subtitle:
            return Unresolved(
                f"No {title} card has the subtitle '{reference.subtitle}'.",
                [describe_card(card) for card in _closest_subtitles(reference.subtitle, named)],
            )
        named = with_subtitle
    set_code = (reference.set_code or "").upper()
    if reference.set_code is not None and reference.set_code.lower() not in cards.set_codes:
        message = f"There is no set '{set_code}'."
    else:
        shown = named[0].full_name if reference.subtitle is not None else title
        message = f"No {shown} card is in set {set_code}."
    return Unresolved(message, [describe_card(card) for card in named[:_MAX_SUGGESTIONS]])


def _closest_subtitles(subtitle: str, named: list[CardInfo], n: int = 3) -> list[CardInfo]:
    by_subtitle: dict[str, CardInfo] = {}
    for card in named:
        by_subtitle.setdefault(normalize_text(card.subtitle), card)
    close = difflib.get_close_matches(normalize_text(subtitle), by_subtitle, n=n, cutoff=0.0)
    return [by_subtitle[key] for key in close]
