"""The text form of a game log: one action per line that a judge can type and read.
`format_log(parse_log(text))` gives the same log back (the grammar is in docs/game-log.md)."""

import re
from dataclasses import dataclass, field

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
from rules.engine.board import Board, Placement
from rules.engine.faces import SYMBOLS, CardDef, Face
from rules.engine.notation.judge import format_judge, parse_judge
from rules.engine.notation.words import (
    FORMATS,
    PLAYERS,
    Line,
    NotationError,
    Word,
    die_name,
    read_card,
    read_face,
    read_lines,
    read_number,
    read_zone,
    short_name,
)
from rules.engine.state import Step, Zone, other

VERBS = (
    "draw", "roll", "reroll", "buy", "field", "use", "global", "activate", "pass", "attack",
    "block", "damage", "no attack", "end", "order", "choose", "yes", "no",
)  # fmt: skip


@dataclass
class GameLog:
    """A parsed log. `board` is set when it starts from a described board."""

    teams: dict[str, list[tuple[str, int]]] = field(default_factory=lambda: {"P1": [], "P2": []})
    first_player: str = "P1"
    starting_life: int = 20
    format: str = "tournament"
    actions: list[tuple[int, Action]] = field(default_factory=list)  # (line number, action)
    board: Board | None = None


def parse_log(text: str, cards: dict[str, CardDef]) -> GameLog:
    """Read a log; NotationError (with line, column and what was expected) if it can't."""
    log = GameLog()
    for line in read_lines(text):
        head = line.take("a player, 'game', 'board' or 'judge'")
        if head.text == "game":
            _parse_game(log, line)
        elif head.text == "board":
            if log.actions or log.board is not None:
                line.fail("the board is described once, before any action", head)
            log.board = _parse_board_header(line)
        elif head.text == "judge":
            log.actions.append((line.number, parse_judge(line, cards)))
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


def _parse_game(log: GameLog, line: Line) -> None:
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
            log.starting_life = read_number(line, "the starting life, a number")
        elif word.text == "first":
            first = line.take("P1 or P2")
            if first.text not in PLAYERS:
                line.fail(f"expected P1 or P2 after 'first', got {first.text!r}", first)
            log.first_player = first.text
        else:
            line.fail(f"expected 'life' or 'first', got {word.text!r}", word)


def _parse_team(line: Line, cards) -> list[tuple[str, int]]:
    team, basic = [], False
    for word in line.rest():
        if word.text == "basic":
            basic = True
            continue
        key, _, count = word.text.partition(":")
        if basic:
            team.append((read_card(Word(key, word.column), line, cards), 0))
            continue
        if not count.isdecimal():
            line.fail(
                f"expected <card>:<dice> such as 19sww:4 (or 'basic' and the basic action "
                f"cards), got {word.text!r}",
                word,
            )
        team.append((read_card(Word(key, word.column), line, cards), int(count)))
    return team


def _parse_board_header(line: Line) -> Board:
    values = {"turn": "1", "active": "P1", "step": "main", "priority": ""}
    while (word := line.peek()) is not None:
        line.take("turn, active, step or priority")
        if word.text not in values:
            line.fail(f"expected turn, active, step or priority, got {word.text!r}", word)
        values[word.text] = line.take(f"a value after {word.text!r}").text
    steps = ("clear_and_draw", "roll_and_reroll", "main", "no_attack", "blockers", "window")
    if not values["turn"].isdecimal():
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


def _parse_board_line(board: Board, player: str, verb: Word, line: Line, cards) -> Board:
    from dataclasses import replace

    if verb.text == "life":
        life = read_number(line, "the player's life, a number")
        line.done()
        return replace(board, life=(*board.life, (player, life)))
    if verb.text == "energy":
        amount = read_number(line, "the player's virtual energy, a number")
        line.done()
        return replace(board, energy=(*board.energy, (player, amount)))
    die_id = die_name(line.take("a die name").text, player)
    zone = read_zone(line.take("a zone"), line)
    face, damage, blocking, attached, held_by, held_from = None, 0, "", "", "", None
    paired = ""
    while (word := line.peek()) is not None:
        line.take("a face, 'damage N', 'blocking <die>', 'attached <die>' or 'paired <die>'")
        if word.text in ("by", "from") and zone != Zone.CAPTURED:
            line.fail(f"'{word.text}' describes a captured die (zone 'captured')", word)
        if word.text == "damage":
            damage = read_number(line, "the damage, a number")
        elif word.text == "blocking":
            blocking = die_name(line.take("the attacker it blocks").text, other(player))
        elif word.text == "attached":
            attached = die_name(line.take("the character die it is attached to").text, player)
        elif word.text == "paired":
            paired = die_name(line.take("the die it is paired up with").text, player)
        elif word.text == "by":
            held_by = die_name(line.take("the die that captured it").text, player)
        elif word.text == "from":
            held_from = read_zone(line.take("the zone it was captured from"), line)
        elif face is None:
            face = read_face(word, line, die_id, cards)
        else:
            line.fail(
                f"expected 'damage N', 'blocking <die>', 'attached <die>' or 'paired <die>', "
                f"got {word.text!r}",
                word,
            )
    placement = Placement(
        line.number,
        player,
        die_id,
        zone,
        face,
        damage,
        blocking,
        attached,
        held_by,
        held_from,
        paired,
    )
    return replace(board, placements=(*board.placements, placement))


def _payments(words: list[Word], line: Line, player: str) -> tuple[Payment, ...]:
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
        found.append(Payment(die_name(die, player), part))
    return tuple(found)


def _faces(words: list[Word], line: Line, player: str, cards) -> tuple[tuple[str, Face], ...]:
    faces = []
    for word in words:
        die, sep, text = word.text.partition("=")
        if not sep or not text:
            line.fail(f"expected <die>=<face> such as SK1=mask, got {word.text!r}", word)
        die_id = die_name(die, player)
        face_word = Word(text, word.column + len(die) + 1)
        faces.append((die_id, read_face(face_word, line, die_id, cards)))
    return tuple(faces)


def _words_after(line: Line, keyword: str, *stops: str) -> list[Word]:
    word = line.peek()
    if word is None or word.text != keyword:
        return []
    line.take(keyword)
    return line.until(*stops)


def _options(line: Line, player: str, *keywords: str) -> dict[str, list[Word]]:
    """Optional 'keyword words...' groups, in any order."""
    found: dict[str, list[Word]] = {}
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
    "times": "the number of uses paid for in one batch",
}


def _parse_action(player: str, verb: Word, line: Line, cards) -> Action:
    name = verb.text
    if name == "draw":
        drawn = line.until("out")
        out = _words_after(line, "out")
        if not drawn:
            line.fail("expected the dice drawn, e.g. 'draw SK1 SK2 SK3 SK4'")
        return Draw(
            player,
            tuple(die_name(w.text, player) for w in drawn),
            tuple(die_name(w.text, player) for w in out),
        )
    if name == "roll":
        words = line.rest()
        if not words:
            line.fail("expected <die>=<face> for each die rolled")
        return Roll(player, _faces(words, line, player, cards))
    if name == "reroll":
        return Reroll(player, _faces(line.rest(), line, player, cards))
    if name == "buy":
        card = read_card(line.take("the card bought"), line, cards)
        options = _options(line, player, "pay", "suitup")
        suit = options.get("suitup", [])
        if len(suit) > 1:
            line.fail("expected one die after 'suitup'", suit[1])
        return Purchase(
            player,
            card,
            _payments(options.get("pay", []), line, player),
            die_name(suit[0].text, player) if suit else "",
        )
    if name == "field":
        die = die_name(line.take("the die fielded").text, player)
        options = _options(line, player, "pay")
        return FieldDie(player, die, _payments(options.get("pay", []), line, player))
    if name == "use":
        die = die_name(line.take("the action die used").text, player)
        options = _options(line, player, "target")
        return UseAction(player, die, tuple(w.text for w in options.get("target", [])))
    if name in ("global", "activate"):
        what = line.take("the card" if name == "global" else "the die").text
        keywords = (
            ("name", "times", "pay", "target") if name == "global" else ("name", "pay", "target")
        )
        options = _options(line, player, *keywords)
        names = options.get("name", [])
        if len(names) > 1:
            line.fail("expected one word after 'name'", names[1])
        pay = _payments(options.get("pay", []), line, player)
        targets = tuple(w.text for w in options.get("target", []))
        label = names[0].text if names else ""
        if name == "global":
            card = what.lower() if ":" not in what else what
            times = _times(options.get("times"), line)
            return UseGlobal(player, card, pay, targets, label, times)
        return Activate(player, die_name(what, player), pay, targets, label)
    if name == "pass":
        line.done()
        return PassPriority(player)
    if name == "end":
        line.done()
        return EndTurn(player)
    if name == "no" and line.peek() is not None and line.peek().text == "attack":
        line.take("attack")
        line.done()
        return DeclareNoAttack(player)
    if name == "attack":
        words = line.rest()
        if not words:
            line.fail("expected the attacking dice (or 'end' for no attack)")
        return DeclareAttackers(player, tuple(die_name(w.text, player) for w in words))
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


def _times(words: list[Word] | None, line: Line) -> int:
    """'times N': the uses of a global paid for in one batch (R10.3)."""
    if words is None:
        return 1
    if len(words) > 1 or not words[0].text.isdecimal() or int(words[0].text) < 1:
        word = words[1] if len(words) > 1 and words[0].text.isdecimal() else words[0]
        line.fail(
            f"expected the number of uses paid for in one batch (1 or more), got {word.text!r}",
            word,
        )
    return int(words[0].text)


def _pair(word: Word, line: Line, player: str) -> tuple[str, str]:
    mine, sep, theirs = word.text.partition(">")
    if not sep or not mine or not theirs:
        line.fail(f"expected <blocker>><attacker> such as SK1>5sww#1, got {word.text!r}", word)
    return die_name(mine, player), die_name(theirs, other(player))


def _assignment(word: Word, line: Line, player: str) -> tuple[str, str, int]:
    pair, sep, amount = word.text.rpartition("=")
    attacker, arrow, target = pair.partition(">")
    if not sep or not arrow or not amount.isdecimal() or not attacker or not target:
        line.fail(
            f"expected <attacker>><blocker or player>=<damage> such as 5sww#1>SK1=2, got "
            f"{word.text!r}",
            word,
        )
    target_id = target if target in PLAYERS else die_name(target, other(player))
    return die_name(attacker, player), target_id, int(amount)


# -- writing text --------------------------------------------------------------------------
def _pay_text(pay: tuple[Payment, ...], player: str) -> str:
    return " pay " + " ".join(p.notation(player) for p in pay) if pay else ""


def format_action(action: Action) -> str:
    p = action.player
    short = lambda ids: " ".join(short_name(i, p) for i in ids)  # noqa: E731
    faces = lambda pairs: " ".join(f"{short_name(i, p)}={f.notation()}" for i, f in pairs)  # noqa: E731
    match action:
        case Draw():
            out = f" out {short(action.out_of_play)}" if action.out_of_play else ""
            return f"{p} draw {short(action.dice)}{out}"
        case Roll():
            return f"{p} roll {faces(action.faces)}"
        case Reroll():
            return f"{p} reroll {faces(action.faces)}".rstrip()
        case Purchase():
            suit = f" suitup {short_name(action.suit_up, p)}" if action.suit_up else ""
            return f"{p} buy {action.card}{_pay_text(action.pay, p)}{suit}"
        case FieldDie():
            return f"{p} field {short_name(action.die, p)}{_pay_text(action.pay, p)}"
        case UseAction():
            target = f" target {' '.join(action.targets)}" if action.targets else ""
            return f"{p} use {short_name(action.die, p)}{target}"
        case UseGlobal() | Activate():
            verb, what = (
                ("global", action.card)
                if isinstance(action, UseGlobal)
                else ("activate", short_name(action.die, p))
            )
            name = f" name {action.name}" if action.name else ""
            times = getattr(action, "times", 1)
            batch = f" times {times}" if times != 1 else ""
            target = f" target {' '.join(action.targets)}" if action.targets else ""
            return f"{p} {verb} {what}{name}{batch}{_pay_text(action.pay, p)}{target}"
        case PassPriority():
            return f"{p} pass"
        case EndTurn():
            return f"{p} end"
        case DeclareNoAttack():
            return f"{p} no attack"
        case DeclareAttackers():
            return f"{p} attack {short(action.dice)}"
        case DeclareBlockers():
            blocks = " ".join(
                f"{short_name(b, p)}>{short_name(a, other(p))}" for b, a in action.blocks
            )
            return f"{p} block {blocks}".rstrip()
        case AssignDamage():
            parts = " ".join(
                f"{short_name(a, p)}>{t if t in PLAYERS else short_name(t, other(p))}={n}"
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
            return format_judge(action)
    raise TypeError(f"not an action: {action!r}")


def format_board(board: Board) -> list[str]:
    header = f"board turn {board.turn} active {board.active} step {board.step.value}"
    lines = [header + (f" priority {board.priority}" if board.priority else "")]
    lines += [f"{player} life {life}" for player, life in board.life]
    lines += [f"{player} energy {amount}" for player, amount in board.energy]
    for p in board.placements:
        face = f" {p.face.notation()}" if p.face else ""
        damage = f" damage {p.damage}" if p.damage else ""
        blocking = f" blocking {short_name(p.blocking, other(p.player))}" if p.blocking else ""
        attached = f" attached {short_name(p.attached, p.player)}" if p.attached else ""
        held = f" by {short_name(p.held_by, p.player)}" if p.held_by else ""
        held += f" from {p.held_from.value}" if p.held_from else ""
        paired = f" paired {short_name(p.paired, p.player)}" if p.paired else ""
        lines.append(
            f"{p.player} die {short_name(p.die, p.player)} {p.zone.value}{face}{damage}"
            f"{blocking}{attached}{held}{paired}"
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
