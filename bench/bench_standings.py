"""Benchmark: standings of a 1,024-player event after 10 best-of-3 rounds, from the database.

    python bench/bench_standings.py [--players 1024] [--rounds 10] [--runs 7]

Uses DATABASE_URL when set (e.g. PostgreSQL), otherwise a throwaway SQLite file. The event is
bulk-inserted (random pairings, 2-0 / 2-1 / 1-1-1 results, a few drops), then
standings_for_event is timed: query time plus the pure computation, and the query count.
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


def build_event(players: int, rounds: int):
    from django.contrib.auth import get_user_model

    from rules.models import Format
    from rules.services import formats_install_builtin
    from tournaments import names
    from tournaments.models import Event, Game, Match, Player, Registration, Round

    formats_install_builtin()
    rng = random.Random(1024)
    organiser = get_user_model().objects.create(username=f"bench-{time.time_ns()}")
    event = Event.objects.create(
        name="Bench", slug=f"bench-{time.time_ns()}", date=datetime.date(2026, 11, 22),
        organiser=organiser, format=Format.objects.get(code="tournament"),
        status=Event.Status.RUNNING, match_type=Event.MatchType.BEST_OF_THREE,
    )  # fmt: skip
    people = Player.objects.bulk_create(Player(display_name=f"P{n:04d}") for n in range(players))
    registrations = Registration.objects.bulk_create(
        Registration(
            event=event,
            player=p,
            checked_in=True,
            display_name=p.display_name,
            name_key=names.key(p.display_name),
        )
        for p in people
    )
    games = []
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
            p1, p2 = match.player1_id, match.player2_id
            shape = rng.choice([(p1, p1), (p2, p2), (p1, p2, p1), (p2, p1, p2), (p1, None, p2)])
            games += [
                Game(match=match, number=n, winner_id=w, is_draw=w is None, ending="life")
                for n, w in enumerate(shape, start=1)
            ]
    Game.objects.bulk_create(games, batch_size=2000)
    return event


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    os.environ.setdefault("VAR_DIR", tempfile.mkdtemp(prefix="bench-standings-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.selectors import standings_for_event

    call_command("migrate", verbosity=0)
    event = build_event(args.players, args.rounds)
    timings, queries = [], 0
    for _ in range(args.runs):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            rows = standings_for_event(event)
            timings.append(time.perf_counter() - started)
        queries = len(captured)
    assert len(rows) == args.players
    print(
        f"command: python bench/bench_standings.py --players {args.players} --rounds "
        f"{args.rounds} --runs {args.runs}  (database: {connection.vendor})"
    )
    print("| players | rounds | matches | median | min | queries |")
    print("| --- | --- | --- | --- | --- | --- |")
    matches = args.players // 2 * args.rounds
    print(
        f"| {args.players} | {args.rounds} | {matches} | {statistics.median(timings) * 1000:.0f} ms"
        f" | {min(timings) * 1000:.0f} ms | {queries} |"
    )


if __name__ == "__main__":
    main()
