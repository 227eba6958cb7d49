"""What the public pages show changes only when someone writes: a result, a pairing, a
registration, the round clock. Each event has a version token in the cache, replaced after every
such write commits (tournaments.signals); the pages' cached fragments and the live-update
endpoint key on it, so a phone polling for news costs two cache reads and no query.
"""

import functools
import logging
import secrets
import threading
import time
from typing import NamedTuple

from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.utils import timezone

logger = logging.getLogger(__name__)

# Fragments of an old version are never read again; they only need to expire eventually.
FRAGMENT_SECONDS = 60 * 60
SUMMARY_SECONDS = 60 * 60
# After a change, everyone following the event asks for the page within seconds: one request
# renders it and the others wait for its result (at most this long), instead of all rendering.
RENDER_WAIT_SECONDS = 10
# A request that is first to ask for a page of a new version answers with the page's previous
# body if it was rendered at most this long ago, and renders the new version after its answer.
STALE_SECONDS = 60


def _version_key(event_id: int) -> str:
    return f"public:event:{event_id}:version"


def _slug_key(slug: str) -> str:
    return f"public:slug:{slug}"


def version(event_id: int) -> str:
    """The event's current version token (a fresh one after a cache flush)."""
    return cache.get_or_set(_version_key(event_id), lambda: secrets.token_hex(6), timeout=None)


def version_of(request, slug: str) -> tuple[int, str] | None:
    """The event id and version a request reads: as anonymous_page looked them up for it, or
    looked up now; None for an unknown slug."""
    found = getattr(request, "public_version", None)
    if found is not None:
        return found
    event_id = event_id_for_slug(slug)
    return None if event_id is None else (event_id, version(event_id))


def _latest_key(event_id: int) -> str:
    return f"public:event:{event_id}:rendered"


def latest_rendered(event_id: int) -> str | None:
    """The newest version of the event whose pages have been rendered (their shared fragments
    cached): what a signed-in visitor's page is built from while the current version is being
    rendered (stale for a moment, never waiting for the render)."""
    return cache.get(_latest_key(event_id))


def _rendered(event_id: int, current: str) -> None:
    cache.set(_latest_key(event_id), current, timeout=FRAGMENT_SECONDS)


def _roster_key(event_id: int) -> str:
    return f"public:event:{event_id}:roster"


def roster_version(event_id: int) -> str:
    """A second token, replaced only by writes to the event's roster (the event itself, its
    registrations, players and their team lists), not by results or pairings: the revealed
    team lists, the biggest part of a running event's page, are rendered once per roster
    instead of once per result."""
    return cache.get_or_set(_roster_key(event_id), lambda: secrets.token_hex(6), timeout=None)


def touch(event_id: int, *, roster: bool = False) -> None:
    token = secrets.token_hex(6)
    claims = getattr(_written, "claims", None)
    if claims is not None:
        # A writing request renders the event page once its answer has gone out
        # (RenderAfterWrites); until then, visitors of the version it makes are given the
        # version before it (the committed state while the write is under way) instead of
        # each rendering it in the meantime. Claimed before the version is published, so no
        # visitor ever reads it unclaimed.
        claims.append(_writer_key(event_id, token))
        cache.set(claims[-1], 1, timeout=RENDER_WAIT_SECONDS)
    tokens = {_version_key(event_id): token}
    if roster:
        tokens[_roster_key(event_id)] = secrets.token_hex(6)
    cache.set_many(tokens, timeout=None)


def _writer_key(event_id: int, current: str) -> str:
    return f"public:event:{event_id}:writer-renders:{current}"


def touch_on_commit(event_id: int | None, *, roster: bool = False) -> None:
    """Replace the version (and with `roster`, the roster's token) now (reads inside this
    transaction see the change) and again once the write is committed: a reader that cached
    the old state under the first new token, in between, is superseded by the second. The
    event page of the new version is then rendered once the writer's answer has gone out
    (RenderAfterWrites)."""
    if event_id is not None:
        touch(event_id, roster=roster)
        transaction.on_commit(lambda: touch(event_id, roster=roster))
        # Rendered after the answer, when the request's transaction is over either way.
        _written.__dict__.setdefault("events", set()).add(event_id)


# The events a request wrote to (this thread's), for RenderAfterWrites.
_written = threading.local()


def page_key(event_id: int, current: str, path: str, query: str) -> str:
    """The cache key of a public page as anonymous visitors get it."""
    return f"public:page:{event_id}:{current}:{path}?{query}"


def remember_slug(slug: str, event_id: int | None) -> None:
    if event_id is None:
        cache.delete(_slug_key(slug))
    else:
        cache.set(_slug_key(slug), event_id, timeout=None)


def event_id_for_slug(slug: str) -> int | None:
    """Slugs never change, so the lookup is cached for good (None is not cached)."""
    key = _slug_key(slug)
    found = cache.get(key)
    if found is None:
        from tournaments.models import Event

        found = Event.objects.filter(slug=slug).values_list("pk", flat=True).first()
        if found is not None:
            cache.set(key, found, timeout=None)
    return found


def summary(event_id: int) -> dict | None:
    """The small state the live endpoint returns: version, status and the current round's
    clock. Computed once per version."""
    current = version(event_id)
    key = summary_key(event_id, current)
    found = cache.get(key)
    if found is None:
        found = _summary(event_id, current)
        if found is not None:
            cache.set(key, found, timeout=SUMMARY_SECONDS)
    return found


def summary_key(event_id: int, current: str) -> str:
    return f"public:event:{event_id}:summary:{current}"


def _summary(event_id: int, current: str) -> dict | None:
    import datetime

    from tournaments.models import Event

    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return None
    round_ = event.rounds.order_by("-number").first()
    ends_at = None
    if round_ is not None and round_.started_at is not None:
        ends_at = round_.started_at + datetime.timedelta(minutes=event.round_minutes)
    return {
        "version": current,
        "status": event.status,
        "round": None
        if round_ is None
        else {
            "number": round_.number,
            "stage": round_.stage,
            "started_at": round_.started_at.isoformat() if round_.started_at else None,
            "ends_at": ends_at.isoformat() if ends_at else None,
            "matches": round_.matches.count(),
        },
    }


def live_payload(event_id: int) -> dict | None:
    found = summary(event_id)
    if found is None:
        return None
    return {**found, "now": timezone.now().isoformat()}


def anonymous_page(*, params: tuple[str, ...] = (), stale_body: bool = False):
    """Cache a public page whole for anonymous visitors, per event version.

    Most people following an event are not signed in; their page is the same for all of them
    until the next change, so it is rendered once per version. Signed-in visitors (their own
    match, messages, forms with CSRF tokens) go through the view and its fragment caches.
    Only the named short numeric query parameters are part of the key: anything else is served
    uncached, so odd query strings cannot fill the cache.

    After a change, one request renders the page (and its shared fragments), never all of
    them. Anonymous visitors are given the page's newest rendered body while the new version is
    being rendered (stale for a moment, never waiting); the first to ask, if that body is
    recent (STALE_SECONDS), gets it too and renders the new version after its answer has gone
    out. With no earlier body they wait for the one render. Signed-in visitors get the newest
    rendered version where the view can show an older body (`stale_body`), otherwise they wait
    for that render.
    """

    def decorate(view):
        @functools.wraps(view)
        def wrapper(request, slug: str, **kwargs):
            given = {name: request.GET.get(name, "") for name in params}
            shared = (
                request.method == "GET"
                and set(request.GET) <= set(params)
                and all(value == "" or (value.isdecimal() and len(value) <= 4)
                        for value in given.values())
            )  # fmt: skip
            event_id = event_id_for_slug(slug) if shared else None
            if event_id is None:
                return view(request, slug, **kwargs)
            query = "&".join(f"{name}={value}" for name, value in sorted(given.items()))
            current = version(event_id)
            key = page_key(event_id, current, request.path, query)
            # The view renders this same version (see version_of) without asking again.
            request.public_version = (event_id, current)
            request.public_page = (key, request.path, query)
            if request.user.is_authenticated or "messages" in request.COOKIES:
                return _own_page(view, request, slug, kwargs, key, stale_body)
            body = cache.get(key)
            if body is not None:
                return HttpResponse(body, content_type="text/html; charset=utf-8")
            rendering = f"{key}:rendering"
            writer = _writer_key(event_id, current) if stale_body else None
            if _renders_here(rendering, writer):
                body = cache.get(key)  # rendered, and released, between the two looks
                if body is None:
                    render = _render_for_everyone if stale_body else _render_here
                    return render(view, request, slug, kwargs, rendering)
                cache.delete(rendering)
            else:
                # Another request (or the writer) renders this version: the page as it was a
                # moment ago, at once, or if there is none, that render.
                newest = _newest_page(event_id, current, request.path, query)
                body = newest.body if newest else _rendered_elsewhere(key, rendering, writer)
            if body is not None:
                return HttpResponse(body, content_type="text/html; charset=utf-8")
            return _render_here(view, request, slug, kwargs)

        return wrapper

    return decorate


def _own_page(view, request, slug: str, kwargs: dict, key: str, stale_body: bool = False):
    """A signed-in visitor's page: their own render, from the shared fragments. Once one
    render of this version has cached them ("warm"), at once; while another request renders
    them, from the newest rendered version's fragments if the view can (`stale_body`: it reads
    `request.public_stale_version`), otherwise after that render."""
    warm = f"{key}:warm"
    if cache.has_key(warm):
        return view(request, slug, **kwargs)
    event_id, current = request.public_version
    rendering = f"{key}:rendering"
    writer = _writer_key(event_id, current) if stale_body else None
    mine = _renders_here(rendering, writer)
    if not mine:
        stale = latest_rendered(event_id) if stale_body else None
        if stale is not None and stale != current:
            request.public_stale_version = stale
            return view(request, slug, **kwargs)
        _rendered_elsewhere(warm, rendering, writer)
    try:
        response = view(request, slug, **kwargs)
        if mine and response.status_code == 200:
            cache.set(warm, 1, timeout=FRAGMENT_SECONDS)
            _rendered(event_id, current)
        return response
    finally:
        if mine:
            cache.delete(rendering)


class _Newest(NamedTuple):
    """The newest rendered body of a page as anonymous visitors get it, whatever its version."""

    version: str
    rendered_at: float  # time.time()
    body: bytes


def _newest_key(event_id: int, path: str, query: str) -> str:
    # On the roster's token too: a new event (and a test database's reused ids and slugs) never
    # finds another event's body; a roster change drops the fallback for one render.
    return f"public:page:{event_id}:newest:{roster_version(event_id)}:{path}?{query}"


def _newest_page(event_id: int, current: str, path: str, query: str) -> _Newest | None:
    """The newest rendered body of this page, if it is of an earlier version than `current`."""
    newest = cache.get(_newest_key(event_id, path, query))
    return None if newest is None or newest.version == current else newest


def _keep(response, request) -> None:
    """Cache a rendered anonymous page as the page of its version and as the page's newest body
    (and mark its version rendered)."""
    if response.status_code == 200 and not response.cookies:
        event_id, current = request.public_version
        key, path, query = request.public_page
        newest = _Newest(current, time.time(), response.content)
        cache.set_many(
            {key: response.content, f"{key}:warm": 1, _newest_key(event_id, path, query): newest},
            FRAGMENT_SECONDS,
        )
        _rendered(event_id, current)


def _render_here(view, request, slug: str, kwargs: dict, rendering: str | None = None):
    """Render the page in this request and cache it; release `rendering` (this request's)."""
    try:
        response = view(request, slug, **kwargs)
        _keep(response, request)
        return response
    finally:
        if rendering:
            cache.delete(rendering)


def _render_for_everyone(view, request, slug: str, kwargs: dict, rendering: str):
    """This request is the one to render the page of the current version (it holds
    `rendering`). Stale while revalidating: if the page's previous body is recent, answer with
    it at once and render the new version once the answer has gone out (a response closer, in
    this worker before its next request); otherwise render it now."""
    event_id, current = request.public_version
    _, path, query = request.public_page
    newest = _newest_page(event_id, current, path, query)
    if newest is None or time.time() - newest.rendered_at > STALE_SECONDS:
        return _render_here(view, request, slug, kwargs, rendering)
    response = HttpResponse(newest.body, content_type="text/html; charset=utf-8")

    def render_after() -> None:
        try:
            _render_here(view, request, slug, kwargs, rendering)
        except Exception:
            logger.exception("Rendering %s after a stale answer failed", request.path)

    response._resource_closers.append(render_after)
    return response


def _renders_here(rendering: str, writer: str | None) -> bool:
    """Whether this request renders the version: nobody else is, and (the event page) no
    writing request will once its answer has gone out."""
    if writer is not None and cache.has_key(writer):
        return False
    return cache.add(rendering, 1, timeout=RENDER_WAIT_SECONDS)


def _rendered_elsewhere(key: str, rendering: str, writer: str | None = None) -> bytes | None:
    """The page another request (or the writer) is rendering, once it is cached; None when
    they gave up without caching it, took too long, or the cache is unavailable (then render
    here)."""
    flags = [flag for flag in (rendering, writer) if flag]
    deadline = time.monotonic() + RENDER_WAIT_SECONDS
    while time.monotonic() < deadline and cache.get_many(flags):
        time.sleep(0.02)
        body = cache.get(key)
        if body is not None:
            return body
    return cache.get(key)


class RenderAfterWrites:
    """After a request that changed events (a result, a pairing ...) has been answered, render
    each changed event's page for its new version, in the same worker before its next request
    (a response closer): the followers' requests that come next find it cached instead of one
    of them rendering it (a render of a big event takes a few hundred ms under load: that
    request's time, and everyone's behind it)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        renders_after = request.method not in ("GET", "HEAD")
        _written.events = set()
        _written.claims = [] if renders_after else None  # see touch()
        try:
            response = self.get_response(request)
        except BaseException:
            if _written.claims:
                cache.delete_many(_written.claims)
            raise
        finally:
            events, claims = _written.events, _written.claims
            _written.events, _written.claims = set(), None
        if events and renders_after:
            response._resource_closers.append(lambda: render_event_pages(events, claims))
        elif claims:
            cache.delete_many(claims)
        return response


def render_event_pages(events, claims=()) -> None:
    """Render and cache the event page (pairings and standings, as anonymous visitors get it)
    of the current version of each event, unless it is cached or being rendered already, then
    release the versions this writer said it would render (`claims`); never waits and never
    raises (it runs after an answer has gone out)."""
    try:
        for event_id in events:
            try:
                _render_event_page(event_id)
            except Exception:
                logger.exception("Rendering the page of event %s after a write failed", event_id)
    finally:
        if claims:
            cache.delete_many(claims)


def _render_event_page(event_id: int) -> None:
    from django.contrib.auth.models import AnonymousUser
    from django.contrib.sessions.backends.base import SessionBase
    from django.http import HttpRequest

    from tournaments.models import Event
    from tournaments.selectors import warm_seats
    from tournaments.views import event_detail

    slug = Event.objects.filter(pk=event_id).values_list("slug", flat=True).first()
    if slug is None:
        return
    current = version(event_id)
    path = f"/events/{slug}/"
    key = page_key(event_id, current, path, "after_round=")  # as anonymous_page keys it
    rendering = f"{key}:rendering"
    if cache.has_key(key) or not cache.add(rendering, 1, timeout=RENDER_WAIT_SECONDS):
        return
    try:
        request = HttpRequest()
        request.method, request.path, request.path_info = "GET", path, path
        request.META = {"SERVER_NAME": "prerender", "SERVER_PORT": "80"}
        request.user, request.session, request._messages = AnonymousUser(), SessionBase(), []
        request.public_version = (event_id, current)
        request.public_page = (key, path, "after_round=")
        _keep(event_detail.__wrapped__(request, slug), request)
        warm_seats(event_id, current)  # the signed-in players' own boxes of this version
    finally:
        cache.delete(rendering)
