"""Public event pages (no login), the players' own self-registration and result reporting."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from rules.services import TeamIllegal
from rules.teams import TeamListError
from tournaments import live, services
from tournaments.forms import ClaimForm, MatchResultForm, SelfRegistrationForm
from tournaments.models import Event, Match, Registration, Round
from tournaments.permissions import EventRoles, is_organiser, require_match_player
from tournaments.selectors import (
    EventPage,
    bracket_for,
    events_by_status,
    matches_of,
    roles_of_roster,
    seat_of_version,
    seated_matches,
)

# Pages poll for news this often while the event runs (milliseconds; see static/js/live.js).
LIVE_POLL_MS = {"registration": 30_000, "running": 5_000, "top_cut": 5_000}
MAX_QUERY = 80


def _number(value: str | None, *, most: int = 32_767) -> int | None:
    """A whole number from a query string, or None; never more than the column holds."""
    if not value or not value.isdecimal():
        return None
    return min(int(value), most)


def event_list(request):
    return render(request, "tournaments/event_list.html", {"groups": events_by_status()})


def _live_context(event: Event, summary: dict | None = None) -> dict:
    summary = summary or live.summary(event.pk) or {"version": "", "round": None}
    return {
        "live": summary,
        "version": summary["version"],
        "live_every": LIVE_POLL_MS.get(event.status),
        "cache_seconds": live.FRAGMENT_SECONDS,
        "now": timezone.now(),
    }


def _event_of_version(
    request, slug: str, after_round: int | None
) -> tuple[Event, str, dict | None, str | None, str | None]:
    """The event (with its format), the version read, its live summary, the event page's cached
    body and the visitor's own box (each None when not cached yet), as of that version: one
    cache round trip instead of queries on every signed-in refresh. Any change to the event
    replaces the version, so none of them is ever stale."""
    found = live.version_of(request, slug)
    if found is None:
        raise Http404("No such event.")
    event_id, current = found
    event_key = f"public:event:{event_id}:object:{current}"
    summary_key = live.summary_key(event_id, current)
    # The key of event_detail.html's {% cache ... "event-body" event.pk version after_round %}.
    body_key = make_template_fragment_key("event-body", [event_id, current, after_round])
    box_key = _box_key(request.user, event_id, current)
    cached = cache.get_many([key for key in (event_key, summary_key, body_key, box_key) if key])
    event = cached.get(event_key)
    if event is None:
        event = get_object_or_404(Event.objects.select_related("format"), pk=event_id)
        cache.set(event_key, event, live.FRAGMENT_SECONDS)
    summary = cached.get(summary_key)  # None: the caller computes it if it shows it
    body = cached.get(body_key)
    box = cached.get(box_key) if box_key else None
    stale = getattr(request, "public_stale_version", None)
    if body is None and stale is not None:
        # The current version is being rendered: the newest rendered one's body meanwhile; the
        # page then says that version, so live.js fetches it again once the render is done.
        body = cache.get(make_template_fragment_key("event-body", [event_id, stale, after_round]))
        if body is not None:
            summary = {**(summary or live.summary(event_id) or {"round": None}), "version": stale}
    return (
        event,
        current,
        summary,
        None if body is None else mark_safe(body),  # noqa: S308 (rendered HTML)
        None if box is None else mark_safe(box),  # noqa: S308 (rendered HTML)
    )


def _box_key(user, event_id: int, current: str) -> str | None:
    """The signed-in visitor's own box, cached per event version: it shows their match and
    roles, which change only with writes that replace the version (judges included, see
    tournaments.signals); superuser status is in the key as it makes anyone an organiser."""
    if not user.is_authenticated:
        return None
    return f"public:event:{event_id}:yours:{current}:{user.pk}:{int(user.is_superuser)}"


def _yours(user, event: Event, version: str) -> dict:
    """The visitor's own part of the event page: their seat in the latest round, the manage
    link for the organiser and judges. Read from caches shared per roster (their roles) and
    per version (every player's seat): no query once one box of the version was made."""
    if not user.is_authenticated:
        return {"is_staff": False, "seat": None}
    judging, mine = roles_of_roster(event, user, live.roster_version(event.pk))
    return {
        "is_staff": judging or is_organiser(user, event),
        "seat": None if mine is None else seat_of_version(event, version, mine),
    }


def _your_box(request, event: Event, version: str, cached: str | None) -> str:
    """The visitor's own box as HTML: cached per version for a signed-in visitor (a refresh
    of an unchanged event then costs no query for it)."""
    if cached is not None:
        return cached
    context = {"event": event, "user": request.user, **_yours(request.user, event, version)}
    box = mark_safe(render_to_string("tournaments/_yours.html", context, request))  # noqa: S308
    key = _box_key(request.user, event.pk, version)
    if key:
        cache.set(key, str(box), live.FRAGMENT_SECONDS)
    return box


@live.anonymous_page(params=("after_round",), stale_body=True)
def event_detail(request, slug: str):
    """Pairings and standings, the same for everyone (cached per version, read in one cache
    round trip); a signed-in visitor's page adds only their own box (`_yours`)."""
    after_round = _number(request.GET.get("after_round"))
    event, version, summary, body, box = _event_of_version(request, slug, after_round)
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            "page": EventPage(event, after_round=after_round),
            "after_round": after_round,
            "q": request.GET.get("q", "").strip()[:MAX_QUERY],
            "tiebreakers": [name for name in event.tiebreakers if name != "random"],
            "body": body,
            # Read only when the body is rendered: the revealed teams' fragment is keyed on it.
            "roster": lambda: live.roster_version(event.pk),
            "your_box": _your_box(request, event, version, box),
            **_live_context(event, summary),
        },
    )


@live.anonymous_page()
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
        {"event": event, "stages": stages, "champion": champion, **_live_context(event)},
    )


@live.anonymous_page()
def round_detail(request, slug: str, number: int):
    """One round's pairings and results (earlier rounds are linked from the event page)."""
    event = get_object_or_404(Event.objects.select_related("format"), slug=slug)
    stages = dict(event.rounds.order_by("number").values_list("number", "stage"))
    if number not in stages:
        raise Http404("No such round.")
    return render(
        request,
        "tournaments/round_detail.html",
        {
            "event": event,
            "number": number,
            "rounds": list(stages),
            "top_cut": stages[number] == Round.Stage.TOP_CUT,
            "matches": lambda: seated_matches(event.rounds.get(number=number)),
            **_live_context(event),
        },
    )


@live.anonymous_page()
def player_detail(request, slug: str, registration_id: int):
    """One player's matches and results; their team once teams are revealed (T4.2)."""
    event = get_object_or_404(Event.objects.select_related("format"), slug=slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player", "team"), pk=registration_id, event=event
    )
    roles = EventRoles(request.user, event)
    page = EventPage(event)
    return render(
        request,
        "tournaments/player_detail.html",
        {
            "event": event,
            "registration": registration,
            "page": page,
            "matches": lambda: matches_of(registration),
            "standing": lambda: next(
                (row for row in page.standings if row.registration.pk == registration.pk), None
            ),
            "show_team": roles.can_see_team(registration),
            # Read only when the team's fragment is rendered (keyed on the roster's token).
            "roster": lambda: live.roster_version(event.pk),
            "team_cards": lambda: registration.team.cards.select_related("card"),
            "own_page": roles.owns(registration),
            **_live_context(event),
        },
    )


@never_cache
@require_GET
def event_live(request, slug: str):
    """The small JSON the public pages poll: the version token, status and round clock."""
    event_id = live.event_id_for_slug(slug)
    payload = live.live_payload(event_id) if event_id is not None else None
    if payload is None:
        raise Http404("No such event.")
    return JsonResponse(payload)


@login_required
def register(request, slug: str):
    """A player registers themselves with their team list while registration is open; the
    list is checked like the organiser's form (every problem shown, nothing saved)."""
    event = get_object_or_404(Event.objects.select_related("format"), slug=slug)
    roles = EventRoles(request.user, event)
    mine = (
        Registration.objects.select_related("player", "team").get(pk=roles.registration_id)
        if roles.registration_id
        else None
    )
    known = getattr(request.user, "player", None)
    form = SelfRegistrationForm(
        request.POST or None,
        initial={
            "display_name": known.display_name if known else request.user.get_username(),
            "contact": known.contact if known else "",
        },
    )
    problems: list[str] = []
    if request.method == "POST" and mine is None and form.is_valid():
        try:
            services.registration_create(event=event, user=request.user, **form.cleaned_data)
        except (TeamListError, TeamIllegal, services.EventError) as error:
            problems = team_problems(error)
        else:
            messages.success(request, f"You are registered for {event.name}.")
            return redirect("tournaments:register", slug=slug)
    return render(
        request,
        "tournaments/register.html",
        {
            "event": event,
            "form": form,
            "mine": mine,
            "claim_form": ClaimForm(),
            "problems": problems,
            "is_open": event.status == Event.Status.REGISTRATION,
        },
    )


def team_problems(error: Exception) -> list[str]:
    """Every problem of a refused registration, as sentences for the page."""
    if isinstance(error, TeamListError):
        return [f"Line {p.line}: {p.message}" for p in error.problems]
    if isinstance(error, TeamIllegal):
        return [f"({v.rule}) {v.message}" for v in error.violations]
    return [str(error)]


@login_required
def match_report(request, slug: str, match_id: int):
    """A player reports their own match, or confirms the opponent's report."""
    match = get_object_or_404(
        Match.objects.select_related("round__event", "player1__player", "player2__player"),
        pk=match_id,
        round__event__slug=slug,
        player2__isnull=False,
    )
    me = require_match_player(request.user, match)
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
