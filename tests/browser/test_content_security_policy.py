"""The Content-Security-Policy allows every page's own scripts and styles and nothing inline:
the main pages load with no violation (the browser fixture fails any test during which the
policy refused something) and their scripts run; an inline script or handler is refused."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from playwright.sync_api import expect

from judging import services as judging_services
from tournaments import services
from tournaments.management.commands.load_demo import DEMO_EVENT_SLUG
from tournaments.models import Event, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(settings):
    settings.DEBUG = True
    call_command("load_demo", verbosity=0)
    event = Event.objects.get(slug=DEMO_EVENT_SLUG)
    current = event.rounds.filter(stage=Round.Stage.SWISS).order_by("-number").first()
    if current.started_at is None:
        services.round_start(round_=current)
    match = current.matches.exclude(player2=None).order_by("table").first()
    judge = get_user_model().objects.create_user("csp-judge")
    event.judges.add(judge)
    dispute = judging_services.dispute_open(match=match, title="Who blocks?", by=judge)
    return event, match, dispute, judge


def logged_in(browser, live_server, user):
    """A browser context with the user's session (no login form: the test is about pages)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context


def test_the_main_pages_load_with_nothing_refused_and_their_scripts_run(
    demo, live_server, browser, csp_violations
):
    event, match, dispute, judge = demo
    slug = event.slug
    organiser = logged_in(browser, live_server, event.organiser).new_page()

    # Public pages (the event page polls for news with live.js).
    for path in ("/", f"/events/{slug}/", f"/events/{slug}/bracket/", "/cards/"):
        response = organiser.goto(live_server.url + path)
        assert response.ok, path
        assert "script-src 'self'" in response.headers["content-security-policy"]

    # The table page: its scripts draw the round's clock.
    organiser.goto(f"{live_server.url}/events/{slug}/tables/{match.pk}/")
    expect(organiser.locator('[data-field="clock"]')).not_to_be_empty()

    # The organiser's floor, reports and a report's printable page (its nonce'd style).
    for path in (f"/manage/{slug}/", f"/manage/{slug}/floor/", f"/manage/{slug}/reports/"):
        assert organiser.goto(live_server.url + path).ok, path
    preview = organiser.goto(f"{live_server.url}/manage/{slug}/reports/preview/standings/")
    assert preview.ok
    background = organiser.locator("body").evaluate("b => getComputedStyle(b).backgroundColor")
    assert background == "rgb(217, 220, 226)"  # print.css's screen rule: the style applied

    # The team check (a plain form) and the API docs, whose Swagger UI is all script.
    organiser.goto(f"{live_server.url}/cards/team-check/")
    organiser.goto(f"{live_server.url}/api/docs/")
    expect(organiser.locator(".opblock").first).to_be_visible(timeout=15_000)

    # The judge console: its script steps through the sequence without reloading.
    console = logged_in(browser, live_server, judge).new_page()
    console.goto(f"{live_server.url}/judging/disputes/{dispute.pk}/")
    expect(console.locator(".console")).to_be_visible()

    organiser.wait_for_timeout(300)  # a late refusal still reaches the console
    assert csp_violations == []


@pytest.mark.expects_csp_violations
def test_an_inline_script_and_an_inline_handler_are_refused(
    demo, live_server, browser, csp_violations
):
    """The check above can fail: what an injection would add is refused, and seen."""
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/events/{demo[0].slug}/")
    page.evaluate(
        """() => {
        const script = document.createElement("script");
        script.textContent = "window.inlineRan = true";
        document.body.append(script);
        const handler = '<img src="x" onerror="window.handlerRan = true">';
        document.body.insertAdjacentHTML("beforeend", handler);
        }"""
    )
    page.wait_for_timeout(500)
    assert page.evaluate("() => [window.inlineRan, window.handlerRan]") == [None, None]
    assert any("script-src" in violation for violation in csp_violations), csp_violations
