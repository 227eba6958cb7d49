"""After a change, everyone following an event asks for its page at once: one request renders
it, the others wait for that render instead of each rendering it again (the dogpile the load
benchmark showed); a render that fails or a cache that is down never leaves anyone waiting."""

import threading
import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotFound
from django.test import RequestFactory

from tournaments import live

EVENT_ID = 424242


@pytest.fixture(autouse=True)
def known_event(monkeypatch):
    monkeypatch.setattr(live, "event_id_for_slug", lambda slug: EVENT_ID)
    cache.delete(f"public:event:{EVENT_ID}:rendered")  # no earlier version rendered
    live.touch(EVENT_ID, roster=True)  # no earlier test's page bodies either
    yield
    page = f"public:page:{EVENT_ID}:{live.version(EVENT_ID)}:/events/open/?"
    keys = [page, f"{page}:rendering", f"{page}:warm", f"public:event:{EVENT_ID}:version"]
    cache.delete_many([*keys, f"public:event:{EVENT_ID}:rendered"])


def anonymous_get(path="/events/open/"):
    request = RequestFactory().get(path)
    request.user = AnonymousUser()
    return request


class SignedIn:
    is_authenticated = True


def slow_page(renders: list, *, status=200, seconds=0.3):
    @live.anonymous_page()
    def page(request, slug):
        renders.append(1)
        time.sleep(seconds)  # a cold render of a big event page
        if status != 200:
            return HttpResponseNotFound("gone")
        return HttpResponse(f"render {len(renders)}")

    return page


def ask_together(page, count: int, *, user=None) -> list:
    answers, start = [None] * count, threading.Barrier(count)

    def ask(index):
        request = anonymous_get()
        request.user = user or request.user
        start.wait()
        answers[index] = page(request, slug="open")

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return answers


def test_concurrent_first_views_after_a_change_render_the_page_once():
    renders: list = []
    answers = ask_together(slow_page(renders), 8)
    assert len(renders) == 1
    assert {a.status_code for a in answers} == {200}
    assert {a.content for a in answers} == {b"render 1"}


def test_a_render_that_is_not_cached_lets_the_waiting_requests_render_themselves():
    renders: list = []
    answers = ask_together(slow_page(renders, status=404, seconds=0.1), 4)
    assert {a.status_code for a in answers} == {404}
    assert 2 <= len(renders) <= 4  # nobody waited the full RENDER_WAIT_SECONDS for nothing


def test_without_a_working_cache_every_request_renders_at_once(monkeypatch):
    class Down:  # what config.cache.ResilientRedisCache answers while Redis is down
        def get(self, key, default=None):
            return default

        def get_many(self, keys):
            return {}

        def get_or_set(self, key, default, timeout=None):
            return default() if callable(default) else default

        def add(self, *args, **kwargs):
            return False

        def set(self, *args, **kwargs):
            return None

        def set_many(self, *args, **kwargs):
            return []

        def has_key(self, *args, **kwargs):
            return False

        def delete(self, *args, **kwargs):
            return False

        def delete_many(self, *args, **kwargs):
            return None

    monkeypatch.setattr(live, "cache", Down())
    renders: list = []
    started = time.monotonic()
    answers = ask_together(slow_page(renders, seconds=0.05), 3)
    assert len(renders) == 3 and {a.status_code for a in answers} == {200}
    assert time.monotonic() - started < live.RENDER_WAIT_SECONDS / 2


def test_signed_in_first_views_after_a_change_wait_for_one_render_of_the_shared_fragments():
    spans: list = []

    @live.anonymous_page()
    def page(request, slug):
        started = time.monotonic()
        time.sleep(0.3 if not spans else 0.05)  # the first render fills the fragment caches
        spans.append((started, time.monotonic()))
        return HttpResponse("yours")

    answers = ask_together(page, 6, user=SignedIn())
    assert {a.content for a in answers} == {b"yours"}
    assert len(spans) == 6  # each signed-in visitor still gets their own page
    first_end = min(end for _, end in spans)
    assert sum(1 for start, _ in spans if start < first_end) == 1


def test_while_a_new_version_renders_the_others_get_the_previous_one_at_once():
    renders: list = []
    page = slow_page(renders, seconds=0.05)
    assert page(anonymous_get(), slug="open").content == b"render 1"  # version 1, cached
    old = live.version(EVENT_ID)
    live.touch(EVENT_ID)  # a result: version 2, rendered by a slow first request
    key = f"public:page:{EVENT_ID}:{live.version(EVENT_ID)}:/events/open/?"
    assert cache.add(f"{key}:rendering", 1, timeout=5)
    try:
        started = time.monotonic()
        answer = page(anonymous_get(), slug="open")
        assert answer.content == b"render 1" and time.monotonic() - started < 0.5
    finally:
        cache.delete_many([f"{key}:rendering", f"public:page:{EVENT_ID}:{old}:/events/open/?"])
    assert page(anonymous_get(), slug="open").content == b"render 2"  # then the new one
    cache.delete_many([key, f"{key}:warm"])


def test_signed_in_views_of_a_page_that_cannot_show_an_older_body_still_wait_for_the_render():
    live._rendered(EVENT_ID, "an-older-version")  # an earlier version was rendered
    spans: list = []

    @live.anonymous_page()  # a player or round page: no stale_body
    def page(request, slug):
        started = time.monotonic()
        time.sleep(0.3 if not spans else 0.05)
        spans.append((started, time.monotonic()))
        return HttpResponse("yours")

    ask_together(page, 4, user=SignedIn())
    first_end = min(end for _, end in spans)
    assert sum(1 for start, _ in spans if start < first_end) == 1


# -- Stale while revalidating: the event page's first visitor of a new version ----------------
def event_page(renders: list, *, fail_after: int | None = None):
    """A page that can show an older body (the event page: `stale_body`)."""

    @live.anonymous_page(stale_body=True)
    def page(request, slug):
        renders.append(1)
        if fail_after is not None and len(renders) > fail_after:
            raise RuntimeError("template error")
        return HttpResponse(f"render {len(renders)}")

    return page


@pytest.mark.django_db  # closing an answer ends its request: connections are closed
def test_the_first_visitor_of_a_new_version_gets_the_recent_page_and_renders_the_new_one_after():
    renders: list = []
    page = event_page(renders)
    assert page(anonymous_get(), slug="open").content == b"render 1"
    live.touch(EVENT_ID)  # a change no writing request claimed (nobody renders it for them)

    answer = page(anonymous_get(), slug="open")
    assert answer.content == b"render 1" and len(renders) == 1  # at once, not rendered yet
    key = live.page_key(EVENT_ID, live.version(EVENT_ID), "/events/open/", "")
    assert cache.get(f"{key}:rendering")  # the others get the same body meanwhile
    assert page(anonymous_get(), slug="open").content == b"render 1" and len(renders) == 1

    answer.close()  # the answer has gone out: the new version is rendered, once
    assert len(renders) == 2 and cache.get(key) == b"render 2"
    assert cache.get(f"{key}:rendering") is None
    assert page(anonymous_get(), slug="open").content == b"render 2" and len(renders) == 2


def test_a_page_older_than_a_moment_is_not_shown_to_the_first_visitor(monkeypatch):
    renders: list = []
    page = event_page(renders)
    assert page(anonymous_get(), slug="open").content == b"render 1"
    live.touch(EVENT_ID)
    monkeypatch.setattr(live, "STALE_SECONDS", -1)  # the page rendered "long ago"
    assert page(anonymous_get(), slug="open").content == b"render 2"  # rendered here


@pytest.mark.django_db  # closing an answer ends its request: connections are closed
def test_a_render_after_a_stale_answer_that_fails_is_logged_and_leaves_nothing_held(caplog):
    renders: list = []
    page = event_page(renders, fail_after=1)
    page(anonymous_get(), slug="open")
    live.touch(EVENT_ID)
    answer = page(anonymous_get(), slug="open")
    answer.close()  # never raises: the answer has gone out already
    assert "after a stale answer failed" in caplog.text
    key = live.page_key(EVENT_ID, live.version(EVENT_ID), "/events/open/", "")
    assert cache.get(key) is None and cache.get(f"{key}:rendering") is None


def test_another_events_or_roster_s_body_is_never_the_stale_page():
    renders: list = []
    page = event_page(renders)
    page(anonymous_get(), slug="open")
    live.touch(EVENT_ID, roster=True)  # a new roster (a new event under a reused id, say)
    assert page(anonymous_get(), slug="open").content == b"render 2"


def test_while_another_renders_visitors_get_the_newest_anonymous_body_whatever_was_marked():
    """A signed-in render marks its version rendered without caching an anonymous body: the
    anonymous visitors still get the newest body there is, not a wait."""
    renders: list = []
    page = event_page(renders)
    page(anonymous_get(), slug="open")
    live.touch(EVENT_ID)
    live._rendered(EVENT_ID, live.version(EVENT_ID))  # signed in, this version: no anonymous body
    live.touch(EVENT_ID)
    key = live.page_key(EVENT_ID, live.version(EVENT_ID), "/events/open/", "")
    assert cache.add(f"{key}:rendering", 1, timeout=5)  # someone renders the newest version
    try:
        started = time.monotonic()
        assert page(anonymous_get(), slug="open").content == b"render 1"
        assert time.monotonic() - started < 0.5 and len(renders) == 1
    finally:
        cache.delete(f"{key}:rendering")


def test_a_page_cached_between_the_two_looks_is_served_not_rendered_again(monkeypatch):
    renders: list = []
    page = event_page(renders)
    take = live._renders_here

    def cached_meanwhile(rendering, writer):  # the writer's render lands just before
        cache.set(rendering.removesuffix(":rendering"), b"the writer's render")
        return take(rendering, writer)

    monkeypatch.setattr(live, "_renders_here", cached_meanwhile)
    assert page(anonymous_get(), slug="open").content == b"the writer's render"
    key = live.page_key(EVENT_ID, live.version(EVENT_ID), "/events/open/", "")
    assert renders == [] and cache.get(f"{key}:rendering") is None
    cache.delete(key)


def test_a_writing_request_claims_its_version_before_anyone_can_read_it(monkeypatch):
    published = []
    set_many = live.cache.set_many

    def publishing(tokens, *args, **kwargs):
        token = tokens.get(f"public:event:{EVENT_ID}:version")
        if token is not None:
            published.append(cache.get(live._writer_key(EVENT_ID, token)))
        return set_many(tokens, *args, **kwargs)

    monkeypatch.setattr(live.cache, "set_many", publishing)
    live._written.claims = []
    try:
        live.touch(EVENT_ID)
    finally:
        cache.delete_many(live._written.claims)
        live._written.claims = None
    assert published == [1]
