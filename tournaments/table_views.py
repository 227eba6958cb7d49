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

MATCH_RELATED = ("round__event__format", "player1__player", "player2__player")


def _table_match(request, slug: str, match_id: int) -> Match:
    match = get_object_or_404(
        Match.objects.select_related(*MATCH_RELATED),
        pk=match_id,
        round__event__slug=slug,
        player2__isnull=False,
    )
    if registration_of(request.user, match) is None and not is_event_staff(
        request.user, match.round.event
    ):
        raise PermissionDenied("Only the players of this table and the event's staff.")
    return match


def _state(request, match: Match) -> dict:
    """The table's state, plus which side the person looking plays (None for staff)."""
    me = registration_of(request.user, match)
    side = None if me is None else (1 if me.pk == match.player1_id else 2)
    return {**services.table_state(match), "me": side}


@login_required
def table(request, slug: str, match_id: int):
    match = _table_match(request, slug, match_id)
    return render(
        request,
        "tournaments/table.html",
        {"match": match, "state": _state(request, match), "reasons": LifeChange.Reason},
    )


@login_required
@require_GET
def table_state(request, slug: str, match_id: int):
    return JsonResponse(_state(request, _table_match(request, slug, match_id)))


def _int(value: str | None) -> int:
    try:
        return int(value or 0)
    except ValueError as error:
        raise services.EventError(f"{value!r} is not a whole number.", code="number") from error


def _optional_int(value: str | None) -> int | None:
    return None if value in (None, "") else _int(value)


def _side(request, match: Match) -> int:
    """The side a concession is for: a player concedes only for themselves."""
    side = _int(request.POST.get("side"))
    me = registration_of(request.user, match)
    if me is not None and side != (1 if me.pk == match.player1_id else 2):
        raise services.EventError("Only the player themselves can concede.", code="not_yours")
    return side


def _confirm(request, match: Match) -> None:
    me = registration_of(request.user, match)
    if me is None:
        raise services.EventError(
            "Players confirm their result; staff enter it on the round page.", code="not_player"
        )
    services.result_confirm(match=match, confirmer=me)


@login_required
@require_POST
def table_action(request, slug: str, match_id: int, action: str):
    match = _table_match(request, slug, match_id)
    post = request.POST
    try:
        game = services.current_game(match)
        if action == "life":
            services.life_change(
                game=game,
                delta1=_int(post.get("delta1")),
                delta2=_int(post.get("delta2")),
                reason=post.get("reason", LifeChange.Reason.COMBAT),
                by=request.user,
            )
        elif action == "undo":
            services.life_undo(
                game=game, by=request.user, seen_revision=_optional_int(post.get("version"))
            )
        elif action == "turn":
            services.turn_end(game=game, by=request.user, seen_turn=_optional_int(post.get("turn")))
        elif action == "first":
            services.game_set_first(game=game, side=_int(post.get("side")))
        elif action == "next":
            side = post.get("side", "random")
            services.game_next(
                match=match, first_side=None if side == "random" else _int(side), by=request.user
            )
        elif action == "concede":
            services.game_concede(game=game, side=_side(request, match), by=request.user)
        elif action == "confirm":
            _confirm(request, match)
        else:
            return JsonResponse({"error": f"Unknown action {action!r}."}, status=404)
    except services.EventError as error:
        match = Match.objects.select_related(*MATCH_RELATED).get(pk=match.pk)
        return JsonResponse(
            {"error": str(error), "code": error.code, "state": _state(request, match)},
            status=409,
        )
    return JsonResponse(
        _state(request, Match.objects.select_related(*MATCH_RELATED).get(pk=match.pk))
    )


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
    stale_minutes = min(int(stale), 24 * 60) if stale.isdecimal() and int(stale) > 0 else 10
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
