"""Immutable game state (R4 zones, R5 steps). Every die is a record; its zone is a field."""

from dataclasses import dataclass, field, replace
from enum import StrEnum

from rules.engine.faces import Face


class Zone(StrEnum):
    UNPURCHASED = "unpurchased"  # on its card, not yet bought
    BAG = "bag"
    PREP = "prep"
    RESERVE = "reserve"
    FIELD = "field"
    ATTACK = "attack"
    OUT_OF_PLAY = "out_of_play"
    USED = "used"


class Step(StrEnum):
    CLEAR_AND_DRAW = "clear_and_draw"
    ROLL_AND_REROLL = "roll_and_reroll"
    MAIN = "main"
    BLOCKERS = "declare_blockers"  # attack step, waiting for the defender (R11.2)
    DAMAGE = "assign_damage"  # attack step, waiting for damage assignment (R11.4)
    CLEANUP = "cleanup"  # after combat: only ending the turn is left (R5.5)
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Modifier:
    """A +A/+D until end of turn, with where it came from (R12.1, R13.1)."""

    attack: int = 0
    defense: int = 0
    source: str = ""


@dataclass(frozen=True, slots=True)
class Die:
    """One die. `id` is stable for the whole game: "P1:SK3", "P1:19sww#2", "BA:31sww#1"."""

    id: str
    owner: str  # "P1" or "P2"; basic action dice belong to their purchaser (R1.6)
    card: str | None  # card key; None for a sidekick
    zone: Zone
    face: Face | None = None  # None while unrolled
    damage: int = 0
    modifiers: tuple[Modifier, ...] = ()
    blocking: str | None = None  # the attacker this die blocks

    @property
    def is_sidekick(self) -> bool:
        return self.card is None


@dataclass(frozen=True, slots=True)
class PlayerState:
    id: str
    life: int
    team: tuple[str, ...]  # card keys of the player's own cards


@dataclass(frozen=True)
class GameState:
    players: tuple[PlayerState, PlayerState]
    dice: tuple[Die, ...]
    starting_life: int = 20
    turn: int = 1
    active: str = "P1"
    first_player: str = "P1"
    step: Step = Step.CLEAR_AND_DRAW
    rerolled: bool = False
    virtual_energy: int = 0  # generic, must be spent before priority passes (R6.4)
    winner: str | None = None  # "P1", "P2", "draw" once the game is over
    basic_actions: tuple[str, ...] = field(default=())
    tournament: bool = True  # T2.2 applies in tournament games

    # -- reading -----------------------------------------------------------------------
    def die(self, die_id: str) -> Die | None:
        return next((d for d in self.dice if d.id == die_id), None)

    def player(self, player_id: str) -> PlayerState:
        return next(p for p in self.players if p.id == player_id)

    def zone(self, player_id: str, zone: Zone) -> tuple[Die, ...]:
        return tuple(d for d in self.dice if d.owner == player_id and d.zone == zone)

    @property
    def inactive(self) -> str:
        return "P2" if self.active == "P1" else "P1"

    @property
    def is_first_turn(self) -> bool:
        return self.turn == 1

    # -- changing (every change returns a new state) -----------------------------------
    def with_dice(self, *changed: Die) -> "GameState":
        by_id = {d.id: d for d in changed}
        return replace(self, dice=tuple(by_id.get(d.id, d) for d in self.dice))

    def moved(self, die_ids, zone: Zone, *, keep_face: bool = False) -> "GameState":
        """Move dice; unless `keep_face`, they become unrolled and lose damage and effects."""
        ids = set(die_ids)
        return replace(
            self,
            dice=tuple(
                (
                    replace(d, zone=zone)
                    if keep_face
                    else replace(d, zone=zone, face=None, damage=0, modifiers=(), blocking=None)
                )
                if d.id in ids
                else d
                for d in self.dice
            ),
        )

    def with_life(self, player_id: str, life: int) -> "GameState":
        return replace(
            self,
            players=tuple(replace(p, life=life) if p.id == player_id else p for p in self.players),
        )

    def summary(self) -> dict:
        """Each player's life and the dice in each zone: what the replay CLI prints."""
        return {
            p.id: {
                "life": p.life,
                "zones": {
                    zone.value: sorted(
                        d.id + (f"={d.face.notation()}" if d.face else "")
                        for d in self.zone(p.id, zone)
                    )
                    for zone in Zone
                    if zone != Zone.UNPURCHASED and self.zone(p.id, zone)
                },
            }
            for p in self.players
        } | {"turn": self.turn, "active": self.active, "step": self.step.value,
             "winner": self.winner}  # fmt: skip
