"""The stored record of a requested report: what was asked for, how far the build is, the file."""

from django.conf import settings
from django.db import models


def report_upload_to(report: "Report", filename: str) -> str:
    folder = report.event.slug if report.event_id else "practice"
    return f"reports/{folder}/{report.pk}/{filename}"


class Report(models.Model):
    """One request for one report of an event, built by a Celery task.

    `kind` names an entry of the report registry (tournaments.reports.registry) and is not a
    database choice, so adding a kind (the judge console's ruling report) needs no migration.
    `event` is empty for a ruling report on a practice dispute.
    `request_key` identifies an identical request; at most one such report is active at a time.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Being built"
        DONE = "done", "Ready"
        FAILED = "failed", "Failed"

    ACTIVE = (Status.QUEUED, Status.RUNNING)

    # Empty only for a ruling report on a practice dispute, which belongs to no event.
    event = models.ForeignKey(
        "tournaments.Event",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="reports_built",
    )
    kind = models.CharField(max_length=40)
    file_format = models.CharField(max_length=10)
    params = models.JSONField(default=dict, blank=True)
    request_key = models.CharField(max_length=64, db_index=True)
    title = models.CharField(max_length=200)
    site_url = models.CharField(
        max_length=300, blank=True, help_text="Where the site is served, for links and QR codes."
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0, help_text="Percent done.")
    progress_note = models.CharField(max_length=200, blank=True)
    error = models.TextField(blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    file = models.FileField(upload_to=report_upload_to, max_length=300, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            # Two identical requests at once (two judges, a double click) share one build:
            # the database refuses a second active report with the same key.
            models.UniqueConstraint(
                fields=["request_key"],
                condition=models.Q(status__in=["queued", "running"]),
                name="report_one_active_per_request",
            )
        ]

    def __str__(self):
        return f"{self.title} ({self.get_status_display()})"

    @property
    def is_active(self) -> bool:
        return self.status in self.ACTIVE

    @property
    def filename(self) -> str:
        return self.file.name.rsplit("/", 1)[-1] if self.file else ""
