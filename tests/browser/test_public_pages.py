"""Acceptance: the public pages on a phone and a desktop, their accessibility, and the live
update of the standings after a result is reported and confirmed in other browser contexts."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser import a11y
from tests.tournaments import factories
from tournaments import services
from tournaments.models import Event, Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "pw-for-tests-only"


def event_mid_round() -> Event:
    """Eight players, round 1 played, round 2 paired with its clock running; the players of
    round 2's first table have accounts."""
    event = factories.event(players=8, start=True, name="Harbour Open", venue="The Harbour")
    first = services.round_pair(event=event, seed=4)
    for match in first.matches.filter(player2__isnull=False):
        services.result_enter(
            match=match, games=[services.GameInput(match.player1_id, life1=4, life2=0)],
            by=event.organiser,
        )  # fmt: skip
    second = services.round_pair(event=event, seed=9)
    services.round_start(round_=second)
    match = second.matches.filter(player2__isnull=False).order_by("table").first()
    for registration, username in ((match.player1, "ann"), (match.player2, "ben")):
        registration.player.user = factories.user(username)
        registration.player.save()
    return event


def current_match(event: Event) -> Match:
    return (
        Match.objects.filter(round__event=event, round__number=2, player2__isnull=False)
        .select_related("player1__player", "player2__player")
        .order_by("table")
        .first()
    )


def log_in(page, base: str, username: str, then: str) -> None:
    page.goto(f"{base}/accounts/login/?next={then}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**{then}")


def test_phone_pairings_search_clock_standings_and_player_page(live_server, phone, screenshot_dir):
    event = event_mid_round()
    match = current_match(event)
    page = phone
    page.goto(live_server.url + "/events/")
    page.get_by_role("heading", name="Playing now").wait_for()
    page.screenshot(path=screenshot_dir / "public-events-phone.png", full_page=True)
    page.get_by_role("link", name="Harbour Open").click()

    page.get_by_role("heading", name="Round 2 pairings").wait_for()
    expect(page.get_by_role("timer")).to_have_text(re.compile(r"Round clock: (29|30):\d\d left"))
    rows = page.locator("table.pairings tbody tr")
    assert rows.count() == 4
    assert a11y.problems(page, phone=True) == {}
    page.screenshot(path=screenshot_dir / "public-event-phone.png", full_page=True)

    name = match.player2.display_name  # "Player NN"
    search = page.get_by_label("Find a player")
    search.fill("player")
    assert page.locator("table.pairings tbody tr:visible").count() == 4
    search.fill(name.lower().replace("player", "PLAYER"))
    visible = page.locator("table.pairings tbody tr:visible")
    assert visible.count() == 1 and name in visible.inner_text()
    assert visible.locator("td").first.inner_text() == str(match.table)
    assert page.locator("#find-count").inner_text() == f"1 table with “{search.input_value()}”"
    page.screenshot(path=screenshot_dir / "public-search-phone.png")
    page.get_by_label("Find a player").fill("nobody-has-this-name")
    page.get_by_text("No player by that name in this round.").wait_for()

    standings = page.locator("table.standings tbody tr")
    assert standings.count() == 8
    first = standings.first.locator("td")
    assert [first.nth(i).inner_text() for i in (0, 2, 3)] == ["1", "3", "1–0–0"]
    assert re.fullmatch(r"\d+\.\d\d", first.nth(4).inner_text())  # OMW% figure

    page.get_by_role("link", name=name).first.click()
    page.get_by_role("heading", name=name).wait_for()
    assert page.locator("table.player-matches tbody tr").count() == 2
    assert page.get_by_role("heading", name="Team").is_visible()
    assert page.locator("#team-region li").count() >= 1  # revealed at the start
    assert a11y.problems(page, phone=True) == {}
    page.screenshot(path=screenshot_dir / "public-player-phone.png", full_page=True)


def test_desktop_event_page_and_top_cut_bracket(live_server, desktop, screenshot_dir):
    event = factories.event(players=4, start=True, top_cut=4, name="Top Four Classic")
    swiss = services.round_pair(event=event, seed=2)
    for match in swiss.matches.filter(player2__isnull=False):
        services.result_enter(match=match, games=[services.GameInput(match.player1_id)],
                              by=event.organiser)  # fmt: skip
    semis = services.top_cut_start(event=event)
    first_semi = semis.matches.order_by("table").first()
    services.result_enter(
        match=first_semi,
        games=[
            services.GameInput(first_semi.player2_id),
            services.GameInput(first_semi.player2_id),
        ],
        by=event.organiser,
    )
    page = desktop
    page.goto(f"{live_server.url}/events/{event.slug}/")
    page.get_by_role("heading", name="Top cut: semi-finals").wait_for()
    first_row = page.locator("table.pairings tbody tr").first
    assert first_row.locator("td").nth(3).inner_text() == (
        f"{first_semi.player2.display_name} won 2–0"
    )
    assert a11y.problems(page) == {}
    page.screenshot(path=screenshot_dir / "public-event-desktop.png", full_page=True)

    page.get_by_role("link", name="Top 4 bracket").click()
    page.get_by_role("heading", name="Semi-finals").wait_for()
    winner = first_semi.player2.display_name
    won = [" ".join(text.split()) for text in page.locator(".bracket-match .won").all_inner_texts()]
    assert won == [f"(4) {winner} (winner) ✓"]  # with the seed, from the Swiss standings
    final = page.get_by_role("region", name="Final", exact=True)
    assert final.locator(".bracket-match").inner_text() == (
        "To be decided\nWinners of semi-finals tables 1 and 2"
    )
    assert a11y.problems(page) == {}
    page.screenshot(path=screenshot_dir / "public-bracket-desktop.png", full_page=True)


def test_keyboard_alone_reaches_the_search_and_the_pairings(live_server, desktop):
    event = event_mid_round()
    page = desktop
    page.goto(f"{live_server.url}/events/{event.slug}/")
    page.keyboard.press("Tab")
    skip = page.evaluate("document.activeElement.textContent")
    assert skip == "Skip to content"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("Enter")
    assert page.url.endswith("#main")
    for _ in range(40):  # tab through the page until the search box has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "find-player":
            break
    else:
        pytest.fail("The search box cannot be reached with the keyboard.")
    page.keyboard.type(current_match(event).player1.display_name)
    assert page.locator("table.pairings tbody tr:visible").count() == 1
    page.keyboard.press("Enter")  # submitting filters in place, no reload
    assert page.locator("table.pairings tbody tr:visible").count() == 1


def test_standings_update_live_when_a_result_is_confirmed_elsewhere(
    live_server, browser, screenshot_dir
):
    event = event_mid_round()
    match = current_match(event)
    winner = match.player2.display_name
    url = f"{live_server.url}/events/{event.slug}/"

    spectator = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    spectator.goto(url)
    spectator.evaluate("window.notReloaded = true")
    points = spectator.locator("table.standings tbody tr", has_text=winner).locator("td").nth(2)
    before = int(points.inner_text())

    ann = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    log_in(ann, live_server.url, "ann", f"/events/{event.slug}/")
    ann.screenshot(path=screenshot_dir / "public-event-player-phone.png")
    ann.get_by_role("link", name="Report or confirm the result").click()
    ann.get_by_label("Game 1 winner").select_option(label=winner)
    ann.get_by_role("button", name="Report").click()
    ann.get_by_text("Your opponent now confirms it").wait_for()

    ben = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    log_in(ben, live_server.url, "ben", f"/events/{event.slug}/")
    ben.get_by_role("link", name="Report or confirm the result").click()
    ben.get_by_role("button", name="Confirm this result").click()
    ben.get_by_text("Result confirmed").wait_for()

    # The spectator's page polls every 5 seconds and swaps in the new standings.
    expect(points).to_have_text(str(before + 3), timeout=15_000)
    assert spectator.evaluate("window.notReloaded") is True
    assert spectator.locator("#live-status").inner_text().startswith("Updated at")
    result = spectator.locator("table.pairings tbody tr", has_text=winner).locator("td").nth(3)
    assert winner in result.inner_text()
    spectator.screenshot(path=screenshot_dir / "public-live-update-phone.png", full_page=True)
    for page in (spectator, ann, ben):
        page.context.close()


def test_a_player_signs_up_and_registers_with_their_team(live_server, phone, screenshot_dir):
    event = factories.event(players=3, name="Sunday Store Cup")
    links = factories.team_links()
    page = phone
    page.goto(f"{live_server.url}/events/{event.slug}/")
    page.get_by_role("link", name="create an account").click()
    page.get_by_label("Username").fill("newplayer")
    page.get_by_label("Password", exact=True).fill("dice-and-more-dice")
    page.get_by_label("Password confirmation").fill("dice-and-more-dice")
    page.get_by_role("button", name="Create account").click()

    page.get_by_role("heading", name="Register for Sunday Store Cup").wait_for()
    assert page.get_by_label("Your name at the event").input_value() == "newplayer"
    page.get_by_label("Your name at the event").fill("Nadia New")
    page.get_by_label("Team list").fill(links[0].replace("cards=", "cards=9x19sww;"))
    page.get_by_role("button", name="Register").click()
    refusal = page.get_by_role("alert")
    assert "R2.1" in refusal.inner_text()
    assert a11y.problems(page, phone=True) == {}
    page.screenshot(path=screenshot_dir / "public-register-refused-phone.png", full_page=True)

    page.get_by_label("Team list").fill(links[0])
    page.get_by_role("button", name="Register").click()
    page.get_by_role("heading", name="You are registered as Nadia New").wait_for()
    assert event.registrations.filter(player__user__username="newplayer").exists()
    page.get_by_role("link", name="Sunday Store Cup").click()
    page.get_by_role("heading", name="You: Nadia New").wait_for()
    page.screenshot(path=screenshot_dir / "public-registered-phone.png")


def test_the_interactive_api_docs_render_without_the_internet(live_server, desktop):
    requests = []
    desktop.on("request", lambda request: requests.append(request.url))
    desktop.goto(f"{live_server.url}/api/docs/")
    desktop.get_by_text("/api/events/{slug}/standings/").first.wait_for()
    assert desktop.get_by_text("Dice Masters events API").first.is_visible()
    outside = [url for url in requests if not url.startswith(live_server.url)]
    assert outside == []
