"""R5.2 Roll and Reroll: every Prep die is rolled (how each landed is a recorded input), then
any group of them may be rerolled once; the dice stay in the Reserve Pool with their faces.
Effects that look at what was rolled check when the step ends ("roll_finished")."""

from rules.engine import abilities, query
from rules.engine.actions import Reroll, Roll
from rules.engine.effects import ops
from rules.engine.effects.dice import check_face
from rules.engine.state import Request, Step, Zone, replace
from rules.engine.txn import Txn
from rules.engine.verdicts import reject


def ask_for_roll(txn: Txn) -> None:
    player = txn.state.active
    prep = tuple(d.id for d in txn.state.zone(player, Zone.PREP))
    txn.update(pending=Request("roll", player, f"{player} rolls {', '.join(prep)}", options=prep))


def apply_roll(txn: Txn, action: Roll) -> None:
    player = action.player
    prep = {d.id for d in txn.state.zone(player, Zone.PREP)}
    rolled = dict(action.faces)
    if len(rolled) != len(action.faces):
        reject("R5.2", "A die is rolled twice.")
    if set(rolled) != prep:
        missing = ", ".join(sorted(prep - set(rolled))) or "none"
        extra = ", ".join(sorted(set(rolled) - prep)) or "none"
        reject(
            "R5.2",
            f"Every Prep die is rolled, and only those (missing: {missing}; not in Prep: {extra}).",
        )
    faces = [(die_id, check_face(txn, txn.die(die_id), face)) for die_id, face in action.faces]
    for die_id, face in faces:
        txn.put(replace(txn.die(die_id), zone=Zone.RESERVE, face=face))
    shown = ", ".join(f"{i}={f.described()}" for i, f in faces)
    txn.emit("rolled", f"{player} rolled {shown}", rule="R5.2", player=player, dice=tuple(rolled))
    txn.update(pending=None, phase="rolled")


def apply_reroll(txn: Txn, action: Reroll) -> None:
    state, player = txn.state, action.player
    if state.step != Step.ROLL_AND_REROLL or state.zone(player, Zone.PREP):
        reject("R5.2", "The reroll comes once, right after the roll.")
    ids = [d for d, _ in action.faces]
    grant = _extra_reroll(txn, player, ids) if state.rerolled else None
    if len(set(ids)) != len(ids):
        reject("R5.2", "Each die is rerolled once, in a single group.")
    faces = []
    for die_id, face in action.faces:
        die = txn.die(die_id, rule="R5.2")
        if die.controller != player or die.zone != Zone.RESERVE:
            reject("R5.2", f"{die_id} was not rolled this turn.", subject=die_id)
        faces.append((die_id, check_face(txn, die, face)))
        why = abilities.restriction(
            state, txn.cards, "reroll", die=die, player=player, amount=len(ids)
        )
        if why:
            reject("R13.7", f"{die_id} can't be rerolled: {why}.", subject=die_id)
    if action.faces:  # 'your opponent must pay 2 life to reroll' (R12.4)
        ops.pay_life_to(txn, player, "reroll")
    for die_id, face in faces:
        txn.put(replace(txn.die(die_id), face=face))
    if faces:
        shown = ", ".join(f"{i}={f.described()}" for i, f in faces)
        txn.emit(
            "rerolled", f"{player} rerolled {shown}", rule="R5.2", player=player, dice=tuple(ids)
        )
    else:
        txn.emit("rerolled", f"{player} kept every face", rule="R5.2", player=player)
    txn.update(rerolled=True)
    if grant is not None:  # an extra reroll a static ability gives, once a turn
        txn.update(used_limits=txn.state.used_limits | {f"extra_reroll:{grant.value}"})
        ops.lose_life(txn, player, grant.amount, why=f"to reroll again ({grant.source})")
    if action.faces and _extra_rerolls_left(txn, player):
        return  # the step goes on: reroll again, or act in the Main Step (keeping every face)
    finish(txn)


def _unused(txn: Txn, player: str, dice: tuple[str, ...] = ()):
    return [
        c
        for c in query.extra_rerolls(txn.state, txn.cards, player, dice)
        if f"extra_reroll:{c.value}" not in txn.state.used_limits
    ]


def _extra_reroll(txn: Txn, player: str, ids: list[str]):
    """The grant of an extra reroll (R5.2: once, unless an ability gives more) these dice
    use, or the reroll is refused. A second empty reroll just ends the step."""
    if not ids:
        return None
    found = _unused(txn, player, tuple(ids))
    if not found:
        reject("R5.2", "Dice are rerolled once, as a single group.")
    return found[0]


def _extra_rerolls_left(txn: Txn, player: str) -> bool:
    return bool(_unused(txn, player))


def finish(txn: Txn) -> None:
    """The step ends: the Main Step begins with the active player's priority (R5.3)."""
    player = txn.state.active
    txn.emit("roll_finished", f"{player}'s Roll and Reroll Step ended", rule="R5.2", player=player)
    txn.update(step=Step.MAIN, phase="", priority=player, inactive_passed=False)
