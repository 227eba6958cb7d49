"""API views: each checks the caller's role at the event, then calls the same service as the
page does. Anonymous callers get 401, callers without the role 403 (never a half-done write)."""

import re

from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Max, Prefetch, Q
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from config.api_errors import ApiErrorSerializer
from config.api_query import StrictFilterBackend, single_value, validated_query
from tournaments import live, services
from tournaments.api import serializers as api
from tournaments.api.filters import EventFilter, MatchFilter, RegistrationFilter, RoundFilter
from tournaments.api.pagination import Pages
from tournaments.models import (
    Event,
    Game,
    JudgeInvitation,
    LifeChange,
    Match,
    Registration,
    ResultReport,
    Round,
)
from tournaments.permissions import Viewer
from tournaments.selectors import STANDINGS_SECONDS, standings_of_version
from tournaments.services.event_settings import event_update

SLUG = re.compile(r"[-a-zA-Z0-9_]{1,140}")


class RoleCheckedViewSet(viewsets.GenericViewSet):
    permission_classes = [IsAuthenticatedOrReadOnly]
    pagination_class = Pages
    filter_backends = [StrictFilterBackend]

    @property
    def viewer(self) -> Viewer:
        if not hasattr(self, "_viewer"):
            self._viewer = Viewer(self.request.user)
        return self._viewer

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "viewer": self.viewer}

    def require(self, allowed: bool, message: str) -> None:
        """401 for anonymous callers, 403 for the others (DRF decides which)."""
        if not allowed:
            self.permission_denied(self.request, message=message)

    def require_organiser(self, event: Event) -> None:
        self.require(self.viewer.organiser(event), "Only the event's organiser can do this.")

    def require_staff(self, event: Event) -> None:
        self.require(self.viewer.staff(event), "Only the event's organiser and judges can do this.")

    def respond(self, serializer_class, instance, code=status.HTTP_200_OK, **kwargs):
        context = self.get_serializer_context()
        return Response(serializer_class(instance, context=context, **kwargs).data, status=code)


# ---------------------------------------------------------------- events


def events_queryset():
    return (
        Event.objects.select_related("format", "organiser")
        .prefetch_related(
            "judges",
            # Shown to the organiser only, but read in one query for a whole page of events.
            Prefetch(
                "judge_invitations", queryset=JudgeInvitation.objects.order_by("created_at", "pk")
            ),
        )
        .annotate(
            player_count=Count("registrations", distinct=True),
            active_count=Count(
                "registrations",
                filter=Q(registrations__dropped_after_round__isnull=True),
                distinct=True,
            ),
            last_round=Max("rounds__number"),
        )
    )


@extend_schema_view(
    list=extend_schema(summary="Events, newest first"),
    retrieve=extend_schema(summary="One event"),
)
class EventViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, RoleCheckedViewSet):
    """Events: anyone reads; any account creates one (and is its organiser); the organiser
    changes its settings, starts it and starts the top cut."""

    # What a player-scoped API token may use here (tournaments/api/authentication.py).
    player_token_actions = {"list", "retrieve", "standings"}

    serializer_class = api.EventSerializer
    filterset_class = EventFilter
    lookup_field = "slug"

    def get_queryset(self):
        return events_queryset().order_by("-date", "name")

    def get_object(self):
        # Anything that is not a slug names no event (and must not reach the database: a NUL
        # byte in a PostgreSQL text parameter is an error, not a miss).
        if not SLUG.fullmatch(self.kwargs["slug"]):
            raise NotFound("No such event.")
        return super().get_object()

    def _reload(self, event: Event) -> Event:
        return events_queryset().get(pk=event.pk)

    @extend_schema(
        summary="Create an event (you become its organiser)",
        request=api.EventWriteSerializer,
        responses={201: api.EventSerializer},
    )
    def create(self, request):
        given = api.EventWriteSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        fields = dict(given.validated_data)
        judges = fields.pop("judges", None)
        event = services.event_create(organiser=request.user, **fields)
        if judges:
            services.event_judges_name(event=event, usernames=judges)
        return self.respond(api.EventSerializer, self._reload(event), status.HTTP_201_CREATED)

    @extend_schema(
        summary="Change an event's settings (organiser)",
        request=api.EventWriteSerializer(partial=True),
        responses={200: api.EventSerializer},
    )
    def partial_update(self, request, slug=None):
        event = self.get_object()
        self.require_organiser(event)
        given = api.EventWriteSerializer(data=request.data, partial=True)
        given.is_valid(raise_exception=True)
        fields = dict(given.validated_data)
        judges = fields.pop("judges", None)
        with transaction.atomic():
            event = event_update(event=event, **fields)
            if judges is not None:
                services.event_judges_name(event=event, usernames=judges)
        return self.respond(api.EventSerializer, self._reload(event))

    @extend_schema(
        summary="Start the event: lock and reveal the teams (organiser)",
        request=None,
        responses={200: api.EventSerializer},
    )
    @action(detail=True, methods=["post"])
    def start(self, request, slug=None):
        event = self.get_object()
        self.require_organiser(event)
        services.event_start(event=event)
        return self.respond(api.EventSerializer, self._reload(event))

    @extend_schema(
        summary="Start the top cut from the final Swiss standings (organiser)",
        request=None,
        responses={201: api.RoundSerializer},
    )
    @action(detail=True, methods=["post"], url_path="top-cut")
    def top_cut(self, request, slug=None):
        event = self.get_object()
        self.require_organiser(event)
        round_ = services.top_cut_start(event=event)
        return self.respond(
            api.RoundSerializer, rounds_queryset().get(pk=round_.pk), status.HTTP_201_CREATED
        )

    @extend_schema(
        summary="Standings with tiebreaker figures",
        parameters=[api.StandingsQuerySerializer],
        responses={200: api.StandingsSerializer},
    )
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def standings(self, request, slug=None):
        """Serialized once per event version and `after_round` (players refresh this all
        round): a cached answer costs two cache reads and no query."""
        event_id = live.event_id_for_slug(slug) if SLUG.fullmatch(slug) else None
        if event_id is None:
            event_id = self.get_object().pk  # an unknown slug: the same 404 as elsewhere
        after_round = validated_query(request, api.StandingsQuerySerializer).get("after_round")
        key = f"public:event:{event_id}:standings-api:{live.version(event_id)}:{after_round or ''}"
        data = cache.get(key)
        if data is None:
            event = get_object_or_404(Event, pk=event_id)
            data = dict(
                api.StandingsSerializer(
                    {
                        "event": event.slug,
                        "after_round": after_round,
                        "tiebreakers": [t for t in event.tiebreakers if t != "random"],
                        "rows": standings_of_version(event, after_round=after_round),
                    }
                ).data
            )
            cache.set(key, data, STANDINGS_SECONDS)
        return Response(data)


# ---------------------------------------------------------------- judge invitations


@extend_schema_view(
    list=extend_schema(
        summary="Invitations to judge: those addressed to you and your events' pending ones"
    ),
)
class JudgeInvitationViewSet(mixins.ListModelMixin, RoleCheckedViewSet):
    """An organiser invites an account by username to judge their event; the account becomes a
    judge only when its holder accepts. The organiser's answer is the same whether or not the
    username belongs to an account (an invitation to an unknown name never becomes anything).
    Removing a judge is immediate: PATCH the event's `judges`."""

    # Judging is staff work: a player-scoped token does none of it.
    player_token_actions: set[str] = set()

    permission_classes = [IsAuthenticated]
    serializer_class = api.JudgeInvitationSerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema generator has no user
            return JudgeInvitation.objects.none()
        user = self.request.user
        return (
            JudgeInvitation.objects.select_related("event", "event__organiser")
            .filter(Q(invitee=user) | Q(event__organiser=user))
            .order_by("created_at", "pk")
        )

    def _invitation(self, pk) -> JudgeInvitation:
        """Any invitation by id: whoever it is not for gets 403 from the checks, not 404."""
        if not str(pk).isdecimal() or int(pk) > 2**62:
            raise NotFound("No such invitation.")
        return get_object_or_404(
            JudgeInvitation.objects.select_related("event", "event__organiser"), pk=pk
        )

    @extend_schema(
        summary="Invite an account to judge your event (organiser)",
        request=api.JudgeInvitationWriteSerializer,
        responses={201: api.JudgeInvitationSentSerializer},
    )
    def create(self, request):
        given = api.JudgeInvitationWriteSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        event = given.validated_data["event"]
        self.require_organiser(event)
        invitation = services.judge_invite(event=event, username=given.validated_data["username"])
        return self.respond(api.JudgeInvitationSentSerializer, invitation, status.HTTP_201_CREATED)

    @extend_schema(summary="Withdraw a pending invitation (organiser)", responses={204: None})
    def destroy(self, request, pk=None):
        invitation = self._invitation(pk)
        self.require_organiser(invitation.event)
        services.judge_invitation_withdraw(invitation=invitation)
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _require_invitee(self, invitation: JudgeInvitation) -> None:
        self.require(
            invitation.invitee_id is not None and invitation.invitee_id == self.request.user.pk,
            "Only the account this invitation is addressed to can answer it.",
        )

    @extend_schema(
        summary="Accept an invitation addressed to you: you become a judge of the event",
        request=None,
        responses={200: api.EventSerializer},
    )
    @action(detail=True, methods=["post"])
    def accept(self, request, pk=None):
        invitation = self._invitation(pk)
        self._require_invitee(invitation)
        event = services.judge_invitation_accept(invitation=invitation, user=request.user)
        return self.respond(api.EventSerializer, events_queryset().get(pk=event.pk))

    @extend_schema(
        summary="Decline an invitation addressed to you", request=None, responses={204: None}
    )
    @action(detail=True, methods=["post"])
    def decline(self, request, pk=None):
        invitation = self._invitation(pk)
        self._require_invitee(invitation)
        services.judge_invitation_decline(invitation=invitation, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


# ---------------------------------------------------------------- registrations


def registrations_queryset():
    return Registration.objects.select_related("event", "player__user", "team").prefetch_related(
        "team__cards__card"
    )


@extend_schema_view(
    list=extend_schema(summary="Registrations (teams hidden until the event starts)"),
    retrieve=extend_schema(summary="One registration"),
)
class RegistrationViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, RoleCheckedViewSet):
    """Players registered at events, with their team lists once revealed (or to staff and the
    player themselves before)."""

    # create: registering yourself; claim: linking your account to the registration made for you
    player_token_actions = {"list", "retrieve", "create", "claim"}

    serializer_class = api.RegistrationSerializer
    filterset_class = RegistrationFilter

    def get_queryset(self):
        return registrations_queryset().order_by("event__date", "event_id", "display_name")

    @extend_schema(
        summary="Register for an event (yourself, or players by name as its organiser)",
        request=api.RegistrationCreateSerializer,
        responses={201: api.RegistrationSerializer},
    )
    def create(self, request):
        given = api.RegistrationCreateSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = dict(given.validated_data)
        event = data.pop("event")
        late = data.pop("missed_rounds_as", None)
        organiser = self.viewer.organiser(event)
        if not organiser:
            self.require(
                data.get("fixed_table") is None and late is None,
                "Only the event's organiser registers other players, late entries or fixed "
                "tables; you can register yourself.",
            )
        if late is not None:
            registration = services.registration_late_entry(
                event=event,
                display_name=data["display_name"],
                team_list=data.get("team_list", ""),
                missed_rounds_as=late,
                contact=data.get("contact", ""),
                fixed_table=data.get("fixed_table"),
            )
        else:
            # The organiser registers by name (no account); anyone else registers themselves.
            user = None if organiser else request.user
            registration = services.registration_create(event=event, user=user, **data)
        return self.respond(
            api.RegistrationSerializer,
            registrations_queryset().get(pk=registration.pk),
            status.HTTP_201_CREATED,
        )

    @extend_schema(
        summary="Claim the registration an organiser made for you by name",
        request=api.ClaimSerializer,
        responses={200: api.RegistrationSerializer},
    )
    @action(detail=False, methods=["post"])
    def claim(self, request):
        given = api.ClaimSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        registration = services.registration_claim(user=request.user, **given.validated_data)
        return self.respond(
            api.RegistrationSerializer, registrations_queryset().get(pk=registration.pk)
        )

    @extend_schema(
        summary="Check a player in, or undo it (organiser)",
        request=api.CheckInSerializer,
        responses={200: api.RegistrationSerializer},
    )
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request, pk=None):
        registration = self.get_object()
        self.require_organiser(registration.event)
        given = api.CheckInSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        services.registration_check_in(
            registration=registration, checked_in=given.validated_data["checked_in"]
        )
        return self.respond(api.RegistrationSerializer, self.get_object())

    @extend_schema(
        summary="Drop a player from the next round on (organiser)",
        request=None,
        responses={200: api.RegistrationSerializer},
    )
    @action(detail=True, methods=["post"])
    def drop(self, request, pk=None):
        registration = self.get_object()
        self.require_organiser(registration.event)
        services.registration_drop(registration=registration)
        return self.respond(api.RegistrationSerializer, self.get_object())


# ---------------------------------------------------------------- rounds


def matches_queryset():
    return Match.objects.select_related(
        "round__event", "player1__player", "player2__player"
    ).prefetch_related(
        Prefetch("games", queryset=Game.objects.order_by("number")),
        Prefetch("reports", queryset=ResultReport.objects.order_by("created_at")),
    )


def rounds_queryset():
    return Round.objects.select_related("event").prefetch_related(
        Prefetch("matches", queryset=matches_queryset().order_by("table", "pk"))
    )


@extend_schema_view(
    list=extend_schema(summary="Rounds with their pairings"),
    retrieve=extend_schema(summary="One round with its pairings"),
)
class RoundViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, RoleCheckedViewSet):
    """Rounds and their pairings by table. Staff pair the next round and run its clock; the
    organiser re-pairs or deletes the latest round."""

    player_token_actions = {"list", "retrieve"}

    serializer_class = api.RoundSerializer
    filterset_class = RoundFilter

    def get_queryset(self):
        return rounds_queryset().order_by("event__date", "event_id", "number")

    @extend_schema(
        summary="Pair the next Swiss round (organiser or judge)",
        request=api.PairSerializer,
        responses={201: api.RoundSerializer},
    )
    def create(self, request):
        given = api.PairSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        event = given.validated_data["event"]
        self.require_staff(event)
        round_ = services.round_pair(event=event, seed=given.validated_data.get("seed"))
        return self.respond(
            api.RoundSerializer, rounds_queryset().get(pk=round_.pk), status.HTTP_201_CREATED
        )

    @extend_schema(
        summary="Delete the latest round (organiser); one with results needs `confirm`",
        parameters=[api.RoundDeletionQuerySerializer],
        responses={
            204: None,
            409: OpenApiResponse(
                ApiErrorSerializer,
                description="`confirm_deletion`: the round has results and no confirmation; "
                "`not_latest`: a later round exists.",
            ),
        },
    )
    def destroy(self, request, pk=None):
        round_ = self.get_object()
        self.require_organiser(round_.event)
        given = single_value(request, "confirm")
        # The number, not a yes: a script looping over rounds does not confirm them all.
        # Read as the whole number the schema declares ("03" is 3), anything else refused.
        if given is not None and not (
            given.isascii() and given.isdecimal() and int(given) == round_.number
        ):
            raise ValidationError(
                {"confirm": [f"Give this round's number, {round_.number}, to confirm."]}
            )
        services.round_delete(round_=round_, by=request.user, confirm=given is not None)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary="Pair the latest round again while no result is in (organiser)",
        request=None,
        responses={200: api.RoundSerializer},
    )
    @action(detail=True, methods=["post"])
    def repair(self, request, pk=None):
        round_ = self.get_object()
        self.require_organiser(round_.event)
        services.round_repair(round_=round_)
        return self.respond(api.RoundSerializer, self.get_object())

    @extend_schema(
        summary="Start the round clock (organiser or judge)",
        request=None,
        responses={200: api.RoundSerializer},
    )
    @action(detail=True, methods=["post"])
    def clock(self, request, pk=None):
        round_ = self.get_object()
        self.require_staff(round_.event)
        services.round_start(round_=round_)
        return self.respond(api.RoundSerializer, self.get_object())

    @extend_schema(
        summary="Swap two players' seats (organiser or judge; warnings answer 409)",
        request=api.SwapSerializer,
        responses={200: api.PairingChangeSerializer},
    )
    @action(detail=True, methods=["post"])
    def swap(self, request, pk=None):
        round_ = self.get_object()
        self.require_staff(round_.event)
        given = api.SwapSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        seated = {pid for match in round_.matches.all() for pid in match.player_ids()}
        problems = {
            name: "Choose a player of this round."
            for name in ("first", "second")
            if given.validated_data[name] not in seated
        }
        if problems:
            raise ValidationError(problems)
        change = services.round_swap(
            round_=round_,
            first=Registration.objects.get(pk=given.validated_data["first"]),
            second=Registration.objects.get(pk=given.validated_data["second"]),
            by=request.user,
            confirm=given.validated_data["confirm"],
        )
        return Response(api.PairingChangeSerializer(change).data)


# ---------------------------------------------------------------- matches, results, life


@extend_schema_view(
    list=extend_schema(summary="Matches with their results"),
    retrieve=extend_schema(summary="One match with its result"),
)
class MatchViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, RoleCheckedViewSet):
    """Matches and results. Staff enter and correct results (a correction needs a reason and
    is audited); each player reports their own match and the opponent confirms it; the two
    players and the staff track life at the table."""

    player_token_actions = {
        "list", "retrieve", "report", "confirm", "table", "life", "life_undo", "turn", "first",
    }  # fmt: skip

    serializer_class = api.MatchSerializer
    filterset_class = MatchFilter

    def get_queryset(self):
        return matches_queryset().order_by("round__event_id", "round__number", "table", "pk")

    def _match(self) -> Match:
        return self.get_object()

    def _played(self, match: Match) -> Match:
        if match.player2_id is None:
            raise services.EventError(
                "A bye or a missed round has no opponent and no table.", code="no_opponent"
            )
        return match

    def _require_table(self, match: Match) -> None:
        event = match.round.event
        self.require(
            self.viewer.staff(event) or self.viewer.plays_in(match, event),
            "Only the players of this table and the event's staff.",
        )

    def _require_player(self, match: Match):
        event = match.round.event
        self.require(
            self.viewer.plays_in(match, event), "Only the two players of this match can do this."
        )
        return Registration.objects.select_related("player__user").get(
            pk=self.viewer.registration_id(event)
        )

    def _games(self, serializer_class, match: Match):
        given = serializer_class(data=self.request.data, context={"match": match})
        given.is_valid(raise_exception=True)
        return given

    @extend_schema(
        summary="Enter or correct the result (organiser or judge)",
        request=api.ResultSerializer,
        responses={200: api.MatchSerializer},
    )
    @action(detail=True, methods=["post"])
    def result(self, request, pk=None):
        match = self._match()
        self.require_staff(match.round.event)
        given = self._games(api.ResultSerializer, self._played(match))
        services.result_enter(
            match=match,
            games=given.game_inputs(),
            by=request.user,
            reason=given.validated_data.get("reason", ""),
        )
        return self.respond(api.MatchSerializer, self._match())

    @extend_schema(
        summary="Report your own match; the opponent's matching report confirms it",
        request=api.ResultReportSerializer,
        responses={200: api.MatchSerializer},
    )
    @action(detail=True, methods=["post"])
    def report(self, request, pk=None):
        match = self._match()
        me = self._require_player(match)
        given = self._games(api.ResultReportSerializer, self._played(match))
        services.result_report(match=match, games=given.game_inputs(), reporter=me)
        return self.respond(api.MatchSerializer, self._match())

    @extend_schema(
        summary="Confirm the opponent's report as it stands",
        request=None,
        responses={200: api.MatchSerializer},
    )
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        match = self._match()
        me = self._require_player(match)
        services.result_confirm(match=self._played(match), confirmer=me)
        return self.respond(api.MatchSerializer, self._match())

    @extend_schema(
        summary="Give this table extra time, e.g. for a ruling (organiser or judge)",
        request=api.ExtendSerializer,
        responses={200: api.MatchSerializer},
    )
    @action(detail=True, methods=["post"])
    def extend(self, request, pk=None):
        match = self._match()
        self.require_staff(match.round.event)
        given = api.ExtendSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        services.time_extend(match=self._played(match), by=request.user, **given.validated_data)
        return self.respond(api.MatchSerializer, self._match())

    @extend_schema(
        summary="The table: life totals, turn, clock (the players and staff)",
        responses={
            200: api.TableStateSerializer,
            409: OpenApiResponse(ApiErrorSerializer, description="A bye has no table."),
        },
    )
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def table(self, request, pk=None):
        match = self._match()
        self._require_table(match)
        return Response(services.table_state(self._played(match)))

    @extend_schema(
        methods=["GET"],
        summary="Every life change of every game at this table",
        responses={200: api.LifeChangeSerializer(many=True)},
    )
    @extend_schema(
        methods=["POST"],
        summary="Change life totals (the players and staff)",
        request=api.LifeChangeInputSerializer,
        responses={200: api.TableStateSerializer},
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None, filter_backends=[])
    def life(self, request, pk=None):
        match = self._match()
        if request.method == "GET":
            changes = LifeChange.objects.filter(table_game__match=match).select_related(
                "table_game", "entered_by", "undone_by"
            )
            return Response(
                api.LifeChangeSerializer(
                    changes.order_by("table_game__number", "created_at", "pk"), many=True
                ).data
            )
        self._require_table(match)
        given = api.LifeChangeInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        game = services.current_game(self._played(match))
        services.life_change(game=game, by=request.user, **given.validated_data)
        return Response(services.table_state(self._match()))

    @extend_schema(
        summary="Undo the latest life change (the players and staff)",
        request=None,
        responses={200: api.TableStateSerializer},
    )
    @action(detail=True, methods=["post"], url_path="life/undo")
    def life_undo(self, request, pk=None):
        match = self._match()
        self._require_table(match)
        services.life_undo(game=services.current_game(self._played(match)), by=request.user)
        return Response(services.table_state(self._match()))

    @extend_schema(
        summary="End the active player's turn (the players and staff)",
        request=None,
        responses={200: api.TableStateSerializer},
    )
    @action(detail=True, methods=["post"])
    def turn(self, request, pk=None):
        match = self._match()
        self._require_table(match)
        services.turn_end(game=services.current_game(self._played(match)), by=request.user)
        return Response(services.table_state(self._match()))

    @extend_schema(
        summary="Who takes the first turn of this game (the players and staff)",
        request=api.FirstPlayerSerializer,
        responses={200: api.TableStateSerializer},
    )
    @action(detail=True, methods=["post"])
    def first(self, request, pk=None):
        match = self._match()
        self._require_table(match)
        given = api.FirstPlayerSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        game = services.current_game(self._played(match))
        services.game_set_first(game=game, side=int(given.validated_data["side"]))
        return Response(services.table_state(self._match()))


__all__ = ["EventViewSet", "MatchViewSet", "RegistrationViewSet", "RoundViewSet"]
