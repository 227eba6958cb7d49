"""The demo as a newcomer sees it after `make run`: home page, event page, admin login."""

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(settings):
    settings.DEBUG = True
    call_command("load_demo", verbosity=0)


def test_home_lists_the_demo_event_and_its_page_shows_standings(
    demo, live_server, phone, screenshot_dir
):
    phone.goto(live_server.url + "/")
    phone.get_by_role("link", name="Demo Store Championship").click()
    phone.get_by_role("heading", name="Standings").wait_for()
    assert phone.get_by_role("heading", name="Round 3 pairings").is_visible()
    assert phone.locator("table.pairings tbody tr").count() == 8
    assert phone.locator("table.standings tbody tr").count() == 16
    assert phone.locator("#earlier li").all_inner_texts() == ["Round 2", "Round 1"]
    phone.screenshot(path=screenshot_dir / "demo-event-phone.png", full_page=True)


def test_admin_login_with_the_printed_demo_credentials(demo, live_server, desktop, screenshot_dir):
    desktop.goto(live_server.url + "/admin/")
    desktop.get_by_label("Username").fill("admin")
    desktop.get_by_label("Password").fill("dicemasters-admin")
    desktop.get_by_role("button", name="Log in").click()
    desktop.get_by_role("heading", name="Site administration").wait_for()
    assert desktop.get_by_role("link", name="Cards").first.is_visible()
    desktop.screenshot(path=screenshot_dir / "admin-home.png")
