"""The project's own demo catalogue and its sample Tournament-format teams."""

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.catalogue.errors import ErrorCollector
from rules.catalogue.records import CatalogueFile
from rules.catalogue.source_text import read_source_text
from rules.catalogue.tdc_json import parse_tdc_json

DEMO_CATALOGUE_PATH = Path(__file__).with_name("demo_catalogue.json")


@dataclass(frozen=True, slots=True)
class DemoTeam:
    """A team as card keys with dice counts; basic actions are listed with 3 dice."""

    name: str
    cards: tuple[tuple[str, int], ...]


def read_demo_catalogue(path: Path = DEMO_CATALOGUE_PATH) -> CatalogueFile:
    return parse_tdc_json(read_source_text(path), str(path))


def read_demo_teams(path: Path = DEMO_CATALOGUE_PATH) -> tuple[DemoTeam, ...]:
    name = str(path)
    problems = ErrorCollector(name)
    try:
        document = json.loads(read_source_text(path))
    except (ValueError, RecursionError) as error:
        raise problems.fatal(f"invalid JSON: {error}") from error
    raw_teams = document.get("demo_teams") if isinstance(document, dict) else None
    if not isinstance(raw_teams, list):
        raise problems.fatal("expected a 'demo_teams' list")
    teams = []
    for position, raw in enumerate(raw_teams, 1):
        team = _read_team(raw, position, problems)
        if team is not None:
            teams.append(team)
    problems.raise_if_any()
    return tuple(teams)


def _read_team(raw: Any, position: int, problems: ErrorCollector) -> DemoTeam | None:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        problems.add("expected an object with a 'name'", record=position, unit="team")
        return None
    entries = raw.get("cards")
    if not isinstance(entries, list) or not all(_is_entry(entry) for entry in entries):
        problems.add(
            'expected "cards" as a list of ["<key>", dice] pairs',
            record=position,
            field="cards",
            label=raw["name"],
            unit="team",
        )
        return None
    return DemoTeam(raw["name"], tuple((key, dice) for key, dice in entries))


def _is_entry(entry: Any) -> bool:
    return (
        isinstance(entry, list)
        and len(entry) == 2
        and isinstance(entry[0], str)
        and type(entry[1]) is int
    )
