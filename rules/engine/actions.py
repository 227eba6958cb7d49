"""The actions a log records: player decisions plus the recorded draws and rolls (no dice are
ever rolled by the engine itself, so a replay is exact)."""

from dataclasses import dataclass

from rules.engine.faces import Face


@dataclass(frozen=True)
class Draw:
    """The dice drawn in Clear and Draw; on the first player's first turn one of four drawn goes
    Out of Play (R3.3)."""

    player: str
    dice: tuple[str, ...]
    out_of_play: tuple[str, ...] = ()


@dataclass(frozen=True)
class Roll:
    player: str
    faces: tuple[tuple[str, Face], ...]


@dataclass(frozen=True)
class Reroll:
    player: str
    faces: tuple[tuple[str, Face], ...]


@dataclass(frozen=True)
class Purchase:
    player: str
    card: str
    pay: tuple[str, ...]


@dataclass(frozen=True)
class FieldDie:
    player: str
    die: str
    pay: tuple[str, ...] = ()


@dataclass(frozen=True)
class EndTurn:
    """The Main Step ends with no attack and the turn ends (R5.3, R5.5)."""

    player: str


@dataclass(frozen=True)
class UseAction:
    """Use an action die from the Reserve Pool (its effect follows as judge adjustments until
    card abilities are automated)."""

    player: str
    die: str


@dataclass(frozen=True)
class DeclareAttackers:
    player: str
    dice: tuple[str, ...]


@dataclass(frozen=True)
class DeclareBlockers:
    """The defender's blocks: (blocker, attacker) pairs; none at all is allowed."""

    player: str
    blocks: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class AssignDamage:
    """How each attacker with several blockers splits its A: (attacker, blocker, amount)."""

    player: str
    assignments: tuple[tuple[str, str, int], ...] = ()


@dataclass(frozen=True)
class JudgeAdjust:
    """A judge's manual change for an effect the engine doesn't automate (logged, marked J1).

    kind: "move" (die to zone), "face" (die shows face), "damage" (die takes amount),
    "life" (player's life changes by amount), "modifier" (die gets +attack/+defense until
    end of turn).
    """

    kind: str
    die: str = ""
    zone: str = ""
    face: Face | None = None
    amount: int = 0
    target: str = ""  # the player, for "life"
    attack: int = 0
    defense: int = 0
    note: str = ""
    player: str = "judge"


Action = (
    Draw | Roll | Reroll | Purchase | FieldDie | UseAction | DeclareAttackers | DeclareBlockers
    | AssignDamage | EndTurn | JudgeAdjust
)  # fmt: skip
