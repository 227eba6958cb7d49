"""The reports page follows a report's progress without reloading, then offers the file."""

import pytest

from tests.tournaments.reports.pdf import pdf_text
from tests.tournaments.reports.seed import played_event
from tournaments.reports import services
from tournaments.reports.models import Report
from tournaments.tasks import build_report

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def event(settings, tmp_path, monkeypatch):
    """Database rows before the browser starts; a broker that queues and runs nothing, so the
    test plays the worker's part and can watch each step on the page."""
    settings.MEDIA_ROOT = tmp_path / "media"
    monkeypatch.setattr(build_report, "apply_async", lambda *args, **kwargs: None)
    return played_event()


def test_progress_shows_without_reloading_and_the_file_downloads(
    event, live_server, desktop, screenshot_dir
):
    page = desktop
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill(event.organiser.username)
    page.get_by_label("Password").fill("pw-for-tests-only")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/manage/{event.slug}/")
    page.get_by_role("link", name="Reports").click()
    page.get_by_role("heading", name="Request a report").wait_for()

    form = page.locator("#request-pairings")
    form.get_by_label("Round").select_option("2")
    form.get_by_label("Order").select_option("name")
    form.get_by_role("button", name="PDF").click()
    page.get_by_text("is being built; it appears below when ready.").wait_for()
    report = Report.objects.get()
    row = page.locator(f"#report-{report.pk}")
    assert "Queued" in row.inner_text()
    page.evaluate("window.notReloaded = true")

    Report.objects.filter(pk=report.pk).update(
        status="running", progress=45, progress_note="Laying out the pages"
    )
    row.get_by_text("Being built: Laying out the pages").wait_for(timeout=10_000)
    assert row.locator("progress").get_attribute("value") == "45"
    page.screenshot(path=screenshot_dir / "reports-page-building.png", full_page=True)

    services.report_build(report_id=report.pk)
    link = row.get_by_role("link", name="Download")
    link.wait_for(timeout=10_000)
    assert page.evaluate("window.notReloaded") is True
    page.screenshot(path=screenshot_dir / "reports-page-ready.png", full_page=True)
    with page.expect_download() as download:
        link.click()
    path = download.value.path()
    assert download.value.suggested_filename == f"{event.slug}-round-2-pairings-by-name.pdf"
    with open(path, "rb") as handle:
        assert "Round 2 · Pairings by player name" in pdf_text(handle.read())


def test_view_as_a_page_shows_the_printable_layout(event, live_server, desktop, screenshot_dir):
    page = desktop
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill(event.organiser.username)
    page.get_by_label("Password").fill("pw-for-tests-only")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/manage/{event.slug}/reports/")
    with page.context.expect_page() as opened:
        page.locator("#request-standings").get_by_role("button", name="View as a page").click()
    preview = opened.value
    preview.get_by_role("heading", name="Standings after round 3").wait_for()
    assert "Zoë Ångström" in preview.inner_text("body")
    preview.screenshot(path=screenshot_dir / "reports-standings-as-a-page.png", full_page=True)
    preview.get_by_role("link", name="Reports for Store Championship Autumn").click()
    preview.get_by_role("heading", name="Request a report").wait_for()
    assert not Report.objects.exists(), "a preview builds no report"
