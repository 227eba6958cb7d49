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
