"""Benchmark: the public event page and its live endpoint, cached and not, in-process.

    python bench/bench_public_pages.py [--players 256] [--rounds 7] [--runs 200]

Uses DATABASE_URL (e.g. PostgreSQL) and REDIS_URL (the cache) when set, otherwise a throwaway
SQLite file and the local-memory cache. The event is bulk-inserted as in bench_standings.py,
with one more round paired and not played (mid-round, as players see it). Each page is fetched
with Django's test client (middleware, templates and cache included; no network): the median
time per request, and its throughput against the login page (a trivial view) on the same setup.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def timed(client, url: str, runs: int, before=None) -> float:
    samples = []
    for _ in range(runs):
        if before:
            before()
        started = time.perf_counter()
        response = client.get(url)
        samples.append(time.perf_counter() - started)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    os.environ.setdefault("VAR_DIR", tempfile.mkdtemp(prefix="bench-public-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")  # the test client's host
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from bench.bench_standings import build_event
    from tournaments import live
    from tournaments.models import Match, Round

    call_command("migrate", verbosity=0)
    event = build_event(args.players, args.rounds)
    latest = Round.objects.create(event=event, number=args.rounds + 1, seed=1)
    registrations = list(event.registrations.order_by("pk"))
    Match.objects.bulk_create(
        Match(round=latest, table=t + 1, player1=registrations[2 * t],
              player2=registrations[2 * t + 1])
        for t in range(len(registrations) // 2)
    )  # fmt: skip
    live.touch(event.pk)
    client = Client()
    page = f"/events/{event.slug}/"
    player = f"{page}players/{registrations[0].pk}/"
    rows = [
        ("login page (a small template, no query)", timed(client, "/accounts/login/", args.runs)),
        ("/healthz (a query and a broker check)", timed(client, "/healthz", args.runs)),
        ("live endpoint, cached", timed(client, f"{page}live/", args.runs)),
        ("event page, cached, anonymous", timed(client, page, args.runs)),
        ("player page, cached, anonymous", timed(client, player, args.runs)),
        (
            "event page, after every change (cold)",
            timed(client, page, max(args.runs // 10, 5), before=lambda: live.touch(event.pk)),
        ),
        ("standings API (not cached)", timed(client, f"/api/events/{event.slug}/standings/", 20)),
    ]
    from django.contrib.auth import get_user_model

    signed_in = Client()
    signed_in.force_login(get_user_model().objects.create(username="bench-viewer"))
    rows.insert(4, ("event page, cached, signed in", timed(signed_in, page, args.runs)))
    baseline = rows[0][1]
    cache = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    print(
        f"command: python bench/bench_public_pages.py --players {args.players} --rounds "
        f"{args.rounds} --runs {args.runs}  (database: {connection.vendor}, cache: {cache})"
    )
    print("| request | median | requests/s | throughput vs the login page |")
    print("| --- | --- | --- | --- |")
    for name, seconds in rows:
        print(
            f"| {name} | {seconds * 1000:.2f} ms | {1 / seconds:.0f} | {baseline / seconds:.2f} |"
        )


if __name__ == "__main__":
    main()
