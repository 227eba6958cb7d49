"""Benchmark: the final event report (PDF) of a 256-player, 8-round event, built as a worker does.

    python bench/bench_reports.py [--players 256] [--rounds 8] [--top-cut 8] [--runs 5]
                                  [--kind event] [--format pdf]

Uses DATABASE_URL when set (e.g. PostgreSQL), otherwise a throwaway SQLite file. The event is
bulk-inserted: best-of-3 Swiss rounds with random pairings and 2-0 / 2-1 / 1-1-1 results, a
few drops, a finished top cut, and a revealed 10-card team for every player. Each run requests
the report and runs the worker's task body (`services.report_build`) in this one process: the
queries, the template, WeasyPrint's layout and the PDF, and storing the file. Wall and CPU time
are reported with the stages of the last run; the target is a median under 10 s.
"""

import argparse
import datetime
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

FIRST = ["Aiko", "Ben", "Chiara", "Dev", "Elena", "Farid", "Grace", "Hugo", "Inès", "Jonas",
         "Kira", "Liam", "Maya", "Noah", "Oskar", "Priya"]  # fmt: skip
LAST = ["Okafor", "Medina", "Tanaka", "Walsh", "Rossi", "Patel", "Petrova", "Haddad", "Lin",
        "Martin", "Duarte", "Berg", "Novak", "O'Brien", "Cohen", "Fischer"]  # fmt: skip


def build_event(players: int, rounds: int, top_cut: int):
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from rules.catalogue import DEMO_CATALOGUE_PATH
    from rules.models import Card, Format, Team, TeamCard
    from rules.services import catalogue_import, formats_install_builtin
    from tournaments.models import Event, Game, Match, Player, Registration, Round
    from tournaments.swiss import BracketMatch, first_round, next_round

    formats_install_builtin()
    if not Card.objects.exists():
        catalogue_import(path=DEMO_CATALOGUE_PATH)
    cards = list(Card.objects.filter(kind="character")[:60]) or list(Card.objects.all()[:60])
    rng = random.Random(256)
    organiser = get_user_model().objects.create(username=f"bench-{time.time_ns()}")
    event = Event.objects.create(
        name="Regional Championship (bench)", slug=f"bench-{time.time_ns()}",
        date=datetime.date(2026, 11, 22), venue="Convention Centre Hall B", organiser=organiser,
        format=Format.objects.get(code="tournament"), status=Event.Status.FINISHED,
        match_type=Event.MatchType.BEST_OF_THREE, swiss_rounds=rounds, top_cut=top_cut,
        teams_revealed_at=timezone.now(),
    )  # fmt: skip
    teams = Team.objects.bulk_create(Team(name=f"Team {n}") for n in range(players))
    TeamCard.objects.bulk_create(
        TeamCard(team=team, card=card, dice=rng.randint(1, 4))
        for team in teams
        for card in rng.sample(cards, min(10, len(cards)))
    )
    people = Player.objects.bulk_create(
        Player(display_name=f"{FIRST[n % 16]} {LAST[n // 16 % 16]} {n:03d}") for n in range(players)
    )
    registrations = Registration.objects.bulk_create(
        Registration(event=event, player=p, team=t, checked_in=True)
        for p, t in zip(people, teams, strict=True)
    )
    games = []

    def play(match, p1, p2, *, swiss: bool):
        shapes = [(p1, p1), (p2, p2), (p1, p2, p1), (p2, p1, p2)]
        shape = rng.choice(shapes + ([(p1, None, p2)] if swiss else []))
        games.extend(
            Game(match=match, number=n, winner_id=w, is_draw=w is None, ending="life",
                 life1=0 if w == p2 else rng.randint(1, 15), life2=0 if w == p1 else 3)
            for n, w in enumerate(shape, start=1)
        )  # fmt: skip
        return shape[-1] if shape[-1] is not None else shape[0]

    for number in range(1, rounds + 1):
        round_ = Round.objects.create(event=event, number=number, seed=number)
        order = registrations[:]
        rng.shuffle(order)
        matches = Match.objects.bulk_create(
            Match(round=round_, table=t + 1, player1=order[2 * t], player2=order[2 * t + 1],
                  result_status=Match.ResultStatus.CONFIRMED)
            for t in range(len(order) // 2)
        )  # fmt: skip
        for match in matches:
            play(match, match.player1_id, match.player2_id, swiss=True)
    seeds = [r.pk for r in registrations[:top_cut]]
    bracket, number = first_round(seeds), rounds
    seed_of = {pk: n for n, pk in enumerate(seeds, start=1)}
    while bracket:
        number += 1
        round_ = Round.objects.create(
            event=event, number=number, stage=Round.Stage.TOP_CUT, seed=0,
            pairing_record={"seeds": seeds} if number == rounds + 1 else {},
        )  # fmt: skip
        finished = []
        for m in bracket:
            match = Match.objects.create(
                round=round_, table=m.slot + 1, player1_id=m.player1, player2_id=m.player2,
                result_status=Match.ResultStatus.CONFIRMED,
            )  # fmt: skip
            winner = play(match, m.player1, m.player2, swiss=False)
            finished.append(BracketMatch(1, m.slot, m.player1, m.player2, winner=winner))
        bracket = next_round(finished, seed_of) if len(finished) > 1 else []
    Game.objects.bulk_create(games, batch_size=2000)
    return event


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--top-cut", type=int, default=8)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--kind", default="event")
    parser.add_argument("--format", default="pdf")
    args = parser.parse_args()
    os.environ.setdefault("VAR_DIR", tempfile.mkdtemp(prefix="bench-reports-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from config.celery import app as celery_app
    from tournaments.reports import render, services
    from tournaments.reports.models import Report

    call_command("migrate", verbosity=0)
    celery_app.conf.task_always_eager = False  # the request only queues; the build is timed
    event = build_event(args.players, args.rounds, args.top_cut)
    stages: dict[str, float] = {}
    original_render_pdf = render.render_pdf

    def timed_render_pdf(html, *, progress):
        started = time.perf_counter()
        result = original_render_pdf(html, progress=progress)
        stages["WeasyPrint layout and PDF"] = time.perf_counter() - started
        return result

    render.render_pdf = timed_render_pdf
    walls, cpus, pages, size = [], [], 0, 0
    for _ in range(args.runs):
        report = Report.objects.create(
            event=event, kind=args.kind, file_format=args.format, params={},
            request_key=f"bench-{time.time_ns()}", title="bench",
        )  # fmt: skip
        wall, cpu = time.perf_counter(), time.process_time()
        built = services.report_build(report_id=report.pk)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        assert built is not None and built.status == Report.Status.DONE, built and built.error
        pages, size = built.progress_note, built.file.size
    load = os.getloadavg()[0]
    print(
        f"command: python bench/bench_reports.py --players {args.players} --rounds {args.rounds} "
        f"--top-cut {args.top_cut} --runs {args.runs} --kind {args.kind} --format {args.format}"
        f"  (database: {connection.vendor}; load average at the end {load:.1f})"
    )
    print("| players | rounds | report | pages | size | median wall | min wall | median CPU |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    print(
        f"| {args.players} | {args.rounds} + top {args.top_cut} | {args.kind} {args.format} "
        f"| {pages} | {size / 1024:.0f} KiB | {statistics.median(walls):.2f} s "
        f"| {min(walls):.2f} s | {statistics.median(cpus):.2f} s |"
    )
    for stage, seconds in stages.items():
        print(f"last run: {stage} {seconds:.2f} s")


if __name__ == "__main__":
    main()
