"""Sections of the event report that other apps fill in.

Penalties are recorded by the judge console (the `judging` app), which depends on tournaments,
not the other way round. So the event report asks whichever provider registered itself:

    from tournaments.reports.sections import register_penalty_provider
    register_penalty_provider(penalties_for_event)  # in JudgingConfig.ready()

A provider returns the event's penalties as PenaltyLine rows (an empty list: none given). With
no provider, the report says that penalties are not recorded by this system, rather than
printing an empty list that would read as "no penalties were given".
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class PenaltyLine:
    round: int | None
    table: int | None
    player: str
    penalty: str  # warning, game loss, match loss, disqualification
    reason: str
    judge: str = ""


@dataclass(frozen=True)
class PenaltySection:
    recorded: bool  # False: this installation does not record penalties (yet)
    lines: list[PenaltyLine]


_provider: Callable | None = None


def register_penalty_provider(provider: Callable) -> None:
    global _provider
    _provider = provider


def unregister_penalty_provider() -> None:
    global _provider
    _provider = None


def penalties_for(event) -> PenaltySection:
    if _provider is None:
        return PenaltySection(recorded=False, lines=[])
    return PenaltySection(recorded=True, lines=list(_provider(event)))
