"""Report requests through the REST API: the same rules as the pages."""

import pytest
from rest_framework.test import APIClient

from tests.tournaments import factories
from tests.tournaments.reports.pdf import pdf_text
from tournaments.reports.models import Report
from tournaments.tasks import build_report

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(event):
    client = APIClient()
    client.force_authenticate(event.organiser)
    return client


def test_a_request_answers_202_and_the_report_can_be_followed_and_downloaded(api, event):
    response = api.post(
        "/api/reports/",
        {"event": event.slug, "kind": "standings", "format": "pdf", "round": 2},
        format="json",
    )
    assert response.status_code == 202, response.json()
    body = response.json()
    assert body["event"] == event.slug and body["kind"] == "standings"
    assert body["params"] == {"round": 2} and body["title"] == "Standings after round 2"
    assert body["status"] == "done"  # no broker in this test: built in-process
    detail = api.get(f"/api/reports/{body['id']}/").json()
    assert detail["download_url"] == f"http://testserver/api/reports/{body['id']}/download/"
    file = api.get(detail["download_url"], HTTP_ACCEPT="application/pdf")
    assert file.status_code == 200 and file["Content-Type"] == "application/pdf"
    assert "Standings after round 2" in pdf_text(b"".join(file.streaming_content))


def test_an_identical_request_while_one_is_running_answers_200_with_it(api, event, monkeypatch):
    monkeypatch.setattr(build_report, "apply_async", lambda *a, **kw: None)
    data = {"event": event.slug, "kind": "pairings", "order": "name"}
    first = api.post("/api/reports/", data, format="json")
    second = api.post("/api/reports/", data, format="json")
    assert (first.status_code, second.status_code) == (202, 200)
    assert first.json()["id"] == second.json()["id"]
    assert first.json()["status"] == "queued" and first.json()["download_url"] is None
    assert api.get(f"/api/reports/{first.json()['id']}/download/").status_code == 404


def test_bad_requests_get_field_level_messages(api, event):
    response = api.post("/api/reports/", {"event": "nope", "kind": "scores"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert set(response.json()["errors"]) == {"event", "kind"}
    response = api.post(
        "/api/reports/", {"event": event.slug, "kind": "pairings", "round": 40}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "round": ["There is no round 40: this event has rounds 1 to 5."]
    }
    response = api.post(
        "/api/reports/", {"event": event.slug, "kind": "slips", "format": "csv"}, format="json"
    )
    assert response.json()["errors"] == {"format": ["Result slips comes as PDF, not CSV."]}
    assert not Report.objects.exists()


def test_only_staff_of_the_event_request_and_see_its_reports(api, event):
    api.post("/api/reports/", {"event": event.slug, "kind": "event"}, format="json")
    stranger = APIClient()
    # Anonymous callers are told to authenticate (401); signed-in strangers are refused (403).
    assert stranger.get("/api/reports/").status_code == 401
    assert stranger.post("/api/reports/", {}, format="json").status_code == 401
    stranger.force_authenticate(factories.user())
    assert stranger.get("/api/reports/").json()["results"] == []
    response = stranger.post("/api/reports/", {"event": event.slug, "kind": "event"}, format="json")
    assert response.status_code == 403
    report = Report.objects.get()
    assert (
        stranger.get(f"/api/reports/{report.pk}/").status_code == 403
    )  # not theirs: refused, not hidden
    judge = APIClient()
    judge.force_authenticate(event.judges.first())
    listed = judge.get("/api/reports/", {"event": event.slug}).json()
    assert [r["id"] for r in listed["results"]] == [report.pk]
    assert judge.get("/api/reports/", {"event": "other"}).json()["results"] == []


def test_the_schema_documents_the_report_endpoints(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    paths = schema["paths"]
    assert set(paths["/api/reports/"]) >= {"get", "post"}
    assert set(paths["/api/reports/{id}/download/"]) == {"get"}
    (parameter,) = paths["/api/reports/{id}/"]["get"]["parameters"]
    assert parameter["schema"]["type"] == "integer"
    responses = paths["/api/reports/"]["post"]["responses"]
    assert {"200", "202", "400", "403", "503"} <= set(responses)
    kinds = schema["components"]["schemas"]["ReportRequestKindEnum"]["enum"]
    assert {"pairings", "slips", "standings", "event"} <= set(kinds)
