"""Read the community Team Builder card file (tdc-teambuilder-cards.json) into a CardIndex.

The file is GPL-licensed data kept outside this repository; nothing here embeds any of it.
"""

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rules.teams.cards import CardIndex, CardInfo

CARDDATA_ENV_VAR = "DICEMASTERS_CARDDATA"
TEAMBUILDER_FILE_NAME = "tdc-teambuilder-cards.json"

_KIND_BY_TEAMBUILDER_TYPE = {
    "basic_action": "basic_action",
    "character": "character",
    "action": "action",
    "character_or_action": "character_or_action",
}


def card_from_teambuilder_record(record: Mapping[str, Any]) -> CardInfo:
    kind = _KIND_BY_TEAMBUILDER_TYPE.get(record["type"])
    if kind is None:
        raise ValueError(f"Card {record.get('tb_code')!r} has an unknown type {record['type']!r}.")
    cost = record.get("cost")
    return CardInfo(
        key=str(record["tb_code"]).lower(),
        set_code=str(record["set"]).lower(),
        set_name=str(record.get("set_name") or ""),
        number=int(record["number"]),
        name=str(record["name"]),
        # The file gives basic actions a subtitle such as "Basic Action Card"; it is a card type
        # label, not a subtitle a player would write.
        subtitle="" if kind == "basic_action" else str(record.get("subtitle") or ""),
        kind=kind,
        max_dice=int(record["max_dice"]),
        cost=int(cost) if isinstance(cost, int) else None,
    )


def load_teambuilder_cards(path: Path | str) -> CardIndex:
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    return CardIndex(card_from_teambuilder_record(record) for record in document["cards"])


def locate_teambuilder_file(repo_root: Path | str) -> Path | None:
    """The card file named by $DICEMASTERS_CARDDATA (a file or its folder), else ../shared."""
    configured = os.environ.get(CARDDATA_ENV_VAR, "").strip()
    candidates = [Path(configured)] if configured else []
    candidates.append(Path(repo_root).resolve().parent / "shared" / "carddata")
    for candidate in candidates:
        path = candidate / TEAMBUILDER_FILE_NAME if candidate.is_dir() else candidate
        if path.is_file():
            return path
    return None
