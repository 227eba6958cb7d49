"""What the card-file readers produce: plain frozen records, ready for bulk storage.

A reader fills only what its file says. `CardRecord.provided` names those fields; the others
hold defaults that mean "unknown here", so an importer of a partial file (such as `da.txt`,
which has only number, rarity, title, subtitle and cost) must update only the provided fields.
"""

import re
import unicodedata
from dataclasses import dataclass, field, fields
from typing import Any, Literal

Energy = Literal["fist", "bolt", "mask", "shield"]
CardKind = Literal["character", "action", "basic_action", "character_or_action"]
Rarity = Literal["starter", "common", "uncommon", "rare", "super_rare", "promo"]

ENERGY_TYPES: tuple[Energy, ...] = ("fist", "bolt", "mask", "shield")
ENERGY_SYMBOLS: tuple[str, ...] = (*ENERGY_TYPES, "wild")
CARD_KINDS: tuple[CardKind, ...] = ("character", "action", "basic_action", "character_or_action")
RARITIES: tuple[Rarity, ...] = ("starter", "common", "uncommon", "rare", "super_rare", "promo")

# Always known: a record can't exist without them.
IDENTITY_FIELDS = frozenset({"key", "set_code", "number", "name"})

_NOT_ALPHANUMERIC = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True, slots=True)
class SetRecord:
    """A set as the Team Builder codes it; `group` is the parent set (avxop's group is avx)."""

    code: str
    name: str
    group: str
    universe: str = ""


@dataclass(frozen=True, slots=True)
class FaceRecord:
    """One character face of a die: level 1..4, fielding cost, A, D and 0-2 bursts."""

    level: int
    fielding: int
    attack: int
    defense: int
    bursts: int


@dataclass(frozen=True, slots=True)
class EnergyFaceRecord:
    """One energy face of a die (R1.3): one or two symbols, or a generic amount, and 0-2 bursts.

    `symbols` holds energy types or "wild" (one of any type): ("fist",) is a single fist,
    ("fist", "fist") a double, ("fist", "bolt") a two-type face. `generic` is the circled N of a
    generic face, which has no symbols.
    """

    symbols: tuple[str, ...] = ()
    generic: int = 0
    bursts: int = 0


@dataclass(frozen=True, slots=True)
class CardRecord:
    """One card. `key` is the Team Builder code, `<number><set code>` in lowercase ("1avx").

    `die_key` names the physical die the card uses ("avx:beast"): cards of one character in one
    set share it, and OP cards printed for an older die carry that die's key. "" means the card
    has no die of its own (basic actions) or the source doesn't say.
    `stats_trust` is the source's word on how far `faces` can be trusted ("" if it says none).
    `energy_faces` are provided only by a file that knows them: no community source does.
    """

    key: str
    set_code: str
    number: int
    name: str
    subtitle: str = ""
    kind: CardKind = "character_or_action"
    cost: int | None = None
    energy: tuple[Energy, ...] = ()
    affiliations: tuple[str, ...] = ()
    rarity: Rarity | Literal[""] = ""
    max_dice: int | None = None
    ability_lines: tuple[str, ...] = ()
    global_lines: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    die_key: str = ""
    faces: tuple[FaceRecord, ...] = ()
    energy_faces: tuple[EnergyFaceRecord, ...] = ()
    stats_trust: str = ""
    provided: frozenset[str] = IDENTITY_FIELDS

    @property
    def is_basic_action(self) -> bool:
        return self.kind == "basic_action"

    @property
    def full_name(self) -> str:
        return f"{self.name}: {self.subtitle}" if self.subtitle else self.name

    def provided_values(self) -> dict[str, Any]:
        """The fields the source supplied, by name: what an importer may write."""
        return {name: getattr(self, name) for name in CARD_FIELDS if name in self.provided}


CARD_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(CardRecord) if f.name != "provided")


@dataclass(frozen=True, slots=True)
class CatalogueFile:
    """Everything read from one file.

    `format` is "tdc_json" or "xdm_table". `format_lists` holds the Team Builder's format
    lists when the file has them: `{code: {"name", "excluded_sets", "excluded_cards"}}`, with
    lowercase set codes and card keys.
    """

    path: str
    format: str
    sets: tuple[SetRecord, ...]
    cards: tuple[CardRecord, ...]
    format_lists: dict[str, dict[str, Any]] = field(default_factory=dict)

    def cards_by_key(self) -> dict[str, CardRecord]:
        return {card.key: card for card in self.cards}


def card_key(number: int, set_code: str) -> str:
    return f"{number}{set_code.lower()}"


def slug(text: str) -> str:
    """Lowercase ASCII words joined by hyphens: "Mr. Mxyzptlk" becomes "mr-mxyzptlk"."""
    decomposed = unicodedata.normalize("NFKD", text)
    ascii_text = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
    return _NOT_ALPHANUMERIC.sub("-", ascii_text).strip("-")


def die_key(set_group: str, character: str) -> str:
    return f"{set_group.lower()}:{slug(character)}"
