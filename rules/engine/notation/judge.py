"""Judge adjustment lines (J1): 'judge <kind> <arguments> [-- note]', read and written."""

import re

from rules.engine.actions import JudgeAdjust
from rules.engine.notation.words import (
    Line,
    die_name,
    full_die_name,
    read_face,
    read_number,
    read_player,
    read_zone,
    short_name,
)


def parse_judge(line: Line, cards) -> JudgeAdjust:
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
    sub = Line(line.number, line.raw, body)
    values = _JUDGE_SYNTAX[kind][1](sub, cards)
    sub.done()
    return JudgeAdjust(kind, note=note, **values)


def _j_die_zone(line, cards):
    die = full_die_name(line.take("a die"), line)
    values = {"die": die, "zone": read_zone(line.take("a zone"), line).value}
    if line.peek() is not None and line.peek().text == "for":
        line.take("for")
        values["target"] = line.take("P1 or P2").text
    return values


def _j_die_face(line, cards):
    word = line.take("a die")
    die = full_die_name(word, line)
    return {"die": die, "face": read_face(line.take("a face"), line, die, cards)}


def _j_die_amount(line, cards):
    return {
        "die": full_die_name(line.take("a die"), line),
        "amount": read_number(line, "a number like 2 or -1", signed=True),
    }


def _j_player_amount(line, cards):
    return {
        "target": read_player(line),
        "amount": read_number(line, "a number like 2 or -3", signed=True),
    }


_MODIFIER = re.compile(r"(?:([+-]\d+)A)?(?:([+-]\d+)D)?")


def _j_modifier(line, cards):
    die = full_die_name(line.take("a die"), line)
    word = line.take("a modifier like +2A, -1D or +1A+1D")
    match = _MODIFIER.fullmatch(word.text)
    if not match or not word.text:
        line.fail(f"expected a modifier like +2A, -1D or +1A+1D, got {word.text!r}", word)
    return {"die": die, "attack": int(match.group(1) or 0), "defense": int(match.group(2) or 0)}


def _j_spin(line, cards):
    die = full_die_name(line.take("a die"), line)
    way = line.take("up or down")
    if way.text not in ("up", "down"):
        line.fail(f"expected up or down, got {way.text!r}", way)
    levels = read_number(line, "the number of levels") if line.peek() is not None else 1
    return {"die": die, "amount": levels if way.text == "up" else -levels}


def _j_die(line, cards):
    return {"die": full_die_name(line.take("a die"), line)}


def _j_keyword(line, cards):
    from rules.engine.faces import keyword_id

    die = full_die_name(line.take("a die"), line)
    words = line.rest()
    if not words:
        line.fail("expected a keyword, e.g. overcrush")
    return {"die": die, "mode": keyword_id(" ".join(w.text for w in words))}


def _j_draw(line, cards):
    player = read_player(line)
    words = line.rest()
    if not words:
        line.fail("expected the dice drawn")
    return {"target": player, "dice": tuple(die_name(w.text, player) for w in words)}


def _two_dice(word: str, other: str):
    """A judge line '<die> WORD <die>': the die and the `other` one it names."""

    def read(line, cards):
        die = full_die_name(line.take("a die"), line)
        said = line.take(f"'{word}'")
        if said.text != word:
            line.fail(f"expected {word!r}, got {said.text!r}", said)
        return {"die": die, "other": full_die_name(line.take(other), line)}

    return read


_j_by = _two_dice("by", "the die that does it")
_j_attach = _two_dice("to", "the character die")
_j_pair = _two_dice("with", "the die it pairs up with")


def _j_copy(line, cards):
    die = full_die_name(line.take("a die"), line)
    mode = line.take("stats, abilities or die")
    if mode.text not in ("stats", "abilities", "die"):
        line.fail(f"expected stats, abilities or die, got {mode.text!r}", mode)
    return {
        "die": die,
        "mode": mode.text,
        "other": full_die_name(line.take("the copied die"), line),
    }


def _j_swap(line, cards):
    return {
        "die": full_die_name(line.take("a die"), line),
        "other": full_die_name(line.take("the other die"), line),
    }


def _j_token(line, cards):
    player = read_player(line)
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
    "attach": ("<die> to <die>", _j_attach),
    "detach": ("<die>", _j_die),
    "pair": ("<die> with <die>", _j_pair),
    "unpair": ("<die>", _j_die),
}


def format_judge(a: JudgeAdjust) -> str:
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
        "draw": lambda: f"{a.target} " + " ".join(short_name(d, a.target) for d in a.dice),
        "capture": lambda: f"{a.die} by {a.other}",
        "control": lambda: f"{a.die} by {a.other}",
        "release": lambda: a.die,
        "copy": lambda: f"{a.die} {a.mode} {a.other}",
        "swap": lambda: f"{a.die} {a.other}",
        "token": lambda: f"{a.target} {a.attack}/{a.defense}" + (f" {a.mode}" if a.mode else ""),
        "reroll": lambda: f"{a.die} {a.face.notation()}",
        "prep": lambda: a.die,
        "attach": lambda: f"{a.die} to {a.other}",
        "detach": lambda: a.die,
        "pair": lambda: f"{a.die} with {a.other}",
        "unpair": lambda: a.die,
    }[a.kind]()
    note = f" -- {a.note}" if a.note else ""
    return f"judge {a.kind} {body}{note}"
