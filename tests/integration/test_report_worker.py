"""Real Celery workers on the Redis broker build the reports (acceptance of the reports issue):

- every kind of report for a seeded event (with a judge's ruling and penalty for the ruling
  report and the event report's penalties), checked page by page (pdftoppm PNGs that are not
  blank, pdftotext for the content); the samples are kept in test-artifacts/reports/;
- a worker killed with SIGKILL in the middle of a report loses nothing: the message is handed
  out again (Redis: after the visibility timeout) and another worker completes the report;
- a pool process killed mid-report: its worker puts the task back at once.
"""

import csv
import io
import os
import re
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse

import pytest
from django.db import connection

from judging.models import Ruling
from tests.integration.celery_helpers import ROOT, Worker, forget_connections, use_broker, wait_for
from tests.judging.rulings import ruled_dispute
from tests.tournaments.reports.pdf import ink_ratio, pdf_text, pdf_to_pngs, qr_codes
from tests.tournaments.reports.seed import played_event
from tournaments.models import Match, Round
from tournaments.reports import services
from tournaments.reports.models import Report

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]
ARTIFACTS = ROOT / "test-artifacts" / "reports"
SITE = "http://127.0.0.1:8104/"
VISIBILITY_TIMEOUT = 4


@pytest.fixture
def queue(settings, tmp_path):
    """A queue of our own on the Redis of REDIS_URL, and files in a folder the worker shares."""
    name = f"reports-test-{uuid.uuid4().hex[:10]}"
    use_broker(settings, os.environ["REDIS_URL"], queue=name)
    settings.MEDIA_ROOT = tmp_path / "media"
    yield name
    forget_connections()


def worker_env(tmp_path: Path) -> dict[str, str]:
    """The worker reads this test's database (committed data) and writes into its media."""
    database = urlparse(os.environ["DATABASE_URL"])._replace(
        path="/" + connection.settings_dict["NAME"]
    )
    return {
        "DATABASE_URL": database.geturl(),
        "CELERY_BROKER_URL": os.environ["REDIS_URL"],
        "CELERY_RESULT_BACKEND": os.environ["REDIS_URL"],
        "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
        "VAR_DIR": str(tmp_path),
    }


@pytest.fixture
def start_worker(queue, tmp_path):
    workers: list[Worker] = []

    def start(pool: str = "solo") -> Worker:
        worker = Worker(
            queue=queue, env=worker_env(tmp_path), log=tmp_path / "worker.log", pool=pool
        )
        workers.append(worker)
        return worker

    yield start
    for worker in workers:
        worker.stop()
    print((tmp_path / "worker.log").read_text(errors="replace")[-6000:])


def request(event, kind: str, file_format: str = "pdf", **params) -> Report:
    """Requested by the organiser (a ruling report finds its event from its ruling)."""
    by = event.organiser if event else Ruling.objects.get(pk=params["ruling"]).event.organiser
    outcome = services.report_request(
        event=event, kind=kind, file_format=file_format, params=params, by=by, site_url=SITE,
    )  # fmt: skip
    assert outcome.created
    return outcome.report


def finished(report: Report, *, timeout: float = 120) -> Report:
    def done():
        report.refresh_from_db()
        return report.status in (Report.Status.DONE, Report.Status.FAILED)

    wait_for(done, timeout=timeout, interval=0.2, what=f"report {report.pk} ({report.title})")
    assert report.status == Report.Status.DONE, report.error
    return report


def content(report: Report) -> bytes:
    with report.file.open("rb") as handle:
        return handle.read()


def checked_pages(report: Report, stem: str) -> str:
    """Turn the PDF into PNG pages, check none is blank, and return its text."""
    data = content(report)
    pages = pdf_to_pngs(data, ARTIFACTS, stem, dpi=70)
    assert pages, f"{stem}: no pages"
    for page in pages:
        assert ink_ratio(page) > 0.002, f"{page.name} is blank"
    return re.sub(r"\s+", " ", pdf_text(data))


def test_a_worker_builds_every_kind_of_report_for_a_seeded_event(start_worker):
    event = played_event()
    ruling = ruled_dispute(event)
    penalised = ruling.match.player1.display_name
    start_worker()
    names = list(event.registrations.values_list("display_name", flat=True))
    swiss_last = event.rounds.filter(stage=Round.Stage.SWISS).order_by("-number").first().number
    requests = {
        "pairings-by-table": request(event, "pairings", round=2, order="table"),
        "pairings-by-name": request(event, "pairings", round=2, order="name"),
        "result-slips": request(event, "slips", round=2),
        "standings": request(event, "standings", round=swiss_last),
        "event-report": request(event, "event"),
        "standings-csv": request(event, "standings", "csv", round=swiss_last),
        "pairings-csv": request(event, "pairings", "csv", round=2, order="name"),
        "event-csv": request(event, "event", "csv"),
        "ruling-report": request(None, "ruling", ruling=ruling.pk),
        "ruling-report-without-notes": request(None, "ruling", ruling=ruling.pk, notes="omit"),
        "ruling-csv": request(None, "ruling", "csv", ruling=ruling.pk),
    }
    reports = {stem: finished(report) for stem, report in requests.items()}
    assert {r.attempts for r in reports.values()} == {1}

    round_2 = Match.objects.filter(round__event=event, round__number=2).select_related(
        "player1__player", "player2__player"
    )
    paired = [m.player1.display_name for m in round_2] + [
        m.player2.display_name for m in round_2 if m.player2_id
    ]
    text = checked_pages(reports["pairings-by-table"], "pairings-by-table")
    assert "Round 2 · Pairings by table" in text
    assert all(name in text for name in paired)
    text = checked_pages(reports["pairings-by-name"], "pairings-by-name")
    assert "Pairings by player name" in text and all(name in text for name in paired)
    text = checked_pages(reports["result-slips"], "result-slips")
    tables = [m for m in round_2 if m.player2_id]
    for match in tables:
        assert f"Table {match.table}" in text
        assert f"Signature: {match.player2.display_name}" in text
    scanned = []
    for page in pdf_to_pngs(content(reports["result-slips"]), ARTIFACTS, "slips-scan", dpi=150):
        scanned += qr_codes(page)
    assert sorted(scanned) == sorted(
        f"{SITE}events/{event.slug}/tables/{match.pk}/" for match in tables
    )
    text = checked_pages(reports["standings"], "standings")
    assert f"Standings after round {swiss_last}" in text and all(n in text for n in names)
    text = checked_pages(reports["event-report"], "event-report")
    for heading in ("Final event report", "Top cut placings", "Top cut bracket", "Team lists",
                    "Rounds: pairings and results", "Penalties"):  # fmt: skip
        assert heading in text
    assert all(name in text for name in names)
    assert f"{penalised} Warning Tried to add a blocker late" in text

    # The ruling report: the dispute, the steps with the rule and reason of the illegal one,
    # the boards, the ruling and the penalty; the judges' notes only in the judges' copy.
    text = checked_pages(reports["ruling-report"], "ruling-report")
    for expected in (
        "A blocker added too late?",
        "May a blocker be added after blockers were declared?",
        "No: blockers are declared once, in the declare blockers step.",
        "R11.2 Declare blockers: each blocker blocks one attacker",
        "Step 3 P1 block SK1>5sww#1 Illegal · R11.2",
        "The game is not waiting for blockers now",
        "The board before the sequence",
        "Attack Zone".upper(),
        f"{penalised} Warning Tried to add a blocker late",
        "Explained the attack step to both players.",
        "Judges' copy: it holds the judges' notes. Not for the players.",
    ):
        assert expected in text, expected
    text = checked_pages(reports["ruling-report-without-notes"], "ruling-report-without-notes")
    assert "No: blockers are declared once" in text and "Explained the attack" not in text
    assert reports["ruling-report"].event == event

    for stem in ("standings-csv", "pairings-csv", "event-csv", "ruling-csv"):
        data = content(reports[stem])
        (ARTIFACTS / f"{stem}.csv").write_bytes(data)
        rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
        assert len(rows) > 1, stem
    ruling_rows = list(csv.reader(io.StringIO(content(reports["ruling-csv"]).decode("utf-8-sig"))))
    assert ruling_rows[-1][4:7] == ["P1 block SK1>5sww#1", "illegal", "R11.2"]
    assert {row[1] for row in csv.reader(io.StringIO(content(reports["standings-csv"]).decode(
        "utf-8-sig")))} >= set(names)  # fmt: skip


def test_a_worker_killed_mid_report_loses_nothing(start_worker):
    from bench.bench_reports import build_event

    event = build_event(players=128, rounds=7, top_cut=8)  # a report of a few seconds
    first = start_worker()
    report = request(event, "event")

    def running():
        report.refresh_from_db()
        return report.status == Report.Status.RUNNING

    wait_for(running, timeout=60, interval=0.02, what="the first worker to start the report")
    delivered_at = time.monotonic()
    first.kill()
    report.refresh_from_db()
    assert report.status == Report.Status.RUNNING and report.attempts == 1
    assert not report.file, "killed before it could finish"

    # Redis hands the unacknowledged message out again once the visibility timeout has passed:
    # the next worker to start picks it up and completes the report.
    time.sleep(max(0.0, delivered_at + VISIBILITY_TIMEOUT + 1 - time.monotonic()))
    start_worker()
    report = finished(report, timeout=120)
    assert report.attempts == 2
    text = checked_pages(report, "killed-worker-event-report")
    assert "Final event report" in text and "Team lists" in text


def test_a_pool_process_killed_mid_report_is_put_back_by_its_worker(start_worker):
    from bench.bench_reports import build_event

    event = build_event(players=128, rounds=7, top_cut=8)
    worker = start_worker(pool="prefork")
    report = request(event, "event")

    def running():
        report.refresh_from_db()
        return report.status == Report.Status.RUNNING

    wait_for(running, timeout=60, interval=0.02, what="the worker to start the report")
    children = Path(f"/proc/{worker.process.pid}/task/{worker.process.pid}/children")
    (child,) = [int(pid) for pid in children.read_text().split()]
    os.kill(child, 9)
    # reject_on_worker_lost: the worker requeues the task at once, a new child completes it.
    report = finished(report, timeout=120)
    assert report.attempts == 2
    assert "WorkerLostError" in worker.output()
