"""The ruling report from the judge console: requested from the dispute's page (its ruling
section), followed there without reloading (static/js/reports.js), downloaded, or viewed as
a page. Who may: whoever may judge the dispute (judging.permissions.can_judge)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from judging.models import Dispute, Ruling
from judging.permissions import require_judge
from judging.reports import RulingReport
from tournaments.reports import services
from tournaments.reports.models import Report
from tournaments.reports.registry import ReportError, kind_for
from tournaments.reports.render import render_html
from tournaments.reports.views import report_file_response, report_json, site_url

RECENT = 10


def _ruling(request, pk: int) -> Ruling:
    dispute = get_object_or_404(Dispute.objects.select_related("event"), pk=pk)
    require_judge(request.user, dispute)
    ruling = Ruling.objects.filter(dispute=dispute).first()
    if ruling is None:
        raise Http404("Record the ruling first: the report is about it.")
    return ruling


def ruling_reports(ruling: Ruling | None) -> dict:
    """The dispute page's list of this ruling's reports (newest first), for its template."""
    if ruling is None:
        return {"ruling_reports": [], "ruling_reports_active": False}
    now = timezone.now()
    reports = (
        Report.objects.filter(kind=RulingReport.code, params__ruling=ruling.pk)
        .select_related("event", "requested_by")
        .order_by("-created_at", "-pk")[:RECENT]
    )
    rows = [(report, report_json(report, now=now)) for report in reports]
    return {
        "ruling_reports": rows,
        "ruling_reports_active": any(data["status"] in Report.ACTIVE for _, data in rows),
    }


def _back(pk: int, report: Report | None = None) -> str:
    anchor = f"#report-{report.pk}" if report is not None else "#ruling-reports"
    return reverse("judging:dispute", args=[pk]) + anchor


@login_required
@require_POST
def ruling_report_request(request, pk: int):
    ruling = _ruling(request, pk)
    try:
        outcome = services.report_request(
            event=ruling.dispute.event,
            kind=RulingReport.code,
            file_format=request.POST.get("format", "pdf"),
            params={"ruling": ruling.pk, "notes": request.POST.get("notes", "")},
            by=request.user,
            site_url=site_url(request),
        )
    except (ReportError, services.ReportsUnavailable) as error:
        messages.error(request, str(error))
        return redirect(_back(pk))
    report = outcome.report
    report.refresh_from_db()
    name = f"“{report.title}” ({report.file_format.upper()})"
    if not outcome.created:
        messages.info(request, f"{name} is already being built; no second copy was started.")
    elif report.status == Report.Status.DONE:
        messages.success(request, f"{name} is ready to download below.")
    elif report.status == Report.Status.FAILED:
        messages.error(request, f"{name} could not be built: {report.error}")
    else:
        messages.success(request, f"{name} is being built; it appears below when ready.")
    return redirect(_back(pk, report))


@login_required
@require_GET
def ruling_report_status(request, pk: int):
    found = ruling_reports(_ruling(request, pk))
    return JsonResponse(
        {
            "reports": [data for _, data in found["ruling_reports"]],
            "active": found["ruling_reports_active"],
        }
    )


@login_required
@require_GET
def ruling_report_download(request, report_id: int):
    report = get_object_or_404(
        Report.objects.select_related("event"), pk=report_id, kind=RulingReport.code
    )
    if not kind_for(report.kind).may_see(request.user, report):
        raise PermissionDenied("Only those who may judge the dispute can see its ruling reports.")
    return report_file_response(report)


@login_required
@require_GET
def ruling_report_preview(request, pk: int):
    """The ruling report as a page: the same template and data the PDF is made from."""
    ruling = _ruling(request, pk)
    kind = kind_for(RulingReport.code)
    event = ruling.dispute.event
    try:
        params = kind.clean_params(event, {"ruling": ruling.pk, "notes": request.GET.get("notes")})
        context = kind.context(
            event, params, progress=lambda percent, note: None, site_url=site_url(request)
        )
    except ReportError as error:
        messages.error(request, str(error))
        return redirect(_back(pk))
    return HttpResponse(render_html(kind, context, for_pdf=False, request=request))
