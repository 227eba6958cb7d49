"""Acceptance: a whole simulated 8-round event of 128 players through the real models and pages,
without a manual step: the organiser pairs each round, enters every result over HTTP, runs the
top 8 to its final, and the public pages show the standings and the champion."""

import random

import pytest

from tests.tournaments import factories
from tournaments.models import Event, Match, Round

pytestmark = pytest.mark.django_db
PLAYERS, ROUNDS, CUT = 128, 8, 8


def enter_results(client, event, round_, rng) -> None:
    """Every match of the round through the organiser's result form."""
    for match in round_.matches.filter(player2__isnull=False):
        p1, p2 = match.player1_id, match.player2_id
        if round_.is_top_cut:  # best of 3, someone must win: 2-0 or 2-1
            winner, loser = rng.sample([p1, p2], 2)
            games = rng.choice([[winner, winner], [winner, loser, winner]])
        else:
            games = [rng.choice([p1, p2, "draw"])]
        form = {f"m{match.pk}-game{n}_winner": w for n, w in enumerate(games, start=1)}
        response = client.post(f"/manage/{event.slug}/matches/{match.pk}/result/", form)
        assert response.status_code == 302
    assert not round_.matches.exclude(result_status="confirmed").exists()


def test_eight_rounds_of_128_players_and_a_top_8_through_the_pages(client):
    event = factories.event(players=PLAYERS, start=True, swiss_rounds=ROUNDS, top_cut=CUT)
    client.force_login(event.organiser)
    rng = random.Random(128)
    met: set[frozenset[int]] = set()
    for number in range(1, ROUNDS + 1):
        response = client.post(f"/manage/{event.slug}/pair/")
        assert response.status_code == 302 and response.url.endswith(f"/rounds/{number}/")
        round_ = Round.objects.get(event=event, number=number)
        assert round_.pairing_record["quality"]["rematches"] == 0
        assert not round_.pairing_record["flags"]
        matches = list(round_.matches.all())
        assert len(matches) == PLAYERS // 2
        assert sorted(m.table for m in matches) == list(range(1, PLAYERS // 2 + 1))
        for match in matches:
            pair = frozenset((match.player1_id, match.player2_id))
            assert pair not in met, f"rematch in round {number}"
            met.add(pair)
        assert client.get(response.url).status_code == 200
        enter_results(client, event, round_, rng)

    dashboard = client.get(f"/manage/{event.slug}/").content.decode()
    assert f"Start the top {CUT}" in dashboard
    response = client.post(f"/manage/{event.slug}/top-cut/")
    assert response.status_code == 302
    for size in (4, 2, 1):  # quarter-finals, semi-finals, final: each paired automatically
        cut_round = event.rounds.order_by("-number").first()
        assert cut_round.is_top_cut and cut_round.matches.count() == size
        enter_results(client, event, cut_round, rng)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED

    standings = client.get(f"/events/{event.slug}/").content.decode()
    assert standings.count("<tr") >= PLAYERS + 1
    bracket = client.get(f"/events/{event.slug}/bracket/").content.decode()
    final = event.rounds.order_by("-number").first().matches.get()
    winner = Match.objects.get(pk=final.pk).games.first().winner.display_name
    assert f"Winner: <strong>{winner}</strong>" in bracket
    assert event.rounds.count() == ROUNDS + 3
