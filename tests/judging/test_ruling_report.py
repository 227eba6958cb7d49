"""The judge console's reports: the ruling report (its content in PDF and CSV, who may ask for
it and see it, the dispute page's button and progress, the API) and the penalties the event
report lists from the console."""

import csv
import io
import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from judging import services
from judging.models import Dispute, Ruling
from tests.judging.logs import BOARD, SEQUENCE, SETUP
from tests.tournaments import factories
from tests.tournaments.reports.pdf import pdf_text
from tournaments.models import Round
from tournaments.reports import services as report_services
from tournaments.reports.models import Report
from tournaments.reports.registry import ReportError, kind_for
from tournaments.reports.render import build_file, render_html
from tournaments.tasks import build_report

pytestmark = pytest.mark.django_db
# As played: the attack, two blockers, then P1 tries to block again (illegal: R11.2).
ILLEGAL = "P1 block SK1>5sww#1\n"


@pytest.fixture(autouse=True)
def in_process_tasks(settings, tmp_path):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.MEDIA_ROOT = tmp_path / "media"


def _log(dispute: Dispute, sequence: str, by) -> Dispute:
    teams = "\n".join(line for line in dispute.setup.splitlines() if " team " in line)
    return services.dispute_log_save(
        dispute=dispute,
        text=f"game tournament life 20 first P1\n{teams}\n{BOARD}{sequence}",
        by=by,
        version=None,
    )


@pytest.fixture
def ruling(table) -> Ruling:
    dispute = services.dispute_open(
        match=table.match, title="Can Sidekick block again?", by=table.judge
    )
    dispute = _log(
        dispute,
        SEQUENCE.splitlines()[0] + "\n" + SEQUENCE.splitlines()[1] + "\n" + ILLEGAL,
        table.judge,
    )
    return services.ruling_record(
        dispute=dispute,
        question="May P1 add a blocker after blockers were declared?",
        answer="No: blockers are declared once, in the declare blockers step.",
        rules=["R11.2"],
        upheld_branch=dispute.branches.get(),
        judge_notes="P1 argued from an old FAQ; watch for it next round.",
        penalty=services.PenaltyInput(table.match.player1, "warning", "Tried to add a blocker"),
        by=table.judge,
        version=None,
    )


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def build(ruling: Ruling, file_format: str = "pdf", **raw):
    kind = kind_for("ruling")
    event = ruling.dispute.event
    params = kind.clean_params(event, {"ruling": ruling.pk, **raw})
    return build_file(
        kind, event, params, file_format, progress=lambda p, n: None, site_url="http://x/"
    )


# -- the report's content ------------------------------------------------------------------
def test_the_ruling_report_prints_the_dispute_each_step_with_its_board_and_the_ruling(ruling):
    built = build(ruling)
    assert built.filename == f"{ruling.event.slug}-ruling-{ruling.pk}.pdf"
    text = squash(pdf_text(built.content))
    # The dispute.
    assert "Can Sidekick block again?" in text and "Round 1, table 1" in text
    assert "P1 Player 01 · P2 Player 02" in text
    assert "May P1 add a blocker after blockers were declared?" in text
    # The ruling, its rules with their titles, the branch upheld, the penalty.
    assert "No: blockers are declared once, in the declare blockers step." in text
    assert "R11.2 Declare blockers: each blocker blocks one attacker" in text
    assert "Branch upheld As played" in text
    assert "Player 01 Warning Tried to add a blocker judge" in text
    # Every step: action, verdict, events with their rules.
    assert "Step 1 P2 attack 5sww#1 Legal" in text
    assert "R11.1 P2:5sww#1 (Cheetah: Goddess of the Hunt) attacks" in text
    assert "Step 2 P1 block 22sww#1>5sww#1 SK1>5sww#1 Legal" in text
    assert "Step 3 P1 block SK1>5sww#1 Illegal · R11.2 Declare blockers" in text
    assert "The game is not waiting for blockers now" in text
    # The judges' copy, and marked so.
    assert "P1 argued from an old FAQ" in text
    assert "Judges' copy: it holds the judges' notes. Not for the players." in text


def test_each_board_shows_life_energy_the_dice_by_zone_and_the_attacks(ruling):
    """The boards, read from the HTML the PDF is made from (the PDF's two columns of dice
    interleave in extracted text)."""
    kind = kind_for("ruling")
    params = kind.clean_params(ruling.event, {"ruling": ruling.pk})
    context = kind.context(ruling.event, params, progress=lambda p, n: None, site_url="")
    html = render_html(kind, context, for_pdf=True)
    raw = html.split("<article")[1:]
    articles = [squash(re.sub(r"<[^>]+>", " ", a)).replace(" ,", ",") for a in raw]
    start, attack, blocks, illegal = articles
    assert "P1 Player 01 Life 9 /20 · Energy 0" in start
    assert "P2 Player 02 · active Life 14 /20 · Energy 1 (1 mask)" in start
    assert "Field (2) SK1 Sidekick level 1 1 1 22sww#1 Wonder Woman level 2 3 5" in start
    assert "Reserve Pool (1) 5sww#2 Cheetah mask" in start and "Bag: 8 dice" in start
    assert "No dice attacking." in start
    assert "P2:5sww#1 Cheetah level 3 A5/D5 · unblocked" in attack
    assert "After it: turn 6, P2 active · Attack step: declare blockers" in attack
    assert (
        "P2:5sww#1 Cheetah level 3 A5/D5 ← blocked by P1:SK1 Sidekick level 1 A1/D1, "
        "P1:22sww#1 Wonder Woman level 2 A3/D5"
    ) in blocks
    assert "No dice outside the bag and the Attack Zone." in blocks
    assert "Illegal · R11.2" in illegal and "The replay stops here" in illegal
    # What the step changed is shaded and starred; the dice its action names are bold.
    assert 'class="die changed involved">P2:5sww#1 Cheetah' in raw[1]
    assert '<tr class="changed"><td class="die-id">22sww#1*</td>' not in raw[0]


def test_the_copy_without_notes_leaves_them_out_and_says_it_may_be_shown(ruling):
    built = build(ruling, notes="omit")
    assert built.filename.endswith("-without-notes.pdf")
    text = squash(pdf_text(built.content))
    assert "old FAQ" not in text and "Judges' notes" not in text
    assert "The judges' notes are left out of this copy: it may be shown to the players." in text
    assert "No: blockers are declared once" in text


def test_the_steps_come_as_csv_with_verdict_rule_and_board_figures(ruling):
    rows = list(csv.reader(io.StringIO(build(ruling, "csv").content.decode("utf-8-sig"))))
    assert rows[0][:9] == [
        "Step", "Turn", "Active player", "Game step", "Action", "Verdict", "Rule", "Rule title",
        "Reason",
    ]  # fmt: skip
    assert [row[0] for row in rows[1:]] == ["0", "1", "2", "3"]
    illegal = rows[4]
    assert illegal[4:7] == ["P1 block SK1>5sww#1", "illegal", "R11.2"]
    assert illegal[7].startswith("Declare blockers") and "not waiting for blockers" in illegal[8]
    assert rows[2][15] == "P2:5sww#1"
    assert rows[3][15] == "P2:5sww#1 blocked by P1:SK1, P1:22sww#1"
    assert rows[1][11:15] == ["9", "0", "14", "1"]
    assert all("old FAQ" not in cell for row in rows for cell in row)


def test_a_ruling_with_no_branch_upheld_prints_the_sequence_as_played(table, ruling):
    Ruling.objects.filter(pk=ruling.pk).update(upheld_branch=None)
    ruling.refresh_from_db()
    text = squash(pdf_text(build(ruling).content))
    assert "None chosen; the steps below are As played" in text
    assert "Step 3 P1 block SK1>5sww#1 Illegal" in text


def test_bad_parameters_name_the_field(table, ruling):
    kind = kind_for("ruling")
    for raw, field, message in [
        ({}, "ruling", "Say which ruling"),
        ({"ruling": "x"}, "ruling", "must be a ruling's ID"),
        ({"ruling": ruling.pk + 99}, "ruling", f"no ruling {ruling.pk + 99}"),
        ({"ruling": ruling.pk, "notes": "some"}, "notes", "'include'"),
    ]:
        with pytest.raises(ReportError, match=message) as error:
            kind.clean_params(table.event, raw)
        assert error.value.field == field
    other = factories.event(players=2, name="Elsewhere")
    with pytest.raises(ReportError, match="was not given at Elsewhere") as error:
        report_services.report_request(
            event=other, kind="ruling", file_format="pdf", params={"ruling": ruling.pk},
            by=table.judge, site_url="http://x/",
        )  # fmt: skip
    assert error.value.field == "ruling"


# -- requests: who may --------------------------------------------------------------------
def request(ruling, by, **params):
    return report_services.report_request(
        event=None, kind="ruling", file_format=params.pop("format", "pdf"),
        params={"ruling": ruling.pk, **params}, by=by, site_url="http://x/",
    )  # fmt: skip


@pytest.mark.parametrize("role", ["judge", "organiser"])
def test_the_events_judges_and_organiser_request_a_ruling_report(table, ruling, role):
    outcome = request(ruling, getattr(table, role))
    report = Report.objects.get(pk=outcome.report.pk)
    assert report.status == Report.Status.DONE, report.error
    assert report.event == table.event and report.params == {
        "ruling": ruling.pk,
        "notes": "include",
    }
    assert report.title == "Ruling report: Can Sidekick block again?"
    assert "Can Sidekick block again?" in pdf_text(report.file.read())


@pytest.mark.parametrize("role", ["player", "opponent", "other_player", "stranger"])
def test_players_and_others_may_not_request_it(table, ruling, role):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied, match="Only the event's judges and organiser"):
        request(ruling, getattr(table, role))
    assert not Report.objects.exists()


@pytest.fixture
def practice(table) -> Ruling:
    dispute = services.dispute_open_practice(
        title="Practice: Overcrush?", by=table.judge,
        teams={"P1": [("19sww", 4), ("22sww", 4)], "P2": [("5sww", 4), ("9sww", 3)]},
        names={"P1": "Ann", "P2": "Bob"},
    )  # fmt: skip
    dispute = services.dispute_log_save(
        dispute=dispute, text=SETUP + SEQUENCE, by=table.judge, version=None
    )
    return services.ruling_record(
        dispute=dispute, question="Q?", answer="A.", rules=["R11.4"], upheld_branch=None,
        judge_notes="", by=table.judge, version=None,
    )  # fmt: skip


def test_a_practice_disputes_report_belongs_to_no_event_and_to_its_judge(client, table, practice):
    other_judge = factories.user("other_judge")
    table.event.judges.add(other_judge)
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        request(practice, other_judge)
    report = Report.objects.get(pk=request(practice, table.judge).report.pk)
    assert report.status == Report.Status.DONE, report.error
    assert report.event is None and report.file.name.startswith(f"reports/practice/{report.pk}/")
    text = squash(pdf_text(report.file.read()))
    assert "Practice dispute" in text and "A practice dispute has no penalties." in text
    assert "P1 Ann · P2 Bob" in text and "R11.4" in text
    download = reverse("judging:ruling-report-download", args=[report.pk])
    client.force_login(other_judge)
    assert client.get(download).status_code == 403
    client.force_login(table.judge)
    file = client.get(download)
    assert file.status_code == 200 and file["Content-Type"] == "application/pdf"
    assert file["Content-Disposition"] == (
        f'attachment; filename="practice-ruling-{practice.pk}.pdf"'
    )


def test_a_ruling_deleted_before_the_build_fails_the_report_with_the_reason(
    table, ruling, monkeypatch
):
    monkeypatch.setattr(build_report, "apply_async", lambda *a, **kw: None)
    report = request(ruling, table.judge).report
    ruling.dispute.delete()
    report_services.report_build(report_id=report.pk)
    report.refresh_from_db()
    assert report.status == Report.Status.FAILED
    assert report.error == (
        "The ruling was deleted (with its dispute) after the report was asked for."
    )


def test_the_event_pages_never_show_another_events_ruling(client, table, ruling):
    other = factories.event(players=2, name="Elsewhere", organiser=table.judge)
    client.force_login(table.judge)
    preview = f"/manage/{other.slug}/reports/preview/ruling/?ruling={ruling.pk}"
    page = client.get(preview, follow=True).content.decode()
    assert f"Ruling {ruling.pk} was not given at Elsewhere." in page
    assert "May P1 add a blocker" not in page
    client.post(f"/manage/{other.slug}/reports/request/", {"kind": "ruling", "ruling": ruling.pk})
    assert not Report.objects.exists()


# -- the dispute page ----------------------------------------------------------------------
def test_the_dispute_page_requests_the_report_and_follows_it(client, table, ruling):
    client.force_login(table.judge)
    dispute_url = reverse("judging:dispute", args=[ruling.dispute_id])
    page = client.get(dispute_url).content.decode()
    assert "No ruling report yet." in page and "js/reports.js" in page
    status_url = reverse("judging:ruling-report-status", args=[ruling.dispute_id])
    assert f'data-status-url="{status_url}"' in page
    response = client.post(
        reverse("judging:ruling-report", args=[ruling.dispute_id]), {"format": "pdf"}, follow=True
    )
    report = Report.objects.get()
    assert response.redirect_chain[-1][0] == f"{dispute_url}#report-{report.pk}"
    page = response.content.decode()
    assert "“Ruling report: Can Sidekick block again?” (PDF) is ready to download below." in page
    download = reverse("judging:ruling-report-download", args=[report.pk])
    assert f'href="{download}"' in page
    status = client.get(status_url).json()
    assert status["active"] is False
    assert [(r["id"], r["status"], r["download_url"]) for r in status["reports"]] == [
        (report.pk, "done", download)
    ]
    file = client.get(download)
    assert "No: blockers are declared once" in pdf_text(b"".join(file.streaming_content))
    # The copy without notes is a second report; the CSV a third.
    client.post(reverse("judging:ruling-report", args=[ruling.dispute_id]),
                {"format": "pdf", "notes": "omit"})  # fmt: skip
    client.post(reverse("judging:ruling-report", args=[ruling.dispute_id]), {"format": "csv"})
    titles = [r["title"] for r in client.get(status_url).json()["reports"]]
    assert titles == [
        "Ruling report: Can Sidekick block again?",
        "Ruling report: Can Sidekick block again? (without judges' notes)",
        "Ruling report: Can Sidekick block again?",
    ]
    # The event's Reports page lists them too, with the same download.
    event_page = client.get(f"/manage/{table.event.slug}/reports/").content.decode()
    assert f'href="{download}"' in event_page


def test_a_request_while_one_is_being_built_gets_it_back(client, table, ruling, monkeypatch):
    monkeypatch.setattr(build_report, "apply_async", lambda *a, **kw: None)
    client.force_login(table.organiser)
    url = reverse("judging:ruling-report", args=[ruling.dispute_id])
    client.post(url, {"format": "pdf"})
    page = client.post(url, {"format": "pdf"}, follow=True).content.decode()
    assert "is already being built; no second copy was started." in page
    assert Report.objects.count() == 1
    status = client.get(reverse("judging:ruling-report-status", args=[ruling.dispute_id])).json()
    assert status["active"] is True and status["reports"][0]["status"] == "queued"


def test_with_the_broker_down_the_request_says_reports_are_unavailable(
    client, table, ruling, monkeypatch
):
    from kombu.exceptions import OperationalError

    def unreachable(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6399. Connection refused.")

    monkeypatch.setattr(build_report, "apply_async", unreachable)
    client.force_login(table.judge)
    response = client.post(
        reverse("judging:ruling-report", args=[ruling.dispute_id]), {"format": "pdf"}, follow=True
    )
    assert response.status_code == 200
    assert "Reports are unavailable right now" in response.content.decode()
    answer = api_as(table.judge).post(
        "/api/reports/", {"kind": "ruling", "ruling": ruling.pk}, format="json"
    )
    assert answer.status_code == 503 and answer.json()["code"] == "reports/unavailable"
    assert not Report.objects.exists()


def test_the_preview_is_the_reports_page_and_honours_the_notes_choice(client, table, ruling):
    client.force_login(table.judge)
    url = reverse("judging:ruling-report-preview", args=[ruling.dispute_id])
    page = client.get(url).content.decode()
    assert "The board before the sequence" in page and "old FAQ" in page
    assert reverse("judging:dispute", args=[ruling.dispute_id]) in page
    assert "old FAQ" not in client.get(url + "?notes=omit").content.decode()


def test_a_dispute_without_a_ruling_has_no_report(client, table):
    dispute = services.dispute_open(match=table.match, title="Open", by=table.judge)
    client.force_login(table.judge)
    assert (
        "Ruling report"
        not in client.get(reverse("judging:dispute", args=[dispute.pk])).content.decode()
    )
    response = client.post(reverse("judging:ruling-report", args=[dispute.pk]), {"format": "pdf"})
    assert response.status_code == 404 and not Report.objects.exists()


@pytest.mark.parametrize("role", ["player", "opponent", "stranger"])
def test_players_never_reach_the_report_pages(client, table, ruling, role):
    report = request(ruling, table.judge).report
    client.force_login(getattr(table, role))
    pk = ruling.dispute_id
    for method, url in [
        ("post", reverse("judging:ruling-report", args=[pk])),
        ("get", reverse("judging:ruling-report-status", args=[pk])),
        ("get", reverse("judging:ruling-report-preview", args=[pk])),
        ("get", reverse("judging:ruling-report-download", args=[report.pk])),
        ("get", f"/api/reports/{report.pk}/download/"),
    ]:
        assert getattr(client, method)(url).status_code == 403, url
    assert Report.objects.count() == 1


# -- the API -------------------------------------------------------------------------------
def api_as(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def test_the_api_requests_a_ruling_report_by_the_rulings_id(table, ruling):
    api = api_as(table.judge)
    response = api.post("/api/reports/", {"kind": "ruling", "ruling": ruling.pk}, format="json")
    assert response.status_code == 202, response.json()
    body = response.json()
    assert body["event"] == table.event.slug and body["kind"] == "ruling"
    assert body["params"] == {"ruling": ruling.pk, "notes": "include"}
    file = api.get(body["download_url"], HTTP_ACCEPT="application/pdf")
    assert "May P1 add a blocker" in pdf_text(b"".join(file.streaming_content))
    # With the event named, it must be the ruling's; CSV and notes=omit are accepted.
    response = api.post(
        "/api/reports/",
        {"event": table.event.slug, "kind": "ruling", "ruling": ruling.pk, "format": "csv",
         "notes": "omit"},
        format="json",
    )  # fmt: skip
    assert response.status_code == 202 and response.json()["status"] == "done"


def test_the_api_refuses_others_and_names_the_field_at_fault(table, ruling, practice):
    for user in (table.player, table.stranger):
        response = api_as(user).post(
            "/api/reports/", {"kind": "ruling", "ruling": ruling.pk}, format="json"
        )
        assert response.status_code == 403
    api = api_as(table.judge)
    response = api.post("/api/reports/", {"kind": "ruling"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {"ruling": ["Say which ruling the report is about."]}
    other = factories.event(players=2, name="Elsewhere", organiser=table.judge)
    response = api.post(
        "/api/reports/", {"event": other.slug, "kind": "ruling", "ruling": ruling.pk},
        format="json",
    )  # fmt: skip
    assert response.json()["errors"] == {
        "ruling": [f"Ruling {ruling.pk} was not given at Elsewhere."]
    }
    response = api.post("/api/reports/", {"kind": "standings"}, format="json")
    assert response.json()["errors"] == {"event": ["Say which event the report is for."]}
    assert not Report.objects.exists()


def test_a_practice_report_through_the_api_is_listed_for_its_judge_only(table, practice):
    api = api_as(table.judge)
    response = api.post("/api/reports/", {"kind": "ruling", "ruling": practice.pk}, format="json")
    assert response.status_code == 202 and response.json()["event"] is None
    report_id = response.json()["id"]
    assert [r["id"] for r in api.get("/api/reports/").json()["results"]] == [report_id]
    other = api_as(table.organiser)
    assert other.get("/api/reports/").json()["results"] == []
    assert other.get(f"/api/reports/{report_id}/").status_code == 403
    assert api.get(f"/api/reports/{report_id}/download/").status_code == 200


# -- the event report's penalties ------------------------------------------------------------
def test_the_event_report_lists_the_penalties_given_in_the_console(table, ruling):
    services.penalty_issue(
        match=table.match, registration=table.match.player2, kind="game_loss",
        reason="Drew two extra dice", by=table.organiser,
    )  # fmt: skip
    kind = kind_for("event")
    built = build_file(kind, table.event, {}, "pdf", progress=lambda p, n: None, site_url="")
    text = squash(pdf_text(built.content))
    assert "1 1 Player 01 Warning Tried to add a blocker judge" in text
    assert "1 1 Player 02 Game loss Drew two extra dice organiser" in text
    rows = list(
        csv.reader(
            io.StringIO(
                build_file(
                    kind, table.event, {}, "csv", progress=lambda p, n: None, site_url=""
                ).content.decode("utf-8-sig")
            )
        )
    )
    assert rows[0][-1] == "Penalties"
    (row,) = [r for r in rows[1:] if r[2] == str(table.match.table) and r[0] == "1"]
    assert row[-1] == (
        "Player 01: Warning (Tried to add a blocker; judge); "
        "Player 02: Game loss (Drew two extra dice; organiser)"
    )
    # A penalty whose round was deleted stays in the report, without round and table.
    Round.objects.filter(event=table.event).delete()
    built = build_file(kind, table.event, {}, "pdf", progress=lambda p, n: None, site_url="")
    text = squash(pdf_text(built.content))
    assert "– – Player 01 Warning Tried to add a blocker judge" in text
