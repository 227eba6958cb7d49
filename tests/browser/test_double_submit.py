"""The same result sent from two tabs of the round page in Chromium: one result, and the second
tab is told it is saved (not asked for a correction's reason).

(A double click on the button does not send two requests in Chromium: the second click lands
while the first submission navigates, and is dropped. The non-browser double-submit tests in
tests/integration/test_faults_double_submit.py send the same form twice, and at once.)"""

import pytest

from tests.tournaments import factories
from tournaments import services
from tournaments.models import Game, Match, ResultChange

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def match():
    event = factories.event(players=4, start=True, organiser=factories.user("orga"))
    services.round_pair(event=event, seed=3)
    return Match.objects.filter(round__event=event, player2__isnull=False).first()


def test_two_tabs_saving_the_same_result_save_one(match, live_server, desktop, screenshot_dir):
    page, event = desktop, match.round.event
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("orga")
    page.get_by_label("Password").fill("pw-for-tests-only")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="My events").wait_for()
    second_tab = page.context.new_page()
    posts = []
    for tab in (page, second_tab):
        tab.on(
            "request",
            lambda request: (
                posts.append(request.url)
                if request.method == "POST" and request.url.endswith(f"/matches/{match.pk}/result/")
                else None
            ),
        )
        tab.goto(f"{live_server.url}/manage/{event.slug}/rounds/1/")
        tab.locator(f"#match-{match.pk}").get_by_label("Game 1 winner").select_option(
            str(match.player1_id)
        )

    for tab in (page, second_tab):
        tab.locator(f"#match-{match.pk}").get_by_role("button", name="Save result").click()
        tab.locator(f"#match-{match.pk} p.status.confirmed").wait_for()
        assert tab.get_by_text(f"Result saved for table {match.table}.").count() == 1
        assert "Say why" not in tab.content()
    second_tab.screenshot(path=screenshot_dir / "second-tab-same-result.png", full_page=True)

    assert len(posts) == 2
    assert Game.objects.filter(match=match).count() == 1
    assert ResultChange.objects.filter(match=match).count() == 1
