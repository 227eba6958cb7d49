"""The organiser and judge pages for reports: request, follow progress, download, preview."""

import pytest
from django.urls import reverse

from tests.tournaments import factories
from tests.tournaments.reports.pdf import pdf_text
from tournaments.reports.models import Report
from tournaments.tasks import build_report

pytestmark = pytest.mark.django_db


def reports_url(event, name="manage:reports", *args):
    return reverse(name, args=[event.slug, *args])


@pytest.fixture
def organiser(client, event):
    client.force_login(event.organiser)
    return client


def test_the_organiser_and_judges_see_the_reports_page_others_do_not(client, event):
    url = reports_url(event)
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(factories.user())
    assert client.get(url).status_code == 403
    client.force_login(event.judges.first())
    page = client.get(url).content.decode()
    for label in ("Pairings", "Result slips", "Standings", "Event report"):
        assert f"<legend>{label}</legend>" in page
    assert "No reports yet" in page


def test_requesting_a_report_builds_it_and_offers_the_download(organiser, event):
    response = organiser.post(
        reports_url(event, "manage:report-request"),
        {"kind": "pairings", "round": "2", "order": "name", "format": "pdf"},
        follow=True,
    )
    report = Report.objects.get()
    assert response.redirect_chain[-1][0].endswith(f"/reports/#report-{report.pk}")
    page = response.content.decode()
    assert "“Round 2 pairings by player name” (PDF) is ready to download below." in page
    download = reports_url(event, "manage:report-download", report.pk)
    assert f'href="{download}"' in page
    file = organiser.get(download)
    assert file.status_code == 200
    assert file["Content-Type"] == "application/pdf"
    assert file["Content-Disposition"] == (
        f'attachment; filename="{event.slug}-round-2-pairings-by-name.pdf"'
    )
    assert "Pairings by player name" in pdf_text(b"".join(file.streaming_content))


def test_csv_downloads_as_csv(organiser, event):
    organiser.post(
        reports_url(event, "manage:report-request"),
        {"kind": "standings", "round": "3", "format": "csv"},
    )
    report = Report.objects.get()
    file = organiser.get(reports_url(event, "manage:report-download", report.pk))
    assert file["Content-Type"] == "text/csv; charset=utf-8"
    assert b"".join(file.streaming_content).decode("utf-8-sig").startswith("Rank,Player,Points")


def test_an_identical_request_while_one_is_being_built_says_so(organiser, event, monkeypatch):
    monkeypatch.setattr(build_report, "apply_async", lambda *a, **kw: None)  # queued, not run
    data = {"kind": "event", "format": "pdf"}
    first = organiser.post(reports_url(event, "manage:report-request"), data, follow=True)
    assert "is being built; it appears below when ready." in first.content.decode()
    second = organiser.post(reports_url(event, "manage:report-request"), data, follow=True)
    assert "is already being built; no second copy was started." in second.content.decode()
    assert Report.objects.count() == 1


def test_a_bad_request_says_what_is_wrong(organiser, event):
    response = organiser.post(
        reports_url(event, "manage:report-request"),
        {"kind": "pairings", "round": "12", "format": "pdf"},
        follow=True,
    )
    assert response.status_code == 200
    assert "There is no round 12: this event has rounds 1 to 5." in response.content.decode()
    assert not Report.objects.exists()


def test_a_failed_report_shows_its_reason(organiser, event, monkeypatch):
    from tournaments.reports import services

    def broken(*args, **kwargs):
        raise ValueError("no fonts")

    monkeypatch.setattr(services, "build_file", broken)
    response = organiser.post(
        reports_url(event, "manage:report-request"), {"kind": "event", "format": "pdf"}, follow=True
    )
    page = response.content.decode()
    assert "could not be built: The report could not be built because of an unexpected" in page
    assert "Failed: The report could not be built" in page


def test_progress_is_served_for_the_page_to_follow_without_reloading(organiser, event, monkeypatch):
    monkeypatch.setattr(build_report, "apply_async", lambda *a, **kw: None)
    organiser.post(reports_url(event, "manage:report-request"), {"kind": "event", "format": "pdf"})
    report = Report.objects.get()
    Report.objects.filter(pk=report.pk).update(
        status="running", progress=45, progress_note="Laying out the pages"
    )
    status = organiser.get(reports_url(event, "manage:report-status")).json()
    assert status["active"] is True
    (entry,) = status["reports"]
    assert entry | {"created_at": ""} == {
        "id": report.pk, "title": "Final event report", "kind": "event", "format": "pdf",
        "status": "running", "status_label": "Being built", "progress": 45,
        "progress_note": "Laying out the pages", "error": "", "stale": False,
        "requested_by": event.organiser.username, "created_at": "", "download_url": "",
        "filename": "",
    }  # fmt: skip
    page = organiser.get(reports_url(event)).content.decode()
    assert 'data-active="true"' in page and "js/reports.js" in page
    assert '<progress max="100" value="45">' in page
    build_report.apply(args=[report.pk])
    status = organiser.get(reports_url(event, "manage:report-status")).json()
    assert status["active"] is False
    assert status["reports"][0]["download_url"].endswith(f"/reports/{report.pk}/download/")


def test_a_report_is_not_downloadable_before_it_is_done_nor_from_another_event(
    organiser, event, monkeypatch
):
    monkeypatch.setattr(build_report, "apply_async", lambda *a, **kw: None)
    organiser.post(reports_url(event, "manage:report-request"), {"kind": "event", "format": "pdf"})
    report = Report.objects.get()
    assert organiser.get(reports_url(event, "manage:report-download", report.pk)).status_code == 404
    other = factories.event(players=2, organiser=event.organiser)
    assert organiser.get(reports_url(other, "manage:report-download", report.pk)).status_code == 404


def test_the_preview_is_the_same_template_as_a_page(organiser, event):
    response = organiser.get(
        reports_url(event, "manage:report-preview", "pairings"), {"round": "1", "order": "table"}
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "Round 1 · Pairings by table" in page
    assert "Reports for Store Championship Autumn" in page  # the page's way back
    slips = organiser.get(reports_url(event, "manage:report-preview", "slips"), {"round": "1"})
    assert 'src="data:image/png;base64,' in slips.content.decode()
    bad = organiser.get(reports_url(event, "manage:report-preview", "slips"), {"round": "x"})
    assert bad.status_code == 302


def test_round_and_event_pages_offer_the_reports(organiser, event):
    round_page = organiser.get(reverse("manage:round", args=[event.slug, 2])).content.decode()
    assert "Print pairings by table" in round_page and "Print result slips" in round_page
    assert reports_url(event, "manage:report-request") in round_page
    dashboard = organiser.get(reverse("manage:event", args=[event.slug])).content.decode()
    assert f'href="{reports_url(event)}"' in dashboard
