"""The ruling report from the dispute page: progress without reloading, then the file."""

import pytest

from judging.models import Ruling
from tests.browser.a11y import problems
from tests.judging.rulings import ruled_dispute
from tests.tournaments.reports.pdf import pdf_text
from tests.tournaments.reports.seed import played_event
from tournaments.reports import services
from tournaments.reports.models import Report
from tournaments.tasks import build_report

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def ruling(settings, tmp_path, monkeypatch) -> Ruling:
    """A broker that queues and runs nothing: the test plays the worker's part."""
    settings.MEDIA_ROOT = tmp_path / "media"
    monkeypatch.setattr(build_report, "apply_async", lambda *args, **kwargs: None)
    return ruled_dispute(played_event())


def test_the_ruling_report_is_followed_on_the_dispute_page_and_downloads(
    ruling, live_server, desktop, screenshot_dir
):
    page = desktop
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill(ruling.judge.username)
    page.get_by_label("Password").fill("pw-for-tests-only")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/judging/disputes/{ruling.dispute_id}/")
    page.get_by_role("heading", name="Ruling report").wait_for()
    page.get_by_role("button", name="PDF: judges' copy").click()
    page.get_by_text("is being built; it appears below when ready.").wait_for()
    report = Report.objects.get()
    row = page.locator(f"#report-{report.pk}")
    assert "Queued" in row.inner_text()
    page.evaluate("window.notReloaded = true")

    Report.objects.filter(pk=report.pk).update(
        status="running", progress=45, progress_note="Laying out the pages"
    )
    row.get_by_text("Being built: Laying out the pages").wait_for(timeout=10_000)
    page.locator("#ruling-reports").screenshot(path=screenshot_dir / "ruling-report-building.png")

    services.report_build(report_id=report.pk)
    link = row.get_by_role("link", name="Download")
    link.wait_for(timeout=10_000)
    assert page.evaluate("window.notReloaded") is True
    page.locator("#ruling-reports").screenshot(path=screenshot_dir / "ruling-report-ready.png")
    assert problems(page) == {}
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename == (f"{ruling.event.slug}-ruling-{ruling.pk}.pdf")
    with open(download.value.path(), "rb") as handle:
        text = pdf_text(handle.read())
    assert "No: blockers are declared once" in text and "Explained the attack step" in text


def test_view_as_a_page_shows_the_printable_ruling_report(
    ruling, live_server, desktop, screenshot_dir
):
    page = desktop
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill(ruling.event.organiser.username)
    page.get_by_label("Password").fill("pw-for-tests-only")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/judging/disputes/{ruling.dispute_id}/")
    with page.context.expect_page() as opened:
        page.get_by_role("link", name="View as a page").click()
    preview = opened.value
    preview.get_by_role("heading", name="A blocker added too late?").wait_for()
    assert "The game is not waiting for blockers now" in preview.inner_text("body")
    preview.screenshot(path=screenshot_dir / "ruling-report-as-a-page.png", full_page=True)
    preview.get_by_role(
        "link", name=f"Dispute {ruling.dispute_id}: A blocker added too late?"
    ).click()
    preview.get_by_role("heading", name="3. Ruling").wait_for()
    assert not Report.objects.exists(), "a preview builds no report"
