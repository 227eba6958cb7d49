"""The JSON form of a game log, equivalent to the text: a header, the board if any, and one
object per action tagged with its type. `log_from_json(log_to_json(log))` is the same log."""

import re
from dataclasses import fields
from typing import get_args, get_origin

from rules.engine.actions import ACTION_TYPES, Action, Payment
from rules.engine.board import Board, Placement
from rules.engine.faces import SYMBOLS, CardDef, Face, parse_face
from rules.engine.notation.text import GameLog, format_action, parse_action
from rules.engine.notation.words import FORMATS, PLAYERS, NotationError, card_of_die
from rules.engine.state import Step, Zone

_ACTIONS = {cls.__name__: cls for cls in ACTION_TYPES}


def _jsonable(value):
    if isinstance(value, Face):
        return value.notation()
    if isinstance(value, Payment):
        return value.notation()
    if isinstance(value, tuple):
        return [_jsonable(item) for item in value]
    return value


def action_to_json(action: Action) -> dict:
    return {"type": type(action).__name__} | {
        f.name: _jsonable(getattr(action, f.name)) for f in fields(action)
    }


def log_to_json(log: GameLog) -> dict:
    """The log as plain JSON: a header, the board if any, and one object per action."""
    board = None
    if log.board is not None:
        b = log.board
        board = {
            "turn": b.turn,
            "active": b.active,
            "step": b.step.value,
            "priority": b.priority,
            "line": b.line,
            "life": [list(pair) for pair in b.life],
            "energy": [list(pair) for pair in b.energy],
            "dice": [
                {
                    "line": p.line,
                    "player": p.player,
                    "die": p.die,
                    "zone": p.zone.value,
                    "face": p.face.notation() if p.face else None,
                    "damage": p.damage,
                    "blocking": p.blocking,
                    "attached": p.attached,
                    "held_by": p.held_by,
                    "held_from": p.held_from.value if p.held_from else None,
                    "paired": p.paired,
                }
                for p in b.placements
            ],
        }
    return {
        "format": log.format,
        "life": log.starting_life,
        "first": log.first_player,
        "teams": {p: [[key, dice] for key, dice in team] for p, team in log.teams.items()},
        "board": board,
        "actions": [{"line": line} | action_to_json(action) for line, action in log.actions],
    }


class JsonLogError(ValueError):
    """A JSON log that can't be read: says which part and why."""


def log_from_json(document, cards: dict[str, CardDef]) -> GameLog:
    """Read `log_to_json`'s form; JsonLogError naming the part that is wrong."""
    if not isinstance(document, dict):
        raise JsonLogError(
            "a JSON game log is an object with format, life, first, teams and actions"
        )
    try:
        log = GameLog(
            teams={p: [(str(k).lower(), int(n)) for k, n in document["teams"][p]] for p in PLAYERS},
            first_player=document["first"],
            starting_life=int(document["life"]),
            format=document["format"],
        )
    except (KeyError, TypeError, ValueError) as error:
        raise JsonLogError(f"the header is not a game log header ({error!r})") from error
    for player, team in log.teams.items():
        for key, _ in team:
            if key not in cards:
                raise JsonLogError(f"teams.{player}: unknown card {key!r}")
    if log.first_player not in PLAYERS or log.format not in FORMATS:
        raise JsonLogError(f"first is P1 or P2 and format one of {', '.join(FORMATS)}")
    if not isinstance(document.get("actions") or [], list):
        raise JsonLogError("actions: expected a list of action objects")
    if document.get("board"):
        try:
            log.board = _board_from_json(document["board"], cards)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise JsonLogError(f"board: {error!r}") from error
    for index, entry in enumerate(document.get("actions") or []):
        log.actions.append((_line_of(entry), action_from_json(entry, cards, index)))
    return log


def _line_of(entry) -> int:
    try:
        return int(entry.get("line", 0))
    except (AttributeError, TypeError, ValueError):
        return 0


def _board_from_json(data: dict, cards) -> Board:
    placements = []
    for item in data["dice"]:
        face = item.get("face")
        placements.append(
            Placement(
                int(item.get("line", 0)),
                item["player"],
                item["die"],
                Zone(item["zone"]),
                parse_face(face, card_of_die(item["die"], cards)) if face else None,
                int(item.get("damage", 0)),
                item.get("blocking", "") or "",
                item.get("attached", "") or "",
                item.get("held_by", "") or "",
                Zone(item["held_from"]) if item.get("held_from") else None,
                item.get("paired", "") or "",
            )
        )
    return Board(
        turn=int(data["turn"]),
        active=data["active"],
        step=Step(data["step"]),
        priority=data.get("priority", "") or "",
        line=int(data.get("line", 0)),
        life=tuple((p, int(n)) for p, n in data.get("life", [])),
        energy=tuple((p, int(n)) for p, n in data.get("energy", [])),
        placements=tuple(placements),
    )


def _payment_from_json(text: str) -> Payment:
    if re.fullmatch(r"virtual\d*", text):
        return Payment(virtual=int(text[7:] or 1))
    die, _, part = text.partition("/")
    if part and part not in SYMBOLS:
        raise ValueError(f"{text!r} is not a payment")
    return Payment(die, part)


def action_from_json(entry, cards, index: int = 0) -> Action:
    if not isinstance(entry, dict):
        raise JsonLogError(f"action {index}: expected an object")
    kind = _ACTIONS.get(entry["type"]) if isinstance(entry.get("type"), str) else None
    if kind is None:
        raise JsonLogError(f"action {index}: unknown type {entry.get('type')!r}")
    values = {k: v for k, v in entry.items() if k not in ("type", "line")}
    known = {f.name for f in fields(kind)}
    if unknown := set(values) - known:
        raise JsonLogError(f"action {index} ({kind.__name__}): unknown field(s) {sorted(unknown)}")
    try:
        action = kind(
            **{
                name: _field_from_json(kind, name, value, values, cards)
                for name, value in values.items()
            }
        )
    except (TypeError, ValueError, AttributeError) as error:
        raise JsonLogError(f"action {index} ({kind.__name__}): {error}") from error
    # The text grammar checks every field's shape and every die name: an action is valid when
    # it reads back the same from its text (a block that is not a pair, a die of no card...).
    try:
        again = parse_action(format_action(action), cards)
    except (NotationError, TypeError, ValueError, AttributeError, KeyError, IndexError) as error:
        raise JsonLogError(f"action {index} ({kind.__name__}): {error}") from error
    if again != action:
        raise JsonLogError(f"action {index} ({kind.__name__}): not a valid {kind.__name__}")
    return action


def _field_from_json(kind, name: str, value, values: dict, cards):
    if name == "faces":
        if not _matches(value, tuple[tuple[str, str], ...]):
            raise ValueError(f"faces should be a list of [die, face], not {value!r}")
        return tuple((d, parse_face(f, card_of_die(d, cards))) for d, f in value)
    if name == "face":
        if value is not None and not isinstance(value, str):
            raise ValueError(f'face should be a face such as "mask" or "L2", not {value!r}')
        return parse_face(value, card_of_die(values["die"], cards)) if value else None
    if name == "pay":
        if not _matches(value, tuple[str, ...]):
            raise ValueError(f'pay should be a list of payments such as "P1:SK1", not {value!r}')
        return tuple(_payment_from_json(p) for p in value)
    expected = _FIELD_TYPES[kind][name]
    if not _matches(value, expected):
        raise ValueError(f"{name} should be {_describe(expected)}, not {value!r}")
    if name in ("blocks", "assignments"):
        return tuple(tuple(item) for item in value)
    if isinstance(value, list):
        return tuple(value)
    return value


_FIELD_TYPES = {cls: {f.name: f.type for f in fields(cls)} for cls in ACTION_TYPES}


def _matches(value, expected) -> bool:
    """Whether a JSON value has the shape of an action field's type (a list for a tuple)."""
    origin, args = get_origin(expected), get_args(expected)
    if expected is bool:
        return isinstance(value, bool)
    if expected is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if expected is str:
        return isinstance(value, str)
    if origin is tuple:
        if not isinstance(value, list):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_matches(item, args[0]) for item in value)
        return len(value) == len(args) and all(map(_matches, value, args))
    return True


def _describe(expected) -> str:
    names = {int: "a whole number", bool: "true or false", str: "a string"}
    if expected in names:
        return names[expected]
    args = get_args(expected)
    if len(args) == 2 and args[1] is Ellipsis:
        item = _describe(args[0])
        return f"a list of {item[2:] + 's' if item.startswith('a ') else item + ' items'}"
    return "[" + ", ".join(_describe(a).removeprefix("a ") for a in args) + "]"
