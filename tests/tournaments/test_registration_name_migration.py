"""Migration 0011: each registration takes its player's name, with the look-alike key and,
for a player without an account, a claim code."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.tournaments import factories
from tournaments import names, services

BEFORE = [("tournaments", "0012_life_change_undone_by")]
AFTER = [("tournaments", "0013_registration_display_name")]


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_the_migration_copies_each_players_name_to_their_registrations():
    event = factories.event()
    for name in ("Ana Silva", "Bea Costa", "Carl Dias"):
        services.registration_create(event=event, display_name=name)
    account = factories.user("bea")
    try:
        old = migrate(BEFORE)
        Player = old.get_model("tournaments", "Player")
        Player.objects.filter(display_name="Bea Costa").update(user_id=account.pk)
        # A look-alike accepted before names were compared, and a name with a hidden space.
        Player.objects.filter(display_name="Carl Dias").update(display_name="\u0410na Silva")
        Player.objects.filter(display_name="Ana Silva").update(display_name="Ana\u200b Silva")
        new = migrate(AFTER)
        Registration = new.get_model("tournaments", "Registration")
        rows = {
            r.display_name: r
            for r in Registration.objects.filter(event_id=event.pk).select_related("player")
        }
        assert set(rows) == {"Ana Silva", "Bea Costa", "\u0410na Silva"}
        assert rows["Bea Costa"].claim_code is None
        assert rows["Ana Silva"].claim_code and rows["\u0410na Silva"].claim_code
        assert rows["Ana Silva"].name_key == names.key("Ana Silva")
        # Both look-alikes stay; the later one's key is set apart so the constraint holds.
        assert rows["\u0410na Silva"].name_key.startswith(names.key("Ana Silva") + "#")
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
