"""Migration 0011 gives every existing result change its event (taken from its match)."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0010_report_without_event")]
AFTER = [("tournaments", "0011_round_deletion_audit")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_existing_result_changes_get_the_event_of_their_match():
    old = _migrate(BEFORE)
    user = old.get_model("auth", "User").objects.create(username="olive")
    fmt = old.get_model("rules", "Format").objects.create(code="t", name="T", definition={})
    event = old.get_model("tournaments", "Event").objects.create(
        name="E", slug="e", date=datetime.date(2026, 12, 1), organiser=user, format=fmt
    )
    player = old.get_model("tournaments", "Player").objects.create(display_name="P")
    registration = old.get_model("tournaments", "Registration").objects.create(
        event=event, player=player
    )
    round_ = old.get_model("tournaments", "Round").objects.create(event=event, number=1, seed=1)
    match = old.get_model("tournaments", "Match").objects.create(
        round=round_, table=1, player1=registration
    )
    old.get_model("tournaments", "ResultChange").objects.create(
        match=match, kind="entered", changed_by=user, after=[]
    )
    try:
        new = _migrate(AFTER)
        change = new.get_model("tournaments", "ResultChange").objects.get()
        assert (change.event_id, change.match_id, change.match_label) == (event.pk, match.pk, "")
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
