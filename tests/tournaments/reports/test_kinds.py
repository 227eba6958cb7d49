"""Each report kind's content, checked against the event's own data (PDF text, CSV, HTML)."""

import csv
import io
import re

import pytest
from django.urls import resolve

from tests.tournaments import factories
from tests.tournaments.reports.pdf import pdf_text, pdf_to_pngs, qr_codes
from tournaments import services
from tournaments.models import Match, Round
from tournaments.reports import data, sections
from tournaments.reports.registry import ReportError, all_kinds, kind_for
from tournaments.reports.render import build_file, render_html
from tournaments.reports.sections import (
    PenaltyLine,
    register_penalty_provider,
    unregister_penalty_provider,
)
from tournaments.selectors import standings_for_event

SITE = "http://events.example.org/"
pytestmark = pytest.mark.django_db


def build(event, code: str, file_format: str, **params):
    kind = kind_for(code)
    cleaned = kind.clean_params(event, params)
    return build_file(
        kind, event, cleaned, file_format, progress=lambda percent, note: None, site_url=SITE
    )


def csv_rows(content: bytes) -> list[list[str]]:
    assert content.startswith(b"\xef\xbb\xbf"), "spreadsheets need the BOM to read UTF-8"
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_registry_has_every_event_report_and_the_judge_consoles_ruling_report():
    kinds = {kind.code: kind for kind in all_kinds()}
    assert {"pairings", "slips", "standings", "event", "ruling"} <= set(kinds)
    assert not kinds["ruling"].on_event_page, "requested from the ruling's page"
    with pytest.raises(ReportError, match="no report kind 'scores'") as error:
        kind_for("scores")
    assert error.value.field == "kind"


def test_pairings_by_table_list_every_table_in_order_with_points_before_the_round(event):
    round_2 = event.rounds.get(number=2)
    points = {row.registration.pk: row.points for row in standings_for_event(event, after_round=1)}
    matches = list(round_2.matches.select_related("player1__player", "player2__player"))
    built = build(event, "pairings", "pdf", round=2, order="table")
    text = squash(pdf_text(built.content))
    assert "Round 2 · Pairings by table" in text
    assert built.filename == f"{event.slug}-round-2-pairings-by-table.pdf"
    positions = []
    for match in sorted((m for m in matches if m.player2_id), key=lambda m: m.table):
        one, two = match.player1, match.player2
        expected = (
            f"{match.table} {one.display_name} ({points[one.pk]}) v "
            f"{two.display_name} ({points[two.pk]})"
        )
        assert expected in text
        positions.append(text.index(expected))
    assert positions == sorted(positions), "tables are listed in table order"


def test_pairings_by_name_list_each_player_once_alphabetically(event):
    built = build(event, "pairings", "csv", round=3, order="name")
    rows = csv_rows(built.content)
    assert rows[0] == ["Player", "Table", "Opponent", "Points before the round"]
    names = [row[0] for row in rows[1:]]
    assert names == sorted(names, key=str.casefold)
    active = event.registrations.filter(dropped_after_round__isnull=True).count()
    assert len(names) == len(set(names)) == active
    round_3 = event.rounds.get(number=3)
    by_name = {row[0]: row for row in rows[1:]}
    for match in round_3.matches.select_related("player1__player", "player2__player"):
        first = match.player1.display_name
        if match.player2_id is None:
            assert by_name[first][1:3] == ["", "bye"]
            continue
        second = match.player2.display_name
        assert by_name[first][1:3] == [str(match.table), second]
        assert by_name[second][1:3] == [str(match.table), first]
    pdf = squash(pdf_text(build(event, "pairings", "pdf", round=3, order="name").content))
    assert "Pairings by player name" in pdf
    assert "Zoë Ångström" not in pdf, "a player dropped after round 2 is not paired in round 3"
    assert "Inès Duarte" in pdf


def test_result_slips_have_one_slip_per_table_with_a_qr_code_to_its_table_page(event, tmp_path):
    round_3 = event.rounds.get(number=3)
    matches = list(round_3.matches.filter(player2__isnull=False).order_by("table"))
    kind = kind_for("slips")
    context = kind.context(event, {"round": 3}, progress=lambda *a: None, site_url=SITE)
    assert [slip["table"] for slip in context["slips"]] == [m.table for m in matches]
    for slip, match in zip(context["slips"], matches, strict=True):
        assert slip["url"].startswith(SITE.rstrip("/") + "/events/")
        view = resolve(slip["url"][len(SITE) - 1 :])
        assert view.url_name == "table" and view.kwargs["match_id"] == match.pk
    html = render_html(kind, context, for_pdf=True)
    assert html.count('class="slip"') == len(matches)
    built = build(event, "slips", "pdf", round=3)
    text = squash(pdf_text(built.content))
    for match in matches:
        assert f"Table {match.table}" in text
        assert f"Signature: {match.player1.display_name}" in text
    # The printed codes scan (zbar, from the PDF's pages) to each table's page.
    scanned = []
    for page in pdf_to_pngs(built.content, tmp_path, "slips", dpi=150):
        scanned += qr_codes(page)
    assert sorted(scanned) == sorted(slip["url"] for slip in context["slips"])


def test_top_cut_slips_have_three_game_columns(event):
    final = event.rounds.filter(stage=Round.Stage.TOP_CUT).order_by("-number").first()
    text = squash(pdf_text(build(event, "slips", "pdf", round=final.number).content))
    assert "GAME 1 GAME 2 GAME 3" in text.upper()


def test_standings_follow_the_standings_function_with_every_figure(event):
    expected = standings_for_event(event, after_round=2)
    rows = csv_rows(build(event, "standings", "csv", round=2).content)
    assert rows[0] == [
        "Rank", "Player", "Points", "Wins", "Draws", "Losses", "OMW%", "GW%", "OGW%",
        "Dropped after round",
    ]  # fmt: skip
    for row, standing in zip(rows[1:], expected, strict=True):
        assert row[:6] == [
            str(standing.rank), standing.registration.display_name, str(standing.points),
            str(standing.wins), str(standing.draws), str(standing.losses),
        ]  # fmt: skip
        assert row[6:9] == [standing.figures[name] for name in ("omw", "gw", "ogw")]
    text = squash(pdf_text(build(event, "standings", "pdf", round=2).content))
    assert "Standings after round 2" in text
    for standing in expected:
        registration = standing.registration
        dropped = registration.dropped_after_round
        name = registration.display_name
        if dropped is not None:
            name += f" (dropped after round {dropped})"
        if standing.rank == event.top_cut:
            name += f" top {event.top_cut}"
        # The cut marker's last word ("line") sits where pdftotext places it: around the row.
        assert (
            f"{standing.rank} {name} {standing.points} "
            f"{standing.wins}–{standing.draws}–{standing.losses} {standing.figures['omw']} "
            f"{standing.figures['gw']} {standing.figures['ogw']}"
        ) in text.replace(" line ", " ").replace(" line", "")
    assert "dropped after round 2" in text


def test_standings_say_when_results_are_missing():
    event = factories.event(players=4, start=True)
    services.round_pair(event=event, seed=1)
    text = squash(pdf_text(build(event, "standings", "pdf").content))
    assert "2 results are still to come" in text


def test_csv_cells_that_a_spreadsheet_would_run_as_formulas_are_defused():
    event = factories.event(players=0, start=False)
    services.registration_create(
        event=event, display_name='=HYPERLINK("http://x")', team_list=factories.team_links()[0]
    )
    services.registration_create(
        event=event, display_name="Plain Name", team_list=factories.team_links()[1]
    )
    for registration in event.registrations.all():
        services.registration_check_in(registration=registration)
    event = services.event_start(event=event)
    services.round_pair(event=event, seed=1)
    rows = csv_rows(build(event, "standings", "csv").content)
    names = {row[1] for row in rows[1:]}
    assert names == {'\'=HYPERLINK("http://x")', "Plain Name"}


def test_the_event_report_has_every_section(event):
    built = build(event, "event", "pdf")
    text = squash(pdf_text(built.content))
    assert built.pages and built.pages >= 2
    for heading in [
        "Final event report", "Top cut placings", "Swiss standings after round 3",
        "Top cut bracket", "Rounds: pairings and results", "Team lists", "Penalties",
    ]:  # fmt: skip
        assert heading in text, heading
    bracket, placings = data.top_cut(event)
    final = Match.objects.get(round__event=event, round__number=5)
    winner = max(
        (final.player1, final.player2),
        key=lambda r: final.games.filter(winner=r).count(),
    )
    assert placings[0].place == "1" and placings[0].name == winner.display_name
    assert [p.place for p in placings] == ["1", "2", "3–4", "3–4"]
    assert f"1 {winner.display_name}" in text
    for number in (1, 2, 3, 4, 5):
        assert f"Round {number}" in text
    assert "Round 4: Semi-finals" in text and "Round 5: Final" in text
    # Every match of the event, by table, with its score from the first player's side.
    lines = squash(pdf_text(built.content))
    for match in Match.objects.filter(round__event=event, player2__isnull=False).select_related(
        "player1__player", "player2__player"
    ):
        score, _, _ = data.outcome_of(match)
        assert (
            f"{match.table} {match.player1.display_name} {score} {match.player2.display_name}"
        ) in lines
    registration = event.registrations.select_related("player", "team").first()
    card = registration.team.cards.select_related("card").first()
    assert f"{card.dice}× {card.card}" in text
    assert "No penalties were given at this event." in text, "the judge console records them"
    assert "Olive Organiser" in text and "Jude" in text
    # The Swiss standings with every figure, and the top-cut line after the 4th.
    for standing in standings_for_event(event, after_round=3):
        row = (
            f"{standing.rank} {standing.registration.display_name} {standing.points} "
            f"{standing.wins}–{standing.draws}–{standing.losses} {standing.figures['omw']} "
            f"{standing.figures['gw']} {standing.figures['ogw']}"
        )
        if standing.registration.dropped_after_round is not None:
            row += f" dropped after round {standing.registration.dropped_after_round}"
        if standing.rank == 4:
            row += " Top 4 cut line"
        assert row in text


@pytest.fixture
def penalty_provider(monkeypatch):
    """The provider the judging app registered, put back after the test."""
    monkeypatch.setattr(sections, "_provider", sections._provider)


def test_the_event_report_lists_penalties_once_a_provider_records_them(event, penalty_provider):
    register_penalty_provider(
        lambda e: [PenaltyLine(2, 4, "Ben Walsh", "Warning", "Drew an extra die", "Jude")]
    )
    text = squash(pdf_text(build(event, "event", "pdf").content))
    assert "Ben Walsh Warning Drew an extra die Jude" in text
    assert "not recorded" not in text


def test_without_a_provider_the_event_report_says_penalties_are_not_recorded(
    event, penalty_provider
):
    unregister_penalty_provider()
    text = squash(pdf_text(build(event, "event", "pdf").content))
    assert "Penalties are not recorded by this system yet" in text


def test_the_event_report_csv_has_every_match(event):
    rows = csv_rows(build(event, "event", "csv").content)
    assert rows[0][:6] == ["Round", "Stage", "Table", "Player 1", "Player 2", "Result"]
    assert len(rows) - 1 == Match.objects.filter(round__event=event).count()
    stages = {row[1] for row in rows[1:]}
    assert stages == {"Swiss", "top cut"}
    assert any(row[4] == "bye" and row[5] == "bye" for row in rows[1:])


def test_an_event_report_before_the_start_says_teams_are_hidden():
    event = factories.event(players=4)
    text = squash(pdf_text(build(event, "event", "pdf").content))
    assert "Event report" in text and "Final event report" not in text
    assert "this event has not started" in text
    assert "No round has been paired." in text


@pytest.mark.parametrize(
    ("code", "params", "field", "message"),
    [
        ("pairings", {"round": 9}, "round", "There is no round 9: this event has rounds 1 to 5."),
        ("pairings", {"round": "two"}, "round", "Round must be a round number, not 'two'."),
        ("pairings", {"order": "seat"}, "order", "Order must be 'table'"),
        ("standings", {"round": 4}, "round", "Round 4 is a top-cut round"),
    ],
)
def test_bad_parameters_are_refused_naming_the_field(event, code, params, field, message):
    with pytest.raises(ReportError) as error:
        kind_for(code).clean_params(event, params)
    assert error.value.field == field
    assert str(error.value).startswith(message)


def test_reports_need_a_round_to_exist():
    event = factories.event(players=4, start=True)
    for code in ("pairings", "slips", "standings"):
        with pytest.raises(ReportError, match="no rounds yet: pair round 1 first"):
            kind_for(code).clean_params(event, {})


def test_a_format_the_kind_does_not_have_is_refused(event):
    with pytest.raises(ReportError, match="Result slips comes as PDF, not CSV") as error:
        build(event, "slips", "csv", round=1)
    assert error.value.field == "format"


def test_the_latest_round_is_the_default_so_identical_requests_match(event):
    assert kind_for("pairings").clean_params(event, {}) == {"round": 5, "order": "table"}
    assert kind_for("standings").clean_params(event, {"round": ""}) == {"round": 3}
