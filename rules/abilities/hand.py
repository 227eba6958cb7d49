"""Hand-written encodings: cards automated by hand (the demo catalogue's), read from
`rules/catalogue/demo/demo_abilities.json` and validated when read.

A hand encoding is written for a card's text, so it applies to a card only while the card's
ability and global lines are the ones it was written for (those of the catalogue it sits
beside): the same card key imported from another source with other text is compiled from
that text instead. An entry::

    "5sww": {"encoding": {...}, "manual": ""}   # manual: what stays a judge adjustment
"""

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules.abilities.vocabulary import EncodingError, validate

DEMO_DIR = Path(__file__).resolve().parent.parent / "catalogue" / "demo"
HAND_FILES = ((DEMO_DIR / "demo_abilities.json", DEMO_DIR / "demo_catalogue.json"),)


@dataclass(frozen=True)
class HandEncoding:
    key: str
    encoding: dict
    lines: tuple[tuple[str, ...], tuple[str, ...]]  # the ability and global lines it is for
    manual: str = ""  # non-empty: partial, this stays manual


@cache
def hand_entries() -> dict[str, HandEncoding]:
    found: dict[str, HandEncoding] = {}
    for path, catalogue in HAND_FILES:
        if not path.exists():
            continue
        cards = {c["tb_code"]: c for c in json.loads(catalogue.read_text("utf-8"))["cards"]}
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, entry in data.get("cards", {}).items():
            if key not in cards:
                raise EncodingError([f"{path.name}: card {key} is not in {catalogue.name}"])
            try:
                encoding = validate(entry["encoding"])
            except EncodingError as exc:
                raise EncodingError([f"{path.name} card {key}: {p}" for p in exc.problems]) from exc
            card = cards[key]
            lines = (tuple(card["ability_lines"]), tuple(card["global_lines"]))
            found[key] = HandEncoding(key, encoding, lines, entry.get("manual", ""))
    return found


def hand_encodings() -> dict[str, dict]:
    """Every hand encoding by card key (whatever the text)."""
    return {key: entry.encoding for key, entry in hand_entries().items()}


def hand_for(key: str, ability_lines, global_lines) -> HandEncoding | None:
    """The hand encoding of this card if its text is the one the encoding was written for."""
    entry = hand_entries().get(key)
    if entry is None:
        return None
    if entry.lines != (tuple(ability_lines or ()), tuple(global_lines or ())):
        return None
    return entry
