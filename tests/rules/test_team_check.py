"""Checking a pasted team list on the page and through the API; nothing is ever saved."""

import pytest

from rules.models import Team
from rules.selectors import card_index
from rules.teams import Team as TeamList
from rules.teams import TeamEntry, format_dmdb, format_plain, format_tb_link

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("demo_catalogue")]


@pytest.fixture
def legal_team(demo_team_lists):
    return demo_team_lists[0]


@pytest.mark.parametrize("formatter", [format_tb_link, format_dmdb, format_plain])
def test_a_legal_team_in_any_notation_passes(client, legal_team, formatter):
    text = formatter(legal_team, card_index())
    body = client.post(
        "/api/teams/check/",
        {"format": "tournament", "team_list": text},
        content_type="application/json",
    ).json()
    assert body["legal"] is True
    assert body["violations"] == []
    assert len(body["cards"]) == len(legal_team.entries)
    assert set(body["notations"]) == {"tb_link", "dmdb", "plain"}
    assert Team.objects.count() == 0


def test_every_violation_is_reported_at_once(client, legal_team):
    cards = card_index()
    characters = [e for e in legal_team.entries if cards.get(e.card_key).kind != "basic_action"]
    basics = [e for e in legal_team.entries if cards.get(e.card_key).kind == "basic_action"]
    over_max = TeamEntry(characters[0].card_key, cards.get(characters[0].card_key).max_dice + 1)
    broken = TeamList(entries=(over_max, *characters[1:], basics[0]))
    response = client.post(
        "/api/teams/check/",
        {"format": "tournament", "team_list": format_tb_link(broken, cards)},
        content_type="application/json",
    )
    body = response.json()
    assert response.status_code == 200
    assert body["legal"] is False
    codes = {v["code"] for v in body["violations"]}
    assert {"too_many_dice_on_card", "wrong_basic_action_count"} <= codes
    assert all(v["rule"] and v["message"] for v in body["violations"])


def test_unreadable_lines_give_400_with_line_numbers_and_suggestions(client):
    text = "4x Superman: Phone Booth (SWW)\n3x Supermann: Phone Booth (SWW)\nBasic Actions: nope"
    response = client.post(
        "/api/teams/check/",
        {"format": "tournament", "team_list": text},
        content_type="application/json",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "rules/team_list"
    second = next(p for p in body["problems"] if p["line"] == 2)
    assert "Supermann" in second["text"]
    assert any("Superman" in s for s in second["suggestions"])


def test_unknown_format_is_a_field_error(client):
    response = client.post(
        "/api/teams/check/",
        {"format": "no-such-format", "team_list": "x"},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "format" in response.json()["errors"]  # the API's common error body


def test_check_page_shows_violations_and_notations(client, legal_team):
    cards = card_index()
    text = format_plain(TeamList(entries=legal_team.entries[:2]), cards)
    html = client.post("/cards/team-check/", {"format": "tournament", "team_list": text})
    html = html.content.decode()
    assert "problem" in html
    assert "R2.1" in html
    assert "Team Builder link" in html


def test_check_page_lists_unreadable_lines(client):
    html = client.post(
        "/cards/team-check/", {"format": "tournament", "team_list": "2x Nobody Atall (SWW)"}
    ).content.decode()
    assert "could not be read" in html
    assert "Line 1" in html


def test_check_page_names_each_place_once_lines_or_link_items(client):
    text = "4x Supermann: Phone Booth (SWW)\nBasic Actions: Take Cover (SWW) and Team Up (SWW)"
    html = client.post("/cards/team-check/", {"format": "tournament", "team_list": text})
    html = html.content.decode()
    assert (
        "<strong>Line 1</strong>: <code>4x Supermann: Phone Booth (SWW)</code> — No card is" in html
    )
    assert html.count("Line 1") == 1
    link = "https://tb.dicecoalition.com/?view&cards=4x19sww;3x999sww;3x31sww"
    html = client.post("/cards/team-check/", {"format": "tournament", "team_list": link})
    html = html.content.decode()
    assert "<strong>Item 2</strong>: <code>3x999sww</code> — no card has the code 999sww." in html
    assert "Line 2" not in html


def test_a_problem_about_the_whole_list_has_no_place(client):
    html = client.post(
        "/cards/team-check/", {"format": "tournament", "team_list": "# only a comment"}
    ).content.decode()
    assert "could not be read" in html
    assert "<strong>Line" not in html
