"""Every operation that takes a body refuses what its schema forbids with a 400 naming the field,
instead of converting it: a number where the schema says text (`"reason": 0`), a string or
number where it says boolean (`"pause_clock": "0"`), a string or boolean where it says integer,
a string where it says object or list (`"penalty": "{}"`); and a body that is not JSON (a form,
multipart) with a 415 in the API's error body.

The wrong value is put into a body that is otherwise valid, for a caller allowed to make the
call, so the 400 can only come from that field (it is the one the answer names)."""

import json
from urllib.parse import urlencode

import pytest
from rest_framework.test import APIClient

from tests.api.schema_client import SchemaClient
from tests.api.test_bad_input import _base_body, _valid_path

pytestmark = pytest.mark.django_db

# Values of another JSON type than the schema's, each one DRF's own fields would convert.
WRONG = {
    "string": [0, 1.5, True],
    "integer": ["3", True],
    "number": ["3", True],
    "boolean": ["true", "0", 1],
    "array": ["[]", {}],
    "object": ["{}", []],
}
# The caller who may make the call: the organiser, or a player of the match for their own
# report and its confirmation.
PLAYER_OPERATIONS = {"matches_report_create": "player", "matches_confirm_create": "opponent"}


def _body_operations():
    from drf_spectacular.generators import SchemaGenerator

    spec = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(
        op["operationId"]
        for item in spec["paths"].values()
        for method, op in item.items()
        if "requestBody" in op
    )


def _resolve(spec: dict, schema: dict) -> dict:
    """A property's schema with its $ref, allOf and nullable choice followed to a type."""
    while True:
        if "$ref" in schema:
            schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
        elif "allOf" in schema:
            schema = schema["allOf"][0]
        elif "oneOf" in schema or "anyOf" in schema:
            options = schema.get("oneOf") or schema.get("anyOf")
            schema = next(o for o in options if "NullEnum" not in o.get("$ref", ""))
        else:
            return schema


def _wrong_bodies(spec: dict, base: dict, schema: dict, prefix: str = ""):
    """(field path, body) for each property of `schema` given a value of another type, and
    for the items of lists and objects `base` holds."""
    for name, declared in _resolve(spec, schema).get("properties", {}).items():
        if declared.get("readOnly"):
            continue
        resolved = _resolve(spec, declared)
        kind = resolved.get("type")
        assert kind in WRONG, f"{prefix}{name}: no type in the schema ({resolved})"
        for value in WRONG[kind]:
            yield f"{prefix}{name}", {**base, name: value}
        given = base.get(name)
        if kind == "array" and given:
            item = resolved["items"]
            if isinstance(given[0], dict):
                for path, wrong in _wrong_bodies(spec, given[0], item, f"{prefix}{name}.0."):
                    yield path, {**base, name: [wrong, *given[1:]]}
            else:
                for value in WRONG[_resolve(spec, item)["type"]]:
                    yield f"{prefix}{name}.0", {**base, name: [value, *given[1:]]}


def _caller(world, operation_id: str):
    role = PLAYER_OPERATIONS.get(operation_id, "organiser")
    user = world.opponent if role == "opponent" else world.users[role]
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize("operation_id", _body_operations())
def test_a_value_of_the_wrong_type_is_refused_by_name(spec, worlds, operation_id):
    world = worlds["reported" if operation_id == "matches_confirm_create" else "running"]
    client = SchemaClient(_caller(world, operation_id), spec)
    method, template, operation = client.operations[operation_id]
    path = {
        p["name"]: _valid_path(world, p["name"], template)
        for p in operation.get("parameters", [])
        if p["in"] == "path"
    }
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    base = _base_body(world, operation_id)
    cases = list(_wrong_bodies(spec, base, schema))
    assert cases, f"{operation_id}: a body with no properties"
    for field, body in cases:
        answer = client.call(operation_id, path=path, body=body)
        assert answer.status == 400, (field, body, answer)
        named = answer.data.get("errors", {})
        # A nested object's own refusal is its non-field error ("penalty.non_field_errors").
        assert field in named or f"{field}.non_field_errors" in named, (field, body, answer)


@pytest.mark.parametrize("operation_id", _body_operations())
def test_a_body_that_is_not_json_is_refused_before_it_is_read(spec, worlds, operation_id):
    world = worlds["running"]
    client = SchemaClient(_caller(world, operation_id), spec)
    method, template, operation = client.operations[operation_id]
    assert list(operation["requestBody"]["content"]) == ["application/json"]
    path = {
        p["name"]: _valid_path(world, p["name"], template)
        for p in operation.get("parameters", [])
        if p["in"] == "path"
    }
    url = client._url(template, operation, path)
    body = _base_body(world, operation_id)
    form = urlencode(
        {k: json.dumps(v) if isinstance(v, list | dict) else v for k, v in body.items()}
    )
    # DRF reads an empty body of any type as no data, so the form says something.
    form = form or "x=0"
    sent = {
        "application/x-www-form-urlencoded": form,
        "multipart/form-data; boundary=B": (
            '--B\r\nContent-Disposition: form-data; name="x"\r\n\r\n0\r\n--B--\r\n'
        ),
    }
    for content_type, data in sent.items():
        response = getattr(client.client, method)(url, data, content_type=content_type)
        assert response.status_code == 415, (content_type, response.content)
        client.validate(operation_id, 415, response.json(), response["Content-Type"])
        assert response.json()["code"] == "unsupported_media_type"
