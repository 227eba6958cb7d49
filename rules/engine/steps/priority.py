"""R10.4 priority in the Main Step and the attack window: the active player acts, then must
pass priority; the inactive player may use one global (or a 'whenever you could use a global'
ability), which hands priority back, or pass. The step ends when the active player passes
right after the inactive player passed. Virtual energy is lost when its player passes (R6.4).

An action that can only come after the step (declaring attackers, ending the turn, assigning
damage) implies the passes still missing, and the events say so.
"""

from rules.engine.effects import queue
from rules.engine.energy import lose_virtual
from rules.engine.state import Combat, Step, Zone
from rules.engine.steps.roll_and_reroll import finish
from rules.engine.txn import Txn
from rules.engine.verdicts import reject

WINDOWS = (Step.MAIN, Step.WINDOW)


def enter_main(txn: Txn) -> None:
    """A Main Step action ends Roll and Reroll, keeping every face (R5.2)."""
    state = txn.state
    if state.step != Step.ROLL_AND_REROLL or state.pending or state.zone(state.active, Zone.PREP):
        return
    before = len(txn.events)
    finish(txn)
    if queue.collect(txn, txn.events[before:]):
        reject(
            "R5.2",
            "Effects look at what was rolled: end Roll and Reroll first.",
            hint=f"Write '{state.active} reroll' (no dice keeps every face).",
        )


def require_priority(txn: Txn, player: str, what: str, *, active_only: bool = False) -> None:
    if player == txn.state.active:
        enter_main(txn)
    state = txn.state
    if state.step == Step.NO_ATTACK:
        reject(
            "R5.4",
            f"{what} only in the Main Step or the attack step after blockers, and "
            f"{state.active} declared no attack: there is no attack step, the turn goes "
            "straight to Cleanup.",
            hint=f"Write '{state.active} end' to go on to Cleanup and {state.inactive}'s turn.",
        )
    if state.step not in WINDOWS:
        reject(
            "R10.2",
            f"{what} only in the Main Step or the attack step after blockers; "
            f"this is the {state.step.value.replace('_', ' ')} step.",
        )
    if active_only and player != state.active:
        reject(
            "R10.4",
            f"Only the active player ({state.active}) purchases, fields and uses action dice.",
        )
    if state.priority is None:
        reject("R10.4", f"Both players have passed: the {_step(state.step)} is over.")
    if state.priority != player:
        reject(
            "R10.4",
            f"{state.priority} has priority, not {player}.",
            hint=f"{state.priority} acts or writes '{state.priority} pass' first.",
        )


def acted(txn: Txn, player: str) -> None:
    """After an action: the active player must pass again before the step can end; the
    inactive player's one global hands priority back (R10.4)."""
    if player == txn.state.active:
        txn.update(inactive_passed=False)
    else:
        lose_virtual(txn, player)
        txn.update(priority=txn.state.active, inactive_passed=False)
        txn.emit(
            "priority_passed",
            f"{player} used one global; priority goes back to {txn.state.active}",
            rule="R10.4",
            player=player,
        )


def apply_pass(txn: Txn, player: str) -> None:
    require_priority(txn, player, "Priority is passed")
    _pass(txn, player, implied=False)


def _pass(txn: Txn, player: str, *, implied: bool) -> None:
    state = txn.state
    lose_virtual(txn, player)
    note = " (implied)" if implied else ""
    txn.emit("priority_passed", f"{player} passed priority{note}", rule="R10.4", player=player)
    if player == state.active:
        if state.inactive_passed:
            end_window(txn)
        else:
            txn.update(priority=state.inactive)
    else:
        txn.update(priority=state.active, inactive_passed=True)


def close_window(txn: Txn) -> None:
    """Pass for both players as far as needed to end the step (an implied 'pass')."""
    for _ in range(3):
        state = txn.state
        if state.priority is None:
            return
        _pass(txn, state.priority, implied=True)


def end_window(txn: Txn) -> None:
    state = txn.state
    txn.emit(
        "step_ended",
        f"Both players passed: the {_step(state.step)} ends",
        rule="R10.4",
        player=state.active,
    )
    txn.update(priority=None, inactive_passed=False)
    if state.step == Step.MAIN:
        end_main(txn)
    elif state.step == Step.WINDOW:
        txn.update(step=Step.DAMAGE, combat=Combat(phase="assign"))


def end_main(txn: Txn) -> None:
    """Unfielded character dice go to the Used Pile, not Out of Play: never used (R5.3)."""
    player = txn.state.active
    unfielded = [d.id for d in txn.state.zone(player, Zone.RESERVE) if d.face.is_character]
    for die_id in unfielded:
        txn.move(die_id, Zone.USED)
    if unfielded:
        txn.emit(
            "moved",
            f"Unfielded {', '.join(unfielded)} went to the Used Pile",
            rule="R5.3",
            player=player,
            dice=tuple(unfielded),
        )


def _step(step: Step) -> str:
    return "Main Step" if step == Step.MAIN else "attack step's action and global window"
