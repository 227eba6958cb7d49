from pathlib import Path

import pytest
from django.conf import settings

from conftest import require_service

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def carddata() -> Path:
    """The real community card data beside the repo (CI has it); never copied into the repo."""
    path = Path(settings.CARDDATA_DIR)
    if not (path / "tdc-teambuilder-cards.json").exists():
        require_service("Card data", f"{path} has no tdc-teambuilder-cards.json")
    return path


@pytest.fixture
def mini_catalogue() -> Path:
    return FIXTURES / "mini_teambuilder.json"


@pytest.fixture
def demo_catalogue():
    """The project's own demo catalogue and the built-in formats, in the test database."""
    from rules.catalogue import DEMO_CATALOGUE_PATH
    from rules.services import catalogue_import, formats_install_builtin

    formats_install_builtin()
    catalogue_import(path=DEMO_CATALOGUE_PATH)


@pytest.fixture
def demo_team_lists():
    """The demo catalogue's 16 legal teams as pure team lists."""
    from rules.catalogue import read_demo_teams
    from rules.teams import Team, TeamEntry

    return [
        Team(entries=tuple(TeamEntry(key, dice) for key, dice in team.cards), name=team.name)
        for team in read_demo_teams()
    ]
