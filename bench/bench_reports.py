"""Benchmark: the final event report (PDF) of a 256-player, 8-round event, built as a worker does.

    python bench/bench_reports.py [--players 256] [--rounds 8] [--top-cut 8] [--runs 5]
                                  [--kind event] [--format pdf] [--worker]

Uses DATABASE_URL when set (e.g. PostgreSQL), otherwise a throwaway SQLite file. The event is
bulk-inserted: best-of-3 Swiss rounds with random pairings and 2-0 / 2-1 / 1-1-1 results, a
finished top cut, and a revealed 10-card team for every player.

By default each run stores a Report and runs the worker's task body (`services.report_build`)
in this one process: the queries, the template, WeasyPrint's layout and the PDF, and storing
the file; wall and CPU time are reported, with the median of each stage. With --worker (needs
REDIS_URL) one real `celery worker` process (solo pool) builds them instead, and each run is
timed from the request to the report being done, queueing included. Target: under 10 s.
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
    from tournaments import names
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
        Registration(
            event=event,
            player=p,
            team=t,
            checked_in=True,
            display_name=p.display_name,
            name_key=names.key(p.display_name),
        )
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


def in_process_runs(event, args) -> tuple[list[float], list[float], dict, object]:
    """The task body in this process, `args.runs` times: wall and CPU time, stage medians."""
    from tournaments.reports import render, services
    from tournaments.reports.models import Report
    from tournaments.reports.registry import kind_for

    stages: dict[str, list[float]] = {}

    def timed(name, function):
        def wrapper(*a, **kw):
            started = time.perf_counter()
            result = function(*a, **kw)
            stages.setdefault(name, []).append(time.perf_counter() - started)
            return result

        return wrapper

    # Stages: the queries and Python that gather the data, the template, and WeasyPrint
    # (layout and PDF); the rest is the task's own bookkeeping and the file write.
    kind = kind_for(args.kind)
    kind.context = timed("queries and data", kind.context)
    render.render_html = timed("template", render.render_html)
    render.render_pdf = timed("WeasyPrint layout and PDF", render.render_pdf)
    walls, cpus, built = [], [], None
    for _ in range(args.runs):
        report = Report.objects.create(
            event=event, kind=args.kind, file_format=args.format,
            params=kind_for(args.kind).clean_params(event, {"round": args.round}), site_url="http://127.0.0.1:8104/",
            request_key=f"bench-{time.time_ns()}", title="bench",
        )  # fmt: skip
        wall, cpu = time.perf_counter(), time.process_time()
        built = services.report_build(report_id=report.pk)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        assert built is not None and built.status == Report.Status.DONE, built and built.error
    return walls, cpus, {k: statistics.median(v) for k, v in stages.items()}, built


def worker_runs(event, args) -> tuple[list[float], object]:
    """One real `celery worker` process builds each report: request to done, queue included."""
    import subprocess
    import uuid

    from django.conf import settings
    from django.db import connection

    from config.celery import app as celery_app
    from tournaments.reports import services
    from tournaments.reports.models import Report

    broker = os.environ.get("REDIS_URL") or sys.exit("--worker needs REDIS_URL.")
    queue = f"bench-reports-{uuid.uuid4().hex[:8]}"
    celery_app.conf.update(broker_url=broker, task_always_eager=False, task_default_queue=queue)
    env = {**os.environ, "CELERY_BROKER_URL": broker, "CELERY_TASK_ALWAYS_EAGER": "false"}
    if connection.vendor == "postgresql":  # the test settings' database is the same one
        env["DATABASE_URL"] = os.environ["DATABASE_URL"]
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-Q", queue,
         "--without-gossip", "--without-mingle", "--loglevel=INFO"],
        cwd=Path(__file__).resolve().parents[1], env=env,
    )  # fmt: skip
    walls, report = [], None
    try:
        for run in range(args.runs + 1):  # the first run warms the worker up, and is not counted
            started = time.perf_counter()
            report = services.report_request(
                event=event, kind=args.kind, file_format=args.format,
                params={"round": args.round},
                by=event.organiser, site_url="http://127.0.0.1:8104/",
            ).report  # fmt: skip
            while report.status not in (Report.Status.DONE, Report.Status.FAILED):
                time.sleep(0.02)
                report.refresh_from_db()
            assert report.status == Report.Status.DONE, report.error
            if run:
                walls.append(time.perf_counter() - started)
    finally:
        worker.terminate()
        worker.wait(timeout=60)
    assert settings.MEDIA_ROOT
    return walls, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--top-cut", type=int, default=8)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--kind", default="event")
    parser.add_argument("--format", default="pdf")
    parser.add_argument(
        "--round", type=int, help="for pairings, slips, standings (default: latest)"
    )
    parser.add_argument("--worker", action="store_true", help="build in a real Celery worker")
    args = parser.parse_args()
    os.environ.setdefault("VAR_DIR", tempfile.mkdtemp(prefix="bench-reports-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    event = build_event(args.players, args.rounds, args.top_cut)
    if args.worker:
        walls, built = worker_runs(event, args)
        cpus, stages = [], {}
    else:
        walls, cpus, stages, built = in_process_runs(event, args)
    load = os.getloadavg()[0]
    print(
        f"command: python bench/bench_reports.py --players {args.players} --rounds {args.rounds} "
        f"--top-cut {args.top_cut} --runs {args.runs} --kind {args.kind} --format {args.format}"
        f"{f' --round {args.round}' if args.round else ''}"
        f"{' --worker' if args.worker else ''}  (database: {connection.vendor}; "
        f"load average at the end {load:.1f})"
    )
    print("| players | rounds | report | built by | pages | size | median | min | median CPU |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    cpu = f"{statistics.median(cpus):.2f} s" if cpus else "–"
    print(
        f"| {args.players} | {args.rounds} + top {args.top_cut} | {args.kind} {args.format} "
        f"| {'a Celery worker' if args.worker else 'the task body'} | {built.progress_note} "
        f"| {built.file.size / 1024:.0f} KiB | {statistics.median(walls):.2f} s "
        f"| {min(walls):.2f} s | {cpu} |"
    )
    if stages:
        print("median stages: " + ", ".join(f"{k} {v:.2f} s" for k, v in stages.items()))


if __name__ == "__main__":
    main()
