"""Benchmark: random self-play through the rules engine, and replaying a recorded game.

    python bench/bench_engine.py [--games 300] [--runs 7]

Pure Python, no database; cards from the project's demo catalogue. Self-play counts games and
accepted actions per second (the random player also tries candidate actions that the engine
refuses; those are not counted). Replay times `Replay` over a recorded 20-turn game.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.catalogue import read_demo_catalogue  # noqa: E402
from rules.engine import CardDef, Face, Replay, new_game  # noqa: E402
from rules.engine.selfplay import RandomPlayer  # noqa: E402

TEAMS = {
    "P1": [("19sww", 4), ("22sww", 4), ("34sww", 0), ("31sww", 0)],
    "P2": [("5sww", 4), ("9sww", 3), ("34sww", 0), ("32sww", 0)],
}


def demo_cards() -> dict[str, CardDef]:
    return {
        r.key: CardDef(r.key, r.full_name, "character" if r.kind == "character_or_action"
                       else r.kind, r.cost or 0, r.energy,
                       tuple(Face(level=f.level, fielding=f.fielding, attack=f.attack,
                                  defense=f.defense, bursts=f.bursts) for f in r.faces))
        for r in read_demo_catalogue().cards
    }  # fmt: skip


def recorded_game(cards, turns: int = 20):
    """A full 20-turn game (no early win: 99 life), as the (line, action) list a log holds."""
    for seed in range(100):
        actions: list = []
        player = RandomPlayer(cards, seed, on_step=lambda s, a, log=actions: log.append((0, a)))
        final = player.play(TEAMS, turns=turns, starting_life=99)
        if final.turn > turns:
            start = new_game(TEAMS, cards, first_player=final.first_player, starting_life=99)
            return start, actions
    raise RuntimeError("no full-length game found")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    cards = demo_cards()

    started, actions = time.perf_counter(), 0
    for seed in range(args.games):
        player = RandomPlayer(cards, seed)
        player.play(TEAMS, turns=20, starting_life=10)
        actions += player.actions
    elapsed = time.perf_counter() - started

    start, log = recorded_game(cards)
    timings = []
    for _ in range(args.runs):
        began = time.perf_counter()
        replay = Replay(start, cards, log)
        timings.append(time.perf_counter() - began)
    assert replay.legal

    print(f"command: python bench/bench_engine.py --games {args.games} --runs {args.runs}")
    print("| measure | value |")
    print("| --- | --- |")
    print(f"| random self-play (10 life, up to 20 turns) | {args.games / elapsed:.0f} games/s |")
    print(f"| accepted actions in self-play | {actions / elapsed:.0f} actions/s |")
    print(f"| replay of a recorded 20-turn game ({len(log)} actions), median | "
          f"{statistics.median(timings) * 1000:.1f} ms |")  # fmt: skip


if __name__ == "__main__":
    main()
