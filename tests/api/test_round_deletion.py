"""Issue 24, finding 3: an organiser's token once wiped an event's results with three DELETEs
(`/api/rounds/3/`, `/2/`, `/1/`), leaving no result audit and disputes pointing at nothing.
A round with results is now deleted only when its number is given as the confirmation; each
deletion is recorded with its matches, the result audit stays, disputes keep their match."""

import pytest

from judging.models import Dispute
from tests.api.conftest import as_user
from tests.tournaments import factories
from tournaments import services
from tournaments.models import ResultChange, RoundDeletion
from tournaments.services import GameInput


def _finish(round_) -> None:
    for match in round_.matches.filter(player2__isnull=False):
        services.result_enter(
            match=match, games=[GameInput(match.player1_id)], by=round_.event.organiser
        )


@pytest.fixture
def three_rounds(organiser):
    event = factories.event(players=4, start=True, organiser=organiser)
    rounds = []
    for seed in (1, 2, 3):
        round_ = services.round_pair(event=event, seed=seed)
        _finish(round_)
        rounds.append(round_)
    return event, rounds


def test_deleting_rounds_with_results_needs_their_number_and_keeps_every_record(
    api, organiser, three_rounds
):
    event, rounds = three_rounds
    disputed = (
        rounds[2]
        .matches.filter(player2__isnull=False)
        .select_related("player1__player", "player2__player")[0]
    )
    dispute = Dispute.objects.create(
        event=event, match=disputed, title="Who won?", setup="", opened_by=organiser
    )
    audit_before = ResultChange.objects.filter(event=event).count()
    assert audit_before == 6
    client = as_user(api, organiser)

    # The attack: the three DELETEs, as sent before. Each is refused, nothing is deleted.
    refused = [
        client.call("rounds_destroy", path={"id": round_.pk}, expect=409).data
        for round_ in reversed(rounds)
    ]
    assert [answer["code"] for answer in refused] == [
        "confirm_deletion",
        "not_latest",
        "not_latest",
    ]
    assert refused[0]["message"].startswith("Round 3 has results: confirm that the round")
    assert event.rounds.count() == 3 and not RoundDeletion.objects.exists()

    # A confirmation must name the round: "yes" or another round's number does not do.
    for wrong in ("yes", "2"):
        bad = client.call(
            "rounds_destroy", path={"id": rounds[2].pk}, query={"confirm": wrong}, expect=400
        )
        assert bad.data["errors"] == {"confirm": ["Give this round's number, 3, to confirm."]}
    assert event.rounds.count() == 3

    # Read as the whole number the schema declares: "03" is round 3.
    client.call("rounds_destroy", path={"id": rounds[2].pk}, query={"confirm": "03"}, expect=204)
    assert event.rounds.count() == 2
    deletion = RoundDeletion.objects.get()
    assert (deletion.event, deletion.number, deletion.deleted_by, deletion.had_results) == (
        event,
        3,
        organiser,
        True,
    )
    label = (
        f"Round 3, table {disputed.table}: {disputed.player1.player.display_name} v "
        f"{disputed.player2.player.display_name}"
    )
    recorded = next(m for m in deletion.matches if m["label"] == label)
    winner = disputed.player1.player.display_name
    assert recorded["result_status"] == "confirmed"
    assert [g["winner"] for g in recorded["games"]] == [winner]

    # The result audit is whole; the deleted round's changes name their match.
    assert ResultChange.objects.filter(event=event).count() == audit_before
    orphaned = ResultChange.objects.filter(event=event, match__isnull=True)
    assert orphaned.count() == 2 and label in set(orphaned.values_list("match_label", flat=True))
    dispute.refresh_from_db()
    assert (dispute.match, dispute.event, dispute.match_label) == (None, event, label)
    shown = client.call("disputes_retrieve", path={"id": dispute.pk}, expect=200)
    assert shown.data["match"] is None and shown.data["match_label"] == label

    client.call("rounds_destroy", path={"id": rounds[1].pk}, query={"confirm": 2}, expect=204)
    assert list(RoundDeletion.objects.values_list("number", flat=True)) == [3, 2]
    assert ResultChange.objects.filter(event=event).count() == audit_before


def test_a_round_without_results_is_deleted_without_confirmation_and_still_recorded(api, organiser):
    event = factories.event(players=4, start=True, organiser=organiser)
    round_ = services.round_pair(event=event, seed=1)
    as_user(api, organiser).call("rounds_destroy", path={"id": round_.pk}, expect=204)
    deletion = RoundDeletion.objects.get()
    assert not deletion.had_results and len(deletion.matches) == 2


def test_only_the_organiser_deletes_a_round(api, organiser, three_rounds):
    event, rounds = three_rounds
    judge = factories.user("judge")
    event.judges.add(judge)
    as_user(api, judge).call(
        "rounds_destroy", path={"id": rounds[2].pk}, query={"confirm": 3}, expect=403
    )
    as_user(api, None).call(
        "rounds_destroy", path={"id": rounds[2].pk}, query={"confirm": 3}, expect=401
    )
    assert event.rounds.count() == 3


def test_the_deletion_record_names_players_as_the_event_shows_them(api, organiser):
    """A registration keeps the event's name after its player claims it with an account
    whose own name differs; the record of a deleted round names them as the event did."""
    event = factories.event(players=2, start=True, organiser=organiser)
    registration = event.registrations.get(display_name="Player 01")
    holder = factories.user("holder")
    services.player_profile_update(user=holder, display_name="Their Account Name")
    services.registration_claim(event=event, code=registration.claim_code, user=holder)
    round_ = services.round_pair(event=event, seed=1)
    _finish(round_)
    as_user(api, organiser).call(
        "rounds_destroy", path={"id": round_.pk}, query={"confirm": 1}, expect=204
    )
    recorded = RoundDeletion.objects.get().matches[0]
    assert sorted(recorded["players"]) == ["Player 01", "Player 02"]
    assert "Player 01" in recorded["label"] and "Their Account Name" not in recorded["label"]
    audit = ResultChange.objects.filter(event=event, match__isnull=True).get()
    assert audit.match_label == recorded["label"]


def test_a_round_with_a_dispute_is_not_paired_again_so_the_dispute_keeps_its_match(api, organiser):
    """Re-pairing deletes the round's matches too: a dispute opened before any result would
    point at no match, unnamed. It is refused; deleting the round (recorded) names it."""
    event = factories.event(players=4, start=True, organiser=organiser)
    round_ = services.round_pair(event=event, seed=1)
    match = round_.matches.filter(player2__isnull=False).first()
    dispute = Dispute.objects.create(
        event=event, match=match, title="Mid-game question", setup="", opened_by=organiser
    )
    client = as_user(api, organiser)
    refused = client.call("rounds_repair_create", path={"id": round_.pk}, expect=409).data
    assert refused["code"] == "judged" and "Delete the round instead" in refused["message"]
    dispute.refresh_from_db()
    assert dispute.match == match and round_.matches.count() == 2

    client.call("rounds_destroy", path={"id": round_.pk}, expect=204)
    dispute.refresh_from_db()
    assert dispute.match is None and dispute.match_label.startswith(f"Round 1, table {match.table}")
