"""A player looks a card up on a phone: search, results that fit the screen, the die drawn."""

import pytest

from tests.tournaments import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def catalogue():
    factories.demo_catalogue()


def test_search_a_card_and_see_its_die_faces_drawn(catalogue, live_server, phone, screenshot_dir):
    page = phone
    page.goto(live_server.url + "/cards/")
    page.get_by_label("Name", exact=True).fill("cheetah")
    page.get_by_label("Affiliation").select_option(label="Villain")
    page.get_by_role("button", name="Search").click()
    page.get_by_text("2 cards").wait_for()
    assert page.evaluate(NO_SIDEWAYS_SCROLL), "the results must fit a phone screen"
    page.screenshot(path=screenshot_dir / "card-search-phone.png", full_page=True)

    page.get_by_role("link", name="Cheetah").nth(1).click()
    page.get_by_role("heading", name="Cheetah Goddess of the Hunt").wait_for()
    faces = page.locator(".die-faces svg")
    assert faces.count() == 3
    assert faces.first.get_attribute("aria-label") == (
        "Level 1: fielding cost 1, attack 4, defense 2"
    )
    box = faces.first.bounding_box()
    assert box and box["width"] >= 80 and box["height"] >= 80  # drawn, at a readable size
    assert page.locator(".energy.mask").first.inner_text() == "Mask"
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    page.screenshot(path=screenshot_dir / "card-detail-phone.png", full_page=True)


def test_card_text_symbols_on_a_basic_action(catalogue, live_server, desktop, screenshot_dir):
    desktop.goto(live_server.url + "/cards/31sww/")
    assert desktop.locator(".card-text .burst").first.get_attribute("aria-label") == (
        "Burst or double burst:"
    )
    assert desktop.locator(".card-text .energy.shield").inner_text() == "Shield"
    assert "[S]" not in desktop.locator("main").inner_text()
    desktop.screenshot(path=screenshot_dir / "card-detail-basic-action.png", full_page=True)
