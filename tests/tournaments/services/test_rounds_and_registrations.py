import pytest

from rules.models import Team
from rules.services import TeamIllegal
from rules.teams import TeamListError
from tests.tournaments import factories
from tournaments import services
from tournaments.models import Event, Match, Registration
from tournaments.services import EventError, GameInput

pytestmark = pytest.mark.django_db


def finish_round(round_) -> None:
    for match in round_.matches.filter(player2__isnull=False):
        services.result_enter(
            match=match, games=[GameInput(match.player1_id)], by=round_.event.organiser
        )


def test_an_illegal_team_is_refused_with_every_violation_and_nothing_saved():
    event = factories.event()
    link = factories.team_links()[0]
    greedy = link.replace("cards=", "cards=9x19sww;", 1)
    with pytest.raises(TeamIllegal) as caught:
        services.registration_create(event=event, display_name="Greedy", team_list=greedy)
    assert len(caught.value.violations) >= 2
    assert not Registration.objects.exists()
    assert not Team.objects.exists()


def test_an_unreadable_team_list_names_its_lines():
    event = factories.event()
    with pytest.raises(TeamListError) as caught:
        services.registration_create(event=event, display_name="A", team_list="2x Nobody (SWW)")
    assert caught.value.problems[0].line == 1


def test_start_locks_and_reveals_teams_and_drops_no_shows():
    event = factories.event(players=4)
    late = services.registration_create(
        event=event, display_name="Sleepy", team_list=factories.team_links()[5]
    )
    services.event_start(event=event)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING and event.teams_revealed_at
    assert all(r.team.is_locked for r in event.registrations.filter(checked_in=True))
    late.refresh_from_db()
    assert late.dropped_after_round == 0
    with pytest.raises(EventError, match="already started"):
        services.event_start(event=event)


def test_pairing_needs_the_previous_round_complete_and_gives_a_fair_bye():
    event = factories.event(players=5, start=True)
    first = services.round_pair(event=event, seed=7)
    assert first.matches.count() == 3
    bye = first.matches.get(player2__isnull=True)
    assert bye.result_status == Match.ResultStatus.CONFIRMED
    with pytest.raises(EventError, match="without a confirmed result"):
        services.round_pair(event=event)
    finish_round(first)
    second = services.round_pair(event=event, seed=8)
    assert second.matches.get(player2__isnull=True).player1_id != bye.player1_id


def test_a_dropped_player_is_not_paired_again_but_keeps_their_standing():
    event = factories.event(players=4, start=True)
    first = services.round_pair(event=event, seed=1)
    finish_round(first)
    leaver = first.matches.first().player1
    services.registration_drop(registration=leaver)
    leaver.refresh_from_db()
    assert leaver.dropped_after_round == 1
    second = services.round_pair(event=event, seed=2)
    assert leaver.pk not in {m.player1_id for m in second.matches.all()} | {
        m.player2_id for m in second.matches.all()
    }
    from tournaments.selectors import standings_for_event

    assert leaver.pk in {row.registration.pk for row in standings_for_event(event)}
    finish_round(second)
    services.registration_reinstate(registration=leaver)  # the drop was a mistake
    third = services.round_pair(event=event, seed=3)
    assert leaver.pk in {pid for m in third.matches.all() for pid in m.player_ids()}
    with pytest.raises(EventError, match="has not dropped"):
        services.registration_reinstate(registration=leaver)


@pytest.mark.parametrize(("policy", "points"), [("loss", 0), ("bye", 3)])
def test_a_late_entry_gets_a_loss_or_a_bye_for_each_missed_round(policy, points):
    event = factories.event(players=4, start=True)
    finish_round(services.round_pair(event=event, seed=1))
    late = services.registration_late_entry(
        event=event,
        display_name="Latecomer",
        team_list=factories.team_links()[6],
        missed_rounds_as=policy,
    )
    assert late.late_entry_round == 2 and late.team.is_locked
    from tournaments.selectors import standings_for_event

    row = next(r for r in standings_for_event(event) if r.registration.pk == late.pk)
    assert row.points == points
    second = services.round_pair(event=event, seed=2)
    assert (
        second.matches.filter(player1=late).exists() or second.matches.filter(player2=late).exists()
    )


def test_repair_only_without_results_and_delete_needs_confirmation():
    event = factories.event(players=4, start=True)
    round_ = services.round_pair(event=event, seed=1)
    services.round_repair(round_=round_, seed=99)
    round_.refresh_from_db()
    assert round_.seed == 99 and round_.matches.count() == 2
    finish_round(round_)
    with pytest.raises(EventError, match="already has results"):
        services.round_repair(round_=round_)
    with pytest.raises(EventError, match="confirm that the round"):
        services.round_delete(round_=round_, by=event.organiser, confirm=False)
    assert services.round_delete(round_=round_, by=event.organiser, confirm=True) == 1
    assert not event.rounds.exists()
    assert not Match.objects.filter(round__event=event).exists()
