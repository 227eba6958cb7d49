"""Step-by-step replay of a game log: every step's action, the state before and after, the
events and the verdict. States are immutable and kept (snapshots), so stepping forward and
backward is instant, and a replay can fork at any step with different actions.

A step that only waits for input (NeedsInput) is legal; the next action supplies the input.
The replay stops at the first illegal step, which is kept with its verdict.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.engine.actions import Action
from rules.engine.board import set_up_board
from rules.engine.faces import CardDef
from rules.engine.game import apply
from rules.engine.notation import GameLog, action_to_json, format_action, parse_log
from rules.engine.rulebook import rule_title
from rules.engine.setup import new_game
from rules.engine.state import GameState, Zone, die_label
from rules.engine.verdicts import Illegal


@dataclass(frozen=True)
class ReplayStep:
    index: int
    line: int
    action: Action
    before: GameState
    after: GameState
    events: tuple = ()
    rules: tuple[str, ...] = ()
    legal: bool = True
    rule: str | None = None  # the rule an illegal step breaks
    reason: str | None = None
    hint: str = ""

    @property
    def waiting_for(self) -> str | None:
        """What the game waits for after this step, if anything."""
        return self.after.pending.text if self.legal and self.after.pending else None

    @property
    def manual(self) -> bool:
        return any(getattr(e, "manual", False) for e in self.events)

    def changes(self) -> list[str]:
        return state_changes(self.before, self.after)

    def as_json(self) -> dict:
        return {
            "index": self.index,
            "line": self.line,
            "action": format_action(self.action),
            "action_json": action_to_json(self.action),
            "legal": self.legal,
            "rule": self.rule,
            "reason": self.reason,
            "hint": self.hint or None,
            "manual": self.manual,
            "events": [e.as_json() for e in self.events],
            "rules": [{"id": r, "title": rule_title(r)} for r in self.rules],
            "changes": self.changes(),
            "waiting_for": self.waiting_for,
        }


class Replay:
    """Replays actions from a start state until the first illegal one."""

    def __init__(
        self,
        start: GameState,
        cards: Mapping[str, CardDef],
        actions: Iterable[tuple[int, Action]],
    ):
        self.start = start
        self.cards = cards
        self.steps: list[ReplayStep] = []
        state = start
        for index, (line, action) in enumerate(actions):
            result = apply(state, action, cards)
            if isinstance(result, Illegal):
                verdict = result.verdict
                self.steps.append(
                    ReplayStep(
                        index,
                        line,
                        action,
                        state,
                        state,
                        (),
                        (verdict.rule,),
                        False,
                        verdict.rule,
                        verdict.message,
                        verdict.hint,
                    )
                )
                break
            self.steps.append(
                ReplayStep(index, line, action, state, result.state, result.events, result.rules)
            )
            state = result.state

    @classmethod
    def from_log(cls, log: GameLog, cards: Mapping[str, CardDef]) -> "Replay":
        """BoardError (a ValueError) for an impossible described board."""
        start = new_game(
            log.teams,
            cards,
            first_player=log.first_player,
            starting_life=log.starting_life,
            format=log.format,
        )
        if log.board is not None:
            start = set_up_board(start, log.board, cards)
        return cls(start, cards, log.actions)

    @classmethod
    def from_text(cls, text: str, cards: Mapping[str, CardDef]) -> "Replay":
        return cls.from_log(parse_log(text, cards), cards)

    @property
    def legal(self) -> bool:
        return all(step.legal for step in self.steps)

    @property
    def final(self) -> GameState:
        return self.steps[-1].after if self.steps else self.start

    @property
    def waiting_for(self) -> str | None:
        return self.final.pending.text if self.final.pending else None

    def __len__(self) -> int:
        return len(self.steps)

    def step(self, index: int) -> ReplayStep:
        return self.steps[index]

    def state_at(self, index: int) -> GameState:
        """The state after step `index` (-1: the start)."""
        return self.start if index < 0 else self.steps[index].after

    def actions(self) -> list[tuple[int, Action]]:
        return [(s.line, s.action) for s in self.steps]

    def fork(self, index: int, *actions: Action, keep_rest: bool = False) -> "Replay":
        """A new replay: the same steps before `index`, then `actions` instead of step
        `index` (and, with keep_rest, the original steps after it)."""
        kept = self.actions()[:index]
        rest = self.actions()[index + 1 :] if keep_rest else []
        return Replay(self.start, self.cards, [*kept, *((0, a) for a in actions), *rest])

    def as_json(self) -> dict:
        return {
            "legal": self.legal,
            "steps": [step.as_json() for step in self.steps],
            "final": self.final.summary(),
        }


def state_changes(before: GameState, after: GameState) -> list[str]:
    """The key differences a judge looks for: life, virtual energy, turn and step, each die
    that moved, turned, took damage or changed hands, and pairs made or ended (K-HEROIC)."""
    changes = []
    for old, new in zip(before.players, after.players, strict=True):
        if old.life != new.life:
            changes.append(f"{new.id} life {old.life} -> {new.life}")
        if old.virtual_energy != new.virtual_energy:
            changes.append(f"{new.id} virtual energy {old.virtual_energy} -> {new.virtual_energy}")
    if (before.turn, before.active, before.step) != (after.turn, after.active, after.step):
        changes.append(f"turn {after.turn}, {after.active}'s {after.step.value.replace('_', ' ')}")
    old_dice = {d.id: d for d in before.dice}
    for die in after.dice:
        old = old_dice.pop(die.id, None)
        if old is None:
            changes.append(f"{die_label(die)} appeared in the {die.zone.value}")
        elif old != die:
            where = "" if old.zone == die.zone else f" {_zone(old.zone)} -> {_zone(die.zone)}"
            label = die_label(die) if die.zone not in (Zone.BAG, Zone.USED, Zone.PREP) else die.id
            if old.controller != die.controller:
                where += f" (now {die.controller}'s)"
            changes.append(f"{label}{where}".strip())
    changes += [f"{die_id} ceased to exist" for die_id in old_dice]
    old_pairs, new_pairs = set(before.pairs), set(after.pairs)
    changes += [f"{a} paired up with {b}" for a, b in after.pairs if (a, b) not in old_pairs]
    changes += [f"{a} and {b} no longer paired" for a, b in before.pairs if (a, b) not in new_pairs]
    return changes


def _zone(zone: Zone) -> str:
    return zone.value.replace("_", " ")
