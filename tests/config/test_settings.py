"""Settings come from the environment, and production refuses to start without a secret."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG_VARS = {
    "SECRET_KEY", "DEBUG", "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND", "CELERY_TASK_ALWAYS_EAGER", "DJANGO_SETTINGS_MODULE",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}  # fmt: skip

# Loads the production settings module in a fresh interpreter and prints what they resolved to.
SHOW_SETTINGS = """
import json, django
django.setup()
from django.conf import settings as s
db = s.DATABASES["default"]
print(json.dumps({
    "engine": db["ENGINE"], "name": str(db["NAME"]), "broker": s.CELERY_BROKER_URL,
    "eager": s.CELERY_TASK_ALWAYS_EAGER, "cache": s.CACHES["default"]["BACKEND"],
    "sessions": s.SESSION_ENGINE,
}))
"""


def run(args: list[str], **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in CONFIG_VARS}
    return subprocess.run(
        args,
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings.base", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def show_settings(**env: str) -> dict:
    result = run([sys.executable, "-c", SHOW_SETTINGS], **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_missing_secret_key_without_debug_fails_with_a_clear_message():
    result = run([sys.executable, "-c", SHOW_SETTINGS])
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_invalid_boolean_names_the_variable():
    result = run([sys.executable, "-c", SHOW_SETTINGS], DEBUG="maybe")
    assert result.returncode != 0
    assert "DEBUG='maybe' is not a boolean" in result.stderr


def test_defaults_are_embedded_sqlite_and_in_process_tasks():
    resolved = show_settings(DEBUG="true")
    assert resolved["engine"] == "django.db.backends.sqlite3"
    assert resolved["name"].endswith("var/db.sqlite3")
    assert resolved["eager"] is True
    assert resolved["cache"].endswith("LocMemCache")
    # a per-process cache must not hold sessions (another process would miss a logout)
    assert resolved["sessions"] == "django.contrib.sessions.backends.db"


def test_service_urls_select_postgresql_redis_cache_and_a_real_broker():
    resolved = show_settings(
        DEBUG="true",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/x",
        REDIS_URL="redis://127.0.0.1:6379/0",
    )
    assert resolved["engine"] == "django.db.backends.postgresql"
    assert resolved["broker"] == "redis://127.0.0.1:6379/0"
    assert resolved["eager"] is False
    assert resolved["cache"].endswith("RedisCache")
    assert resolved["sessions"] == "config.sessions"


def test_production_settings_pass_the_deploy_checklist():
    result = run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        SECRET_KEY="production-like-secret-for-the-deploy-check-" + "x" * 40,
        ALLOWED_HOSTS="events.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr


LOG_FROM_EACH_LOGGER = """
import logging, django
django.setup()
logging.getLogger("django.server").info('"GET /cards/ HTTP/1.1" 200 512')
logging.getLogger("celery.worker").info("worker ready")
logging.getLogger("rules").warning("a warning from the app")
"""


def test_every_logger_writes_json_lines_to_stdout():
    result = run([sys.executable, "-c", LOG_FROM_EACH_LOGGER], DEBUG="true")
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["logger"], r["level"]) for r in records] == [
        ("django.server", "INFO"),
        ("celery.worker", "INFO"),
        ("rules", "WARNING"),
    ]
    assert records[0]["message"] == '"GET /cards/ HTTP/1.1" 200 512'
    assert all(r["time"] for r in records)


def test_plain_logs_on_request_and_an_unknown_log_format_is_refused():
    plain = run([sys.executable, "-c", LOG_FROM_EACH_LOGGER], DEBUG="true", LOG_FORMAT="plain")
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.splitlines()[2].endswith("WARNING rules a warning from the app")
    unknown = run([sys.executable, "-c", LOG_FROM_EACH_LOGGER], DEBUG="true", LOG_FORMAT="xml")
    assert unknown.returncode != 0
    assert "LOG_FORMAT='xml' is not a log format; use json or plain." in unknown.stderr
