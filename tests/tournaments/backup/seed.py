"""An event with every kind of data a backup must carry, made through the real services.

Mid-round on purpose: finished rounds (a draw, a correction, a result the players confirmed
themselves, a hand swap), a current round with a life log (with an undo), a pending report, a
disputed report, extra time, a paused clock, a dispute with a fork, a ruling with a penalty;
an organiser-defined format with a ban list and legal sets, accounts linked to players, a
no-show, a drop, a late entry, a fixed table, keep-apart players and Doubles partners.
"""

import datetime

from judging import services as judging
from rules.catalogue import read_demo_teams
from rules.models import Card, CardSet, TeamCard
from rules.services import format_save
from tests.tournaments import factories
from tournaments import services
from tournaments.models import Event, Match, Registration
from tournaments.services import GameInput

PLAYERS = 10


def _demo_format(organiser):
    """An organiser's format: every demo set legal, one card nobody plays banned."""
    played = {key for team in read_demo_teams() for key, _ in team.cards}
    unplayed = Card.objects.exclude(key__in=played).order_by("key").values_list("key", flat=True)
    return format_save(
        by=organiser,
        name="Autumn League",
        base="tournament",
        legal_sets=list(CardSet.objects.values_list("code", flat=True)),
        banned=list(unplayed[:1]),
        one_card_per_set=False,
    )


def _finish_round(round_, by, *, draw_first: bool = False) -> None:
    for n, match in enumerate(
        round_.matches.filter(result_status__in=["pending"]).order_by("table")
    ):
        if draw_first and n == 0:
            games = [GameInput(None, ending="time", life1=5, life2=5)]
        else:
            games = [GameInput(match.player1_id, life1=7, life2=0, first_player=match.player2_id)]
        services.result_enter(match=match, games=games, by=by)


def rich_event() -> Event:
    factories.demo_catalogue()
    organiser = factories.user("olive", first_name="Olive", last_name="Organiser")
    judge = factories.user("jude", first_name="Jude", last_name="Judge")
    links = factories.team_links()
    fmt = _demo_format(organiser)
    event = services.event_create(
        organiser=organiser,
        name="Backup Open",
        date=datetime.date(2026, 11, 28),
        venue="The Dice Tower, Leeds",
        format=fmt,
        swiss_rounds=4,
        tiebreakers=["gw", "omw", "ogw", "random"],
        percentage_floor="0.33",
        points_draw=2,
        points_win=4,
    )
    event.judges.add(judge)
    for n in range(PLAYERS):
        account = factories.user(f"player{n + 1:02d}", first_name=f"P{n + 1}") if n < 8 else None
        registration = services.registration_create(
            event=event,
            display_name=f"Player {n + 1:02d}",
            team_list=links[n % len(links)],
            contact=f"player{n + 1}@example.org" if n % 3 == 0 else "",
            user=account,
            fixed_table=3 if n == 4 else None,
        )
        if n != PLAYERS - 1:  # the last one never checks in: a no-show, dropped at the start
            services.registration_check_in(registration=registration)
    registrations = list(event.registrations.order_by("pk"))
    # Doubles partners are stored per team card; the backup must carry them as they are.
    doubles = registrations[5].team.cards.order_by("pk")
    TeamCard.objects.filter(pk__in=[tc.pk for tc in doubles[:3]]).update(partner=1)
    TeamCard.objects.filter(pk__in=[tc.pk for tc in doubles[3:6]]).update(partner=2)
    event.forbidden_pairs.create(first=registrations[1], second=registrations[2], until_round=2)
    event = services.event_start(event=event)

    # Round 1: a judge's hand swap, then staff results with a draw.
    round1 = services.round_pair(event=event, seed=11)
    first, second = list(round1.matches.filter(player2__isnull=False).order_by("table"))[:2]
    services.round_swap(
        round_=round1, first=first.player1, second=second.player1, by=judge, confirm=True
    )
    _finish_round(round1, organiser, draw_first=True)

    # Round 2: players confirm their own result; a staff result corrected with a reason.
    round2 = services.round_pair(event=event, seed=12)
    paired = round2.matches.filter(player2__isnull=False).order_by("table")
    # Players confirm through their accounts: a match of two account holders.
    own = paired.filter(player1__player__user__isnull=False, player2__player__user__isnull=False)[0]
    corrected = paired.exclude(pk=own.pk)[0]
    services.result_report(match=own, games=[GameInput(own.player2_id)], reporter=own.player2)
    services.result_report(match=own, games=[GameInput(own.player2_id)], reporter=own.player1)
    services.result_enter(match=corrected, games=[GameInput(corrected.player1_id)], by=judge)
    services.result_enter(
        match=corrected,
        games=[GameInput(corrected.player2_id, life1=0, life2=3)],
        by=organiser,
        reason="Scorekeeper swapped the players",
    )
    _finish_round(round2, organiser)
    services.registration_drop(registration=Registration.objects.get(pk=registrations[7].pk))
    services.registration_late_entry(
        event=event, display_name="Late Larry", team_list=links[0], missed_rounds_as="loss"
    )

    # A round 3 paired, given a result and deleted: its record and result audit stay.
    withdrawn = services.round_pair(event=event, seed=99)
    played = withdrawn.matches.filter(player2__isnull=False).order_by("table")[0]
    services.result_enter(match=played, games=[GameInput(played.player1_id)], by=judge)
    services.round_delete(round_=withdrawn, by=organiser, confirm=True)

    # Round 3, in progress.
    round3 = services.round_pair(event=event, seed=13)
    services.round_start(round_=round3)
    life, reported, disputed, ruled = list(
        round3.matches.filter(player2__isnull=False).order_by("table")
    )[:4]
    game = services.current_game(life)
    game = services.life_change(game=game, delta1=-3, reason="combat", by=judge)
    game = services.life_change(game=game, delta2=-2, reason="ability", by=organiser)
    game = services.life_undo(game=game)
    game = services.turn_end(game=game)
    services.life_change(game=game, delta1=2, reason="gain")
    services.time_extend(match=life, minutes=3, reason="Ruling at the table", by=judge)
    services.result_report(
        match=reported, games=[GameInput(reported.player1_id)], reporter=reported.player1
    )
    services.result_report(
        match=disputed, games=[GameInput(disputed.player1_id)], reporter=disputed.player1
    )
    services.result_report(
        match=disputed, games=[GameInput(disputed.player2_id)], reporter=disputed.player2
    )
    ruled = Match.objects.select_related("round__event").get(pk=ruled.pk)
    dispute = judging.dispute_open(
        match=ruled, title="Who blocks first?", by=judge, pause_clock=True
    )
    main = dispute.branches.get()
    dispute.refresh_from_db()
    fork = judging.branch_fork(
        branch=main,
        step=0,
        name="Other reading",
        replacement="judge life P1 -1",
        keep_rest=False,
        by=judge,
        version=dispute.version,
        sequence_line=None,
    )
    dispute.refresh_from_db()
    judging.ruling_record(
        dispute=dispute,
        question="Can Wonder Woman block twice?",
        answer="No: each blocker blocks one attacker.",
        rules=["R11.2"],
        upheld_branch=fork,
        judge_notes="Player 2 argued from an old rulebook.",
        penalty=judging.PenaltyInput(
            registration=ruled.player2, kind="warning", reason="Rushed the attack step"
        ),
        by=judge,
        version=dispute.version,
    )
    judging.penalty_issue(
        match=life, registration=life.player1, kind="game_loss", reason="Marked dice", by=judge
    )
    event.refresh_from_db()
    return event
