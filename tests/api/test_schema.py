"""The OpenAPI schema is valid, complete and matches the routes; errors are documented."""

import re

import pytest
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver

pytestmark = pytest.mark.django_db


def test_the_schema_validates_with_no_generator_warnings(tmp_path):
    # Raises on an invalid schema, and on any warning (an unresolvable type, a missing hint).
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", tmp_path / "api.yaml")
    assert (tmp_path / "api.yaml").read_text().startswith("openapi: 3.0")


def _api_routes():
    """(path template in OpenAPI style, method) for every API route Django serves."""
    api = next(
        p for p in get_resolver().url_patterns
        if isinstance(p, URLResolver) and str(p.pattern) == "api/"
    )  # fmt: skip
    for pattern in api.url_patterns:
        assert isinstance(pattern, URLPattern)
        route = "/api/" + str(pattern.pattern).lstrip("^").rstrip("$")
        route = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"{\1}", route)
        route = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)
        route = route.replace("{pk}", "{id}")  # drf-spectacular names a pk by its field
        actions = getattr(pattern.callback, "actions", None)
        if actions is not None:
            methods = set(actions) - {"head", "options"}  # answered by DRF from GET
        else:
            view = pattern.callback.view_class
            methods = {m for m in ("get", "post", "put", "patch", "delete") if hasattr(view, m)}
        for method in methods:
            yield route, method


def test_every_api_route_is_in_the_schema_and_every_operation_is_served(spec):
    served = {(path, method) for path, method in _api_routes() if path != "/api/"}
    documented = {
        (path, method)
        for path, item in spec["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    }
    assert documented == served


def test_every_operation_documents_the_common_error_body(spec):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            codes = {"400", "401", "403", "404"} | ({"409"} if method != "get" else set())
            for code in codes:
                body = operation["responses"][code]["content"]["application/json"]["schema"]
                assert body == {"$ref": "#/components/schemas/ApiError"}, (path, method, code)


def test_event_operations_say_who_may_call_them(spec):
    for path, item in spec["paths"].items():
        if not path.startswith(
            ("/api/events", "/api/registrations", "/api/rounds", "/api/matches",
             "/api/disputes", "/api/branches", "/api/rulings", "/api/penalties")
        ):  # fmt: skip
            continue
        for method, operation in item.items():
            assert operation.get("summary"), (path, method)
    assert spec["components"]["securitySchemes"].keys() >= {"tokenAuth", "cookieAuth"}
