"""Card indexes for the team tests: the invented sample always, the real card file if present."""

import functools
from pathlib import Path

import pytest

from conftest import require_service
from rules.teams.cards import CardIndex
from rules.teams.teambuilder_data import load_teambuilder_cards, locate_teambuilder_file
from tests.rules.teams.sample_cards import sample_index

REPO_ROOT = Path(__file__).resolve().parents[3]


@functools.cache
def real_index() -> CardIndex | None:
    path = locate_teambuilder_file(REPO_ROOT)
    return None if path is None else load_teambuilder_cards(path)


@pytest.fixture(scope="session")
def sample_cards() -> CardIndex:
    return sample_index()


@pytest.fixture(scope="session")
def real_cards() -> CardIndex:
    index = real_index()
    if index is None:
        require_service(
            "Card data", "the Team Builder card file is absent (set DICEMASTERS_CARDDATA)"
        )
    return index


@pytest.fixture(scope="session", params=["sample", "real"])
def any_cards(request: pytest.FixtureRequest) -> CardIndex:
    if request.param == "sample":
        return sample_index()
    return request.getfixturevalue("real_cards")
