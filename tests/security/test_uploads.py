"""What people send is size-limited and type-checked, with an error that says what is wrong.

Nothing in the project takes a file: team lists, game logs and card data are pasted text (card
files are read by `manage.py import_cards` from the server's disk). So:
- every text field has a length limit, refused by name (team lists 20 000 characters, game
  logs 100 000);
- a request body over DATA_UPLOAD_MAX_MEMORY_SIZE is refused whole with a 400 that says so
  (a page for people, the API's "too_large" error), a page's multipart body with files included;
- a file sent instead of pasted text is refused with a 400 that says so (not dropped in
  silence); the API reads JSON bodies only, and answers anything else (a form, multipart with
  or without files) with a 415 before reading it.
"""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.test.client import MULTIPART_CONTENT
from django.urls import reverse

from config.views import FILES_REFUSED
from judging import services as judging_services
from tests import roles
from tests.judging.logs import BOARD
from tournaments.models import ApiToken, Registration

pytestmark = pytest.mark.django_db
TOO_LARGE = "The request is too large: at most 10 MB"


@pytest.fixture
def world():
    return roles.build(started=False, players=4)


@pytest.fixture
def organiser(world):
    client = Client()
    client.force_login(world.event.organiser)
    return client


@pytest.fixture
def api(world):
    token = ApiToken.issue(world.event.organiser)
    return Client(HTTP_AUTHORIZATION=f"Token {token.key}")


def over_the_limit(settings) -> str:
    return "y" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)


def test_an_oversized_form_is_refused_with_a_page_that_says_so(world, organiser, settings):
    before = Registration.objects.count()
    response = organiser.post(
        reverse("manage:event", args=[world.slug]),
        {"register-display_name": "Big", "register-team_list": over_the_limit(settings)},
    )
    assert response.status_code == 400
    assert TOO_LARGE in response.content.decode()
    assert Registration.objects.count() == before


def test_an_oversized_api_body_is_refused_with_the_api_error(world, api, settings):
    body = {"event": world.slug, "display_name": "Big", "team_list": over_the_limit(settings)}
    response = api.post("/api/registrations/", json.dumps(body), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "too_large"
    assert response.json()["message"].startswith(TOO_LARGE)


def test_an_oversized_file_upload_is_refused_before_it_is_read(world, organiser, api, settings):
    big = SimpleUploadedFile("team.txt", over_the_limit(settings).encode())
    page = organiser.post(
        reverse("manage:event", args=[world.slug]),
        {"register-display_name": "F", "register-team_list": big},
    )
    assert page.status_code == 400 and TOO_LARGE in page.content.decode()
    big.seek(0)
    answer = api.post(
        "/api/registrations/", {"event": world.slug, "display_name": "F", "team_list": big}
    )  # the test client sends a dict as multipart
    assert answer.status_code == 415 and answer.json()["code"] == "unsupported_media_type"


def test_a_file_instead_of_a_team_list_is_refused_saying_so(world, organiser, api):
    before = Registration.objects.count()
    upload = SimpleUploadedFile("team.txt", b"1avx\n2avx\n", content_type="text/plain")
    answer = api.post(
        "/api/registrations/", {"event": world.slug, "display_name": "F", "team_list": upload}
    )  # the test client sends a dict as multipart
    assert answer.status_code == 415
    assert answer.json() == {
        "code": "unsupported_media_type",
        "message": f'Unsupported media type "{MULTIPART_CONTENT}" in request.',
    }
    # Signed in by session, with the CSRF check on (it reads the form's token): the API's own
    # parsers read the body, so the file is a 415 here too, never Django's form parsing.
    session = Client(enforce_csrf_checks=True)
    session.force_login(world.event.organiser)
    session.get(reverse("login"))
    upload.seek(0)
    answer = session.post(
        "/api/registrations/",
        {"event": world.slug, "display_name": "F", "team_list": upload},
        HTTP_X_CSRFTOKEN=session.cookies["csrftoken"].value,
    )
    assert answer.status_code == 415 and answer.json()["code"] == "unsupported_media_type"
    upload.seek(0)
    page = organiser.post(
        reverse("manage:event", args=[world.slug]),
        {"register-display_name": "F", "register-team_list": upload},
    )
    assert page.status_code == 400 and FILES_REFUSED in page.content.decode()
    assert Registration.objects.count() == before


def test_the_api_refuses_a_body_that_is_not_json(world, api):
    response = api.post("/api/registrations/", "Player: Ann", content_type="text/plain")
    assert response.status_code == 415
    assert response.json() == {
        "code": "unsupported_media_type",
        "message": 'Unsupported media type "text/plain" in request.',
    }


def test_a_team_list_over_its_length_is_refused_by_name(world, organiser, api):
    long_list = "1avx\n" * 4001  # 20 005 characters
    page = organiser.post(
        reverse("manage:event", args=[world.slug]),
        {"register-display_name": "L", "register-team_list": long_list},
    )
    assert "Ensure this value has at most 20000 characters" in page.content.decode()
    answer = api.post(
        "/api/registrations/",
        {"event": world.slug, "display_name": "L", "team_list": long_list},
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert list(answer.json()["errors"]) == ["team_list"]


def test_a_game_log_over_its_length_is_refused_by_name(world):
    services_world = roles.build(prefix="judged-")
    judge = services_world.users["judge"]
    dispute = judging_services.dispute_open(match=services_world.match, title="Long", by=judge)
    teams = "\n".join(line for line in dispute.setup.splitlines() if " team " in line)
    text = f"game tournament life 20 first P1\n{teams}\n{BOARD}" + "P2 pass\nP1 pass\n" * 7000
    assert len(text) > 100_000
    client = Client()
    client.force_login(judge)
    response = client.post(
        reverse("judging:log", args=[dispute.pk]), {"text": text, "version": dispute.version}
    )
    assert response.status_code == 200
    assert "Ensure this value has at most 100000 characters" in response.content.decode()
    dispute.refresh_from_db()
    assert "P2 pass" not in dispute.setup and not dispute.branches.exclude(actions="").exists()
