"""The Dice Masters rules engine: pure Python, no Django, no I/O, no dice rolled by itself.

`apply(state, action, cards)` returns Applied (the new immutable state, the events, the rules
that applied), NeedsInput (the same, and what the game now waits for: a draw, a roll, an
order, a choice) or Illegal (a Verdict citing a rule ID from `RULES`, with one plain reason;
the state unchanged). `Replay` steps through a game log; `parse_log` / `format_log` and
`log_to_json` / `log_from_json` read and write logs. Package layout, by rule area:

    setup.py (R3) · steps/ (R5: clear_and_draw, roll_and_reroll, main, priority, attack,
    cleanup, flow) · energy.py (R6) · effects/ (R12-R15: queue, ops, dice, interrupts,
    context) · keywords/ (K-*) · query.py (stats with explanations) · abilities.py (the
    interface card effects plug into) · adjustments.py (J1) · notation.py, board.py,
    replay.py
"""

from rules.engine.abilities import Ability, Contribution, Query, TriggerContext
from rules.engine.actions import (
    Action,
    Activate,
    Answer,
    AssignDamage,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    DeclareNoAttack,
    Draw,
    EndTurn,
    FieldDie,
    JudgeAdjust,
    Order,
    PassPriority,
    Payment,
    Purchase,
    Reroll,
    Roll,
    UseAction,
    UseGlobal,
)
from rules.engine.board import Board, BoardError, Placement
from rules.engine.events import Event
from rules.engine.faces import (
    SIDEKICK_FACES,
    CardDef,
    EnergyCost,
    Face,
    GlobalDef,
    keyword_id,
    parse_cost,
    parse_face,
    possible_faces,
)
from rules.engine.game import apply
from rules.engine.notation import (
    GameLog,
    JsonLogError,
    NotationError,
    format_action,
    format_log,
    log_from_json,
    log_to_json,
    parse_action,
    parse_log,
)
from rules.engine.query import Stat
from rules.engine.replay import Replay, ReplayStep, state_changes
from rules.engine.rulebook import RULES
from rules.engine.setup import new_game
from rules.engine.state import Die, GameState, PlayerState, Request, Step, Zone
from rules.engine.verdicts import Applied, Illegal, IllegalActionError, NeedsInput, Verdict

__all__ = [
    "RULES",
    "SIDEKICK_FACES",
    "Ability",
    "Action",
    "Activate",
    "Answer",
    "Applied",
    "AssignDamage",
    "Board",
    "BoardError",
    "CardDef",
    "Choose",
    "Contribution",
    "DeclareAttackers",
    "DeclareBlockers",
    "DeclareNoAttack",
    "Die",
    "Draw",
    "EndTurn",
    "EnergyCost",
    "Event",
    "Face",
    "FieldDie",
    "GameLog",
    "GameState",
    "GlobalDef",
    "Illegal",
    "IllegalActionError",
    "JsonLogError",
    "JudgeAdjust",
    "NeedsInput",
    "NotationError",
    "Order",
    "PassPriority",
    "Payment",
    "Placement",
    "PlayerState",
    "Purchase",
    "Query",
    "Replay",
    "ReplayStep",
    "Request",
    "Reroll",
    "Roll",
    "Stat",
    "Step",
    "TriggerContext",
    "UseAction",
    "UseGlobal",
    "Verdict",
    "Zone",
    "apply",
    "format_action",
    "format_log",
    "keyword_id",
    "log_from_json",
    "log_to_json",
    "new_game",
    "parse_action",
    "parse_cost",
    "parse_face",
    "parse_log",
    "possible_faces",
    "state_changes",
]
