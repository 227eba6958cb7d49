"""Locating the real community card files, which are read by path and never copied here."""

import os
from pathlib import Path

import pytest

from conftest import require_service
from rules.catalogue import CatalogueFile, read_tdc_json

REPO_ROOT = Path(__file__).resolve().parents[3]
TEAM_BUILDER_JSON = "tdc-teambuilder-cards.json"


def carddata_dir() -> Path | None:
    configured = os.environ.get("DICEMASTERS_CARDDATA")
    candidate = Path(configured) if configured else REPO_ROOT.parent / "shared" / "carddata"
    return candidate if (candidate / TEAM_BUILDER_JSON).is_file() else None


@pytest.fixture(scope="session")
def real_carddata() -> Path:
    found = carddata_dir()
    if found is None:
        require_service(
            "Card data", "the real card files are not available (set DICEMASTERS_CARDDATA)"
        )
    return found


@pytest.fixture(scope="session")
def team_builder(real_carddata: Path) -> CatalogueFile:
    return read_tdc_json(real_carddata / TEAM_BUILDER_JSON)
