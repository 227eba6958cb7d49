import pytest

from rules.catalogue import read_demo_catalogue
from rules.engine import CardDef
from rules.engine.faces import build_card


def demo_cards() -> dict[str, CardDef]:
    """Engine cards from the project's own demo catalogue (pure: no database)."""
    return {
        r.key: build_card(
            key=r.key,
            name=r.name,
            subtitle=r.subtitle,
            kind=r.kind,
            cost=r.cost,
            energy=r.energy,
            faces=r.faces,
            affiliations=r.affiliations,
            keywords=r.keywords,
            global_lines=r.global_lines,
        )
        for r in read_demo_catalogue().cards
    }


@pytest.fixture(scope="session")
def cards() -> dict[str, CardDef]:
    return demo_cards()
