"""The text compiler's registry of template families.

A family is one module in this package (when_fielded.py, keywords.py ...). It registers
recognisers; each gets one cleaned line of a card (`Line`) and returns a `Match` (the line is
understood) or None. Modules are discovered automatically, so adding a family is adding a
file: no central list to edit. See rules/abilities/README.md.

    from rules.abilities.templates import Line, Match, pattern

    @pattern("gain_life", r"Gain (?P<n>\\d+) life", kinds=("ability",))
    def gain_life(line: Line, m) -> Match:
        return Match.ability({"when": ..., "effects": [...]})
"""

import importlib
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

LINE_KINDS = ("ability", "global", "burst")


@dataclass(frozen=True)
class Line:
    """One line of card text, as a recogniser sees it.

    kind: 'ability', 'global' (a 'Global:' line, `text` without that word) or 'burst' (a
    '*'/'**' line, `bursts` says which: (1,), (2,) or (1, 2); `text` without the stars).
    `previous` is the last ability spec recognised on this card (burst lines that say
    'instead' refine it), `global_name` the engine's name of a global line.
    """

    text: str
    raw: str
    kind: str
    card_key: str = ""
    card_name: str = ""
    card_kind: str = "character"
    bursts: tuple[int, ...] = ()
    previous: dict | None = None
    global_name: str = ""


@dataclass(frozen=True)
class Match:
    """What a recogniser understood: new ability specs and/or keywords, or (for a burst line)
    a variant of the previous ability: {'mode': 'instead'|'also', 'effects': [...]}."""

    abilities: tuple[dict, ...] = ()
    keywords: tuple[str, ...] = ()
    variant: dict | None = None
    family: str = ""
    suit_up: tuple[str, ...] = ()  # the names Suit Up may KO (with keyword 'suit_up')

    @classmethod
    def ability(cls, *specs: dict) -> "Match":
        return cls(abilities=tuple(specs))

    @classmethod
    def keyword(cls, *names: str) -> "Match":
        return cls(keywords=tuple(names))


@dataclass(frozen=True)
class Recogniser:
    family: str
    name: str
    kinds: tuple[str, ...]
    function: Callable[[Line], Match | None]
    priority: int = 100


_RECOGNISERS: list[Recogniser] = []
_loaded = False


def recogniser(family: str, *, kinds: tuple[str, ...] = ("ability",), priority: int = 100):
    """Register `function(line) -> Match | None` for lines of `kinds`. Lower priority runs
    first; the first Match wins."""
    for kind in kinds:
        if kind not in LINE_KINDS:
            raise ValueError(f"Unknown line kind {kind!r} (one of {', '.join(LINE_KINDS)}).")

    def register(function):
        _RECOGNISERS.append(Recogniser(family, function.__name__, kinds, function, priority))
        _RECOGNISERS.sort(key=lambda r: r.priority)
        return function

    return register


def pattern(
    family: str,
    regex: str,
    *,
    kinds: tuple[str, ...] = ("ability",),
    priority: int = 100,
    flags: int = re.IGNORECASE,
):
    """Register `function(line, match) -> Match | None`, called when `regex` matches the
    WHOLE cleaned line."""
    compiled = re.compile(regex, flags)

    def register(function):
        def recognise(line: Line) -> Match | None:
            found = compiled.fullmatch(line.text)
            return function(line, found) if found else None

        recognise.__name__ = function.__name__
        recogniser(family, kinds=kinds, priority=priority)(recognise)
        function.regex = compiled
        return function

    return register


def load() -> None:
    """Import every family module of this package once."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    # The core clause modules register first, so a family's own clause module (imported by
    # its template module) adds clauses after them and never shadows a core reading.
    for core in ("phrases_actions", "phrases_triggers", "phrases_static", "phrases_tail"):
        importlib.import_module(f"rules.abilities.{core}")
    for module in pkgutil.iter_modules(__path__):
        if not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}")


def recognisers() -> list[Recogniser]:
    load()
    return list(_RECOGNISERS)


def families() -> list[str]:
    return sorted({r.family for r in recognisers()})


def recognise(line: Line) -> Match | None:
    """The first recogniser's Match for this line, tagged with its family."""
    for entry in recognisers():
        if line.kind not in entry.kinds:
            continue
        try:
            found = entry.function(line)
        except ValueError:  # a token the family can't convert: not this template
            found = None
        if found is not None:
            return replace(found, family=entry.family)
    return None


def read_again(line: Line, text: str) -> Match | None:
    """The families' reading of `text` in place of the line's (None if it isn't read, or is
    read as a burst's variant): for recognisers that rewrite a spelling into one another family
    reads. A rewrite must only ever normalise (never be undone by another), and one that changes
    nothing declines, so reading again ends."""
    if text == line.text:
        return None
    found = recognise(replace(line, text=text))
    if found is None or found.variant is not None:
        return None
    return found


def on_burst(spec: dict[str, Any], bursts: tuple[int, ...]) -> dict[str, Any]:
    """A burst line's own ability ('* When fielded, ...'): it happens only on those bursts."""
    if spec.get("when") == "while_active" and all(
        "shows_burst" in e.get("to", {}) for e in spec["effects"]
    ):
        return spec  # a burst static (statics_tail): its dice selector names the faces
    variant = {"mode": "also", "effects": spec["effects"]}
    return {**spec, "effects": [], "bursts": {str(b): variant for b in bursts}}
