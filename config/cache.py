"""A Redis cache that degrades to "no cache" while Redis is down.

The cache only speeds pages up (public pages, the live endpoint's version token); when Redis
stops on event day, pages and result entry must keep working, uncached, instead of failing.
Every read then misses and every write is dropped, with a warning in the log.

After a failure the cache leaves Redis alone for a few seconds: a hung server (or a network
that drops packets) would otherwise cost every call its socket timeout, and a page makes
several (measured: 3 s a page with Redis stopped by SIGSTOP, tests/integration/
test_faults_redis.py).
"""

import logging
import time

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError, TimeoutError

logger = logging.getLogger(__name__)
UNAVAILABLE = (ConnectionError, TimeoutError, OSError)
RETRY_AFTER_SECONDS = 5.0
# When each Redis server (by its location) may be tried again; shared by the process' threads.
_unavailable_until: dict[str, float] = {}


def _degrade(method, fallback):
    def call(self, *args, **kwargs):
        location = str(self._servers)
        if time.monotonic() < _unavailable_until.get(location, 0.0):
            return fallback(*args, **kwargs) if callable(fallback) else fallback
        try:
            return method(self, *args, **kwargs)
        except UNAVAILABLE as error:
            _unavailable_until[location] = time.monotonic() + RETRY_AFTER_SECONDS
            logger.warning(
                "Cache unavailable (%s): %s skipped; Redis left alone for %.0f s",
                error, method.__name__, RETRY_AFTER_SECONDS,
            )  # fmt: skip
            return fallback(*args, **kwargs) if callable(fallback) else fallback

    call.__name__ = method.__name__
    call.__doc__ = method.__doc__
    return call


def _default(key, default=None, *args, **kwargs):
    return default


def _computed(key, default, *args, **kwargs):
    return default() if callable(default) else default


class ReusingRedisCacheClient(RedisCacheClient):
    """Django builds a new redis.Redis for every cache call (each with its table of some 250
    response callbacks: 0.1 ms, a fifth of a cached page's time measured in a gunicorn
    worker); one per connection pool does the same work, as the client is thread-safe and
    takes its connections from the pool on each command."""

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        clients = self.__dict__.setdefault("_clients", {})
        client = clients.get(id(pool))
        if client is None:
            client = clients[id(pool)] = self._client(connection_pool=pool)
        return client


class ResilientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusingRedisCacheClient

    get = _degrade(RedisCache.get, _default)
    get_or_set = _degrade(RedisCache.get_or_set, _computed)
    get_many = _degrade(RedisCache.get_many, {})
    has_key = _degrade(RedisCache.has_key, False)
    add = _degrade(RedisCache.add, False)
    set = _degrade(RedisCache.set, None)
    set_many = _degrade(RedisCache.set_many, [])
    touch = _degrade(RedisCache.touch, False)
    delete = _degrade(RedisCache.delete, False)
    delete_many = _degrade(RedisCache.delete_many, None)
    incr = _degrade(RedisCache.incr, None)
    clear = _degrade(RedisCache.clear, False)
