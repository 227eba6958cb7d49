"""Report requests over the API: request, follow, download. Same rules as the pages."""

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db.models import Q
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, renderers, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.response import Response

from config import api_fields
from config.api_errors import ApiError, ApiErrorSerializer
from config.api_query import single_value
from tournaments.models import Event
from tournaments.permissions import is_event_staff
from tournaments.reports import services
from tournaments.reports.models import Report
from tournaments.reports.registry import (
    CSV,
    PDF,
    ReportError,
    all_kinds,
    kind_for,
)
from tournaments.reports.views import report_file_response, site_url

# Every kind's parameters the API accepts (each kind reads its own).
PARAMS = ("round", "order", "ruling", "notes")


class ReportSerializer(api_fields.ModelSerializer):
    event = api_fields.SlugRelatedField(slug_field="slug", read_only=True)
    format = api_fields.CharField(source="file_format", read_only=True)
    download_url = serializers.SerializerMethodField()

    class Meta:
        model = Report
        fields = [
            "id", "event", "kind", "format", "params", "title", "status", "progress",
            "progress_note", "error", "attempts", "created_at", "started_at", "finished_at",
            "download_url",
        ]  # fmt: skip
        read_only_fields = fields

    def get_download_url(self, report) -> str | None:
        if report.status != Report.Status.DONE or not report.file:
            return None
        request = self.context.get("request")
        path = f"/api/reports/{report.pk}/download/"
        return request.build_absolute_uri(path) if request else path


class ReportRequestSerializer(serializers.Serializer):
    event = api_fields.SlugRelatedField(
        slug_field="slug",
        queryset=Event.objects.all(),
        required=False,
        help_text="The event (its slug). A ruling report finds its event from the ruling.",
    )
    kind = api_fields.ChoiceField(choices=[])
    format = api_fields.ChoiceField(choices=[PDF, CSV], default=PDF)
    round = api_fields.IntegerField(
        required=False, min_value=1, help_text="Pairings, slips: the round; standings: after it."
    )
    order = api_fields.ChoiceField(
        choices=["table", "name"], required=False, help_text="Pairings: by table or by name."
    )
    ruling = api_fields.IntegerField(
        required=False, min_value=1, help_text="Ruling report: the ruling's ID."
    )
    notes = api_fields.ChoiceField(
        choices=["include", "omit"],
        required=False,
        help_text="Ruling report: include the judges' notes (the default; a copy for judges) "
        "or omit them (a copy the players may be shown).",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Read at use, so kinds registered by other apps (the ruling report) are accepted.
        self.fields["kind"].choices = [(kind.code, kind.label) for kind in all_kinds()]

    def validate(self, data):
        kind = next(k for k in all_kinds() if k.code == data["kind"])
        try:
            kind.event_for(data.get("event"), {name: data.get(name) for name in PARAMS})
        except ReportError as error:
            if error.field == "event":  # the other checks wait for the permission check
                raise serializers.ValidationError({"event": [str(error)]}) from error
        return data


class FileRenderer(renderers.BaseRenderer):
    """Lets a client ask for the file's own type (Accept: application/pdf); errors stay JSON."""

    media_type = "*/*"
    format = "file"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return renderers.JSONRenderer().render(data) if isinstance(data, dict | list) else data


class IsEventStaff(BasePermission):
    """A report is seen and downloaded by its event's organiser and judges only (a ruling
    report: by those who may judge its dispute)."""

    message = "Only the event's organiser and judges can see its reports."

    def has_object_permission(self, request, view, obj) -> bool:
        try:
            return kind_for(obj.kind).may_see(request.user, obj)
        except ReportError:  # a kind no longer installed
            return obj.event is not None and is_event_staff(request.user, obj.event)


class ReportViewSet(
    mixins.CreateModelMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Reports of the events you organise or judge. A request answers 202 with a new report
    to follow, or 200 with the identical report already queued or being built."""

    serializer_class = ReportSerializer
    permission_classes = [IsAuthenticated, IsEventStaff]

    def get_queryset(self):
        reports = Report.objects.select_related("event")
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular reading the types
            return reports.none()
        if self.action != "list":
            return reports  # one report: 403 for other people's (check_object_permissions)
        user = self.request.user
        if not user.is_superuser:
            # A practice dispute's ruling reports (no event) are listed for who asked for them.
            reports = reports.filter(
                Q(event__organiser=user)
                | Q(event__judges=user)
                | Q(event__isnull=True, requested_by=user)
            ).distinct()
        event = single_value(self.request, "event")
        if event is not None:
            if not 1 <= len(event) <= 140:
                raise ValidationError({"event": ["`event` must be an event's slug."]})
            reports = reports.filter(event__slug=event)
        return reports

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "event",
                {"type": "string", "minLength": 1, "maxLength": 140},
                description="Only this event (its slug).",
            )
        ]
    )
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(
        request=ReportRequestSerializer,
        responses={
            202: ReportSerializer,
            200: ReportSerializer,
            400: OpenApiResponse(ApiErrorSerializer, description="`errors` names each field."),
            403: OpenApiResponse(
                ApiErrorSerializer, description="Not an organiser or judge of this event."
            ),
            503: OpenApiResponse(
                ApiErrorSerializer, description="Reports are unavailable (no broker)."
            ),
        },
    )
    def create(self, request, *args, **kwargs):
        given = ReportRequestSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        try:
            outcome = services.report_request(
                event=data.get("event"),
                kind=data["kind"],
                file_format=data["format"],
                params={name: data.get(name) for name in PARAMS},
                by=request.user,
                site_url=site_url(request),
            )
        except ReportError as error:
            field = error.field or "non_field_errors"
            raise serializers.ValidationError({field: [str(error)]}) from error
        except DjangoPermissionDenied as error:
            raise PermissionDenied(str(error)) from error
        except services.ReportsUnavailable as error:
            raise ApiError(503, "reports/unavailable", str(error)) from error
        outcome.report.refresh_from_db()
        body = ReportSerializer(outcome.report, context={"request": request}).data
        return Response(body, status=status.HTTP_202_ACCEPTED if outcome.created else 200)

    @extend_schema(
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            (200, "text/csv"): OpenApiTypes.BINARY,
            404: OpenApiResponse(ApiErrorSerializer, description="No such report, or not ready."),
        }
    )
    @action(detail=True, methods=["get"], renderer_classes=[renderers.JSONRenderer, FileRenderer])
    def download(self, request, pk=None):
        report = self.get_object()
        return report_file_response(report)
