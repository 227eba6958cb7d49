"""The Django side: automation compiled at import, stored on the card, shown on the card
pages and the judge console's card panel, and played by the engine's cards."""

import pytest
from django.template.loader import render_to_string

from rules.abilities import compile_card
from rules.catalogue import DEMO_CATALOGUE_PATH, read_catalogue
from rules.models import Card
from rules.selectors import engine_cards
from rules.services import catalogue_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo():
    catalogue_import(path=DEMO_CATALOGUE_PATH)


def test_import_compiles_each_cards_automation(demo):
    cheetah = Card.objects.get(key="5sww")
    assert cheetah.automation == "automated" and cheetah.automation_note == ""
    assert cheetah.ability_encoding == {"scripts": ["cheetah_goddess"]}
    la_jinn = Card.objects.get(key="6ygo")
    assert la_jinn.automation == "partial"
    assert la_jinn.automation_note.startswith("Manual: * the opponent loses 1 life")
    assert Card.objects.get(key="1ai").automation == "manual"
    for record in read_catalogue(str(DEMO_CATALOGUE_PATH)).cards:
        stored = Card.objects.get(key=record.key)
        assert stored.automation == compile_card(record).status, record.key


def test_text_changed_by_a_later_import_is_compiled_again(demo, tmp_path):
    """A hand encoding belongs to the text it was written for: other text for the same card
    is compiled from that text."""
    import json

    document = json.loads(DEMO_CATALOGUE_PATH.read_text())
    for card in document["cards"]:
        if card["tb_code"] == "5sww":
            card["ability_lines"] = ["Overcrush"]
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(document))
    catalogue_import(path=path)
    cheetah = Card.objects.get(key="5sww")
    assert cheetah.automation == "automated"
    assert cheetah.ability_encoding == {"keywords": ["overcrush"]}
    assert "overcrush" in engine_cards(["5sww"])["5sww"].keywords


def test_the_engines_cards_carry_the_abilities_of_the_encoding(demo):
    cards = engine_cards(["5sww", "30uxm", "7uxm"])
    assert [a.name for a in cards["5sww"].abilities] == ["fielded"]
    assert [a.kind for a in cards["30uxm"].abilities] == ["action"]
    assert cards["7uxm"].abilities == ()


def test_the_card_page_shows_status_manual_part_and_description(client, demo):
    page = client.get("/cards/5sww/").content.decode()
    assert 'data-automation="automated"' in page
    assert "KO an opposing Sidekick die" in page
    page = client.get("/cards/6ygo/").content.decode()
    assert "Partly automated" in page and "the opponent loses 1 life" in page
    page = client.get("/cards/1ai/").content.decode()
    assert "judge adjustments" in page and 'data-automation="manual"' in page
    listing = client.get("/cards/?q=cheetah").content.decode()
    assert "Automated" in listing


def test_the_console_card_panel_shows_status_and_description(demo):
    from judging.selectors import card_automation

    card = Card.objects.select_related("card_set", "die").get(key="6ygo")
    html = render_to_string(
        "judging/_card.html", {"card": card, "automation": card_automation(card)}
    )
    assert 'data-automation="partial"' in html
    assert "enter that as judge adjustments" in html
    assert "KO up to 2 opposing Sidekick dice" in html


def test_the_migration_compiles_cards_stored_before_it(demo):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("rules.migrations.0005_card_automation")
    Card.objects.filter(key="5sww").update(automation="manual", ability_encoding={})
    Card.objects.filter(key="19sww").update(
        ability_lines=["Overcrush"], automation="manual", ability_encoding={}
    )
    migration.compile_existing(apps, None)
    assert Card.objects.get(key="5sww").automation == "automated"
    superman = Card.objects.get(key="19sww")
    assert superman.automation == "automated"
    assert superman.ability_encoding == {"keywords": ["overcrush"]}
