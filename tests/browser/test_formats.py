"""An organiser defines a store rotation on a phone, then a player checks a team against it."""

import pytest

from rules.models import Format
from rules.selectors import format_definition
from tests.tournaments import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAM = """4x Superman: Phone Booth (SWW)
4x Kitty Pryde: Sprite (UXM)
Basic Actions: Take Cover (SWW) and Team Up (SWW)
"""


@pytest.fixture
def setup():
    factories.demo_catalogue()
    factories.user("orga")


def test_organiser_defines_a_rotation_and_a_team_is_checked_against_it(
    setup, live_server, phone, screenshot_dir
):
    page = phone
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("orga")
    page.get_by_label("Password").fill("pw-for-tests-only")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="My events").wait_for()

    page.get_by_role("link", name="Formats").click()
    page.get_by_role("link", name="New format").click()
    page.get_by_label("Name", exact=True).fill("Store Modern")
    page.get_by_label("Superman Wonder Woman (SWW)").check()
    page.get_by_label("Banned cards").fill("Supermann: Phone Booth (SWW)")
    page.get_by_role("button", name="Create format").click()
    errors = page.locator(".errorlist")
    errors.wait_for()
    assert "Line 1: No card is named 'Supermann'. Did you mean: Superman?" in errors.inner_text()
    page.screenshot(path=screenshot_dir / "format-ban-list-error-phone.png", full_page=True)

    page.get_by_label("Banned cards").fill("Superman: Phone Booth (SWW)")
    page.get_by_role("button", name="Create format").click()
    page.get_by_role("heading", name="Store Modern").wait_for()
    page.screenshot(path=screenshot_dir / "format-detail-phone.png", full_page=True)
    definition = format_definition(Format.objects.get(name="Store Modern"))
    assert definition.legal_sets == {"sww"} and definition.banned == {"19sww"}

    page.get_by_role("link", name="Check a team in Store Modern").click()
    page.get_by_label("Team list").fill(TEAM)
    page.get_by_role("button", name="Check").click()
    verdict = page.locator(".verdict.bad").inner_text()
    assert "Superman: Phone Booth is banned in Store Modern." in verdict
    assert "Kitty Pryde: Sprite is from set UXM, which is not legal in Store Modern." in verdict
    page.screenshot(path=screenshot_dir / "format-team-check-phone.png", full_page=True)
