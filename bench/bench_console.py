"""Benchmark: the judge console renders any step of a 200-step replay, on the server.

    python bench/bench_console.py [--steps 200] [--runs 3]

Uses DATABASE_URL when set (e.g. PostgreSQL), otherwise a throwaway SQLite file. A practice
dispute holds a recorded game of `--steps` actions (random legal self-play on the demo
catalogue, from the game's start); a logged-in judge then asks for every step's page through
Django's test client, as the browser does: the whole page (a link or a reload) and the
fragment the arrow keys fetch. Each request is timed end to end (URL routing, permission,
queries, the cached replay, the board drawn with A/D for every die, the template). The first
request builds the replay (timed apart); for comparison, the same pages with the cache
emptied before each request, which is what stepping would cost if every request replayed
the log.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TEAMS = {
    "P1": [("19sww", 4), ("22sww", 4), ("10uxm", 2), ("34sww", 0), ("31sww", 0)],
    "P2": [("5sww", 4), ("9uxm", 3), ("21uxm", 3), ("26uxm", 0), ("32sww", 0)],
}


def recorded_game(cards, steps: int) -> tuple[str, str]:
    """The setup and `steps` action lines of one random legal game (99 life, so nobody wins
    early), from the game's start."""
    from judging.logtext import setup_text
    from rules.engine.notation import format_action
    from rules.engine.selfplay import RandomPlayer

    for seed in range(100):
        player = RandomPlayer(cards, seed)
        player.play(TEAMS, turns=60, starting_life=99)
        if len(player.log) >= steps:
            setup = setup_text(
                teams=TEAMS, starting_life=99, first_player=player.start.first_player
            )
            return setup, "".join(format_action(a) + "\n" for a in player.log[:steps])
    raise RuntimeError(f"no game of {steps} actions found")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3, help="passes over every step")
    args = parser.parse_args()
    os.environ.setdefault("VAR_DIR", tempfile.mkdtemp(prefix="bench-console-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")  # the test client's host
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from judging import services
    from judging.replays import replays
    from judging.selectors import branch_replay
    from rules.catalogue import DEMO_CATALOGUE_PATH
    from rules.models import Card
    from rules.selectors import engine_cards
    from rules.services import catalogue_import, formats_install_builtin

    call_command("migrate", verbosity=0)
    formats_install_builtin()
    if not Card.objects.exists():
        catalogue_import(path=DEMO_CATALOGUE_PATH)
    judge = get_user_model().objects.create_user(f"bench-{time.time_ns()}", is_staff=True)
    dispute = services.dispute_open_practice(title="Bench", by=judge, teams=TEAMS)
    dispute.setup, actions = recorded_game(engine_cards(), args.steps)
    dispute.save(update_fields=["setup"])
    branch = dispute.branches.get()
    branch.actions = actions
    branch.save(update_fields=["actions"])
    replays.clear()

    client = Client()
    client.force_login(judge)
    urls = [reverse("judging:step", args=[dispute.pk, branch.pk, n]) for n in range(args.steps + 1)]

    def timed(url: str) -> float:
        began = time.perf_counter()
        response = client.get(url)
        elapsed = time.perf_counter() - began
        assert response.status_code == 200, (url, response.status_code)
        return elapsed

    first = timed(urls[len(urls) // 2])
    built = branch_replay(branch)
    assert built.ok and built.step_count == args.steps and built.illegal_step is None
    builds_before = replays.builds
    pages, fragments = [], []
    for _ in range(args.runs):
        pages += [timed(url) for url in urls]
        fragments += [timed(url + "?partial=1") for url in urls]
    assert replays.builds == builds_before, "a cached step replayed the log again"
    uncached = []
    for url in urls[:: max(1, len(urls) // 20)]:
        replays.clear()
        uncached.append(timed(url))

    ms = lambda values: f"{statistics.median(values) * 1000:.1f} ms"  # noqa: E731
    print(f"command: python bench/bench_console.py --steps {args.steps} --runs {args.runs}")
    print(f"database: {django.db.connection.vendor}")
    print(f"load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("| request | median | 95th percentile | slowest |")
    print("| --- | --- | --- | --- |")
    for name, values in (
        (f"a step's whole page, each of {len(urls)} steps x {args.runs}", pages),
        (f"a step's fragment (arrow keys), each of {len(urls)} steps x {args.runs}", fragments),
        (f"a step with the cache emptied first ({len(uncached)} steps)", uncached),
    ):
        print(
            f"| {name} | {ms(values)} | {percentile(values, 0.95) * 1000:.1f} ms | "
            f"{max(values) * 1000:.1f} ms |"
        )
    first_request = f"the first request (builds the {args.steps}-step replay)"
    print(f"| {first_request} | {first * 1000:.1f} ms | | |")
    print(
        f"cache speed-up (median, uncached / cached page): "
        f"{statistics.median(uncached) / statistics.median(pages):.1f}x"
    )


if __name__ == "__main__":
    main()
