"""API representations and inputs. What a caller sees depends on their role at the event
(tournaments.permissions.Viewer): teams before the reveal, contacts and seating needs are
shown to the event's staff and the player themselves only."""

import datetime

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config import api_fields
from rules.models import Format
from tournaments import services
from tournaments.models import (
    TIEBREAKER_NAMES,
    Event,
    Game,
    LifeChange,
    Match,
    Registration,
    Round,
    swiss_rounds_for,
)
from tournaments.permissions import Viewer
from tournaments.services import GameInput, clock_for

SMALL = 32_767  # the most a PositiveSmallIntegerField holds
BIG_ID = 2**62


def viewer_of(serializer) -> Viewer:
    context = serializer.context
    if "viewer" not in context:
        context["viewer"] = Viewer(context["request"].user)
    return context["viewer"]


def checked_usernames(value: list[str]) -> list[str]:
    try:
        return services.checked_usernames(value)
    except services.EventError as error:
        raise serializers.ValidationError(str(error)) from None


class ClockSerializer(serializers.Serializer):
    state = api_fields.ChoiceField(
        choices=["not_started", "running", "paused", "time_called"],
        help_text="paused: a judge stopped this table's clock while ruling.",
    )
    ends_at = serializers.DateTimeField(allow_null=True)
    remaining_seconds = api_fields.IntegerField(allow_null=True)


# ---------------------------------------------------------------- events


class EventSerializer(api_fields.ModelSerializer):
    format = api_fields.CharField(source="format.code", read_only=True)
    organiser = api_fields.CharField(source="organiser.get_username", read_only=True)
    judges = serializers.SerializerMethodField()
    player_count = serializers.SerializerMethodField()
    planned_swiss_rounds = serializers.SerializerMethodField()
    current_round = serializers.SerializerMethodField()
    your_roles = serializers.SerializerMethodField(
        help_text="Your roles at this event: organiser, judge, player."
    )
    judge_invitations = serializers.SerializerMethodField(
        help_text="The organiser only (null for anyone else): usernames invited to judge who "
        "have not answered yet, in the order invited."
    )

    class Meta:
        model = Event
        fields = [
            "slug", "name", "date", "venue", "format", "status", "match_type", "round_minutes",
            "swiss_rounds", "planned_swiss_rounds", "top_cut", "points_win", "points_draw",
            "points_loss", "tiebreakers", "percentage_floor", "team_list_required",
            "teams_revealed_at", "organiser", "judges", "judge_invitations", "player_count",
            "current_round", "your_roles",
        ]  # fmt: skip
        read_only_fields = fields

    def get_judges(self, event) -> list[str]:
        return sorted(judge.get_username() for judge in event.judges.all())

    def get_judge_invitations(self, event) -> list[str] | None:
        if not viewer_of(self).organiser(event):
            return None
        # Prefetched in the order sent (tournaments.api.views.events_queryset).
        return [invitation.username for invitation in event.judge_invitations.all()]

    def get_player_count(self, event) -> int:
        return getattr(event, "player_count", None) or event.registrations.count()

    def get_planned_swiss_rounds(self, event) -> int:
        if event.swiss_rounds:
            return event.swiss_rounds
        active = getattr(event, "active_count", None)
        return swiss_rounds_for(active) if active is not None else event.planned_swiss_rounds

    def get_current_round(self, event) -> int | None:
        if hasattr(event, "last_round"):
            return event.last_round
        return event.rounds.order_by("-number").values_list("number", flat=True).first()

    def get_your_roles(self, event) -> list[str]:
        return viewer_of(self).roles(event)


class EventWriteSerializer(serializers.Serializer):
    """An event's settings. On PATCH every field is optional; the format and the team-list
    rule cannot change once teams are locked at the start (T4.2)."""

    name = api_fields.CharField(max_length=120)
    date = serializers.DateField()
    venue = api_fields.CharField(max_length=200, required=False, allow_blank=True)
    format = api_fields.SlugRelatedField(
        slug_field="code", queryset=Format.objects.all(), required=False
    )
    match_type = api_fields.ChoiceField(choices=Event.MatchType.choices, required=False)
    round_minutes = api_fields.IntegerField(min_value=1, max_value=600, required=False)
    swiss_rounds = api_fields.IntegerField(
        min_value=1, max_value=30, required=False, allow_null=True
    )
    top_cut = api_fields.IntegerField(min_value=0, max_value=512, required=False)
    points_win = api_fields.IntegerField(min_value=0, max_value=100, required=False)
    points_draw = api_fields.IntegerField(min_value=0, max_value=100, required=False)
    points_loss = api_fields.IntegerField(min_value=0, max_value=100, required=False)
    tiebreakers = serializers.ListField(
        child=api_fields.ChoiceField(choices=list(TIEBREAKER_NAMES)),
        max_length=len(TIEBREAKER_NAMES),
        required=False,
    )
    percentage_floor = api_fields.CharField(max_length=12, required=False)
    team_list_required = api_fields.BooleanField(required=False)
    judges = serializers.ListField(
        child=api_fields.CharField(max_length=150),
        max_length=50,
        required=False,
        help_text="Usernames of the event's judges. A judge left out stops judging at once; "
        "a name that is not a judge yet is invited (see /api/judge-invitations/) and becomes "
        "a judge only when its holder accepts. The answer is the same for any name.",
    )

    def validate_date(self, value):
        if not datetime.date(2000, 1, 1) <= value <= datetime.date(2200, 12, 31):
            raise serializers.ValidationError("Give a date between 2000 and 2200.")
        return value

    def validate_tiebreakers(self, value):
        if len(set(value)) != len(value):
            raise serializers.ValidationError("Use each tiebreaker at most once.")
        return value

    def validate_judges(self, value):
        return checked_usernames(value)


class JudgeInvitationSerializer(serializers.Serializer):
    """An invitation to judge an event, as its organiser and its addressee see it."""

    id = api_fields.IntegerField(read_only=True)
    event = api_fields.CharField(source="event.slug", read_only=True)
    event_name = api_fields.CharField(source="event.name", read_only=True)
    organiser = api_fields.CharField(source="event.organiser.get_username", read_only=True)
    username = api_fields.CharField(read_only=True, help_text="The name the organiser typed.")
    created_at = serializers.DateTimeField(read_only=True)


class JudgeInvitationSentSerializer(JudgeInvitationSerializer):
    detail = serializers.SerializerMethodField(
        help_text="The same words for every name, whether or not an account has it."
    )

    def get_detail(self, invitation) -> str:
        return services.invitation_sent_message(invitation.username)


class JudgeInvitationWriteSerializer(serializers.Serializer):
    event = api_fields.SlugRelatedField(
        slug_field="slug", queryset=Event.objects.all(), help_text="The event's slug."
    )
    username = api_fields.CharField(max_length=150, help_text="The username to invite.")

    def validate_username(self, value):
        return checked_usernames([value])[0]


class StandingsRowSerializer(serializers.Serializer):
    rank = api_fields.IntegerField()
    registration = api_fields.IntegerField(source="registration.pk")
    display_name = api_fields.CharField(source="registration.display_name")
    points = api_fields.IntegerField()
    wins = api_fields.IntegerField()
    draws = api_fields.IntegerField()
    losses = api_fields.IntegerField()
    dropped = serializers.SerializerMethodField()
    figures = serializers.DictField(
        child=api_fields.CharField(),
        help_text="Tiebreaker percentages as shown on the standings page: omw, gw, ogw.",
    )

    def get_dropped(self, row) -> bool:
        return row.registration.dropped_after_round is not None


class RoundDeletionQuerySerializer(serializers.Serializer):
    # A query string's values are text: DRF's IntegerField reads the number from it.
    confirm = serializers.IntegerField(
        min_value=1,
        max_value=SMALL,
        required=False,
        help_text="The round's number, to confirm that its results go with it "
        "(needed once a result is in).",
    )


class StandingsQuerySerializer(serializers.Serializer):
    # A query string's values are text: DRF's IntegerField reads the number from it.
    after_round = serializers.IntegerField(
        min_value=1,
        max_value=SMALL,
        required=False,
        help_text="Standings as they were after this round.",
    )


class StandingsSerializer(serializers.Serializer):
    event = api_fields.CharField()
    after_round = api_fields.IntegerField(allow_null=True)
    tiebreakers = serializers.ListField(child=api_fields.CharField())
    rows = StandingsRowSerializer(many=True)


# ---------------------------------------------------------------- registrations


class TeamCardSerializer(serializers.Serializer):
    key = api_fields.CharField(source="card.key")
    name = api_fields.CharField(source="card.__str__")
    dice = api_fields.IntegerField()


class TeamSerializer(serializers.Serializer):
    name = api_fields.CharField()
    locked = api_fields.BooleanField(source="is_locked")
    cards = TeamCardSerializer(many=True)


class PlayerRefSerializer(serializers.Serializer):
    registration = api_fields.IntegerField(source="pk")
    display_name = api_fields.CharField()


class RegistrationSerializer(api_fields.ModelSerializer):
    event = api_fields.CharField(source="event.slug", read_only=True)
    display_name = api_fields.CharField(read_only=True, help_text="The name at this event.")
    team_visible = serializers.SerializerMethodField(
        help_text="False while teams are hidden from you (before the event starts)."
    )
    team = serializers.SerializerMethodField()
    contact = serializers.SerializerMethodField(help_text="Staff and the player only.")
    fixed_table = serializers.SerializerMethodField(help_text="Staff and the player only.")
    account = serializers.SerializerMethodField(help_text="Staff and the player only.")
    claim_code = serializers.SerializerMethodField(
        help_text="Staff only, while no account is linked: the player enters it (or opens "
        "/events/<event>/claim/<code>/) to link their account."
    )
    is_you = serializers.SerializerMethodField()

    class Meta:
        model = Registration
        fields = [
            "id", "event", "display_name", "checked_in", "dropped_after_round",
            "late_entry_round", "created_at", "team_visible", "team", "contact",
            "fixed_table", "account", "claim_code", "is_you",
        ]  # fmt: skip
        read_only_fields = fields

    def _private(self, registration) -> bool:
        return viewer_of(self).can_see_private(registration, registration.event)

    def get_team_visible(self, registration) -> bool:
        return viewer_of(self).can_see_team(registration, registration.event)

    @extend_schema_field(TeamSerializer(allow_null=True))
    def get_team(self, registration):
        if registration.team is None or not self.get_team_visible(registration):
            return None
        return TeamSerializer(registration.team).data

    def get_contact(self, registration) -> str | None:
        return registration.player.contact if self._private(registration) else None

    def get_fixed_table(self, registration) -> int | None:
        return registration.fixed_table if self._private(registration) else None

    def get_account(self, registration) -> str | None:
        user = registration.player.user
        return user.get_username() if user and self._private(registration) else None

    def get_claim_code(self, registration) -> str | None:
        return registration.claim_code if viewer_of(self).staff(registration.event) else None

    def get_is_you(self, registration) -> bool:
        return viewer_of(self).owns(registration)


class RegistrationCreateSerializer(serializers.Serializer):
    """Register for an event. The event's organiser registers players by name (and late
    entries once the event runs, with `missed_rounds_as`): no account is linked, and the
    registration's `claim_code` is what its player enters to link their own. Anyone else
    registers themselves while registration is open. The team list is checked against the
    event's format."""

    event = api_fields.SlugRelatedField(slug_field="slug", queryset=Event.objects.all())
    display_name = api_fields.CharField(max_length=80)
    team_list = api_fields.CharField(
        max_length=20_000, required=False, allow_blank=True, trim_whitespace=False
    )
    contact = api_fields.CharField(max_length=200, required=False, allow_blank=True)
    fixed_table = api_fields.IntegerField(
        min_value=1, max_value=SMALL, required=False, allow_null=True, help_text="Organiser only."
    )
    missed_rounds_as = api_fields.ChoiceField(
        choices=["loss", "bye"],
        required=False,
        help_text="Organiser only, for a late entry into a running event.",
    )

    def validate(self, data):
        # Accounts are never named here: linking one by username let any organiser rename
        # another event's player, and its error told which usernames exist.
        if "username" in self.initial_data:
            raise serializers.ValidationError(
                {
                    "username": "Accounts are not linked by username: register the player by "
                    "name and give them the registration's claim code."
                }
            )
        return data


class ClaimSerializer(serializers.Serializer):
    """The claim code of a registration an organiser made by name: it links your account."""

    event = api_fields.SlugRelatedField(slug_field="slug", queryset=Event.objects.all())
    code = api_fields.CharField(max_length=40)


class CheckInSerializer(serializers.Serializer):
    checked_in = api_fields.BooleanField(default=True)


# ---------------------------------------------------------------- matches and results


class GameSerializer(api_fields.ModelSerializer):
    winner = api_fields.IntegerField(source="winner_id", allow_null=True)
    first_player = api_fields.IntegerField(source="first_player_id", allow_null=True)

    class Meta:
        model = Game
        fields = ["number", "winner", "is_draw", "ending", "life1", "life2", "first_player"]
        read_only_fields = fields


class GameInputSerializer(serializers.Serializer):
    """One game as reported: the winner's registration id, or null for a draw."""

    winner = api_fields.IntegerField(min_value=1, max_value=BIG_ID, allow_null=True)
    ending = api_fields.ChoiceField(choices=Game.Ending.choices, default=Game.Ending.LIFE)
    life1 = api_fields.IntegerField(min_value=-99, max_value=99, required=False, allow_null=True)
    life2 = api_fields.IntegerField(min_value=-99, max_value=99, required=False, allow_null=True)
    first_player = api_fields.IntegerField(
        min_value=1, max_value=BIG_ID, required=False, allow_null=True
    )

    def validate(self, data):
        match = self.context["match"]
        players = match.player_ids()
        for field in ("winner", "first_player"):
            value = data.get(field)
            if value is not None and value not in players:
                raise serializers.ValidationError(
                    {field: f"Registration {value} does not play in this match."}
                )
        return data


class ResultReportSerializer(serializers.Serializer):
    games = GameInputSerializer(many=True, max_length=3, min_length=1)

    def game_inputs(self) -> list[GameInput]:
        return [
            GameInput(
                winner=game["winner"],
                ending=game["ending"],
                life1=game.get("life1"),
                life2=game.get("life2"),
                first_player=game.get("first_player"),
            )
            for game in self.validated_data["games"]
        ]


class ResultSerializer(ResultReportSerializer):
    reason = api_fields.CharField(
        max_length=500,
        required=False,
        allow_blank=True,
        help_text="Needed to correct a confirmed result; kept in the audit trail.",
    )


class PendingReportSerializer(serializers.Serializer):
    reported_by = api_fields.IntegerField(
        source="reported_by_id",
        allow_null=True,
        help_text="The reporting player's registration; null for the life tracker's proposal.",
    )
    games = serializers.ListField(child=serializers.DictField())
    created_at = serializers.DateTimeField()


class MatchSerializer(api_fields.ModelSerializer):
    event = api_fields.CharField(source="round.event.slug", read_only=True)
    round = api_fields.IntegerField(source="round.number", read_only=True)
    stage = api_fields.CharField(source="round.stage", read_only=True)
    player1 = PlayerRefSerializer(read_only=True)
    player2 = PlayerRefSerializer(read_only=True, allow_null=True)
    is_bye = api_fields.BooleanField(read_only=True)
    best_of_three = api_fields.BooleanField(source="round.is_best_of_three", read_only=True)
    games = GameSerializer(many=True, read_only=True)
    pending_reports = serializers.SerializerMethodField(
        help_text="Reports awaiting confirmation: the match's players and staff only."
    )
    clock = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = [
            "id", "event", "round", "stage", "table", "player1", "player2", "is_bye",
            "missed_round", "best_of_three", "result_status", "games", "pending_reports",
            "clock",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(PendingReportSerializer(many=True, allow_null=True))
    def get_pending_reports(self, match):
        event = match.round.event
        viewer = viewer_of(self)
        if not (viewer.staff(event) or viewer.plays_in(match, event)):
            return None
        return PendingReportSerializer(match.reports.all(), many=True).data

    @extend_schema_field(ClockSerializer)
    def get_clock(self, match):
        return clock_for(match).as_json()


class ExtendSerializer(serializers.Serializer):
    minutes = api_fields.IntegerField(min_value=1, max_value=60)
    reason = api_fields.CharField(max_length=200)


# ---------------------------------------------------------------- rounds


class RoundSerializer(api_fields.ModelSerializer):
    event = api_fields.CharField(source="event.slug", read_only=True)
    clock = serializers.SerializerMethodField(
        help_text="The round's clock (a table given extra time runs later: see its match)."
    )
    pairing = serializers.SerializerMethodField()
    matches = MatchSerializer(many=True, read_only=True)

    class Meta:
        model = Round
        fields = ["id", "event", "number", "stage", "started_at", "clock", "pairing", "matches"]
        read_only_fields = fields

    @extend_schema_field(ClockSerializer)
    def get_clock(self, round_):
        if round_.started_at is None:
            return {"state": "not_started", "ends_at": None, "remaining_seconds": None}
        return clock_for(Match(round=round_)).as_json()

    @extend_schema_field(
        {
            "type": "object",
            "properties": {
                "method": {"type": "string"},
                "flags": {"type": "array", "items": {"type": "string"}},
                "notes": {"type": "array", "items": {"type": "string"}},
            },
        }
    )
    def get_pairing(self, round_):
        record = round_.pairing_record or {}
        return {
            "method": record.get("method", "bracket" if round_.is_top_cut else ""),
            "flags": [str(flag) for flag in record.get("flags", [])],
            "notes": [str(note) for note in record.get("notes", [])],
        }


class PairSerializer(serializers.Serializer):
    event = api_fields.SlugRelatedField(slug_field="slug", queryset=Event.objects.all())
    seed = api_fields.IntegerField(
        min_value=0, max_value=2**31 - 1, required=False, help_text="To reproduce a pairing."
    )


class SwapSerializer(serializers.Serializer):
    first = api_fields.IntegerField(min_value=1, max_value=BIG_ID, help_text="A registration.")
    second = api_fields.IntegerField(min_value=1, max_value=BIG_ID, help_text="A registration.")
    confirm = api_fields.BooleanField(
        default=False, help_text="Go ahead despite the pairing warnings (answered as 409)."
    )


class PairingChangeSerializer(serializers.Serializer):
    description = api_fields.CharField()
    confirmed_warnings = serializers.ListField(child=api_fields.CharField())
    changed_at = serializers.DateTimeField()


# ---------------------------------------------------------------- life at the table


class LastChangeSerializer(serializers.Serializer):
    id = api_fields.IntegerField()
    delta = serializers.ListField(child=api_fields.IntegerField())
    wasted = serializers.ListField(child=api_fields.IntegerField())
    reason = api_fields.CharField()
    at = serializers.DateTimeField()
    by_side = api_fields.IntegerField(
        allow_null=True, help_text="1 or 2: the player who entered it; null for staff."
    )


class NextGameSerializer(serializers.Serializer):
    number = api_fields.IntegerField()
    chooser_side = api_fields.IntegerField(
        allow_null=True, help_text="The loser of the last game chooses who goes first (T2.3)."
    )


class ProposalSerializer(serializers.Serializer):
    games = serializers.ListField(child=serializers.DictField())
    confirmed_by = serializers.ListField(child=api_fields.CharField())


class TableStateSerializer(serializers.Serializer):
    match = api_fields.IntegerField()
    game = api_fields.IntegerField()
    games = api_fields.IntegerField()
    games_won = serializers.ListField(child=api_fields.IntegerField(), min_length=2, max_length=2)
    best_of_three = api_fields.BooleanField()
    players = serializers.ListField(child=api_fields.CharField())
    life = serializers.ListField(child=api_fields.IntegerField())
    starting_life = api_fields.IntegerField()
    turn = api_fields.IntegerField()
    active_side = api_fields.IntegerField()
    first_side = api_fields.IntegerField(allow_null=True)
    extra_turn = api_fields.IntegerField(
        allow_null=True, help_text="0 for the turn at the time call, then 1..5."
    )
    finished = api_fields.BooleanField()
    winner_side = api_fields.IntegerField(allow_null=True)
    ending = api_fields.CharField(allow_blank=True)
    next_game = NextGameSerializer(
        allow_null=True, help_text="Between the games of a best of 3: the next one."
    )
    last_change = LastChangeSerializer(allow_null=True)
    changes = api_fields.IntegerField(help_text="Life changes of this game not undone.")
    result_status = api_fields.CharField()
    proposal = ProposalSerializer(
        allow_null=True, help_text="The result the life tracker proposes for confirmation."
    )
    clock = ClockSerializer()
    extra_minutes = api_fields.IntegerField()
    version = api_fields.IntegerField(help_text="The game's revision: it grows on every change.")


class LifeChangeSerializer(api_fields.ModelSerializer):
    game = api_fields.IntegerField(source="table_game.number")
    at = serializers.DateTimeField(source="created_at")
    entered_by = api_fields.CharField(
        source="entered_by.get_username", allow_null=True, help_text="Who entered it."
    )
    undone_by = api_fields.CharField(
        source="undone_by.get_username", allow_null=True, help_text="Who undid it, if undone."
    )

    class Meta:
        model = LifeChange
        fields = [
            "id", "game", "at", "delta1", "delta2", "life1", "life2", "wasted1", "wasted2",
            "reason", "turn", "entered_by", "undone", "undone_by", "undone_at",
        ]  # fmt: skip
        read_only_fields = fields


class LifeChangeInputSerializer(serializers.Serializer):
    delta1 = api_fields.IntegerField(min_value=-99, max_value=99, default=0)
    delta2 = api_fields.IntegerField(min_value=-99, max_value=99, default=0)
    reason = api_fields.ChoiceField(choices=LifeChange.Reason.choices)

    def validate(self, data):
        if not (data["delta1"] or data["delta2"]):
            raise serializers.ValidationError({"delta1": "Give an amount for either player."})
        return data


class FirstPlayerSerializer(serializers.Serializer):
    side = api_fields.ChoiceField(choices=[1, 2], help_text="1 or 2: who takes the first turn.")
