"""Organisers take a backup at any moment (page button, API, command) and import it back."""

import json

import pytest
from django.core.management import CommandError, call_command

from tests.tournaments import factories
from tests.tournaments.backup import rows
from tests.tournaments.backup.seed import rich_event
from tests.tournaments.reports.seed import played_event
from tournaments.backup import event_export
from tournaments.models import Event

pytestmark = pytest.mark.django_db
BUTTON = "Download backup (JSON)"


def without_time(document: dict) -> dict:
    return {key: value for key, value in document.items() if key != "exported_at"}


@pytest.mark.parametrize("stage", ["registration", "mid-round", "finished"])
def test_the_organiser_downloads_the_backup_at_any_stage(client, stage):
    event = {
        "registration": lambda: factories.event(players=3),
        "mid-round": rich_event,
        "finished": lambda: played_event(players=8, swiss_rounds=3, top_cut=4),
    }[stage]()
    client.force_login(event.organiser)
    dashboard = client.get(f"/manage/{event.slug}/").content.decode()
    assert BUTTON in dashboard and f'href="/manage/{event.slug}/backup/"' in dashboard

    response = client.get(f"/manage/{event.slug}/backup/")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Cache-Control"] == "no-store"
    disposition = response["Content-Disposition"]
    assert disposition.startswith(f'attachment; filename="{event.slug}-backup-')
    assert disposition.endswith('.json"')
    document = json.loads(response.content)
    assert document["event"]["slug"] == event.slug
    assert document["event"]["status"] == event.status
    assert without_time(document) == without_time(event_export(event=event))


def test_judges_see_no_backup_button_and_cannot_download(client):
    event = rich_event()
    judge = event.judges.get()
    client.force_login(judge)
    assert BUTTON not in client.get(f"/manage/{event.slug}/").content.decode()
    assert client.get(f"/manage/{event.slug}/backup/").status_code == 403
    assert client.get(f"/api/events/{event.slug}/backup/").status_code == 403


def test_the_api_gives_the_organiser_the_same_document(client):
    event = rich_event()
    client.force_login(event.organiser)
    response = client.get(f"/api/events/{event.slug}/backup/")
    assert response.status_code == 200
    assert without_time(response.json()) == without_time(event_export(event=event))
    assert client.get("/api/events/no-such-event/backup/").status_code == 404


def test_a_downloaded_backup_imports_into_an_empty_database(client):
    event = rich_event()
    client.force_login(event.organiser)
    downloaded = client.get(f"/manage/{event.slug}/backup/").content
    expected = without_time(json.loads(downloaded))
    rows.empty_the_database()
    from tournaments.backup import event_import

    summary = event_import(document=downloaded)
    assert without_time(event_export(event=summary.event)) == expected


def test_the_commands_export_and_import_a_file(tmp_path, capsys):
    event = rich_event()
    target = tmp_path / "backup.json"
    call_command("export_event", event.slug, "-o", str(target))
    assert not (tmp_path / "backup.json.partial").exists()
    written = json.loads(target.read_text())
    assert without_time(written) == without_time(event_export(event=event))

    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(target))
    assert "$.event.slug: an event with the slug 'backup-open' already exists" in str(refused.value)

    call_command("import_event", str(target), "--slug", "backup-open-restored")
    out = capsys.readouterr().out
    assert "Imported Backup Open as /events/backup-open-restored/." in out
    restored = Event.objects.get(slug="backup-open-restored")
    assert restored.registrations.count() == event.registrations.count()


def test_the_commands_say_what_is_wrong(tmp_path, capsys):
    with pytest.raises(CommandError, match="No event has the slug 'nope'"):
        call_command("export_event", "nope")
    broken = tmp_path / "broken.json"
    broken.write_text('{"kind": "dice-masters-event-backup", "version": 1, "users": [')
    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(broken))
    assert "$: not valid JSON" in str(refused.value) and "cut short" in str(refused.value)
    with pytest.raises(CommandError, match="Could not read"):
        call_command("import_event", str(tmp_path / "missing.json"))


def test_export_to_standard_output(capsys):
    event = factories.event(players=2)
    call_command("export_event", event.slug)
    assert json.loads(capsys.readouterr().out)["event"]["slug"] == event.slug
