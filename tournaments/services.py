"""Writes for events: rounds, pairings and results.

Pairing here is the simple interim method (T1.2: random in round 1, then by record, avoiding
rematches greedily). The Swiss engine with maximum-weight matching replaces it (tournaments.swiss).
"""

import random
from collections import defaultdict

from django.db import transaction

from tournaments.models import Event, Game, Match, Registration, Round
from tournaments.selectors import match_points_table


def _previous_opponents(event: Event) -> dict[int, set[int]]:
    opponents: dict[int, set[int]] = defaultdict(set)
    for p1, p2 in Match.objects.filter(round__event=event, player2__isnull=False).values_list(
        "player1_id", "player2_id"
    ):
        opponents[p1].add(p2)
        opponents[p2].add(p1)
    return opponents


def _had_bye(event: Event) -> set[int]:
    return set(
        Match.objects.filter(round__event=event, player2__isnull=True).values_list(
            "player1_id", flat=True
        )
    )


@transaction.atomic
def round_create_simple(*, event: Event, seed: int) -> Round:
    """Pair the next round: shuffled within equal points, best-first, no rematch where avoidable."""
    rng = random.Random(seed)
    number = (event.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    active = {
        r.pk
        for r in event.registrations.filter(dropped_after_round__isnull=True)
        if r.team_id is not None
    }
    table = [row for row in match_points_table(event) if row.registration.pk in active]
    rng.shuffle(table)
    table.sort(key=lambda row: -row.points)  # stable: random order inside each points group
    order = [row.registration for row in table]

    bye: Registration | None = None
    if len(order) % 2:
        had_bye = _had_bye(event)
        bye = next((r for r in reversed(order) if r.pk not in had_bye), order[-1])
        order.remove(bye)

    opponents = _previous_opponents(event)
    pairs: list[tuple[Registration, Registration]] = []
    waiting = list(order)
    while waiting:
        first = waiting.pop(0)
        partner = next((r for r in waiting if r.pk not in opponents[first.pk]), waiting[0])
        waiting.remove(partner)
        pairs.append((first, partner))

    new_round = Round.objects.create(event=event, number=number, seed=seed)
    Match.objects.bulk_create(
        [
            Match(round=new_round, table=table_number, player1=p1, player2=p2)
            for table_number, (p1, p2) in enumerate(pairs, start=1)
        ]
        + ([Match(round=new_round, table=None, player1=bye, player2=None)] if bye else [])
    )
    return new_round


@transaction.atomic
def game_record(
    *,
    match: Match,
    winner: Registration | None,
    ending: str,
    life1: int | None,
    life2: int | None,
    first_player: Registration | None = None,
) -> Game:
    """Record the next game of a match; winner None means a draw."""
    if match.is_bye:
        raise ValueError("A bye has no games to record.")
    if winner is not None and winner.pk not in (match.player1_id, match.player2_id):
        raise ValueError(f"{winner.player} is not playing in this match.")
    number = match.games.count() + 1
    return Game.objects.create(
        match=match,
        number=number,
        first_player=first_player,
        winner=winner,
        is_draw=winner is None,
        ending=ending,
        life1=life1,
        life2=life2,
    )
