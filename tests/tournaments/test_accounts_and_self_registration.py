"""Accounts and players registering themselves with their team list."""

import re

import pytest

from tests.tournaments import factories
from tournaments import services
from tournaments.models import ApiToken, Player, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return factories.event(name="Open Registration")


def test_sign_up_logs_in_and_goes_where_the_player_was_going(client, event):
    target = f"/events/{event.slug}/register/"
    response = client.post(
        "/accounts/signup/",
        {"username": "maya", "password1": "dice-and-more-dice", "password2": "dice-and-more-dice",
         "next": target},
    )  # fmt: skip
    assert response.status_code == 302 and response["Location"] == target
    assert "Your name at the event" in client.get(target).content.decode()


def test_sign_up_refuses_a_redirect_to_another_site(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "kim", "password1": "dice-and-more-dice", "password2": "dice-and-more-dice",
         "next": "https://evil.example/"},
    )  # fmt: skip
    assert response["Location"] == "/accounts/profile/"


def test_an_illegal_team_is_refused_with_every_violation_and_nothing_saved(client, event):
    client.force_login(factories.user())
    link = factories.team_links()[0].replace("cards=", "cards=9x19sww;")
    page = client.post(
        f"/events/{event.slug}/register/", {"display_name": "Greedy Gus", "team_list": link}
    ).content.decode()
    assert "Not registered" in page and "R2.1" in page
    assert not Registration.objects.filter(event=event).exists()
    assert not Player.objects.filter(display_name="Greedy Gus").exists()


def test_a_legal_team_registers_the_account_and_keeps_its_player(client, event):
    user = factories.user()
    client.force_login(user)
    url = f"/events/{event.slug}/register/"
    links = factories.team_links()
    client.post(url, {"display_name": "Maya", "team_list": links[0], "contact": "maya@x"})
    registration = Registration.objects.get(event=event)
    assert registration.player.user == user and registration.team is not None
    page = client.get(url).content.decode()
    assert "You are registered as Maya" in page
    again = client.post(url, {"display_name": "Maya 2", "team_list": links[1]})
    assert again.status_code == 200 and Registration.objects.filter(event=event).count() == 1

    later = factories.event(name="Next week")
    client.post(f"/events/{later.slug}/register/", {"display_name": "Maya C.",
                                                    "team_list": links[1]})  # fmt: skip
    assert Player.objects.filter(user=user).count() == 1
    assert Registration.objects.get(event=later).player == registration.player
    assert "Maya C." in client.get(f"/events/{later.slug}/").content.decode()


def test_registration_closes_when_the_event_starts(client):
    event = factories.event(players=2, start=True)
    client.force_login(factories.user())
    page = client.post(
        f"/events/{event.slug}/register/",
        {"display_name": "Late Larry", "team_list": factories.team_links()[0]},
    ).content.decode()
    assert "Registration is closed" in page
    assert event.registrations.count() == 2


def test_anonymous_visitors_are_asked_to_log_in(client, event):
    response = client.get(f"/events/{event.slug}/register/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "Log in to register" in page and "create an account" in page


def test_the_organisers_desk_and_self_registration_share_the_checks(event):
    user = factories.user()
    services.registration_create(
        event=event, display_name="Ann", team_list=factories.team_links()[0], user=user
    )
    with pytest.raises(services.EventError) as error:
        services.registration_create(
            event=event, display_name="Ann B", team_list=factories.team_links()[1], user=user
        )
    assert error.value.code == "duplicate_account"


def test_profile_lists_events_and_manages_the_api_token(client, event):
    user = factories.user()
    services.registration_create(
        event=event, display_name="Ann", team_list=factories.team_links()[0], user=user
    )
    client.force_login(user)
    page = client.get("/accounts/profile/").content.decode()
    assert "Open Registration" in page and "as Ann" in page
    client.post("/accounts/token/")
    first = ApiToken.objects.get(user=user, scope="full").key
    assert first in client.get("/accounts/profile/").content.decode()
    client.post("/accounts/token/")
    assert ApiToken.objects.get(user=user, scope="full").key != first
    client.post("/accounts/token/", {"scope": "player"})
    player = ApiToken.objects.get(user=user, scope="player").key
    page = client.get("/accounts/profile/").content.decode()
    assert player in page and "Player: your registrations" in page
    client.post("/accounts/token/", {"action": "revoke"})
    assert list(ApiToken.objects.filter(user=user).values_list("scope", flat=True)) == ["player"]
    client.post("/accounts/token/", {"action": "revoke", "scope": "player"})
    assert not ApiToken.objects.filter(user=user).exists()


def test_an_unknown_token_scope_changes_nothing_and_says_so(client):
    user = factories.user()
    client.force_login(user)
    page = client.post("/accounts/token/", {"scope": "admin"}, follow=True).content.decode()
    assert "&#x27;admin&#x27; is not a token scope" in page
    assert not ApiToken.objects.filter(user=user).exists()


def test_each_fields_help_text_is_the_element_its_aria_describedby_names(client, event):
    """A screen reader reads a field's help with it only when the id matches."""
    client.force_login(factories.user())
    pages = [
        f"/events/{event.slug}/register/",
        f"/events/{event.slug}/claim/",
        "/accounts/profile/player/",
    ]
    for url in pages:
        page = client.get(url)
        assert page.status_code == 200, url
        html = page.content.decode()
        described = re.findall(r'aria-describedby="([^"]+)"', html)
        assert described, url
        for target in described:
            assert f'id="{target}"' in html, (url, target)
