"""Who owns a player's name and contact (issue 24, findings 1 and 6).

Finding 1: registering a player in one's own event named another account by username, and so
renamed that account's player in every event, overwrote their contact (or read it back with a
blank one) and told which usernames exist. Now an account's name and contact are its own; a
registration keeps the name shown at its event; organisers register players by name, and a
player links their account by entering the registration's claim code.

Finding 6: look-alike names (a zero-width space, a no-break space, a Cyrillic letter, a
direction override) were accepted as different players in one event.
"""

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.tournaments import factories
from tournaments import names, services
from tournaments.models import Player, Registration

pytestmark = pytest.mark.django_db

VICTIM_NAME = "Diane Okafor"
VICTIM_CONTACT = "diane@example.org"


@pytest.fixture
def demo():
    """A running event whose round 1 is paired, one of its players playing from the account
    "player" (as in the demo), with a contact only that event's staff should see."""
    event = factories.event(players=4, start=True, name="Demo Store Championship")
    victim = event.registrations.order_by("pk").first()
    account = factories.user("player")
    services.player_profile_update(user=account, display_name=VICTIM_NAME, contact=VICTIM_CONTACT)
    services.registration_claim(event=event, code=victim.claim_code, user=account)
    Registration.objects.filter(pk=victim.pk).update(
        display_name=VICTIM_NAME, name_key=names.key(VICTIM_NAME)
    )
    services.round_pair(event=event, seed=3)
    return event, Registration.objects.get(pk=victim.pk), account


def pairings(event) -> str:
    return Client().get(reverse("tournaments:round", args=[event.slug, 1])).content.decode()


def attacker_with_event():
    """Any signed-up account, with an event of its own made through the API."""
    attacker = factories.user("mallory")
    api = APIClient()
    api.force_authenticate(user=attacker)
    made = api.post("/api/events/", {"name": "Mallory Cup", "date": "2026-12-12"}, format="json")
    assert made.status_code == 201, made.content
    return attacker, api, made.json()["slug"]


def assert_victim_untouched(event, victim, account):
    player = Player.objects.get(user=account)
    assert (player.display_name, player.contact) == (VICTIM_NAME, VICTIM_CONTACT)
    victim.refresh_from_db()
    assert victim.display_name == VICTIM_NAME and victim.player == player
    page = pairings(event)
    assert VICTIM_NAME in page and "Hugo Martin" not in page


# ---------------------------------------------------------------- finding 1: the API


def test_naming_another_account_in_an_api_registration_is_refused_and_changes_no_one(demo):
    event, victim, account = demo
    _, api, own = attacker_with_event()
    before = pairings(event)
    answer = api.post(
        "/api/registrations/",
        {"event": own, "display_name": "Hugo Martin", "username": "player", "contact": "x@evil"},
        format="json",
    )
    assert answer.status_code == 400 and "username" in answer.json()["errors"]
    assert not Registration.objects.filter(event__slug=own).exists()
    assert_victim_untouched(event, victim, account)
    assert pairings(event) == before


def test_a_registration_by_the_victims_name_is_a_new_player_of_the_attackers_event(demo):
    """Without a username the organiser registers someone by name: a player of their own
    event only, with no account, whose blank contact stays blank (never the victim's)."""
    event, victim, account = demo
    _, api, own = attacker_with_event()
    answer = api.post(
        "/api/registrations/", {"event": own, "display_name": VICTIM_NAME}, format="json"
    )
    assert answer.status_code == 201
    shown = answer.json()
    assert (shown["display_name"], shown["contact"], shown["account"]) == (VICTIM_NAME, "", None)
    assert shown["claim_code"]  # the organiser hands it to the player, who links their account
    made = Registration.objects.get(pk=shown["id"])
    assert made.player.user is None and made.player != victim.player
    assert_victim_untouched(event, victim, account)


def test_the_username_error_is_the_same_whether_the_account_exists_or_not(demo):
    _, api, own = attacker_with_event()

    def attempt(username):
        answer = api.post(
            "/api/registrations/",
            {"event": own, "display_name": "Hugo Martin", "username": username},
            format="json",
        )
        return answer.status_code, answer.json()

    existing, missing = attempt("player"), attempt("no-such-account-anywhere")
    assert existing == missing
    assert existing[0] == 400 and "no account" not in str(existing[1]).lower()


# ---------------------------------------------------------------- finding 1: the pages


def test_the_organisers_registration_form_names_no_account(demo):
    event, victim, account = demo
    attacker, _, own = attacker_with_event()
    browser = Client()
    browser.force_login(attacker)
    url = reverse("manage:event", args=[own])

    def register(name, username):
        return browser.post(
            url,
            {"register-display_name": name, "register-user": username,
             "register-contact": "", "register-team_list": factories.team_links()[0]},
        )  # fmt: skip

    register("Hugo Martin", "player")
    register("Ines Duarte", "no-such-account-anywhere")
    made = Registration.objects.filter(event__slug=own).select_related("player")
    assert sorted(r.display_name for r in made) == ["Hugo Martin", "Ines Duarte"]
    assert all(r.player.user is None and r.claim_code for r in made)
    assert all(r.player.contact == "" for r in made)
    page = browser.get(url).content.decode()
    assert "There is no account named" not in page
    assert_victim_untouched(event, victim, account)


def test_registering_in_another_event_does_not_rename_the_player_in_a_running_one(demo):
    event, victim, account = demo
    later = factories.event(name="Next Week")
    browser = Client()
    browser.force_login(account)
    browser.post(
        reverse("tournaments:register", args=[later.slug]),
        {"display_name": "Di O.", "contact": "", "team_list": factories.team_links()[1]},
    )
    api = APIClient()
    api.force_authenticate(user=account)
    third = factories.event(name="Month After")
    answer = api.post(
        "/api/registrations/", {"event": third.slug, "display_name": "D. Okafor"}, format="json"
    )
    assert answer.status_code == 201
    shown = {r.display_name for r in Registration.objects.filter(player__user=account)}
    assert shown == {VICTIM_NAME, "Di O.", "D. Okafor"}
    assert_victim_untouched(event, victim, account)


def test_only_the_account_holder_changes_their_name_and_contact(demo):
    event, victim, account = demo
    other = factories.user("someone")
    browser = Client()
    browser.force_login(other)
    browser.post(reverse("profile-player"), {"display_name": "Hugo Martin", "contact": "x@evil"})
    assert Player.objects.get(user=other).display_name == "Hugo Martin"
    assert_victim_untouched(event, victim, account)
    # The holder's own change is theirs, and the name already shown at the event stays.
    owner = Client()
    owner.force_login(account)
    owner.post(reverse("profile-player"), {"display_name": "Diane O.", "contact": "new@x"})
    player = Player.objects.get(user=account)
    assert (player.display_name, player.contact) == ("Diane O.", "new@x")
    victim.refresh_from_db()
    assert victim.display_name == VICTIM_NAME


# ---------------------------------------------------------------- finding 1: claiming


def test_a_claim_code_links_the_claimants_own_account_and_changes_no_name(demo):
    event, victim, account = demo
    organiser_event = factories.event(name="Club Night")
    named = services.registration_create(event=organiser_event, display_name="Hugo Martin")
    hugo = factories.user("hugo")
    services.player_profile_update(user=hugo, display_name="Hugo M.", contact="hugo@x")
    browser = Client()
    browser.force_login(hugo)
    link = reverse("tournaments:claim-code", args=[organiser_event.slug, named.claim_code])
    assert browser.get(link).status_code == 200  # a link only shows the form
    named.refresh_from_db()
    assert named.player.user is None
    answer = browser.post(
        reverse("tournaments:claim", args=[organiser_event.slug]),
        {"code": named.claim_code.lower()},
    )
    assert answer.status_code == 302
    named.refresh_from_db()
    assert named.player == Player.objects.get(user=hugo) and named.claim_code is None
    assert named.display_name == "Hugo Martin"
    assert Player.objects.get(user=hugo).display_name == "Hugo M."
    assert_victim_untouched(event, victim, account)


def test_a_used_code_and_a_wrong_code_get_the_same_refusal(demo):
    event, victim, account = demo
    club = factories.event(name="Club Night")
    named = services.registration_create(event=club, display_name="Hugo Martin")
    code = named.claim_code
    hugo = factories.user("hugo")
    services.registration_claim(event=club, code=code, user=hugo)
    refusals = []
    for attempt in (code, "WRONGCODE234"):
        with pytest.raises(services.EventError) as refused:
            services.registration_claim(event=club, code=attempt, user=factories.user())
        refusals.append(str(refused.value))
    assert refusals[0] == refusals[1]
    # A code is good for its own event only, and an account plays an event once.
    other = services.registration_create(event=club, display_name="Ines Duarte")
    with pytest.raises(services.EventError, match="does not match"):
        services.registration_claim(event=event, code=other.claim_code, user=account)
    unclaimed = event.registrations.filter(player__user__isnull=True).first()
    with pytest.raises(services.EventError, match="already registered"):
        services.registration_claim(event=event, code=unclaimed.claim_code, user=account)
    with pytest.raises(services.EventError, match="already registered"):
        services.registration_claim(event=club, code=other.claim_code, user=hugo)
    assert_victim_untouched(event, victim, account)


def test_the_claim_api_links_the_callers_account(demo):
    _, _, account = demo
    club = factories.event(name="Club Night")
    named = services.registration_create(event=club, display_name="Hugo Martin")
    api = APIClient()
    api.force_authenticate(user=account)
    wrong = api.post(
        "/api/registrations/claim/", {"event": club.slug, "code": "WRONG"}, format="json"
    )
    assert wrong.status_code == 400 and "code" in wrong.json()["errors"]
    answer = api.post(
        "/api/registrations/claim/", {"event": club.slug, "code": named.claim_code}, format="json"
    )
    assert answer.status_code == 200
    shown = answer.json()
    assert shown["is_you"] and shown["display_name"] == "Hugo Martin"
    assert shown["account"] == "player" and shown["claim_code"] is None


# ---------------------------------------------------------------- finding 6: look-alikes


LOOK_ALIKES = [
    pytest.param("Ana\u200bSilva", id="zero-width space for the space"),
    pytest.param("Ana \u200bSilva", id="zero-width space added"),
    pytest.param("Ana\u00a0Silva", id="no-break space"),
    pytest.param("\u0410na Silva", id="Cyrillic capital A"),
    pytest.param("An\u0430 Silv\u0430", id="Cyrillic small a"),
    pytest.param("\u202eAna Silva", id="right-to-left override"),
    pytest.param("Ana Silva\u202c\u200f", id="direction marks at the end"),
    pytest.param("  ana   SILVA ", id="case and spaces"),
    pytest.param("\uff21na Silva", id="full-width A"),
]


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_look_alike_of_a_registered_name_is_refused(name):
    event = factories.event()
    services.registration_create(event=event, display_name="Ana Silva")
    with pytest.raises(services.EventError, match="Ana Silva") as refused:
        services.registration_create(event=event, display_name=name)
    assert refused.value.code == "duplicate_player"
    assert event.registrations.count() == 1


@pytest.mark.parametrize("name", LOOK_ALIKES[:5])
def test_a_look_alike_is_refused_through_the_api_and_the_form(name):
    event = factories.event()
    services.registration_create(event=event, display_name="Ana Silva")
    api = APIClient()
    api.force_authenticate(user=event.organiser)
    answer = api.post(
        "/api/registrations/", {"event": event.slug, "display_name": name}, format="json"
    )
    assert answer.status_code == 409 and answer.json()["code"] == "duplicate_player"
    browser = Client()
    browser.force_login(event.organiser)
    page = browser.post(
        reverse("manage:event", args=[event.slug]),
        {"register-display_name": name, "register-team_list": factories.team_links()[0]},
    ).content.decode()
    assert "already registered" in page
    assert event.registrations.count() == 1


def test_names_are_shown_cleaned_and_different_names_still_register():
    event = factories.event()
    made = services.registration_create(
        event=event, display_name="\u202e Bea\u200b\u00a0\u00a0Costa\ufeff "
    )
    assert made.display_name == "Bea Costa"
    for other in ("Ana Silva", "Anna Silva", "Ana Sílva", "Ana Silveira"):
        services.registration_create(event=event, display_name=other)
    assert event.registrations.count() == 5
    with pytest.raises(services.EventError, match="Give the player's name"):
        services.registration_create(event=event, display_name="\u200b\u202e\u00a0")
    # NFKC writes some characters out at length: the cleaned name is measured again.
    with pytest.raises(services.EventError, match="at most 80"):
        services.registration_create(event=event, display_name="\ufdfa" * 5)


def test_the_database_refuses_a_look_alike_written_past_the_check():
    """Two registrations racing past the check: the unique key stops the second."""
    event = factories.event()
    first = services.registration_create(event=event, display_name="Ana Silva")
    player = Player.objects.create(display_name="\u0410na Silva")
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(
            event=event,
            player=player,
            display_name="\u0410na Silva",
            name_key=names.key("\u0410na Silva"),
        )
    assert first.name_key == names.key("\u0410na Silva")


def test_the_key_is_the_unicode_confusables_skeleton():
    assert names.key("Ana Silva") == names.key("\u0410n\u0430 Silv\u0430")
    assert names.key("paypal") == names.key("p\u0430yp\u0430l")
    assert names.key("Ana Silva") != names.key("Ana Sílva")
    assert names.clean("Ana\u00a0\u00a0Silva\u200d") == "Ana Silva"
