"""In a real browser: the organiser clicks the button mid-round and gets the backup file."""

import json
from pathlib import Path

import pytest

from tests.browser.conftest import (  # noqa: F401 (fixtures)
    browser,
    csp_violations,
    desktop,
    screenshot_dir,
)
from tests.tournaments.backup.seed import rich_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_organiser_clicks_download_backup_and_gets_the_file(
    live_server,
    desktop,  # noqa: F811 (the fixture imported above)
    screenshot_dir,  # noqa: F811
):
    event = rich_event()
    page = desktop
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill(event.organiser.username)
    page.get_by_label("Password").fill("pw-for-tests-only")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/manage/{event.slug}/")
    link = page.get_by_role("link", name="Download backup (JSON)")
    link.wait_for()
    page.screenshot(path=screenshot_dir / "backup-download-button.png")
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename.startswith(f"{event.slug}-backup-")
    document = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert document["event"]["slug"] == event.slug
    assert len(document["registrations"]) == event.registrations.count()
