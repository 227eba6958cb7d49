"""Issue 24, finding 7: a player set the opponent's life to 0 and confirmed the proposed result
at once; the opponent's undo was refused ("ask a judge"). Now, until both players have
confirmed, the player whose own total a change set (entered by the opponent) can undo it, which
takes back the proposal and its confirmation; once the result is accepted no life change or
undo goes through; every change, and every undo, keeps who made it."""

import pytest

from tests.tournaments import factories
from tournaments import services
from tournaments.models import LifeChange, Match, ResultChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    return factories.seated_match(seed=1)


def as_player(client, registration):
    client.force_login(registration.player.user)
    return client


def test_the_victim_undoes_the_griefers_zero_after_the_griefer_confirmed(client, match):
    griefer, victim = match.player1, match.player2
    # The attack: player 1 sets player 2's life to 0 and confirms the proposal at once.
    as_player(client, griefer)
    state = client.post(
        factories.table_url(match) + "life/", {"delta2": -20, "reason": "combat"}
    ).json()
    assert state["finished"] and state["winner_side"] == 1
    assert state["last_change"]["by_side"] == 1
    state = client.post(factories.table_url(match) + "confirm/").json()
    assert state["proposal"]["confirmed_by"] == [griefer.player.display_name]
    # The griefer cannot take it back alone either, once confirmed.
    refused = client.post(factories.table_url(match) + "undo/")
    assert refused.status_code == 409 and "only the player whose life" in refused.json()["error"]

    as_player(client, victim)
    state = client.post(factories.table_url(match) + "undo/", {"version": state["version"]}).json()
    assert "error" not in state
    assert state["life"] == [20, 20] and not state["finished"]
    assert state["result_status"] == "pending" and state["proposal"] is None
    match.refresh_from_db()
    assert not match.reports.exists() and not ResultChange.objects.filter(match=match).exists()
    change = LifeChange.objects.get(table_game__match=match)
    assert (change.entered_by, change.undone, change.undone_by) == (
        griefer.player.user,
        True,
        victim.player.user,
    )
    assert change.undone_at is not None


def test_the_victim_undoes_the_griefers_zero_through_the_api_too(client, match):
    griefer, victim = match.player1, match.player2
    api = f"/api/matches/{match.pk}/"
    as_player(client, griefer)
    json = {"content_type": "application/json"}
    state = client.post(api + "life/", {"delta2": -20, "reason": "combat"}, **json).json()
    assert state["finished"] and state["winner_side"] == 1
    assert client.post(api + "confirm/", **json).status_code == 200
    refused = client.post(api + "life/undo/", **json)
    assert refused.status_code == 409

    as_player(client, victim)
    state = client.post(api + "life/undo/", **json).json()
    assert state["life"] == [20, 20] and not state["finished"]
    assert state["result_status"] == "pending" and state["proposal"] is None
    change = LifeChange.objects.get(table_game__match=match)
    assert (change.entered_by, change.undone_by) == (griefer.player.user, victim.player.user)


def test_in_a_best_of_three_the_griefer_cannot_move_on_before_the_victim_saw_it(client):
    event = factories.event(players=2, start=True, match_type="bo3")
    services.round_pair(event=event, seed=4)
    match = Match.objects.get(round__event=event)
    for registration in (match.player1, match.player2):
        registration.player.user = factories.user()
        registration.player.save()
    as_player(client, match.player1)
    client.post(factories.table_url(match) + "life/", {"delta2": -20, "reason": "combat"})
    refused = client.post(factories.table_url(match) + "next/", {"side": 1})
    assert refused.status_code == 409 and refused.json()["code"] == "not_chooser"
    assert refused.json()["error"].startswith(f"{match.player2.display_name} lost game 1")
    as_player(client, match.player2)
    state = client.post(factories.table_url(match) + "undo/").json()
    assert (state["game"], state["life"], state["finished"]) == (1, [20, 20], False)


def test_an_undo_after_a_confirmation_is_refused_for_a_change_to_the_other_players_life(
    client, match
):
    """A player who lost by their own entry (or whose opponent's life they did not set) cannot
    undo the end of the game once the opponent has confirmed it."""
    loser, winner = match.player1, match.player2
    as_player(client, loser)
    client.post(
        factories.table_url(match) + "life/", {"delta1": -20, "reason": "combat"}
    )  # honest loss
    as_player(client, winner)
    client.post(factories.table_url(match) + "confirm/")
    as_player(client, loser)
    refused = client.post(factories.table_url(match) + "undo/")
    assert refused.status_code == 409 and "already confirmed this result" in refused.json()["error"]
    # A judge can.
    judge = factories.user()
    match.round.event.judges.add(judge)
    client.force_login(judge)
    state = client.post(factories.table_url(match) + "undo/").json()
    assert state["life"] == [20, 20] and state["result_status"] == "pending"
    assert LifeChange.objects.get(table_game__match=match).undone_by == judge


def test_a_judges_entry_is_not_undone_by_a_player_once_the_other_confirmed(client, match):
    judge = factories.user()
    match.round.event.judges.add(judge)
    client.force_login(judge)
    client.post(factories.table_url(match) + "life/", {"delta2": -20, "reason": "combat"})
    as_player(client, match.player1)
    client.post(factories.table_url(match) + "confirm/")
    as_player(client, match.player2)
    refused = client.post(factories.table_url(match) + "undo/")
    assert refused.status_code == 409 and refused.json()["code"] == "reported"


def test_once_both_players_confirmed_no_life_change_or_undo_goes_through(client, match):
    as_player(client, match.player1)
    client.post(factories.table_url(match) + "life/", {"delta2": -20, "reason": "combat"})
    client.post(factories.table_url(match) + "confirm/")
    as_player(client, match.player2)
    assert (
        client.post(factories.table_url(match) + "confirm/").json()["result_status"] == "confirmed"
    )
    for action, data in (("undo/", {}), ("life/", {"delta1": -1, "reason": "combat"})):
        refused = client.post(factories.table_url(match) + action, data)
        assert refused.status_code == 409
        assert refused.json()["code"] in ("confirmed", "closed")
    # The API's table actions go through the same refusal.
    api = f"/api/matches/{match.pk}/"
    for action, data in (("life/undo/", None), ("life/", {"delta1": -1, "reason": "combat"})):
        refused = client.post(api + action, data, content_type="application/json")
        assert refused.status_code == 409
        assert refused.json()["code"] in ("confirmed", "closed")
    assert LifeChange.objects.filter(table_game__match=match, undone=False).count() == 1


def test_the_api_lists_who_entered_and_who_undid_each_change(client, match):
    as_player(client, match.player1)
    client.post(factories.table_url(match) + "life/", {"delta2": -20, "reason": "combat"})
    client.post(factories.table_url(match) + "confirm/")
    as_player(client, match.player2)
    client.post(factories.table_url(match) + "undo/")
    changes = client.get(f"/api/matches/{match.pk}/life/").json()
    assert [(c["entered_by"], c["undone"], c["undone_by"]) for c in changes] == [
        (match.player1.player.user.username, True, match.player2.player.user.username)
    ]


def test_a_result_entered_by_staff_closes_the_table_to_every_action(client, match):
    """Accepted by staff before anyone touched the table: not even who goes first changes."""
    services.result_enter(
        match=match, games=[services.GameInput(match.player1_id)], by=match.round.event.organiser
    )
    as_player(client, match.player2)
    api = f"/api/matches/{match.pk}/"
    for url, data in (
        (factories.table_url(match) + "first/", {"side": 2}),
        (factories.table_url(match) + "life/", {"delta1": -1, "reason": "combat"}),
        (factories.table_url(match) + "turn/", {}),
        (factories.table_url(match) + "concede/", {"side": 2}),
    ):
        refused = client.post(url, data)
        assert (refused.status_code, refused.json()["code"]) == (409, "closed"), url
    for action, data in (("first/", {"side": 2}), ("life/", {"delta1": -1, "reason": "combat"})):
        refused = client.post(api + action, data, content_type="application/json")
        assert (refused.status_code, refused.json()["code"]) == (409, "closed"), action
    game = services.current_game(match)
    assert (game.active_side, game.life1, game.turn) == (1, 20, 1)
