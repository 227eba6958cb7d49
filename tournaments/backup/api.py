"""GET /api/events/<slug>/backup/: the event's backup document, for its organiser only."""

from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.backup import event_export
from tournaments.models import Event
from tournaments.permissions import is_organiser


def backup_filename(event: Event) -> str:
    return f"{event.slug}-backup-{timezone.now():%Y%m%d-%H%M%S}.json"


class EventBackupApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="The event's backup as one JSON document (organiser)",
        description=(
            "Everything the event holds, in the versioned format of docs/backup.md: import it "
            "with `manage.py import_event`. Available at any time, before, during and after "
            "the event. Contains contact details and judges' notes: organiser only."
        ),
        responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description="The backup.")},
    )
    def get(self, request, slug: str):
        event = get_object_or_404(Event, slug=slug)
        if not is_organiser(request.user, event):
            self.permission_denied(request, message="Only the event's organiser can do this.")
        response = Response(event_export(event=event))
        response["Content-Disposition"] = f'attachment; filename="{backup_filename(event)}"'
        response["Cache-Control"] = "no-store"
        return response
