"""Celery tasks of the tournaments app: building reports."""

import time

from celery import shared_task
from celery.utils.time import get_exponential_backoff_interval

from tournaments.reports import services

MAX_RETRIES = 5
BACKOFF_FACTOR_SECONDS = 2
BACKOFF_MAX_SECONDS = 60
# In-process (no broker) a retry runs at once inside the request: pause only briefly.
IN_PROCESS_PAUSE_SECONDS = 0.5


@shared_task(
    bind=True,
    name="tournaments.build_report",
    # Acknowledged only once built: a worker killed mid-report leaves the message with the
    # broker, which delivers it again (Redis: after the visibility timeout).
    acks_late=True,
    reject_on_worker_lost=True,
    # The Report row is the result; keeping Celery's own result would only cost a Redis key.
    ignore_result=True,
    max_retries=MAX_RETRIES,
)
def build_report(self, report_id: int) -> None:
    """Build report `report_id`. Idempotent: a finished report is left as it is."""
    try:
        services.report_build(report_id=report_id)
    except (*services.TRANSIENT_ERRORS, services.ReportNotFound) as error:
        if self.request.retries >= self.max_retries:
            services.report_fail(
                report_id=report_id,
                error=f"The report could not be built after {self.request.retries + 1} "
                f"attempts ({error}). Request it again when the site is back to normal.",
            )
            return
        countdown = get_exponential_backoff_interval(
            factor=BACKOFF_FACTOR_SECONDS,
            retries=self.request.retries,
            maximum=BACKOFF_MAX_SECONDS,
            full_jitter=True,
        )
        if self.request.is_eager:
            time.sleep(min(countdown, IN_PROCESS_PAUSE_SECONDS))
            # Returned, not raised: Celery's eager apply() then runs the retry in this process
            # (raised, it would escape into the web request as a server error).
            return self.retry(exc=error, countdown=countdown, throw=False)
        raise self.retry(exc=error, countdown=countdown) from error
