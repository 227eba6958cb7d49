"""Starting from a described board: each die's zone, face and damage, life totals, turn, active
player and step, so a judge can begin at the moment a dispute begins. Impossible boards are
refused with the rule they break."""

from collections.abc import Mapping
from dataclasses import dataclass, replace

from rules.engine.faces import SIDEKICK_FACES, CardDef, Face
from rules.engine.state import GameState, Step, Zone
from rules.engine.verdicts import Verdict

ROLLED = {Zone.RESERVE, Zone.FIELD, Zone.ATTACK}


@dataclass(frozen=True)
class Placement:
    line: int
    player: str
    die: str
    zone: Zone
    face: Face | None = None
    damage: int = 0


@dataclass(frozen=True)
class Board:
    turn: int = 1
    active: str = "P1"
    step: Step = Step.MAIN
    life: tuple[tuple[str, int], ...] = ()
    placements: tuple[Placement, ...] = ()


class BoardError(ValueError):
    def __init__(self, line: int, verdict: Verdict):
        self.line, self.verdict = line, verdict
        super().__init__(f"line {line}: {verdict}")


def set_up_board(state: GameState, board: Board, cards: Mapping[str, CardDef]) -> GameState:
    """Apply the described board to a freshly set-up game; BoardError for an impossible one."""
    state = replace(state, turn=board.turn, active=board.active, step=board.step)
    for player, life in board.life:
        if not 0 < life <= state.starting_life:
            message = f"{player}'s life must be 1 to {state.starting_life}, not {life}."
            raise BoardError(0, Verdict("R12.4", message))
        state = state.with_life(player, life)
    changed = []
    for placement in board.placements:
        die = state.die(placement.die)
        if die is None:
            raise BoardError(placement.line, Verdict("R3.1", f"There is no die {placement.die}."))
        if die.owner not in ("BA", placement.player):
            raise BoardError(
                placement.line,
                Verdict("R3.1", f"{die.id} is {die.owner}'s, not {placement.player}'s."),
            )
        # A basic action die on a player's side is theirs: they bought it (R1.6).
        die = replace(die, owner=placement.player)
        problem = _problem(state, die, placement, cards)
        if problem:
            raise BoardError(placement.line, Verdict(problem[0], problem[1], subject=die.id))
        changed.append(
            replace(die, zone=placement.zone, face=placement.face, damage=placement.damage)
        )
    return state.with_dice(*changed)


def _problem(state, die, placement: Placement, cards) -> tuple[str, str] | None:
    zone, face = placement.zone, placement.face
    if zone in ROLLED and face is None:
        return "R14.1", f"A die in the {zone.value} shows a face: give {die.id}'s."
    if zone not in ROLLED and face is not None:
        return "R14.1", f"A die in the {zone.value.replace('_', ' ')} is unrolled: no face."
    if face is not None:
        can = face in SIDEKICK_FACES if die.card is None else cards[die.card].can_show(face)
        if not can:
            return "R14.1", f"{die.id} has no {face.notation()} face."
    if zone in (Zone.FIELD, Zone.ATTACK) and not face.is_character:
        return "R4.4", f"{die.id} shows {face.notation()}: only characters are in the Field."
    if zone == Zone.RESERVE and die.owner != state.active and not face.is_energy:
        return "R4.3", f"{die.id} shows {face.notation()} in the Reserve on the opponent's turn."
    if zone == Zone.OUT_OF_PLAY and die.owner != state.active:
        return "R4.6", f"{die.id} is Out of Play, which exists only on its owner's turn."
    if placement.damage:
        if zone not in (Zone.FIELD, Zone.ATTACK):
            return "R11.5", f"Only dice in the Field carry damage, not {die.id}."
        if placement.damage >= face.defense:
            return "R11.5", f"{die.id} with {placement.damage} damage on D {face.defense} " \
                            "would have been KO'd."  # fmt: skip
    return None
