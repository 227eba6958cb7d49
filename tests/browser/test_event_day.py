"""Acceptance: an organiser runs a 16-player event end to end in Chromium."""

import pytest

from tests.tournaments import factories
from tournaments.models import Event, Match, ResultChange

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PLAYERS = 16


@pytest.fixture
def setup():
    """Database rows before the browser starts (see tests/browser/conftest.py)."""
    factories.demo_catalogue()
    factories.user("orga")
    return factories.team_links()


def enter_round_results(page, event: Event, number: int) -> None:
    matches = Match.objects.filter(round__event=event, round__number=number, player2__isnull=False)
    for match in list(matches):
        section = page.locator(f"#match-{match.pk}")
        section.get_by_label("Game 1 winner").select_option(str(match.player1_id))
        section.get_by_label(f"Game 1: {match.player1.display_name}'s life").fill("6")
        section.get_by_label(f"Game 1: {match.player2.display_name}'s life").fill("0")
        section.get_by_role("button", name="Save result").click()
        page.locator(f"#match-{match.pk} p.status.confirmed").wait_for()


def test_organiser_runs_an_event_end_to_end(setup, live_server, desktop, screenshot_dir):
    links, page = setup, desktop
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("orga")
    page.get_by_label("Password").fill("pw-for-tests-only")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="My events").wait_for()

    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name").fill("Saturday Showdown")
    page.get_by_label("Date").fill("2026-11-28")
    page.get_by_role("button", name="Create event").click()
    page.get_by_role("heading", name="Register a player").wait_for()
    event = Event.objects.get(name="Saturday Showdown")

    for n in range(PLAYERS):
        page.get_by_label("Player name").fill(f"Player {n + 1:02d}")
        page.get_by_label("Team list").fill(links[n % len(links)])
        page.get_by_role("button", name="Register").click()
        page.get_by_text(f"Player {n + 1:02d} registered.").wait_for()

    page.get_by_label("Player name").fill("Greedy Gus")
    page.get_by_label("Team list").fill(links[0].replace("cards=", "cards=9x19sww;"))
    page.get_by_role("button", name="Register").click()
    refusal = page.get_by_role("alert")
    refusal.wait_for()
    assert "R2.1" in refusal.inner_text()
    page.screenshot(path=screenshot_dir / "event-day-refused-team.png", full_page=True)
    assert event.registrations.count() == PLAYERS

    for n in range(PLAYERS):
        page.get_by_role("button", name=f"Check in Player {n + 1:02d}").click()
        page.get_by_text(f"Player {n + 1:02d} checked in.").wait_for()
    page.get_by_role("button", name="Start the event").click()
    page.get_by_text("teams are locked and revealed").wait_for()

    page.get_by_role("button", name="Pair round 1").click()
    page.get_by_role("heading", name="Round 1").wait_for()
    enter_round_results(page, event, 1)

    corrected = Match.objects.filter(round__event=event, round__number=1).first()
    section = page.locator(f"#match-{corrected.pk}")
    section.get_by_label("Game 1 winner").select_option(str(corrected.player2_id))
    section.get_by_label("Reason for the correction").fill("Players swapped the slip")
    section.get_by_role("button", name="Correct result").click()
    page.get_by_text(f"Result saved for table {corrected.table}.").wait_for()
    assert ResultChange.objects.filter(match=corrected, kind="corrected").exists()
    page.screenshot(path=screenshot_dir / "event-day-round.png", full_page=True)

    page.get_by_role("link", name="Saturday Showdown").click()
    page.get_by_role("button", name="Drop Player 16").click()
    page.get_by_text("Player 16 dropped").wait_for()

    page.get_by_role("button", name="Pair round 2").click()
    page.get_by_role("heading", name="Round 2").wait_for()
    assert "Player 16" not in " ".join(page.locator("section.match").all_inner_texts())
    enter_round_results(page, event, 2)

    page.goto(f"{live_server.url}/events/{event.slug}/")
    standings = page.locator("table.standings")
    assert standings.locator("tbody tr").count() == PLAYERS
    assert "(dropped)" in standings.inner_text()
    assert standings.locator("tbody tr").first.locator("td").nth(2).inner_text() == "6"
    page.screenshot(path=screenshot_dir / "event-day-standings.png", full_page=True)
