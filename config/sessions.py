"""Sessions read from the cache, kept in the database (Django's cached_db), with the cached
copy kept a few minutes only.

A signed-in page then reads its session without a query (measured: the event page's
refresh went from two queries to one). The cache is Redis, which may be down on event day
(config.cache degrades to no cache): sessions then come from the database as before. But a
session deleted while Redis was down (a logout) stays in Redis; the short lifetime of the
cached copy bounds how long it could be used after Redis comes back.
"""

from django.contrib.sessions.backends import cached_db

CACHED_SECONDS = 5 * 60


class _ShortLived:
    """The session cache, with every write's lifetime capped at CACHED_SECONDS."""

    def __init__(self, cache):
        self._cache = cache

    def set(self, key, value, timeout=None, **kwargs):
        timeout = CACHED_SECONDS if not timeout else min(timeout, CACHED_SECONDS)
        return self._cache.set(key, value, timeout, **kwargs)

    async def aset(self, key, value, timeout=None, **kwargs):
        timeout = CACHED_SECONDS if not timeout else min(timeout, CACHED_SECONDS)
        return await self._cache.aset(key, value, timeout, **kwargs)

    def __contains__(self, key):
        return key in self._cache

    def __getattr__(self, name):
        return getattr(self._cache, name)


class SessionStore(cached_db.SessionStore):
    def __init__(self, session_key=None):
        super().__init__(session_key)
        self._cache = _ShortLived(self._cache)
