"""What happens by itself between player actions: state checks (KOs when D drops to the
damage, R12.1-R12.2; captures and control ending when their die leaves the Field, R15.1-R15.2;
pairs ending when a partner leaves the Field, K-HEROIC) and the automatic transitions of each
step, in the order of R5 and R11."""

from rules.engine import abilities
from rules.engine.effects import dice as dice_ops
from rules.engine.effects import ops
from rules.engine.keywords import heroic
from rules.engine.state import IN_FIELD, Step, Zone, replace
from rules.engine.steps import attack, cleanup, clear_and_draw, roll_and_reroll
from rules.engine.txn import Txn


def state_checks(txn: Txn) -> bool:
    """Apply the checks that hold at all times; True when something happened."""
    changed = heroic.check(txn) if txn.state.pairs else False
    in_field = {d.id for d in txn.state.dice if d.zone in IN_FIELD}
    for die in list(txn.state.dice):
        if die.attached_to:  # read again: releasing its character may have moved it
            current = txn.state.die(die.id)
            if current is not None and current.attached_to:
                changed |= _attachment_check(txn, current)
        elif die.zone == Zone.CAPTURED and die.held_by not in in_field:
            dice_ops.release(txn, die.id, why=f"{die.held_by} left the Field")
            changed = True
        elif die.controller != die.owner and die.held_by and die.held_by not in in_field:
            dice_ops.end_control(txn, die.id, why=f"{die.held_by} left the Field")
            changed = True
    combat = txn.state.combat
    if combat is not None and combat.phase == "damage":
        return changed  # 'when damaged' effects come before KOs (R11.5)
    # Without abilities in play only damage and applied modifiers can bring D to the damage.
    every = abilities.in_play(txn.state, txn.cards)
    for die in list(txn.state.dice):
        if die.zone not in IN_FIELD or not (
            every or die.damage or die.modifiers or die.copy or "fresh" in die.flags
        ):
            continue
        current = txn.state.die(die.id)
        in_field = current is not None and current.zone in IN_FIELD and current.is_character
        if in_field and ops.ko_if_lethal(txn, current, rule="R12.2"):
            changed = True
    return changed


def _attachment_check(txn: Txn, die) -> bool:
    """An attachment holds while the die and its character are both in the Field, or both
    captured (R15.1); otherwise it ends (whatever moved the character: a swap, a judge)."""
    host = txn.state.die(die.attached_to)
    host_zone = host.zone if host is not None else None
    if die.zone == Zone.CAPTURED:
        if host_zone == Zone.CAPTURED:
            return False
        dice_ops.release(txn, die.id, why=f"{die.attached_to} is no longer captured")
        return True
    if die.zone in IN_FIELD and host_zone in IN_FIELD:
        return False
    if die.zone in IN_FIELD:
        dice_ops.detach(txn, die.id)
    else:
        txn.put(replace(die, attached_to=None))
    return True


def advance(txn: Txn) -> bool:
    """Take the next automatic transition; False when a player must act."""
    state = txn.state
    step = state.step
    if step == Step.START_OF_TURN:
        clear_and_draw.clear(txn)
        return True
    if step == Step.ROLL_AND_REROLL and state.phase != "rolled":
        if state.zone(state.active, Zone.PREP):
            roll_and_reroll.ask_for_roll(txn)
        else:  # nothing to roll
            txn.update(phase="rolled")
        return True
    if step == Step.ATTACKERS:
        attack.ask_for_blocks(txn)
        return True
    if step == Step.WINDOW and state.priority is None:
        txn.update(priority=state.active, inactive_passed=False)
        return True
    if step == Step.DAMAGE:
        return _damage(txn)
    if step == Step.CLEANUP:
        if state.phase == "end":
            cleanup.finish(txn)
        else:
            cleanup.begin(txn)
        return True
    return False


def _damage(txn: Txn) -> bool:
    phase = txn.state.combat.phase
    if phase == "assign":
        waiting = attack.needs_split(txn)
        if waiting:
            attack.ask_for_split(txn, waiting)
        else:
            attack.start_damage(txn)
        return True
    if phase == "ready":
        attack.queue_round(txn)
        return True
    if phase == "damage":
        attack.ko_step(txn)
        return True
    if phase == "ko":
        attack.after_round(txn)
        return True
    return False
