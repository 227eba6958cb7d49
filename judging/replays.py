"""Replays for the console, built once per log text and kept in this process, so stepping
through a dispute never replays the whole log again: a request for step 150 of a cached
200-step replay only draws that step's board. The key is a hash of the text itself, so every
process agrees on what is current without being told, and an edit (a new text) simply builds
a new replay. Pure: the caller passes how to load cards.
"""

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from judging.logtext import (
    LogProblem,
    board_problems,
    card_keys,
    compose,
    notation_problem,
    parse_parts,
)
from rules.engine import BoardError, NotationError, Replay, ReplayStep
from rules.engine.faces import CardDef
from rules.engine.notation import format_action
from rules.engine.state import GameState

CACHE_SIZE = 32

CardLoader = Callable[[Iterable[str]], Mapping[str, CardDef]]


@dataclass(frozen=True)
class TimelineEntry:
    number: int  # the step, 1 = the first action
    text: str
    player: str
    legal: bool
    manual: bool
    turn: int
    active: str
    line: int  # in the sequence
    rule: str | None = None


@dataclass
class BuiltReplay:
    key: str
    cards: Mapping[str, CardDef]
    setup_lines: int
    replay: Replay | None = None
    problems: list[LogProblem] = field(default_factory=list)
    timeline: list[TimelineEntry] = field(default_factory=list)
    not_replayed: list[tuple[int, str]] = field(default_factory=list)  # (line, text)
    rendered: dict = field(default_factory=dict)  # HTML the same at every step, written once

    @property
    def ok(self) -> bool:
        return self.replay is not None

    @property
    def step_count(self) -> int:
        return len(self.replay.steps) if self.replay else 0

    @property
    def illegal_step(self) -> int | None:
        """The step number (1-based) where the replay stopped, if it did."""
        if self.replay and self.replay.steps and not self.replay.steps[-1].legal:
            return len(self.replay.steps)
        return None

    def state_at(self, number: int) -> GameState:
        """The state after step `number` (0: the board before any action)."""
        return self.replay.start if number <= 0 else self.replay.steps[number - 1].after

    def step(self, number: int) -> ReplayStep | None:
        return self.replay.steps[number - 1] if number >= 1 else None

    def sequence_line(self, number: int) -> int | None:
        step = self.step(number)
        return step.line - self.setup_lines if step else None


def build(setup: str, actions: str, load_cards: CardLoader) -> BuiltReplay:
    text, setup_lines = compose(setup, actions)
    key = hashlib.sha256(text.encode()).hexdigest()
    cards = load_cards(card_keys(text))
    built = BuiltReplay(key, cards, setup_lines)
    try:
        log = parse_parts(setup, actions, cards)
        built.replay = Replay.from_log(log, cards)
    except BoardError as error:
        built.problems = board_problems(error, setup)
        return built
    except NotationError as error:
        built.problems = [notation_problem(error, setup_lines)]
        return built
    for step in built.replay.steps:
        built.timeline.append(
            TimelineEntry(
                number=step.index + 1,
                text=format_action(step.action),
                player=step.action.player,
                legal=step.legal,
                manual=step.manual,
                turn=step.before.turn,
                active=step.before.active,
                line=step.line - setup_lines,
                rule=step.rule,
            )
        )
    if built.illegal_step is not None:
        stopped = built.replay.steps[-1].line - setup_lines
        built.not_replayed = [
            (number, line)
            for number, line in enumerate(actions.splitlines(), start=1)
            if number > stopped and line.strip() and not line.lstrip().startswith("#")
        ]
    return built


class ReplayCache:
    """The most recently used replays, by the hash of their text (thread-safe)."""

    def __init__(self, size: int = CACHE_SIZE):
        self.size = size
        self._replays: OrderedDict[str, BuiltReplay] = OrderedDict()
        self._lock = threading.Lock()
        self.builds = 0  # how many replays were built: tests and the benchmark read it

    def get(self, setup: str, actions: str, load_cards: CardLoader) -> BuiltReplay:
        key = hashlib.sha256(compose(setup, actions)[0].encode()).hexdigest()
        with self._lock:
            built = self._replays.get(key)
            if built is not None:
                self._replays.move_to_end(key)
                return built
        built = build(setup, actions, load_cards)
        with self._lock:
            self.builds += 1
            self._replays[key] = built
            while len(self._replays) > self.size:
                self._replays.popitem(last=False)
        return built

    def clear(self) -> None:
        with self._lock:
            self._replays.clear()


replays = ReplayCache()
