"""Damage, KOs and life (R11.5, R12, R13.4, R16.1), shared by combat, card effects and judge
adjustments.

Damage to a die is tracked apart from its D (R12.2). Before damage is dealt, static prevention
(query layer) and interrupting abilities (R13.4: prevent, reduce, redirect) get their turn;
damage prevented entirely never happened, so nothing reacts to it.

A die's flags record its damage this turn for Iron Will (K-IRONWILL): "damaged" after its
first damage, "damaged2" after a second, "fresh" until the first damage has been checked for
a KO, "spared:<D>" when Iron Will kept it in the Field at that D.
"""

from dataclasses import dataclass

from rules.engine import query
from rules.engine.keywords import ironwill
from rules.engine.state import (
    IN_FIELD,
    Die,
    Zone,
    other,
    replace,
)
from rules.engine.txn import HURT_BY, Txn


@dataclass
class PendingDamage:
    """Damage about to be dealt; interrupting abilities may change it (R13.4)."""

    target: str  # a die id, or "P1"/"P2"
    amount: int
    source: str = ""  # the die or card dealing it
    combat: bool = False
    why: str = ""  # how it was multiplied ('x2 (Wolverine)'), for the event's text

    @property
    def to_player(self) -> bool:
        return self.target in ("P1", "P2")


def deal_damage(
    txn: Txn,
    target: str,
    amount: int,
    *,
    source: str = "",
    combat: bool = False,
    rule: str = "R12.2",
    why: str = "",
) -> int:
    """Damage a character die in the Field or a player; returns the damage dealt. Damage
    other than combat damage is multiplied here ('double all damage dealt to ...'); combat
    damage comes multiplied from the attack step, which assigns it (R11.4); `why` says how
    the attack step multiplied it."""
    from rules.engine.effects import interrupts

    if amount <= 0:
        return 0
    pending = PendingDamage(target, amount, source, combat)
    die = None
    if not pending.to_player:
        die = txn.state.die(target)
        if die is None or die.zone not in IN_FIELD or not die.is_character:
            return 0
    if not combat:
        by = txn.state.die(source) if source else None
        player = target if pending.to_player else ""
        multiplier = query.damage_multiplier(txn.state, txn.cards, die, by, player)
        pending.amount *= multiplier.factor
        why = multiplier.explain()
    pending.why = why
    _prevent_statically(txn, pending)
    if pending.amount > 0:
        interrupts.offer(txn, pending)
    if pending.amount <= 0:
        return 0
    if pending.to_player:
        return _damage_player(txn, pending, rule)
    return _damage_die(txn, pending, rule)


def _prevent_statically(txn: Txn, pending: PendingDamage) -> None:
    target = None if pending.to_player else txn.state.die(pending.target)
    source = txn.state.die(pending.source) if pending.source else None
    player = pending.target if pending.to_player else ""
    for reason, amount in query.damage_prevented(
        txn.state, txn.cards, target, source, pending.amount, player, combat=pending.combat
    ):
        stopped = min(amount, pending.amount)
        pending.amount -= stopped
        txn.emit(
            "prevented",
            f"{stopped} damage to {pending.target} prevented ({reason})",
            rule="R13.4",
            die=pending.target if target else "",
            player=player,
            amount=stopped,
        )
        if pending.amount <= 0:
            return


def _damage_player(txn: Txn, pending: PendingDamage, rule: str) -> int:
    player = pending.target
    life = txn.state.player(player).life - pending.amount
    txn.state = txn.state.with_life(player, life)
    source = f" from {pending.source}" if pending.source else ""
    source += f", {pending.why}" if pending.why else ""
    txn.emit(
        "player_damaged",
        f"{player} took {pending.amount} damage{source}: {life} life",
        rule=rule,
        player=player,
        other=pending.source,
        amount=pending.amount,
    )
    return pending.amount


def _damage_die(txn: Txn, pending: PendingDamage, rule: str) -> int:
    die = txn.state.die(pending.target)
    flags = {f for f in die.flags if not f.startswith(HURT_BY)}
    by, means = txn.cause()
    if by:  # damage from a player's action die or global: why a KO by it happens (Aftershock)
        flags.add(f"{HURT_BY}{by}:{means}")
    if "damaged" in flags:
        flags.add("damaged2")
    else:
        flags |= {"damaged", "fresh"}
    damaged = replace(die, damage=die.damage + pending.amount, flags=frozenset(flags))
    txn.put(damaged)
    defense = query.defense(txn.state, txn.cards, damaged).value
    source = f" from {pending.source}" if pending.source else ""
    source += f", {pending.why}" if pending.why else ""
    txn.emit(
        "damaged",
        f"{die.id} took {pending.amount} damage{source} ({damaged.damage} on D {defense})",
        rule=rule,
        die=die.id,
        player=die.controller,
        other=pending.source,
        amount=pending.amount,
    )
    return pending.amount


def hit_with_nothing_left(txn: Txn, die_id: str, *, source: str) -> None:
    """Combat damage reaching a blocker that needs none of it to be KO'd (its D already at
    most its damage, D 0 for one never damaged): Overcrush uses none of the damage on it
    and sends it all past (K-OVERCRUSH), yet the blocker has taken the combat damage, so
    Iron Will no longer holds it (K-IRONWILL; the official ruling on a 0D Iron Will
    blocker). Marked damaged this turn, as damage marks it, with no damage added; its
    'damaged' event (amount 0) is combat damage taken, for 'when damaged' effects too."""
    die = txn.state.die(die_id)
    if die is None or die.zone not in IN_FIELD or not die.is_character:
        return
    flags = set(die.flags)
    flags |= {"damaged2"} if "damaged" in flags else {"damaged", "fresh"}
    txn.put(replace(die, flags=frozenset(flags)))
    txn.emit(
        "damaged",
        f"{die.id} took {source}'s combat damage with nothing left to take: none of it is "
        "used up on it",
        rule="R11.4",
        die=die.id,
        player=die.controller,
        other=source,
        amount=0,
    )
    txn.cite("K-OVERCRUSH")


def is_lethal(txn: Txn, die: Die) -> bool:
    """Damage at least its D, or D reduced to 0 (R12.1, R12.2)."""
    if not die.is_character or die.zone not in IN_FIELD:
        return False
    defense = query.defense(txn.state, txn.cards, die).value
    return defense == 0 or (die.damage > 0 and die.damage >= defense)


def ko_if_lethal(txn: Txn, die: Die, *, rule: str) -> bool:
    """KO a die whose damage has reached its D, unless Iron Will keeps it (K-IRONWILL)."""
    if not is_lethal(txn, die):
        if "fresh" in die.flags:
            txn.put(replace(die, flags=die.flags - {"fresh"}))
        return False
    keywords = query.keywords(txn.state, txn.cards, die)
    if ironwill.KEYWORD in keywords and "damaged2" not in die.flags:
        if "damaged" not in die.flags:
            return False  # never damaged this turn: Iron Will holds even at D 0
        defense = query.defense(txn.state, txn.cards, die).value
        spared = next((f for f in die.flags if f.startswith("spared:")), None)
        # Its first damage this turn is what made it lethal: Iron Will keeps it. A die at D 0
        # was lethal before any damage; once damaged it is KO'd (the 0D Iron Will ruling).
        if "fresh" in die.flags and defense > 0:
            txn.put(replace(die, flags=(die.flags - {"fresh"}) | {f"spared:{defense}"}))
            txn.emit(
                "prevented",
                f"{die.id} has Iron Will and had not been damaged before this turn: it is not KO'd",
                rule="K-IRONWILL",
                die=die.id,
            )
            return False
        if spared and defense >= int(spared.split(":")[1]):
            return False  # nothing has changed since Iron Will kept it
    ko(txn, die.id, rule=rule, by_damage=True)
    return True


def ko(txn: Txn, die_id: str, *, rule: str = "R12.3", by_damage: bool = False) -> bool:
    """KO a character die: to its owner's Prep (R11.5). A KO by an effect is not damage
    (R12.3), and Iron Will stops it unless the die was damaged this turn (K-IRONWILL)."""
    die = txn.state.die(die_id)
    if die is None or die.zone not in IN_FIELD:
        return False
    if not by_damage:
        keywords = query.keywords(txn.state, txn.cards, die)
        if not ironwill.can_be_kod(keywords, damaged_before="damaged" in die.flags):
            txn.emit(
                "prevented",
                f"{die.id} has Iron Will and had not been damaged this turn: it can't be KO'd",
                rule="K-IRONWILL",
                die=die.id,
            )
            return False
    owner = die.owner
    used = die.controller == owner and query.kod_to_used(txn.state, txn.cards, die)
    moved = txn.move(
        die.id, Zone.USED if used else Zone.PREP, controller=owner, kod=True, lethal=by_damage
    )
    where = "Used Pile" if used else "Prep Area"
    text = f"{die.id} was KO'd" + (f" to its owner's {where}" if moved else "")
    txn.emit("kod", text, rule=rule, die=die.id, player=owner)
    return True


def lose_life(txn: Txn, player: str, amount: int, *, why: str, rule: str = "R12.4") -> None:
    """Losing or paying life is not damage (R12.4)."""
    if amount > 0:
        txn.change_life(player, -amount, rule=rule, text=f"{player} lost {amount} life ({why})")


def pay_life_to(txn: Txn, player: str, what: str, die: Die | None = None) -> None:
    """Pay the life static abilities ask of `player` to do `what` (query.life_to), and mark
    the turn's record ('life_to_<what>:<player>', cleared at the turn's end) so an ability
    asking for it once per turn knows it was paid (R12.4)."""
    life = query.life_to(txn.state, txn.cards, player, what, die)
    if life <= 0:
        return
    label = f"to block with {die.id}" if what == "block" and die else f"to {what.replace('_', ' ')}"
    lose_life(txn, player, life, why=label)
    txn.update(used_limits=txn.state.used_limits | {f"life_to_{what}:{player}"})


def gain_life(txn: Txn, player: str, amount: int, *, why: str) -> int:
    """Gain life, never above the starting total (R12.4); returns the life gained."""
    if amount <= 0:
        return 0
    return txn.change_life(player, amount, rule="R12.4", text=f"{player} gained life ({why})")


def opponent(player: str) -> str:
    return other(player)
