"""The Redis cache keeps one redis client per connection pool (Django builds one per call)."""

from config.cache import ResilientRedisCache


def test_one_redis_client_serves_every_call():
    cache = ResilientRedisCache("redis://127.0.0.1:6379/15", {})
    first = cache._cache.get_client("a")
    assert cache._cache.get_client("b") is first
    assert cache._cache.get_client("c", write=True) is first  # one server: one pool
