"""Judge adjustments (J1): logged manual changes, so card effects the engine does not automate
can still be replayed. Each is marked manual in the events."""

from dataclasses import replace

from rules.engine.actions import JudgeAdjust
from rules.engine.state import GameState, Modifier, Step, Zone
from rules.engine.verdicts import Applied, Illegal, Verdict

ROLLED_ZONES = {Zone.RESERVE, Zone.FIELD, Zone.ATTACK}


def _illegal(state: GameState, message: str) -> Illegal:
    return Illegal(Verdict("J1", message), state)


def judge_adjust(state: GameState, action: JudgeAdjust, cards) -> Applied | Illegal:
    note = f" ({action.note})" if action.note else ""
    if action.kind == "life":
        if action.target not in ("P1", "P2"):
            return _illegal(state, "A life adjustment names P1 or P2.")
        life = min(state.player(action.target).life + action.amount, state.starting_life)
        state = state.with_life(action.target, life)  # never above the start (R12.4)
        events = [f"judge: {action.target}'s life {action.amount:+d} to {life}{note} (manual)"]
        if life <= 0:
            other = "P2" if action.target == "P1" else "P1"
            state = replace(state, winner=other, step=Step.GAME_OVER)
            events.append(f"{action.target} loses")
        return Applied(state, tuple(events), ("J1", "R12.4"))
    die = state.die(action.die)
    if die is None:
        return _illegal(state, f"There is no die {action.die}.")
    if action.kind == "move":
        try:
            zone = Zone(action.zone)
        except ValueError:
            return _illegal(state, f"{action.zone!r} is not a zone.")
        if zone in ROLLED_ZONES and die.face is None:
            return _illegal(state, f"{die.id} is unrolled: set its face before moving it there.")
        state = state.moved([die.id], zone, keep_face=zone in ROLLED_ZONES)
        event = f"judge: {die.id} moved to {zone.value.replace('_', ' ')}{note} (manual)"
    elif action.kind == "face":
        if die.zone not in ROLLED_ZONES or action.face is None:
            return _illegal(state, f"{die.id} is not rolled; only a rolled die shows a face.")
        state = state.with_dice(replace(die, face=action.face))
        event = f"judge: {die.id} now shows {action.face.notation()}{note} (manual)"
    elif action.kind == "damage":
        state = state.with_dice(replace(die, damage=max(0, die.damage + action.amount)))
        event = f"judge: {die.id} takes {action.amount} damage{note} (manual)"
    elif action.kind == "modifier":
        modifier = Modifier(action.attack, action.defense, action.note or "judge adjustment")
        state = state.with_dice(replace(die, modifiers=(*die.modifiers, modifier)))
        event = f"judge: {die.id} gets {action.attack:+d}A {action.defense:+d}D{note} (manual)"
    else:
        return _illegal(state, f"Unknown adjustment {action.kind!r}.")
    return Applied(state, (event,), ("J1",))
