"""The Swiss engine through the real models: pairing, seating, hand edits and the top cut."""

import re

import pytest

from tests.tournaments import factories
from tournaments import services
from tournaments.models import Event, ForbiddenPair, Match, PairingChange, Round
from tournaments.services import EventError, GameInput, PairingWarnings

pytestmark = pytest.mark.django_db


def play(round_, winner="player1") -> None:
    for match in round_.matches.filter(player2__isnull=False):
        services.result_enter(
            match=match,
            games=[GameInput(getattr(match, f"{winner}_id"))],
            by=round_.event.organiser,
        )


def pairs_of(round_) -> set[frozenset[int]]:
    return {
        frozenset((m.player1_id, m.player2_id))
        for m in round_.matches.filter(player2__isnull=False)
    }


def test_five_rounds_of_sixteen_without_a_rematch_and_recorded():
    event = factories.event(players=16, start=True)
    seen: set[frozenset[int]] = set()
    for _ in range(5):
        round_ = services.round_pair(event=event)
        assert not pairs_of(round_) & seen
        seen |= pairs_of(round_)
        record = round_.pairing_record
        assert record["method"] == "exact" and record["quality"]["rematches"] == 0
        assert record["notes"][0].startswith("Paired 16 players")
        assert sorted(round_.matches.values_list("table", flat=True)) == list(range(1, 9))
        play(round_)


def test_the_recorded_seed_reproduces_the_round():
    event = factories.event(players=10, start=True)
    play(services.round_pair(event=event, seed=42))
    second = services.round_pair(event=event, seed=4242)
    first_pairs = pairs_of(second)
    services.round_repair(round_=second, seed=4242)
    assert pairs_of(second) == first_pairs


def test_table_one_goes_to_the_leaders_and_fixed_tables_are_kept():
    event = factories.event(players=8, start=True)
    needs_table = event.registrations.get(display_name="Player 05")
    needs_table.fixed_table = 4
    needs_table.save()
    play(services.round_pair(event=event, seed=1))
    round_ = services.round_pair(event=event, seed=2)
    assert round_.matches.get(table=4).player_ids() & {needs_table.pk}


def test_a_forbidden_pair_is_kept_apart_in_early_rounds():
    event = factories.event(players=4, start=True)
    first, second = event.registrations.all()[:2]
    ForbiddenPair.objects.create(event=event, first=first, second=second, until_round=1)
    for seed in range(5):
        round_ = services.round_pair(event=event, seed=seed)
        assert frozenset((first.pk, second.pk)) not in pairs_of(round_)
        services.round_delete(round_=round_, by=event.organiser, confirm=True)


def test_a_judges_swap_warns_confirms_and_is_logged():
    event = factories.event(players=4, start=True)
    round1 = services.round_pair(event=event, seed=1)
    play(round1)
    round2 = services.round_pair(event=event, seed=2)
    old = round1.matches.first()
    # Putting round 1's opponents together again is a rematch: a warning first.
    current = {pid: m for m in round2.matches.all() for pid in m.player_ids()}
    opponent_of_first = current[old.player1_id].player_ids() - {old.player1_id}
    first, second = old.player2, event.registrations.get(pk=opponent_of_first.pop())
    with pytest.raises(PairingWarnings) as caught:
        services.round_swap(round_=round2, first=first, second=second, by=event.organiser,
                            confirm=False)  # fmt: skip
    assert {p.code for p in caught.value.problems} == {"rematch"}
    assert not PairingChange.objects.exists()
    services.round_swap(round_=round2, first=first, second=second, by=event.organiser, confirm=True)
    change = PairingChange.objects.get()
    assert change.confirmed_warnings and "already played" in change.confirmed_warnings[0]
    assert frozenset((old.player1_id, old.player2_id)) in pairs_of(round2)


def test_swap_through_the_round_page(client):
    event = factories.event(players=4, start=True)
    round_ = services.round_pair(event=event, seed=3)
    client.force_login(event.organiser)
    a, b = (m.player1 for m in round_.matches.all())
    response = client.post(
        f"/manage/{event.slug}/rounds/1/", {"first": a.pk, "second": b.pk, "swap": "1"},
        follow=True,
    )  # fmt: skip
    assert "Players swapped" in response.content.decode()
    assert PairingChange.objects.filter(round=round_).count() == 1


def test_the_round_page_shows_how_far_players_were_paired_down(client):
    # Six players, three winners of round 1: one 3-pointer meets a 0-pointer in round 2.
    event = factories.event(players=6, start=True)
    play(services.round_pair(event=event, seed=1))
    round_ = services.round_pair(event=event, seed=2)
    assert round_.pairing_record["quality"]["largest_gap"] == 3
    client.force_login(event.organiser)
    page = client.get(f"/manage/{event.slug}/rounds/2/").content.decode()
    assert "pairs across score groups 1 · largest score gap 3 · sum of score gaps 3" in page
    assert "The largest score gap is 3 points" in page


def test_top_cut_runs_from_the_standings_to_the_final():
    event = factories.event(players=8, start=True, top_cut=4, swiss_rounds=3)
    for _ in range(3):
        play(services.round_pair(event=event))
    from tournaments.selectors import standings_for_event

    top = [row.registration.pk for row in standings_for_event(event)][:4]
    semis = services.top_cut_start(event=event)
    assert semis.is_top_cut and Event.objects.get(pk=event.pk).status == "top_cut"
    assert [(m.player1_id, m.player2_id) for m in semis.matches.order_by("table")] == [
        (top[0], top[3]), (top[1], top[2])
    ]  # fmt: skip
    for match in semis.matches.all():  # best of 3 in the cut: the higher seed wins 2-1
        p1, p2 = match.player1_id, match.player2_id
        services.result_enter(
            match=match, games=[GameInput(p1), GameInput(p2), GameInput(p1)], by=event.organiser
        )
    final = Round.objects.get(event=event, stage="top_cut", number=semis.number + 1)
    assert final.matches.get().player_ids() == {top[0], top[1]}
    with pytest.raises(EventError, match="already paired"):
        services.result_enter(
            match=semis.matches.first(), games=[GameInput(top[3])], by=event.organiser,
            reason="late appeal",
        )  # fmt: skip
    match = final.matches.get()
    services.result_enter(match=match, games=[GameInput(match.player2_id)] * 2, by=event.organiser)
    assert Event.objects.get(pk=event.pk).status == "finished"


def test_bracket_page_shows_the_whole_cut_with_seeds_winners_and_rounds_to_come(client):
    event = factories.event(players=8, start=True, top_cut=4, swiss_rounds=1)
    play(services.round_pair(event=event))
    assert "has not started" in client.get(f"/events/{event.slug}/bracket/").content.decode()
    semis = services.top_cut_start(event=event)
    event_page = client.get(f"/events/{event.slug}/").content.decode()
    assert "Top 4 bracket" in event_page and f"?after_round={semis.number}" not in event_page
    page = client.get(f"/events/{event.slug}/bracket/").content.decode()
    assert "Semi-finals" in page and "Final" in page
    assert page.count('class="bracket-match"') == 2  # played or being played
    assert "Winners of semi-finals tables 1 and 2" in page  # the final, still to come
    first = semis.matches.get(table=1)
    assert re.search(rf"\(1\)</span> <a [^>]+>{first.player1.display_name}</a>", page)
    assert re.search(rf"\(4\)</span> <a [^>]+>{first.player2.display_name}</a>", page)
    for match in semis.matches.all():
        services.result_enter(
            match=match, games=[GameInput(match.player2_id)] * 2, by=event.organiser
        )
    final = Round.objects.get(event=event, number=semis.number + 1).matches.get()
    services.result_enter(match=final, games=[GameInput(final.player1_id)] * 2, by=event.organiser)
    page = client.get(f"/events/{event.slug}/bracket/").content.decode()
    champion = final.player1.display_name
    assert f"Winner: <strong>{champion}</strong>" in page
    assert 'class="winner won"><span class="seed">' in page and "Winners of" not in page
    assert f"{champion} wins 2–0" in page


def test_organiser_keeps_two_players_apart_from_the_dashboard(client):
    event = factories.event(players=4, start=True)
    first, second = event.registrations.all()[:2]
    client.force_login(event.organiser)
    response = client.post(
        f"/manage/{event.slug}/keep-apart/",
        {"first": first.pk, "second": second.pk, "until_round": 2},
        follow=True,
    )
    assert "kept apart" in response.content.decode()
    pair = ForbiddenPair.objects.get(event=event)
    assert (pair.first, pair.second, pair.until_round) == (first, second, 2)
    same = client.post(
        f"/manage/{event.slug}/keep-apart/",
        {"first": first.pk, "second": first.pk, "until_round": 2},
        follow=True,
    )
    assert "two different players" in same.content.decode()


def test_top_cut_from_the_dashboard_button(client):
    event = factories.event(players=4, start=True, top_cut=2, swiss_rounds=1)
    play(services.round_pair(event=event))
    client.force_login(event.organiser)
    response = client.post(f"/manage/{event.slug}/top-cut/")
    assert response.status_code == 302 and response.url.endswith("/rounds/2/")
    again = client.post(f"/manage/{event.slug}/top-cut/", follow=True)
    assert "starts after the Swiss rounds" in again.content.decode()


def test_a_top_cut_match_needs_a_winner_and_can_be_single_games():
    event = factories.event(players=4, start=True, top_cut=2, top_cut_best_of_three=False)
    play(services.round_pair(event=event))
    final = services.top_cut_start(event=event)
    match = final.matches.get()
    assert not final.is_best_of_three
    for games in ([GameInput(None)], [GameInput(match.player1_id), GameInput(match.player2_id)]):
        with pytest.raises(EventError, match="needs a winner|1 to 1 game"):
            services.result_enter(match=match, games=games, by=event.organiser)
    event.top_cut_best_of_three = True
    event.save()
    with pytest.raises(EventError, match="needs a winner"):
        services.result_enter(
            match=match,
            games=[GameInput(match.player1_id), GameInput(match.player2_id), GameInput(None)],
            by=event.organiser,
        )
    services.result_enter(match=match, games=[GameInput(match.player2_id)], by=event.organiser)
    assert Event.objects.get(pk=event.pk).status == "finished"


def test_a_late_entrys_missed_round_is_no_seat_to_swap_into():
    event = factories.event(players=4, start=True)
    round_ = services.round_pair(event=event, seed=1)
    late = services.registration_late_entry(
        event=event, display_name="Late", team_list=factories.team_links()[6],
        missed_rounds_as="loss",
    )  # fmt: skip
    seated = round_.matches.filter(player2__isnull=False).first().player1
    with pytest.raises(EventError, match="two different players of this round"):
        services.round_swap(
            round_=round_, first=seated, second=late, by=event.organiser, confirm=True
        )
    assert round_.matches.get(player1=late).missed_round


def test_a_pairing_that_fails_its_checks_is_never_saved(monkeypatch):
    from tournaments.services import rounds
    from tournaments.swiss import Pairing, Quality

    event = factories.event(players=4, start=True)
    a, b, c, _ = (r.pk for r in event.registrations.all())
    broken = Pairing(((a, b), (a, c)), None, 1, Quality(), (), (), "exact")  # a twice, d missing
    monkeypatch.setattr(rounds, "pair_round", lambda *args, **kwargs: broken)
    with pytest.raises(RuntimeError, match="failed its checks"):
        services.round_pair(event=event, seed=1)
    assert not Round.objects.filter(event=event).exists()
    assert not Match.objects.filter(round__event=event).exists()
