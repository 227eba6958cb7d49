"""Test overrides only. Real services are used when DATABASE_URL / REDIS_URL point at them."""

import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production-use-0123456789")

from .base import *  # noqa: E402,F403
from .base import STORAGES  # noqa: E402

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
SECURE_SSL_REDIRECT = False
# The live server's keep-alive request threads would otherwise hold a connection open past the
# test, and the PostgreSQL test database could not be dropped at the end of the session.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
