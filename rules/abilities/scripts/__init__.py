"""Per-card Python scripts: for a construct only one card has, a function that builds the
card's engine Abilities with the same engine API the vocabulary uses (EffectContext).

Register with::

    @card_script("5sww", status="automated", text="When fielded, KO an opposing Sidekick ...")
    def cheetah_goddess(card: CardDef) -> tuple[Ability, ...]: ...

and, for one effect inside an otherwise encoded ability (`{"do": "script", "name": ...}`)::

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
    key: str
    build: Callable[[CardDef], tuple]
    text: str  # our own description of what the script does
    status: str = "automated"  # or "partial"
    manual: str = ""  # for partial: what stays a judge adjustment


_CARD_SCRIPTS: dict[str, CardScript] = {}
_EFFECT_SCRIPTS: dict[str, Callable] = {}
_loaded = False


def card_script(key: str, *, text: str, status: str = "automated", manual: str = ""):
    if status not in ("automated", "partial"):
        raise ValueError(f"A card script is automated or partial, not {status!r}.")
    if status == "partial" and not manual:
        raise ValueError(f"Card script {key}: a partial script says what stays manual.")

    def register(build):
        if key in _CARD_SCRIPTS:
            raise ValueError(f"Card {key} already has a script ({_CARD_SCRIPTS[key].build}).")
        _CARD_SCRIPTS[key] = CardScript(key, build, text, status, manual)
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


def script_for(key: str) -> CardScript | None:
    _load()
    return _CARD_SCRIPTS.get(key)


def card_abilities(card: CardDef) -> tuple:
    found = script_for(card.key)
    return tuple(found.build(card)) if found else ()


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
