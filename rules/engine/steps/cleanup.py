"""R5.5 Cleanup: survivors back to the Field, damage clears, applied effects end (modifiers,
granted keywords, copies, 'must attack', control and capture that last the turn), dice still
in the Reserve Pool that don't show energy go to the Used Pile, then 'at end of turn' effects
(the active player's first), then Out of Play to Used, and the turn passes (R4.6)."""

from rules.engine.effects import dice as dice_ops
from rules.engine.state import IN_FIELD, Step, Zone, replace
from rules.engine.steps.clear_and_draw import begin_turn
from rules.engine.txn import HURT_BY, Txn

TURN_FLAGS = {"damaged", "damaged2", "fresh", "blocked"}


def begin(txn: Txn) -> None:
    state = txn.state
    for die in [d for d in state.dice if d.zone == Zone.ATTACK]:
        txn.put(replace(txn.die(die.id), zone=Zone.FIELD, blocking=None))
    # Captured dice first, then what was still captured with them (their attachments came
    # back with them, R15.1).
    captured = sorted(
        (d for d in txn.state.dice if d.zone == Zone.CAPTURED), key=lambda d: bool(d.attached_to)
    )
    for die in captured:
        if txn.die(die.id).zone == Zone.CAPTURED:
            dice_ops.release(txn, die.id, why="the capture ends at end of turn")
    for die in [d for d in txn.state.dice if d.controller != d.owner and d.zone in IN_FIELD]:
        dice_ops.end_control(txn, die.id, why="control ends at end of turn")
    cleared = []
    for die in txn.state.dice:
        if not (die.damage or die.modifiers or die.keywords or die.copy or die.flags):
            continue
        flags = frozenset(
            f for f in die.flags if f not in TURN_FLAGS and not f.startswith(("spared:", HURT_BY))
        )
        if die.damage or die.modifiers or die.keywords or die.copy or flags != die.flags:
            cleared.append(
                replace(die, damage=0, modifiers=(), keywords=(), copy=None, flags=flags)
            )
    txn.put(*cleared)
    effects = tuple(e for e in txn.state.effects if e.until != "end_of_turn")
    txn.update(effects=effects, used_limits=frozenset())
    for player in (state.active, state.inactive):
        leftover = [
            d.id
            for d in txn.state.zone(player, Zone.RESERVE)
            if d.face is not None and not d.face.is_energy
        ]
        for die_id in leftover:
            txn.move(die_id, Zone.USED)
        if leftover:
            txn.emit(
                "moved",
                f"{', '.join(leftover)} left {player}'s Reserve Pool for the Used "
                "Pile: only energy stays there",
                rule="R5.5",
                player=player,
                dice=tuple(leftover),
            )
    txn.emit(
        "end_of_turn",
        f"End of {state.active}'s turn: damage cleared, effects ended",
        rule="R5.5",
        player=state.active,
    )
    txn.update(phase="end")


def finish(txn: Txn) -> None:
    state = txn.state
    player = state.active
    out = [d.id for d in state.zone(player, Zone.OUT_OF_PLAY)]
    for die_id in out:
        txn.move(die_id, Zone.USED)
    for p in state.players:
        txn.state = txn.state.with_virtual(p.id, 0)
    txn.emit(
        "turn_ended",
        f"{player}'s turn ended"
        + (f"; {', '.join(out)} went from Out of Play to the Used Pile" if out else ""),
        rule="R4.6",
        player=player,
        dice=tuple(out),
    )
    txn.update(
        turn=state.turn + 1,
        active=state.inactive,
        step=Step.START_OF_TURN,
        phase="",
        rerolled=False,
        combat=None,
        priority=None,
        inactive_passed=False,
        departed=(),  # the turn's record of dice that left the Field ends with it
    )
    begin_turn(txn)
