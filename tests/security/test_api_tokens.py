"""API tokens expire, die with a password change, and a player-scoped token cannot do what
only organisers and judges may (tournaments/tokens.py, tournaments/api/authentication.py)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from judging import services as judging_services
from tests import roles
from tests.tournaments import factories
from tournaments.models import ApiToken, Game, LifeChange, Registration, Round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("shared_catalogue")]

PASSWORD = "pw-for-tests-only"  # tests.tournaments.factories.user
NEW_PASSWORD = "a-new-Passphrase-2026"


def with_token(token: ApiToken | str) -> Client:
    key = token.key if isinstance(token, ApiToken) else token
    return Client(HTTP_AUTHORIZATION=f"Token {key}")


def token_login(username: str, password: str = PASSWORD, **extra):
    return Client().post(
        "/api/auth/token/",
        {"username": username, "password": password, **extra},
        content_type="application/json",
    )


def mine(client: Client):
    """A read that needs the token (a wrong one answers 401)."""
    return client.get("/api/events/", {"role": "organiser"})


# ---------------------------------------------------------------- the token login


def test_the_token_login_gives_a_token_with_its_scope_and_expiry(settings):
    user = factories.user("tess")
    answer = token_login("tess")
    assert answer.status_code == 200
    body = answer.json()
    token = ApiToken.objects.get(user=user)
    assert body["token"] == token.key and body["scope"] == "full"
    assert body["expires"].startswith(
        (token.created + settings.API_TOKEN_LIFETIME).date().isoformat()
    )
    assert token_login("tess").json()["token"] == token.key  # the same, while it works
    player = token_login("tess", scope="player").json()
    assert player["scope"] == "player" and player["token"] != token.key
    assert token_login("tess", scope="admin").status_code == 400


# ---------------------------------------------------------------- expiry


def test_a_token_past_its_lifetime_is_refused_and_deleted(settings):
    user = factories.user()
    token = ApiToken.issue(user)
    ApiToken.objects.filter(pk=token.pk).update(
        created=timezone.now() - settings.API_TOKEN_LIFETIME + timedelta(minutes=1)
    )
    assert mine(with_token(token)).status_code == 200  # a minute left
    ApiToken.objects.filter(pk=token.pk).update(
        created=timezone.now() - settings.API_TOKEN_LIFETIME - timedelta(seconds=1)
    )
    refused = mine(with_token(token))
    assert refused.status_code == 401
    assert refused.json()["message"].startswith("The token has expired.")
    assert not ApiToken.objects.filter(pk=token.pk).exists()


def test_a_shorter_lifetime_applies_to_the_tokens_already_made(settings):
    token = ApiToken.issue(factories.user())
    ApiToken.objects.filter(pk=token.pk).update(created=timezone.now() - timedelta(days=2))
    assert mine(with_token(token)).status_code == 200
    settings.API_TOKEN_LIFETIME = timedelta(days=1)
    assert mine(with_token(token)).status_code == 401


def test_the_token_login_replaces_an_expired_token(settings):
    user = factories.user("tess")
    old = ApiToken.issue(user)
    ApiToken.objects.filter(pk=old.pk).update(created=timezone.now() - timedelta(days=400))
    new = token_login("tess").json()["token"]
    assert new != old.key and mine(with_token(new)).status_code == 200


# ---------------------------------------------------------------- revoked by a password change


def test_a_password_change_on_the_account_page_revokes_the_tokens():
    user = factories.user()
    full, player = ApiToken.issue(user), ApiToken.issue(user, "player")
    browser = Client()
    browser.force_login(user)
    changed = browser.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert changed.status_code == 302
    for token in (full, player):
        refused = mine(with_token(token))
        assert refused.status_code == 401
        assert "revoked when the account's password changed" in refused.json()["message"]
    assert not ApiToken.objects.filter(user=user).exists()
    assert browser.get("/accounts/profile/").content.decode().count("Create a ") == 2


def test_a_password_set_in_the_admin_revokes_the_tokens():
    user = factories.user()
    token = ApiToken.issue(user)
    admin = Client()
    admin.force_login(factories.user("boss", is_staff=True, is_superuser=True))
    changed = admin.post(
        f"/admin/auth/user/{user.pk}/password/",
        {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert changed.status_code == 302
    assert mine(with_token(token)).status_code == 401


def test_a_password_set_any_other_way_revokes_the_tokens():
    """manage.py changepassword, a password reset, code: each ends in set_password()."""
    user = factories.user("tess")
    token = ApiToken.issue(user)
    user.set_password(NEW_PASSWORD)
    user.save()
    assert mine(with_token(token)).status_code == 401
    assert token_login("tess").status_code == 401  # and the old password no longer logs in
    fresh = token_login("tess", NEW_PASSWORD).json()["token"]
    assert fresh != token.key and mine(with_token(fresh)).status_code == 200


def test_an_inactive_accounts_token_is_refused():
    user = factories.user()
    token = ApiToken.issue(user)
    user.is_active = False
    user.save()
    assert mine(with_token(token)).status_code == 401


# ---------------------------------------------------------------- the player scope


@pytest.fixture
def world():
    return roles.build()


def organiser_actions(world):
    """(what, request) for organiser and judge actions, each made with the given client."""
    event, match = world.event, world.match
    registration = world.other_registration
    return [
        ("pair the next round", lambda c: c.post("/api/rounds/", {"event": event.slug})),
        (
            "enter a result",
            lambda c: c.post(
                f"/api/matches/{match.pk}/result/",
                {"games": [{"winner": match.player1_id}]},
                content_type="application/json",
            ),
        ),
        ("drop a player", lambda c: c.post(f"/api/registrations/{registration.pk}/drop/")),
        (
            "change the event",
            lambda c: c.patch(
                f"/api/events/{event.slug}/",
                {"venue": "Elsewhere"},
                content_type="application/json",
            ),
        ),
        ("download the backup", lambda c: c.get(f"/api/events/{event.slug}/backup/")),
        (
            "register a late entry",
            lambda c: c.post(
                "/api/registrations/",
                {"event": event.slug, "display_name": "Zed", "missed_rounds_as": "loss"},
                content_type="application/json",
            ),
        ),
        (
            # An endpoint players use too: the organiser's own role is what lets them in.
            "track life at a table they do not play at",
            lambda c: c.post(
                f"/api/matches/{match.pk}/life/",
                {"delta1": -2, "reason": "combat"},
                content_type="application/json",
            ),
        ),
        ("read the event's disputes", lambda c: c.get("/api/disputes/")),
        ("create an event", lambda c: c.post("/api/events/", {"name": "Mine"})),
    ]


def database_state():
    return (
        Round.objects.count(),
        Game.objects.count(),
        LifeChange.objects.count(),
        Registration.objects.count(),
        list(Registration.objects.filter(dropped_after_round__isnull=False).values_list("pk")),
    )


def test_a_player_token_cannot_do_organiser_actions(world):
    organiser = world.users["organiser"]
    player_token = with_token(ApiToken.issue(organiser, "player"))
    before = database_state()
    for what, request in organiser_actions(world):
        answer = request(player_token)
        assert answer.status_code == 403, (what, answer.status_code, answer.content[:300])
    assert database_state() == before
    assert world.event.__class__.objects.get(pk=world.event.pk).venue != "Elsewhere"


def test_the_same_actions_with_a_full_token_are_allowed(world):
    """The control: the organiser's full token passes the same role checks."""
    full_token = with_token(ApiToken.issue(world.users["organiser"]))
    for what, request in organiser_actions(world):
        answer = request(full_token)
        assert answer.status_code != 403, (what, answer.content[:300])


def test_a_judges_player_token_cannot_judge(world):
    judge = world.users["judge"]
    dispute = judging_services.dispute_open(match=world.match, title="Who blocks?", by=judge)
    player_token = with_token(ApiToken.issue(judge, "player"))
    assert player_token.get(f"/api/disputes/{dispute.pk}/").status_code == 403
    result = player_token.post(
        f"/api/matches/{world.match.pk}/result/",
        {"games": [{"winner": world.match.player1_id}]},
        content_type="application/json",
    )
    assert result.status_code == 403
    assert with_token(ApiToken.issue(judge)).get(f"/api/disputes/{dispute.pk}/").status_code == 200


def test_a_player_token_does_what_players_do(world):
    player = with_token(ApiToken.issue(world.users["player"], "player"))
    match = world.match
    life = player.post(
        f"/api/matches/{match.pk}/life/",
        {"delta1": -2, "reason": "combat"},
        content_type="application/json",
    )
    assert life.status_code == 200, life.content[:300]
    report = player.post(
        f"/api/matches/{match.pk}/report/",
        {"games": [{"winner": match.player1_id}]},
        content_type="application/json",
    )
    assert report.status_code == 200, report.content[:300]
    assert player.get(f"/api/events/{world.slug}/standings/").status_code == 200
    assert player.get("/api/cards/").status_code == 200


def test_a_player_token_claims_the_registration_made_for_its_account():
    event = factories.event(players=1)
    registration = event.registrations.get()
    claimant = factories.user("claimant")
    claimed = with_token(ApiToken.issue(claimant, "player")).post(
        "/api/registrations/claim/",
        {"event": event.slug, "code": registration.claim_code},
        content_type="application/json",
    )
    assert claimed.status_code == 200, claimed.content[:300]
    registration.refresh_from_db()
    assert registration.player.user == claimant and registration.claim_code is None


def test_a_player_token_sees_no_staff_only_details(world):
    registration = world.other_registration
    registration.player.contact = "zed@example.org"
    registration.player.save()
    organiser = world.users["organiser"]
    url = f"/api/registrations/{registration.pk}/"
    assert with_token(ApiToken.issue(organiser)).get(url).json()["contact"] == "zed@example.org"
    as_player = with_token(ApiToken.issue(organiser, "player")).get(url).json()
    assert as_player["contact"] is None
    event = with_token(ApiToken.issue(organiser, "player")).get(f"/api/events/{world.slug}/")
    assert "organiser" not in event.json()["your_roles"]


def test_the_admin_lists_tokens_without_their_keys_and_revokes_them():
    token = ApiToken.issue(factories.user("tess"), "player")
    admin = Client()
    admin.force_login(factories.user("boss", is_staff=True, is_superuser=True))
    listing = admin.get("/admin/tournaments/apitoken/").content.decode()
    assert "tess" in listing and token.key not in listing
    deleted = admin.post(f"/admin/tournaments/apitoken/{token.pk}/delete/", {"post": "yes"})
    assert deleted.status_code == 302
    assert mine(with_token(token)).status_code == 401
