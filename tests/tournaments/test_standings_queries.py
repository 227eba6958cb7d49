"""Standings read the whole event in a constant number of queries, whatever its size."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments import factories
from tournaments import services
from tournaments.selectors import standings_for_event
from tournaments.services import GameInput

pytestmark = pytest.mark.django_db


def played_event(players: int):
    event = factories.event(players=players, start=True)
    for _ in range(2):
        round_ = services.round_pair(event=event)
        for match in round_.matches.filter(player2__isnull=False):
            services.result_enter(
                match=match, games=[GameInput(match.player1_id)], by=event.organiser
            )
    return event


def queries_for(event) -> int:
    with CaptureQueriesContext(connection) as captured:
        rows = standings_for_event(event)
        [row.registration.display_name for row in rows]
    return len(captured)


def test_query_count_does_not_grow_with_players():
    small, large = played_event(4), played_event(16)
    assert queries_for(small) == queries_for(large) <= 4
