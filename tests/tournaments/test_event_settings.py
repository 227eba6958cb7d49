import pytest
from django.core.exceptions import ValidationError

from tests.tournaments import factories
from tournaments import services
from tournaments.models import Event, swiss_rounds_for
from tournaments.services import GameInput

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("players", "rounds"),
    [(2, 1), (4, 3), (6, 3), (8, 3), (9, 4), (16, 4), (17, 5), (32, 5), (33, 6), (64, 6),
     (65, 7), (128, 7), (129, 8), (256, 8), (257, 9), (1024, 10), (1025, 11)],
)  # fmt: skip
def test_swiss_rounds_follow_the_wizkids_table(players, rounds):
    assert swiss_rounds_for(players) == rounds


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("tiebreakers", ["omw", "buchholz"], "at most once"),
        ("tiebreakers", ["omw", "omw"], "at most once"),
        ("percentage_floor", "half", "fraction between 0 and 1"),
        ("percentage_floor", "1", "fraction between 0 and 1"),
    ],
)
def test_bad_tiebreaker_settings_are_refused(field, value, message):
    event = factories.event()
    setattr(event, field, value)
    with pytest.raises(ValidationError, match=message):
        event.full_clean()


def test_teams_are_hidden_until_the_event_starts_then_shown_to_everyone(client):
    event = factories.event(players=2)
    assert "Teams</h2>" not in client.get(f"/events/{event.slug}/").content.decode()
    services.event_start(event=event)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "Teams</h2>" in page and "Player 01" in page


def test_standings_after_an_earlier_round(client):
    event = factories.event(players=4, start=True)
    for _ in range(2):
        round_ = services.round_pair(event=event)
        for match in round_.matches.filter(player2__isnull=False):
            services.result_enter(
                match=match, games=[GameInput(match.player1_id)], by=event.organiser
            )
    page = client.get(f"/events/{event.slug}/?after_round=1").content.decode()
    assert "Standings after round 1" in page
    assert "<td>6</td>" not in page  # nobody has two wins yet after round 1
    assert "<td>6</td>" in client.get(f"/events/{event.slug}/").content.decode()
    assert Event.objects.get(pk=event.pk).planned_swiss_rounds == 3


def test_match_points_follow_the_events_scoring_and_a_bye_scores_a_win():
    from tournaments.selectors import standings_for_event

    event = factories.event(players=3, start=True, points_win=2, points_draw=1, points_loss=0)
    round_ = services.round_pair(event=event, seed=1)
    match = round_.matches.get(player2__isnull=False)
    services.result_enter(match=match, games=[GameInput(match.player1_id)], by=event.organiser)
    bye = round_.matches.get(player2__isnull=True).player1_id
    points = {row.registration.pk: row.points for row in standings_for_event(event)}
    assert points == {match.player1_id: 2, match.player2_id: 0, bye: 2}
