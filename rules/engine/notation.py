"""A game log as text, one action per line, that a judge can type and read.

    # a comment: a line starting with '#', or text after ' #'
    game tournament life 20 first P1
    P1 team 19sww:4 22sww:4 5sww:2 basic 31sww 33sww
    P2 team 9sww:3 10sww:2 basic 31sww 34sww
    P1 draw SK1 SK2 SK3 out SK4
    P1 roll SK1=mask SK2=fist SK3=L1
    P1 reroll SK3=wild
    P1 buy 19sww pay SK1 SK2 SK3
    P1 field SK3 pay SK1
    P1 end
    P2 attack 5sww#1 5sww#2
    P1 block 22sww#1>P2:5sww#1
    P2 damage                          # or: damage 5sww#1>P1:SK1=2 5sww#1>P1:SK2=2
    judge move P1:SK1 prep             # an effect the engine doesn't automate (J1)
    judge face P1:SK2 L1 | judge damage P1:SK2 1 | judge life P1 -2 | judge modifier P2:SK3 +1A

Die names are stable for the game: SK1..SK8 for a player's sidekicks, <card key>#n for the
dice of their cards, BA:<card key>#n for basic action dice. In a player's line the player's own
prefix may be left out ("SK1" is "P1:SK1" on a P1 line). `format_log` writes the same text back.
"""

from dataclasses import dataclass, field, replace
from functools import partial

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
from rules.engine.board import Board, Placement
from rules.engine.faces import CardDef, Face, parse_face
from rules.engine.state import Step, Zone


class NotationError(ValueError):
    def __init__(self, line: int, column: int, message: str, text: str = ""):
        self.line, self.column, self.text = line, column, text
        super().__init__(f"line {line}, column {column}: {message}")


@dataclass
class GameLog:
    """A parsed log. `board` is set when it starts from a described board, not a new game."""

    teams: dict[str, list[tuple[str, int]]] = field(default_factory=lambda: {"P1": [], "P2": []})
    first_player: str = "P1"
    starting_life: int = 20
    format: str = "tournament"
    actions: list[tuple[int, Action]] = field(default_factory=list)  # (line number, action)
    board: Board | None = None


def _column(raw: str, word: str) -> int:
    return raw.find(word) + 1


def _die(token: str, player: str) -> str:
    return token if ":" in token else f"{player}:{token}"


def _short(die_id: str, player: str) -> str:
    return die_id.removeprefix(f"{player}:")


def parse_log(text: str, cards: dict[str, CardDef]) -> GameLog:
    log = GameLog()
    for number, raw in enumerate(text.splitlines(), start=1):
        # '#' also appears in die names (19sww#2): a comment is a whole line, or follows " #".
        if raw.lstrip().startswith("#"):
            continue
        line = raw.split(" #", 1)[0].rstrip()
        if not line.strip():
            continue
        words = line.split()
        column = partial(_column, raw)
        head = words[0]
        if head == "game":
            _parse_game(log, words, number, column)
            continue
        if head == "board":
            if log.actions:
                raise NotationError(number, 1, "the board is described before any action", raw)
            log.board = _parse_board_header(words[1:], number, column)
            continue
        if (
            log.board is not None
            and not log.actions
            and len(words) > 1
            and words[1] in ("life", "die")
        ):
            try:
                log.board = _parse_board_line(log.board, head, words[1:], number, cards)
            except ValueError as error:
                raise NotationError(number, column(words[2] if len(words) > 2 else words[1]),
                                    str(error), raw) from error  # fmt: skip
            continue
        if head == "judge":
            try:
                log.actions.append((number, _parse_judge(words[1:], cards)))
            except ValueError as error:
                word = words[1] if len(words) > 1 else head
                raise NotationError(number, column(word), str(error), raw) from error
            continue
        if head not in ("P1", "P2"):
            raise NotationError(
                number, column(head), f"expected P1, P2, 'judge' or 'game', got {head!r}", raw
            )
        if len(words) < 2:
            raise NotationError(number, len(raw) + 1, "expected an action after the player", raw)
        verb, rest = words[1], words[2:]
        try:
            if verb == "team":
                log.teams[head] = _parse_team(rest, cards)
            else:
                log.actions.append((number, _parse_action(head, verb, rest, cards)))
        except ValueError as error:
            if isinstance(error, NotationError):
                raise
            word = next((w for w in rest if str(error).find(w) >= 0), verb)
            raise NotationError(number, column(word), str(error), raw) from error
    return log


def _parse_game(log: GameLog, words: list[str], number: int, column) -> None:
    pairs = dict(zip(words[1::2], words[2::2], strict=False))
    if len(words) % 2 == 0:
        log.format = words[1]
        pairs = dict(zip(words[2::2], words[3::2], strict=False))
    if "life" in pairs:
        if not pairs["life"].isdigit():
            raise NotationError(number, column(pairs["life"]), "life must be a number")
        log.starting_life = int(pairs["life"])
    if "first" in pairs:
        if pairs["first"] not in ("P1", "P2"):
            raise NotationError(number, column(pairs["first"]), "first must be P1 or P2")
        log.first_player = pairs["first"]


def _parse_board_header(words: list[str], number: int, column) -> Board:
    pairs = dict(zip(words[::2], words[1::2], strict=False))
    unknown = set(pairs) - {"turn", "active", "step"}
    if unknown or len(words) % 2:
        raise NotationError(number, 1, "expected: board turn N active P1|P2 step <step>")
    try:
        return Board(
            turn=int(pairs.get("turn", "1")),
            active=pairs.get("active", "P1"),
            step=Step(pairs.get("step", "main")),
        )
    except ValueError as error:
        steps = ", ".join(s.value for s in Step if s != Step.GAME_OVER)
        raise NotationError(number, 1, f"bad board header ({error}); steps: {steps}") from error


def _parse_board_line(board: Board, player: str, words: list[str], number: int, cards) -> Board:
    if words[0] == "life":
        if len(words) != 2 or not words[1].isdigit():
            raise ValueError("expected: <player> life <number>")
        return replace(board, life=(*board.life, (player, int(words[1]))))
    if len(words) < 3:
        raise ValueError("expected: <player> die <die> <zone> [<face>] [damage <n>]")
    die_id, zone_name, rest = _die(words[1], player), words[2], words[3:]
    try:
        zone = Zone(zone_name)
    except ValueError as error:
        raise ValueError(
            f"{zone_name!r} is not a zone ({', '.join(z.value for z in Zone)})"
        ) from error
    damage = 0
    if "damage" in rest:
        index = rest.index("damage")
        if index + 1 >= len(rest) or not rest[index + 1].isdigit():
            raise ValueError("expected: damage <number>")
        damage, rest = int(rest[index + 1]), rest[:index] + rest[index + 2 :]
    face = None
    if rest:
        card_key = die_id.split(":", 1)[1].split("#")[0] if "#" in die_id else None
        face = parse_face(rest[0], cards.get(card_key) if card_key else None)
    placement = Placement(number, player, die_id, zone, face, damage)
    return replace(board, placements=(*board.placements, placement))


def _parse_team(words: list[str], cards: dict[str, CardDef]) -> list[tuple[str, int]]:
    team, basic = [], False
    for word in words:
        if word == "basic":
            basic = True
            continue
        key, _, count = word.partition(":")
        key = key.lower()
        if key not in cards:
            raise ValueError(f"unknown card {word!r}")
        if basic:
            team.append((key, 0))
        elif not count.isdigit():
            raise ValueError(f"expected <card>:<dice>, got {word!r}")
        else:
            team.append((key, int(count)))
    return team


def _faces(words: list[str], player: str, cards: dict[str, CardDef]):
    faces = []
    for word in words:
        die, _, face = word.partition("=")
        if not face:
            raise ValueError(f"expected <die>=<face>, got {word!r}")
        die_id = _die(die, player)
        card_key = die_id.split(":", 1)[1].split("#")[0] if "#" in die_id else None
        faces.append((die_id, parse_face(face, cards.get(card_key) if card_key else None)))
    return tuple(faces)


def _split(words: list[str], keyword: str) -> tuple[list[str], list[str]]:
    if keyword in words:
        index = words.index(keyword)
        return words[:index], words[index + 1 :]
    return words, []


def _parse_action(player: str, verb: str, words: list[str], cards) -> Action:
    if verb == "draw":
        drawn, out = _split(words, "out")
        return Draw(
            player, tuple(_die(w, player) for w in drawn), tuple(_die(w, player) for w in out)
        )
    if verb == "roll":
        return Roll(player, _faces(words, player, cards))
    if verb == "reroll":
        return Reroll(player, _faces(words, player, cards))
    if verb == "buy":
        target, pay = _split(words, "pay")
        if len(target) != 1:
            raise ValueError("expected: buy <card> pay <dice>")
        return Purchase(player, target[0].lower(), tuple(_die(w, player) for w in pay))
    if verb == "field":
        target, pay = _split(words, "pay")
        if len(target) != 1:
            raise ValueError("expected: field <die> [pay <dice>]")
        return FieldDie(player, _die(target[0], player), tuple(_die(w, player) for w in pay))
    if verb == "end":
        return EndTurn(player)
    if verb == "use":
        if len(words) != 1:
            raise ValueError("expected: use <action die>")
        return UseAction(player, _die(words[0], player))
    if verb == "attack":
        return DeclareAttackers(player, tuple(_die(w, player) for w in words))
    if verb == "block":
        return DeclareBlockers(player, tuple(_pair(w, player) for w in words))
    if verb == "damage":
        return AssignDamage(player, tuple(_assignment(w, player) for w in words))
    raise ValueError(
        f"unknown action {verb!r} (draw, roll, reroll, buy, field, use, attack, block, damage, end)"
    )


def _pair(word: str, player: str) -> tuple[str, str]:
    mine, sep, theirs = word.partition(">")
    if not sep:
        raise ValueError(f"expected <blocker>><attacker>, got {word!r}")
    other = "P2" if player == "P1" else "P1"
    return _die(mine, player), _die(theirs, other)


def _assignment(word: str, player: str) -> tuple[str, str, int]:
    pair, sep, amount = word.partition("=")
    if not sep or not amount.isdigit():
        raise ValueError(f"expected <attacker>><blocker>=<damage>, got {word!r}")
    attacker, blocker = _pair(pair, player)
    return attacker, blocker, int(amount)


def _signed(text: str) -> int:
    if not text.lstrip("+-").isdigit():
        raise ValueError(f"expected a number like -3 or +2, got {text!r}")
    return int(text)


def _parse_judge(words: list[str], cards) -> JudgeAdjust:
    if len(words) < 3:
        raise ValueError("expected: judge move|face|damage|life|modifier <die or player> <value>")
    kind, subject, value = words[0], words[1], words[2]
    note = " ".join(words[3:])
    if kind == "life":
        return JudgeAdjust("life", target=subject, amount=_signed(value), note=note)
    if ":" not in subject:
        raise ValueError(f"name the die with its player, e.g. P1:{subject}")
    if kind == "move":
        return JudgeAdjust("move", die=subject, zone=value, note=note)
    if kind == "face":
        card_key = subject.split(":", 1)[1].split("#")[0] if "#" in subject else None
        return JudgeAdjust("face", die=subject, face=parse_face(value, cards.get(card_key)),
                           note=note)  # fmt: skip
    if kind == "damage":
        return JudgeAdjust("damage", die=subject, amount=_signed(value), note=note)
    if kind == "modifier":
        attack = defense = 0
        for part in value.upper().replace("-", "+-").split("+"):
            if part.endswith("A") and part[:-1].lstrip("-").isdigit():
                attack += int(part[:-1])
            elif part.endswith("D") and part[:-1].lstrip("-").isdigit():
                defense += int(part[:-1])
            elif part:
                raise ValueError(f"expected a modifier like +2A or +1A-1D, got {value!r}")
        return JudgeAdjust("modifier", die=subject, attack=attack, defense=defense, note=note)
    raise ValueError(f"unknown adjustment {kind!r} (move, face, damage, life, modifier)")


def format_action(action: Action) -> str:
    p = action.player
    short = lambda ids: " ".join(_short(i, p) for i in ids)  # noqa: E731
    faces = lambda pairs: " ".join(f"{_short(i, p)}={f.notation()}" for i, f in pairs)  # noqa: E731
    match action:
        case Draw():
            return f"{p} draw {short(action.dice)}" + (
                f" out {short(action.out_of_play)}" if action.out_of_play else ""
            )
        case Roll():
            return f"{p} roll {faces(action.faces)}"
        case Reroll():
            return f"{p} reroll {faces(action.faces)}"
        case Purchase():
            return f"{p} buy {action.card} pay {short(action.pay)}".rstrip()
        case FieldDie():
            return f"{p} field {_short(action.die, p)}" + (
                f" pay {short(action.pay)}" if action.pay else ""
            )
        case EndTurn():
            return f"{p} end"
        case UseAction():
            return f"{p} use {_short(action.die, p)}"
        case DeclareAttackers():
            return f"{p} attack {short(action.dice)}"
        case DeclareBlockers():
            return f"{p} block " + " ".join(f"{_short(b, p)}>{a}" for b, a in action.blocks)
        case AssignDamage():
            return f"{p} damage " + " ".join(
                f"{_short(a, p)}>{b}={n}" for a, b, n in action.assignments
            )
        case JudgeAdjust():
            return _format_judge(action)
    raise TypeError(action)


def _format_judge(action: JudgeAdjust) -> str:
    note = f" {action.note}" if action.note else ""
    value = {
        "life": lambda: f"{action.target} {action.amount:+d}",
        "move": lambda: f"{action.die} {action.zone}",
        "face": lambda: f"{action.die} {action.face.notation()}",
        "damage": lambda: f"{action.die} {action.amount:+d}",
        "modifier": lambda: f"{action.die} {action.attack:+d}A{action.defense:+d}D",
    }[action.kind]()
    return f"judge {action.kind} {value}{note}"


def format_log(log: GameLog) -> str:
    lines = [f"game {log.format} life {log.starting_life} first {log.first_player}"]
    for player in ("P1", "P2"):
        own = [f"{k}:{n}" for k, n in log.teams[player] if n]
        basic = [k for k, n in log.teams[player] if not n]
        lines.append(
            f"{player} team {' '.join(own)}" + (f" basic {' '.join(basic)}" if basic else "")
        )
    if log.board is not None:
        board = log.board
        lines.append(f"board turn {board.turn} active {board.active} step {board.step.value}")
        lines += [f"{player} life {life}" for player, life in board.life]
        for p in board.placements:
            face = f" {p.face.notation()}" if p.face else ""
            damage = f" damage {p.damage}" if p.damage else ""
            lines.append(f"{p.player} die {_short(p.die, p.player)} {p.zone.value}{face}{damage}")
    lines += [format_action(action) for _, action in log.actions]
    return "\n".join(lines) + "\n"


# -- the equivalent JSON form --------------------------------------------------------------
_ACTIONS = {
    cls.__name__: cls
    for cls in (Draw, Roll, Reroll, Purchase, FieldDie, UseAction, DeclareAttackers,
                DeclareBlockers, AssignDamage, EndTurn, JudgeAdjust)
}  # fmt: skip


def _jsonable(value):
    if isinstance(value, Face):
        return value.notation()
    if isinstance(value, tuple):
        return [_jsonable(item) for item in value]
    return value


def log_to_json(log: GameLog) -> dict:
    """The log as plain JSON: a header and one object per action, tagged with its type."""
    from dataclasses import fields

    return {
        "format": log.format,
        "life": log.starting_life,
        "first": log.first_player,
        "teams": {p: [[key, dice] for key, dice in team] for p, team in log.teams.items()},
        "board": None
        if log.board is None
        else {
            "turn": log.board.turn,
            "active": log.board.active,
            "step": log.board.step.value,
            "life": [list(pair) for pair in log.board.life],
            "dice": [
                {
                    "line": p.line,
                    "player": p.player,
                    "die": p.die,
                    "zone": p.zone.value,
                    "face": p.face.notation() if p.face else None,
                    "damage": p.damage,
                }
                for p in log.board.placements
            ],
        },  # fmt: skip
        "actions": [
            {"line": line, "type": type(action).__name__}
            | {f.name: _jsonable(getattr(action, f.name)) for f in fields(action)}
            for line, action in log.actions
        ],
    }


def log_from_json(document: dict, cards: dict[str, CardDef]) -> GameLog:
    """Read `log_to_json`'s form; ValueError naming the action and field for anything wrong."""
    try:
        log = GameLog(
            teams={p: [(k, int(n)) for k, n in team] for p, team in document["teams"].items()},
            first_player=document["first"],
            starting_life=int(document["life"]),
            format=document["format"],
        )
        if document.get("board"):
            log.board = _board_from_json(document["board"], cards)
        for index, entry in enumerate(document["actions"]):
            log.actions.append((int(entry.get("line", 0)), _action_from_json(entry, cards, index)))
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"not a game log in JSON form: {error!r}") from error
    return log


def _board_from_json(data: dict, cards) -> Board:
    placements = []
    for item in data["dice"]:
        key = item["die"].split(":", 1)[1].split("#")[0] if "#" in item["die"] else None
        face = parse_face(item["face"], cards.get(key) if key else None) if item["face"] else None
        placements.append(
            Placement(int(item["line"]), item["player"], item["die"], Zone(item["zone"]), face,
                      int(item["damage"]))
        )  # fmt: skip
    return Board(
        turn=int(data["turn"]),
        active=data["active"],
        step=Step(data["step"]),
        life=tuple((player, int(life)) for player, life in data["life"]),
        placements=tuple(placements),
    )


def _action_from_json(entry: dict, cards, index: int):
    kind = _ACTIONS.get(entry.get("type"))
    if kind is None:
        raise ValueError(f"action {index}: unknown type {entry.get('type')!r}")
    values = {k: v for k, v in entry.items() if k not in ("type", "line")}

    def face(text, die_id):
        key = die_id.split(":", 1)[1].split("#")[0] if "#" in die_id else None
        return parse_face(text, cards.get(key) if key else None)

    if kind in (Roll, Reroll):
        values["faces"] = tuple((d, face(f, d)) for d, f in values["faces"])
    elif kind is JudgeAdjust and values.get("face"):
        values["face"] = face(values["face"], values["die"])
    for name in ("dice", "out_of_play", "pay"):
        if name in values:
            values[name] = tuple(values[name])
    if "blocks" in values:
        values["blocks"] = tuple(tuple(pair) for pair in values["blocks"])
    if "assignments" in values:
        values["assignments"] = tuple(tuple(item) for item in values["assignments"])
    try:
        return kind(**values)
    except TypeError as error:
        raise ValueError(f"action {index} ({entry.get('type')}): {error}") from error
