"""Step-by-step replay of a game log: every step's action, state before and after, events and
verdict. States are kept (they are immutable), so stepping back and forth is instant, and a
replay can fork at any step with a different action."""

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine.actions import Action
from rules.engine.board import set_up_board
from rules.engine.faces import CardDef
from rules.engine.game import apply, new_game
from rules.engine.notation import GameLog, format_action
from rules.engine.rulebook import RULES
from rules.engine.state import GameState
from rules.engine.verdicts import Illegal


@dataclass(frozen=True)
class ReplayStep:
    index: int
    line: int
    action: Action
    before: GameState
    after: GameState
    events: tuple[str, ...]
    rules: tuple[str, ...]
    legal: bool
    rule: str | None = None
    reason: str | None = None

    def as_json(self) -> dict:
        return {
            "index": self.index,
            "line": self.line,
            "action": format_action(self.action),
            "legal": self.legal,
            "rule": self.rule,
            "reason": self.reason,
            "events": list(self.events),
            "rules": [{"id": r, "title": RULES[r]} for r in self.rules],
        }


class Replay:
    """Replays actions until the first illegal one (which is recorded with its verdict)."""

    def __init__(self, start: GameState, cards: Mapping[str, CardDef], actions):
        self.start = start
        self.cards = cards
        self.steps: list[ReplayStep] = []
        state = start
        for index, (line, action) in enumerate(actions):
            result = apply(state, action, cards)
            if isinstance(result, Illegal):
                verdict = result.verdict
                self.steps.append(
                    ReplayStep(index, line, action, state, state, (), (verdict.rule,), False,
                               verdict.rule, verdict.message)
                )  # fmt: skip
                break
            self.steps.append(
                ReplayStep(index, line, action, state, result.state, result.events, result.rules,
                           True)
            )  # fmt: skip
            state = result.state

    @classmethod
    def from_log(cls, log: GameLog, cards: Mapping[str, CardDef]) -> "Replay":
        start = new_game(
            log.teams,
            cards,
            first_player=log.first_player,
            starting_life=log.starting_life,
            tournament=log.format == "tournament",
        )
        if log.board is not None:  # BoardError (a ValueError) for an impossible board
            start = set_up_board(start, log.board, cards)
        return cls(start, cards, log.actions)

    @property
    def legal(self) -> bool:
        return all(step.legal for step in self.steps)

    @property
    def final(self) -> GameState:
        return self.steps[-1].after if self.steps else self.start

    def state_at(self, index: int) -> GameState:
        """The state after step `index` (-1: the start)."""
        return self.start if index < 0 else self.steps[index].after

    def fork(self, index: int, action: Action, line: int = 0) -> "Replay":
        """A new replay: the same steps before `index`, then `action` instead of step `index`."""
        kept = [(s.line, s.action) for s in self.steps[:index]]
        return Replay(self.start, self.cards, [*kept, (line, action)])
