"""config.gunicorn's worker hook: each worker loads every view, then freezes what it holds, so
the collector's full passes skip Django and the apps (tests/config/test_production_server.py
runs gunicorn with it)."""

import gc

from config import gunicorn


def test_a_worker_freezes_the_loaded_app_after_importing_every_view():
    gc.unfreeze()
    try:
        gunicorn.post_worker_init(worker=None)
        assert gc.get_freeze_count() > 10_000  # the app's modules, classes and functions
    finally:
        gc.unfreeze()
