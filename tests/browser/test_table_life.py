"""Acceptance: two phones track one game's life, a judge watches the floor, time is called."""

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.tournaments import factories
from tournaments import services
from tournaments.models import Match, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "pw-for-tests-only"


@pytest.fixture
def table():
    """Database rows first (see tests/browser/conftest.py)."""
    event = factories.event(players=4, start=True, name="Life Night")
    round_ = services.round_pair(event=event, seed=8)
    services.round_start(round_=round_)
    Round.objects.filter(pk=round_.pk).update(
        started_at=timezone.now() - datetime.timedelta(minutes=12)
    )
    match = Match.objects.filter(round=round_, player2__isnull=False).order_by("table").first()
    for registration, name in ((match.player1, "ann"), (match.player2, "bob")):
        registration.player.user = factories.user(name)
        registration.player.save()
    judge = factories.user("jude")
    event.judges.add(judge)
    return match


def log_in(page, live_server, username: str, next_url: str) -> None:
    page.goto(f"{live_server.url}/accounts/login/?next={next_url}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()


def new_phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    return context.new_page()


def test_two_phones_one_undo_and_the_floor_agree_then_time_decides(
    table, live_server, browser, desktop, screenshot_dir
):
    match, slug = table, table.round.event.slug
    url = f"/events/{slug}/tables/{match.pk}/"
    p1, p2 = match.player1.display_name, match.player2.display_name
    ann, bob = new_phone(browser), new_phone(browser)
    log_in(ann, live_server, "ann", url)
    log_in(bob, live_server, "bob", url)
    log_in(desktop, live_server, "jude", f"/manage/{slug}/floor/")

    ann.get_by_role("button", name=f"{p2} loses 5").click()
    bob.get_by_role("button", name=f"{p1} loses 1").click()
    bob.get_by_label(f"Amount for {p2}").fill("-2")
    bob.get_by_role("button", name="Apply").nth(1).click()
    for phone in (ann, bob):  # the other phone catches up by polling
        expect(phone.get_by_label(f"{p1}'s life")).to_have_text("19", timeout=10_000)
        expect(phone.get_by_label(f"{p2}'s life")).to_have_text("13", timeout=10_000)

    ann.get_by_role("button", name="Undo last change").click()
    for phone in (ann, bob):
        expect(phone.get_by_label(f"{p2}'s life")).to_have_text("15", timeout=10_000)
        expect(phone.get_by_label(f"{p1}'s life")).to_have_text("19", timeout=10_000)
    floor_row = desktop.locator(f"#floor tr[data-table='{match.table}']")
    expect(floor_row).to_contain_text("19 – 15", timeout=10_000)
    # The other table has had no life change since the round started 12 minutes ago: quiet.
    other_row = desktop.locator("#floor tr").filter(has_not_text=p1).nth(1)
    expect(other_row).to_contain_text("quiet 12 min", timeout=10_000)
    ann.screenshot(path=screenshot_dir / "table-phone.png", full_page=True)
    desktop.screenshot(path=screenshot_dir / "floor-view.png", full_page=True)

    # The round's time runs out: the turn in progress becomes turn 0, five more follow.
    Round.objects.filter(pk=match.round_id).update(
        started_at=timezone.now() - datetime.timedelta(minutes=31)
    )
    expect(ann.locator("[data-field=clock]")).to_contain_text("Time!", timeout=10_000)
    expect(ann.locator("[data-field=turn]")).to_contain_text("this is turn 0", timeout=10_000)
    expect(floor_row).to_contain_text("time called: turn 0", timeout=10_000)
    for extra in range(1, 6):
        ann.get_by_role("button", name="End turn").click()
        expect(ann.locator("[data-field=turn]")).to_contain_text(f"extra turn {extra} of 5")
    expect(floor_row).to_contain_text("extra turn 5 of 5", timeout=10_000)
    desktop.screenshot(path=screenshot_dir / "floor-view-time.png", full_page=True)
    # Bob's phone catches up, then he ends the fifth extra turn. Ann's phone, one turn behind
    # for a moment, would be told the turn had already ended instead of ending another.
    expect(bob.locator("[data-field=turn]")).to_contain_text("extra turn 5 of 5", timeout=10_000)
    bob.get_by_role("button", name="End turn").click()
    for phone in (ann, bob):
        expect(phone.locator("[data-field=over]")).to_contain_text(
            re.compile(f"{p1} wins on life totals after time"), timeout=10_000
        )
        expect(phone.locator("[data-field=proposal]")).to_contain_text(
            f"Match result proposed: {p1} wins 1–0", timeout=10_000
        )
    expect(ann.get_by_role("button", name="End turn")).to_be_disabled()
    expect(ann.locator("[data-field=turn]")).to_have_text("Game 1 is over")
    ann.screenshot(path=screenshot_dir / "table-phone-time.png", full_page=True)
    assert Match.objects.get(pk=match.pk).result_status == "reported"

    # Each player confirms the proposal on their own phone; then it counts.
    ann.get_by_role("button", name="Confirm this result").click()
    expect(bob.locator("[data-field=proposal]")).to_contain_text(
        f"Confirmed by {p1}", timeout=10_000
    )
    bob.get_by_role("button", name="Confirm this result").click()
    expect(bob.locator("[data-field=proposal]")).to_contain_text("confirmed", timeout=10_000)
    expect(floor_row).to_contain_text("Confirmed", timeout=10_000)
    game = Match.objects.get(pk=match.pk).games.get()
    assert (game.winner_id, game.ending, game.life1, game.life2) == (
        match.player1_id, "time", 19, 15
    )  # fmt: skip


@pytest.fixture
def best_of_three():
    event = factories.event(players=2, start=True, name="Bo3 Night", match_type="bo3")
    round_ = services.round_pair(event=event, seed=3)
    services.round_start(round_=round_)
    match = Match.objects.get(round=round_)
    for registration, name in ((match.player1, "cat"), (match.player2, "dan")):
        registration.player.user = factories.user(name)
        registration.player.save()
    return match


def test_best_of_three_first_player_next_game_and_a_wrong_tap_undone(
    best_of_three, live_server, browser, screenshot_dir
):
    match, slug = best_of_three, best_of_three.round.event.slug
    url = f"/events/{slug}/tables/{match.pk}/"
    p1, p2 = match.player1.display_name, match.player2.display_name
    cat, dan = new_phone(browser), new_phone(browser)
    log_in(cat, live_server, "cat", url)
    log_in(dan, live_server, "dan", url)

    # Game 1: a random method picked Dan, who chooses to go first (T2.3).
    cat.get_by_role("button", name=p2, exact=True).click()
    for phone in (cat, dan):
        expect(phone.locator("[data-field=turn]")).to_contain_text(f"Turn 1: {p2}'s turn",
                                                                    timeout=10_000)  # fmt: skip
    # A wrong tap ends the game; undo puts it back, and then the real lethal comes.
    dan.get_by_label(f"Amount for {p1}").fill("-20")
    dan.get_by_role("button", name=f"Apply the change to {p1}").click()
    expect(dan.locator("[data-field=over-text]")).to_contain_text(f"{p2} wins")
    dan.get_by_role("button", name="Undo last change").click()
    expect(dan.get_by_label(f"{p1}'s life")).to_have_text("20")
    dan.get_by_label(f"Amount for {p2}").fill("-20")
    dan.get_by_role("button", name=f"Apply the change to {p2}").click()

    # Dan lost game 1, so Dan chooses who goes first in game 2; Cat's phone shows it too.
    expect(cat.locator("[data-field=next-text]")).to_contain_text(
        f"Game 2: {p2} (who lost) chooses who goes first", timeout=10_000
    )
    dan.screenshot(path=screenshot_dir / "table-phone-between-games.png", full_page=True)
    dan.get_by_role("button", name=f"{p2} goes first").click()
    for phone in (cat, dan):
        expect(phone.locator("[data-field=game]")).to_have_text("Game 2 of 3", timeout=10_000)
        expect(phone.locator("[data-field=score]")).to_contain_text("games 1–0")
        expect(phone.get_by_label(f"{p1}'s life")).to_have_text("20")
        expect(phone.locator("[data-field=turn]")).to_contain_text(f"Turn 1: {p2}'s turn")
    table_games = list(match.table_games.order_by("number"))
    assert [g.number for g in table_games] == [1, 2] and table_games[0].first_side == 2


def test_countdowns_come_from_the_servers_clock_not_the_phones(table, live_server, browser):
    """The round started 12 minutes ago (30-minute rounds): 18 minutes are left, whatever the
    phone's own clock says (this one is three hours fast)."""
    match, slug = table, table.round.event.slug
    context = browser.new_context(viewport={"width": 390, "height": 844})
    phone = context.new_page()
    phone.clock.install(time=datetime.datetime.now() + datetime.timedelta(hours=3))
    log_in(phone, live_server, "ann", f"/events/{slug}/")
    left = re.compile(r"1[78]:\d\d left")
    expect(phone.locator(".round-clock")).to_contain_text(left, timeout=10_000)
    phone.reload()  # right after a reload too
    expect(phone.locator(".round-clock")).to_contain_text(left, timeout=10_000)
    phone.goto(f"{live_server.url}/events/{slug}/tables/{match.pk}/")
    expect(phone.locator("[data-field=clock]")).to_contain_text(left, timeout=10_000)
    context.close()
