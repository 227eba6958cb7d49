"""Single-elimination top cut (T1.4): seeded by the final Swiss standings, advanced as results
are confirmed, finishing the event after the final."""

from django.db import transaction

from tournaments.models import Event, Match, Round
from tournaments.services.errors import EventError
from tournaments.swiss import BracketMatch, first_round, next_round


def _seeds(event: Event) -> list[int]:
    from tournaments.selectors import standings_for_event

    return [
        row.registration.pk
        for row in standings_for_event(event)
        if row.registration.dropped_after_round is None
    ]


def _create_round(event: Event, number: int, matches: list[BracketMatch]) -> Round:
    round_ = Round.objects.create(event=event, number=number, stage=Round.Stage.TOP_CUT, seed=0)
    Match.objects.bulk_create(
        Match(round=round_, table=m.slot + 1, player1_id=m.player1, player2_id=m.player2)
        for m in matches
    )
    return round_


@transaction.atomic
def top_cut_start(*, event: Event) -> Round:
    """After the last Swiss round: the top N by standings play 1 v N, 2 v N-1, ..."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != Event.Status.RUNNING:
        raise EventError("The top cut starts after the Swiss rounds.", code="not_running")
    if event.top_cut < 2:
        raise EventError("This event has no top cut.", code="no_top_cut")
    last = event.rounds.order_by("-number").first()
    if last is None or last.matches.exclude(result_status=Match.ResultStatus.CONFIRMED).exists():
        raise EventError("Finish the Swiss rounds first.", code="round_open")
    seeds = _seeds(event)[: event.top_cut]
    if len(seeds) < event.top_cut:
        raise EventError(
            f"Only {len(seeds)} active players for a top {event.top_cut}.", code="too_few"
        )
    round_ = _create_round(event, last.number + 1, first_round(seeds))
    round_.pairing_record = {"seeds": seeds}
    round_.save(update_fields=["pairing_record"])
    event.status = Event.Status.TOP_CUT
    event.save(update_fields=["status"])
    return round_


def match_winner(match: Match) -> int | None:
    wins: dict[int, int] = {}
    for game in match.games.all():
        if game.winner_id is not None:
            wins[game.winner_id] = wins.get(game.winner_id, 0) + 1
    ranked = sorted(wins.items(), key=lambda item: -item[1])
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def top_cut_advance(*, round_: Round) -> Round | None:
    """When every match of a top-cut round has a winner, pair the next or finish the event."""
    event = Event.objects.select_for_update().get(pk=round_.event_id)
    if event.rounds.filter(number__gt=round_.number).exists():
        return None
    matches = list(round_.matches.order_by("table").prefetch_related("games"))
    if any(m.result_status != Match.ResultStatus.CONFIRMED for m in matches):
        return None
    winners = [match_winner(m) for m in matches]
    if None in winners:  # a drawn top-cut match needs a judge's decision first
        return None
    if len(matches) == 1:
        event.status = Event.Status.FINISHED
        event.save(update_fields=["status"])
        return None
    seeds = event.rounds.filter(stage=Round.Stage.TOP_CUT).order_by("number").first()
    seed_of = {pid: n for n, pid in enumerate(seeds.pairing_record["seeds"], start=1)}
    finished = [
        BracketMatch(1, m.table - 1, m.player1_id, m.player2_id, winner=w)
        for m, w in zip(matches, winners, strict=True)
    ]
    return _create_round(event, round_.number + 1, next_round(finished, seed_of))
