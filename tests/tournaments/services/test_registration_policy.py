"""Team-list policy, player accounts, late-entry checks and finishing an event (T1.6, T4.2)."""

import pytest
from django.core.exceptions import ValidationError

from rules.models import Team
from rules.services import TeamIllegal
from tests.tournaments import factories
from tournaments import services
from tournaments.models import Event, Player
from tournaments.services import EventError, GameInput

pytestmark = pytest.mark.django_db


def finish_round(round_) -> None:
    for match in round_.matches.filter(player2__isnull=False):
        services.result_enter(
            match=match, games=[GameInput(match.player1_id)], by=round_.event.organiser
        )


def test_a_team_list_may_follow_the_registration_but_is_required_before_the_start():
    event = factories.event(players=2)
    later = services.registration_create(event=event, display_name="Later Lou")
    services.registration_check_in(registration=later)
    assert later.team is None
    with pytest.raises(EventError, match="no team list yet: Later Lou"):
        services.event_start(event=event)
    services.registration_set_team(registration=later, team_list=factories.team_links()[3])
    started = services.event_start(event=event)
    later.refresh_from_db()
    assert started.status == Event.Status.RUNNING and later.team.is_locked


def test_a_replacement_team_list_is_checked_and_a_refused_one_keeps_the_old_team():
    event = factories.event(players=1)
    registration = event.registrations.get()
    old_team = registration.team
    greedy = factories.team_links()[0].replace("cards=", "cards=9x19sww;", 1)
    teams_before = Team.objects.count()
    with pytest.raises(TeamIllegal) as caught:
        services.registration_set_team(registration=registration, team_list=greedy)
    assert len(caught.value.violations) >= 2
    registration.refresh_from_db()
    assert registration.team == old_team and Team.objects.count() == teams_before
    services.registration_set_team(registration=registration, team_list=factories.team_links()[4])
    registration.refresh_from_db()
    assert registration.team != old_team
    assert not Team.objects.filter(pk=old_team.pk).exists()  # the replaced list is gone
    services.registration_create(
        event=event, display_name="Second", team_list=factories.team_links()[1]
    )
    event.registrations.update(checked_in=True)
    services.event_start(event=event)
    with pytest.raises(EventError, match="locked once the event has started"):
        services.registration_set_team(
            registration=registration, team_list=factories.team_links()[5]
        )


def test_a_player_account_is_linked_and_kept_from_event_to_event():
    account = factories.user("ann")
    first, second = factories.event(), factories.event()
    one = services.registration_create(event=first, display_name="Ann", user=account)
    two = services.registration_create(event=second, display_name="Ann B.", user=account)
    assert one.player == two.player == Player.objects.get(user=account)
    # Each event keeps the name registered there; the account's own name is the first one.
    one.refresh_from_db()
    assert (one.display_name, two.display_name) == ("Ann", "Ann B.")
    assert Player.objects.get(user=account).display_name == "Ann"
    with pytest.raises(EventError, match="You are already registered in this event"):
        services.registration_create(event=second, display_name="Someone else", user=account)


@pytest.mark.parametrize(
    ("name", "team", "message"),
    [
        ("  ", True, "Give the player's name"),
        ("player 01", True, "already registered"),
        ("New Nina", False, "needs the player's team list"),
    ],
)
def test_a_late_entry_is_checked_like_a_registration(name, team, message):
    event = factories.event(players=2, start=True)
    with pytest.raises(EventError, match=message):
        services.registration_late_entry(
            event=event,
            display_name=name,
            team_list=factories.team_links()[2] if team else "",
            missed_rounds_as="loss",
        )
    assert event.registrations.count() == 2


def test_a_late_entry_without_a_team_when_the_event_does_not_need_one():
    event = factories.event(players=2, start=True, team_list_required=False)
    late = services.registration_late_entry(
        event=event, display_name="Casual Cass", team_list="", missed_rounds_as="bye"
    )
    assert late.team is None and late.late_entry_round == 1


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("top_cut", 3, "2, 4, 8, 16"),
        ("top_cut", 1, "2, 4, 8, 16"),
        ("round_minutes", 0, "minute"),
        ("points_win", 0, "more than a draw"),
        ("points_loss", 2, "more than a draw"),
    ],
)
def test_impossible_event_settings_are_refused(field, value, message):
    event = factories.event()
    setattr(event, field, value)
    with pytest.raises(ValidationError, match=message):
        event.full_clean()


def test_an_event_without_a_top_cut_finishes_after_its_last_round_and_can_reopen():
    event = factories.event(players=4, start=True)
    with pytest.raises(EventError, match="at least one round"):
        services.event_finish(event=event)
    round_ = services.round_pair(event=event, seed=1)
    with pytest.raises(EventError, match="without a confirmed result"):
        services.event_finish(event=event)
    finish_round(round_)
    assert services.event_finish(event=event).status == Event.Status.FINISHED
    with pytest.raises(EventError, match="Start the event"):
        services.round_pair(event=event)
    # The organiser takes the round back.
    services.round_delete(round_=round_, by=event.organiser, confirm=True)
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING


def test_an_event_with_a_top_cut_finishes_through_its_final_and_reopens_when_it_is_deleted():
    event = factories.event(players=4, start=True, top_cut=4)
    finish_round(services.round_pair(event=event, seed=1))
    with pytest.raises(EventError, match="top 4"):
        services.event_finish(event=event)
    semis = services.top_cut_start(event=event)
    for match in semis.matches.all():
        services.result_enter(
            match=match, games=[GameInput(match.player1_id)] * 2, by=event.organiser
        )
    final = event.rounds.get(number=semis.number + 1)
    match = final.matches.get()
    services.result_enter(match=match, games=[GameInput(match.player1_id)] * 2, by=event.organiser)
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED
    # The final goes: the cut is open again.
    services.round_delete(round_=final, by=event.organiser, confirm=True)
    assert Event.objects.get(pk=event.pk).status == Event.Status.TOP_CUT
    # The whole cut goes: back to Swiss.
    services.round_delete(round_=semis, by=event.organiser, confirm=True)
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
