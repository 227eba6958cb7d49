"""Settings for every environment, read from environment variables (twelve-factor).

See docs/configuration.md for every variable. `config.settings.test` adds test-only overrides.
"""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from config.env import env_bool, env_list, env_str
from config.logging import json_formatter_config

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(env_str("VAR_DIR", str(BASE_DIR / "var")))

# ---------------------------------------------------------------- GENERAL
DEBUG = env_bool("DEBUG", default=False)
SECRET_KEY = env_str("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set the SECRET_KEY environment variable to a long random "
            "string (python -c 'import secrets; print(secrets.token_urlsafe(50))'), "
            "or set DEBUG=true for local development."
        )
    SECRET_KEY = "insecure-development-key-only-used-when-DEBUG-is-on"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# ---------------------------------------------------------------- APPS
INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "axes",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    "rules",
    "tournaments",
    "judging",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.RefuseNulBytes",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    # after a result or a pairing, the event page's new version is rendered once the answer
    # has gone out, before the followers ask for it
    "tournaments.live.RenderAfterWrites",
    # Answers a locked-out login (see AUTH below) with its page, 429.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
            ],
        },
    },
]

# ---------------------------------------------------------------- DATABASES
# Default: an embedded SQLite file under var/, so `make run` needs no server.
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        conn_max_age=int(env_str("DATABASE_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A clean clone has no var/ yet; create it so every manage.py command works at once.
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # WAL and a busy timeout let the dev server and an in-process task share the file.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# ---------------------------------------------------------------- AUTH
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Login throttling (django-axes): failed logins are counted per account and per client address
# in the database, so they hold across processes and whether or not Redis is up; once either
# reaches the limit, every login for it (page or API token) is refused for the cool-off.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Named, not left to the library's default: the count must never move to the cache.
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = int(env_str("LOGIN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = timedelta(minutes=int(env_str("LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
# A guess made while locked out is not counted: the cool-off ends when the page says it does.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "config.accounts.locked_out"
AXES_DISABLE_ACCESS_LOG = True  # successful logins need no row of their own
AXES_CLIENT_IP_CALLABLE = "config.proxies.client_address"
# How many proxies in front of the app append to X-Forwarded-For; only their entries are
# believed (config/proxies.py). 0: the connection's own address.
TRUSTED_PROXY_COUNT = int(env_str("TRUSTED_PROXY_COUNT", "0"))
# API tokens (tournaments.models.ApiToken) stop working this long after they were made.
API_TOKEN_LIFETIME = timedelta(days=int(env_str("API_TOKEN_LIFETIME_DAYS", "30")))
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "manage:events"
LOGOUT_REDIRECT_URL = "home"

# ---------------------------------------------------------------- I18N
LANGUAGE_CODE = "en"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

# ---------------------------------------------------------------- STATIC FILES
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
# WhiteNoise warns at every start when its root is missing (before the first collectstatic).
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = VAR_DIR / "media"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# Uploads (card files, team lists, game logs) are small text files, pasted into forms: a
# request body over this is refused with a 400 saying so (config/views.py bad_request, and the
# API's "too_large" error), multipart bodies included (config/uploads.py).
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
# No view takes a file, so a file sent in place of pasted text is refused with a 400 that says
# so, instead of being dropped in silence. A view that takes files must raise this limit.
DATA_UPLOAD_MAX_NUMBER_FILES = 0
FILE_UPLOAD_HANDLERS = [
    "config.uploads.RequestSizeLimit",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]

# ---------------------------------------------------------------- CACHE AND CELERY
REDIS_URL = env_str("REDIS_URL", "")
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL)
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", REDIS_URL)
# Without a broker, tasks run in-process so the app works with nothing else installed.
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", default=not CELERY_BROKER_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Redis hands an unacknowledged task (its worker died) to another worker after this many
# seconds, so a killed worker's report is finished by another within about this long. It must
# stay above the longest build (result slips for a 256-player round: 7 s of CPU, a minute on a
# loaded machine; docs/RELIABILITY.md) and above a retry's delay (at most 60 s,
# tournaments/tasks.py) plus a build, as a task waiting for its retry is unacknowledged too;
# 3 minutes is also when a silent running report counts as stopped (STALE_RUNNING).
TASK_VISIBILITY_TIMEOUT = int(env_str("CELERY_VISIBILITY_TIMEOUT", "180"))
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": TASK_VISIBILITY_TIMEOUT}
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 24 * 3600

CACHES = {
    "default": (
        {
            "BACKEND": "config.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            # A stopped Redis must not stall a page: give up on it quickly.
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}
# Sessions read from Redis (config/sessions.py); a per-process cache would let another
# process keep a session its logout deleted, so without Redis they stay in the database only.
SESSION_ENGINE = "config.sessions" if REDIS_URL else "django.contrib.sessions.backends.db"

# ---------------------------------------------------------------- DRF
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "config.api_errors.ErrorDocumentingSchema",
    "EXCEPTION_HANDLER": "config.api_errors.exception_handler",
    # Token first, so an anonymous call is told 401 (with how to authenticate), not 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "tournaments.api.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # Request bodies are JSON only (no operation takes a file, and a form's values are all text,
    # so its "0" could not be told from the number or the boolean the schema asks for); any
    # other type answers 415. JSON nested deeper than API_JSON_MAX_DEPTH is refused before
    # parsing (config/parsers.py).
    "DEFAULT_PARSER_CLASSES": ["config.parsers.NestingLimitedJSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_PAGINATION_CLASS": "config.api_query.PageNumbers",
    "PAGE_SIZE": 50,
}
API_JSON_MAX_DEPTH = int(env_str("API_JSON_MAX_DEPTH", "64"))
SPECTACULAR_SETTINGS = {
    "TITLE": "Dice Masters events API",
    "DESCRIPTION": "Card catalogue, events, pairings, results, standings and judging.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # The interactive docs' scripts are served by the app, not a CDN (venues are often offline).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Request bodies get components of their own, so a text field that refuses "" says so
    # (minLength 1) where it is sent, without claiming answers never hold an empty text.
    "COMPONENT_SPLIT_REQUEST": True,
}

# ---------------------------------------------------------------- SECURITY
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# Every script and style is a file the app serves: no inline script, no event-handler
# attribute, no style attribute. The one inline <style> (a report's printable page, whose CSS
# is shared with its PDF) carries the request's nonce. QR codes are data: images.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
# The browser features no page uses, turned off for the page and anything it could embed.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer", "ambient-light-sensor", "autoplay", "bluetooth", "browsing-topics",
        "camera", "display-capture", "encrypted-media", "geolocation", "gyroscope", "hid",
        "idle-detection", "interest-cohort", "local-fonts", "magnetometer", "microphone",
        "midi", "payment", "publickey-credentials-get", "screen-wake-lock", "serial", "usb",
        "xr-spatial-tracking",
    )
}  # fmt: skip
if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", default=True)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", default=True)
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = int(env_str("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=False)
    # Preloading binds every subdomain to HTTPS for years: the operator opts in, not the code.
    SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]
    # Behind a TLS-terminating proxy (see docker-compose.yml and the README).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # /healthz is probed over plain HTTP from inside the deployment.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# ---------------------------------------------------------------- LOGGING
LOG_LEVEL = env_str("LOG_LEVEL", "INFO")
LOG_FORMAT = env_str("LOG_FORMAT", "json")
if LOG_FORMAT not in ("json", "plain"):
    raise ImproperlyConfigured(f"LOG_FORMAT={LOG_FORMAT!r} is not a log format; use json or plain.")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": json_formatter_config(),
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
    },
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": LOG_FORMAT,
        }
    },
    "root": {"handlers": ["stdout"], "level": LOG_LEVEL},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        # Django gives the development server's request log its own plain handler; use ours.
        "django.server": {"handlers": ["stdout"], "level": LOG_LEVEL, "propagate": False},
        "celery": {"level": LOG_LEVEL},
        "weasyprint": {"level": "WARNING"},  # one INFO line per PDF page otherwise
        "axes": {"level": "WARNING"},  # failed logins and lockouts; not every login
    },
}
# A Celery worker would otherwise replace this configuration with its own plain format.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# ---------------------------------------------------------------- PROJECT
# Where the community card data lives for tests and benchmarks (never in the repo).
CARDDATA_DIR = Path(env_str("DICEMASTERS_CARDDATA", str(BASE_DIR.parent / "shared" / "carddata")))
