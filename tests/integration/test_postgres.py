"""The suite really runs on PostgreSQL when DATABASE_URL points at it (CI does)."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections, transaction
from django.db.models import F

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_database_is_postgresql_16_or_newer_compatible():
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version_num")
        (version,) = cursor.fetchone()
    assert int(version) >= 130000


def test_concurrent_increments_from_separate_connections_are_not_lost():
    """Two real connections update one row at once; row locks must keep both updates."""
    user = get_user_model().objects.create(username="counter", last_name="0")
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def bump(times: int) -> None:
        try:
            barrier.wait(timeout=10)
            for _ in range(times):
                with transaction.atomic():
                    locked = get_user_model().objects.select_for_update().get(pk=user.pk)
                    locked.last_name = str(int(locked.last_name) + 1)
                    locked.save(update_fields=["last_name"])
        except BaseException as exc:  # surfaced to the main thread below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=bump, args=(25,)) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    user.refresh_from_db()
    assert user.last_name == "50"


def test_f_expression_update_is_atomic_in_the_database():
    user = get_user_model().objects.create(username="f-counter", is_staff=False)
    get_user_model().objects.filter(pk=user.pk).update(is_staff=~F("is_staff"))
    user.refresh_from_db()
    assert user.is_staff is True
