"""Benchmark: random self-play through the rules engine, and replaying a recorded game.

    python bench/bench_engine.py [--games 300] [--runs 7]

Pure Python, no database; cards from the project's demo catalogue. Self-play counts games and
accepted actions per second (the random player also tries candidate actions that the engine
refuses; those are not counted, but their time is). Replay times `Replay` over a recorded
20-turn game (each player's 10 turns), from its log, as the judge console and
`manage.py replay` do; the median of several runs is reported.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.catalogue import read_demo_catalogue  # noqa: E402
from rules.engine import Replay, format_log, new_game, parse_log  # noqa: E402
from rules.engine.faces import build_card  # noqa: E402
from rules.engine.notation import GameLog  # noqa: E402
from rules.engine.selfplay import RandomPlayer  # noqa: E402

TEAMS = {
    "P1": [("19sww", 4), ("22sww", 4), ("10uxm", 2), ("34sww", 0), ("31sww", 0)],
    "P2": [("5sww", 4), ("9uxm", 3), ("21uxm", 3), ("26uxm", 0), ("32sww", 0)],
}


def demo_cards():
    return {
        r.key: build_card(
            key=r.key, name=r.name, subtitle=r.subtitle, kind=r.kind, cost=r.cost,
            energy=r.energy, faces=r.faces, affiliations=r.affiliations, keywords=r.keywords,
            global_lines=r.global_lines,
        )
        for r in read_demo_catalogue().cards
    }  # fmt: skip


def recorded_game(cards, turns: int = 20) -> str:
    """A full 20-turn game (no early win: 99 life) as the text of its game log."""
    for seed in range(100):
        player = RandomPlayer(cards, seed)
        final = player.play(TEAMS, turns=turns, starting_life=99)
        if final.turn > turns and final.winner is None:
            log = GameLog(teams={p: list(t) for p, t in TEAMS.items()},
                          first_player=player.start.first_player, starting_life=99,
                          actions=[(0, a) for a in player.log])  # fmt: skip
            return format_log(log)
    raise RuntimeError("no full-length game found")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    cards = demo_cards()

    started, started_cpu, actions, ended = time.perf_counter(), time.process_time(), 0, 0
    for seed in range(args.games):
        player = RandomPlayer(cards, seed)
        final = player.play(TEAMS, turns=20, starting_life=10)
        actions += player.actions
        ended += final.winner is not None
    elapsed = time.perf_counter() - started
    elapsed_cpu = time.process_time() - started_cpu

    text = recorded_game(cards)
    log = parse_log(text, cards)
    timings, cpu, parse_timings = [], [], []
    for _ in range(args.runs):
        began, began_cpu = time.perf_counter(), time.process_time()
        replay = Replay.from_log(log, cards)
        timings.append(time.perf_counter() - began)
        cpu.append(time.process_time() - began_cpu)
        began = time.perf_counter()
        parse_log(text, cards)
        parse_timings.append(time.perf_counter() - began)
    assert replay.legal and replay.final.turn > 20
    start = new_game(TEAMS, cards)
    assert start.pending is not None

    print(f"command: python bench/bench_engine.py --games {args.games} --runs {args.runs}")
    print(f"load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("| measure | value |")
    print("| --- | --- |")
    print(f"| random self-play (10 life, up to 20 turns; {ended} of {args.games} games won) | "
          f"{args.games / elapsed:.0f} games/s |")  # fmt: skip
    print(f"| accepted actions in self-play | {actions / elapsed:.0f} actions/s |")
    print(f"| self-play per CPU second | {args.games / elapsed_cpu:.0f} games/s, "
          f"{actions / elapsed_cpu:.0f} actions/s |")  # fmt: skip
    print(f"| replay of a recorded 20-turn game ({len(log.actions)} actions), median | "
          f"{statistics.median(timings) * 1000:.1f} ms |")  # fmt: skip
    print(f"| the same replay, CPU time (unaffected by other load), median | "
          f"{statistics.median(cpu) * 1000:.1f} ms |")  # fmt: skip
    print(f"| parsing that game's log ({len(text.splitlines())} lines), median | "
          f"{statistics.median(parse_timings) * 1000:.1f} ms |")  # fmt: skip


if __name__ == "__main__":
    main()
