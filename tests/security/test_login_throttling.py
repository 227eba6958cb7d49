"""Password guessing is refused: after LOGIN_FAILURE_LIMIT wrong passwords for an account, or
from one client address, every login for it is refused for the cool-off, on the login page
and on the API's token login alike, whatever X-Forwarded-For says and whether or not Redis
answers (django-axes, its failures in the database; settings AUTH)."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import SESSION_KEY
from django.test import Client, RequestFactory
from django.urls import reverse

from config.proxies import client_address
from tests.tournaments import factories
from tournaments.models import ApiToken

pytestmark = pytest.mark.django_db

PASSWORD = "pw-for-tests-only"  # tests.tournaments.factories.user
LOGIN = "/accounts/login/"
TOKEN = "/api/auth/token/"


def page_login(client: Client, username: str, password: str, **headers):
    return client.post(LOGIN, {"username": username, "password": password}, **headers)


def token_login(client: Client, username: str, password: str, **headers):
    return client.post(
        TOKEN, {"username": username, "password": password}, content_type="application/json",
        **headers,
    )  # fmt: skip


def logged_in(client: Client) -> bool:
    return SESSION_KEY in client.session


def test_fifty_wrong_passwords_then_the_right_one_is_refused_on_the_login_page(settings):
    user = factories.user("victim")
    client = Client()
    for attempt in range(50):
        answer = page_login(client, "victim", f"guess-{attempt}")
        assert answer.status_code in (200, 429), answer.status_code  # the form, then refused
    refused = page_login(client, "victim", PASSWORD)
    assert refused.status_code == 429
    assert not logged_in(client)
    page = refused.content.decode()
    assert "Too many failed logins for this account or from your address" in page
    assert f"refused for {settings.AXES_COOLOFF_TIME.seconds // 60} minutes" in page
    assert 'value="victim"' in page  # what was typed is kept
    assert refused["Retry-After"] == str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    # The lock is for the cool-off only: once it has passed, the right password logs in.
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.get().attempt_time - settings.AXES_COOLOFF_TIME
    )
    assert page_login(client, "victim", PASSWORD).status_code == 302
    assert client.session[SESSION_KEY] == str(user.pk)


def test_the_limit_is_the_configured_number_of_failures(settings):
    settings.AXES_FAILURE_LIMIT = 3
    factories.user("victim")
    client = Client()
    assert page_login(client, "victim", "wrong-1").status_code == 200
    assert page_login(client, "victim", "wrong-2").status_code == 200
    assert page_login(client, "victim", "wrong-3").status_code == 429  # the third one locks
    assert page_login(client, "victim", PASSWORD).status_code == 429


def test_fifty_wrong_passwords_then_the_right_one_is_refused_on_the_token_login(settings):
    factories.user("victim")
    client = Client()
    for attempt in range(50):
        answer = token_login(client, "victim", f"guess-{attempt}")
        assert answer.status_code in (401, 429), answer.status_code
    refused = token_login(client, "victim", PASSWORD)
    assert refused.status_code == 429
    assert refused.json()["code"] == "locked_out"
    assert "Too many failed logins" in refused.json()["message"]
    assert refused["Retry-After"] == str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    assert not ApiToken.objects.exists()


def test_failures_on_the_page_and_the_api_count_together(settings):
    settings.AXES_FAILURE_LIMIT = 4
    factories.user("victim")
    client = Client()
    page_login(client, "victim", "wrong-1")
    token_login(client, "victim", "wrong-2")
    page_login(client, "victim", "wrong-3")
    token_login(client, "victim", "wrong-4")
    assert token_login(client, "victim", PASSWORD).status_code == 429
    assert page_login(client, "victim", PASSWORD).status_code == 429


def test_an_account_is_locked_whatever_address_the_guesses_come_from():
    factories.user("victim")
    for attempt in range(50):
        page_login(Client(REMOTE_ADDR=f"198.51.100.{attempt + 1}"), "victim", f"guess-{attempt}")
    fresh_address = Client(REMOTE_ADDR="203.0.113.7")
    assert page_login(fresh_address, "victim", PASSWORD).status_code == 429
    assert token_login(fresh_address, "victim", PASSWORD).status_code == 429


def test_an_address_guessing_many_accounts_is_locked_but_not_the_others():
    for number in range(12):
        factories.user(f"member{number}")
    guesser = Client(REMOTE_ADDR="198.51.100.9")
    for number in range(11):  # one guess per account: password spraying
        page_login(guesser, f"member{number}", "Summer2026!")
    assert page_login(guesser, "member11", PASSWORD).status_code == 429
    # The accounts themselves are not locked: their owners, elsewhere, log in.
    assert page_login(Client(REMOTE_ADDR="203.0.113.7"), "member11", PASSWORD).status_code == 302


def test_rotating_x_forwarded_for_does_not_give_fresh_guesses(settings):
    """Behind one trusted proxy, the address the proxy appended is the client's; whatever the
    client wrote before it is ignored, so rotating it changes nothing."""
    settings.TRUSTED_PROXY_COUNT = 1
    for number in range(12):
        factories.user(f"member{number}")
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    for number in range(11):
        token_login(
            Client(**proxy), f"member{number}", "Summer2026!",
            HTTP_X_FORWARDED_FOR=f"192.0.2.{number + 1}, 198.51.100.9",
        )  # fmt: skip
    rotated = token_login(
        Client(**proxy), "member11", PASSWORD, HTTP_X_FORWARDED_FOR="192.0.2.200, 198.51.100.9"
    )
    assert rotated.status_code == 429
    # Another client behind the same proxy is another address, not locked.
    other = token_login(Client(**proxy), "member11", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert other.status_code == 200


def test_without_a_trusted_proxy_x_forwarded_for_is_ignored(settings):
    settings.TRUSTED_PROXY_COUNT = 0
    for number in range(12):
        factories.user(f"member{number}")
    for number in range(11):
        token_login(
            Client(REMOTE_ADDR="198.51.100.9"), f"member{number}", "Summer2026!",
            HTTP_X_FORWARDED_FOR=f"192.0.2.{number + 1}",
        )  # fmt: skip
    rotated = token_login(
        Client(REMOTE_ADDR="198.51.100.9"), "member11", PASSWORD, HTTP_X_FORWARDED_FOR="192.0.2.99"
    )
    assert rotated.status_code == 429


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "192.0.2.1", "10.0.0.2"),  # no proxy: the header is the client's own words
        (1, "192.0.2.1, 198.51.100.9", "198.51.100.9"),
        (2, "192.0.2.1, 198.51.100.9, 10.0.0.1", "198.51.100.9"),
        (2, "198.51.100.9", "10.0.0.2"),  # fewer entries than proxies: not through them all
        (1, "", "10.0.0.2"),
        (1, "192.0.2.1, not-an-address", "10.0.0.2"),  # a proxy's garbage counts as the proxy
        (1, "2001:db8::1", "2001:db8::1"),
    ],
)
def test_the_client_address_believes_only_the_trusted_proxies(
    settings, proxies, forwarded, expected
):
    settings.TRUSTED_PROXY_COUNT = proxies
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected


@pytest.fixture
def redis_unreachable(settings):
    """The production cache, pointed at a port where no Redis listens (connection refused):
    as when Redis is stopped on event day (tests/integration/test_faults_redis.py runs a real
    one and stops it)."""
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.ResilientRedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    from django.core.cache import cache

    cache.set("probe", "up")
    assert cache.get("probe") is None  # the cache is down (and says nothing)


def test_with_redis_unreachable_guessing_is_still_refused(redis_unreachable):
    factories.user("victim")
    factories.user("bystander")
    client = Client()
    for attempt in range(50):
        page_login(client, "victim", f"guess-{attempt}")
        token_login(client, "victim", f"guess-{attempt}")
    assert page_login(client, "victim", PASSWORD).status_code == 429
    assert token_login(client, "victim", PASSWORD).status_code == 429
    # The failures are kept in the database, so the count never depended on the cache; an
    # account nobody guessed at logs in as usual.
    assert page_login(Client(REMOTE_ADDR="203.0.113.7"), "bystander", PASSWORD).status_code == 302


def test_a_lockout_ends_after_the_cool_off_on_the_token_login(settings):
    settings.AXES_COOLOFF_TIME = timedelta(minutes=30)
    factories.user("victim")
    client = Client()
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        token_login(client, "victim", f"guess-{attempt}")
    refused = token_login(client, "victim", PASSWORD)
    assert refused.status_code == 429 and "30 minutes" in refused.json()["message"]
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=31)
    )
    assert token_login(client, "victim", PASSWORD).status_code == 200


def test_the_admin_login_is_throttled_too():
    factories.user("boss", is_staff=True, is_superuser=True)
    client = Client()
    for attempt in range(50):
        client.post(reverse("admin:login"), {"username": "boss", "password": f"guess-{attempt}"})
    refused = client.post(reverse("admin:login"), {"username": "boss", "password": PASSWORD})
    assert refused.status_code == 429
    assert not logged_in(client)


def test_the_schema_documents_the_lockout_on_the_token_login_only(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    answering_429 = [
        f"{method.upper()} {path}"
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if "429" in operation.get("responses", {})
    ]
    assert answering_429 == [f"POST {TOKEN}"]


def test_the_password_change_form_counts_and_refuses_guesses_like_a_login(settings):
    """A session left open is no unthrottled way to guess the account's password."""
    victim = factories.user("victim")
    thief = Client()
    thief.force_login(victim)
    new = "a-new-pass-phrase-24"

    def change(old: str):
        return thief.post(
            "/accounts/password_change/",
            {"old_password": old, "new_password1": new, "new_password2": new},
        )

    first = change("guess-0")
    assert first.status_code == 200 and "old password was entered incorrectly" in (
        first.content.decode()
    )
    for attempt in range(1, settings.AXES_FAILURE_LIMIT):
        assert change(f"guess-{attempt}").status_code in (200, 429)
    assert change(PASSWORD).status_code == 429
    victim.refresh_from_db()
    assert victim.check_password(PASSWORD)
    # The guesses count with the logins': the account is locked on the login page too.
    assert page_login(Client(REMOTE_ADDR="203.0.113.9"), "victim", PASSWORD).status_code == 429


def test_the_password_change_form_still_changes_a_password(settings):
    user = factories.user("holder")
    browser = Client()
    browser.force_login(user)
    new = "a-new-pass-phrase-24"
    changed = browser.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert changed.status_code == 302
    user.refresh_from_db()
    assert user.check_password(new)
    assert not AccessAttempt.objects.exists()
