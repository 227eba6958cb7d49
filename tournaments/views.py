from django.shortcuts import get_object_or_404, render

from tournaments.models import Event
from tournaments.selectors import match_points_table, rounds_with_matches


def event_detail(request, slug: str):
    event = get_object_or_404(Event.objects.select_related("format"), slug=slug)
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            "rounds": rounds_with_matches(event),
            "standings": match_points_table(event),
        },
    )
