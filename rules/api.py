from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from config import api_fields
from config.api_errors import ApiErrorSerializer
from config.api_query import StrictFilterBackend
from rules.filters import CardFilter
from rules.models import Card, CardSet, Format
from rules.services import team_list_check
from rules.teams import TeamListError


class CardSetSerializer(api_fields.ModelSerializer):
    class Meta:
        model = CardSet
        fields = ["code", "name", "group", "universe"]


class CardSerializer(api_fields.ModelSerializer):
    set = api_fields.CharField(source="card_set.code", read_only=True)
    faces = serializers.SerializerMethodField()
    energy_faces = serializers.SerializerMethodField()
    automation_description = api_fields.CharField(source="ability_description", read_only=True)

    class Meta:
        model = Card
        fields = [
            "key", "set", "number", "name", "subtitle", "kind", "cost", "energy",
            "affiliations", "rarity", "max_dice", "ability_lines", "global_lines",
            "keywords", "faces", "energy_faces", "stats_trust",
            "automation", "automation_note", "automation_description",
        ]  # fmt: skip

    def get_faces(self, card) -> list[dict]:
        return card.die.faces if card.die else []

    def get_energy_faces(self, card) -> list[dict]:
        return card.die.energy_faces if card.die else []


class FormatSerializer(api_fields.ModelSerializer):
    class Meta:
        model = Format
        fields = ["code", "name", "definition", "is_builtin"]


class CardViewSet(viewsets.ReadOnlyModelViewSet):
    """The card catalogue: search by name, subtitle, set, kind, energy type and affiliation."""

    queryset = Card.objects.select_related("card_set", "die")
    serializer_class = CardSerializer
    lookup_field = "key"
    filter_backends = [StrictFilterBackend]
    filterset_class = CardFilter
    # The catalogue is public: a player-scoped API token reads it too
    # (tournaments/api/authentication.py).
    player_token_actions = {"list", "retrieve"}


class CardSetViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = CardSet.objects.all()
    serializer_class = CardSetSerializer
    lookup_field = "code"
    player_token_actions = {"list", "retrieve"}


class FormatViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Format.objects.all()
    serializer_class = FormatSerializer
    lookup_field = "code"
    player_token_actions = {"list", "retrieve"}


class TeamCheckApi(APIView):
    """Check a team list (any notation) against a format. Nothing is saved.

    A list that parses gives 200 with its violations (a verdict is the answer, not a failure);
    lines that cannot be read give 400 with every problem, its line number and suggestions.
    """

    permission_classes = [AllowAny]
    player_token_actions = {"post"}

    class InputSerializer(serializers.Serializer):
        format = api_fields.SlugRelatedField(slug_field="code", queryset=Format.objects.all())
        team_list = api_fields.CharField(max_length=20_000, trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        name = api_fields.CharField()
        legal = api_fields.BooleanField()
        cards = serializers.ListField(child=serializers.DictField())
        violations = serializers.ListField(child=serializers.DictField())
        notations = serializers.DictField(child=api_fields.CharField())

    @extend_schema(
        request=InputSerializer,
        responses={200: OutputSerializer, 400: ApiErrorSerializer},
    )
    def post(self, request):
        given = self.InputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        try:
            check = team_list_check(
                text=given.validated_data["team_list"], fmt=given.validated_data["format"]
            )
        except TeamListError as error:
            problems = [
                {"line": p.line, "text": p.text, "message": p.message,
                 "suggestions": list(p.suggestions)}
                for p in error.problems
            ]  # fmt: skip
            return Response(
                {"code": "rules/team_list", "message": str(error), "problems": problems},
                status=status.HTTP_400_BAD_REQUEST,
            )
        return Response(
            {
                "name": check.team.name,
                "legal": check.is_legal,
                "cards": [
                    {"key": e.card_key, "dice": e.dice, "partner": e.partner}
                    for e in check.team.entries
                ],
                "violations": [
                    {"rule": v.rule, "code": v.code, "message": v.message, "card_key": v.card_key}
                    for v in check.violations
                ],
                "notations": check.notations,
            }
        )
