"""The judge adjustment form: its fields turned into one `judge` line of the game log (J1),
read back by the engine's own notation so the line is exactly what the replay will accept.
Pure: no Django.
"""

from collections.abc import Mapping

from rules.engine import NotationError, parse_action
from rules.engine.notation import format_action

# Each kind's fields, in the order its line names them (docs/game-log.md, "adjustment").
KINDS: dict[str, tuple[str, ...]] = {
    "move": ("die", "zone", "player?"),
    "face": ("die", "face"),
    "reroll": ("die", "face"),
    "damage": ("die", "amount"),
    "life": ("player", "amount"),
    "energy": ("player", "amount"),
    "modifier": ("die", "attack", "defense"),
    "spin": ("die", "amount"),
    "ko": ("die",),
    "prep": ("die",),
    "release": ("die",),
    "keyword": ("die", "keyword"),
    "draw": ("player", "dice"),
    "capture": ("die", "other"),
    "control": ("die", "other"),
    "copy": ("die", "mode", "other"),
    "swap": ("die", "other"),
    "token": ("player", "attack", "defense", "name?"),
    "attach": ("die", "other"),
    "detach": ("die",),
    "pair": ("die", "other"),
    "unpair": ("die",),
}
KIND_TITLES = {
    "move": "Move a die to a zone",
    "face": "Turn a die to a face",
    "reroll": "Reroll a die (give the face it landed on)",
    "damage": "Add or remove damage",
    "life": "Change a player's life",
    "energy": "Give virtual energy",
    "modifier": "+A/+D until end of turn",
    "spin": "Spin up or down",
    "ko": "KO a die",
    "prep": "Prep a die",
    "release": "Release a captured or controlled die",
    "keyword": "Grant a keyword until end of turn",
    "draw": "A player draws dice",
    "capture": "Capture a die",
    "control": "Take control of a die",
    "copy": "A die copies another",
    "swap": "Swap two dice",
    "token": "Create a token",
    "attach": "Attach a die to a character die (equipment)",
    "detach": "Detach a die",
    "pair": "Pair up a die just fielded with another (Heroic)",
    "unpair": "End a die's pairing",
}
FIELD_LABELS = {
    "die": "the die",
    "zone": "the zone",
    "player": "the player",
    "face": "the face",
    "amount": "the amount",
    "attack": "A",
    "defense": "D",
    "keyword": "the keyword",
    "dice": "the dice drawn",
    "other": "the other die",
    "mode": "stats, abilities or die",
    "name": "the token's name",
}


class AdjustmentError(ValueError):
    """A field missing or wrong: `field` names it, the message says what is expected."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(message)


def adjustment_line(values: Mapping[str, str], cards) -> str:
    """One `judge ...` line from the form's values; AdjustmentError says which field is wrong."""
    kind = (values.get("kind") or "").strip()
    if kind not in KINDS:
        raise AdjustmentError("kind", f"Choose an adjustment ({', '.join(KINDS)}).")
    form = _Form(values)
    words = _BUILDERS.get(kind, _plain)(kind, form)
    note = form.text("note")
    line = " ".join(["judge", kind, *(w for w in words if w)]) + (f" -- {note}" if note else "")
    try:
        action = parse_action(line, cards)
    except NotationError as error:
        message = str(error).split(": ", 1)[-1]
        raise AdjustmentError(_field_at(kind, line, error.column), message) from error
    return format_action(action)


class _Form:
    def __init__(self, values: Mapping[str, str]):
        self.values = values

    def text(self, name: str, *, required: bool = False) -> str:
        value = " ".join((self.values.get(name) or "").split())
        if required and not value:
            raise AdjustmentError(name, f"Give {FIELD_LABELS[name]}.")
        return value

    def number(self, name: str, *, required: bool = True) -> int | None:
        value = self.text(name, required=required)
        if not value:
            return None
        try:
            return int(value)
        except ValueError:
            raise AdjustmentError(
                name, f"{FIELD_LABELS[name]}: a whole number such as 2 or -1, not {value!r}."
            ) from None


def _plain(kind: str, form: _Form) -> list[str]:
    """Fields written as they are, in order; signed amounts with their sign."""
    words = []
    for name in KINDS[kind]:
        optional = name.endswith("?")
        name = name.rstrip("?")
        if name == "amount":
            words.append(f"{form.number(name):+d}")
        else:
            words.append(form.text(name, required=not optional))
    return words


def _move(kind: str, form: _Form) -> list[str]:
    player = form.text("player")
    return [form.text("die", required=True), form.text("zone", required=True)] + (
        ["for", player] if player else []
    )


def _spin(kind: str, form: _Form) -> list[str]:
    levels = form.number("amount")
    if not levels:
        raise AdjustmentError("amount", "Spin by a number of levels: 1 or 2 up, -1 or -2 down.")
    return [form.text("die", required=True), "up" if levels > 0 else "down", str(abs(levels))]


def _modifier(kind: str, form: _Form) -> list[str]:
    attack = form.number("attack", required=False)
    defense = form.number("defense", required=False)
    if not attack and not defense:
        raise AdjustmentError("attack", "Give a change to A, to D or to both, such as +2 or -1.")
    change = (f"{attack:+d}A" if attack else "") + (f"{defense:+d}D" if defense else "")
    return [form.text("die", required=True), change]


def _two_dice(word: str):
    """'<die> WORD <other die>' (capture/control by, attach to, pair with)."""

    def build(kind: str, form: _Form) -> list[str]:
        return [form.text("die", required=True), word, form.text("other", required=True)]

    return build


def _token(kind: str, form: _Form) -> list[str]:
    attack, defense = form.number("attack"), form.number("defense")
    return [form.text("player", required=True), f"{attack}/{defense}", form.text("name")]


_BUILDERS = {
    "move": _move,
    "spin": _spin,
    "modifier": _modifier,
    "capture": _two_dice("by"),
    "control": _two_dice("by"),
    "token": _token,
    "attach": _two_dice("to"),
    "pair": _two_dice("with"),
}


def _field_at(kind: str, line: str, column: int) -> str:
    """The form field whose text sits at `column` of the line (1-based), for the error."""
    prefix = len(f"judge {kind} ")
    if column <= prefix:
        return "kind"
    if " -- " in line and column > line.index(" -- "):
        return "note"
    names = [n.rstrip("?") for n in KINDS[kind]]
    index = len(line[prefix : column - 1].split())
    if kind in ("capture", "control", "attach", "pair") and index >= 1:
        index = 1  # 'by' (or 'to', 'with') and the other die
    return names[min(index, len(names) - 1)]
