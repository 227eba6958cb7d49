"""The judge console over the API: disputes (open, read, save the game log), their branches
and replay steps (read, save a sequence, fork), rulings and penalties.

Like the pages: every write calls the same `judging.services` function, under the same
optimistic version check (a write built on an old version answers 409 `stale`); replays come
from the per-process cache (`judging.replays`). Who may call what: a match's disputes belong
to its event's judges and organiser, a practice dispute to the judge who opened it; the two
players of a match read its rulings (question, answer, rules, penalties), never the judges'
notes nor the console's data; everyone else nothing. Anonymous callers get 401, the others 403.
"""

from contextlib import contextmanager

import django_filters
from django.db.models import Q
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from config.api_errors import ApiError, ApiErrorSerializer
from config.api_query import IntegerFilter, StrictFilterBackend, single_value, validated_query
from judging import selectors, services
from judging import serializers as api
from judging.forms import PracticeDisputeForm
from judging.models import Branch, Dispute, Penalty, Ruling
from judging.permissions import can_judge, is_judging_staff
from tournaments.api.pagination import Pages
from tournaments.models import Event, Match, Registration
from tournaments.permissions import is_event_staff

BIG_ID = api.BIG_ID

# Service refusals about what the client sent: 400 on the named field. Any other code (the
# dispute changed since it was read, the table's clock state, ...) is a 409 conflict.
FIELD_OF_CODE = {
    "title_missing": "title",
    "bye": "match",
    "life": "starting_life",
    "branch_name": "name",
    "fork_empty": "replacement",
    "ruling_missing": "answer",
    "rule_unknown": "rules",
    "branch": "upheld_branch",
    "practice": "penalty",
    "penalty_kind": "kind",
    "penalty_reason": "reason",
    "player": "registration",
}

STALE = OpenApiResponse(
    ApiErrorSerializer,
    description="`stale`: the dispute changed since the version you sent; read it again. "
    "Other codes: the table's state refuses it now.",
)
UNREADABLE = OpenApiResponse(
    ApiErrorSerializer,
    description="`log_unreadable` or `board_impossible`: `errors` has each problem with its "
    "line and column, `problems` the same as data (part, line, column, rule, message).",
)


@contextmanager
def refusals(*, log_field: str = "non_field_errors", prefix: str = "", conflicts=()):
    """The judging services' refusals as the API's error body; codes in `conflicts` are 409s
    here whatever FIELD_OF_CODE says."""
    try:
        yield
    except services.LogRejected as error:
        impossible = any(p.rule for p in error.problems)
        raise ApiError(
            400,
            "board_impossible" if impossible else "log_unreadable",
            "The board is impossible." if impossible else "Some lines can't be read.",
            errors={log_field: [str(p) for p in error.problems]},
            problems=[api.problem_json(p) for p in error.problems],
        ) from error
    except services.DisputeError as error:
        field = None if error.code in conflicts else FIELD_OF_CODE.get(error.code)
        if field:
            if field in ("kind", "reason", "registration") and prefix:
                field = f"{prefix}.{field}"
            raise ApiError(400, error.code, str(error), errors={field: [str(error)]}) from error
        raise ApiError(409, error.code, str(error)) from error


class JudgingViewSet(viewsets.GenericViewSet):
    permission_classes = [IsAuthenticated]
    pagination_class = Pages
    filter_backends = [StrictFilterBackend]

    def require(self, allowed: bool, message: str) -> None:
        if not allowed:
            self.permission_denied(self.request, message=message)

    def require_judge(self, dispute: Dispute) -> None:
        self.require(
            can_judge(self.request.user, dispute),
            "Only the event's judges and organiser work on its disputes (a practice dispute: "
            "the judge who opened it).",
        )

    def context(self) -> dict:
        return self.get_serializer_context()


def _stale_problems(dispute_id: int) -> list[dict]:
    current = Dispute.objects.filter(pk=dispute_id).values_list("version", flat=True).first()
    return [{"code": "stale", "current_version": current}]


@contextmanager
def versioned(dispute_id: int, **kwargs):
    """`refusals` for a write under the version check: a stale write is told the current one."""
    try:
        with refusals(**kwargs):
            yield
    except ApiError as error:
        if error.body["code"] == "stale":
            error.body["problems"] = _stale_problems(dispute_id)
        raise


# ---------------------------------------------------------------- disputes


class DisputeFilter(django_filters.FilterSet):
    event = django_filters.CharFilter(field_name="event__slug", max_length=140)
    match = IntegerFilter(field_name="match_id", min_value=1, max_value=BIG_ID)
    status = django_filters.ChoiceFilter(choices=Dispute.Status.choices)
    practice = django_filters.BooleanFilter(field_name="event", lookup_expr="isnull")

    class Meta:
        model = Dispute
        fields = ["event", "match", "status", "practice"]


def disputes_queryset():
    return Dispute.objects.select_related("event", "match__round__event", "opened_by")


@extend_schema_view(
    list=extend_schema(
        summary="Disputes you judge: your events' and your own practice disputes (judges)"
    ),
    retrieve=extend_schema(
        summary="One dispute with its setup, branches, ruling and penalties (its judges)",
        responses={200: api.DisputeDetailSerializer},
    ),
)
class DisputeViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, JudgingViewSet):
    """Disputes at an event's tables, for its judges and organiser; practice disputes, for the
    judge who opened them. Every write sends the dispute's `version` it was built from."""

    serializer_class = api.DisputeSerializer
    filterset_class = DisputeFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Dispute.objects.none()
        if self.action == "list":
            return selectors.disputes_for_user(self.request.user).order_by("-opened_at", "-pk")
        return disputes_queryset()  # one dispute: 403 for other people's

    def get_object(self):
        dispute = super().get_object()
        self.require_judge(dispute)
        return dispute

    def retrieve(self, request, pk=None):
        dispute = self.get_object()
        return Response(api.DisputeDetailSerializer(dispute, context=self.context()).data)

    def _detail(self, dispute: Dispute, code=status.HTTP_200_OK) -> Response:
        dispute = disputes_queryset().get(pk=dispute.pk)
        return Response(api.DisputeDetailSerializer(dispute, context=self.context()).data, code)

    @extend_schema(
        summary="Open a dispute at a table (the event's judges and organiser)",
        request=api.DisputeOpenSerializer,
        responses={201: api.DisputeDetailSerializer, 409: STALE},
    )
    def create(self, request):
        given = api.DisputeOpenSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        match = (
            Match.objects.select_related(
                "round__event__format", "player1__player", "player2__player"
            )
            .filter(pk=data["match"])
            .first()
        )
        if match is None:
            raise ValidationError({"match": ["No such match."]})
        self.require(
            is_event_staff(request.user, match.round.event),
            "Only the event's judges and organiser open disputes at its tables.",
        )
        with refusals():
            dispute = services.dispute_open(
                match=match, title=data["title"], by=request.user, pause_clock=data["pause_clock"]
            )
        return self._detail(dispute, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Open a practice dispute on two team lists (any judge or organiser)",
        request=api.PracticeOpenSerializer,
        responses={201: api.DisputeDetailSerializer, 400: UNREADABLE},
    )
    @action(detail=False, methods=["post"])
    def practice(self, request):
        self.require(
            is_judging_staff(request.user),
            "Practice disputes are for judges and event organisers.",
        )
        given = api.PracticeOpenSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        # The page's form reads the team lists (any notation the team check reads).
        form = PracticeDisputeForm(data={**data})
        if not form.is_valid():
            raise ValidationError({k: list(v) for k, v in form.errors.items()})
        teams = form.cleaned_data
        with refusals():
            dispute = services.dispute_open_practice(
                title=data["title"],
                by=request.user,
                teams={"P1": teams["team1"], "P2": teams["team2"]},
                names={"P1": data["player1_name"], "P2": data["player2_name"]},
                format=data["format"],
                starting_life=data["starting_life"],
            )
        return self._detail(dispute, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Save a whole game log: its setup and the sequence as played (its judges)",
        request=api.LogInputSerializer,
        responses={200: api.DisputeDetailSerializer, 400: UNREADABLE, 409: STALE},
    )
    @action(detail=True, methods=["post"])
    def log(self, request, pk=None):
        dispute = self.get_object()
        given = api.LogInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        with versioned(dispute.pk, log_field="text"):
            services.dispute_log_save(
                dispute=dispute,
                text=given.validated_data["text"],
                by=request.user,
                version=given.validated_data["version"],
            )
        return self._detail(dispute)

    @extend_schema(
        summary="Record the ruling, or correct it; optionally with a penalty (its judges)",
        request=api.RulingInputSerializer,
        responses={200: api.RulingSerializer, 409: STALE},
    )
    @action(detail=True, methods=["post"])
    def ruling(self, request, pk=None):
        dispute = self.get_object()
        given = api.RulingInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        upheld = None
        if data.get("upheld_branch") is not None:
            upheld = dispute.branches.filter(pk=data["upheld_branch"]).first()
            if upheld is None:
                raise ValidationError({"upheld_branch": ["Choose one of this dispute's branches."]})
        penalty = None
        if data.get("penalty"):
            penalty = services.PenaltyInput(
                _penalised(dispute.match, data["penalty"], prefix="penalty"),
                data["penalty"]["kind"],
                data["penalty"]["reason"],
            )
        with versioned(dispute.pk, prefix="penalty"):
            ruling = services.ruling_record(
                dispute=dispute,
                question=data["question"],
                answer=data["answer"],
                rules=data["rules"],
                upheld_branch=upheld,
                judge_notes=data.get("judge_notes", ""),
                penalty=penalty,
                by=request.user,
                version=data["version"],
            )
        return Response(api.RulingSerializer(_ruling(ruling.pk), context=self.context()).data)

    @extend_schema(
        summary="Pause the table's clock for the ruling, or let it run again (its judges)",
        request=api.ClockInputSerializer,
        responses={
            200: api.ClockAnswerSerializer,
            409: OpenApiResponse(
                ApiErrorSerializer,
                description="`clock_not_running`: only a running clock pauses; `practice`: a "
                "practice dispute has no table clock.",
            ),
        },
    )
    @action(detail=True, methods=["post"])
    def clock(self, request, pk=None):
        dispute = self.get_object()
        given = api.ClockInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        if dispute.match is None:
            raise ApiError(409, "practice", "A practice dispute has no table clock.")
        given_back = None
        with refusals(conflicts={"practice"}):
            if given.validated_data["action"] == "pause":
                services.dispute_clock_pause(dispute=dispute, by=request.user)
            else:
                extension = services.dispute_clock_resume(dispute=dispute, by=request.user)
                given_back = extension.seconds if extension is not None else None
        paused = Match.objects.filter(pk=dispute.match_id, clock_paused_at__isnull=False).exists()
        return Response({"paused": paused, "given_back_seconds": given_back})


def _penalised(match: Match | None, given: dict, *, prefix: str = "") -> Registration:
    """The registration a penalty input names: P1/P2 of the match, or a registration id."""
    where = f"{prefix}." if prefix else ""
    if match is None:
        raise ApiError(
            400,
            "practice",
            "Penalties are given at events, not in practice.",
            errors={prefix or "match": ["Penalties are given at events, not in practice."]},
        )
    if given.get("player"):
        return match.player1 if given["player"] == "P1" else match.player2
    found = Registration.objects.filter(
        pk=given["registration"], pk__in=[pk for pk in match.player_ids() if pk]
    ).first()
    if found is None:
        raise ValidationError(
            {f"{where}registration": ["The penalty goes to one of this match's players."]}
        )
    return found


def _ruling(pk: int) -> Ruling:
    return rulings_queryset().get(pk=pk)


# ---------------------------------------------------------------- branches and steps


class BranchViewSet(mixins.RetrieveModelMixin, mixins.DestroyModelMixin, JudgingViewSet):
    """A dispute's lines of play: the sequence as played and the forks tried, each replayed
    by the rules engine step by step (cached per log text, so reading a step is cheap)."""

    serializer_class = api.BranchSerializer
    queryset = Branch.objects.select_related("dispute__event", "dispute__match")
    filter_backends = []

    def get_object(self):
        branch = super().get_object()
        self.require_judge(branch.dispute)
        return branch

    def _branch(self, branch: Branch) -> dict:
        return api.branch_json(branch, selectors.branch_replay(branch))

    @extend_schema(summary="A branch with every replayed step: action, legal, rule, reason")
    def retrieve(self, request, pk=None):
        return Response(self._branch(self.get_object()))

    @extend_schema(
        summary="Delete a fork tried by mistake (never the sequence as played, nor the upheld "
        "branch; its judges)",
        parameters=[api.VersionQuerySerializer],
        responses={204: None, 409: STALE},
    )
    def destroy(self, request, pk=None):
        branch = self.get_object()
        version = validated_query(request, api.VersionQuerySerializer)["version"]
        with versioned(branch.dispute_id):
            services.branch_delete(branch=branch, by=request.user, version=version)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary="One step of a branch: the action, its verdict, events, rules and the board",
        parameters=[
            OpenApiParameter(
                "number", int, OpenApiParameter.PATH, description="0: the board before it all."
            )
        ],
        responses={
            200: api.StepDetailSerializer,
            404: OpenApiResponse(ApiErrorSerializer, description="No such step."),
            409: OpenApiResponse(
                ApiErrorSerializer,
                description="`log_unreadable`: the branch's log can't be replayed.",
            ),
        },
    )
    @action(detail=True, methods=["get"], url_path=r"steps/(?P<number>[0-9]{1,9})")
    def step(self, request, pk=None, number=None):
        branch = self.get_object()
        dispute = branch.dispute
        page = selectors.step_page(dispute, branch, int(number))
        if page is None:
            built = selectors.branch_replay(branch)
            if not built.ok:
                raise ApiError(
                    409,
                    "log_unreadable",
                    "This branch's log can't be replayed: fix its sequence.",
                    problems=[api.problem_json(p) for p in built.problems],
                )
            raise NotFound(f"This branch has steps 0 to {built.step_count}.")
        return Response(api.step_json(page))

    @extend_schema(
        summary="Save the branch's sequence; illegal actions are kept (its judges)",
        request=api.SequenceInputSerializer,
        responses={200: api.BranchSerializer, 400: UNREADABLE, 409: STALE},
    )
    @action(detail=True, methods=["post"])
    def sequence(self, request, pk=None):
        branch = self.get_object()
        given = api.SequenceInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        with versioned(branch.dispute_id, log_field="actions"):
            services.branch_actions_save(
                branch=branch,
                actions=given.validated_data["actions"],
                by=request.user,
                version=given.validated_data["version"],
            )
        return Response(self._branch(self.get_object()))

    @extend_schema(
        summary="Fork a new branch at a step: other action(s) instead of it (its judges)",
        request=api.ForkInputSerializer,
        responses={201: api.BranchSerializer, 400: UNREADABLE, 409: STALE},
    )
    @action(detail=True, methods=["post"])
    def fork(self, request, pk=None):
        branch = self.get_object()
        given = api.ForkInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        built = selectors.branch_replay(branch)
        if data["step"] > built.step_count:
            raise ValidationError({"step": [f"This branch has steps 0 to {built.step_count}."]})
        with versioned(branch.dispute_id, log_field="replacement"):
            fork = services.branch_fork(
                branch=branch,
                step=data["step"],
                replacement=data["replacement"],
                keep_rest=data["keep_rest"],
                name=data["name"],
                by=request.user,
                version=data["version"],
                sequence_line=built.sequence_line(data["step"]),
            )
        fork = self.get_queryset().get(pk=fork.pk)
        return Response(self._branch(fork), status=status.HTTP_201_CREATED)


# ---------------------------------------------------------------- rulings


def rulings_queryset():
    return Ruling.objects.select_related(
        "event", "judge", "dispute__event", "match"
    ).prefetch_related("penalties__registration__player")


def visible_rulings(user):
    """Rulings the user judges, and the rulings on the matches they play in."""
    rulings = rulings_queryset()
    if user.is_superuser:
        return rulings
    return rulings.filter(
        Q(event__organiser=user)
        | Q(event__judges=user)
        | Q(event__isnull=True, dispute__opened_by=user)
        | Q(match__player1__player__user=user)
        | Q(match__player2__player__user=user)
    ).distinct()


class RulingFilter(django_filters.FilterSet):
    event = django_filters.CharFilter(field_name="event__slug", max_length=140)
    match = IntegerFilter(field_name="match_id", min_value=1, max_value=BIG_ID)
    registration = IntegerFilter(
        method="filter_registration", min_value=1, max_value=BIG_ID, label="Either player"
    )
    player = IntegerFilter(
        method="filter_player",
        min_value=1,
        max_value=BIG_ID,
        label="Either player's person (a player id), at any event",
    )

    class Meta:
        model = Ruling
        fields = ["event", "match", "registration", "player"]

    def filter_registration(self, queryset, name, value):
        return queryset.filter(Q(match__player1_id=value) | Q(match__player2_id=value))

    def filter_player(self, queryset, name, value):
        return queryset.filter(
            Q(match__player1__player_id=value) | Q(match__player2__player_id=value)
        )


@extend_schema_view(
    list=extend_schema(
        summary="Rulings you may read: as a judge, your events'; as a player, your matches'"
    ),
    retrieve=extend_schema(summary="One ruling (its judges, and the match's two players)"),
)
class RulingViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, JudgingViewSet):
    """Rulings: the question, the answer, the rules and the penalties. The players of the
    match read them; the judges' notes and the console's data are for the event's judges."""

    serializer_class = api.RulingSerializer
    filterset_class = RulingFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Ruling.objects.none()
        if self.action == "list":
            return visible_rulings(self.request.user).order_by("recorded_at", "pk")
        return rulings_queryset()

    def get_object(self):
        ruling = super().get_object()
        user = self.request.user
        mine = ruling.match is not None and user.pk in (
            Registration.objects.filter(pk__in=[p for p in ruling.match.player_ids() if p])
            .values_list("player__user_id", flat=True)
        )  # fmt: skip
        self.require(
            mine or can_judge(user, ruling.dispute),
            "Only the event's judges and the two players of the match read this ruling.",
        )
        return ruling


# ---------------------------------------------------------------- penalties


class PenaltyFilter(django_filters.FilterSet):
    event = django_filters.CharFilter(field_name="event__slug", max_length=140)
    match = IntegerFilter(field_name="match_id", min_value=1, max_value=BIG_ID)
    registration = IntegerFilter(field_name="registration_id", min_value=1, max_value=BIG_ID)
    player = IntegerFilter(
        field_name="registration__player_id",
        min_value=1,
        max_value=BIG_ID,
        label="The player's person (a player id), at any event you judge",
    )
    kind = django_filters.ChoiceFilter(choices=Penalty.Kind.choices)

    class Meta:
        model = Penalty
        fields = ["event", "match", "registration", "player", "kind"]


def penalties_queryset():
    return Penalty.objects.select_related("event", "registration__player", "issued_by")


@extend_schema_view(
    list=extend_schema(summary="Penalties at the events you judge or organise"),
)
class PenaltyViewSet(mixins.ListModelMixin, JudgingViewSet):
    """Penalties (T5.5), for the events' judges and organisers. A penalty is recorded, not
    applied: a game or match loss does not change the result by itself. Players read the
    penalties given with a ruling on their match in the ruling."""

    serializer_class = api.PenaltySerializer
    filterset_class = PenaltyFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Penalty.objects.none()
        user = self.request.user
        penalties = penalties_queryset().order_by("issued_at", "pk")
        if user.is_superuser:
            return penalties
        return penalties.filter(Q(event__organiser=user) | Q(event__judges=user)).distinct()

    @extend_schema(
        summary="Give a penalty to a player of a match (the event's judges and organiser)",
        request=api.PenaltyCreateSerializer,
        responses={201: api.PenaltySerializer},
    )
    def create(self, request):
        given = api.PenaltyCreateSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        match = (
            Match.objects.select_related("round__event", "player1", "player2")
            .filter(pk=data["match"])
            .first()
        )
        if match is None:
            raise ValidationError({"match": ["No such match."]})
        self.require(
            is_event_staff(request.user, match.round.event),
            "Only the event's judges and organiser give penalties.",
        )
        if match.player2_id is None:
            raise ValidationError({"match": ["A bye has no opponent: give no penalty there."]})
        registration = _penalised(match, data)
        ruling = None
        if data.get("ruling") is not None:
            ruling = Ruling.objects.filter(pk=data["ruling"], match=match).first()
            if ruling is None:
                raise ValidationError({"ruling": ["Choose a ruling on this match."]})
        with refusals():
            penalty = services.penalty_issue(
                match=match,
                registration=registration,
                kind=data["kind"],
                reason=data["reason"],
                ruling=ruling,
                by=request.user,
            )
        return Response(
            api.PenaltySerializer(penalties_queryset().get(pk=penalty.pk)).data,
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(
        summary="An event's penalised players, most penalties first, with repeat infractions",
        parameters=[
            OpenApiParameter(
                "event",
                {"type": "string", "minLength": 1, "maxLength": 140},
                required=True,
                description="The event's slug.",
            )
        ],
        responses={200: api.PlayerPenaltiesSerializer(many=True)},
    )
    @action(
        detail=False,
        methods=["get"],
        url_path="by-player",
        pagination_class=None,
        filter_backends=[],
    )
    def by_player(self, request):
        slug = single_value(request, "event") or ""
        if not slug:
            raise ValidationError({"event": ["Give the event's slug."]})
        event = Event.objects.filter(slug=slug[:140]).first() if "\x00" not in slug else None
        if event is None:
            raise ValidationError({"event": ["No such event."]})
        self.require(
            is_event_staff(request.user, event),
            "Only the event's judges and organiser see its penalties.",
        )
        rows = selectors.penalties_by_player(event)
        return Response(api.PlayerPenaltiesSerializer(rows, many=True).data)


__all__ = ["BranchViewSet", "DisputeViewSet", "PenaltyViewSet", "RulingViewSet"]
