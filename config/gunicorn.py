"""gunicorn settings for production (`gunicorn -c python:config.gunicorn config.wsgi`).

Its own logs and the access log go to stdout as JSON lines, like the app's (config.logging).
"""

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
