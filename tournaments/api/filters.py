"""List filters for the API. Numbers are bounded so no filter value can overflow a column."""

import django_filters
from django.db.models import Q

from config.api_query import IntegerFilter
from tournaments.models import Event, Match, Registration, Round

SMALL = 32_767
BIG_ID = 2**62


class EventFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(field_name="name", lookup_expr="icontains", max_length=120)
    status = django_filters.ChoiceFilter(choices=Event.Status.choices)
    format = django_filters.CharFilter(field_name="format__code", max_length=40)
    date_after = django_filters.DateFilter(field_name="date", lookup_expr="gte")
    date_before = django_filters.DateFilter(field_name="date", lookup_expr="lte")
    role = django_filters.ChoiceFilter(
        choices=[("organiser", "organiser"), ("judge", "judge"), ("player", "player")],
        method="filter_role",
        label="Only events where you have this role",
    )

    class Meta:
        model = Event
        fields = ["q", "status", "format", "date_after", "date_before", "role"]

    def filter_role(self, queryset, name, value):
        user = self.request.user if self.request else None
        if user is None or not user.is_authenticated:
            return queryset.none()
        return queryset.filter(
            {
                "organiser": Q(organiser=user),
                "judge": Q(judges=user),
                "player": Q(registrations__player__user=user),
            }[value]
        ).distinct()


class RegistrationFilter(django_filters.FilterSet):
    event = django_filters.CharFilter(field_name="event__slug", max_length=140)
    q = django_filters.CharFilter(field_name="display_name", lookup_expr="icontains", max_length=80)
    checked_in = django_filters.BooleanFilter()
    dropped = django_filters.BooleanFilter(
        field_name="dropped_after_round", lookup_expr="isnull", exclude=True
    )

    class Meta:
        model = Registration
        fields = ["event", "q", "checked_in", "dropped"]


class RoundFilter(django_filters.FilterSet):
    event = django_filters.CharFilter(field_name="event__slug", max_length=140)
    stage = django_filters.ChoiceFilter(choices=Round.Stage.choices)
    number = IntegerFilter(min_value=1, max_value=SMALL)

    class Meta:
        model = Round
        fields = ["event", "stage", "number"]


class MatchFilter(django_filters.FilterSet):
    event = django_filters.CharFilter(field_name="round__event__slug", max_length=140)
    round = IntegerFilter(field_name="round__number", min_value=1, max_value=SMALL)
    stage = django_filters.ChoiceFilter(field_name="round__stage", choices=Round.Stage.choices)
    table = IntegerFilter(min_value=1, max_value=SMALL)
    result_status = django_filters.ChoiceFilter(choices=Match.ResultStatus.choices)
    registration = IntegerFilter(
        method="filter_registration", min_value=1, max_value=BIG_ID, label="Either player"
    )
    q = django_filters.CharFilter(method="filter_name", max_length=80, label="Either player's name")

    class Meta:
        model = Match
        fields = ["event", "round", "stage", "table", "result_status", "registration", "q"]

    def filter_registration(self, queryset, name, value):
        return queryset.filter(Q(player1_id=value) | Q(player2_id=value))

    def filter_name(self, queryset, name, value):
        return queryset.filter(
            Q(player1__display_name__icontains=value) | Q(player2__display_name__icontains=value)
        )
