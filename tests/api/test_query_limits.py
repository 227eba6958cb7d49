"""The schema declares the limits the server enforces, and the server refuses what the schema
forbids: pages from 1, page sizes 1..200, round numbers from 1, non-empty names; a parameter
given twice, a page that is not a number and a check-in body that is not an object are 400s."""

import pytest
from rest_framework.test import APIClient

from tests import roles

pytestmark = pytest.mark.django_db


def _query(spec, path, name, method="get"):
    parameters = spec["paths"][path][method]["parameters"]
    return next(p["schema"] for p in parameters if p["in"] == "query" and p["name"] == name)


def _body(spec, path, method="post"):
    ref = spec["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]
    return spec["components"]["schemas"][ref["$ref"].rsplit("/", 1)[-1]]


def test_the_schema_declares_page_round_and_name_limits(spec):
    assert _query(spec, "/api/rounds/", "page")["minimum"] == 1
    assert _query(spec, "/api/cards/", "page")["minimum"] == 1  # the default pagination too
    page_size = _query(spec, "/api/matches/", "page_size")
    assert (page_size["minimum"], page_size["maximum"]) == (1, 200)
    assert _query(spec, "/api/matches/", "round")["minimum"] == 1
    assert _query(spec, "/api/rounds/", "number")["minimum"] == 1
    assert _query(spec, "/api/events/{slug}/standings/", "after_round")["minimum"] == 1
    # ids filtered by are whole numbers, not any number
    assert _query(spec, "/api/disputes/", "match")["type"] == "integer"
    assert _query(spec, "/api/registrations/", "q")["minLength"] == 1
    assert _body(spec, "/api/registrations/")["properties"]["display_name"]["minLength"] == 1
    assert _body(spec, "/api/events/")["properties"]["name"]["minLength"] == 1
    check_in = _body(spec, "/api/registrations/{id}/check-in/")
    assert check_in["type"] == "object"


@pytest.fixture
def organiser_client():
    world = roles.build(players=4, prefix="limits-")
    client = APIClient()
    client.force_authenticate(world.users["organiser"])
    return client, world


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("page=0", "page"),
        ("page=last", "page"),
        ("page=abc", "page"),
        ("page=1&page=2", "page"),
        ("page_size=0", "page_size"),
        ("page_size=201", "page_size"),
        ("page_size=x", "page_size"),
        ("page_size=2&page_size=3", "page_size"),
        ("number=0", "number"),
        ("number=1.5", "number"),
        ("stage=", "stage"),
        ("event=a&event=b", "event"),
    ],
)
def test_a_query_the_schema_forbids_is_refused_naming_the_parameter(organiser_client, query, field):
    client, _ = organiser_client
    response = client.get(f"/api/rounds/?{query}")
    assert response.status_code == 400, response.content
    assert field in response.json()["errors"]


@pytest.mark.parametrize("value", ["yes", "1", "", "True"])
def test_a_boolean_filter_takes_only_true_or_false(organiser_client, value):
    client, world = organiser_client
    response = client.get(f"/api/registrations/?event={world.event.slug}&checked_in={value}")
    assert response.status_code == 400
    assert "checked_in" in response.json()["errors"]
    answer = client.get(f"/api/registrations/?event={world.event.slug}&checked_in=true")
    assert answer.status_code == 200


def test_the_limits_still_let_every_valid_page_through(organiser_client):
    client, world = organiser_client
    first = client.get(f"/api/registrations/?event={world.event.slug}&page_size=3&page=1")
    assert first.status_code == 200 and len(first.json()["results"]) == 3
    second = client.get(f"/api/registrations/?event={world.event.slug}&page_size=3&page=2")
    assert second.status_code == 200 and len(second.json()["results"]) == 1
    assert client.get("/api/rounds/?page=99").status_code == 404  # past the last page


@pytest.mark.parametrize("body", [[], [1], "yes", 3])
def test_a_check_in_body_that_is_not_an_object_is_refused(organiser_client, body):
    client, world = organiser_client
    registration = world.event.registrations.first()
    before = registration.checked_in
    response = client.post(f"/api/registrations/{registration.pk}/check-in/", body, format="json")
    assert response.status_code == 400
    registration.refresh_from_db()
    assert registration.checked_in == before


def test_a_repeated_query_parameter_outside_filters_is_refused(organiser_client):
    client, world = organiser_client
    standings = client.get(f"/api/events/{world.event.slug}/standings/?after_round=1&after_round=2")
    assert standings.status_code == 400 and "after_round" in standings.json()["errors"]
    reports = client.get("/api/reports/?event=")
    assert reports.status_code == 400 and "event" in reports.json()["errors"]
