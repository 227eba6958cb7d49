"""On a phone: too many wrong passwords lock the login with a message saying why and for how
long, the username kept; the account page makes a player-scoped API token."""

import pytest

from tests.browser import a11y
from tests.tournaments import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_locked_login_says_why_and_for_how_long(live_server, phone, screenshot_dir, settings):
    settings.AXES_FAILURE_LIMIT = 3
    factories.user("tess")
    page = phone
    page.goto(live_server.url + "/accounts/login/")
    for attempt in range(3):
        page.get_by_label("Username").fill("tess")
        page.get_by_label("Password").fill(f"guess-{attempt}")
        page.get_by_role("button", name="Log in").click()
        page.get_by_role("alert").first.wait_for()
    alert = page.get_by_role("alert").first
    assert "Too many failed logins" in alert.inner_text()
    assert "refused for 15 minutes" in alert.inner_text()
    assert page.get_by_label("Username").input_value() == "tess"
    page.screenshot(path=screenshot_dir / "login-locked.png", full_page=True)
    assert a11y.problems(page, phone=True) == {}
    # The right password is refused too, saying the same.
    page.get_by_label("Password").fill("pw-for-tests-only")
    page.get_by_role("button", name="Log in").click()
    assert "Too many failed logins" in page.get_by_role("alert").first.inner_text()
    assert "/accounts/login/" in page.url


def test_the_account_page_makes_a_player_token(live_server, phone, screenshot_dir):
    factories.user("tess")
    page = phone
    page.goto(live_server.url + "/accounts/login/?next=/accounts/profile/")
    page.get_by_label("Username").fill("tess")
    page.get_by_label("Password").fill("pw-for-tests-only")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("button", name="Create a player token").click()
    token = page.get_by_label("Your player token")
    token.wait_for()
    assert len(token.input_value()) == 40
    assert page.get_by_role("button", name="Create a full token").is_visible()
    page.screenshot(path=screenshot_dir / "account-tokens.png", full_page=True)
    assert a11y.problems(page, phone=True) == {}
