"""Rounds: pair the next Swiss round, re-pair it while no result is in, let a judge swap
players by hand (checked like the engine's own pairings), and delete a round (recorded, its
result audit kept)."""

import secrets
from dataclasses import asdict

from django.db import transaction

from tournaments.models import (
    Event,
    ForbiddenPair,
    Match,
    PairingChange,
    Registration,
    ResultChange,
    Round,
    RoundDeletion,
)
from tournaments.services.errors import EventError
from tournaments.swiss import (
    PairingProblem,
    SwissPlayer,
    assign_tables,
    check_pairings,
    pair_round,
)

# Problems the engine may report as flags on its own pairings (unavoidable, shown to staff).
FLAGGED = {"rematch", "second_bye", "forbidden"}


class PairingWarnings(EventError):
    """A hand edit breaks pairing rules; the judge must confirm each warning to go ahead."""

    def __init__(self, problems: list[PairingProblem]):
        self.problems = problems
        super().__init__(" ".join(p.message for p in problems), code="pairing_warnings")


def _active(event: Event) -> list[Registration]:
    registrations = event.registrations.filter(dropped_after_round__isnull=True, checked_in=True)
    if event.team_list_required:
        registrations = registrations.filter(team__isnull=False)
    return list(registrations.select_related("player"))


def swiss_players(
    event: Event, registrations: list[Registration], *, exclude_round: Round | None = None
) -> list[SwissPlayer]:
    """The pairing engine's view: points and rank from the standings, history from matches."""
    from tournaments.selectors import standings_for_event

    rank = {row.registration.pk: (row.rank, row.points) for row in standings_for_event(event)}
    opponents: dict[int, set[int]] = {r.pk: set() for r in registrations}
    had_bye: set[int] = set()
    history = Match.objects.filter(round__event=event, round__stage=Round.Stage.SWISS)
    if exclude_round is not None:
        history = history.exclude(round=exclude_round)
    for p1, p2, missed in history.values_list("player1_id", "player2_id", "missed_round"):
        if p2 is None:
            if not missed:
                had_bye.add(p1)
            continue
        opponents.setdefault(p1, set()).add(p2)
        opponents.setdefault(p2, set()).add(p1)
    return [
        SwissPlayer(
            id=r.pk,
            name=r.display_name,
            points=rank[r.pk][1],
            rank=rank[r.pk][0],
            opponents=frozenset(opponents.get(r.pk, ())),
            had_bye=r.pk in had_bye,
            fixed_table=r.fixed_table,
        )
        for r in registrations
    ]


def _forbidden(event: Event, number: int) -> list[tuple[int, int]]:
    pairs = ForbiddenPair.objects.filter(event=event, until_round__gte=number)
    return list(pairs.values_list("first_id", "second_id"))


def _seat(round_: Round, players: list[SwissPlayer], pairs, bye) -> list[str]:
    tables, conflicts = assign_tables(pairs, players)
    matches = [
        Match(round=round_, table=table, player1_id=a, player2_id=b)
        for table, (a, b) in sorted(zip(tables, pairs, strict=True))
    ]
    if bye is not None:
        matches.append(
            Match(round=round_, player1_id=bye, result_status=Match.ResultStatus.CONFIRMED)
        )
    Match.objects.bulk_create(matches)
    return conflicts


def _pair_into(round_: Round, event: Event) -> Round:
    registrations = _active(event)
    if len(registrations) < 2:
        raise EventError("Fewer than two active players are left to pair.", code="too_few")
    players = swiss_players(event, registrations, exclude_round=round_)
    forbidden = _forbidden(event, round_.number)
    pairing = pair_round(players, seed=round_.seed, forbidden=forbidden)
    problems = check_pairings(players, pairing.pairs, pairing.bye, forbidden=forbidden)
    unexpected = [p for p in problems if p.code not in FLAGGED]
    if unexpected:  # the engine's own output must never break these; refuse to save it
        raise RuntimeError(f"Pairing failed its checks: {unexpected}")
    conflicts = _seat(round_, players, pairing.pairs, pairing.bye)
    round_.pairing_record = {
        "method": pairing.method,
        "quality": asdict(pairing.quality),
        "notes": list(pairing.notes),
        "flags": list(pairing.flags) + conflicts,
    }
    round_.save(update_fields=["pairing_record"])
    return round_


@transaction.atomic
def round_pair(*, event: Event, seed: int | None = None) -> Round:
    """Pair the next Swiss round. The previous round must be complete; the seed is recorded."""
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
    seed = secrets.randbelow(2**31) if seed is None else seed
    new_round = Round.objects.create(
        event=event, number=(last.number if last else 0) + 1, seed=seed
    )
    return _pair_into(new_round, event)


def _has_results(round_: Round) -> bool:
    played = round_.matches.filter(player2__isnull=False)
    return (
        played.exclude(result_status=Match.ResultStatus.PENDING).exists()
        or played.filter(games__isnull=False).exists()
    )


def _judges_name_a_match_of(round_: Round) -> bool:
    from judging.models import Dispute, Penalty

    return (
        Dispute.objects.filter(match__round=round_).exists()
        or Penalty.objects.filter(match__round=round_).exists()
    )


def _latest_swiss_round(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if round_.event.rounds.filter(number__gt=round_.number).exists():
        raise EventError("Only the latest round can be changed.", code="not_latest")
    if round_.is_top_cut:
        raise EventError("Top cut rounds follow the bracket.", code="top_cut")
    return round_


@transaction.atomic
def round_repair(*, round_: Round, seed: int | None = None) -> Round:
    """Pair the latest round again (e.g. after a late drop), while no result is in."""
    round_ = _latest_swiss_round(round_)
    if _has_results(round_):
        raise EventError(
            f"Round {round_.number} already has results; delete the round to pair it again.",
            code="has_results",
        )
    if _judges_name_a_match_of(round_):
        raise EventError(
            f"A judge has a dispute or a penalty on a match of round {round_.number}: pairing it "
            "again would leave them naming no match. Delete the round instead (the deletion is "
            "recorded and they keep the match they were about), then pair it again.",
            code="judged",
        )
    round_.matches.all().delete()
    round_.seed = secrets.randbelow(2**31) if seed is None else seed
    round_.save(update_fields=["seed"])
    return _pair_into(round_, round_.event)


@transaction.atomic
def round_swap(*, round_: Round, first: Registration, second: Registration, by, confirm: bool):
    """A judge swaps two players' seats in the latest round (before its results).

    The changed round is checked like the engine's pairings; any problem raises
    PairingWarnings unless `confirm` is given, and the change is logged with what was confirmed.
    """
    round_ = _latest_swiss_round(round_)
    # A late entry's missed round is a recorded loss, not a seat anyone can be swapped into.
    matches = list(
        round_.matches.filter(missed_round=False).select_related(
            "player1__player", "player2__player"
        )
    )
    seat = {}
    for match in matches:
        for side in ("player1", "player2"):
            registration_id = getattr(match, f"{side}_id")
            if registration_id is not None:
                seat[registration_id] = (match, side)
    if first.pk not in seat or second.pk not in seat or first.pk == second.pk:
        raise EventError("Choose two different players of this round.", code="not_in_round")
    (match_a, side_a), (match_b, side_b) = seat[first.pk], seat[second.pk]
    if match_a.pk == match_b.pk:
        raise EventError("Those two already play each other.", code="same_match")
    if any(
        m.result_status != Match.ResultStatus.PENDING and m.player2_id for m in (match_a, match_b)
    ):
        raise EventError("Results are already in for one of these matches.", code="has_results")
    setattr(match_a, f"{side_a}_id", second.pk)
    setattr(match_b, f"{side_b}_id", first.pk)
    pairs = [(m.player1_id, m.player2_id) for m in matches if m.player2_id]
    bye = next((m.player1_id for m in matches if m.player2_id is None), None)
    registrations = _active(round_.event)
    players = swiss_players(round_.event, registrations, exclude_round=round_)
    problems = check_pairings(
        players, pairs, bye, forbidden=_forbidden(round_.event, round_.number)
    )
    if problems and not confirm:
        raise PairingWarnings(problems)
    for match in (match_a, match_b):
        match.save(update_fields=["player1", "player2"])
    return PairingChange.objects.create(
        round=round_,
        changed_by=by,
        description=f"Swapped {first.display_name} and {second.display_name}.",
        confirmed_warnings=[p.message for p in problems],
    )


def _label(match: Match, number: int) -> str:
    first = match.player1.display_name
    if match.player2_id is None:
        return f"Round {number}: {first} ({'missed round' if match.missed_round else 'bye'})"
    return f"Round {number}, table {match.table}: {first} v {match.player2.display_name}"


def _snapshot(match: Match, label: str) -> dict:
    """The match as it stood, players named (a registration id would mean nothing later)."""
    names = {match.player1_id: match.player1.display_name}
    if match.player2_id:
        names[match.player2_id] = match.player2.display_name
    return {
        "label": label,
        "table": match.table,
        "players": list(names.values()),
        "result_status": match.result_status,
        "games": [
            {"number": g.number, "winner": names.get(g.winner_id), "is_draw": g.is_draw,
             "ending": g.ending, "life1": g.life1, "life2": g.life2}
            for g in match.games.all()
        ],
        "reports": [
            {"by": names.get(r.reported_by_id, "the life tracker"),
             "winners": [names.get(g.get("winner")) for g in r.games]}
            for r in match.reports.all()
        ],
    }  # fmt: skip


@transaction.atomic
def round_delete(*, round_: Round, by, confirm: bool = False) -> int:
    """Delete the latest round with its matches and games. Returns its number.

    A round with results is deleted only with `confirm`. The deletion is recorded
    (RoundDeletion: who, when, each match and its result as it stood); the result changes of
    its matches stay in the event's audit trail, and disputes and rulings keep their record
    with the match named.
    """
    from judging.models import Dispute

    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    event = round_.event
    if event.rounds.filter(number__gt=round_.number).exists():
        raise EventError("Only the latest round can be deleted.", code="not_latest")
    number = round_.number
    had_results = _has_results(round_)
    if had_results and not confirm:
        raise EventError(
            f"Round {number} has results: confirm that the round and its results should be "
            "deleted (its result changes stay in the event's audit).",
            code="confirm_deletion",
        )
    matches = list(
        round_.matches.select_related("player1", "player2").prefetch_related("games", "reports")
    )
    snapshots = []
    for match in matches:
        label = _label(match, number)
        snapshots.append(_snapshot(match, label))
        ResultChange.objects.filter(match=match).update(match_label=label)
        Dispute.objects.filter(match=match, match_label="").update(match_label=label)
    RoundDeletion.objects.create(
        event=event,
        number=number,
        stage=round_.stage,
        deleted_by=by,
        had_results=had_results,
        matches=snapshots,
    )
    round_.delete()
    # The event goes back to the stage the remaining rounds are in: deleting the final reopens
    # the top cut, deleting a whole cut or the last round of a finished event reopens Swiss.
    cut_left = event.rounds.filter(stage=Round.Stage.TOP_CUT).exists()
    status = Event.Status.TOP_CUT if cut_left else Event.Status.RUNNING
    if event.status != Event.Status.REGISTRATION and event.status != status:
        Event.objects.filter(pk=event.pk).update(status=status)
    return number
