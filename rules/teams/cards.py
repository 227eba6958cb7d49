"""The view of a card that team validation and team-list notations need, and an index over it."""

import difflib
import functools
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

_NOT_ALPHANUMERIC = re.compile(r"[\W_]+")
_TRADEMARK_SIGNS = str.maketrans("", "", "\u2122\u00ae\u00a9")
# The Team Builder tells apart cards printed with the same title by a tag such as "Thor (M)"
# and "Thor (F)"; the tag is not part of the printed title.
_BUILDER_TAG = re.compile(r"\s*\([^()]{1,3}\)\s*$")


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card as team building sees it.

    `key` is the Team Builder code, "<number><set code>" in lower case ("1avx", "31xfc").
    `kind` is "character", "action", "basic_action" or "character_or_action" (the card data
    can't tell those two apart for some sets; both count as character/action cards).
    Basic action cards have an empty `subtitle`.
    """

    key: str
    set_code: str
    set_name: str
    number: int
    name: str
    subtitle: str
    kind: str
    max_dice: int
    cost: int | None = None

    @property
    def is_basic_action(self) -> bool:
        return self.kind == "basic_action"

    @property
    def full_name(self) -> str:
        return f"{self.name}: {self.subtitle}" if self.subtitle else self.name


def normalize_text(text: str) -> str:
    """Fold case, accents, spacing and punctuation so "Spider-Man" matches "spiderman".

    "&" reads as "and", so "Smoke & Mirrors" is "Smoke and Mirrors".
    """
    if not text.isascii():
        decomposed = unicodedata.normalize("NFKD", text.translate(_TRADEMARK_SIGNS))
        text = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NOT_ALPHANUMERIC.sub("", text.casefold().replace("&", "and"))


def printed_title(name: str) -> str:
    """The card's title without a Team Builder disambiguation tag."""
    return _BUILDER_TAG.sub("", name) or name


@functools.lru_cache(maxsize=16384)
def title_key(name: str) -> str:
    """The key under which two cards count as having the same title (R2.2)."""
    return normalize_text(printed_title(name))


class CardIndex:
    """Look cards up by Team Builder key or by (normalised) name, subtitle and set."""

    def __init__(self, cards: Iterable[CardInfo]) -> None:
        self._by_key: dict[str, CardInfo] = {}
        self._by_name: dict[str, list[CardInfo]] = {}
        self._display_name: dict[str, str] = {}
        for card in cards:
            self._by_key[card.key.lower()] = card
        for card in self._by_key.values():
            for name in dict.fromkeys((card.name, printed_title(card.name))):
                name_key = normalize_text(name)
                self._by_name.setdefault(name_key, []).append(card)
                self._display_name.setdefault(name_key, name)
        self._set_codes = frozenset(card.set_code for card in self._by_key.values())

    def __len__(self) -> int:
        return len(self._by_key)

    def __iter__(self) -> Iterator[CardInfo]:
        return iter(self._by_key.values())

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key.lower() in self._by_key

    @property
    def set_codes(self) -> frozenset[str]:
        return self._set_codes

    def get(self, key: str) -> CardInfo | None:
        return self._by_key.get(key.strip().lower())

    def find(
        self, name: str, subtitle: str | None = None, set_code: str | None = None
    ) -> list[CardInfo]:
        matches = self._by_name.get(normalize_text(name), [])
        if subtitle is not None:
            wanted_subtitle = normalize_text(subtitle)
            matches = [card for card in matches if normalize_text(card.subtitle) == wanted_subtitle]
        if set_code is not None:
            wanted_set = set_code.strip().lower()
            matches = [card for card in matches if card.set_code == wanted_set]
        return list(matches)

    def closest_names(self, text: str, n: int = 3, cutoff: float = 0.6) -> list[str]:
        wanted = normalize_text(text)
        if not wanted or n <= 0:
            return []
        close = difflib.get_close_matches(wanted, self._display_name.keys(), n=n, cutoff=cutoff)
        names: list[str] = []
        for name_key in close:
            display = self._display_name[name_key]
            if display not in names:
                names.append(display)
        return names

    def closest_keys(self, text: str, n: int = 3) -> list[str]:
        wanted = text.strip().lower()
        if not wanted or n <= 0:
            return []
        return difflib.get_close_matches(wanted, self._by_key.keys(), n=n, cutoff=0.6)
