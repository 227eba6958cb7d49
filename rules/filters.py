"""Card search, shared by the card pages and the API."""

import django_filters
from django.db.models import Q

from rules.models import Card, CardKind, CardSet

ENERGY_CHOICES = [(e, e.capitalize()) for e in ("fist", "bolt", "mask", "shield")]


class CardFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(method="filter_text", label="Name or subtitle")
    name = django_filters.CharFilter(lookup_expr="icontains")
    subtitle = django_filters.CharFilter(lookup_expr="icontains")
    set = django_filters.ModelChoiceFilter(
        field_name="card_set",
        queryset=CardSet.objects.all(),
        to_field_name="code",
        label="Set",
    )
    kind = django_filters.ChoiceFilter(choices=CardKind.choices)
    energy = django_filters.ChoiceFilter(
        choices=ENERGY_CHOICES, method="filter_json_member", label="Energy type"
    )
    affiliation = django_filters.CharFilter(method="filter_json_member", label="Affiliation")

    class Meta:
        model = Card
        fields = ["q", "name", "subtitle", "set", "kind", "energy", "affiliation"]

    def filter_text(self, queryset, name, value):
        return queryset.filter(Q(name__icontains=value) | Q(subtitle__icontains=value))

    def filter_json_member(self, queryset, name, value):
        # JSON lists are stored as text on SQLite too; matching the quoted member works on both.
        field = "energy" if name == "energy" else "affiliations"
        return queryset.filter(**{f"{field}__icontains": f'"{value.strip().lower()}"'})
