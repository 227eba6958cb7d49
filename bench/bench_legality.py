"""Benchmark team legality: validate 1,000 random tournament teams against the real card list.

Run from the repository root (no Django needed):

    python bench/bench_legality.py

The card file is found through $DICEMASTERS_CARDDATA or ../shared/carddata; without it the
benchmark says so and exits. The output is a Markdown section for docs/PERFORMANCE.md.
"""

import operator
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
# Run as a script, the repository root is not on the path; rules.teams needs nothing else.
sys.path.insert(0, str(REPO_ROOT))

from rules.teams import (  # noqa: E402
    TOURNAMENT,
    CardIndex,
    Team,
    TeamEntry,
    load_teambuilder_cards,
    locate_teambuilder_file,
    validate_team,
)

TEAM_COUNT = 1000
ROUNDS = 7
SEED = 20140101


def random_teams(cards: CardIndex, count: int, seed: int) -> list[Team]:
    """Ten-card teams (8 cards, 2 basic actions) with dice from 0 to one over the Max.

    Dice may break the rules on purpose, so the benchmark measures teams with violations too.
    """
    rng = random.Random(seed)
    by_key = operator.attrgetter("key")
    characters = sorted((card for card in cards if not card.is_basic_action), key=by_key)
    basics = sorted((card for card in cards if card.is_basic_action), key=by_key)
    teams = []
    for number in range(count):
        chosen = rng.sample(characters, 8)
        entries = [TeamEntry(card.key, rng.randint(0, card.max_dice + 1)) for card in chosen]
        entries += [TeamEntry(card.key, 3) for card in rng.sample(basics, 2)]
        teams.append(Team(tuple(entries), f"Team {number + 1}"))
    return teams


def _median_seconds(action: Callable[[], object], rounds: int) -> float:
    timings = []
    for _ in range(rounds):
        started = time.perf_counter()
        action()
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def main() -> int:
    path = locate_teambuilder_file(REPO_ROOT)
    if path is None:
        print(
            "Skipped: the Team Builder card file was not found. Set DICEMASTERS_CARDDATA to the "
            "folder holding tdc-teambuilder-cards.json, or put it in ../shared/carddata."
        )
        return 0
    cards = load_teambuilder_cards(path)
    card_list = list(cards)
    build_seconds = _median_seconds(lambda: CardIndex(card_list), ROUNDS)
    teams = random_teams(cards, TEAM_COUNT, SEED)

    def validate_all() -> None:
        for team in teams:
            validate_team(team, TOURNAMENT, cards)

    validate_all()
    validate_seconds = _median_seconds(validate_all, ROUNDS)
    legal = sum(not validate_team(team, TOURNAMENT, cards) for team in teams)

    command = " ".join(["python", *sys.argv])
    print("## Team legality (rules.teams)")
    print()
    print(f"Command: `{command}` (from the repository root)")
    print()
    print(
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}; "
        f"{len(card_list):,} cards; {TEAM_COUNT:,} random Tournament teams of 10 cards "
        f"(seed {SEED}); median of {ROUNDS} runs."
    )
    print()
    print("| measure | value |")
    print("| --- | --- |")
    print(f"| card index build ({len(card_list):,} cards) | {build_seconds * 1000:.1f} ms |")
    print(f"| {TEAM_COUNT:,} validations | {validate_seconds * 1000:.1f} ms |")
    print(f"| teams per second | {TEAM_COUNT / validate_seconds:,.0f} |")
    print(f"| teams found legal | {legal:,} of {TEAM_COUNT:,} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
