"""Requesting and building reports: records, one build per identical request, safe repeats,
retries with backoff, readable failures."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied
from django.db.utils import OperationalError
from django.utils import timezone

from tests.tournaments import factories
from tests.tournaments.reports.pdf import pdf_text
from tournaments.reports import render, services
from tournaments.reports.models import Report
from tournaments.reports.registry import ReportError
from tournaments.tasks import MAX_RETRIES, build_report

pytestmark = pytest.mark.django_db
SITE = "http://testserver/"


def request(event, kind="pairings", file_format="pdf", by=None, **params):
    return services.report_request(
        event=event,
        kind=kind,
        file_format=file_format,
        params=params,
        by=by or event.organiser,
        site_url=SITE,
    )


@pytest.fixture
def queued_only(monkeypatch):
    """A broker that takes tasks and runs none yet: reports stay queued; sends are counted."""
    sent = []
    monkeypatch.setattr(build_report, "apply_async", lambda *a, **kw: sent.append((a, kw)))
    return sent


def test_a_request_is_built_in_process_without_a_broker(event):
    outcome = request(event, round=2, order="name")
    report = Report.objects.get(pk=outcome.report.pk)
    assert outcome.created
    assert report.status == Report.Status.DONE, report.error
    assert report.title == "Round 2 pairings by player name"
    assert report.params == {"round": 2, "order": "name"}
    assert report.attempts == 1 and report.progress == 100
    assert report.started_at and report.finished_at and report.finished_at >= report.started_at
    assert report.filename == f"{event.slug}-round-2-pairings-by-name.pdf"
    with report.file.open("rb") as handle:
        assert "Pairings by player name" in pdf_text(handle.read())


def test_an_identical_request_while_one_is_queued_or_running_shares_it(event, queued_only):
    first = request(event, round=2)
    again = request(event, round=2, by=event.judges.first())
    assert first.created and not again.created
    assert again.report.pk == first.report.pk
    Report.objects.filter(pk=first.report.pk).update(status=Report.Status.RUNNING)
    assert request(event, round=2, order="table").report.pk == first.report.pk
    assert len(queued_only) == 1, "one task for one report"
    other = request(event, round=1)
    assert other.created and other.report.pk != first.report.pk
    assert request(event, file_format="csv", round=2).created, "another format is another file"
    assert len(queued_only) == 3


def test_a_request_after_the_last_one_finished_builds_a_fresh_one(event):
    first = request(event, kind="standings")
    second = request(event, kind="standings")
    assert first.created and second.created and first.report.pk != second.report.pk
    assert Report.objects.filter(status=Report.Status.DONE).count() == 2


def test_a_report_that_stopped_without_news_is_retired_and_requested_again(event, queued_only):
    stuck = request(event, kind="standings").report
    long_ago = timezone.now() - services.STALE_RUNNING - datetime.timedelta(seconds=5)
    Report.objects.filter(pk=stuck.pk).update(status=Report.Status.RUNNING, updated_at=long_ago)
    fresh = request(event, kind="standings")
    assert fresh.created and fresh.report.pk != stuck.pk
    stuck.refresh_from_db()
    assert stuck.status == Report.Status.FAILED
    assert "stopped without finishing" in stuck.error
    # Its task, delivered late, leaves it alone.
    assert services.report_build(report_id=stuck.pk) is None
    stuck.refresh_from_db()
    assert stuck.status == Report.Status.FAILED and not stuck.file


def test_a_finished_report_is_not_built_again_when_its_task_comes_back(event):
    report = Report.objects.get(pk=request(event, kind="standings").report.pk)
    name, finished = report.file.name, report.finished_at
    assert services.report_build(report_id=report.pk) is None
    build_report.apply(args=[report.pk])
    report.refresh_from_db()
    assert (report.file.name, report.finished_at, report.attempts) == (name, finished, 1)


def test_a_report_left_running_by_a_dead_worker_is_completed_by_the_next_delivery(
    event, queued_only
):
    report = request(event, kind="event").report
    # The first worker claimed it, then died before finishing.
    assert services._start(report.pk) is not None
    build_report.apply(args=[report.pk])
    report.refresh_from_db()
    assert report.status == Report.Status.DONE and report.attempts == 2
    with report.file.open("rb") as handle:
        assert "Final event report" in pdf_text(handle.read())


def test_of_two_deliveries_building_at_once_the_first_to_finish_wins(event, queued_only):
    report = request(event, kind="standings").report
    services._start(report.pk)
    built = render.BuiltFile(b"%PDF-first", "first.pdf", 1)
    services._finish(report.pk, built)
    services._finish(report.pk, render.BuiltFile(b"%PDF-second", "second.pdf", 1))
    report.refresh_from_db()
    with report.file.open("rb") as handle:
        assert handle.read() == b"%PDF-first"


def test_a_transient_database_error_is_retried_with_backoff(event, queued_only, monkeypatch):
    report = request(event, kind="standings").report
    real_build, calls, countdowns = render.build_file, [], []

    def flaky(*args, **kwargs):
        calls.append(1)
        if len(calls) < 3:
            raise OperationalError("server closed the connection unexpectedly")
        return real_build(*args, **kwargs)

    real_retry = build_report.retry

    def retry(*args, **kwargs):
        countdowns.append(kwargs["countdown"])
        return real_retry(*args, **kwargs)

    monkeypatch.setattr(services, "build_file", flaky)
    monkeypatch.setattr(build_report, "retry", retry)
    build_report.apply(args=[report.pk])
    report.refresh_from_db()
    assert report.status == Report.Status.DONE and report.attempts == 3
    # Full jitter: each wait is up to 2, then 4 seconds (exponential, capped at a minute).
    assert len(countdowns) == 2
    assert 0 <= countdowns[0] <= 2 and 0 <= countdowns[1] <= 4


def test_retries_give_up_with_a_readable_error(event, queued_only, monkeypatch):
    report = request(event, kind="standings").report

    def down(*args, **kwargs):
        raise OperationalError("could not connect to server")

    monkeypatch.setattr(services, "build_file", down)
    build_report.apply(args=[report.pk])
    report.refresh_from_db()
    assert report.status == Report.Status.FAILED
    assert report.attempts == MAX_RETRIES + 1
    assert report.error == (
        f"The report could not be built after {MAX_RETRIES + 1} attempts (could not connect to "
        "server). Request it again when the site is back to normal."
    )


def test_a_report_that_cannot_be_built_fails_with_the_reason(event, queued_only):
    report = request(event, kind="pairings", round=5).report
    event.rounds.get(number=5).delete()  # deleted after the request, before the build
    build_report.apply(args=[report.pk])
    report.refresh_from_db()
    assert report.status == Report.Status.FAILED and report.attempts == 1
    assert report.error == "There is no round 5: this event has rounds 1 to 4."


def test_an_unexpected_error_fails_the_report_and_says_so(event, queued_only, monkeypatch):
    report = request(event, kind="standings").report

    def broken(*args, **kwargs):
        raise KeyError("omw")

    monkeypatch.setattr(services, "build_file", broken)
    build_report.apply(args=[report.pk])
    report.refresh_from_db()
    assert report.status == Report.Status.FAILED
    assert "unexpected error (KeyError: 'omw')" in report.error


def test_only_the_events_organiser_and_judges_can_request(event):
    with pytest.raises(PermissionDenied):
        request(event, kind="standings", by=factories.user())
    judge = event.judges.first()
    assert request(event, kind="standings", by=judge).report.requested_by == judge


def test_bad_requests_save_nothing(event):
    with pytest.raises(ReportError, match="no report kind 'scores'"):
        request(event, kind="scores")
    with pytest.raises(ReportError, match="Result slips comes as PDF, not CSV"):
        request(event, kind="slips", file_format="csv")
    with pytest.raises(ReportError, match="There is no round 12"):
        request(event, kind="slips", round=12)
    assert not Report.objects.exists()


def test_progress_is_written_while_building(event, queued_only, monkeypatch):
    report = request(event, kind="event").report
    seen = []
    real_progress = services._progress_writer

    def watching(report_id):
        write = real_progress(report_id)

        def progress(percent, note):
            monkeypatch.setattr(services, "PROGRESS_EVERY_SECONDS", 0)
            write(percent, note)
            row = Report.objects.get(pk=report_id)
            seen.append((row.status, row.progress, row.progress_note))

        return progress

    monkeypatch.setattr(services, "_progress_writer", watching)
    services.report_build(report_id=report.pk)
    assert seen[0] == ("running", 5, "Reading the event")
    assert ("running", 45, "Laying out the pages") in seen
    assert any(note.startswith("Writing") and note.endswith("pages") for _, _, note in seen)
    percents = [percent for _, percent, _ in seen]
    assert percents == sorted(percents)
    report.refresh_from_db()
    assert report.progress == 100 and report.progress_note.endswith("pages")


def test_a_worker_sends_the_retry_back_to_the_broker_with_a_backoff(
    event, queued_only, monkeypatch
):
    from celery.exceptions import Retry

    report = request(event, kind="standings").report
    monkeypatch.setattr(services, "build_file", lambda *a, **kw: (_ for _ in ()).throw(
        OperationalError("the database system is starting up")))  # fmt: skip
    build_report.push_request(
        id="t-1", retries=3, is_eager=False, called_directly=False, delivery_info={}
    )
    try:
        with pytest.raises(Retry) as raised:
            build_report.run(report.pk)
    finally:
        build_report.pop_request()
    assert 0 <= raised.value.when <= 16, "fourth attempt: up to 2**4 seconds"
    args, options = queued_only[-1]
    assert options["countdown"] == raised.value.when
    report.refresh_from_db()
    assert report.status == Report.Status.RUNNING, "left for the retry, not failed"


def test_a_new_kind_is_one_registered_class(event, client):
    """How the judge console adds its ruling report: no migration, no change elsewhere."""
    from tournaments.reports.registry import CSV, REGISTRY, CsvTable, ReportKind, register

    @register
    class MatchCountReport(ReportKind):
        code = "match-count"
        label = "Match count"
        formats = (CSV,)
        param_names = ("round",)
        on_event_page = False

        def clean_params(self, event, raw):
            return {"round": int(raw["round"])}

        def context(self, event, params, *, progress, site_url):
            matches = event.rounds.get(number=params["round"]).matches.count()
            return {"round": params["round"], "matches": matches}

        def csv_table(self, context):
            return CsvTable(["Round", "Matches"], [[context["round"], context["matches"]]])

    try:
        report = request(event, kind="match-count", file_format="csv", round=2).report
        report.refresh_from_db()
        assert report.status == Report.Status.DONE, report.error
        with report.file.open("rb") as handle:
            assert handle.read().decode("utf-8-sig").splitlines() == ["Round,Matches", "2,8"]
        client.force_login(event.organiser)
        page = client.get(f"/manage/{event.slug}/reports/").content.decode()
        assert 'Match count <span class="meta">(CSV)</span>' in page, "listed with the others"
        assert "<legend>Match count</legend>" not in page, "requested from its own page"
    finally:
        REGISTRY.pop("match-count")
