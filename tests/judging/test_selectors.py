"""Reads the reports build on: rulings and penalties per event, match and player, the ruling
report's data; and the console's own reads (board editor rows, a step, a comparison)."""

import pytest

from judging import selectors, services
from tests.tournaments import factories
from tournaments import services as tournament_services
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def rule(dispute, table, **penalty):
    return services.ruling_record(
        dispute=dispute,
        question="Two blockers?",
        answer="Yes.",
        rules=["R11.2"],
        upheld_branch=dispute.branches.first(),
        judge_notes="notes",
        penalty=services.PenaltyInput(**penalty) if penalty else None,
        by=table.judge,
        version=None,
    )


def test_penalties_and_rulings_list_per_event(table, dispute):
    rule(dispute, table, registration=table.match.player1, kind="warning", reason="Slow play")
    services.penalty_issue(
        match=table.match, registration=table.match.player1, kind="game_loss",
        reason="Drew extra dice", by=table.organiser,
    )  # fmt: skip
    penalties = list(selectors.penalties_for_event(table.event))
    assert [(p.kind, p.reason) for p in penalties] == [
        ("warning", "Slow play"),
        ("game_loss", "Drew extra dice"),
    ]
    (ruling,) = selectors.rulings_for_event(table.event)
    assert ruling.rule_titles()[0][0] == "R11.2" and ruling.rule_titles()[0][1]
    assert list(selectors.rulings_for_match(table.match)) == [ruling]


def test_repeat_infractions_show_per_player_across_events(table, dispute):
    player = table.match.player1.player
    earlier = factories.event(players=0, name="Last month")
    registration = tournament_services.registration_create(
        event=earlier, display_name="Someone", team_list=factories.team_links()[0]
    )
    registration.player = player  # the same person, registered at the earlier event
    registration.save()
    opponent = tournament_services.registration_create(
        event=earlier, display_name="Opponent", team_list=factories.team_links()[1]
    )
    for entrant in (registration, opponent):
        tournament_services.registration_check_in(registration=entrant)
    tournament_services.event_start(event=earlier)
    old_match = tournament_services.round_pair(event=earlier, seed=1).matches.get()
    services.penalty_issue(
        match=old_match, registration=registration, kind="warning", reason="Slow play",
        by=earlier.organiser,
    )  # fmt: skip
    rule(dispute, table, registration=table.match.player1, kind="warning", reason="Slow play")
    services.penalty_issue(
        match=table.match, registration=table.match.player2, kind="warning", reason="Notes",
        by=table.judge,
    )  # fmt: skip
    rows = selectors.penalties_by_player(table.event)
    by_name = {row.registration.display_name: row for row in rows}
    mine = by_name["Player 01"]
    assert (len(mine.penalties), mine.earlier, mine.repeat) == (1, 1, True)
    assert mine.counts == [("Warning", 1)]
    assert not by_name["Player 02"].repeat
    history = list(selectors.penalties_for_player(player))
    assert [p.event for p in history] == [table.event, earlier]


def test_the_ruling_report_holds_every_step_with_its_board_and_the_ruling(table, dispute):
    ruling = rule(dispute, table, registration=table.match.player2, kind="warning", reason="x")
    report = selectors.ruling_report(ruling)
    assert report["dispute"]["title"] == "Who blocks?"
    assert report["dispute"]["players"] == {"P1": "Player 01", "P2": "Player 02"}
    assert [step["number"] for step in report["steps"]] == [0, 1, 2, 3]
    attack = report["steps"][1]
    assert attack["action"] == "P2 attack 5sww#1" and attack["legal"]
    assert any(e["rule"] == "R11.1" for e in attack["events"])
    board = attack["board"]
    assert board["attacks"] == [{"attacker": "P2:5sww#1", "blockers": []}]
    assert board["players"]["P1"]["life"] == 9
    assert board["players"]["P1"]["zones"]["Field"] == ["SK1=L1 A1/D1", "22sww#1=L2 A3/D5"]
    assert report["ruling"]["rules"][0][0] == "R11.2"
    assert report["penalties"] == [
        {"player": "Player 02", "kind": "Warning", "reason": "x", "issued_by": "judge"}
    ]
    assert report["judge_notes"] == "notes"


def test_the_board_editor_lists_every_die_with_its_faces_and_where_the_board_puts_it(dispute):
    editor = selectors.board_editor(dispute)
    assert (editor.turn, editor.active, editor.step, editor.life) == (
        6,
        "P2",
        "main",
        {"P1": 9, "P2": 14},
    )
    assert len(editor.group("P1")) == 8 + 4 + 4 + 3 + 3 + 2 + 2 + 1 + 1
    assert len(editor.group("BA")) == 12
    wonder = editor.row("P1:22sww#1")
    assert (wonder.zone, wonder.face, wonder.card) == ("field", "L2", "Wonder Woman: Child of Clay")
    assert wonder.faces[:3] == ["L1", "L2", "L3"] and ("", "On its card") in wonder.zones
    sidekick = editor.row("P1:SK3")
    assert sidekick.zone == "bag" and sidekick.faces == ["fist", "bolt", "mask", "shield", "wild",
                                                          "L1"]  # fmt: skip


def test_a_step_page_marks_what_the_step_changed_and_named(dispute):
    branch = dispute.branches.get()
    page = selectors.step_page(dispute, branch, 3)
    assert (page.previous, page.next, page.last) == (2, None, 3)
    assert "involved" in page.board.dice["P1:SK1"].marks
    assert "changed" in page.board.dice["P1:SK1"].marks
    assert any(e["rule"] == "R11.4" and e["title"] for e in page.events)
    assert selectors.step_page(dispute, branch, 4) is None
    start = selectors.step_page(dispute, branch, 0)
    assert start.step is None and start.action_text == "" and start.turns[0]["turn"] == 6


def test_disputes_are_listed_for_their_events_staff_and_practice_for_its_judge(table, dispute):
    practice = services.dispute_open_practice(
        title="Practice", by=table.judge, teams={"P1": [("19sww", 1)], "P2": [("5sww", 1)]}
    )
    assert set(selectors.disputes_for_user(table.judge)) == {dispute, practice}
    assert set(selectors.disputes_for_user(table.organiser)) == {dispute}
    assert not selectors.disputes_for_user(table.player).exists()


def test_only_the_matchs_players_and_staff_count_its_rulings(table, dispute):
    rule(dispute, table)
    match = Match.objects.select_related("round__event").get(pk=table.match.pk)
    assert selectors.visible_rulings_count(table.player, match) == 1
    assert selectors.visible_rulings_count(table.judge, match) == 1
    assert selectors.visible_rulings_count(table.other_player, match) == 0


def test_the_card_panel_shows_the_automation_status_once_cards_carry_it(table):
    from types import SimpleNamespace

    from rules.models import Card

    card = Card.objects.get(key="5sww")  # compiled at import from its hand encoding
    assert selectors.card_automation(card) == {
        "status": "automated",
        "label": "Automated",
        "note": "",
        "description": card.ability_description,
    }
    assert "KO an opposing Sidekick die" in card.ability_description
    assert selectors.card_json(card)["automation"]["status"] == "automated"
    partial = SimpleNamespace(
        automation="partial",
        automation_note="the KO is automated; the draw is manual",
        get_automation_display=lambda: "Partly automated",
    )
    assert selectors.card_automation(partial) == {
        "status": "partial",
        "label": "Partly automated",
        "note": "the KO is automated; the draw is manual",
        "description": "",
    }
    assert selectors.card_automation(SimpleNamespace()) is None  # nothing recorded: no claim
