"""The API's serializer fields: DRF's, holding a JSON body to the types the schema states.

DRF's fields convert what a form would send: a CharField takes 0 as "0", a BooleanField takes
"true", "1" or 1, an IntegerField takes "3" (and true as 1), a ChoiceField takes "1" for the
choice 1, a related field takes "3" for the id 3. In a JSON body each of these is a value the
schema forbids (a number where it says string, a string where it says boolean or integer), so
the API's fields refuse them with a 400 on the field instead of reading them as something else.

Every API serializer uses these fields; ModelSerializer below maps a model's fields to them.
The query serializers keep DRF's (a query string's values are all text).
"""

from rest_framework import serializers


def _is_number(value) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


class _Text:
    """Refuses what is not a JSON string."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            raise serializers.ValidationError("Must be text.", code="invalid")
        return super().to_internal_value(data)


class _WholeNumber:
    """Refuses what is not a JSON number (a string of digits, a boolean). 3.0 is an integer
    to JSON Schema too; 3.5 is refused by DRF's own check."""

    def to_internal_value(self, data):
        if not _is_number(data):
            raise serializers.ValidationError("Must be a whole number.", code="invalid")
        return super().to_internal_value(data)


class CharField(_Text, serializers.CharField):
    pass


class EmailField(_Text, serializers.EmailField):
    pass


class SlugField(_Text, serializers.SlugField):
    pass


class URLField(_Text, serializers.URLField):
    pass


class IntegerField(_WholeNumber, serializers.IntegerField):
    pass


class BigIntegerField(_WholeNumber, serializers.BigIntegerField):
    pass


class BooleanField(serializers.BooleanField):
    def to_internal_value(self, data):
        if not isinstance(data, bool):
            raise serializers.ValidationError("Must be true or false.", code="invalid")
        return data


def _same_kind(value, choice) -> bool:
    if isinstance(choice, str):
        return isinstance(value, str)
    if isinstance(choice, bool):
        return isinstance(value, bool)
    if _is_number(choice):
        return _is_number(value)
    return True


class ChoiceField(serializers.ChoiceField):
    """A choice of the type the choices have: "1" is not the choice 1, nor 1 the choice "1"."""

    def to_internal_value(self, data):
        if not any(_same_kind(data, choice) for choice in self.choices):
            self.fail("invalid_choice", input=data)
        return super().to_internal_value(data)


class SlugRelatedField(_Text, serializers.SlugRelatedField):
    pass


class PrimaryKeyRelatedField(serializers.PrimaryKeyRelatedField):
    def to_internal_value(self, data):
        if not _is_number(data):
            self.fail("incorrect_type", data_type=type(data).__name__)
        return super().to_internal_value(data)


# DRF's field for a model field -> the API's.
_STRICT = {
    serializers.CharField: CharField,
    serializers.EmailField: EmailField,
    serializers.SlugField: SlugField,
    serializers.URLField: URLField,
    serializers.IntegerField: IntegerField,
    serializers.BigIntegerField: BigIntegerField,
    serializers.BooleanField: BooleanField,
}


class ModelSerializer(serializers.ModelSerializer):
    """A ModelSerializer whose generated fields are the strict ones above."""

    serializer_field_mapping = {
        model_field: _STRICT.get(drf_field, drf_field)
        for model_field, drf_field in serializers.ModelSerializer.serializer_field_mapping.items()
    }
    serializer_related_field = PrimaryKeyRelatedField
    serializer_choice_field = ChoiceField
