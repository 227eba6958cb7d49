"""Derived stats, with their explanation: printed value plus each modifier and its source."""

from dataclasses import dataclass

from rules.engine.state import Die


@dataclass(frozen=True)
class Stat:
    value: int
    printed: int
    parts: tuple[tuple[str, int], ...]  # (source, amount)

    def explain(self) -> str:
        text = f"{self.printed} printed" + "".join(
            f" {amount:+d} ({source})" for source, amount in self.parts
        )
        return f"{self.value} = {text}" + (" (floored at 0, R12.1)" if self.value == 0 else "")


def _stat(die: Die, printed: int, name: str) -> Stat:
    parts = tuple(
        (m.source or "effect", getattr(m, name)) for m in die.modifiers if getattr(m, name)
    )
    return Stat(max(0, printed + sum(amount for _, amount in parts)), printed, parts)


def attack(die: Die) -> Stat:
    return _stat(die, die.face.attack if die.face else 0, "attack")


def defense(die: Die) -> Stat:
    return _stat(die, die.face.defense if die.face else 0, "defense")
