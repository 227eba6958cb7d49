"""gunicorn settings for production (`gunicorn -c python:config.gunicorn config.wsgi`).

Its own logs and the access log go to stdout as JSON lines, like the app's (config.logging).
"""

import gc
import os

from config.logging import json_formatter_config

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
accesslog = "-"
errorlog = "-"

logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": json_formatter_config(),
        "access_json": json_formatter_config(access=True),
    },
    "handlers": {
        "error_console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "json",
        },
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "access_json",
        },
    },
    "loggers": {
        "gunicorn.error": {"handlers": ["error_console"], "level": "INFO", "propagate": False},
        "gunicorn.access": {"handlers": ["console"], "level": "INFO", "propagate": False},
    },
    "root": {"handlers": ["error_console"], "level": "INFO"},
}


def post_worker_init(worker):
    """Load every view (the URLconf imports them lazily otherwise) and freeze what the worker
    holds now: Django, the apps and their modules never become garbage, and a full collection
    that walks them again (about 120,000 objects, 15 to 30 ms) would land on whichever request
    triggered it. Frozen objects are skipped by the collector (gc.freeze, Python's docs advise
    it for long-lived processes)."""
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 (imported for its side effect)
    gc.collect()
    gc.freeze()
