"""Requesting and building reports. Requests come from the pages and the API; builds run in a
Celery task (tournaments.tasks.build_report), in a worker or in-process without a broker.

Guarantees:
- One build per identical request at a time: the request key plus a partial unique constraint,
  so two requests at the same moment share one report, on any database.
- A build can run again safely (a redelivered or retried task): a finished report is left
  alone, and of two builds of one report the first to finish wins, under a row lock.
- Without the broker the request says so plainly and nothing is saved.
"""

import hashlib
import json
import logging
import time
from dataclasses import dataclass
from datetime import timedelta

from django.core.exceptions import PermissionDenied
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.db.utils import InterfaceError, OperationalError
from django.utils import timezone

from tournaments.reports.models import Report
from tournaments.reports.registry import ReportError, kind_for
from tournaments.reports.render import BuiltFile, build_file

logger = logging.getLogger(__name__)

UNAVAILABLE = (
    "Reports are unavailable right now: the report queue (Redis) cannot be reached. "
    "Pages, pairings and results keep working; try the report again in a few minutes."
)
# A running build writes its progress every few seconds; one silent this long has stopped
# (its worker died: the broker hands the task to another worker after the visibility timeout).
STALE_RUNNING = timedelta(minutes=3)
# Waiting this long in the queue means no worker is taking tasks.
STALE_QUEUED = timedelta(minutes=15)
PROGRESS_EVERY_SECONDS = 0.5
# Publishing to a broker that went away: try briefly, then tell the person (not minutes later).
PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.3}
# Errors worth another attempt later: the database or the network, not the report itself.
TRANSIENT_ERRORS = (OperationalError, InterfaceError, ConnectionError, TimeoutError)


class ReportsUnavailable(Exception):
    """The broker can't be reached: no report can be queued now."""


class ReportNotFound(Exception):
    """The task's report is not (yet) in the database: not committed yet, or deleted."""


@dataclass(frozen=True)
class ReportRequest:
    report: Report
    created: bool  # False: an identical report was already queued or being built


def request_key(event, kind_code: str, file_format: str, params: dict) -> str:
    identity = {
        "event": event.pk if event is not None else None,
        "kind": kind_code,
        "format": file_format,
        "params": params,
    }
    return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()


def is_stale(report: Report, *, now=None) -> bool:
    now = now or timezone.now()
    if report.status == Report.Status.RUNNING:
        return now - report.updated_at > STALE_RUNNING
    if report.status == Report.Status.QUEUED:
        return now - report.updated_at > STALE_QUEUED
    return False


def report_request(
    *, event, kind: str, file_format: str, params: dict, by, site_url: str
) -> ReportRequest:
    """Queue a report, or hand back the identical one already queued or being built.

    `event` may be None for a kind that finds its own (a ruling report, from its ruling).
    Raises ReportError (bad kind, format or parameter, naming the field), PermissionDenied,
    or ReportsUnavailable (no broker: nothing is saved)."""
    report_kind = kind_for(kind)
    raw = {name: params.get(name) for name in report_kind.param_names}
    event = report_kind.event_for(event, raw)
    if not report_kind.may_request(by, event, raw):
        raise PermissionDenied(report_kind.refusal)
    file_format = (file_format or "").lower()
    if file_format not in report_kind.formats:
        raise ReportError(
            f"{report_kind.label} comes as "
            f"{' or '.join(f.upper() for f in report_kind.formats)}, "
            f"not {file_format.upper() or 'nothing'}.",
            field="format",
        )
    cleaned = report_kind.clean_params(event, raw)
    key = request_key(event, kind, file_format, cleaned)
    for _ in range(3):
        active = Report.objects.filter(request_key=key, status__in=Report.ACTIVE).first()
        if active is not None and not _retire_if_stale(active):
            return ReportRequest(active, created=False)
        try:
            with transaction.atomic():
                report = Report.objects.create(
                    event=event,
                    kind=kind,
                    file_format=file_format,
                    params=cleaned,
                    request_key=key,
                    title=report_kind.title(event, cleaned),
                    site_url=site_url,
                    requested_by=by if by is not None and by.is_authenticated else None,
                )
        except IntegrityError:
            continue  # an identical request won the race: loop to pick its report up
        _dispatch(report)
        return ReportRequest(report, created=True)
    raise RuntimeError(f"Could not create or find the active report for key {key}.")


def _retire_if_stale(report: Report) -> bool:
    """Mark a report that stopped without finishing as failed, so it can be requested again."""
    if not is_stale(report):
        return False
    when = timezone.localtime(report.updated_at).strftime("%H:%M")
    Report.objects.filter(pk=report.pk, status=report.status).update(
        status=Report.Status.FAILED,
        error=f"This report stopped without finishing (no news since {when}); "
        "it was requested again.",
        finished_at=timezone.now(),
        updated_at=timezone.now(),
    )
    return True


def _dispatch(report: Report) -> None:
    from kombu.exceptions import OperationalError as BrokerError

    from tournaments.tasks import build_report

    try:
        build_report.apply_async(args=[report.pk], retry=True, retry_policy=PUBLISH_RETRY_POLICY)
    except (BrokerError, ConnectionError, TimeoutError, OSError) as error:
        logger.warning("Report %s not queued, the broker is unreachable: %s", report.pk, error)
        # Nothing is saved half-way: the request did not happen.
        Report.objects.filter(pk=report.pk, status=Report.Status.QUEUED).delete()
        raise ReportsUnavailable(UNAVAILABLE) from error


def _start(report_id: int) -> Report | None:
    """Claim a report for building; None when it is already finished (a repeated delivery)."""
    with transaction.atomic():
        try:
            report = (
                # Only the report's row is locked: its event may be empty (an outer join,
                # which PostgreSQL refuses to lock).
                Report.objects.select_for_update(of=("self",))
                .select_related("event__format")
                .get(pk=report_id)
            )
        except Report.DoesNotExist:
            raise ReportNotFound(f"Report {report_id} is not in the database.") from None
        if report.status in (Report.Status.DONE, Report.Status.FAILED):
            return None
        report.status = Report.Status.RUNNING
        report.attempts += 1
        report.started_at = timezone.now()
        report.progress = 0
        report.progress_note = "Started" if report.attempts == 1 else f"Attempt {report.attempts}"
        report.error = ""
        report.save()
        return report


def _progress_writer(report_id: int):
    last = [0.0]

    def progress(percent: int, note: str) -> None:
        now = time.monotonic()
        if now - last[0] < PROGRESS_EVERY_SECONDS:
            return
        last[0] = now
        Report.objects.filter(pk=report_id, status=Report.Status.RUNNING).update(
            progress=max(0, min(99, percent)), progress_note=note[:200], updated_at=timezone.now()
        )

    return progress


def report_fail(*, report_id: int, error: str) -> None:
    """Record a build that will not succeed, in words for the organiser."""
    Report.objects.filter(pk=report_id).exclude(status=Report.Status.DONE).update(
        status=Report.Status.FAILED,
        error=error,
        finished_at=timezone.now(),
        updated_at=timezone.now(),
    )


def _finish(report_id: int, built: BuiltFile) -> Report:
    with transaction.atomic():
        report = (
            Report.objects.select_for_update(of=("self",)).select_related("event").get(pk=report_id)
        )
        if report.status != Report.Status.RUNNING:
            # Another delivery of the same task finished first, or the report was retired.
            return report
        report.file.save(built.filename, ContentFile(built.content), save=False)
        report.status = Report.Status.DONE
        report.progress = 100
        report.progress_note = (
            f"{built.pages} page{'s' if built.pages != 1 else ''}" if built.pages else "Ready"
        )
        report.finished_at = timezone.now()
        report.save()
        return report


def report_build(*, report_id: int) -> Report | None:
    """Build one report's file. Safe to run again for the same report at any point.

    Errors in the report itself (a round deleted since the request, say) fail it with their
    message; database and network errors are raised for the task to retry later."""
    report = _start(report_id)
    if report is None:
        return None
    try:
        kind = kind_for(report.kind)
        built = build_file(
            kind,
            report.event,
            report.params,
            report.file_format,
            progress=_progress_writer(report.pk),
            site_url=report.site_url,
        )
    except ReportError as error:
        report_fail(report_id=report.pk, error=str(error))
        return None
    except TRANSIENT_ERRORS:
        raise
    except Exception as error:  # a bug, not the organiser's doing: say so and keep the trace
        logger.exception("Report %s failed", report.pk)
        report_fail(
            report_id=report.pk,
            error=f"The report could not be built because of an unexpected error "
            f"({type(error).__name__}: {error}). It has been logged; if it happens again, "
            "tell the site's administrator.",
        )
        return None
    return _finish(report.pk, built)
