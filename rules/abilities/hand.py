"""Hand-written encodings: cards automated by hand (the demo catalogue's), by card key, read
from JSON files beside the catalogue they belong to. Each is validated when read."""

import json
from functools import cache
from pathlib import Path

from rules.abilities.vocabulary import EncodingError, validate

HAND_FILES = (
    Path(__file__).resolve().parent.parent / "catalogue" / "demo" / "demo_abilities.json",
)


@cache
def hand_encodings() -> dict[str, dict]:
    found: dict[str, dict] = {}
    for path in HAND_FILES:
        if not path.exists():
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, encoding in data.get("cards", {}).items():
            try:
                found[key] = validate(encoding)
            except EncodingError as exc:
                raise EncodingError([f"{path.name} card {key}: {p}" for p in exc.problems]) from exc
    return found
