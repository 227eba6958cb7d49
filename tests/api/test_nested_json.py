"""Issue 24, finding 4: an anonymous POST of 5,000 nested `[` (10 KB) to `/api/auth/token/` or
`/api/teams/check/` was an HTML 500 (Python's json recursing into a RecursionError). JSON is
now checked for nesting before it is parsed (config/parsers.py): deeper than
`API_JSON_MAX_DEPTH` (64) is a 400 in the API's error body, on every endpoint."""

import pytest
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.parsers import JSONParser
from rest_framework.test import APIClient

from config.parsers import NestingLimitedJSONParser, nesting_beyond
from tests.api.schema_client import SchemaClient
from tests.api.test_bad_input import _valid_path

pytestmark = pytest.mark.django_db

ATTACK = b"[" * 5000


def _post(url: str, body: bytes):
    return Client(raise_request_exception=False).post(
        url, data=body, content_type="application/json"
    )


@pytest.mark.parametrize("url", ["/api/auth/token/", "/api/teams/check/"])
def test_five_thousand_nested_brackets_are_a_clean_400_not_a_500(url):
    response = _post(url, ATTACK)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "code": "nested_too_deeply",
        "message": "The JSON body nests deeper than 64 levels (at byte 64); no request of this "
        "API nests more than a few.",
    }


def test_nesting_is_counted_outside_strings_only():
    assert nesting_beyond(b'{"a": [[1]]}', 3) is None
    assert nesting_beyond(b'{"a": [[[1]]]}', 3) == 8
    # Brackets and escaped quotes inside strings are text, not nesting.
    assert nesting_beyond(b'["[[[[", "\\"[[[[\\\\", {"k": "}}]]"}]', 2) is None
    assert nesting_beyond(b"[]" * 10_000, 1) is None  # wide is fine, only deep is refused
    assert nesting_beyond(b'"unterminated [[[', 1) == 15


def test_a_team_list_of_brackets_is_text_and_still_checked(shared_catalogue):
    response = _post(
        "/api/teams/check/", b'{"format": "tournament", "team_list": "' + ATTACK + b'"}'
    )
    assert response.status_code == 400
    assert response.json()["message"] == "The team list names no cards."


def test_the_limit_is_a_setting_and_a_body_within_it_is_parsed(shared_catalogue):
    within = b'{"format": "tournament", "team_list": ' + b"[" * 63 + b"]" * 63 + b"}"
    answer = _post("/api/teams/check/", within).json()
    assert answer["code"] == "invalid" and "team_list" in answer["errors"]
    with override_settings(API_JSON_MAX_DEPTH=2):
        answer = _post("/api/teams/check/", b'{"format": "tournament", "team_list": [[]]}')
        assert answer.json()["code"] == "nested_too_deeply"
        assert "deeper than 2 levels (at byte 39)" in answer.json()["message"]


def _write_operations():
    from drf_spectacular.generators import SchemaGenerator

    spec = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(
        op["operationId"]
        for item in spec["paths"].values()
        for method, op in item.items()
        if method in ("post", "put", "patch") and "requestBody" in op
    )


@pytest.mark.parametrize("operation_id", _write_operations())
def test_every_operation_that_takes_json_refuses_deep_nesting(spec, worlds, operation_id):
    world = worlds["running"]
    client = APIClient()
    # Each as someone the operation lets through to its body: a match's report is its player's.
    reporting = operation_id.startswith(("matches_report", "matches_confirm"))
    client.force_authenticate(world.users["player" if reporting else "organiser"])
    api = SchemaClient(client, spec)
    _, template, operation = api.operations[operation_id]
    path = {
        p["name"]: _valid_path(world, p["name"], template)
        for p in operation.get("parameters", [])
        if p["in"] == "path"
    }
    answer = api.call(operation_id, path=path, raw_body=ATTACK)  # checks the documented body
    assert (answer.status, answer.data["code"]) == (400, "nested_too_deeply")


def test_an_unexpected_error_in_the_api_is_a_json_500_not_a_page(monkeypatch):
    from rules.api import TeamCheckApi

    def broken(self, request):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(TeamCheckApi, "post", broken)
    response = _post("/api/teams/check/", b"{}")
    assert response.status_code == 500
    assert response.json() == {
        "code": "server_error",
        "message": "The server failed to answer this request; it has been logged.",
    }
    assert Client(raise_request_exception=False).get("/no-such-page/").status_code == 404


def _views(resolver=None):
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _views(pattern)
        elif isinstance(pattern, URLPattern):
            view = getattr(pattern.callback, "cls", None) or getattr(
                pattern.callback, "view_class", None
            )
            if view is not None and hasattr(view, "parser_classes"):
                yield view


def test_no_api_view_reads_json_with_an_unlimited_parser():
    views = set(_views())
    assert len(views) > 10  # the API's viewsets and views were found
    for view in views:
        for parser in view.parser_classes:
            if issubclass(parser, JSONParser):
                assert issubclass(parser, NestingLimitedJSONParser), view
