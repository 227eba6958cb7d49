"""Judge adjustments (J1): explicit, logged manual changes, so a card effect the engine does
not automate can still be replayed. Each is marked manual in its events; what follows from it
(a KO triggering 'when KO'd', a player at 0 life) follows as usual. Adjustments may come at
any time, whoever has priority, even while the game waits for an input (a start-of-turn
effect entered by hand comes before the draw, for example).
"""

from rules.engine.actions import JudgeAdjust
from rules.engine.effects import dice as dice_ops
from rules.engine.effects import ops
from rules.engine.keywords import heroic
from rules.engine.state import IN_FIELD, ROLLED, Modifier, Zone, replace
from rules.engine.steps.clear_and_draw import draw_from_bag
from rules.engine.txn import Txn
from rules.engine.verdicts import reject


def _fail(message: str) -> None:
    reject("J1", message)


def apply_adjustment(txn: Txn, action: JudgeAdjust) -> None:
    handler = _KINDS.get(action.kind)
    if handler is None:
        _fail(f"Unknown adjustment {action.kind!r} (one of: {', '.join(_KINDS)}).")
    before = len(txn.events)
    handler(txn, action)
    note = f" ({action.note})" if action.note else ""
    # Every event the adjustment caused is marked manual and cites J1.
    marked = [
        replace(e, manual=True, text=f"judge: {e.text}{note}", rule=e.rule or "J1")
        for e in txn.events[before:]
    ]
    txn.events[before:] = marked or [_manual_event(action, note)]
    txn.cite("J1")


def _manual_event(action: JudgeAdjust, note: str):
    from rules.engine.events import Event

    return Event("manual", f"judge: {action.kind}{note}", rule="J1", manual=True)


def _player(action: JudgeAdjust) -> str:
    if action.target not in ("P1", "P2"):
        _fail(f"Name the player (P1 or P2), not {action.target!r}.")
    return action.target


def _life(txn: Txn, action: JudgeAdjust) -> None:
    player = _player(action)
    if action.amount > 0:
        ops.gain_life(txn, player, action.amount, why="judge adjustment")
    else:
        ops.lose_life(txn, player, -action.amount, why="judge adjustment", rule="J1")


def _move(txn: Txn, action: JudgeAdjust) -> None:
    die = txn.die(action.die, rule="J1")
    try:
        zone = Zone(action.zone)
    except ValueError:
        _fail(f"{action.zone!r} is not a zone ({', '.join(z.value for z in Zone)}).")
    if zone in ROLLED and die.face is None:
        _fail(f"{die.id} is unrolled: set its face (judge face) once it is in the {zone.value}.")
    if zone == Zone.CAPTURED:
        _fail("Use 'judge capture' to capture a die.")
    owner = die.owner if die.owner in ("P1", "P2") else action.target
    if owner not in ("P1", "P2"):
        _fail(f"{die.id} is not purchased: say whose it becomes with 'for P1' or 'for P2'.")
    if die.owner == "BA":
        txn.put(replace(die, owner=owner, controller=owner))
    if die.zone in ROLLED and zone in ROLLED:
        moved = replace(
            txn.die(die.id), zone=zone, blocking=None if zone != Zone.ATTACK else die.blocking
        )
        txn.put(moved)
    else:
        txn.move(die.id, zone)
    txn.emit(
        "moved", f"{die.id} moved to the {zone.value.replace('_', ' ')}", die=die.id, player=owner
    )


def _face(txn: Txn, action: JudgeAdjust) -> None:
    die = txn.die(action.die, rule="J1")
    if die.zone not in ROLLED or action.face is None:
        _fail(f"{die.id} is in the {die.zone.value}: only a rolled die shows a face.")
    face = dice_ops.check_face(txn, die, action.face)
    if die.zone in IN_FIELD and not face.is_character:
        txn.move(die.id, Zone.RESERVE)  # R14.1: energy can't be in the Field
        die = txn.die(die.id)
    txn.put(replace(die, face=face))
    txn.emit("moved", f"{die.id} now shows {face.described()}", die=die.id, player=die.controller)


def _damage(txn: Txn, action: JudgeAdjust) -> None:
    die = txn.die(action.die, rule="J1")
    if not (die.is_character and die.zone in IN_FIELD):
        _fail(f"{die.id} is not a character die in the Field: only those take damage.")
    if action.amount < 0:
        txn.put(replace(die, damage=max(0, die.damage + action.amount)))
        txn.emit(
            "prevented",
            f"{die.id}'s damage reduced by {-action.amount}",
            die=die.id,
            amount=-action.amount,
        )
        return
    flags = set(die.flags)
    flags |= {"damaged2"} if "damaged" in flags else {"damaged", "fresh"}
    txn.put(replace(die, damage=die.damage + action.amount, flags=frozenset(flags)))
    txn.emit(
        "damaged",
        f"{die.id} took {action.amount} damage",
        rule="R12.2",
        die=die.id,
        player=die.controller,
        amount=action.amount,
    )


def _modifier(txn: Txn, action: JudgeAdjust) -> None:
    die = txn.die(action.die, rule="J1")
    if not (die.is_character and die.zone in IN_FIELD):
        _fail(f"{die.id} is not a character die in the Field.")
    source = action.note or "judge adjustment"
    txn.put(
        replace(die, modifiers=(*die.modifiers, Modifier(action.attack, action.defense, source)))
    )
    txn.emit(
        "modified",
        f"{die.id} gets {action.attack:+d}A {action.defense:+d}D until end of turn",
        rule="R13.1",
        die=die.id,
        player=die.controller,
    )


def _spin(txn: Txn, action: JudgeAdjust) -> None:
    step = 1 if action.amount > 0 else -1
    for _ in range(abs(action.amount) or 1):
        dice_ops.spin(txn, action.die, step)


def _ko(txn: Txn, action: JudgeAdjust) -> None:
    die = txn.die(action.die, rule="J1")
    if die.zone not in IN_FIELD:
        _fail(f"{die.id} is not in the Field: only a die in the Field is KO'd.")
    ops.ko(txn, die.id)


def _keyword(txn: Txn, action: JudgeAdjust) -> None:
    dice_ops.grant_keyword(txn, action.die, action.mode, source="judge adjustment")


def _energy(txn: Txn, action: JudgeAdjust) -> None:
    player = _player(action)
    left = max(0, txn.state.player(player).virtual_energy + action.amount)
    txn.state = txn.state.with_virtual(player, left)
    txn.emit(
        "virtual_energy",
        f"{player} has {left} virtual energy",
        rule="R6.4",
        player=player,
        amount=action.amount,
    )


def _draw(txn: Txn, action: JudgeAdjust) -> None:
    player = _player(action)
    zone = Zone(action.zone or "prep")
    if zone not in (Zone.PREP, Zone.RESERVE):
        _fail("A drawn die goes to the Prep Area (or the Reserve Pool, then give its face).")
    draw_from_bag(txn, player, action.dice, len(action.dice), zone=Zone.PREP)
    if zone == Zone.RESERVE:
        _fail("Draw into prep, then 'judge move' it to the reserve and set its face.")


def _capture(txn: Txn, action: JudgeAdjust) -> None:
    dice_ops.capture(txn, action.other, action.die)


def _control(txn: Txn, action: JudgeAdjust) -> None:
    dice_ops.control(txn, action.other, action.die)


def _release(txn: Txn, action: JudgeAdjust) -> None:
    die = txn.die(action.die, rule="J1")
    if die.zone == Zone.CAPTURED:
        dice_ops.release(txn, die.id, why="judge adjustment")
    elif die.controller != die.owner:
        dice_ops.end_control(txn, die.id, why="judge adjustment")
    else:
        _fail(f"{die.id} is neither captured nor controlled.")


def _attach(txn: Txn, action: JudgeAdjust) -> None:
    dice_ops.attach(txn, action.die, action.other)


def _pair(txn: Txn, action: JudgeAdjust) -> None:
    """'judge pair A with B': A's Heroic pairs it up with B (K-HEROIC); A was fielded this
    turn. A pair already there when a board begins is a board line ('paired')."""
    heroic.pair(txn, action.die, action.other)


def _unpair(txn: Txn, action: JudgeAdjust) -> None:
    txn.die(action.die, rule="J1")
    heroic.unpair(txn, action.die, why="judge adjustment")


def _copy(txn: Txn, action: JudgeAdjust) -> None:
    dice_ops.copy(txn, action.die, action.other, action.mode)


def _swap(txn: Txn, action: JudgeAdjust) -> None:
    dice_ops.swap(txn, action.die, action.other)


def _token(txn: Txn, action: JudgeAdjust) -> None:
    player = _player(action)
    dice_ops.create_token(txn, player, action.attack, action.defense, name=action.mode or "Token")


def _reroll(txn: Txn, action: JudgeAdjust) -> None:
    if action.face is None:
        _fail("Give the face the die landed on.")
    dice_ops.reroll(txn, action.die, action.face)


_KINDS = {
    "move": _move,
    "face": _face,
    "damage": _damage,
    "life": _life,
    "modifier": _modifier,
    "spin": _spin,
    "ko": _ko,
    "keyword": _keyword,
    "energy": _energy,
    "draw": _draw,
    "capture": _capture,
    "control": _control,
    "release": _release,
    "copy": _copy,
    "swap": _swap,
    "token": _token,
    "reroll": _reroll,
    "prep": lambda txn, action: dice_ops.prep(txn, action.die, source="judge adjustment"),
    "attach": _attach,
    "detach": lambda txn, action: dice_ops.detach(txn, action.die),
    "pair": _pair,
    "unpair": _unpair,
}
