"""Card search, shared by the card pages and the API."""

import django_filters
from django.db.models import Q
from django.forms import ModelChoiceField

from rules.models import Card, CardKind, CardSet
from rules.templatetags.card_display import affiliation_name

ENERGY_CHOICES = [(e, e.capitalize()) for e in ("fist", "bolt", "mask", "shield")]


def affiliation_choices() -> list[tuple[str, str]]:
    """Every affiliation some card has, by its shown name (asked when a search form is built)."""
    codes = {
        code for codes in Card.objects.values_list("affiliations", flat=True) for code in codes
    }
    return sorted(((code, affiliation_name(code)) for code in codes), key=lambda c: c[1].lower())


class CardSetField(ModelChoiceField):
    def label_from_instance(self, obj):
        return f"{obj.name} ({obj.code.upper()})"


class CardSetChoiceFilter(django_filters.ModelChoiceFilter):
    field_class = CardSetField


class CardFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(method="filter_text", label="Name or subtitle")
    name = django_filters.CharFilter(lookup_expr="icontains", label="Name")
    subtitle = django_filters.CharFilter(lookup_expr="icontains", label="Subtitle")
    set = CardSetChoiceFilter(
        field_name="card_set",
        queryset=CardSet.objects.order_by("name", "code"),
        to_field_name="code",
        label="Set",
        empty_label="Any set",
    )
    kind = django_filters.ChoiceFilter(choices=CardKind.choices, empty_label="Any kind")
    energy = django_filters.ChoiceFilter(
        choices=ENERGY_CHOICES,
        method="filter_json_member",
        label="Energy type",
        empty_label="Any energy",
    )
    affiliation = django_filters.ChoiceFilter(
        choices=affiliation_choices,
        method="filter_json_member",
        label="Affiliation",
        empty_label="Any affiliation",
    )

    class Meta:
        model = Card
        fields = ["q", "name", "subtitle", "set", "kind", "energy", "affiliation"]

    def filter_text(self, queryset, name, value):
        return queryset.filter(Q(name__icontains=value) | Q(subtitle__icontains=value))

    def filter_json_member(self, queryset, name, value: str):
        # JSON lists are stored as text on SQLite too; matching the quoted member works on both.
        field = "energy" if name == "energy" else "affiliations"
        return queryset.filter(**{f"{field}__icontains": f'"{value.strip().lower()}"'})
