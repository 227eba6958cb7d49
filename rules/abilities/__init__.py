"""Card abilities: the effect vocabulary (data), its runtime on the engine's ability
interface, per-card scripts, generated descriptions, automation status, the text compiler and
coverage. Pure Python (no Django import); see README.md beside this file and docs/abilities.md.
"""

from rules.abilities.compiler import STATUSES, Compiled, compile_card, compile_cards
from rules.abilities.coverage import Coverage, coverage, format_table
from rules.abilities.describe import describe
from rules.abilities.runtime import build_abilities, with_encoding
from rules.abilities.vocabulary import SCHEMA, EncodingError, validate

__all__ = [
    "SCHEMA",
    "STATUSES",
    "Compiled",
    "Coverage",
    "EncodingError",
    "build_abilities",
    "compile_card",
    "compile_cards",
    "coverage",
    "describe",
    "format_table",
    "validate",
    "with_encoding",
]
