"""Vocabulary extensions: effects and conditions added by their own modules, so a new family
of card text adds files instead of editing the central tables.

A module in this package (discovered automatically, names not starting with `_`) may define
any of:

- `EFFECT_SCHEMAS`: {name: schema}, each built with `effect_schema(name, required, **fields)`
  (selectors and amounts as `SELECTOR` / `AMOUNT`, JSON Schema references);
- `EFFECT_RUNNERS`: {name: run(ctx, effect, bursts, scope=None)}, as in rules.abilities.runtime;
- `EFFECT_TEXT`: {name: text(effect) -> str}, the generated English (rules.abilities.describe);
- `CONDITIONS`: {name: (fields, test)}: `fields` the JSON Schema properties the condition
  takes besides `test`, `test(test, state, cards, holder=, this=, card=) -> bool`.
- `KEYWORD_ABILITIES`: {keyword: build(card) -> tuple[Ability, ...]}: the abilities a keyword
  named in an encoding's `keywords` adds to the card (rules.abilities.runtime);
- `KEYWORD_TEXT`: {keyword: str}, its English after the keyword list (rules.abilities.describe).
- `ENCODING_ABILITIES`: {name: build(card, encoding) -> sequence of Abilities}: abilities the
  card needs because its encoding uses one of the module's effects (a static ability reading
  the lasting effect an effect starts, as runtime's own restrictions do); built for every
  card, so a builder returns nothing when the encoding doesn't use its effect.

vocabulary.py, runtime.py, describe.py and selectors.py merge these tables; a name already in
the core vocabulary is refused. Extension modules are imported by vocabulary.py, so they must
not import rules.abilities.runtime / describe / vocabulary at module level (import inside the
functions that need them); rules.abilities.selectors, tokens and rules.engine are fine.
"""

import importlib
import pkgutil
from functools import cache
from types import ModuleType

SELECTOR = {"$ref": "#/$defs/selector"}
AMOUNT = {"$ref": "#/$defs/amount"}
CONDITION = {"$ref": "#/$defs/condition"}
EFFECTS = {"$ref": "#/$defs/effects"}


def effect_schema(name: str, required: list[str], **properties) -> dict:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["do", *required],
        "properties": {"do": {"const": name}, **properties},
    }


def while_active_specs(encoding, effects):
    """(index, spec) of an encoding's while-active abilities using one of `effects` (names):
    the specs an extension's ENCODING_ABILITIES builder turns into its lasting abilities."""
    for index, spec in enumerate(encoding.get("abilities", ())):
        if spec["when"] == "while_active" and any(e["do"] in effects for e in spec["effects"]):
            yield index, spec


@cache
def modules() -> tuple[ModuleType, ...]:
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.name.startswith("_"):
            found.append(importlib.import_module(f"{__name__}.{info.name}"))
    return tuple(found)


def merged(table: str, core: dict | None = None) -> dict:
    """Every extension module's `table`, merged; a name defined twice (or in `core`) is a
    programming error and raises."""
    result: dict = {}
    for module in modules():
        for name, value in getattr(module, table, {}).items():
            if name in result or (core is not None and name in core):
                raise ValueError(f"{module.__name__}: {table} {name!r} is already defined")
            result[name] = value
    return result
