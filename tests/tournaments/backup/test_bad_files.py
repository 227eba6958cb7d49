"""A backup that is wrong anywhere is refused whole: the error says what and where (a JSON path),
and the database is left exactly as it was."""

import copy
import json

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model

from tests.tournaments.backup import rows
from tests.tournaments.backup.seed import rich_event
from tournaments.backup import VERSION, BackupError, event_export, event_import
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def document():
    return event_export(event=rich_event())


def counts() -> dict[str, int]:
    found = {
        m._meta.label: m.objects.count()
        for name in rows.APPS
        for m in apps.get_app_config(name).get_models()
    }
    found["users"] = get_user_model().objects.count()
    return found


def refused(document, slug="copy") -> list[str]:
    """Import a bad file; return the problems, after checking nothing was saved."""
    before = counts()
    with pytest.raises(BackupError) as caught:
        event_import(document=document, slug=slug)
    assert counts() == before, "a refused backup left rows behind"
    return [str(problem) for problem in caught.value.problems]


def test_a_cut_short_file_is_refused_with_where_it_ends(document):
    text = json.dumps(document, indent=1)
    problems = refused(text[: len(text) // 2])
    assert len(problems) == 1
    assert problems[0].startswith("$: not valid JSON")
    assert "line" in problems[0] and "cut short" in problems[0]


def test_text_that_is_not_utf8_or_not_an_object_is_refused(document):
    assert refused(b"\xff\xfe{}")[0].startswith("$: the file is not UTF-8")
    assert refused("[1, 2]") == ["$: a backup is a JSON object; this file holds something else."]
    assert refused('{"version": NaN}')[0].startswith("$: not valid JSON")


def test_a_file_from_a_newer_release_is_refused_by_its_version(document):
    document["version"] = VERSION + 1
    (problem,) = refused(document)
    assert problem.startswith("$.version: version 2 was written by a newer release")


def test_a_file_without_a_version_or_of_another_kind_is_refused(document):
    del document["version"]
    document["kind"] = "something-else"
    problems = refused(document)
    assert "$.version: missing: the file does not say its format version." in problems
    assert any(p.startswith("$.kind: must be 'dice-masters-event-backup'") for p in problems)


def test_missing_parts_and_fields_are_named_by_path(document):
    del document["matches"]
    del document["registrations"][0]["player"]
    del document["rounds"][1]["number"]
    assert refused(document) == ["$.matches: missing."]
    document["matches"] = []
    problems = refused(document)
    assert "$.registrations[0].player: missing." in problems
    assert "$.rounds[1].number: missing." in problems


def test_a_field_added_since_the_file_was_written_takes_its_default(document):
    """Backups stay importable after a migration adds a field with a default."""
    for registration in document["registrations"]:
        del registration["checked_in"]  # BooleanField(default=False)
    summary = event_import(document=document, slug="older-file")
    assert not summary.event.registrations.filter(checked_in=True).exists()


def test_a_file_written_before_round_deletions_were_recorded_still_imports(document):
    assert document["round_deletions"]
    del document["round_deletions"]
    for change in document["result_changes"]:
        del change["match_label"]
    summary = event_import(document=document, slug="before-deletions")
    assert not summary.event.round_deletions.exists()
    assert summary.event.result_changes.count() == len(document["result_changes"])


def test_unknown_parts_and_fields_are_refused(document):
    document["photos"] = []
    document["players"][2]["nickname"] = "Ace"
    problems = refused(document)
    assert "$.photos: unknown part: this site does not know what it holds." in problems
    assert any(p.startswith("$.players[2].nickname: unknown field") for p in problems)


def test_bad_references_are_named_by_path(document):
    bad = copy.deepcopy(document)
    bad["matches"][0]["player1"] = 999
    bad["team_cards"][3]["card"] = "999zzz"
    bad["event"]["organiser"] = "ghost"
    bad["event"]["judges"] = ["nobody"]
    bad["result_changes"][0]["after"][0]["winner"] = 998
    bad["penalties"][0]["ruling"] = 5
    bad["catalogue"]["cards"][0]["card_set"] = "nope"
    bad["branches"][1]["parent"] = 77
    problems = refused(bad)
    assert set(problems) == {
        "$.matches[0].player1: no registration has the ref 999 in $.registrations.",
        "$.team_cards[3].card: no card '999zzz' in $.catalogue of the file.",
        "$.event.organiser: 'ghost' is not in $.users.",
        "$.event.judges[0]: 'nobody' is not in $.users.",
        "$.result_changes[0].after[0].winner: no registration has the ref 998.",
        "$.penalties[0].ruling: no ruling has the ref 5 in $.rulings.",
        "$.catalogue.cards[0].card_set: no card set 'nope' in $.catalogue of the file.",
        "$.branches[1].parent: no branch has the ref 77 in $.branches.",
    }


def test_bad_values_are_named_by_path(document):
    document["rounds"][0]["number"] = "one"
    document["event"]["status"] = "paused"
    document["life_changes"][0]["created_at"] = "2026-11-28T10:00:00"
    document["players"][0]["display_name"] = "x" * 200
    document["matches"][0]["table"] = None  # allowed: a bye has no table
    document["games"][0]["is_draw"] = "yes"
    problems = refused(document)
    assert "$.rounds[0].number: must be a JSON number, not 'one'." in problems
    assert any(
        p.startswith("$.event.status: 'paused' is not one of registration") for p in problems
    )
    assert any(
        p.startswith("$.life_changes[0].created_at: give the time with its UTC") for p in problems
    )
    assert any(
        p.startswith("$.players[0].display_name: Ensure this value has at most 80")
        for p in problems
    )
    assert "$.games[0].is_draw: must be a JSON true or false, not 'yes'." in problems
    assert len(problems) == 5


def test_repeated_refs_and_rows_that_would_collide_are_refused(document):
    document["rounds"][1]["ref"] = document["rounds"][0]["ref"]
    document["rounds"][2]["number"] = document["rounds"][0]["number"]
    cards = document["catalogue"]["cards"]
    cards[2]["key"] = cards[1]["key"]
    problems = refused(document)
    assert "$.rounds[1].ref: 1 is also $.rounds[0].ref." in problems
    assert "$.rounds[2]: repeats the event, number of $.rounds[0]." in problems
    assert "$.catalogue.cards[2]: repeats the key of $.catalogue.cards[1]." in problems


def test_event_settings_are_checked_like_the_settings_form(document):
    repeated = copy.deepcopy(document)
    repeated["event"]["tiebreakers"] = ["omw", "omw"]
    assert refused(repeated)[0].startswith("$.event.tiebreakers: Use each of omw")
    document["event"]["top_cut"] = 3
    assert refused(document)[0].startswith("$.event.top_cut: A top cut has 2, 4, 8")


def test_a_row_the_database_refuses_is_located_and_nothing_is_saved(document):
    """Found only when writing (a drawn game with a winner breaks a check constraint): the
    accounts, cards and event already written are rolled back with it."""
    rows.empty_the_database()
    draw = next(n for n, g in enumerate(document["games"]) if g["winner"] is not None)
    document["games"][draw]["is_draw"] = True
    problems = refused(document, slug=None)
    assert len(problems) == 1
    assert problems[0].startswith(f"$.games[{draw}]: the database refused it:")
    assert not get_user_model().objects.exists()
    assert not Event.objects.exists()


def test_an_event_whose_slug_exists_is_refused_unless_given_another(document):
    problems = refused(document, slug=None)
    assert problems == [
        "$.event.slug: an event with the slug 'backup-open' already exists here. Import it "
        "under another slug (import_event --slug NEW), or delete that event first."
    ]
    assert refused(document, slug="not a slug")[0].startswith("--slug: Enter a valid")


def test_importing_beside_the_original_links_accounts_players_cards_and_format(document):
    users_before = get_user_model().objects.count()
    summary = event_import(document=document, slug="backup-open-copy")
    assert summary.users_created == [] and len(summary.users_linked) == len(document["users"])
    assert get_user_model().objects.count() == users_before
    assert len(summary.players_reused) == 8  # the players with accounts keep their one player
    assert summary.catalogue_created == {"card_sets": 0, "dice": 0, "cards": 0}
    assert "already present" in summary.format_note
    copy_document = event_export(event=summary.event)
    assert copy_document["event"] == {**document["event"], "slug": "backup-open-copy"}
    for key in document:
        if key not in ("event", "exported_at"):
            assert copy_document[key] == document[key], key


def test_a_format_code_taken_by_other_limits_is_imported_under_a_new_code(document):
    document["format"]["definition"]["banned"] = []
    summary = event_import(document=document, slug="other-limits")
    fmt = summary.event.format
    assert fmt.code == "autumn-league-imported" == fmt.definition["code"]
    assert fmt.definition["banned"] == [] and not fmt.is_builtin
    assert "imported as 'autumn-league-imported'" in summary.format_note


def test_an_existing_card_is_kept_as_stored_and_the_difference_reported(document):
    document["catalogue"]["cards"][0]["name"] = "Renamed"
    summary = event_import(document=document, slug="renamed-card")
    key = document["catalogue"]["cards"][0]["key"]
    assert summary.catalogue_differing == [f"card {key}"]
    assert summary.event.registrations.exists()


def test_users_are_created_inactive_without_a_usable_password(document):
    document["users"].append({"username": "newjudge", "first_name": "New", "last_name": ""})
    document["event"]["judges"].append("newjudge")
    summary = event_import(document=document, slug="new-judge")
    assert summary.users_created == ["newjudge"]
    judge = summary.event.judges.get(username="newjudge")
    assert not judge.is_active and not judge.has_usable_password()


def test_the_documented_example_reads_as_the_documentation_says():
    """docs/backup.md's example is a real version-1 document, cut down as it says."""
    from pathlib import Path

    text = (Path(__file__).parents[3] / "docs" / "backup.md").read_text()
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    problems = refused(example, slug=None)
    assert problems == ["$.matches[0].player2: no registration has the ref 2 in $.registrations."]


def test_games_stored_as_json_must_have_the_shape_the_services_read(document):
    document["result_changes"][0]["after"][0]["score"] = 3
    del document["result_changes"][1]["after"][0]["winner"]
    document["result_reports"][0]["games"][0]["ending"] = "timeout"
    problems = refused(document)
    assert set(problems) == {
        "$.result_changes[0].after[0].score: unknown field of a game.",
        "$.result_changes[1].after[0].winner: missing (null for a drawn game).",
        "$.result_reports[0].games[0].ending: must be one of concession, life, no_show, time.",
    }
