"""Settings for bench/bench_load.py's server: production settings (config.settings.base, DEBUG
off), except that static files are not collected: the benchmark never asks for them, and
compressing every file for the manifest took over a minute on the shared machine."""

from config.settings.base import *  # noqa: F403
from config.settings.base import STORAGES

STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
