"""A game log as text, one action per line, that a judge can type and read, and its
equivalent JSON form. Both round-trip: `format_log(parse_log(text))` gives the same log back.
The grammar, with examples, is in docs/game-log.md.

Die names stay the same all game: SK1..SK8 for a player's sidekicks, <card key>#n for the
dice of their cards, BA:<card key>#n for the shared basic action dice, T<n> for tokens. On a
player's own line their prefix may be left out ("SK1" on a P1 line is "P1:SK1").
"""

import re
from dataclasses import dataclass, field, fields

from rules.engine.actions import (
    ACTION_TYPES,
    Action,
    Activate,
    Answer,
    AssignDamage,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
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
from rules.engine.board import Board, Placement
from rules.engine.faces import SYMBOLS, CardDef, Face, parse_face
from rules.engine.state import Step, Zone, other

FORMATS = ("tournament", "casual", "demo", "draft")
PLAYERS = ("P1", "P2")
VERBS = (
    "draw",
    "roll",
    "reroll",
    "buy",
    "field",
    "use",
    "global",
    "activate",
    "pass",
    "attack",
    "block",
    "damage",
    "end",
    "order",
    "choose",
    "yes",
    "no",
)


class NotationError(ValueError):
    """Text that doesn't parse: the line, the column, and what was expected."""

    def __init__(self, line: int, column: int, message: str, text: str = ""):
        self.line, self.column, self.text = line, column, text
        super().__init__(f"line {line}, column {column}: {message}")


@dataclass
class GameLog:
    """A parsed log. `board` is set when it starts from a described board."""

    teams: dict[str, list[tuple[str, int]]] = field(default_factory=lambda: {"P1": [], "P2": []})
    first_player: str = "P1"
    starting_life: int = 20
    format: str = "tournament"
    actions: list[tuple[int, Action]] = field(default_factory=list)  # (line number, action)
    board: Board | None = None


# -- reading text ----------------------------------------------------------------------------
@dataclass(frozen=True)
class _Word:
    text: str
    column: int


class _Line:
    """The words of one line with their columns, read left to right."""

    def __init__(self, number: int, raw: str, words: list[_Word]):
        self.number, self.raw, self.words, self.position = number, raw, words, 0

    def fail(self, message: str, word: _Word | None = None):
        column = word.column if word else len(self.raw.rstrip()) + 1
        raise NotationError(self.number, column, message, self.raw)

    def peek(self) -> _Word | None:
        return self.words[self.position] if self.position < len(self.words) else None

    def take(self, expected: str) -> _Word:
        word = self.peek()
        if word is None:
            self.fail(f"expected {expected}")
        self.position += 1
        return word

    def rest(self) -> list[_Word]:
        words = self.words[self.position :]
        self.position = len(self.words)
        return words

    def until(self, *stops: str) -> list[_Word]:
        taken = []
        while (word := self.peek()) is not None and word.text not in stops:
            taken.append(word)
            self.position += 1
        return taken

    def done(self) -> None:
        word = self.peek()
        if word is not None:
            self.fail(f"unexpected {word.text!r} at the end of the line", word)


_COMMENT = re.compile(r"(^|\s)#")


def _lines(text: str):
    for number, raw in enumerate(text.splitlines(), start=1):
        # '#' is part of die names (19sww#2): a comment starts at a '#' after a space.
        match = _COMMENT.search(raw)
        body = raw[: match.start()] if match else raw
        words = [_Word(m.group(), m.start() + 1) for m in re.finditer(r"\S+", body)]
        if words:
            yield _Line(number, raw, words)


def parse_log(text: str, cards: dict[str, CardDef]) -> GameLog:
    """Read a log; NotationError (with line, column and what was expected) if it can't."""
    log = GameLog()
    for line in _lines(text):
        head = line.take("a player, 'game', 'board' or 'judge'")
        if head.text == "game":
            _parse_game(log, line)
        elif head.text == "board":
            if log.actions or log.board is not None:
                line.fail("the board is described once, before any action", head)
            log.board = _parse_board_header(line)
        elif head.text == "judge":
            log.actions.append((line.number, _parse_judge(line, cards)))
        elif head.text in PLAYERS:
            verb = line.take("an action: " + ", ".join(VERBS) + " (or team, life, energy, die)")
            if verb.text == "team":
                if log.actions or log.board is not None:
                    line.fail("teams come before the board and the actions", verb)
                log.teams[head.text] = _parse_team(line, cards)
            elif verb.text in ("life", "energy", "die"):
                if log.board is None or log.actions:
                    line.fail(
                        f"'{verb.text}' lines describe a board: they follow a 'board' "
                        "line, before any action",
                        verb,
                    )
                log.board = _parse_board_line(log.board, head.text, verb, line, cards)
            else:
                log.actions.append((line.number, _parse_action(head.text, verb, line, cards)))
        else:
            line.fail(f"expected P1, P2, 'game', 'board' or 'judge', got {head.text!r}", head)
    return log


def parse_action(text: str, cards: dict[str, CardDef], *, line: int = 1) -> Action:
    """One action line (as in a log)."""
    parsed = parse_log(text, cards)
    if len(parsed.actions) != 1:
        raise NotationError(line, 1, "expected exactly one action", text)
    return parsed.actions[0][1]


def _number(line: _Line, what: str, *, signed: bool = False) -> int:
    word = line.take(what)
    text = word.text
    ok = re.fullmatch(r"[+-]?\d+" if signed else r"\d+", text)
    if not ok:
        line.fail(f"expected {what}, got {text!r}", word)
    return int(text)


def _parse_game(log: GameLog, line: _Line) -> None:
    word = line.peek()
    if word is not None and word.text not in ("life", "first"):
        if word.text not in FORMATS:
            line.fail(
                f"expected a format ({', '.join(FORMATS)}), 'life' or 'first', got {word.text!r}",
                word,
            )
        log.format = line.take("a format").text
    while (word := line.peek()) is not None:
        line.take("life or first")
        if word.text == "life":
            log.starting_life = _number(line, "the starting life, a number")
        elif word.text == "first":
            first = line.take("P1 or P2")
            if first.text not in PLAYERS:
                line.fail(f"expected P1 or P2 after 'first', got {first.text!r}", first)
            log.first_player = first.text
        else:
            line.fail(f"expected 'life' or 'first', got {word.text!r}", word)


def _card(word: _Word, line: _Line, cards) -> str:
    key = word.text.lower()
    if key not in cards:
        line.fail(f"unknown card {word.text!r} (a Team Builder key such as 19sww)", word)
    return key


def _parse_team(line: _Line, cards) -> list[tuple[str, int]]:
    team, basic = [], False
    for word in line.rest():
        if word.text == "basic":
            basic = True
            continue
        key, _, count = word.text.partition(":")
        if basic:
            team.append((_card(_Word(key, word.column), line, cards), 0))
            continue
        if not count.isdigit():
            line.fail(
                f"expected <card>:<dice> such as 19sww:4 (or 'basic' and the basic action "
                f"cards), got {word.text!r}",
                word,
            )
        team.append((_card(_Word(key, word.column), line, cards), int(count)))
    return team


def _parse_board_header(line: _Line) -> Board:
    values = {"turn": "1", "active": "P1", "step": "main", "priority": ""}
    while (word := line.peek()) is not None:
        line.take("turn, active, step or priority")
        if word.text not in values:
            line.fail(f"expected turn, active, step or priority, got {word.text!r}", word)
        values[word.text] = line.take(f"a value after {word.text!r}").text
    steps = ("clear_and_draw", "roll_and_reroll", "main", "blockers", "window")
    if not values["turn"].isdigit():
        line.fail(f"expected the turn number, got {values['turn']!r}", line.words[0])
    if values["active"] not in PLAYERS or values["priority"] not in ("", *PLAYERS):
        line.fail("expected P1 or P2 for active and priority", line.words[0])
    if values["step"] not in steps:
        line.fail(f"expected a step ({', '.join(steps)}), got {values['step']!r}", line.words[0])
    return Board(
        turn=int(values["turn"]),
        active=values["active"],
        step=Step(values["step"]),
        priority=values["priority"],
        line=line.number,
    )


def _die(token: str, player: str) -> str:
    return token if ":" in token else f"{player}:{token}"


def _short(die_id: str, player: str) -> str:
    return die_id.removeprefix(f"{player}:")


def _card_of_die(die_id: str, cards) -> CardDef | None:
    name = die_id.split(":", 1)[1]
    return cards.get(name.split("#")[0]) if "#" in name else None


def _face(word: _Word, line: _Line, die_id: str, cards) -> Face:
    try:
        return parse_face(word.text, _card_of_die(die_id, cards))
    except ValueError as error:
        line.fail(str(error), word)


def _zone(word: _Word, line: _Line) -> Zone:
    try:
        return Zone(word.text)
    except ValueError:
        zones = ", ".join(z.value for z in Zone if z not in (Zone.UNPURCHASED, Zone.CAPTURED))
        line.fail(f"expected a zone ({zones}), got {word.text!r}", word)


def _parse_board_line(board: Board, player: str, verb: _Word, line: _Line, cards) -> Board:
    from dataclasses import replace

    if verb.text == "life":
        life = _number(line, "the player's life, a number")
        line.done()
        return replace(board, life=(*board.life, (player, life)))
    if verb.text == "energy":
        amount = _number(line, "the player's virtual energy, a number")
        line.done()
        return replace(board, energy=(*board.energy, (player, amount)))
    die_id = _die(line.take("a die name").text, player)
    zone = _zone(line.take("a zone"), line)
    face, damage, blocking = None, 0, ""
    while (word := line.peek()) is not None:
        line.take("a face, 'damage N' or 'blocking <die>'")
        if word.text == "damage":
            damage = _number(line, "the damage, a number")
        elif word.text == "blocking":
            blocking = _die(line.take("the attacker it blocks").text, other(player))
        elif face is None:
            face = _face(word, line, die_id, cards)
        else:
            line.fail(f"expected 'damage N' or 'blocking <die>', got {word.text!r}", word)
    placement = Placement(line.number, player, die_id, zone, face, damage, blocking)
    return replace(board, placements=(*board.placements, placement))


def _payments(words: list[_Word], line: _Line, player: str) -> tuple[Payment, ...]:
    found = []
    for word in words:
        text = word.text
        if re.fullmatch(r"virtual\d*", text):
            found.append(Payment(virtual=int(text[7:] or 1)))
            continue
        die, _, part = text.partition("/")
        if part and part not in SYMBOLS:
            line.fail(
                f"expected <die>/<symbol> with one of {', '.join(SYMBOLS)}, got {text!r}", word
            )
        found.append(Payment(_die(die, player), part))
    return tuple(found)


def _faces(words: list[_Word], line: _Line, player: str, cards) -> tuple[tuple[str, Face], ...]:
    faces = []
    for word in words:
        die, sep, text = word.text.partition("=")
        if not sep or not text:
            line.fail(f"expected <die>=<face> such as SK1=mask, got {word.text!r}", word)
        die_id = _die(die, player)
        face_word = _Word(text, word.column + len(die) + 1)
        faces.append((die_id, _face(face_word, line, die_id, cards)))
    return tuple(faces)


def _words_after(line: _Line, keyword: str, *stops: str) -> list[_Word]:
    word = line.peek()
    if word is None or word.text != keyword:
        return []
    line.take(keyword)
    return line.until(*stops)


def _options(line: _Line, player: str, *keywords: str) -> dict[str, list[_Word]]:
    """Optional 'keyword words...' groups, in any order."""
    found: dict[str, list[_Word]] = {}
    while (word := line.peek()) is not None:
        if word.text not in keywords or word.text in found:
            line.fail(
                f"expected {' or '.join(repr(k) for k in keywords if k not in found)}, "
                f"got {word.text!r}",
                word,
            )
        found[word.text] = _words_after(line, word.text, *keywords)
        if not found[word.text]:
            line.fail(
                f"expected {_AFTER.get(word.text, 'a value')} after {word.text!r}", line.peek()
            )
    return found


_AFTER = {
    "pay": "the energy paid (dice, <die>/<symbol>, virtual)",
    "target": "the targets",
    "suitup": "the die KO'd",
    "name": "the ability's name",
}


def _parse_action(player: str, verb: _Word, line: _Line, cards) -> Action:
    name = verb.text
    if name == "draw":
        drawn = line.until("out")
        out = _words_after(line, "out")
        if not drawn:
            line.fail("expected the dice drawn, e.g. 'draw SK1 SK2 SK3 SK4'")
        return Draw(
            player,
            tuple(_die(w.text, player) for w in drawn),
            tuple(_die(w.text, player) for w in out),
        )
    if name == "roll":
        words = line.rest()
        if not words:
            line.fail("expected <die>=<face> for each die rolled")
        return Roll(player, _faces(words, line, player, cards))
    if name == "reroll":
        return Reroll(player, _faces(line.rest(), line, player, cards))
    if name == "buy":
        card = _card(line.take("the card bought"), line, cards)
        options = _options(line, player, "pay", "suitup")
        suit = options.get("suitup", [])
        if len(suit) > 1:
            line.fail("expected one die after 'suitup'", suit[1])
        return Purchase(
            player,
            card,
            _payments(options.get("pay", []), line, player),
            _die(suit[0].text, player) if suit else "",
        )
    if name == "field":
        die = _die(line.take("the die fielded").text, player)
        options = _options(line, player, "pay")
        return FieldDie(player, die, _payments(options.get("pay", []), line, player))
    if name == "use":
        die = _die(line.take("the action die used").text, player)
        options = _options(line, player, "target")
        return UseAction(player, die, tuple(w.text for w in options.get("target", [])))
    if name in ("global", "activate"):
        what = line.take("the card" if name == "global" else "the die").text
        options = _options(line, player, "name", "pay", "target")
        names = options.get("name", [])
        if len(names) > 1:
            line.fail("expected one word after 'name'", names[1])
        pay = _payments(options.get("pay", []), line, player)
        targets = tuple(w.text for w in options.get("target", []))
        label = names[0].text if names else ""
        if name == "global":
            return UseGlobal(player, what.lower() if ":" not in what else what, pay, targets, label)
        return Activate(player, _die(what, player), pay, targets, label)
    if name == "pass":
        line.done()
        return PassPriority(player)
    if name == "end":
        line.done()
        return EndTurn(player)
    if name == "attack":
        words = line.rest()
        if not words:
            line.fail("expected the attacking dice (or 'end' for no attack)")
        return DeclareAttackers(player, tuple(_die(w.text, player) for w in words))
    if name == "block":
        return DeclareBlockers(player, tuple(_pair(w, line, player) for w in line.rest()))
    if name == "damage":
        return AssignDamage(player, tuple(_assignment(w, line, player) for w in line.rest()))
    if name == "order":
        words = line.rest()
        if len(words) < 2:
            line.fail("expected the effects in the order they resolve (two or more)")
        return Order(player, tuple(w.text for w in words))
    if name == "choose":
        words = line.rest()
        if not words:
            line.fail("expected what is chosen ('none' for nothing)")
        if [w.text for w in words] == ["none"]:
            return Choose(player, ())
        return Choose(player, tuple(w.text for w in words))
    if name in ("yes", "no"):
        options = _options(line, player, "pay") if name == "yes" else {}
        line.done()
        return Answer(player, name == "yes", _payments(options.get("pay", []), line, player))
    line.fail(f"unknown action {name!r} (expected one of: {', '.join(VERBS)})", verb)


def _pair(word: _Word, line: _Line, player: str) -> tuple[str, str]:
    mine, sep, theirs = word.text.partition(">")
    if not sep or not mine or not theirs:
        line.fail(f"expected <blocker>><attacker> such as SK1>5sww#1, got {word.text!r}", word)
    return _die(mine, player), _die(theirs, other(player))


def _assignment(word: _Word, line: _Line, player: str) -> tuple[str, str, int]:
    pair, sep, amount = word.text.rpartition("=")
    attacker, arrow, target = pair.partition(">")
    if not sep or not arrow or not amount.isdigit() or not attacker or not target:
        line.fail(
            f"expected <attacker>><blocker or player>=<damage> such as 5sww#1>SK1=2, got "
            f"{word.text!r}",
            word,
        )
    target_id = target if target in PLAYERS else _die(target, other(player))
    return _die(attacker, player), target_id, int(amount)


def _full_die(word: _Word, line: _Line) -> str:
    if ":" not in word.text:
        line.fail(f"name the die with its player, e.g. P1:{word.text}", word)
    return word.text


def _parse_judge(line: _Line, cards) -> JudgeAdjust:
    kind_word = line.take("an adjustment: " + ", ".join(_JUDGE_SYNTAX))
    kind = kind_word.text
    if kind not in _JUDGE_SYNTAX:
        line.fail(
            f"unknown adjustment {kind!r} (expected one of: {', '.join(_JUDGE_SYNTAX)})", kind_word
        )
    body = line.until("--")
    note = ""
    if line.peek() is not None:
        line.take("--")
        note = " ".join(w.text for w in line.rest())
    sub = _Line(line.number, line.raw, body)
    values = _JUDGE_SYNTAX[kind][1](sub, cards)
    sub.done()
    return JudgeAdjust(kind, note=note, **values)


def _j_die_zone(line, cards):
    die = _full_die(line.take("a die"), line)
    values = {"die": die, "zone": _zone(line.take("a zone"), line).value}
    if line.peek() is not None and line.peek().text == "for":
        line.take("for")
        values["target"] = line.take("P1 or P2").text
    return values


def _j_die_face(line, cards):
    word = line.take("a die")
    die = _full_die(word, line)
    return {"die": die, "face": _face(line.take("a face"), line, die, cards)}


def _j_die_amount(line, cards):
    return {
        "die": _full_die(line.take("a die"), line),
        "amount": _number(line, "a number like 2 or -1", signed=True),
    }


def _player_word(line) -> str:
    word = line.take("P1 or P2")
    if word.text not in PLAYERS:
        line.fail(f"expected P1 or P2, got {word.text!r}", word)
    return word.text


def _j_player_amount(line, cards):
    return {
        "target": _player_word(line),
        "amount": _number(line, "a number like 2 or -3", signed=True),
    }


_MODIFIER = re.compile(r"(?:([+-]\d+)A)?(?:([+-]\d+)D)?")


def _j_modifier(line, cards):
    die = _full_die(line.take("a die"), line)
    word = line.take("a modifier like +2A, -1D or +1A+1D")
    match = _MODIFIER.fullmatch(word.text)
    if not match or not word.text:
        line.fail(f"expected a modifier like +2A, -1D or +1A+1D, got {word.text!r}", word)
    return {"die": die, "attack": int(match.group(1) or 0), "defense": int(match.group(2) or 0)}


def _j_spin(line, cards):
    die = _full_die(line.take("a die"), line)
    way = line.take("up or down")
    if way.text not in ("up", "down"):
        line.fail(f"expected up or down, got {way.text!r}", way)
    levels = _number(line, "the number of levels") if line.peek() is not None else 1
    return {"die": die, "amount": levels if way.text == "up" else -levels}


def _j_die(line, cards):
    return {"die": _full_die(line.take("a die"), line)}


def _j_keyword(line, cards):
    from rules.engine.faces import keyword_id

    die = _full_die(line.take("a die"), line)
    words = line.rest()
    if not words:
        line.fail("expected a keyword, e.g. overcrush")
    return {"die": die, "mode": keyword_id(" ".join(w.text for w in words))}


def _j_draw(line, cards):
    player = _player_word(line)
    words = line.rest()
    if not words:
        line.fail("expected the dice drawn")
    return {"target": player, "dice": tuple(_die(w.text, player) for w in words)}


def _j_by(line, cards):
    die = _full_die(line.take("a die"), line)
    by = line.take("'by'")
    if by.text != "by":
        line.fail(f"expected 'by', got {by.text!r}", by)
    return {"die": die, "other": _full_die(line.take("the die that does it"), line)}


def _j_copy(line, cards):
    die = _full_die(line.take("a die"), line)
    mode = line.take("stats, abilities or die")
    if mode.text not in ("stats", "abilities", "die"):
        line.fail(f"expected stats, abilities or die, got {mode.text!r}", mode)
    return {"die": die, "mode": mode.text, "other": _full_die(line.take("the copied die"), line)}


def _j_swap(line, cards):
    return {
        "die": _full_die(line.take("a die"), line),
        "other": _full_die(line.take("the other die"), line),
    }


def _j_token(line, cards):
    player = _player_word(line)
    word = line.take("the token's A/D, e.g. 2/2")
    match = re.fullmatch(r"(\d+)/(\d+)", word.text)
    if not match:
        line.fail(f"expected the token's A/D such as 2/2, got {word.text!r}", word)
    name = " ".join(w.text for w in line.rest())
    return {
        "target": player,
        "attack": int(match.group(1)),
        "defense": int(match.group(2)),
        "mode": name,
    }


_JUDGE_SYNTAX = {
    "move": ("<die> <zone> [for P1|P2]", _j_die_zone),
    "face": ("<die> <face>", _j_die_face),
    "damage": ("<die> <n>", _j_die_amount),
    "life": ("<player> <n>", _j_player_amount),
    "modifier": ("<die> <+nA-nD>", _j_modifier),
    "spin": ("<die> up|down [n]", _j_spin),
    "ko": ("<die>", _j_die),
    "keyword": ("<die> <keyword>", _j_keyword),
    "energy": ("<player> <n>", _j_player_amount),
    "draw": ("<player> <die>...", _j_draw),
    "capture": ("<die> by <die>", _j_by),
    "control": ("<die> by <die>", _j_by),
    "release": ("<die>", _j_die),
    "copy": ("<die> stats|abilities|die <die>", _j_copy),
    "swap": ("<die> <die>", _j_swap),
    "token": ("<player> <A>/<D> [name]", _j_token),
    "reroll": ("<die> <face>", _j_die_face),
    "prep": ("<die>", _j_die),
}


# -- writing text --------------------------------------------------------------------------
def _pay_text(pay: tuple[Payment, ...], player: str) -> str:
    return " pay " + " ".join(p.notation(player) for p in pay) if pay else ""


def format_action(action: Action) -> str:
    p = action.player
    short = lambda ids: " ".join(_short(i, p) for i in ids)  # noqa: E731
    faces = lambda pairs: " ".join(f"{_short(i, p)}={f.notation()}" for i, f in pairs)  # noqa: E731
    match action:
        case Draw():
            out = f" out {short(action.out_of_play)}" if action.out_of_play else ""
            return f"{p} draw {short(action.dice)}{out}"
        case Roll():
            return f"{p} roll {faces(action.faces)}"
        case Reroll():
            return f"{p} reroll {faces(action.faces)}".rstrip()
        case Purchase():
            suit = f" suitup {_short(action.suit_up, p)}" if action.suit_up else ""
            return f"{p} buy {action.card}{_pay_text(action.pay, p)}{suit}"
        case FieldDie():
            return f"{p} field {_short(action.die, p)}{_pay_text(action.pay, p)}"
        case UseAction():
            target = f" target {' '.join(action.targets)}" if action.targets else ""
            return f"{p} use {_short(action.die, p)}{target}"
        case UseGlobal() | Activate():
            verb, what = (
                ("global", action.card)
                if isinstance(action, UseGlobal)
                else ("activate", _short(action.die, p))
            )
            name = f" name {action.name}" if action.name else ""
            target = f" target {' '.join(action.targets)}" if action.targets else ""
            return f"{p} {verb} {what}{name}{_pay_text(action.pay, p)}{target}"
        case PassPriority():
            return f"{p} pass"
        case EndTurn():
            return f"{p} end"
        case DeclareAttackers():
            return f"{p} attack {short(action.dice)}"
        case DeclareBlockers():
            blocks = " ".join(f"{_short(b, p)}>{_short(a, other(p))}" for b, a in action.blocks)
            return f"{p} block {blocks}".rstrip()
        case AssignDamage():
            parts = " ".join(
                f"{_short(a, p)}>{t if t in PLAYERS else _short(t, other(p))}={n}"
                for a, t, n in action.assignments
            )
            return f"{p} damage {parts}".rstrip()
        case Order():
            return f"{p} order {' '.join(action.labels)}"
        case Choose():
            return f"{p} choose {' '.join(action.picks) or 'none'}"
        case Answer():
            return f"{p} yes{_pay_text(action.pay, p)}" if action.yes else f"{p} no"
        case JudgeAdjust():
            return _format_judge(action)
    raise TypeError(f"not an action: {action!r}")


def _format_judge(a: JudgeAdjust) -> str:
    signed = f"{a.amount:+d}"
    body = {
        "move": lambda: f"{a.die} {a.zone}" + (f" for {a.target}" if a.target else ""),
        "face": lambda: f"{a.die} {a.face.notation()}",
        "damage": lambda: f"{a.die} {signed}",
        "life": lambda: f"{a.target} {signed}",
        "modifier": lambda: (
            f"{a.die} "
            + (f"{a.attack:+d}A" if a.attack else "")
            + (f"{a.defense:+d}D" if a.defense or not a.attack else "")
        ),
        "spin": lambda: f"{a.die} {'up' if a.amount > 0 else 'down'} {abs(a.amount)}",
        "ko": lambda: a.die,
        "keyword": lambda: f"{a.die} {a.mode}",
        "energy": lambda: f"{a.target} {signed}",
        "draw": lambda: f"{a.target} " + " ".join(_short(d, a.target) for d in a.dice),
        "capture": lambda: f"{a.die} by {a.other}",
        "control": lambda: f"{a.die} by {a.other}",
        "release": lambda: a.die,
        "copy": lambda: f"{a.die} {a.mode} {a.other}",
        "swap": lambda: f"{a.die} {a.other}",
        "token": lambda: f"{a.target} {a.attack}/{a.defense}" + (f" {a.mode}" if a.mode else ""),
        "reroll": lambda: f"{a.die} {a.face.notation()}",
        "prep": lambda: a.die,
    }[a.kind]()
    note = f" -- {a.note}" if a.note else ""
    return f"judge {a.kind} {body}{note}"


def format_board(board: Board) -> list[str]:
    header = f"board turn {board.turn} active {board.active} step {board.step.value}"
    lines = [header + (f" priority {board.priority}" if board.priority else "")]
    lines += [f"{player} life {life}" for player, life in board.life]
    lines += [f"{player} energy {amount}" for player, amount in board.energy]
    for p in board.placements:
        face = f" {p.face.notation()}" if p.face else ""
        damage = f" damage {p.damage}" if p.damage else ""
        blocking = f" blocking {_short(p.blocking, other(p.player))}" if p.blocking else ""
        lines.append(
            f"{p.player} die {_short(p.die, p.player)} {p.zone.value}{face}{damage}{blocking}"
        )
    return lines


def format_log(log: GameLog) -> str:
    lines = [f"game {log.format} life {log.starting_life} first {log.first_player}"]
    for player in PLAYERS:
        own = [f"{k}:{n}" for k, n in log.teams[player] if n]
        basic = [k for k, n in log.teams[player] if not n]
        lines.append(
            f"{player} team {' '.join(own)}" + (f" basic {' '.join(basic)}" if basic else "")
        )
    if log.board is not None:
        lines += format_board(log.board)
    lines += [format_action(action) for _, action in log.actions]
    return "\n".join(lines) + "\n"


# -- the equivalent JSON form ------------------------------------------------------------
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
    if document.get("board"):
        try:
            log.board = _board_from_json(document["board"], cards)
        except (KeyError, TypeError, ValueError) as error:
            raise JsonLogError(f"board: {error}") from error
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
                parse_face(face, _card_of_die(item["die"], cards)) if face else None,
                int(item.get("damage", 0)),
                item.get("blocking", "") or "",
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
    kind = _ACTIONS.get(entry.get("type"))
    if kind is None:
        raise JsonLogError(f"action {index}: unknown type {entry.get('type')!r}")
    values = {k: v for k, v in entry.items() if k not in ("type", "line")}
    known = {f.name for f in fields(kind)}
    if unknown := set(values) - known:
        raise JsonLogError(f"action {index} ({kind.__name__}): unknown field(s) {sorted(unknown)}")
    try:
        return kind(
            **{
                name: _field_from_json(kind, name, value, values, cards)
                for name, value in values.items()
            }
        )
    except (TypeError, ValueError, AttributeError) as error:
        raise JsonLogError(f"action {index} ({kind.__name__}): {error}") from error


def _field_from_json(kind, name: str, value, values: dict, cards):
    if name == "faces":
        return tuple((d, parse_face(f, _card_of_die(d, cards))) for d, f in value)
    if name == "face":
        return parse_face(value, _card_of_die(values["die"], cards)) if value else None
    if name == "pay":
        return tuple(_payment_from_json(p) for p in value)
    if name in ("blocks", "assignments"):
        return tuple(tuple(item) for item in value)
    if isinstance(value, list):
        return tuple(value)
    return value
