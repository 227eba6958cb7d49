"""API tests: every request goes through the schema-driven client (schema_client.py)."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.api.schema_client import SchemaClient
from tests.tournaments import factories


@pytest.fixture(scope="session")
def spec(django_db_setup, django_db_blocker):
    """The schema as a client downloads it, once per test session."""
    with django_db_blocker.unblock():
        response = Client().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


@pytest.fixture
def api(spec, db):
    return SchemaClient(APIClient(), spec)


def as_user(api: SchemaClient, user) -> SchemaClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user=user)
    return SchemaClient(client, api.spec)


@pytest.fixture
def organiser(db):
    return factories.user("orga")
