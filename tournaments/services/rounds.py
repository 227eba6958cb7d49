"""Rounds: pair the next one, re-pair it while no result is in, delete it with its results."""

import random
import secrets
from collections import defaultdict

from django.db import transaction

from tournaments.models import Event, Match, Registration, Round
from tournaments.services.errors import EventError


def _active(event: Event) -> list[Registration]:
    return list(
        event.registrations.filter(dropped_after_round__isnull=True, checked_in=True)
        .exclude(team__isnull=True, **({"event__team_list_required": True}))
        .select_related("player")
    )


def _previous_opponents(event: Event) -> dict[int, set[int]]:
    opponents: dict[int, set[int]] = defaultdict(set)
    pairs = Match.objects.filter(round__event=event, player2__isnull=False)
    for p1, p2 in pairs.values_list("player1_id", "player2_id"):
        opponents[p1].add(p2)
        opponents[p2].add(p1)
    return opponents


def _had_bye(event: Event) -> set[int]:
    byes = Match.objects.filter(
        round__event=event, player2__isnull=True, missed_round=False
    ).values_list("player1_id", flat=True)
    return set(byes)


def _simple_pairs(event: Event, players: list[Registration], seed: int):
    """Interim method (T1.2): shuffled within equal points, best first, rematches avoided
    greedily; the bye to the lowest-ranked player without one. The Swiss engine replaces it."""
    from tournaments.selectors import standings_for_event

    rng = random.Random(seed)
    points = {row.registration.pk: row.points for row in standings_for_event(event)}
    order = list(players)
    rng.shuffle(order)
    order.sort(key=lambda r: -points.get(r.pk, 0))
    bye = None
    if len(order) % 2:
        had_bye = _had_bye(event)
        bye = next((r for r in reversed(order) if r.pk not in had_bye), order[-1])
        order.remove(bye)
    opponents = _previous_opponents(event)
    pairs = []
    while order:
        first = order.pop(0)
        partner = next((r for r in order if r.pk not in opponents[first.pk]), order[0])
        order.remove(partner)
        pairs.append((first, partner))
    return pairs, bye


@transaction.atomic
def round_pair(*, event: Event, seed: int | None = None) -> Round:
    """Pair the next round. The previous round must be complete; the seed is recorded."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != Event.Status.RUNNING:
        raise EventError("Start the event before pairing a round.", code="not_running")
    last = event.rounds.order_by("-number").first()
    if last is not None:
        open_matches = last.matches.exclude(result_status=Match.ResultStatus.CONFIRMED).count()
        if open_matches:
            raise EventError(
                f"Round {last.number} still has {open_matches} match(es) without a confirmed "
                "result.",
                code="round_open",
            )
    players = _active(event)
    if len(players) < 2:
        raise EventError("Fewer than two active players are left to pair.", code="too_few")
    seed = secrets.randbelow(2**31) if seed is None else seed
    new_round = Round.objects.create(
        event=event, number=(last.number if last else 0) + 1, seed=seed
    )
    _create_matches(new_round, *_simple_pairs(event, players, seed))
    return new_round


def _create_matches(round_: Round, pairs, bye) -> None:
    matches = [
        Match(round=round_, table=table, player1=p1, player2=p2)
        for table, (p1, p2) in enumerate(pairs, start=1)
    ]
    if bye is not None:
        matches.append(Match(round=round_, player1=bye, result_status=Match.ResultStatus.CONFIRMED))
    Match.objects.bulk_create(matches)


def _has_results(round_: Round) -> bool:
    played = round_.matches.filter(player2__isnull=False)
    return (
        played.exclude(result_status=Match.ResultStatus.PENDING).exists()
        or played.filter(games__isnull=False).exists()
    )


@transaction.atomic
def round_repair(*, round_: Round, seed: int | None = None) -> Round:
    """Pair the latest round again (e.g. after a late drop), while no result is in."""
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if round_.event.rounds.filter(number__gt=round_.number).exists():
        raise EventError("Only the latest round can be re-paired.", code="not_latest")
    if _has_results(round_):
        raise EventError(
            f"Round {round_.number} already has results; delete the round to pair it again.",
            code="has_results",
        )
    event = round_.event
    round_.matches.all().delete()
    round_.seed = secrets.randbelow(2**31) if seed is None else seed
    round_.save(update_fields=["seed"])
    _create_matches(round_, *_simple_pairs(event, _active(event), round_.seed))
    return round_


@transaction.atomic
def round_delete(*, round_: Round, confirm: bool) -> int:
    """Delete the latest round with its matches, games and reports. Returns its number."""
    if not confirm:
        raise EventError(
            "Confirm that the round and its results should be deleted.", code="confirm"
        )
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.event.rounds.filter(number__gt=round_.number).exists():
        raise EventError("Only the latest round can be deleted.", code="not_latest")
    number = round_.number
    round_.delete()
    return number
