"""The Dice Masters rules engine: pure Python, no Django, no I/O, no dice rolled by itself.

`apply(state, action, cards)` returns Applied (the new immutable state, events, the rules that
applied) or Illegal (a Verdict citing a rule ID from `rulebook.RULES`, with one plain reason).
"""

from rules.engine.actions import (
    Action,
    AssignDamage,
    DeclareAttackers,
    DeclareBlockers,
    Draw,
    EndTurn,
    FieldDie,
    JudgeAdjust,
    Purchase,
    Reroll,
    Roll,
    UseAction,
)
from rules.engine.board import Board, BoardError, Placement
from rules.engine.faces import SIDEKICK_FACES, CardDef, Face, parse_face
from rules.engine.game import apply, new_game
from rules.engine.notation import (
    GameLog,
    NotationError,
    format_action,
    format_log,
    log_from_json,
    log_to_json,
    parse_log,
)
from rules.engine.replay import Replay, ReplayStep
from rules.engine.rulebook import RULES
from rules.engine.state import Die, GameState, PlayerState, Step, Zone
from rules.engine.verdicts import Applied, Illegal, IllegalActionError, Verdict

__all__ = [
    "RULES",
    "SIDEKICK_FACES",
    "Action",
    "Applied",
    "AssignDamage",
    "Board",
    "BoardError",
    "CardDef",
    "DeclareAttackers",
    "DeclareBlockers",
    "Die",
    "Draw",
    "EndTurn",
    "Face",
    "FieldDie",
    "GameLog",
    "GameState",
    "Illegal",
    "IllegalActionError",
    "JudgeAdjust",
    "NotationError",
    "Placement",
    "PlayerState",
    "Purchase",
    "Replay",
    "ReplayStep",
    "Reroll",
    "Roll",
    "Step",
    "UseAction",
    "Verdict",
    "Zone",
    "apply",
    "format_action",
    "format_log",
    "log_from_json",
    "log_to_json",
    "new_game",
    "parse_face",
    "parse_log",
]
