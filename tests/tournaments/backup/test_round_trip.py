"""The guarantee: an event exported, its database emptied, imported back, comes back whole.

Both the two exports and every stored row (field by field, links compared by position or
natural key, see rows.py) must be equal; on SQLite here and on PostgreSQL in test_postgres.py.
"""

import json

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model

from rules.models import Format
from tests.tournaments.backup import rows
from tests.tournaments.backup.seed import rich_event
from tests.tournaments.reports.seed import played_event
from tournaments.backup import event_export, event_import
from tournaments.backup.schema import (
    CATALOGUE,
    NOT_EXPORTED,
    SECTIONS,
    many_fields,
    reference_kind,
)
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def without_time(document: dict) -> dict:
    return {key: value for key, value in document.items() if key != "exported_at"}


def round_trip(event: Event) -> None:
    before = rows.snapshot(event)
    first = event_export(event=event)
    text = json.dumps(first)  # through real JSON text, as a downloaded file is
    rows.empty_the_database()

    summary = event_import(document=text)

    imported = Event.objects.get(slug=event.slug)
    assert summary.event == imported
    second = event_export(event=imported)
    assert without_time(second) == without_time(first)
    after = rows.snapshot(imported)
    assert after.keys() == before.keys()
    for label in before:
        assert after[label] == before[label], f"{label} differs after the round trip"
    # Accounts come back by name only: inactive, with no usable password.
    users = get_user_model().objects.all()
    assert users and all(not u.is_active and not u.has_usable_password() for u in users)
    assert summary.users_created == sorted(u.username for u in users)


def test_a_mid_round_event_with_every_kind_of_data_survives_the_round_trip():
    event = rich_event()
    document = event_export(event=event)
    # The seed really holds every kind of data the backup carries.
    for section in SECTIONS:
        assert document[section.key], f"the seed has no {section.key}"
    assert any(card["partner"] for card in document["team_cards"])
    assert document["format"]["definition"]["banned"] and not document["format"]["is_builtin"]
    assert {r["kind"] for r in document["result_changes"]} == {"entered", "confirmed", "corrected"}
    assert {m["result_status"] for m in document["matches"]} >= {"reported", "disputed"}
    assert any(m["extra_seconds"] for m in document["matches"])
    assert any(lc["undone"] for lc in document["life_changes"])
    round_trip(event)


def test_a_finished_event_with_a_top_cut_survives_the_round_trip():
    event = played_event(players=8, swiss_rounds=3, top_cut=4)
    assert event.status == Event.Status.FINISHED
    round_trip(event)


def test_an_event_still_taking_registrations_survives_the_round_trip():
    from tests.tournaments import factories

    event = factories.event(players=3)
    round_trip(event)


def test_every_model_of_the_project_is_in_backups_or_left_out_on_purpose():
    covered = {s.model._meta.label for s in SECTIONS} | {m._meta.label for _, m in CATALOGUE}
    covered |= {"tournaments.Event", "rules.Format"} | set(NOT_EXPORTED)
    found = {m._meta.label for name in rows.APPS for m in apps.get_app_config(name).get_models()}
    assert found - covered == set(), "models no event backup carries: add them to schema.py"


def test_every_link_has_an_encoding_and_points_at_an_earlier_part():
    """A new foreign key to a model backups do not describe fails here, not in production."""
    order = [s.model for s in SECTIONS]
    for model in [Event, Format, *(m for _, m in CATALOGUE), *order]:
        for field in model._meta.concrete_fields:
            if field.is_relation:
                kind = reference_kind(field)
                if kind == "ref" and model in order:
                    assert order.index(field.related_model) <= order.index(model), field
        many_fields(model)


def test_the_export_is_deterministic():
    event = rich_event()
    assert without_time(event_export(event=event)) == without_time(event_export(event=event))


def test_a_copy_imported_beside_its_event_gets_fresh_claim_codes():
    """Claim codes are secrets of one database (schema.RECOMPUTED): a copy of an event gets
    its own, and each registration keeps its name."""
    from tests.tournaments import factories

    event = factories.event(players=3)
    event_import(document=json.dumps(event_export(event=event)), slug="copy-of-event")
    copy = Event.objects.get(slug="copy-of-event")
    original = dict(event.registrations.values_list("display_name", "claim_code"))
    copied = dict(copy.registrations.values_list("display_name", "claim_code"))
    assert original.keys() == copied.keys() == {"Player 01", "Player 02", "Player 03"}
    assert all(copied.values()) and not set(original.values()) & set(copied.values())


def test_a_backup_written_before_registrations_kept_their_own_name_takes_the_players():
    from tests.tournaments import factories

    event = factories.event(players=2)
    document = event_export(event=event)
    for registration in document["registrations"]:
        del registration["display_name"]
    rows.empty_the_database()
    event_import(document=json.dumps(document))
    imported = Event.objects.get(slug=event.slug).registrations
    assert sorted(imported.values_list("display_name", flat=True)) == ["Player 01", "Player 02"]
    assert all(imported.values_list("name_key", flat=True))
