"""/healthz: is the database reachable, and is the task broker reachable (or tasks in-process)."""

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from kombu import Connection


def database_status() -> dict:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "not healthy"; report it, don't crash
        return {"ok": False, "vendor": connection.vendor, "error": str(exc).splitlines()[0]}
    return {"ok": True, "vendor": connection.vendor}


def broker_status() -> dict:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"ok": True, "mode": "in-process"}
    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=2) as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:  # kombu raises many types; all mean "unreachable"
        return {"ok": False, "mode": "broker", "error": str(exc).splitlines()[0]}
    return {"ok": True, "mode": "broker"}


@never_cache
@require_GET
def healthz(request):
    database = database_status()
    broker = broker_status()
    healthy = database["ok"] and broker["ok"]
    # The web process can serve pages without the broker, so only the database is fatal (503).
    body = {"status": "ok" if healthy else "degraded", "database": database, "broker": broker}
    return JsonResponse(body, status=200 if database["ok"] else 503)
