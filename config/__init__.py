# Importing the Celery app here makes @shared_task use it as soon as Django starts.
from .celery import app as celery_app

__all__ = ["celery_app"]
