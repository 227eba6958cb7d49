"""The organiser and judge pages for reports: request, follow progress, download, preview."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from tournaments.models import Event
from tournaments.permissions import require_event_staff
from tournaments.reports import services
from tournaments.reports.models import Report
from tournaments.reports.registry import CONTENT_TYPES, ReportError, all_kinds, kind_for
from tournaments.reports.render import render_html

RECENT = 30


def _event(request, slug: str) -> Event:
    event = get_object_or_404(Event.objects.select_related("format", "organiser"), slug=slug)
    require_event_staff(request.user, event)
    return event


def site_url(request) -> str:
    """Where the site is served, as the person requesting sees it (for links and QR codes)."""
    return request.build_absolute_uri("/")


def report_json(report: Report, *, now=None) -> dict:
    done = report.status == Report.Status.DONE and bool(report.file)
    return {
        "id": report.pk,
        "title": report.title,
        "kind": report.kind,
        "format": report.file_format,
        "status": report.status,
        "status_label": report.get_status_display(),
        "progress": report.progress,
        "progress_note": report.progress_note,
        "error": report.error,
        "stale": services.is_stale(report, now=now),
        "requested_by": report.requested_by.get_username() if report.requested_by else "",
        "created_at": timezone.localtime(report.created_at).strftime("%H:%M"),
        "download_url": _download_path(report) if done else "",
        "filename": report.filename,
    }


def _download_path(report: Report) -> str:
    """Each kind says where its files are downloaded (a ruling report: from the judge
    console, as a practice dispute's report has no event)."""
    try:
        return kind_for(report.kind).download_path(report)
    except ReportError:  # a kind no longer installed: its files stay with the event
        return reverse("manage:report-download", args=[report.event.slug, report.pk])


def _recent(event: Event):
    return event.reports_built.select_related("requested_by", "event")[:RECENT]


@login_required
def report_list(request, slug: str):
    event = _event(request, slug)
    rounds = list(event.rounds.order_by("number"))
    now = timezone.now()
    reports = [(report, report_json(report, now=now)) for report in _recent(event)]
    return render(
        request,
        "tournaments/reports/manage.html",
        {
            "event": event,
            "kinds": [kind for kind in all_kinds() if kind.on_event_page],
            "rounds": rounds,
            "swiss_rounds": [r for r in rounds if not r.is_top_cut],
            "reports": reports,
            "any_active": any(data["status"] in Report.ACTIVE for _, data in reports),
        },
    )


@login_required
@require_GET
def report_status(request, slug: str):
    """The event's recent reports for the page to follow progress without reloading."""
    event = _event(request, slug)
    now = timezone.now()
    reports = [report_json(report, now=now) for report in _recent(event)]
    return JsonResponse(
        {"reports": reports, "active": any(r["status"] in Report.ACTIVE for r in reports)}
    )


@login_required
@require_POST
def report_request(request, slug: str):
    event = _event(request, slug)
    try:
        kind = kind_for(request.POST.get("kind", ""))
        params = {name: request.POST.get(name, "") for name in kind.param_names}
        outcome = services.report_request(
            event=event,
            kind=kind.code,
            file_format=request.POST.get("format", "pdf"),
            params=params,
            by=request.user,
            site_url=site_url(request),
        )
    except ReportError as error:
        messages.error(request, str(error))
        return redirect("manage:reports", slug=slug)
    except services.ReportsUnavailable as error:
        messages.error(request, str(error))
        return redirect("manage:reports", slug=slug)
    report = outcome.report
    report.refresh_from_db()
    name = f"“{report.title}” ({report.file_format.upper()})"
    if not outcome.created:
        messages.info(
            request, f"{name} is already being built; no second copy was started. It is below."
        )
    elif report.status == Report.Status.DONE:
        messages.success(request, f"{name} is ready to download below.")
    elif report.status == Report.Status.FAILED:
        messages.error(request, f"{name} could not be built: {report.error}")
    else:
        messages.success(request, f"{name} is being built; it appears below when ready.")
    return redirect(reverse("manage:reports", args=[slug]) + f"#report-{report.pk}")


@login_required
@require_GET
def report_download(request, slug: str, report_id: int):
    event = _event(request, slug)
    report = get_object_or_404(Report, pk=report_id, event=event)
    return report_file_response(report)


@login_required
@require_GET
def report_preview(request, slug: str, kind: str):
    """A report as a web page: the same template and data the PDF is made from."""
    event = _event(request, slug)
    try:
        report_kind = kind_for(kind)
        raw = {name: request.GET.get(name, "") for name in report_kind.param_names}
        params = report_kind.clean_params(event, raw)
        context = report_kind.context(
            event, params, progress=lambda percent, note: None, site_url=site_url(request)
        )
    except ReportError as error:
        messages.error(request, str(error))
        return redirect("manage:reports", slug=slug)
    return HttpResponse(render_html(report_kind, context, for_pdf=False, request=request))


def report_file_response(report: Report) -> FileResponse:
    """A finished report's file as a download (pages and API alike); 404 until it is ready."""
    if report.status != Report.Status.DONE or not report.file:
        raise Http404("This report is not ready.")
    try:
        handle = report.file.open("rb")
    except FileNotFoundError:
        raise Http404("This report's file is missing; request the report again.") from None
    return FileResponse(
        handle,
        as_attachment=True,
        filename=report.filename,
        content_type=CONTENT_TYPES.get(report.file_format, "application/octet-stream"),
    )
