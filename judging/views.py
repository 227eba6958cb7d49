"""The judge console's pages. Thin: permissions, a form, a service or a selector, a template."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from judging import selectors, services
from judging.adjustments import FIELD_LABELS, KIND_TITLES, KINDS, AdjustmentError
from judging.adjustments import adjustment_line as build_adjustment_line
from judging.boardview import STEP_TITLES
from judging.forms import (
    DisputeOpenForm,
    ForkForm,
    LogForm,
    PenaltyForm,
    PracticeDisputeForm,
    RulingForm,
    SequenceForm,
    board_from_post,
)
from judging.logtext import card_keys
from judging.models import Branch, Dispute
from judging.permissions import (
    can_see_ruling,
    require_event_judge,
    require_judge,
    require_judging_staff,
)
from judging.report_views import ruling_reports
from rules.engine.board import BOARD_STEPS
from rules.engine.state import Zone
from rules.selectors import engine_cards
from tournaments.models import Event, Match, Registration
from tournaments.permissions import is_event_staff, registration_of
from tournaments.services import clock_for


def _dispute(request, pk: int) -> Dispute:
    dispute = get_object_or_404(
        Dispute.objects.select_related(
            "event", "match__round__event", "match__player1__player", "match__player2__player"
        ),
        pk=pk,
    )
    require_judge(request.user, dispute)
    return dispute


def _branch(dispute: Dispute, branch_id: int) -> Branch:
    branch = get_object_or_404(Branch, pk=branch_id, dispute=dispute)
    branch.dispute = dispute
    return branch


def _version(form) -> int | None:
    return form.cleaned_data.get("version")


# -- home and opening ----------------------------------------------------------------------
@login_required
def home(request):
    require_judging_staff(request.user)
    disputes = selectors.disputes_for_user(request.user)[:100]
    return render(request, "judging/home.html", {"disputes": disputes})


@login_required
def practice_new(request):
    require_judging_staff(request.user)
    form = PracticeDisputeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            dispute = services.dispute_open_practice(
                title=data["title"],
                by=request.user,
                teams={"P1": data["team1"], "P2": data["team2"]},
                names={"P1": data["player1_name"], "P2": data["player2_name"]},
                format=data["format"],
                starting_life=data["starting_life"],
            )
        except (services.DisputeError, services.LogRejected) as error:
            form.add_error(None, str(error))
        else:
            return redirect("judging:board", pk=dispute.pk)
    return render(request, "judging/practice_new.html", {"form": form})


@login_required
def dispute_new(request, match_id: int):
    match = get_object_or_404(
        Match.objects.select_related("round__event__format", "player1__player", "player2__player"),
        pk=match_id,
        player2__isnull=False,
    )
    require_event_judge(request.user, match.round.event)
    clock = clock_for(match)
    form = DisputeOpenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            dispute = services.dispute_open(
                match=match,
                title=form.cleaned_data["title"],
                by=request.user,
                pause_clock=form.cleaned_data["pause_clock"] and clock.state == "running",
            )
        except services.DisputeError as error:
            form.add_error(None, str(error))
        else:
            return redirect("judging:board", pk=dispute.pk)
    open_disputes = match.disputes.filter(status=Dispute.Status.OPEN)
    return render(
        request,
        "judging/dispute_new.html",
        {"match": match, "form": form, "clock": clock, "open_disputes": open_disputes},
    )


# -- the dispute -----------------------------------------------------------------------------
@login_required
def dispute_detail(request, pk: int):
    dispute = _dispute(request, pk)
    keys = card_keys(dispute.setup)
    context = {
        "dispute": dispute,
        "branches": selectors.branches_with_outcomes(dispute),
        "ruling": getattr(dispute, "ruling", None),
        "penalties": dispute.match.penalties.select_related("registration__player")
        if dispute.match
        else [],
        "clock": clock_for(dispute.match) if dispute.match else None,
        "cards": [(c, selectors.card_automation(c)) for c in selectors.cards_search("", keys=keys)],
        "penalty_form": PenaltyForm(match=dispute.match) if dispute.match else None,
        **ruling_reports(getattr(dispute, "ruling", None)),
    }
    return render(request, "judging/dispute.html", context)


@login_required
@require_POST
def clock(request, pk: int):
    dispute = _dispute(request, pk)
    try:
        if request.POST.get("action") == "pause":
            services.dispute_clock_pause(dispute=dispute, by=request.user)
            messages.success(request, "The table's clock is paused.")
        else:
            extension = services.dispute_clock_resume(dispute=dispute, by=request.user)
            if extension is not None:
                messages.success(
                    request, f"The clock runs again: {extension.seconds} s given back."
                )
    except services.DisputeError as error:
        messages.error(request, str(error))
    return redirect("judging:dispute", pk=dispute.pk)


@login_required
def board_edit(request, pk: int):
    dispute = _dispute(request, pk)
    editor = selectors.board_editor(dispute)
    errors: dict[str, str] = {}
    if request.method == "POST":
        cards = engine_cards(card_keys(dispute.setup))
        board, errors = board_from_post(editor, request.POST, cards)
        if board is not None:
            try:
                services.dispute_board_save(
                    dispute=dispute,
                    board=board,
                    by=request.user,
                    version=_int_or_none(request.POST.get("version")),
                )
            except services.DisputeError as error:
                errors["__all__"] = str(error)
            except services.LogRejected as error:
                for problem in error.problems:
                    key = problem.subject if editor.row(problem.subject) else "__all__"
                    text = (
                        f"({problem.rule}) {problem.message}" if problem.rule else problem.message
                    )
                    errors[key] = f"{errors[key]} {text}".strip() if key in errors else text
            else:
                messages.success(request, "Board saved. Now record the disputed sequence.")
                main = dispute.branches.order_by("pk").first()
                return redirect("judging:sequence", pk=dispute.pk, branch_id=main.pk)
        _keep_posted(editor, request.POST)
    for row in editor.rows:
        row.error = errors.get(row.die, "")
    general = [v for k, v in errors.items() if editor.row(k) is None]
    groups = [
        (dispute.player1_name, "P1", editor.group("P1")),
        (dispute.player2_name, "P2", editor.group("P2")),
        ("Basic action dice (shared until bought)", "BA", editor.group("BA")),
    ]
    opposing = {p: [r.die for r in editor.group(o)] for p, o in (("P1", "P2"), ("P2", "P1"))}
    return render(
        request,
        "judging/board_edit.html",
        {
            "dispute": dispute,
            "editor": editor,
            "groups": groups,
            "general_errors": general,
            "opposing": opposing,
            "steps": [(s.value, STEP_TITLES[s]) for s in BOARD_STEPS],
            "field_errors": {k: v for k, v in errors.items() if k in _BOARD_FIELDS},
        },
    )


_BOARD_FIELDS = (
    "turn",
    "active",
    "step",
    "priority",
    "life-P1",
    "life-P2",
    "energy-P1",
    "energy-P2",
)


def _keep_posted(editor, post) -> None:
    """Show the judge what they typed, not the saved board, after a refusal."""
    editor.turn = post.get("turn", editor.turn)
    editor.active = post.get("active", editor.active)
    editor.step = post.get("step", editor.step)
    editor.priority = post.get("priority", editor.priority)
    for player in ("P1", "P2"):
        editor.life[player] = post.get(f"life-{player}", editor.life[player])
        editor.energy[player] = post.get(f"energy-{player}", editor.energy[player])
    for row in editor.rows:
        row.zone = post.get(f"zone-{row.die}", row.zone)
        row.face = post.get(f"face-{row.die}", row.face)
        row.damage = post.get(f"damage-{row.die}", row.damage)
        row.blocking = post.get(f"blocking-{row.die}", row.blocking)
        row.paired = post.get(f"paired-{row.die}", row.paired)
        row.side = post.get(f"side-{row.die}", row.side)


def _int_or_none(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@login_required
def log_edit(request, pk: int):
    dispute = _dispute(request, pk)
    main = dispute.branches.order_by("pk").first()
    form = LogForm(
        request.POST or None,
        initial={"text": dispute.setup + main.actions, "version": dispute.version},
    )
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            services.dispute_log_save(
                dispute=dispute, text=form.cleaned_data["text"], by=request.user,
                version=_version(form),
            )  # fmt: skip
        except services.DisputeError as error:
            form.add_error(None, str(error))
        except services.LogRejected as error:
            problems = error.problems
        else:
            messages.success(request, "Game log saved.")
            return redirect("judging:step", pk=dispute.pk, branch_id=main.pk, number=0)
    return render(
        request, "judging/log_edit.html", {"dispute": dispute, "form": form, "problems": problems}
    )


@login_required
def sequence_edit(request, pk: int, branch_id: int):
    dispute = _dispute(request, pk)
    branch = _branch(dispute, branch_id)
    form = SequenceForm(
        request.POST or None, initial={"actions": branch.actions, "version": dispute.version}
    )
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            services.branch_actions_save(
                branch=branch, actions=form.cleaned_data["actions"], by=request.user,
                version=_version(form),
            )  # fmt: skip
        except services.DisputeError as error:
            form.add_error(None, str(error))
        except services.LogRejected as error:
            problems = error.problems
        else:
            messages.success(request, "Sequence saved: step through it from the board.")
            return redirect("judging:step", pk=dispute.pk, branch_id=branch.pk, number=0)
    built = selectors.branch_replay(branch)
    dice = []
    if built.ok:
        dice = [d.id for d in built.state_at(built.step_count).dice]
    return render(
        request,
        "judging/sequence_edit.html",
        {
            "dispute": dispute,
            "branch": branch,
            "form": form,
            "problems": problems,
            "setup_problems": built.problems if not problems else [],
            "kinds": [
                (k, KIND_TITLES[k], " ".join(f.rstrip("?") for f in KINDS[k])) for k in KINDS
            ],
            "dice": dice,
            "zones": [z.value for z in Zone if z not in (Zone.UNPURCHASED, Zone.CAPTURED)],
            "field_labels": FIELD_LABELS,
        },
    )


@login_required
@require_POST
def adjustment_line(request, pk: int):
    """The judge adjustment form's line, written and checked by the engine's notation."""
    dispute = _dispute(request, pk)
    cards = engine_cards(card_keys(dispute.setup))
    try:
        line = build_adjustment_line(request.POST, cards)
    except AdjustmentError as error:
        return JsonResponse({"error": str(error), "field": error.field}, status=400)
    return JsonResponse({"line": line})


# -- the replay ------------------------------------------------------------------------------
@login_required
def step(request, pk: int, branch_id: int, number: int):
    dispute = _dispute(request, pk)
    branch = _branch(dispute, branch_id)
    page = selectors.step_page(dispute, branch, number)
    if page is None:
        built = selectors.branch_replay(branch)
        if built.ok:
            raise Http404(f"This branch has steps 0 to {built.step_count}.")
        return render(
            request,
            "judging/unreadable.html",
            {"dispute": dispute, "branch": branch, "problems": built.problems},
        )
    fork_form = ForkForm(
        initial={
            "step": number,
            "replacement": page.action_text,
            "version": dispute.version,
            "name": f"{branch.name}, step {number} changed" if number else "",
        }
    )
    context = {
        "dispute": dispute,
        "branch": branch,
        "page": page,
        "fork_form": fork_form,
        "branches": dispute.branches.order_by("pk"),
    }
    template = "judging/_step.html" if request.GET.get("partial") else "judging/step.html"
    return render(request, template, context)


@login_required
@require_POST
def fork(request, pk: int, branch_id: int):
    dispute = _dispute(request, pk)
    branch = _branch(dispute, branch_id)
    form = ForkForm(request.POST)
    number = max(0, _int_or_none(request.POST.get("step")) or 0)  # odd input goes to step 0
    back = reverse("judging:step", args=[dispute.pk, branch.pk, number])
    if not form.is_valid():
        messages.error(request, "The fork form was incomplete.")
        return redirect(back)
    built = selectors.branch_replay(branch)
    number = min(form.cleaned_data["step"], built.step_count)
    try:
        new = services.branch_fork(
            branch=branch,
            step=number,
            replacement=form.cleaned_data["replacement"],
            keep_rest=form.cleaned_data["keep_rest"],
            name=form.cleaned_data["name"],
            by=request.user,
            version=_version(form),
            sequence_line=built.sequence_line(number),
        )
    except services.DisputeError as error:
        messages.error(request, str(error))
        return redirect(back)
    except services.LogRejected as error:
        messages.error(
            request, "The fork can't be replayed: " + "; ".join(map(str, error.problems))
        )
        return redirect(back)
    messages.success(request, f"Branch {new.name!r} forked at step {number}.")
    return redirect("judging:step", pk=dispute.pk, branch_id=new.pk, number=number)


@login_required
@require_POST
def branch_delete(request, pk: int, branch_id: int):
    dispute = _dispute(request, pk)
    branch = _branch(dispute, branch_id)
    try:
        services.branch_delete(
            branch=branch, by=request.user, version=_int_or_none(request.POST.get("version"))
        )
    except services.DisputeError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"Branch {branch.name!r} deleted.")
    return redirect("judging:dispute", pk=dispute.pk)


@login_required
def compare(request, pk: int):
    dispute = _dispute(request, pk)
    branches = list(dispute.branches.order_by("pk"))
    if len(branches) < 2:
        messages.error(request, "Fork a step first: there is only one branch to look at.")
        return redirect("judging:dispute", pk=dispute.pk)
    by_id = {b.pk: b for b in branches}
    left = by_id.get(_int_or_none(request.GET.get("left")), branches[0])
    right = by_id.get(_int_or_none(request.GET.get("right")), branches[-1])
    for branch in (left, right):
        branch.dispute = dispute
    left_side, right_side, diff = selectors.compare(
        dispute,
        left,
        right,
        _int_or_none(request.GET.get("left_step")),
        _int_or_none(request.GET.get("right_step")),
    )
    return render(
        request,
        "judging/compare.html",
        {
            "dispute": dispute,
            "branches": branches,
            "left": left_side,
            "right": right_side,
            "sides": [left_side, right_side],
            "diff": diff,
        },
    )


# -- ruling and penalties --------------------------------------------------------------------
@login_required
def ruling_edit(request, pk: int):
    dispute = _dispute(request, pk)
    ruling = getattr(dispute, "ruling", None)
    initial = {"question": dispute.title, "version": dispute.version}
    if ruling is not None:
        initial |= {
            "question": ruling.question,
            "answer": ruling.answer,
            "rules": ", ".join(ruling.rules),
            "upheld_branch": ruling.upheld_branch_id,
            "judge_notes": ruling.judge_notes,
        }
    else:
        initial["upheld_branch"] = _int_or_none(request.GET.get("branch"))
    form = RulingForm(request.POST or None, dispute=dispute, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        registration = form.penalty_registration()
        penalty = (
            services.PenaltyInput(registration, data["penalty_kind"], data["penalty_reason"])
            if registration is not None and data["penalty_kind"]
            else None
        )
        try:
            services.ruling_record(
                dispute=dispute,
                question=data["question"],
                answer=data["answer"],
                rules=data["rules"],
                upheld_branch=data["upheld_branch"],
                judge_notes=data["judge_notes"],
                penalty=penalty,
                by=request.user,
                version=_version(form),
            )
        except services.DisputeError as error:
            form.add_error("rules" if error.code == "rule_unknown" else None, str(error))
        else:
            messages.success(request, "Ruling recorded.")
            return redirect("judging:dispute", pk=dispute.pk)
    cited = []
    for branch in dispute.branches.order_by("pk"):
        built = selectors.branch_replay(branch)
        if built.illegal_step:
            cited.append(built.step(built.illegal_step).rule)
    return render(
        request,
        "judging/ruling_edit.html",
        {"dispute": dispute, "form": form, "ruling": ruling, "cited": list(dict.fromkeys(cited))},
    )


@login_required
@require_POST
def penalty_add(request, pk: int):
    dispute = _dispute(request, pk)
    if dispute.match is None:
        raise Http404("Practice disputes have no penalties.")
    form = PenaltyForm(request.POST, match=dispute.match)
    if form.is_valid():
        try:
            services.penalty_issue(
                match=dispute.match,
                registration=form.registration(),
                kind=form.cleaned_data["kind"],
                reason=form.cleaned_data["reason"],
                ruling=getattr(dispute, "ruling", None),
                by=request.user,
            )
        except services.DisputeError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, "Penalty recorded.")
    else:
        messages.error(request, "Give the player, the penalty and its reason.")
    return redirect("judging:dispute", pk=dispute.pk)


# -- the rule reference and the card pool ----------------------------------------------------
@login_required
def rules_reference(request):
    require_judging_staff(request.user)
    query = request.GET.get("q", "")
    found = selectors.rules_search(query)
    if request.GET.get("format") == "json":
        return JsonResponse({"rules": [{"id": r, "title": t} for r, t in found]})
    template = "judging/_rules.html" if request.GET.get("partial") else "judging/rules.html"
    return render(request, template, {"rules": found, "query": query})


@login_required
def cards_reference(request):
    require_judging_staff(request.user)
    query = request.GET.get("q", "")
    found = list(selectors.cards_search(query))
    if request.GET.get("format") == "json":
        return JsonResponse({"cards": [selectors.card_json(c) for c in found]})
    template = "judging/_cards.html" if request.GET.get("partial") else "judging/cards.html"
    return render(
        request,
        template,
        {"cards": [(c, selectors.card_automation(c)) for c in found], "query": query},
    )


# -- rulings and penalties by event, player and match ----------------------------------------
@login_required
def event_rulings(request, slug: str):
    event = get_object_or_404(Event, slug=slug)
    require_event_judge(request.user, event)
    return render(
        request,
        "judging/event.html",
        {
            "event": event,
            "disputes": event.disputes.select_related("match__round", "opened_by"),
            "rulings": selectors.rulings_for_event(event),
            "by_player": selectors.penalties_by_player(event),
        },
    )


@login_required
def player_record(request, slug: str, registration_id: int):
    event = get_object_or_404(Event, slug=slug)
    require_event_judge(request.user, event)
    registration = get_object_or_404(
        Registration.objects.select_related("player"), pk=registration_id, event=event
    )
    return render(
        request,
        "judging/player.html",
        {
            "event": event,
            "registration": registration,
            "penalties": selectors.penalties_for_player(registration.player),
            "rulings": selectors.rulings_for_player(registration.player),
        },
    )


@login_required
def match_rulings(request, match_id: int):
    """The final rulings on a match, for its two players (and the staff)."""
    match = get_object_or_404(
        Match.objects.select_related("round__event", "player1__player", "player2__player"),
        pk=match_id,
    )
    staff = is_event_staff(request.user, match.round.event)
    if not staff and registration_of(request.user, match) is None:
        raise PermissionDenied("Only the players of this match and the event's staff.")
    rulings = [r for r in selectors.rulings_for_match(match) if can_see_ruling(request.user, r)]
    return render(
        request,
        "judging/match_rulings.html",
        {"match": match, "rulings": rulings, "staff": staff},
    )
