import pytest

from rules.catalogue import read_demo_catalogue
from rules.engine import CardDef, Face


def demo_cards() -> dict[str, CardDef]:
    """Engine cards from the project's own demo catalogue (pure: no database)."""
    return {
        r.key: CardDef(
            key=r.key,
            name=r.full_name,
            kind="character" if r.kind == "character_or_action" else r.kind,
            cost=r.cost or 0,
            energy=r.energy,
            levels=tuple(
                Face(level=f.level, fielding=f.fielding, attack=f.attack, defense=f.defense,
                     bursts=f.bursts)
                for f in r.faces
            ),
        )
        for r in read_demo_catalogue().cards
    }  # fmt: skip


@pytest.fixture(scope="session")
def cards() -> dict[str, CardDef]:
    return demo_cards()
