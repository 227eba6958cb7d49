"""Starting from a described board: every die's zone, face (its level, for a character) and
damage, life totals, virtual energy, the turn, the active player, the step and who has
priority, so a judge can begin at the moment a dispute begins. An impossible board is refused
with every problem at once, each with its line and the rule it breaks.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine import query
from rules.engine.faces import SIDEKICK_FACES, CardDef, Face
from rules.engine.keywords import continuous, heroic
from rules.engine.state import (
    IN_FIELD,
    ROLLED,
    GameState,
    Step,
    Zone,
    replace,
)
from rules.engine.verdicts import Verdict

BOARD_STEPS = (
    Step.CLEAR_AND_DRAW,
    Step.ROLL_AND_REROLL,
    Step.MAIN,
    Step.NO_ATTACK,
    Step.BLOCKERS,
    Step.WINDOW,
)


@dataclass(frozen=True)
class Placement:
    line: int
    player: str  # whose side of the table the die is on (its controller)
    die: str
    zone: Zone
    face: Face | None = None
    damage: int = 0
    blocking: str = ""  # the attacker a blocker blocks
    attached: str = ""  # the character die it is attached to (R15.1)
    held_by: str = ""  # a captured die's captor (R15.1)
    held_from: Zone | None = None  # where a captured die returns (None: the Field)
    paired: str = ""  # the die it is paired up with (K-HEROIC)


@dataclass(frozen=True)
class Board:
    turn: int = 1
    active: str = "P1"
    step: Step = Step.MAIN
    priority: str = ""
    life: tuple[tuple[str, int], ...] = ()
    energy: tuple[tuple[str, int], ...] = ()  # virtual energy
    placements: tuple[Placement, ...] = ()
    line: int = 0


class BoardError(ValueError):
    """Every problem of an impossible board: (line, Verdict) pairs."""

    def __init__(self, problems: list[tuple[int, Verdict]]):
        self.problems = problems
        self.line, self.verdict = problems[0]
        super().__init__("; ".join(f"line {line}: {verdict}" for line, verdict in problems))


def set_up_board(state: GameState, board: Board, cards: Mapping[str, CardDef]) -> GameState:
    """The described board, from a freshly set-up game; BoardError for an impossible one."""
    from rules.engine.game import settle
    from rules.engine.txn import Txn

    problems: list[tuple[int, Verdict]] = []

    def problem(line: int, rule: str, message: str, subject: str = "", hint: str = "") -> None:
        problems.append((line, Verdict(rule, message, hint=hint, subject=subject)))

    if board.step not in BOARD_STEPS:
        steps = ", ".join(s.value for s in BOARD_STEPS)
        problem(board.line, "R5.0", f"A board starts in one of these steps: {steps}.")
    if board.active not in ("P1", "P2") or board.priority not in ("", "P1", "P2"):
        problem(board.line, "R10.4", "The active player and priority are P1 or P2.")
    state = replace(
        state,
        turn=max(1, board.turn),
        active=board.active,
        step=board.step,
        pending=None,
        priority=None,
    )
    for player, life in board.life:
        if not 0 < life <= state.starting_life:
            problem(
                board.line,
                "R12.4",
                f"{player}'s life must be 1 to {state.starting_life}, not {life}.",
            )
        else:
            state = state.with_life(player, life)
    for player, amount in board.energy:
        state = state.with_virtual(player, max(0, amount))
    seen: set[str] = set()
    for placement in board.placements:
        state = _place(state, placement, cards, problem, seen)
    _check_combat(state, board, problem)
    _check_no_attack(state, board, problem)
    _check_captors(state, board, problem)
    state = _attach(state, board, problem)
    state = _pair(state, board, problem)
    if problems:
        raise BoardError(problems)
    txn = Txn(state, cards)
    _begin(txn, board)
    settle(txn)
    return txn.state


def _place(state: GameState, placement: Placement, cards, problem, seen: set[str]) -> GameState:
    line, die_id = placement.line, placement.die
    die = state.die(die_id)
    if die is None:
        problem(line, "R3.1", f"There is no die {die_id} in this game.", die_id)
        return state
    if die_id in seen:
        problem(line, "R3.1", f"{die_id} is placed twice.", die_id)
        return state
    seen.add(die_id)
    owner = placement.player if die.owner == "BA" else die.owner  # a bought basic action die
    if placement.zone == Zone.CAPTURED:
        return _place_captured(state, placement, cards, problem, die, owner)
    if owner != placement.player and placement.zone not in IN_FIELD:
        problem(
            line,
            "R15.2",
            f"{die_id} is {owner}'s: on {placement.player}'s side it can only "
            "be a controlled die in the Field.",
            die_id,
        )
    zone, face = placement.zone, placement.face
    if zone in ROLLED and face is None:
        problem(line, "R1.3", f"{die_id} in the {zone.value} shows a face: give it.", die_id)
        return state
    if zone not in ROLLED and face is not None:
        problem(
            line,
            "R1.3",
            f"A die in the {zone.value.replace('_', ' ')} is unrolled: no face.",
            die_id,
        )
        return state
    if zone == Zone.UNPURCHASED:
        problem(line, "R3.1", f"Leave {die_id} out to keep it on its card.", die_id)
        return state
    if face is not None:
        if not _can_show(cards, die, face):
            problem(
                line,
                "R1.5" if die.card is None else "R1.3",
                f"{die_id} has no {face.notation()} face.",
                die_id,
                _face_hint(cards, die),
            )
            return state
        face = _as_shown(cards, die, face)
    placed = replace(
        die,
        owner=owner,
        controller=placement.player,
        zone=zone,
        face=face,
        damage=placement.damage,
        blocking=placement.blocking or None,
    )
    if zone in IN_FIELD and not face.is_character:
        keywords = query.keywords(state, cards, placed)
        if not (face.action and continuous.KEYWORD in keywords and zone == Zone.FIELD):
            problem(
                line,
                "R4.4",
                f"{die_id} shows {face.notation()}: only characters (and "
                "continuous action dice) are in the Field.",
                die_id,
            )
    if zone == Zone.RESERVE and placement.player != state.active and not face.is_energy:
        problem(
            line,
            "R4.3",
            f"{die_id} shows {face.notation()} in the Reserve Pool on the "
            "opponent's turn: only energy stays there.",
            die_id,
        )
    if zone == Zone.OUT_OF_PLAY and placement.player != state.active:
        problem(
            line, "R4.6", f"{die_id} is Out of Play, which exists only on its owner's turn.", die_id
        )
    if placement.damage:
        if zone not in IN_FIELD or not face.is_character:
            problem(
                line,
                "R12.2",
                f"Only character dice in the Field carry damage, not {die_id}.",
                die_id,
            )
        elif placement.damage >= query.defense(state, cards, placed).value:
            problem(
                line,
                "R12.2",
                f"{die_id} with {placement.damage} damage on D "
                f"{face.defense} would have been KO'd.",
                die_id,
            )
        else:
            placed = replace(placed, flags=placed.flags | {"damaged"})
    return state.with_dice(placed)


def _place_captured(state, placement: Placement, cards, problem, die, owner) -> GameState:
    """A captured die, on its captor's side: under the captor ('by'), or attached to a captured
    die and captured with it; it shows the face it had where it came from ('from', the Field
    unless said otherwise) (R15.1)."""
    line, die_id = placement.line, placement.die
    came_from = placement.held_from or Zone.FIELD
    if came_from in (Zone.CAPTURED, Zone.UNPURCHASED, Zone.OUT_OF_PLAY):
        problem(line, "R15.1", f"A die can't be captured from the {_zone(came_from)}.", die_id)
        return state
    if not placement.held_by and not placement.attached:
        problem(
            line,
            "R15.1",
            f"Say which die captured {die_id} ('by <die>'), or which captured die it is "
            "attached to ('attached <die>').",
            die_id,
        )
        return state
    if (placement.face is not None) != (came_from in ROLLED):
        problem(
            line,
            "R1.3",
            f"{die_id} came from the {_zone(came_from)}: "
            + ("give the face it shows." if came_from in ROLLED else "it shows no face."),
            die_id,
        )
        return state
    if placement.face is not None and not _can_show(cards, die, placement.face):
        problem(
            line,
            "R1.3",
            f"{die_id} has no {placement.face.notation()} face.",
            die_id,
            _face_hint(cards, die),
        )
        return state
    if placement.damage:
        problem(line, "R12.2", f"A captured die carries no damage, not {die_id}.", die_id)
    placed = replace(
        die,
        owner=owner,
        controller=placement.player,
        zone=Zone.CAPTURED,
        face=_as_shown(cards, die, placement.face) if placement.face else None,
        held_by=placement.held_by or None,
        held_from=came_from,
    )
    return state.with_dice(placed)


def _can_show(cards, die, face: Face) -> bool:
    return face in SIDEKICK_FACES if die.card is None else cards[die.card].can_show(face)


def _as_shown(cards, die, face: Face) -> Face:
    """The face marked declared when the die's card data can't check it."""
    return face if die.card is None else cards[die.card].as_shown(face)


def _face_hint(cards, die) -> str:
    return "" if die.card is None else cards[die.card].face_hint()


def _check_captors(state: GameState, board: Board, problem) -> None:
    """A captor is in the Field on the side of the dice it holds (R15.1)."""
    for placement in board.placements:
        die = state.die(placement.die)
        if die is None or die.zone != Zone.CAPTURED or not placement.held_by:
            continue
        captor = state.die(placement.held_by)
        if captor is None or captor.zone not in IN_FIELD or captor.controller != die.controller:
            problem(
                placement.line,
                "R15.1",
                f"{die.id} is held by {placement.held_by}, which must be in "
                f"{placement.player}'s Field.",
                die.id,
            )


def _zone(zone: Zone) -> str:
    return zone.value.replace("_", " ")


def _attach(state: GameState, board: Board, problem) -> GameState:
    """Attachments (equipment, continuous dice on a character): the die and its character
    both in the Field, the character showing a character face, one deep (R15.1)."""
    attached = []
    for placement in board.placements:
        if not placement.attached:
            continue
        die, host = state.die(placement.die), state.die(placement.attached)
        if die is None or die.zone != placement.zone:
            continue  # already reported
        if host is None:
            problem(placement.line, "R3.1", f"There is no die {placement.attached} in this game.")
        elif host.id == die.id:
            problem(placement.line, "R15.1", f"{die.id} can't be attached to itself.", die.id)
        elif die.zone == Zone.CAPTURED:
            if host.zone != Zone.CAPTURED or not host.held_by:
                problem(
                    placement.line,
                    "R15.1",
                    f"{die.id} is captured with {host.id}: {host.id} must be captured too "
                    "('by <die>').",
                    die.id,
                )
                continue
            if placement.held_by:
                problem(
                    placement.line,
                    "R15.1",
                    f"{die.id} goes along with {host.id}: say 'by' on {host.id}'s line only.",
                    die.id,
                )
                continue
            attached.append(replace(die, attached_to=host.id))
            continue
        elif die.zone not in IN_FIELD:
            problem(
                placement.line,
                "R15.1",
                f"{die.id} is in the {die.zone.value.replace('_', ' ')}: only dice in the "
                "Field are attached.",
                die.id,
            )
        elif not (host.is_character and host.zone in IN_FIELD):
            problem(
                placement.line,
                "R15.1",
                f"{host.id} is not a character die in the Field: nothing is attached to it.",
                die.id,
            )
        elif host.id in {p.die for p in board.placements if p.attached}:
            problem(
                placement.line,
                "R15.1",
                f"{die.id} and {host.id}: an attached die has nothing attached to it.",
                die.id,
            )
        else:
            attached.append(replace(die, attached_to=host.id))
    return state.with_dice(*attached)


def _check_no_attack(state: GameState, board: Board, problem) -> None:
    """After the active player declared no attack, their Reserve Pool holds energy only:
    unfielded characters left at the end of the Main Step (R5.3), unused action dice when no
    attack was declared (R5.4)."""
    if board.step != Step.NO_ATTACK:
        return
    lines = {p.die: p.line for p in board.placements}
    for die in state.zone(state.active, Zone.RESERVE):
        if die.face is None or die.face.is_energy or die.id not in lines:
            continue
        rule, why = (
            ("R5.3", "an unfielded character goes to the Used Pile when the Main Step ends")
            if die.face.is_character
            else ("R5.4", "an unused action die goes to the Used Pile when no attack is declared")
        )
        problem(lines[die.id], rule, f"{die.id} can't be in the Reserve Pool now: {why}.", die.id)


def _pair(state: GameState, board: Board, problem) -> GameState:
    """Paired dice (K-HEROIC): written on one partner's line, or on both alike; each die has
    one partner; partners are character dice in the Field on one side, of different cards."""
    partners: dict[str, str] = {}
    pairs: list[tuple[str, str]] = []
    for placement in board.placements:
        if not placement.paired:
            continue
        die, other = state.die(placement.die), state.die(placement.paired)
        if die is None or die.zone != placement.zone:
            continue  # already reported
        if other is None:
            problem(placement.line, "R3.1", f"There is no die {placement.paired} in this game.")
            continue
        if partners.get(die.id) == other.id and partners.get(other.id) == die.id:
            continue  # the same pair, written on both lines
        taken = next((d for d in (die.id, other.id) if d in partners), None)
        if taken is not None:
            problem(
                placement.line,
                heroic.RULE,
                f"{taken} is already paired up with {partners[taken]}: a die has one partner.",
                die.id,
            )
            continue
        why = heroic.problem(state, die, other)
        if why:
            problem(placement.line, heroic.RULE, why, die.id)
            continue
        partners[die.id], partners[other.id] = other.id, die.id
        pairs.append((die.id, other.id))
    return replace(state, pairs=tuple(pairs)) if pairs else state


def _check_combat(state: GameState, board: Board, problem) -> None:
    attacking = [d for d in state.dice if d.zone == Zone.ATTACK]
    if attacking and board.step not in (Step.BLOCKERS, Step.WINDOW):
        problem(board.line, "R11.1", "Dice are in the Attack Zone only during the attack step.")
    lines = {p.die: p.line for p in board.placements}
    for die in attacking:
        if die.controller == state.active:
            if die.blocking:
                problem(lines[die.id], "R11.2", f"{die.id} attacks: it blocks nothing.", die.id)
        elif board.step == Step.BLOCKERS:
            problem(
                lines[die.id],
                "R11.2",
                f"Blockers are declared in the blockers step: {die.id} can't be blocking yet.",
                die.id,
            )
        else:
            target = state.die(die.blocking or "")
            if target is None or target.zone != Zone.ATTACK or target.controller != state.active:
                problem(
                    lines[die.id],
                    "R11.2",
                    f"{die.id} in the Attack Zone blocks one of "
                    f"{state.active}'s attackers: say which ('blocking <die>').",
                    die.id,
                )
    if board.step in (Step.BLOCKERS, Step.WINDOW) and not any(
        d.controller == state.active for d in attacking
    ):
        problem(
            board.line,
            "R11.1",
            f"The attack step needs at least one of {state.active}'s dice in the Attack Zone.",
        )


def _begin(txn, board: Board) -> None:
    """Put the game where the board says: waiting for the draw, the roll, blockers, or a
    player with priority."""
    from dataclasses import replace as replace_

    from rules.engine.steps import attack, clear_and_draw, roll_and_reroll

    state = txn.state
    blocked = {d.blocking for d in state.dice if d.blocking}
    txn.put(*(replace_(d, flags=d.flags | {"blocked"}) for d in state.dice if d.id in blocked))
    if board.step == Step.CLEAR_AND_DRAW:
        clear_and_draw.clear(txn)
    elif board.step == Step.ROLL_AND_REROLL:
        if state.zone(state.active, Zone.PREP):
            roll_and_reroll.ask_for_roll(txn)
        else:
            txn.update(phase="rolled")
    elif board.step == Step.BLOCKERS:
        attack.ask_for_blocks(txn)
    elif board.step == Step.NO_ATTACK:
        txn.update(priority=None)  # no attack step: nobody acts until Cleanup (R5.4)
    else:
        txn.update(priority=board.priority or state.active, inactive_passed=False)
