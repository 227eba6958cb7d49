"""Per-card Python scripts: for a construct only one card has, a function that builds the
card's engine Abilities with the same engine API the vocabulary uses (EffectContext).

Register with::

    @card_script("cheetah_goddess", text="When fielded: ...")   # used by encodings
    @card_script("12abc", text="...")                             # bound to card 12abc
    def cheetah_goddess(card: CardDef) -> tuple[Ability, ...]: ...

An encoding names the scripts it uses (`{"scripts": ["cheetah_goddess"]}`); a script bound
to a card (named by its key, or `card=`) joins that card's compiled encoding whatever its
text says, so bind only scripts written for the real card text. For one effect inside an
encoded ability (`{"do": "script", "name": ...}`)::

    @effect_script("trade_with_used_pile")
    def trade(ctx, bursts): ...

Every module in this package is imported when the registry is first read, so adding a
script is adding a module (or a function in one).
"""

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass

from rules.engine.faces import CardDef


@dataclass(frozen=True)
class CardScript:
    name: str
    build: Callable[[CardDef], tuple]
    text: str  # our own description of what the script does
    status: str = "automated"  # or "partial"
    manual: str = ""  # for partial: what stays a judge adjustment
    card: str = ""  # the card key it is bound to, if any


_CARD_SCRIPTS: dict[str, CardScript] = {}
_EFFECT_SCRIPTS: dict[str, Callable] = {}
_loaded = False


def card_script(
    name: str, *, text: str, status: str = "automated", manual: str = "", card: str | None = None
):
    """Register a script under `name`. It is bound to the card key `card` (by default the
    name itself, so `@card_script("12abc", ...)` scripts card 12abc); a script named for what
    it does (the demo's) binds to no real card and is used through encodings."""
    card = name if card is None else card
    if status not in ("automated", "partial"):
        raise ValueError(f"A card script is automated or partial, not {status!r}.")
    if status == "partial" and not manual:
        raise ValueError(f"Card script {name}: a partial script says what stays manual.")

    def register(build):
        if name in _CARD_SCRIPTS:
            raise ValueError(f"Script {name} is registered twice ({_CARD_SCRIPTS[name].build}).")
        _CARD_SCRIPTS[name] = CardScript(name, build, text, status, manual, card)
        return build

    return register


def effect_script(name: str):
    def register(function):
        if name in _EFFECT_SCRIPTS:
            raise ValueError(f"Effect script {name!r} is registered twice.")
        _EFFECT_SCRIPTS[name] = function
        return function

    return register


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


def script_named(name: str) -> CardScript | None:
    _load()
    return _CARD_SCRIPTS.get(name)


def script_for_card(key: str) -> CardScript | None:
    """The script bound to this card key, if any."""
    _load()
    return next((s for s in _CARD_SCRIPTS.values() if s.card and s.card == key), None)


script_for = script_for_card  # the name it had first


def build(name: str, card: CardDef) -> tuple:
    found = script_named(name)
    if found is None:
        raise KeyError(f"No card script named {name!r}.")
    return tuple(found.build(card))


def effect_script_fn(name: str) -> Callable:
    _load()
    if name not in _EFFECT_SCRIPTS:
        raise KeyError(f"No effect script named {name!r}.")
    return _EFFECT_SCRIPTS[name]


def effect_script_names() -> frozenset[str]:
    _load()
    return frozenset(_EFFECT_SCRIPTS)


def all_card_scripts() -> dict[str, CardScript]:
    _load()
    return dict(_CARD_SCRIPTS)
