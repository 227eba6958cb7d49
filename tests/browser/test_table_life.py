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
    p1, p2 = match.player1.player.display_name, match.player2.player.display_name
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
    ann.screenshot(path=screenshot_dir / "table-phone.png", full_page=True)
    desktop.screenshot(path=screenshot_dir / "floor-view.png", full_page=True)

    # The round's time runs out: the turn in progress becomes turn 0, five more follow.
    Round.objects.filter(pk=match.round_id).update(
        started_at=timezone.now() - datetime.timedelta(minutes=31)
    )
    expect(ann.locator("[data-field=turn]")).to_contain_text("this is turn 0", timeout=10_000)
    expect(floor_row).to_contain_text("time: turn 0", timeout=10_000)
    for extra in range(1, 6):
        ann.get_by_role("button", name="End turn").click()
        expect(ann.locator("[data-field=turn]")).to_contain_text(f"extra turn {extra} of 5")
    bob.get_by_role("button", name="End turn").click()  # the fifth extra turn ends
    for phone in (ann, bob):
        expect(phone.locator("[data-field=over]")).to_contain_text(
            re.compile(f"{p1} wins on life totals after time"), timeout=10_000
        )
    expect(ann.get_by_role("button", name="End turn")).to_be_disabled()
    expect(ann.locator("[data-field=turn]")).to_have_text("Game 1 is over")
    ann.screenshot(path=screenshot_dir / "table-phone-time.png", full_page=True)
    assert Match.objects.get(pk=match.pk).result_status == "reported"
