"""What `apply` returns: the new state and what happened (Applied), a request for a missing
input (NeedsInput: the action was accepted, and the engine now waits for a draw, a roll, an
order or a choice), or why the action is illegal (Illegal, with the state unchanged)."""

from dataclasses import dataclass, field
from typing import Any

from rules.engine.rulebook import RULES


@dataclass(frozen=True)
class Verdict:
    """Why an action is illegal: a rule ID from the rulebook and one plain sentence, with a
    hint at what would be legal when one is known."""

    rule: str
    message: str
    hint: str = ""
    subject: str = ""

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise ValueError(f"Unknown rule ID {self.rule!r}.")

    def __str__(self) -> str:
        text = f"({self.rule}) {self.message}"
        text = f"{self.subject}: {text}" if self.subject else text
        return f"{text}\nHINT: {self.hint}" if self.hint else text


@dataclass(frozen=True)
class Applied:
    state: Any  # GameState
    events: tuple = ()  # Event, in order
    rules: tuple[str, ...] = ()  # the rules that governed what happened

    legal = True
    request = None


@dataclass(frozen=True)
class NeedsInput:
    """The action was applied, and the game can't go on without `request` (the state's
    `pending`): which dice were drawn, how they rolled, the order of simultaneous triggers,
    a target, blockers or a damage split."""

    state: Any
    events: tuple = ()
    rules: tuple[str, ...] = ()

    legal = True

    @property
    def request(self):
        return self.state.pending


@dataclass(frozen=True)
class Illegal:
    verdict: Verdict
    state: Any = field(repr=False, default=None)  # unchanged

    legal = False
    request = None


Result = Applied | NeedsInput | Illegal


class IllegalActionError(ValueError):
    def __init__(self, verdict: Verdict):
        self.verdict = verdict
        super().__init__(str(verdict))


class Rejected(Exception):  # noqa: N818 - internal control flow, never escapes `apply`
    """Raised inside the engine to abandon an action; `apply` turns it into Illegal."""

    def __init__(self, verdict: Verdict):
        self.verdict = verdict
        super().__init__(str(verdict))


def reject(rule: str, message: str, *, hint: str = "", subject: str = ""):
    raise Rejected(Verdict(rule, message, hint=hint, subject=subject))
