"""Organiser pages, driven through the Django test client: every step of event day."""

import re

import pytest
from django.test import Client

from tests.tournaments import factories
from tournaments import services
from tournaments.models import Event, Match, Registration, ResultChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client):
    factories.demo_catalogue()
    user = factories.user("orga")
    client.force_login(user)
    return user


def test_anonymous_is_sent_to_log_in_and_strangers_are_refused(client):
    event = factories.event(players=2)
    assert client.get(f"/manage/{event.slug}/").status_code == 302
    client.force_login(factories.user())
    assert client.get(f"/manage/{event.slug}/").status_code == 403
    assert client.post(f"/manage/{event.slug}/start/").status_code == 403


def test_judges_can_enter_results_but_not_manage_registrations(client):
    event = factories.event(players=2, start=True)
    judge = factories.user()
    event.judges.add(judge)
    client.force_login(judge)
    assert client.get(f"/manage/{event.slug}/").status_code == 200
    assert client.post(f"/manage/{event.slug}/pair/").status_code == 302
    match = Match.objects.get(round__event=event)
    response = client.post(
        f"/manage/{event.slug}/matches/{match.pk}/result/",
        {f"m{match.pk}-game1_winner": match.player1_id, f"m{match.pk}-game1_ending": "life"},
    )
    assert response.status_code == 302
    assert Match.objects.get(pk=match.pk).result_status == "confirmed"
    registration = event.registrations.first()
    assert (
        client.post(f"/manage/{event.slug}/registrations/{registration.pk}/drop/").status_code
        == 403
    )


def test_event_day_from_creation_to_standings(client, organiser):
    response = client.post(
        "/manage/new/",
        {
            "name": "Friday Night Dice",
            "date": "2026-11-27",
            "venue": "Shop",
            "format": "tournament",
            "match_type": "single",
            "round_minutes": 30,
            "top_cut": 0,
            "points_win": 3,
            "points_draw": 1,
            "points_loss": 0,
            "tiebreakers": "omw, gw, ogw, random",
            "percentage_floor": "1/3",
            "team_list_required": "on",
        },
    )
    event = Event.objects.get(name="Friday Night Dice")
    assert response.url == f"/manage/{event.slug}/"
    page = f"/manage/{event.slug}/"

    links = factories.team_links()
    for n in range(4):
        client.post(page, {"register-display_name": f"Player {n}", "register-team_list": links[n]})
    refused = client.post(
        page,
        {
            "register-display_name": "Greedy",
            "register-team_list": links[0].replace("cards=", "cards=9x19sww;"),
        },
    ).content.decode()
    assert "Not registered" in refused and "R2.1" in refused
    assert event.registrations.count() == 4

    for registration in event.registrations.all():
        client.post(f"{page}registrations/{registration.pk}/check-in/")
    client.post(f"{page}start/")
    event.refresh_from_db()
    assert event.status == "running"

    response = client.post(f"{page}pair/")
    assert response.url == f"{page}rounds/1/"
    round_page = client.get(response.url).content.decode()
    match = Match.objects.filter(round__event=event).first()
    assert f"Table {match.table}" in round_page

    for m in Match.objects.filter(round__event=event):
        client.post(
            f"{page}matches/{m.pk}/result/",
            {
                f"m{m.pk}-game1_winner": m.player1_id,
                f"m{m.pk}-game1_life1": 5,
                f"m{m.pk}-game1_life2": 0,
                f"m{m.pk}-game1_first": m.player2_id,
            },
        )
    client.post(
        f"{page}matches/{match.pk}/result/",
        {f"m{match.pk}-game1_winner": match.player2_id, f"m{match.pk}-reason": "Wrong slip"},
    )
    assert ResultChange.objects.filter(match=match, kind="corrected", reason="Wrong slip").exists()
    history = client.get(f"{page}rounds/1/").content.decode()
    p1, p2 = match.player1.display_name, match.player2.display_name
    # The audit trail says who changed what, from what, and why.
    assert f"Corrected by orga: {p1} won 5–0 → {p2} won, because “Wrong slip”" in history
    assert "2 of 2 results in" in history
    other = Match.objects.filter(round__event=event).exclude(pk=match.pk).first()
    assert other.games.get().first_player_id == other.player2_id

    dropper = Registration.objects.filter(event=event).first()
    client.post(f"{page}registrations/{dropper.pk}/drop/")
    dropper.refresh_from_db()
    assert dropper.dropped_after_round == 1

    public = client.get(f"/events/{event.slug}/").content.decode()
    assert "<title>Friday Night Dice</title>" in public
    assert "Standings" in public and "OMW%" in public and "(dropped)" in public
    assert re.search(r"<td>1</td>\s*<td>(<a [^>]*>)?Player", public)


def test_round_repair_and_delete_from_the_round_page(client, organiser):
    event = factories.event(players=4, start=True, organiser=organiser)
    client.post(f"/manage/{event.slug}/pair/")
    client.post(f"/manage/{event.slug}/rounds/1/repair/")
    assert event.rounds.get().matches.count() == 2
    response = client.post(f"/manage/{event.slug}/rounds/1/delete/", follow=True)
    assert "Confirm" in response.content.decode()
    client.post(f"/manage/{event.slug}/rounds/1/delete/", {"confirm": "yes"})
    assert not event.rounds.exists()


def test_a_deleted_round_with_results_is_listed_with_its_results_on_the_dashboard(
    client, organiser
):
    event = factories.event(players=4, start=True, organiser=organiser)
    client.post(f"/manage/{event.slug}/pair/")
    for match in event.rounds.get().matches.filter(player2__isnull=False):
        services.result_enter(
            match=match, games=[services.GameInput(match.player1_id)], by=organiser
        )
    response = client.post(f"/manage/{event.slug}/rounds/1/delete/", follow=True)
    assert "Confirm that round 1 and its results should be deleted." in response.content.decode()
    assert event.rounds.exists()
    page = client.post(
        f"/manage/{event.slug}/rounds/1/delete/", {"confirm": "yes"}, follow=True
    ).content.decode()
    assert not event.rounds.exists()
    assert "its results stay in the event" in page
    assert "Round 1 (Swiss) deleted by orga" in page and "with its results" in page
    assert "Round 1, table 1: " in page and "game 1 won by" in page
    assert "Result changes of deleted rounds (2)" in page


def test_late_entry_from_the_dashboard(client, organiser):
    event = factories.event(players=4, start=True, organiser=organiser)
    client.post(f"/manage/{event.slug}/pair/")
    response = client.post(
        f"/manage/{event.slug}/",
        {
            "late-display_name": "Running Late",
            "late-team_list": factories.team_links()[7],
            "late-missed_rounds_as": "bye",
        },
        follow=True,
    )
    assert "Running Late registered." in response.content.decode()
    late = Registration.objects.get(display_name="Running Late")
    assert late.late_entry_round == 2
    assert Match.objects.get(player1=late).is_bye


def test_organiser_edits_settings_but_not_the_format_once_started(client, organiser):
    event = factories.event(players=2, organiser=organiser)
    page = f"/manage/{event.slug}/edit/"
    form = client.get(page).context["form"]
    data = {**form.initial, "format": "tournament", "round_minutes": 45, "top_cut": 4,
            "tiebreakers": "gw, omw, random", "date": "2026-11-22"}  # fmt: skip
    data = {k: v for k, v in data.items() if v is not None and k != "judges"}
    response = client.post(page, data)
    assert response.status_code == 302, response.context["form"].errors
    event.refresh_from_db()
    assert (event.round_minutes, event.top_cut, event.tiebreakers) == (
        45,
        4,
        ["gw", "omw", "random"],
    )
    services.event_start(event=event)
    client.post(page, {**data, "format": "basic"})
    event.refresh_from_db()
    assert event.format.code == "tournament"  # fixed once teams are locked
    other = factories.user()
    client.force_login(other)
    assert client.get(page).status_code == 403


def test_a_team_list_given_later_and_a_refused_one_shows_every_problem(client, organiser):
    event = factories.event(organiser=organiser)
    page = f"/manage/{event.slug}/"
    client.post(page, {"register-display_name": "Tardy Tom"})
    registration = event.registrations.get()
    dashboard = client.get(page).content.decode()
    assert "without a team list: Tardy Tom" in dashboard
    assert "give team list" in dashboard
    team_page = f"{page}registrations/{registration.pk}/team/"
    greedy = factories.team_links()[0].replace("cards=", "cards=9x19sww;", 1)
    refused = client.post(team_page, {"team_list": greedy}).content.decode()
    assert "Not saved: " in refused and "R2.1" in refused
    registration.refresh_from_db()
    assert registration.team is None
    response = client.post(team_page, {"team_list": factories.team_links()[2]}, follow=True)
    assert "team list is saved" in response.content.decode()
    registration.refresh_from_db()
    assert registration.team is not None


def test_registration_is_by_name_and_the_player_claims_it_with_the_code(client, organiser):
    """The organiser names no account (tests/security/test_identity.py): the dashboard shows
    the registration's claim code and link, and the player's own account claims it."""
    event = factories.event(organiser=organiser)
    account = factories.user("ann")
    page = f"/manage/{event.slug}/"
    form = {"register-display_name": "Ann", "register-team_list": factories.team_links()[0]}
    client.post(page, form)
    registration = event.registrations.get()
    assert registration.player.user is None
    dashboard = client.get(page).content.decode()
    link = f"/events/{event.slug}/claim/{registration.claim_code}/"
    assert registration.claim_code in dashboard and link in dashboard
    player = Client()
    player.force_login(account)
    assert "Claim" in player.get(link).content.decode()
    claimed = player.post(f"/events/{event.slug}/claim/", {"code": registration.claim_code})
    assert claimed.status_code == 302
    registration.refresh_from_db()
    assert registration.player.user == account and registration.display_name == "Ann"
    dashboard = client.get(page).content.decode()
    assert "(ann)" in dashboard and link not in dashboard


def test_finish_an_event_without_a_top_cut_from_the_dashboard(client, organiser):
    event = factories.event(players=2, start=True, organiser=organiser)
    client.post(f"/manage/{event.slug}/pair/")
    match = Match.objects.get(round__event=event)
    services.result_enter(match=match, games=[services.GameInput(match.player1_id)], by=organiser)
    page = client.get(f"/manage/{event.slug}/").content.decode()
    assert "Finish the event" in page
    response = client.post(f"/manage/{event.slug}/finish/", follow=True)
    assert "standings are final" in response.content.decode()
    assert Event.objects.get(pk=event.pk).status == "finished"


def test_a_mistaken_drop_is_undone_from_the_dashboard(client, organiser):
    event = factories.event(players=4, start=True, organiser=organiser)
    registration = event.registrations.first()
    client.post(f"/manage/{event.slug}/registrations/{registration.pk}/drop/")
    page = client.get(f"/manage/{event.slug}/").content.decode()
    assert f"Reinstate {registration.display_name}" in page
    response = client.post(
        f"/manage/{event.slug}/registrations/{registration.pk}/reinstate/", follow=True
    )
    assert "paired again from the next round" in response.content.decode()
    registration.refresh_from_db()
    assert registration.dropped_after_round is None


def test_the_organiser_invites_the_judges_in_the_event_settings(client, organiser):
    event = factories.event(players=2, organiser=organiser)
    jude, june = factories.user("jude"), factories.user("june")
    page = f"/manage/{event.slug}/edit/"
    data = {k: v for k, v in client.get(page).context["form"].initial.items() if v is not None}
    data |= {"format": "tournament", "date": "2026-11-22", "tiebreakers": "omw, gw, ogw, random"}
    refused = client.post(page, {**data, "judge_names": "jude, no one!"})
    assert "is not a username" in refused.content.decode()
    assert not event.judge_invitations.exists()
    sent = client.post(page, {**data, "judge_names": "Jude, june, nobody"}, follow=True)
    text = sent.content.decode()
    for name in ("Jude", "june", "nobody"):
        assert f"Invitation sent to {name}; they become a judge once they accept." in text
    assert not event.judges.exists()  # no one judges before accepting
    listed = client.get(page).content.decode()
    assert all(name in listed for name in ("Jude", "june", "nobody"))
    for account in (jude, june):
        answer = Client()
        answer.force_login(account)
        invitation = event.judge_invitations.get(invitee=account)
        answer.post(f"/accounts/judge-invitations/{invitation.pk}/", {"answer": "accept"})
    assert set(event.judges.all()) == {jude, june}
    assert [i.username for i in event.judge_invitations.all()] == ["nobody"]
    # Taking a name out of the field removes that judge at once.
    client.post(page, {**data, "judge_names": "jude"})
    assert set(event.judges.all()) == {jude}
    client.force_login(jude)
    assert client.get(f"/manage/{event.slug}/").status_code == 200  # a judge's view
    assert client.get(page).status_code == 403  # settings stay the organiser's
