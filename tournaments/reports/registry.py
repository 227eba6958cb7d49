"""The report kinds: what each report needs, how it is titled, built and laid out.

A kind is one registered `ReportKind` subclass. The four event reports are in `kinds.py`; the
judge console adds its ruling report the same way, from its app's `ready()`:

    @register
    class RulingReport(ReportKind):
        code = "ruling"
        ...

Nothing else changes: the request service, the task, the pages and the API look kinds up here.
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

PDF, CSV = "pdf", "csv"
CONTENT_TYPES = {PDF: "application/pdf", CSV: "text/csv; charset=utf-8"}

# progress(percent, note): builders say how far they are; the service stores it for the page.
Progress = Callable[[int, str], None]


class ReportError(Exception):
    """A report that can't be built as asked: one plain sentence for the organiser.

    `field` names the parameter at fault (for forms and API bodies), or is empty."""

    def __init__(self, message: str, *, field: str = ""):
        self.field = field
        super().__init__(message)


@dataclass(frozen=True)
class CsvTable:
    header: Sequence[str]
    rows: Iterable[Sequence[Any]]


class ReportKind:
    """One kind of report. Subclasses set the class attributes and implement the methods."""

    code: ClassVar[str]
    label: ClassVar[str]
    description: ClassVar[str] = ""
    formats: ClassVar[tuple[str, ...]] = (PDF,)
    # The parameters this kind accepts (all optional from the requester's side: `clean_params`
    # fills in defaults, so "the latest round" and "round 3" are the same request).
    param_names: ClassVar[tuple[str, ...]] = ()
    template: ClassVar[str]
    # Offered on the event's reports page; a report about one thing (a ruling) is requested
    # from that thing's page instead.
    on_event_page: ClassVar[bool] = True
    # What a refused request is told.
    refusal: ClassVar[str] = "Only the event's organiser and judges can request reports."

    def event_for(self, event, raw: dict):
        """The event the report belongs to. An event's reports are asked for by event; a
        ruling report finds its event from the ruling (None for a practice dispute)."""
        if event is None:
            raise ReportError("Say which event the report is for.", field="event")
        return event

    def may_request(self, user, event, raw: dict | None = None) -> bool:
        from tournaments.permissions import is_event_staff

        return is_event_staff(user, event)

    def may_see(self, user, report) -> bool:
        """Who sees, follows and downloads a built report: by default the event's staff."""
        from tournaments.permissions import is_event_staff

        return report.event is not None and is_event_staff(user, report.event)

    def download_path(self, report) -> str:
        from django.urls import reverse

        return reverse("manage:report-download", args=[report.event.slug, report.pk])

    def clean_params(self, event, raw: dict) -> dict:
        """Check and complete the parameters; raise ReportError naming the field at fault."""
        return {}

    def title(self, event, params: dict) -> str:
        return self.label

    def filename_stem(self, event, params: dict) -> str:
        return f"{event.slug}-{self.code}"

    def context(self, event, params: dict, *, progress: Progress, site_url: str) -> dict:
        """Everything the template (and the CSV) needs, read from the database."""
        raise NotImplementedError

    def csv_table(self, context: dict) -> CsvTable:
        raise NotImplementedError(f"{self.label} has no CSV form.")


REGISTRY: dict[str, ReportKind] = {}


def register(kind_class: type[ReportKind]) -> type[ReportKind]:
    if kind_class.code in REGISTRY:
        raise ValueError(f"A report kind {kind_class.code!r} is already registered.")
    REGISTRY[kind_class.code] = kind_class()
    return kind_class


def kind_for(code: str) -> ReportKind:
    _load_builtin_kinds()
    try:
        return REGISTRY[code]
    except KeyError:
        known = ", ".join(sorted(REGISTRY))
        raise ReportError(
            f"There is no report kind {code!r}; choose one of {known}.", field="kind"
        ) from None


def all_kinds() -> list[ReportKind]:
    _load_builtin_kinds()
    return list(REGISTRY.values())


def _load_builtin_kinds() -> None:
    # Imported on first use, not at app loading, so the registry module stays import-light.
    from tournaments.reports import kinds  # noqa: F401
