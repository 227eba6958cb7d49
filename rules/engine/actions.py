"""The actions a log records: player decisions, answers to the engine's requests, the recorded
draws and rolls (the engine never rolls a die itself, so a replay is exact), and judge
adjustments. Each is a small frozen value; `rules.engine.notation` reads and writes them."""

from dataclasses import dataclass

from rules.engine.faces import Face


@dataclass(frozen=True)
class Payment:
    """One part of a payment: a die from the Reserve Pool (all its energy, or only `part`, one
    symbol of a two-symbol face: R6.3), or `virtual` generic energy (R6.4)."""

    die: str = ""
    part: str = ""
    virtual: int = 0

    def notation(self, player: str = "") -> str:
        if self.virtual:
            return "virtual" + (str(self.virtual) if self.virtual > 1 else "")
        die = self.die.removeprefix(f"{player}:") if player else self.die
        return f"{die}/{self.part}" if self.part else die


def _payments(pay) -> tuple[Payment, ...]:
    return tuple(p if isinstance(p, Payment) else Payment(die=p) for p in pay)


class _Paying:
    def __post_init__(self) -> None:
        object.__setattr__(self, "pay", _payments(self.pay))


@dataclass(frozen=True)
class Draw:
    """The dice drawn from the bag (Clear and Draw, or an effect's draw). On the first
    player's first turn one more die goes Out of Play (R3.3)."""

    player: str
    dice: tuple[str, ...]
    out_of_play: tuple[str, ...] = ()


@dataclass(frozen=True)
class Roll:
    """How the rolled dice landed: (die, face) for every die rolled."""

    player: str
    faces: tuple[tuple[str, Face], ...]


@dataclass(frozen=True)
class Reroll:
    """The one group reroll of Roll and Reroll (R5.2); no dice keeps every face."""

    player: str
    faces: tuple[tuple[str, Face], ...] = ()


@dataclass(frozen=True)
class Purchase(_Paying):
    player: str
    card: str
    pay: tuple[Payment, ...] = ()
    suit_up: str = ""  # the die KO'd for Suit Up (K-SUITUP)


@dataclass(frozen=True)
class FieldDie(_Paying):
    player: str
    die: str
    pay: tuple[Payment, ...] = ()


@dataclass(frozen=True)
class UseAction:
    """Use an action die from the Reserve Pool (R9); `targets` answers its first choice."""

    player: str
    die: str
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class UseGlobal(_Paying):
    """Use a global ability (R10). `card` is a basic action card key, or 'P1:9sww' for a
    card on a team when both teams have it; `name` picks one of several globals. `times`
    uses paid for at once, in one batch, resolve as a single effect (R10.3): `pay` covers
    the cost that many times."""

    player: str
    card: str
    pay: tuple[Payment, ...] = ()
    targets: tuple[str, ...] = ()
    name: str = ""
    times: int = 1


@dataclass(frozen=True)
class Activate(_Paying):
    """Use a die's own ability that has a cost (for example 'pay [B]: double this die's A'),
    or send a continuous action die in the Field to the Used Pile for its effect (R9.3)."""

    player: str
    die: str
    pay: tuple[Payment, ...] = ()
    targets: tuple[str, ...] = ()
    name: str = ""


@dataclass(frozen=True)
class PassPriority:
    player: str


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
    """How attackers split their damage: (attacker, blocker or the defending player, amount).
    Only attackers with several blockers (or Overcrush) need a split."""

    player: str
    assignments: tuple[tuple[str, str, int], ...] = ()


@dataclass(frozen=True)
class DeclareNoAttack:
    """The active player declares no attackers: the Main Step ends and there is no attack
    step (R5.4). The game stops at that moment, before Cleanup, so a log can record what was
    tried then; the active player's `EndTurn` goes on to Cleanup and the next turn."""

    player: str


@dataclass(frozen=True)
class EndTurn:
    """The Main Step ends with no attack and the turn ends (R5.3, R5.4, R5.5): the shorthand
    for `DeclareNoAttack` and Cleanup, or, after a `DeclareNoAttack`, Cleanup."""

    player: str


@dataclass(frozen=True)
class Order:
    """The order in which a player's simultaneous triggers resolve (R13.3), by label."""

    player: str
    labels: tuple[str, ...]


@dataclass(frozen=True)
class Choose:
    """An answer to a 'choose' request: the picked dice, players or options."""

    player: str
    picks: tuple[str, ...]


@dataclass(frozen=True)
class Answer(_Paying):
    """An answer to a 'may' request: yes (with a payment, when it costs) or no."""

    player: str
    yes: bool
    pay: tuple[Payment, ...] = ()


JUDGE_KINDS = (
    "move",
    "face",
    "damage",
    "life",
    "modifier",
    "spin",
    "ko",
    "keyword",
    "energy",
    "draw",
    "capture",
    "control",
    "release",
    "copy",
    "swap",
    "token",
    "reroll",
    "prep",
    "attach",
    "detach",
    "pair",
    "unpair",
)


@dataclass(frozen=True)
class JudgeAdjust:
    """A judge's manual change for an effect the engine doesn't automate (logged, J1).

    kind: "move" (die to zone), "face" (die shows face), "damage" (die takes amount),
    "life" (target player's life changes by amount), "modifier" (+attack/+defense until end
    of turn), "spin" (amount levels, negative for down), "ko", "keyword" (grant `mode` until
    end of turn), "energy" (target player gains amount virtual energy), "draw" (target player
    draws `dice` from the bag into `zone`), "capture" / "control" (die by `other`),
    "release", "copy" (die copies `other`; `mode` stats, abilities or die), "swap" (die and
    `other`), "token" (target player gets a token with attack/defense, named `mode`),
    "reroll" (die rerolled to face), "prep" (die to its owner's Prep Area), "attach" (die
    attached to the character die `other`, R15.1), "detach" (die attached to nothing),
    "pair" (die paired up with `other`, K-HEROIC), "unpair" (die paired with nothing).
    """

    kind: str
    die: str = ""
    zone: str = ""
    face: Face | None = None
    amount: int = 0
    target: str = ""
    attack: int = 0
    defense: int = 0
    other: str = ""
    mode: str = ""
    dice: tuple[str, ...] = ()
    note: str = ""
    player: str = "judge"


Action = (
    Draw
    | Roll
    | Reroll
    | Purchase
    | FieldDie
    | UseAction
    | UseGlobal
    | Activate
    | PassPriority
    | DeclareAttackers
    | DeclareBlockers
    | AssignDamage
    | DeclareNoAttack
    | EndTurn
    | Order
    | Choose
    | Answer
    | JudgeAdjust
)

ACTION_TYPES = (
    Draw,
    Roll,
    Reroll,
    Purchase,
    FieldDie,
    UseAction,
    UseGlobal,
    Activate,
    PassPriority,
    DeclareAttackers,
    DeclareBlockers,
    AssignDamage,
    DeclareNoAttack,
    EndTurn,
    Order,
    Choose,
    Answer,
    JudgeAdjust,
)
