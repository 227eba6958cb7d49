"""Players report their own match on their phones; the opponent confirms."""

import pytest

from tests.tournaments import factories
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    return factories.seated_match(seed=11)


def url(match) -> str:
    return f"/events/{match.round.event.slug}/matches/{match.pk}/report/"


def test_report_then_the_opponent_confirms(client, match):
    client.force_login(match.player1.player.user)
    page = client.get(url(match)).content.decode()
    assert "Game 1 winner" in page
    client.post(url(match), {"game1_winner": match.player1_id, "game1_ending": "life"})
    match.refresh_from_db()
    assert match.result_status == "reported"

    client.force_login(match.player2.player.user)
    page = client.get(url(match)).content.decode()
    assert "Your opponent reported" in page
    client.post(url(match), {"confirm": "1"})
    match.refresh_from_db()
    assert match.result_status == "confirmed"
    assert match.games.get().winner_id == match.player1_id


def test_other_players_and_anonymous_cannot_report(client, match):
    assert client.get(url(match)).status_code == 302
    client.force_login(factories.user())
    assert client.get(url(match)).status_code == 403


def test_a_confirmed_result_cannot_be_changed_by_a_player(client, match):
    services.result_enter(
        match=match, games=[services.GameInput(match.player2_id)], by=match.round.event.organiser
    )
    client.force_login(match.player1.player.user)
    page = client.get(url(match)).content.decode()
    assert "Report</button>" not in page
    response = client.post(url(match), {"game1_winner": match.player1_id}, follow=True)
    assert "already confirmed" in response.content.decode()
    assert match.games.get().winner_id == match.player2_id


def test_login_page_logs_a_player_in(client, match):
    user = match.player1.player.user
    response = client.post(
        "/accounts/login/", {"username": user.username, "password": "pw-for-tests-only",
                             "next": url(match)}
    )  # fmt: skip
    assert response.status_code == 302 and response.url == url(match)
