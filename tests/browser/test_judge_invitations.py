"""In a browser: the organiser invites a judge on the settings page, sees the invitation
pending, and the invited judge accepts it on a phone from their account page."""

import pytest

from tests.browser import a11y
from tests.tournaments import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, base: str, username: str, next_url: str) -> None:
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("pw-for-tests-only")
    page.get_by_role("button", name="Log in").click()


def test_a_judge_is_invited_on_the_settings_page_and_accepts_on_a_phone(
    live_server, desktop, phone, screenshot_dir
):
    organiser = factories.user("olga")
    event = factories.event(players=2, organiser=organiser, name="Spring Open")
    judge = factories.user("jules")
    settings_url = f"/manage/{event.slug}/edit/"

    log_in(desktop, live_server.url, "olga", settings_url)
    desktop.get_by_label("Judges", exact=True).fill("jules, nobody-here")
    desktop.get_by_role("button", name="Save settings").click()
    for name in ("jules", "nobody-here"):
        desktop.get_by_text(f"Invitation sent to {name}; they become a judge once they accept.")
        assert desktop.get_by_text(
            f"Invitation sent to {name}; they become a judge once they accept."
        ).is_visible()
    desktop.goto(live_server.url + settings_url)
    invited = desktop.get_by_role("region", name="Judges invited")
    assert "jules" in invited.inner_text() and "nobody-here" in invited.inner_text()
    assert invited.get_by_role("button", name="Withdraw the invitation to jules").is_visible()
    assert desktop.get_by_label("Judges", exact=True).input_value() == ""  # no one judges yet
    desktop.screenshot(path=screenshot_dir / "judge-invitations-pending.png", full_page=True)

    log_in(phone, live_server.url, "jules", "/accounts/profile/")
    invitation = phone.get_by_role("region", name="Invitations to judge")
    assert "Spring Open" in invitation.inner_text() and "from olga" in invitation.inner_text()
    phone.screenshot(path=screenshot_dir / "judge-invitation-profile.png", full_page=True)
    assert a11y.problems(phone, phone=True) == {}
    invitation.get_by_role("button", name="Accept: judge Spring Open").click()
    phone.get_by_text("You are now a judge of Spring Open.").wait_for()
    assert list(event.judges.all()) == [judge]
    staff = phone.get_by_role("region", name="Events you organise or judge")
    assert "Spring Open" in staff.inner_text() and "judge" in staff.inner_text()

    desktop.goto(live_server.url + settings_url)
    assert desktop.get_by_label("Judges", exact=True).input_value() == "jules"
    assert "nobody-here" in desktop.get_by_role("region", name="Judges invited").inner_text()
