"""The table's life tracker (players' phones), the judges' floor view, and the round clock.

Pages poll small JSON states; every change is a POST that returns the new state, so two phones
at one table always converge on the same totals.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from tournaments import services
from tournaments.models import Event, LifeChange, Match, Round
from tournaments.permissions import is_event_staff, registration_of, require_event_staff
from tournaments.selectors import floor_for_round, life_history


def _table_match(request, slug: str, match_id: int) -> Match:
    match = get_object_or_404(
        Match.objects.select_related("round__event__format", "player1__player", "player2__player"),
        pk=match_id,
        round__event__slug=slug,
        player2__isnull=False,
    )
    if registration_of(request.user, match) is None and not is_event_staff(
        request.user, match.round.event
    ):
        raise PermissionDenied("Only the players of this table and the event's staff.")
    return match


@login_required
def table(request, slug: str, match_id: int):
    match = _table_match(request, slug, match_id)
    return render(
        request,
        "tournaments/table.html",
        {"match": match, "state": services.table_state(match), "reasons": LifeChange.Reason},
    )


@login_required
@require_GET
def table_state(request, slug: str, match_id: int):
    return JsonResponse(services.table_state(_table_match(request, slug, match_id)))


def _int(value: str | None) -> int:
    try:
        return int(value or 0)
    except ValueError as error:
        raise services.EventError(f"{value!r} is not a whole number.", code="number") from error


@login_required
@require_POST
def table_action(request, slug: str, match_id: int, action: str):
    match = _table_match(request, slug, match_id)
    game = services.current_game(match)
    try:
        if action == "life":
            services.life_change(
                game=game,
                delta1=_int(request.POST.get("delta1")),
                delta2=_int(request.POST.get("delta2")),
                reason=request.POST.get("reason", LifeChange.Reason.COMBAT),
                by=request.user,
            )
        elif action == "undo":
            services.life_undo(game=game, by=request.user)
        elif action == "turn":
            services.turn_end(game=game, by=request.user)
        elif action == "first":
            services.game_set_first(game=game, side=_int(request.POST.get("side")))
        else:
            return JsonResponse({"error": f"Unknown action {action!r}."}, status=404)
    except services.EventError as error:
        return JsonResponse(
            {"error": str(error), "code": error.code, "state": services.table_state(match)},
            status=409,
        )
    return JsonResponse(services.table_state(Match.objects.get(pk=match.pk)))


def match_detail(request, slug: str, match_id: int):
    """A match with each game's life history drawn as a chart."""
    match = get_object_or_404(
        Match.objects.select_related("round__event", "player1__player", "player2__player"),
        pk=match_id,
        round__event__slug=slug,
        player2__isnull=False,
    )
    return render(
        request, "tournaments/match_detail.html", {"match": match, "games": life_history(match)}
    )


def _current_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


@login_required
def floor(request, slug: str):
    event = get_object_or_404(Event, slug=slug)
    require_event_staff(request.user, event)
    return render(request, "tournaments/manage/floor.html", {"event": event})


@login_required
@require_GET
def floor_state(request, slug: str):
    event = get_object_or_404(Event, slug=slug)
    require_event_staff(request.user, event)
    round_ = _current_round(event)
    stale = request.GET.get("stale", "")
    # The judge's "quiet for N minutes" box: anything but a sensible number means the default.
    stale_minutes = min(int(stale), 24 * 60) if stale.isdigit() and int(stale) > 0 else 10
    tables = floor_for_round(round_, stale_minutes=stale_minutes) if round_ else []
    return JsonResponse(
        {"round": round_.number if round_ else None, "stale_minutes": stale_minutes,
         "tables": tables}
    )  # fmt: skip


@login_required
@require_POST
def round_clock_start(request, slug: str, number: int):
    event = get_object_or_404(Event, slug=slug)
    require_event_staff(request.user, event)
    services.round_start(round_=get_object_or_404(Round, event=event, number=number))
    messages.success(request, f"Round {number}'s clock is running.")
    return redirect("manage:round", slug=slug, number=number)


@login_required
@require_POST
def time_extend(request, slug: str, match_id: int):
    event = get_object_or_404(Event, slug=slug)
    require_event_staff(request.user, event)
    match = get_object_or_404(Match, pk=match_id, round__event=event)
    try:
        services.time_extend(
            match=match,
            minutes=_int(request.POST.get("minutes")),
            reason=request.POST.get("reason", ""),
            by=request.user,
        )
    except services.EventError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"Table {match.table} has extra time.")
    return redirect("manage:round", slug=slug, number=match.round.number)
