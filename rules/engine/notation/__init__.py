"""A game log as text, one action per line, that a judge can type and read, and its
equivalent JSON form. Both round-trip: `format_log(parse_log(text))` gives the same log back.
The grammar, with examples, is in docs/game-log.md.

Die names stay the same all game: SK1..SK8 for a player's sidekicks, <card key>#n for the
dice of their cards, BA:<card key>#n for the shared basic action dice, T<n> for tokens. On a
player's own line their prefix may be left out ("SK1" on a P1 line is "P1:SK1").
"""

from rules.engine.notation.json_form import (
    JsonLogError,
    action_from_json,
    action_to_json,
    log_from_json,
    log_to_json,
)
from rules.engine.notation.text import (
    VERBS,
    GameLog,
    format_action,
    format_board,
    format_log,
    parse_action,
    parse_log,
)
from rules.engine.notation.words import FORMATS, PLAYERS, NotationError

__all__ = [
    "FORMATS", "PLAYERS", "VERBS", "GameLog", "JsonLogError", "NotationError",
    "action_from_json", "action_to_json", "format_action", "format_board", "format_log",
    "log_from_json", "log_to_json", "parse_action", "parse_log",
]  # fmt: skip
