"""Sessions read from the cache (config.sessions): no query for a signed-in request's session,
logout ends it everywhere, and the cached copy lives a few minutes at most."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.sessions import CACHED_SECONDS, SessionStore

pytestmark = pytest.mark.django_db


@pytest.fixture
def cached_sessions(settings):
    settings.SESSION_ENGINE = "config.sessions"
    cache.clear()


def test_a_signed_in_request_reads_its_session_from_the_cache(cached_sessions, client):
    user = get_user_model().objects.create_user("reader", password="pw-long-enough-1")
    client.force_login(user)
    client.get("/healthz")  # the session is cached by its first read at the latest
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/accounts/password_change/").status_code == 200
    assert not [q for q in queries if "django_session" in q["sql"]]


def test_logout_ends_the_session_in_the_cache_too(cached_sessions, client):
    user = get_user_model().objects.create_user("leaver", password="pw-long-enough-1")
    client.force_login(user)
    key = client.cookies["sessionid"].value
    assert SessionStore(key).load()  # cached now
    client.post("/accounts/logout/")
    assert SessionStore(key).load() == {}
    assert client.get("/accounts/password_change/").status_code == 302  # to the login page


def test_the_cached_copy_lives_minutes_not_the_sessions_two_weeks(cached_sessions, monkeypatch):
    lifetimes = []
    real_set = cache.set
    monkeypatch.setattr(
        cache, "set", lambda key, value, timeout=None, **kw: lifetimes.append(timeout)
        or real_set(key, value, timeout, **kw)
    )  # fmt: skip
    store = SessionStore()
    store["x"] = 1
    store.save()
    SessionStore(store.session_key).load()
    assert lifetimes and all(0 < t <= CACHED_SECONDS for t in lifetimes)
    assert store.get_expiry_age() > CACHED_SECONDS  # the session itself lives on
