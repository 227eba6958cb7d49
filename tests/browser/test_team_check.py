"""A player pastes a team list on a phone and sees every problem at once."""

import pytest

from rules.catalogue import DEMO_CATALOGUE_PATH
from rules.services import catalogue_import, formats_install_builtin

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ILLEGAL_TEAM = """Team: Too greedy
5x Superman: Phone Booth (SWW)
4x Wonder Woman: Child of Clay (SWW)
4x Cheetah: Goddess of the Hunt (SWW)
Basic Actions: Take Cover (SWW)
"""


@pytest.fixture
def catalogue():
    formats_install_builtin()
    catalogue_import(path=DEMO_CATALOGUE_PATH)


def test_illegal_team_shows_each_violation_with_its_rule(
    catalogue, live_server, phone, screenshot_dir
):
    phone.goto(live_server.url + "/cards/team-check/")
    phone.get_by_label("Format").select_option("tournament")
    phone.get_by_label("Team list").fill(ILLEGAL_TEAM)
    phone.get_by_role("button", name="Check").click()
    verdict = phone.locator(".verdict.bad")
    verdict.wait_for()
    text = verdict.inner_text()
    assert "Superman: Phone Booth has 5 dice but its Max is 4" in text
    assert "R2.1" in text
    assert "basic action" in text.lower()
    phone.screenshot(path=screenshot_dir / "team-check-phone.png", full_page=True)
