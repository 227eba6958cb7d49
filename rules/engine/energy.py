"""Paying energy costs (R6): symbols not dice (R6.2), wild for any one type, the card's types
(R7.2), partial spending of two-symbol faces (R6.3), generic leftovers kept as virtual energy
(R6.4), and no die spent for nothing (R6.1).
"""

from collections import Counter

from rules.engine.actions import Payment
from rules.engine.faces import EnergyCost, Face
from rules.engine.state import (
    Zone,
    replace,
)
from rules.engine.txn import Txn
from rules.engine.verdicts import reject


def _spent(face: Face, part: str) -> tuple[str, ...]:
    """The symbols a payment takes from a face ('generic' for each generic energy)."""
    if part:
        return (part,)
    return face.energy + ("generic",) * face.generic


def payment_problem(spent: list[tuple[str, ...]], virtual: int, cost: EnergyCost) -> str:
    """Why these spent symbols (one tuple per die) plus virtual energy can't pay `cost`."""
    symbols = [s for group in spent for s in group]
    total = virtual + len(symbols)
    if total < cost.amount:
        return f"the payment gives {total} energy but {cost.amount} is needed"
    have = Counter(symbols)
    missing = Counter(cost.types) - have
    if sum(missing.values()) > have["wild"]:
        need = " and ".join(sorted(missing))
        return f"the payment needs {need} energy among it (a wild may stand in for each)"
    return ""


def _needless(spent, virtual: int, cost: EnergyCost) -> int | None:
    """The index of a die the payment could do without (R6.1), -1 for the virtual energy."""
    for index in range(len(spent)):
        rest = spent[:index] + spent[index + 1 :]
        if not payment_problem(rest, virtual, cost):
            return index
    if virtual and not payment_problem(spent, 0, cost):
        return -1
    return None


def pay(
    txn: Txn,
    player: str,
    payments: tuple[Payment, ...],
    cost: EnergyCost,
    *,
    what: str,
    type_rule: str = "R7.2",
    exclude: tuple[str, ...] = (),
) -> tuple[str, ...]:
    """Check and make a payment; returns the dice spent. Rejects with the rule broken."""
    virtual = sum(p.virtual for p in payments)
    dice_ids = [p.die for p in payments if not p.virtual]
    if len(set(dice_ids)) != len(dice_ids):
        reject("R6.1", f"A die is spent twice to pay for {what}.")
    if virtual > txn.state.player(player).virtual_energy:
        have = txn.state.player(player).virtual_energy
        reject("R6.4", f"{player} has {have} virtual energy, not {virtual}.")
    spent, dice = [], []
    for payment in payments:
        if payment.virtual:
            continue
        die = txn.die(payment.die, rule="R6.1")
        if die.id in exclude:
            reject("R8.1", f"{die.id} can't pay for its own fielding.", subject=die.id)
        if die.controller != player or die.zone != Zone.RESERVE:
            reject("R6.1", f"{die.id} is not in {player}'s Reserve Pool.", subject=die.id)
        face = die.face
        if face is None or not face.is_energy:
            shown = face.notation() if face else "nothing"
            reject("R6.1", f"{die.id} shows {shown}, not energy.", subject=die.id)
        if payment.part and (
            face.generic or len(face.energy) != 2 or payment.part not in face.energy
        ):
            reject(
                "R6.3",
                f"{die.id} shows {face.notation()}: only one symbol of a face with "
                "two non-generic symbols can be spent alone.",
                subject=die.id,
                hint="A generic face is spent whole; what is left over becomes virtual "
                "energy (R6.4).",
            )
        spent.append(_spent(face, payment.part))
        dice.append((die, payment.part))
    if problem := payment_problem(spent, virtual, cost):
        reject(
            type_rule if "needs" in problem else "R6.1",
            f"{player} can't pay for {what}: {problem}.",
        )
    needless = _needless(spent, virtual, cost)
    if needless is not None:
        name = "the virtual energy" if needless < 0 else dice[needless][0].id
        reject(
            "R6.1",
            f"{name} would be spent for nothing: {what} costs {cost.notation()}.",
            subject="" if needless < 0 else name,
        )
    total = virtual + sum(len(s) for s in spent)
    generic = sum(s.count("generic") for s in spent)
    kept = min(total - cost.amount, generic)  # R6.4: a generic leftover is virtual energy
    zone = txn.spent_zone(player)
    moved = []
    for die, part in dice:
        if part:  # R6.3: the die turns to show the symbol left, and stays in the Reserve
            rest = list(die.face.energy)
            rest.remove(part)
            txn.put(
                replace(
                    die,
                    face=Face(energy=tuple(rest), declared=die.face.declared),
                    flags=die.flags | {"partially_spent"},
                )
            )
        else:
            txn.move(die.id, zone)
            moved.append(die.id)
    left = txn.state.player(player).virtual_energy - virtual + kept
    txn.state = txn.state.with_virtual(player, left)
    paid = ", ".join(p.notation() for p in payments)
    where = "Out of Play" if zone == Zone.OUT_OF_PLAY else "to the Used Pile"
    txn.emit(
        "spent",
        f"{player} paid {paid} for {what} (spent dice go {where})",
        rule="R6.1",
        player=player,
        dice=tuple(d.id for d, _ in dice),
        amount=total,
    )
    if any(part for _, part in dice):
        txn.cite("R6.3")
    if kept:
        txn.emit(
            "virtual_energy",
            f"{player} keeps {kept} generic energy as virtual energy",
            rule="R6.4",
            player=player,
            amount=kept,
        )
    return tuple(moved)


def lose_virtual(txn: Txn, player: str) -> None:
    """Virtual energy not spent before its player passes priority is lost (R6.4)."""
    left = txn.state.player(player).virtual_energy
    if left:
        txn.state = txn.state.with_virtual(player, 0)
        txn.emit(
            "virtual_energy",
            f"{player}'s {left} unspent virtual energy is lost",
            rule="R6.4",
            player=player,
            amount=left,
        )
