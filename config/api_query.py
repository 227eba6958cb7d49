"""Query parameters held to what the schema says of them, and the schema saying it.

A list's `page` and `page_size` and every filter are single values of their declared type and
range: a parameter given twice, an empty one, a page that is not a whole number from 1, a page
size outside 1..max, a filter number out of its range or a boolean other than true/false is a
400 naming the parameter, never silently read as something else. The schema declares the same
bounds (minimum, maximum, minLength, maxLength), so a client reading it knows what is refused.
"""

import django_filters
from django import forms
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.contrib.django_filters import DjangoFilterExtension
from drf_spectacular.plumbing import build_basic_type
from drf_spectacular.types import OpenApiTypes
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination

BOOLEANS = {"true": True, "false": False}


def single_value(request, name: str) -> str | None:
    """The parameter's one value, None when it is absent; refused when given twice."""
    values = request.query_params.getlist(name)
    if len(values) > 1:
        raise ValidationError({name: [f"Give `{name}` once (it was given {len(values)} times)."]})
    return values[0] if values else None


def validated_query(request, serializer_class) -> dict:
    """The query parameters a serializer declares (also the operation's documented
    `parameters`), each given at most once, validated."""
    for name in serializer_class().fields:
        single_value(request, name)  # refuses a parameter given twice
    query = serializer_class(data=request.query_params)
    query.is_valid(raise_exception=True)
    return query.validated_data


def _whole_number(request, name: str, *, lowest: int, highest: int | None = None) -> int | None:
    value = single_value(request, name)
    if value is None:
        return None
    number = int(value) if value.isascii() and value.isdecimal() else None
    if number is None or number < lowest or (highest is not None and number > highest):
        bounds = f"from {lowest} to {highest}" if highest is not None else f"from {lowest} on"
        raise ValidationError({name: [f"`{name}` must be a whole number {bounds}."]})
    return number


class PageNumbers(PageNumberPagination):
    """?page=N, a whole number from 1 (a page past the last one is a 404)."""

    last_page_strings = ()  # "?page=last" would be a string the schema calls an integer

    def get_page_number(self, request, paginator):
        return _whole_number(request, self.page_query_param, lowest=1) or 1

    def get_page_size(self, request):
        if self.page_size_query_param:
            size = _whole_number(
                request, self.page_size_query_param, lowest=1, highest=self.max_page_size
            )
            if size is not None:
                return size
        return self.page_size

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 1
            if parameter["name"] == self.page_size_query_param and self.max_page_size:
                parameter["schema"]["maximum"] = self.max_page_size
        return parameters


class IntegerFilter(django_filters.NumberFilter):
    """A whole number (django-filter's NumberFilter takes decimals: "1.5" would find id 1)."""

    field_class = forms.IntegerField


class StrictFilterBackend(DjangoFilterBackend):
    """django-filter, refusing what it would otherwise ignore: a filter given twice, empty, or
    a boolean other than true/false (its widget reads "yes", "3" or "" as no filter at all)."""

    def get_filterset_kwargs(self, request, queryset, view):
        filterset_class = self.get_filterset_class(view, queryset)
        if filterset_class is not None:
            for name, declared in filterset_class.base_filters.items():
                value = single_value(request, name)
                if value == "":
                    raise ValidationError(
                        {name: [f"`{name}` is empty; leave it out to list without it."]}
                    )
                boolean = isinstance(declared, django_filters.BooleanFilter)
                if boolean and value is not None and value not in BOOLEANS:
                    raise ValidationError({name: [f"`{name}` must be true or false."]})
        return super().get_filterset_kwargs(request, queryset, view)


class StrictFilterExtension(DjangoFilterExtension):
    """The filters' bounds in the schema: integers as integers with their range, text with its
    length (at least 1: an empty filter is refused)."""

    target_class = "config.api_query.StrictFilterBackend"
    priority = 1

    def resolve_filter_field(self, auto_schema, model, filterset_class, field_name, filter_field):
        parameters = super().resolve_filter_field(
            auto_schema, model, filterset_class, field_name, filter_field
        )
        extra = filter_field.extra
        for parameter in parameters:
            schema = parameter["schema"]
            if isinstance(filter_field, IntegerFilter):
                schema.update(build_basic_type(OpenApiTypes.INT))
            if schema.get("type") in ("integer", "number"):
                if extra.get("min_value") is not None:
                    schema["minimum"] = extra["min_value"]
                if extra.get("max_value") is not None:
                    schema["maximum"] = extra["max_value"]
            elif schema.get("type") == "string" and "enum" not in schema:
                if "format" not in schema:
                    schema["minLength"] = 1
                if extra.get("max_length") is not None:
                    schema["maxLength"] = extra["max_length"]
        return parameters
