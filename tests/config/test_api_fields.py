"""The API's fields take what the schema says and refuse what DRF's would convert."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework import serializers

from config import api_fields
from tournaments.models import Event


class Body(serializers.Serializer):
    text = api_fields.CharField(required=False)
    flag = api_fields.BooleanField(required=False)
    count = api_fields.IntegerField(required=False, min_value=0)
    word = api_fields.ChoiceField(choices=["a", "1"], required=False)
    side = api_fields.ChoiceField(choices=[1, 2], required=False)
    event = api_fields.SlugRelatedField(
        slug_field="slug", queryset=Event.objects.none(), required=False
    )


def errors_of(data: dict) -> dict:
    body = Body(data=data)
    assert not body.is_valid()
    return body.errors


@pytest.mark.parametrize("value", [0, 1.5, True, [], {}])
def test_text_refuses_what_is_not_a_string(value):
    assert errors_of({"text": value}) == {"text": ["Must be text."]}


@pytest.mark.parametrize("value", ["true", "0", "1", 1, 0, None, []])
def test_a_boolean_is_true_or_false_only(value):
    assert "flag" in errors_of({"flag": value})


@pytest.mark.parametrize("value", ["3", True, False, "", [3]])
def test_a_whole_number_refuses_strings_and_booleans(value):
    assert errors_of({"count": value}) == {"count": ["Must be a whole number."]}


def test_a_whole_number_still_refuses_fractions_and_holds_its_bounds():
    assert "count" in errors_of({"count": 1.5})
    assert "count" in errors_of({"count": -1})


@pytest.mark.parametrize(("name", "value"), [("word", 1), ("side", "1"), ("side", True)])
def test_a_choice_is_of_its_choices_type(name, value):
    assert list(errors_of({name: value})) == [name]


def test_a_slug_refuses_a_number(db):
    assert errors_of({"event": 0}) == {"event": ["Must be text."]}


def test_well_typed_values_are_taken_as_sent():
    body = Body(data={"text": " x ", "flag": False, "count": 3.0, "word": "1", "side": 2})
    assert body.is_valid(), body.errors
    assert body.validated_data == {"text": "x", "flag": False, "count": 3, "word": "1", "side": 2}


class UserBody(api_fields.ModelSerializer):
    class Meta:
        model = get_user_model()
        fields = ["username", "email", "is_active", "groups"]


def test_a_model_serializer_gets_the_strict_fields(db):
    fields = UserBody().fields
    assert isinstance(fields["username"], api_fields.CharField)
    assert isinstance(fields["email"], api_fields.EmailField)
    assert isinstance(fields["is_active"], api_fields.BooleanField)
    assert isinstance(fields["groups"].child_relation, api_fields.PrimaryKeyRelatedField)
    body = UserBody(data={"username": 7, "email": 7, "is_active": "true", "groups": ["1"]})
    assert not body.is_valid()
    assert set(body.errors) == {"username", "email", "is_active", "groups"}
