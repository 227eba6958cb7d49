"""Session authentication: the browser's own login works on the API, and its writes need the
CSRF token (a page elsewhere cannot write in the user's name)."""

import pytest
from django.test import Client

from tests.api.schema_client import SchemaClient
from tests.tournaments import factories

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("shared_catalogue")]


def test_a_signed_in_browser_reads_and_writes_with_its_csrf_token(spec):
    factories.user("sally")
    browser = Client(enforce_csrf_checks=True)
    browser.get("/accounts/login/")  # the login form sets the CSRF cookie
    token = browser.cookies["csrftoken"].value
    signed_in = browser.post(
        "/accounts/login/",
        {"username": "sally", "password": "pw-for-tests-only", "csrfmiddlewaretoken": token},
    )
    assert signed_in.status_code == 302

    api = SchemaClient(browser, spec)
    assert api.call("events_list", query={"role": "organiser"}, expect=200).data["count"] == 0
    event = {"name": "Session Cup", "date": "2026-12-12"}
    forged = browser.post("/api/events/", event, content_type="application/json")
    assert forged.status_code == 403 and "CSRF" in forged.json()["message"]
    api.validate("events_create", forged.status_code, forged.json(), forged["Content-Type"])

    token = browser.cookies["csrftoken"].value  # rotated at login
    made = browser.post(
        "/api/events/", event, content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    assert made.status_code == 201 and made.json()["your_roles"] == ["organiser"]
    api.validate("events_create", made.status_code, made.json(), made["Content-Type"])

    browser.post("/accounts/logout/", HTTP_X_CSRFTOKEN=token)
    anonymous = browser.post(
        "/api/events/", event, content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    assert anonymous.status_code in (401, 403)
