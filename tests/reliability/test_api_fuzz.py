"""API fuzzing from the OpenAPI schema (schemathesis), with a fixed budget for CI.

Every operation the schema lists is called with generated requests, valid ones (positive) and
invalid ones (negative), as the event's organiser, as a player of its first match (both with
tokens) and anonymously, against the app in-process (WSGI). Every answer must be: not a server
error, a documented status code, the documented content type, and a body matching the
documented schema.

The budget is fixed and the run deterministic: `derandomize` draws the same examples on every
run, EXAMPLES per operation and role (about a minute for the whole API on PostgreSQL). Path
parameters are either generated or name objects that exist in the database, so that the fuzzer
reaches past the 404 into the views; an operation's writes accumulate during its test (a round
deleted, then a result for it...) and are rolled back after it.
"""

import json

import pytest
import schemathesis
from django.core import signals
from django.core.management import call_command
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from hypothesis import given
from rest_framework.response import Response
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from judging import services as judging_services
from tests import roles
from tests.reliability.existing_objects import existing_values, fuzzing, generated_cases
from tournaments.models import ApiToken

EXAMPLES = 15
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def _spec() -> dict:
    # The schema exactly as /api/schema/ serves it (generated without a request).
    return json.loads(json.dumps(SchemaGenerator().get_schema(request=None, public=True)))


SCHEMA = schemathesis.openapi.from_dict(_spec())
OPERATIONS = {
    f"{op.method.upper()} {op.path}": op for op in (r.ok() for r in SCHEMA.get_all_operations())
}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """One event (round 1 under way) and another, built once; each test's writes are rolled
    back after it, and the database is flushed after the module."""
    with django_db_blocker.unblock():
        try:
            world = roles.build(players=5, prefix="fuzz-")
            # A dispute at the first match (its teams loaded, the game's start), for the
            # dispute, branch and step operations to work on.
            judging_services.dispute_open(
                match=world.match, title="Who blocks?", by=world.users["judge"]
            )
            for role in ("organiser", "player"):
                ApiToken.issue(world.users[role])
            yield world
        finally:
            call_command("flush", interactive=False, verbosity=0)


@pytest.fixture
def app(world, db, settings):
    """The WSGI application, serving inside the test's transaction: like Django's test client,
    keep the handler from closing the connection at the end of each request."""
    settings.ALLOWED_HOSTS = ["localhost"]  # schemathesis' WSGI client asks for this host
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield get_wsgi_application()
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.mark.parametrize("role", ["organiser", "player", "anonymous"])
@pytest.mark.parametrize("label", sorted(OPERATIONS))
def test_the_api_answers_every_generated_request_as_documented(world, app, role, label):
    operation = OPERATIONS[label]
    headers = {}
    if role != "anonymous":
        headers["Authorization"] = f"Token {ApiToken.objects.get(user=world.users[role]).key}"
    strategy = generated_cases(operation, existing_values())

    @fuzzing(EXAMPLES)
    @given(case=strategy)
    def call(case):
        response = case.call(app=app, headers=headers)
        case.validate_response(response, checks=CHECKS, headers=headers)

    call()


def test_the_checks_catch_an_undocumented_answer(world, app, monkeypatch):
    """The harness can fail: a view answering a body its schema does not document is caught."""
    from tournaments.api.auth import TokenApi

    monkeypatch.setattr(TokenApi, "post", lambda self, request: Response({"token": 7}))
    case = OPERATIONS["POST /api/auth/token/"].Case(
        body={"username": "x", "password": "y"}, media_type="application/json"
    )
    response = case.call(app=app)
    with pytest.raises(FailureGroup) as caught:
        case.validate_response(response, checks=CHECKS)
    assert {"Response violates schema"} == {error.title for error in caught.value.exceptions}
