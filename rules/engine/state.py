"""Immutable game state (R4 zones, R5 steps). Every die is a record; its zone is a field.

A change never mutates: `GameState.with_dice`, `with_player`, `replace` return new states.
"""

from dataclasses import dataclass, field, fields
from enum import StrEnum
from functools import cached_property

from rules.engine.faces import Face

_FIELD_NAMES: dict[type, tuple[tuple[str, ...], frozenset[str]]] = {}


def replace(obj, /, **changes):
    """`dataclasses.replace` without running `__init__` again: engine values were checked when
    made, and this is the engine's hottest path (every change copies a state or a die)."""
    cls = type(obj)
    known = _FIELD_NAMES.get(cls)
    if known is None:
        names = tuple(f.name for f in fields(cls))
        known = _FIELD_NAMES[cls] = (names, frozenset(names))
    names, name_set = known
    for name in changes:
        if name not in name_set:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
    new = object.__new__(cls)
    if hasattr(obj, "__dict__"):  # GameState: copy the fields (and the dice index if valid)
        values = obj.__dict__.copy()
        if "dice" in changes:
            values.pop("_positions", None)
        values.update(changes)
        object.__setattr__(new, "__dict__", values)
        return new
    for name in names:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(obj, name))
    return new


class Zone(StrEnum):
    UNPURCHASED = "unpurchased"  # on its card, not yet bought
    BAG = "bag"
    PREP = "prep"
    RESERVE = "reserve"
    FIELD = "field"
    ATTACK = "attack"  # the Attack Zone, part of the Field (R4.5)
    OUT_OF_PLAY = "out_of_play"
    USED = "used"
    CAPTURED = "captured"  # under its captor, not in the game (R15.1)


IN_FIELD = frozenset({Zone.FIELD, Zone.ATTACK})
ROLLED = frozenset({Zone.RESERVE, Zone.FIELD, Zone.ATTACK})
UNROLLED = frozenset({Zone.BAG, Zone.PREP, Zone.USED})


class Step(StrEnum):
    START_OF_TURN = "start_of_turn"  # 'at the start of your turn' effects (R5.0)
    CLEAR_AND_DRAW = "clear_and_draw"
    ROLL_AND_REROLL = "roll_and_reroll"
    MAIN = "main"
    NO_ATTACK = "no_attack"  # no attackers declared: no attack step, Cleanup next (R5.4)
    ATTACKERS = "attackers"  # attackers declared; 'when attacks' effects resolve (R11.1)
    BLOCKERS = "blockers"  # the defender declares blockers (R11.2)
    WINDOW = "window"  # the attack step's action and global window (R11.3)
    DAMAGE = "damage"  # damage is assigned and resolved (R11.4-R11.6)
    CLEANUP = "cleanup"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Modifier:
    """An applied stat change until end of turn, with where it came from (R12.1, R13.1)."""

    attack: int = 0
    defense: int = 0
    source: str = ""


@dataclass(frozen=True, slots=True)
class Copy:
    """What a die copies (R15.3): 'stats', 'abilities' or 'die', from `card`."""

    mode: str
    card: str
    source: str = ""  # the copied die, for explanations


@dataclass(frozen=True, slots=True)
class Die:
    """One die. `id` is stable for the whole game: "P1:SK3", "P1:19sww#2", "BA:31sww#1",
    "P1:T1" (a token).

    `attached_to` names the character die this one is attached to (equipment, a continuous
    die attached to a character): both are in the Field, or both captured (R15.1).

    `owner` is whose die it is ("BA" while a basic action die is unpurchased); `controller`
    is who uses it now (R15.2). Flags: "partially_spent" (R6.3), "damaged" (this turn, for
    Iron Will), "blocked" (an attacker stays blocked, R11.4), "token" (R1.7). A persistent
    "must attack" is the granted keyword "must_attack" (R13.1).
    """

    id: str
    owner: str
    card: str | None  # card key; None for a sidekick
    zone: Zone
    face: Face | None = None  # None while unrolled
    damage: int = 0
    modifiers: tuple[Modifier, ...] = ()
    blocking: str | None = None  # the attacker this die blocks
    controller: str = ""
    flags: frozenset[str] = frozenset()
    keywords: tuple[str, ...] = ()  # granted until end of turn
    held_by: str | None = None  # captor or controlling die (R15.1, R15.2)
    held_from: Zone | None = None  # where a captured or controlled die returns
    copy: Copy | None = None
    attached_to: str | None = None  # the character die it is attached to (equipment, R15.1)

    def __post_init__(self) -> None:
        if not self.controller:
            object.__setattr__(self, "controller", self.owner)

    @property
    def is_sidekick(self) -> bool:
        return self.card is None

    @property
    def is_token(self) -> bool:
        return "token" in self.flags

    @property
    def level(self) -> int:
        return self.face.level if self.face is not None else 0

    @property
    def is_character(self) -> bool:
        """A rolled die on a character face (R1.5: sidekicks too)."""
        return self.face is not None and self.face.is_character and self.zone in ROLLED

    def has(self, flag: str) -> bool:
        return flag in self.flags


@dataclass(frozen=True, slots=True)
class PlayerState:
    id: str
    life: int
    team: tuple[str, ...]  # card keys of the player's own cards
    virtual_energy: int = 0  # generic; lost when its player passes priority (R6.4)


@dataclass(frozen=True, slots=True)
class Request:
    """What the engine waits for before it can go on: a recorded chance outcome or a choice.

    kind: "draw", "roll", "order" (simultaneous triggers), "blocks", "damage" (a split among
    several blockers), "choose" (targets), "may" (a yes/no, possibly with a payment).
    `entry` is the queued effect that asked, if any; `options` what may be chosen.
    """

    kind: str
    player: str
    text: str
    options: tuple[str, ...] = ()
    count: int = 0
    entry: int | None = None


@dataclass(frozen=True, slots=True)
class LastingEffect:
    """An effect that lasts past its resolution (R13.1): `ability` names its behaviour, `holder`
    is the player it belongs to, `subject` the die or card it is about, `until` when it ends
    ('end_of_turn' or 'game')."""

    ability: str
    holder: str
    subject: str = ""
    params: tuple = ()
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class Departure:
    """A character die that left the Field this turn (R4.5), kept until the turn ends: for
    card text about the turn's KOs ('if a character die you control was KO'd this turn') and
    about why a die left (Aftershock: an opponent's action die or global ability).

    `controller` controlled it when it left; `by` is the player whose action die (`means`
    'action') or global ability ('global') moved or KO'd it, or whose such damage was the
    last it took before a KO ('' otherwise: combat, a character's ability, a rule);
    `kod` says it was KO'd (R11.5, R12.3); `level`, `attack`, `defense` are its last stats
    and `flags` its last flags ('blocked': an attacker that was blocked, R11.4)."""

    die: str
    card: str | None
    owner: str
    controller: str
    to: Zone
    kod: bool = False
    by: str = ""
    means: str = ""
    level: int = 0
    attack: int = 0
    defense: int = 0
    flags: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Combat:
    """The attack step's bookkeeping: the damage split the attacker chose, and where damage
    resolution stands. `phase`: 'assign', 'damage' (when-damaged effects resolve), 'ko'
    (when-KO'd effects resolve), 'done'. `round` 1 is the Fast dice's when any are engaged."""

    assignments: tuple[tuple[str, str, int], ...] = ()  # (attacker, blocker or player, amount)
    phase: str = "assign"
    round: int = 0
    rounds: tuple[str, ...] = ()  # ("fast", "regular") or ("regular",)
    dealt: frozenset[str] = frozenset()  # dice that have dealt their combat damage


@dataclass(frozen=True)
class GameState:
    players: tuple[PlayerState, PlayerState]
    dice: tuple[Die, ...]
    starting_life: int = 20
    format: str = "tournament"
    turn: int = 1
    active: str = "P1"
    first_player: str = "P1"
    step: Step = Step.CLEAR_AND_DRAW
    phase: str = ""  # where a step stands: "rolled" in Roll and Reroll, "end" in Cleanup
    priority: str | None = None  # who may act now in the Main Step or attack window
    inactive_passed: bool = False  # the inactive player passed since the active player's pass
    rerolled: bool = False
    pending: Request | None = None
    queue: tuple = ()  # QueuedEffect entries (rules.engine.effects.queue)
    unordered: tuple = ()  # simultaneous triggers waiting for their player's order (R13.3)
    effects: tuple[LastingEffect, ...] = ()
    used_limits: frozenset[str] = frozenset()  # "once per turn" uses this turn
    combat: Combat | None = None
    winner: str | None = None  # "P1", "P2" or "draw" once the game is over
    basic_actions: tuple[str, ...] = field(default=())
    next_id: int = 1  # numbers queued effects and tokens
    departed: tuple[Departure, ...] = ()  # character dice that left the Field this turn
    pairs: tuple[tuple[str, str], ...] = ()  # paired-up dice, partners (K-HEROIC)

    # -- reading -----------------------------------------------------------------------
    @cached_property
    def _positions(self) -> dict[str, int]:
        """Where each die is in `dice`: the same for every state that only changes dice."""
        return {d.id: n for n, d in enumerate(self.dice)}

    def die(self, die_id: str) -> Die | None:
        position = self._positions.get(die_id)
        return None if position is None else self.dice[position]

    def partner(self, die_id: str) -> str | None:
        """The die `die_id` is paired up with, if any (K-HEROIC)."""
        for first, second in self.pairs:
            if die_id in (first, second):
                return second if die_id == first else first
        return None

    def player(self, player_id: str) -> PlayerState:
        return self.players[0] if player_id == self.players[0].id else self.players[1]

    def zone(self, player_id: str, zone: Zone) -> tuple[Die, ...]:
        """The dice in `player_id`'s `zone` (the controller's, for a controlled die)."""
        return tuple(d for d in self.dice if d.controller == player_id and d.zone == zone)

    def field(self, player_id: str) -> tuple[Die, ...]:
        """The player's dice in the Field, Attack Zone included (R4.5)."""
        return tuple(d for d in self.dice if d.controller == player_id and d.zone in IN_FIELD)

    @property
    def inactive(self) -> str:
        return other(self.active)

    @property
    def is_first_turn(self) -> bool:
        return self.turn == 1

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    # -- changing (every change returns a new state) -----------------------------------
    def with_dice(self, *changed: Die) -> "GameState":
        positions = self._positions
        dice = list(self.dice)
        for die in changed:
            dice[positions[die.id]] = die
        new = replace(self, dice=tuple(dice))
        new.__dict__["_positions"] = positions  # same dice, same places
        return new

    def without_dice(self, *die_ids: str) -> "GameState":
        gone = set(die_ids)
        return replace(self, dice=tuple(d for d in self.dice if d.id not in gone))

    def with_player(self, player: PlayerState) -> "GameState":
        return replace(
            self, players=tuple(player if p.id == player.id else p for p in self.players)
        )

    def with_life(self, player_id: str, life: int) -> "GameState":
        return self.with_player(replace(self.player(player_id), life=life))

    def with_virtual(self, player_id: str, amount: int) -> "GameState":
        return self.with_player(replace(self.player(player_id), virtual_energy=amount))

    # -- what a judge reads ------------------------------------------------------------
    def summary(self) -> dict:
        """Each player's life and the dice in each zone, plus turn, step and what is pending:
        what the replay command prints."""
        players = {}
        for p in self.players:
            zones = {}
            for zone in Zone:
                dice = self.zone(p.id, zone)
                if zone != Zone.UNPURCHASED and dice:
                    zones[zone.value] = sorted(die_label(d) for d in dice)
            energy = sum(
                d.face.symbols for d in self.zone(p.id, Zone.RESERVE) if d.face and d.face.is_energy
            )
            players[p.id] = {
                "life": p.life,
                "energy": energy,
                "virtual_energy": p.virtual_energy,
                "zones": zones,
            }
        return players | {
            "turn": self.turn,
            "active": self.active,
            "step": self.step.value,
            "priority": self.priority,
            "waiting_for": self.pending.text if self.pending else None,
            "queue": [entry.label for entry in self.queue],
            "pairs": [list(pair) for pair in self.pairs],
            "winner": self.winner,
        }


def die_label(die: Die) -> str:
    """'P1:22sww#1=L2 (2 damage)': a die as the replay output shows it."""
    text = die.id + (f"={die.face.described()}" if die.face else "")
    if die.damage:
        text += f" ({die.damage} damage)"
    if die.blocking:
        text += f" blocking {die.blocking}"
    if die.attached_to:
        text += f" attached to {die.attached_to}"
    elif die.zone == Zone.CAPTURED and die.held_by:
        text += f" under {die.held_by}"
    return text


def other(player: str) -> str:
    return "P2" if player == "P1" else "P1"
