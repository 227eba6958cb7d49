"""No input makes the API answer 500 or break its schema: every operation, as anonymous, a
player and the organiser, with malformed path values, query values and bodies. (Issue 12 runs a
schema-based fuzzer on top; this is the fast, deterministic floor.)"""

import pytest
from rest_framework.test import APIClient

from tests.api.schema_client import SchemaClient

pytestmark = pytest.mark.django_db

GARBAGE = [
    None, True, -1, 2**63, 10**30, 1.5, "", "\x00", "x" * 25_000, "ünï©ødé ✓", "1e400",
    [None], {"a": {"b": []}},
]  # fmt: skip
BAD_PATH_VALUES = ["0", "-1", "99999999999999999999", "1.5", "%00", "a b", "ñ", "x" * 300]
BAD_QUERY_VALUES = ["", "\x00", "-1", "9" * 30, "1.5", "true", "x" * 5000, "2026-13-45"]
ROLE_NAMES = ("anonymous", "player", "organiser")
# Bodies past the role check: the organiser everywhere, the player where players may write.
BODY_ROLES = {"organiser"}
PLAYER_WRITES = ("matches_report", "matches_confirm", "matches_life", "matches_turn",
                 "matches_first", "registrations_create")  # fmt: skip


def _operations():
    # The schema does not depend on data: generating it needs no database.
    from drf_spectacular.generators import SchemaGenerator

    spec = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(
        op["operationId"]
        for item in spec["paths"].values()
        for method, op in item.items()
        if method in ("get", "post", "patch", "delete")
    )


def _valid_path(world, name: str, template: str):
    if name == "slug":
        return world.slug
    if name == "key":
        return "3tst"
    if name == "code":
        return "tournament"
    if "/registrations/" in template:
        return world.registration.pk
    if "/rounds/" in template:
        return world.round.pk
    if name == "number":
        return 0
    if "/disputes/" in template:
        return _dispute(world).pk
    if "/branches/" in template:
        return _dispute(world).branches.first().pk
    if "/rulings/" in template:
        return _ruling(world).pk
    return world.match.pk


def _dispute(world):
    from judging import services as judging
    from judging.models import Dispute

    found = Dispute.objects.filter(match=world.match).first()
    return found or judging.dispute_open(match=world.match, title="Fuzz", by=world.event.organiser)


def _ruling(world):
    from judging import services as judging

    dispute = _dispute(world)
    if hasattr(dispute, "ruling"):
        return dispute.ruling
    return judging.ruling_record(
        dispute=dispute, question="q", answer="a", rules=[], upheld_branch=None,
        by=world.event.organiser, version=None,
    )  # fmt: skip


def _base_body(world, operation_id: str) -> dict:
    p1, p2 = world.match.player1_id, world.match.player2_id
    return {
        "events_create": {"name": "Fuzz", "date": "2026-12-01"},
        "events_partial_update": {"name": "Fuzz"},
        "registrations_create": {"event": world.slug, "display_name": "Fuzz"},
        "judge_invitations_create": {"event": world.slug, "username": "fuzz"},
        "rounds_create": {"event": world.slug},
        "rounds_swap_create": {"first": p1, "second": world.other_match.player2_id},
        "matches_result_create": {"games": [{"winner": p1}]},
        "matches_report_create": {"games": [{"winner": p2}]},
        "matches_life_create": {"delta1": -1, "reason": "combat"},
        "matches_extend_create": {"minutes": 5, "reason": "ruling"},
        "matches_first_create": {"side": 2},
        "auth_token_create": {"username": world.users["organiser"].username, "password": "x"},
        "teams_check_create": {"format": "tournament", "team_list": "x"},
        "registrations_check_in_create": {"checked_in": False},
        "disputes_create": {"match": world.match.pk, "title": "Fuzz"},
        "disputes_practice_create": {"title": "Fuzz", "team1": "x", "team2": "x"},
        "disputes_log_create": {"version": 1, "text": "game tournament"},
        "disputes_ruling_create": {"version": 1, "question": "q", "answer": "a", "rules": []},
        "branches_sequence_create": {"version": 1, "actions": "P1 pass"},
        "disputes_clock_create": {"action": "pause"},
        "branches_fork_create": {"version": 1, "step": 0, "replacement": "P1 pass"},
        "penalties_create": {
            "match": world.match.pk,
            "player": "P1",
            "kind": "warning",
            "reason": "x",
        },
    }.get(operation_id, {})


def _bodies(base: dict, properties: list[str]):
    yield from ([], "text", 0, {"unexpected": 1})
    for name in properties or list(base):
        for value in GARBAGE:
            yield {**base, name: value}
    for name in ("games",):
        if name in properties:
            yield {name: [{"winner": value} for value in (None, "x", 10**30)]}
            yield {name: [{}] * 4}


@pytest.mark.parametrize("operation_id", _operations())
def test_malformed_input_never_breaks_the_api(spec, operation_id, worlds):
    world = worlds["running"]  # each test's changes are rolled back after it
    clients = {}
    for role in ROLE_NAMES:
        client = APIClient()
        if world.users[role] is not None:
            client.force_authenticate(world.users[role])
        clients[role] = SchemaClient(client, spec)
    method, template, operation = clients["anonymous"].operations[operation_id]
    path_names = [p["name"] for p in operation.get("parameters", []) if p["in"] == "path"]
    query_names = [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"]
    valid_path = {name: _valid_path(world, name, template) for name in path_names}
    body_schema = (
        operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    ).get("schema", {})
    ref = body_schema.get("$ref", "").rsplit("/", 1)[-1]
    properties = list(spec["components"]["schemas"].get(ref, {}).get("properties", {}))
    has_body = "requestBody" in operation
    base = _base_body(world, operation_id)

    answers = 0
    for role, client in clients.items():
        for name in path_names if role != "player" else ():
            for value in BAD_PATH_VALUES:
                client.call(
                    operation_id,
                    path={**valid_path, name: value},
                    body=base if has_body else None,
                )
                answers += 1
        for name in query_names if role != "player" else ():
            for value in BAD_QUERY_VALUES:
                client.call(operation_id, path=valid_path, query={name: value})
                answers += 1
        writes = role in BODY_ROLES or (role == "player" and operation_id.startswith(PLAYER_WRITES))
        if has_body and writes:
            client.call(operation_id, path=valid_path, raw_body=b"{not json")
            client.call(operation_id, path=valid_path, raw_body=b"null")
            for body in _bodies(base, properties):
                client.call(operation_id, path=valid_path, body=body)
                answers += 1
    assert answers > 0 or method == "get"  # parameterless GETs are covered by the other tests
