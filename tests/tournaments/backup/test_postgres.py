"""The round trip on PostgreSQL, and a backup taken while results come in is one snapshot."""

import threading

import pytest
from django.db import connections

from tests.tournaments.backup.seed import rich_event
from tests.tournaments.backup.test_round_trip import round_trip
from tests.tournaments.reports.seed import played_event
from tournaments import services
from tournaments.backup import event_export, exporter
from tournaments.models import Match

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_a_mid_round_event_survives_the_round_trip_on_postgresql():
    round_trip(rich_event())


def test_a_finished_event_survives_the_round_trip_on_postgresql():
    round_trip(played_event(players=8, swiss_rounds=3, top_cut=4))


def test_a_result_entered_while_the_backup_is_written_is_wholly_in_or_out(monkeypatch):
    """The result is committed by another connection after the matches were read and before
    their games and audit trail are: the backup still shows the match as it was, with none of
    the new result's rows (REPEATABLE READ), rather than a mix of before and after."""
    event = rich_event()
    match = Match.objects.get(round__event=event, result_status="reported")
    ref = list(Match.objects.filter(round__event=event).order_by("pk")).index(match) + 1
    errors: list[BaseException] = []

    def enter_result() -> None:
        try:
            services.result_enter(
                match=Match.objects.get(pk=match.pk),
                games=[services.GameInput(match.player1_id)],
                by=event.organiser,
            )
        except BaseException as error:  # surfaced below
            errors.append(error)
        finally:
            connections.close_all()

    read_section = exporter._Writer.section

    def section_then_write(self, section):
        records = read_section(self, section)
        if section.key == "matches":
            writer = threading.Thread(target=enter_result)
            writer.start()
            writer.join(timeout=30)
        return records

    monkeypatch.setattr(exporter._Writer, "section", section_then_write)
    document = event_export(event=event)

    assert errors == []
    assert Match.objects.get(pk=match.pk).result_status == "confirmed"  # it did commit
    (record,) = [m for m in document["matches"] if m["ref"] == ref]
    assert record["result_status"] == "reported"
    assert not [g for g in document["games"] if g["match"] == ref]
    assert not [c for c in document["result_changes"] if c["match"] == ref]
    assert [r for r in document["result_reports"] if r["match"] == ref]
