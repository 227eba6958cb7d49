"""Acceptance: a whole simulated 8-round event of 128 players through the real models and pages,
without a manual step: the organiser pairs each round and enters every result over HTTP."""

import random

import pytest

from tests.tournaments import factories
from tournaments.models import Match

pytestmark = pytest.mark.django_db
PLAYERS, ROUNDS = 128, 8


def test_eight_rounds_of_128_players_through_the_pages(client):
    event = factories.event(players=PLAYERS, start=True)
    client.force_login(event.organiser)
    rng = random.Random(128)
    met: set[frozenset[int]] = set()
    for number in range(1, ROUNDS + 1):
        response = client.post(f"/manage/{event.slug}/pair/")
        assert response.status_code == 302 and response.url.endswith(f"/rounds/{number}/")
        matches = list(Match.objects.filter(round__event=event, round__number=number))
        assert len(matches) == PLAYERS // 2
        for match in matches:
            pair = frozenset((match.player1_id, match.player2_id))
            assert pair not in met, f"rematch in round {number}"
            met.add(pair)
            winner = rng.choice([match.player1_id, match.player2_id, "draw"])
            client.post(
                f"/manage/{event.slug}/matches/{match.pk}/result/",
                {f"m{match.pk}-game1_winner": winner, f"m{match.pk}-game1_ending": "life"},
            )
        assert (
            not Match.objects.filter(round__number=number, round__event=event)
            .exclude(result_status="confirmed")
            .exists()
        )
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert page.count("<tr") >= PLAYERS + 1
    assert event.rounds.count() == ROUNDS
