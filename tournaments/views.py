"""Public event pages and the players' own result reporting."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from tournaments import services
from tournaments.forms import MatchResultForm
from tournaments.models import Event, Match
from tournaments.permissions import is_event_staff, registration_of
from tournaments.selectors import (
    bracket_for,
    revealed_teams,
    rounds_with_matches,
    standings_for_event,
)


def event_detail(request, slug: str):
    event = get_object_or_404(Event.objects.select_related("format"), slug=slug)
    rounds = rounds_with_matches(event)
    mine = set()
    if request.user.is_authenticated:
        mine = set(
            event.registrations.filter(player__user=request.user).values_list("pk", flat=True)
        )
    my_match = (
        Match.objects.filter(round__event=event, player2__isnull=False)
        .filter(Q(player1__in=mine) | Q(player2__in=mine))
        .exclude(result_status=Match.ResultStatus.CONFIRMED)
        .select_related("round", "player1__player", "player2__player")
        .order_by("-round__number")
        .first()
        if mine
        else None
    )
    after_round = request.GET.get("after_round", "")
    after_round = int(after_round) if after_round.isdigit() else None
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            "rounds": rounds,
            "after_round": after_round,
            "standings": standings_for_event(event, after_round=after_round),
            "teams": revealed_teams(event),
            "round_ends_at": round_ends_at(event),
            "now": timezone.now(),
            "tiebreakers": [name for name in event.tiebreakers if name != "random"],
            "is_staff": is_event_staff(request.user, event),
            "my_registrations": mine,
            "my_match": my_match,
        },
    )


def round_ends_at(event: Event):
    """When the current round's time runs out (tables with extra time run later)."""
    import datetime

    current = event.rounds.order_by("-number").first()
    if current is None or current.started_at is None:
        return None
    return current.started_at + datetime.timedelta(minutes=event.round_minutes)


def bracket(request, slug: str):
    event = get_object_or_404(Event.objects.select_related("format"), slug=slug)
    stages = bracket_for(event)
    final = stages[-1].slots[0] if stages else None
    champion = None
    if event.status == Event.Status.FINISHED and final and final.match and final.winner_id:
        match = final.match
        champion = match.player1 if final.winner_id == match.player1_id else match.player2
    return render(
        request,
        "tournaments/bracket.html",
        {"event": event, "stages": stages, "champion": champion},
    )


@login_required
def match_report(request, slug: str, match_id: int):
    """A player reports their own match, or confirms the opponent's report."""
    match = get_object_or_404(
        Match.objects.select_related("round__event", "player1__player", "player2__player"),
        pk=match_id,
        round__event__slug=slug,
        player2__isnull=False,
    )
    me = registration_of(request.user, match)
    if me is None:
        raise PermissionDenied("Only the two players of this match can report it.")
    opponent = match.player2_id if me.pk == match.player1_id else match.player1_id
    reports = {report.reported_by_id: report for report in match.reports.all()}
    form = MatchResultForm(request.POST or None, match=match)
    if request.method == "POST":
        try:
            if "confirm" in request.POST:
                match = services.result_confirm(match=match, confirmer=me)
                if match.result_status == Match.ResultStatus.CONFIRMED:
                    messages.success(request, "Result confirmed. Thank you!")
                    return redirect("tournaments:event", slug=slug)
                messages.success(request, "Confirmed. Your opponent confirms it too.")
                return redirect("tournaments:match-report", slug=slug, match_id=match.pk)
            if form.is_valid():
                match = services.result_report(match=match, games=form.games(), reporter=me)
                messages.success(request, _after_report_message(match))
                return redirect("tournaments:match-report", slug=slug, match_id=match.pk)
        except services.EventError as error:
            messages.error(request, str(error))
    return render(
        request,
        "tournaments/match_report.html",
        {
            "match": match,
            "form": form,
            "me": me,
            "opponent_report": reports.get(opponent),
            "proposal": reports.get(None),
            "my_report": reports.get(me.pk),
        },
    )


def _after_report_message(match: Match) -> str:
    return {
        Match.ResultStatus.CONFIRMED: "Both reports agree: the result is confirmed.",
        Match.ResultStatus.DISPUTED: "Your report differs from your opponent's; a judge decides.",
    }.get(match.result_status, "Reported. Your opponent now confirms it.")
