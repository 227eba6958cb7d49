"""Organiser and judge pages for event day. Views stay thin: forms in, services do the work."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from rules.services import TeamIllegal
from rules.teams import TeamListError
from tournaments import services
from tournaments.forms import (
    EventForm,
    ForbiddenPairForm,
    LateEntryForm,
    MatchResultForm,
    RegistrationForm,
    SwapForm,
    TeamListForm,
)
from tournaments.models import (
    Event,
    ForbiddenPair,
    JudgeInvitation,
    Match,
    Registration,
    Round,
)
from tournaments.permissions import require_event_staff, require_organiser
from tournaments.selectors import judge_invitations_pending, rounds_with_matches


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("format", "organiser"), slug=slug)


def _team_problems(error: Exception) -> list[str]:
    """Every problem of a refused team list, as sentences for the page."""
    if isinstance(error, TeamListError):
        return [f"Line {p.line}: {p.message}" for p in error.problems]
    if isinstance(error, TeamIllegal):
        return [f"({v.rule}) {v.message}" for v in error.violations]
    return [str(error)]


@login_required
def event_list(request):
    events = Event.objects.select_related("format")
    if not request.user.is_superuser:
        events = events.filter(Q(organiser=request.user) | Q(judges=request.user)).distinct()
    return render(request, "tournaments/manage/event_list.html", {"events": events})


@login_required
def event_create(request):
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        fields = {k: v for k, v in form.cleaned_data.items() if k != "judge_names"}
        with transaction.atomic():  # the event and its invitations, or nothing
            event = services.event_create(organiser=request.user, **fields)
            _name_judges(request, event, form.cleaned_data["judge_names"])
        messages.success(request, f"{event} created. Register the players next.")
        return redirect("manage:event", slug=event.slug)
    return render(request, "tournaments/manage/event_form.html", {"form": form})


@login_required
def event_edit(request, slug: str):
    event = _event(slug)
    require_organiser(request.user, event)
    form = EventForm(request.POST or None, instance=event)
    if event.status != Event.Status.REGISTRATION:
        # The format and team rules are fixed once teams are locked (T4.2).
        form.fields["format"].disabled = True
        form.fields["team_list_required"].disabled = True
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():  # the settings and the judges, or nothing
            form.save()
            _name_judges(request, event, form.cleaned_data["judge_names"])
        messages.success(request, "Event settings saved.")
        return redirect("manage:event", slug=event.slug)
    return render(
        request,
        "tournaments/manage/event_form.html",
        {"form": form, "event": event, "invitations": judge_invitations_pending(event)},
    )


def _name_judges(request, event: Event, usernames: list[str]) -> None:
    """The form's judges: new names are invited, with the same words for every name."""
    for invitation in services.event_judges_name(event=event, usernames=usernames):
        messages.success(request, services.invitation_sent_message(invitation.username))


@login_required
@require_POST
def judge_invitation_withdraw(request, slug: str, invitation_id: int):
    event = _event(slug)
    require_organiser(request.user, event)
    invitation = get_object_or_404(JudgeInvitation, pk=invitation_id, event=event)
    services.judge_invitation_withdraw(invitation=invitation)
    messages.success(request, f"The invitation to {invitation.username} is withdrawn.")
    return redirect("manage:event-edit", slug=event.slug)


@login_required
def event_dashboard(request, slug: str):
    event = _event(slug)
    require_event_staff(request.user, event)
    registration_form = RegistrationForm(prefix="register")
    late_form = LateEntryForm(prefix="late")
    problems: list[str] = []
    if request.method == "POST":
        require_organiser(request.user, event)
        late = "late-display_name" in request.POST
        form = (
            LateEntryForm(request.POST, prefix="late")
            if late
            else RegistrationForm(request.POST, prefix="register")
        )
        if form.is_valid():
            try:
                if late:
                    registration = services.registration_late_entry(
                        event=event, **form.cleaned_data
                    )
                else:
                    registration = services.registration_create(event=event, **form.cleaned_data)
            except (TeamListError, TeamIllegal, services.EventError) as error:
                problems = _team_problems(error)
            else:
                messages.success(request, f"{registration.display_name} registered.")
                return redirect("manage:event", slug=event.slug)
        if late:
            late_form = form
        else:
            registration_form = form
    registrations = event.registrations.select_related("player__user", "team").order_by(
        "display_name"
    )
    return render(
        request,
        "tournaments/manage/event_dashboard.html",
        {
            "event": event,
            "registrations": registrations,
            "missing_teams": [
                r.display_name
                for r in registrations
                if r.team_id is None and r.dropped_after_round is None
            ],
            "rounds": event.rounds.all(),
            "round_deletions": event.round_deletions.select_related("deleted_by"),
            "orphaned_changes": event.result_changes.filter(match__isnull=True).select_related(
                "changed_by"
            ),
            "registration_form": registration_form,
            "late_form": late_form,
            "problems": problems,
            "is_organiser": event.organiser_id == request.user.pk or request.user.is_superuser,
            "forbidden_form": ForbiddenPairForm(event=event),
            "forbidden_pairs": event.forbidden_pairs.select_related(
                "first__player", "second__player"
            ),
        },
    )


@login_required
def registration_team(request, slug: str, registration_id: int):
    """Give or replace a player's team list before the start; a refused list shows every
    problem and the player keeps the team they had."""
    event = _event(slug)
    require_organiser(request.user, event)
    registration = get_object_or_404(
        Registration.objects.select_related("player", "team"), pk=registration_id, event=event
    )
    form = TeamListForm(request.POST or None)
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            services.registration_set_team(
                registration=registration, team_list=form.cleaned_data["team_list"]
            )
        except (TeamListError, TeamIllegal, services.EventError) as error:
            problems = _team_problems(error)
        else:
            messages.success(request, f"{registration.display_name}'s team list is saved.")
            return redirect("manage:event", slug=slug)
    return render(
        request,
        "tournaments/manage/registration_team.html",
        {"event": event, "registration": registration, "form": form, "problems": problems},
    )


def _run(request, event: Event, action, success: str):
    try:
        action()
    except services.EventError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, success)


@login_required
@require_POST
def registration_action(request, slug: str, registration_id: int, action: str):
    event = _event(slug)
    require_organiser(request.user, event)
    registration = get_object_or_404(Registration, pk=registration_id, event=event)
    name = registration.display_name
    actions = {
        "check-in": (
            lambda: services.registration_check_in(registration=registration),
            f"{name} checked in.",
        ),
        "undo-check-in": (
            lambda: services.registration_check_in(registration=registration, checked_in=False),
            f"{name} is no longer checked in.",
        ),
        "drop": (
            lambda: services.registration_drop(registration=registration),
            f"{name} dropped; they keep their standing and are not paired again.",
        ),
        "reinstate": (
            lambda: services.registration_reinstate(registration=registration),
            f"{name} is back: paired again from the next round.",
        ),
    }
    if action not in actions:
        return redirect("manage:event", slug=slug)
    _run(request, event, *actions[action])
    return redirect("manage:event", slug=slug)


@login_required
@require_POST
def event_start(request, slug: str):
    event = _event(slug)
    require_organiser(request.user, event)
    _run(
        request,
        event,
        lambda: services.event_start(event=event),
        "The event has started: teams are locked and revealed.",
    )
    return redirect("manage:event", slug=slug)


@login_required
@require_POST
def event_finish(request, slug: str):
    event = _event(slug)
    require_organiser(request.user, event)
    _run(
        request,
        event,
        lambda: services.event_finish(event=event),
        "The event is finished: the standings are final.",
    )
    return redirect("manage:event", slug=slug)


def _open_round(request, event: Event, create, success: str):
    """Create a round with `create()`, then show it; a refusal goes back to the event page."""
    try:
        new_round = create()
    except services.EventError as error:
        messages.error(request, str(error))
        return redirect("manage:event", slug=event.slug)
    messages.success(request, success.format(number=new_round.number))
    return redirect("manage:round", slug=event.slug, number=new_round.number)


@login_required
@require_POST
def round_pair(request, slug: str):
    event = _event(slug)
    require_event_staff(request.user, event)
    return _open_round(
        request, event, lambda: services.round_pair(event=event), "Round {number} paired."
    )


@login_required
def round_detail(request, slug: str, number: int):
    event = _event(slug)
    require_event_staff(request.user, event)
    round_ = get_object_or_404(rounds_with_matches(event), number=number)
    matches = [
        (match, MatchResultForm(match=match, prefix=f"m{match.pk}"))
        for match in round_.matches.all()
        if match.player2_id
    ]
    others = [match for match in round_.matches.all() if not match.player2_id]
    swap_form, warnings = SwapForm(request.POST or None, round_=round_), []
    if request.method == "POST" and swap_form.is_valid():
        try:
            services.round_swap(
                round_=round_,
                first=swap_form.cleaned_data["first"],
                second=swap_form.cleaned_data["second"],
                by=request.user,
                confirm=swap_form.cleaned_data["confirm"],
            )
        except services.PairingWarnings as problems:
            warnings = problems.problems
        except services.EventError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, "Players swapped; the change is logged.")
            return redirect("manage:round", slug=slug, number=number)
    return render(
        request,
        "tournaments/manage/round.html",
        {
            "event": event,
            "round": round_,
            "matches": matches,
            "others": others,
            "confirmed_count": sum(
                match.result_status == Match.ResultStatus.CONFIRMED for match, _ in matches
            ),
            "swap_form": swap_form,
            "warnings": warnings,
            "changes": round_.pairing_changes.select_related("changed_by"),
        },
    )


@login_required
@require_POST
def match_result(request, slug: str, match_id: int):
    event = _event(slug)
    require_event_staff(request.user, event)
    match = get_object_or_404(
        Match.objects.select_related("round", "player1__player", "player2__player"),
        pk=match_id,
        round__event=event,
    )
    form = MatchResultForm(request.POST, match=match, prefix=f"m{match.pk}")
    if form.is_valid():
        _run(
            request,
            event,
            lambda: services.result_enter(
                match=match, games=form.games(), by=request.user, reason=form.cleaned_data["reason"]
            ),
            f"Result saved for table {match.table}.",
        )
    else:
        messages.error(request, f"Table {match.table}: {form.errors.as_text()}")
    return redirect(f"{_round_url(event, match.round)}#match-{match.pk}")


def _round_url(event: Event, round_: Round) -> str:
    from django.urls import reverse

    return reverse("manage:round", kwargs={"slug": event.slug, "number": round_.number})


@login_required
@require_POST
def round_repair(request, slug: str, number: int):
    event = _event(slug)
    require_organiser(request.user, event)
    round_ = get_object_or_404(Round, event=event, number=number)
    _run(request, event, lambda: services.round_repair(round_=round_), f"Round {number} re-paired.")
    return redirect("manage:round", slug=slug, number=number)


@login_required
@require_POST
def round_delete(request, slug: str, number: int):
    event = _event(slug)
    require_organiser(request.user, event)
    round_ = get_object_or_404(Round, event=event, number=number)
    if request.POST.get("confirm") != "yes":
        messages.error(request, f"Confirm that round {number} and its results should be deleted.")
        return redirect("manage:round", slug=slug, number=number)
    _run(
        request,
        event,
        lambda: services.round_delete(round_=round_, by=request.user, confirm=True),
        f"Round {number} was deleted; its results stay in the event's audit.",
    )
    return redirect("manage:event", slug=slug)


@login_required
@require_POST
def top_cut_start(request, slug: str):
    event = _event(slug)
    require_organiser(request.user, event)
    return _open_round(
        request, event, lambda: services.top_cut_start(event=event), f"Top {event.top_cut} paired."
    )


@login_required
@require_POST
def forbidden_pair_add(request, slug: str):
    event = _event(slug)
    require_organiser(request.user, event)
    form = ForbiddenPairForm(request.POST, event=event)
    if form.is_valid():
        ForbiddenPair.objects.get_or_create(
            event=event,
            first=form.cleaned_data["first"],
            second=form.cleaned_data["second"],
            defaults={"until_round": form.cleaned_data["until_round"]},
        )
        messages.success(request, "Those players are kept apart while the pairing allows it.")
    else:
        messages.error(request, " ".join(form.errors.get("__all__", [])) or "Choose two players.")
    return redirect("manage:event", slug=slug)


@login_required
def event_backup(request, slug: str):
    """The organiser's backup of the whole event as one JSON file, at any stage (docs/backup.md)."""
    from tournaments.backup import event_export_json
    from tournaments.backup.api import backup_filename

    event = _event(slug)
    require_organiser(request.user, event)
    response = HttpResponse(event_export_json(event=event), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{backup_filename(event)}"'
    response["Cache-Control"] = "no-store"
    return response
