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
    live.touch(EVENT_ID)
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
