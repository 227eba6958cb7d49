"""What `apply` returns: the new state and what happened, or why the action is illegal."""

from dataclasses import dataclass, field
from typing import Any

from rules.engine.rulebook import RULES


@dataclass(frozen=True)
class Verdict:
    """Why an action is illegal: a rule ID from the rulebook and one plain sentence."""

    rule: str
    message: str
    hint: str = ""
    subject: str = ""

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise ValueError(f"Unknown rule ID {self.rule!r}.")

    def __str__(self) -> str:
        text = f"({self.rule}) {self.message}"
        return f"{self.subject}: {text}" if self.subject else text


@dataclass(frozen=True)
class Applied:
    state: Any  # GameState
    events: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()  # the rules that governed what happened

    legal = True


@dataclass(frozen=True)
class Illegal:
    verdict: Verdict
    state: Any = field(repr=False, default=None)  # unchanged

    legal = False


class IllegalActionError(ValueError):
    def __init__(self, verdict: Verdict):
        self.verdict = verdict
        super().__init__(str(verdict))
