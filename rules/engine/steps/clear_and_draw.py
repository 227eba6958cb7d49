"""R5.0 start of turn, R5.1 Clear and Draw (with the first player's first turn, R3.3), the
bag refill (R4.1) and the shortfall (R5.1a). All dice drawn in this step count as one draw:
one "drew" event, however many refills it took."""

from rules.engine import query
from rules.engine.actions import Draw
from rules.engine.effects import ops
from rules.engine.keywords import heroic
from rules.engine.state import Request, Step, Zone
from rules.engine.txn import Txn
from rules.engine.verdicts import reject

DRAW_COUNT = 4


def begin_turn(txn: Txn) -> None:
    """'At the start of your turn' effects come first (R5.0)."""
    player = txn.state.active
    txn.update(step=Step.START_OF_TURN)
    txn.emit(
        "turn_started", f"Turn {txn.state.turn}: {player}'s turn begins", rule="R5.0", player=player
    )
    heroic.end_for(txn, player)  # pairs last until the start of their player's next turn


def clear(txn: Txn) -> None:
    """Clear the Reserve Pool to the Used Pile (never Out of Play: unused), then wait for
    the draw (R5.1)."""
    player = txn.state.active
    cleared = [d.id for d in txn.state.zone(player, Zone.RESERVE)]
    for die_id in cleared:
        txn.move(die_id, Zone.USED)
    if cleared:
        txn.emit(
            "cleared",
            f"{player} cleared {', '.join(cleared)} to the Used Pile",
            rule="R5.1",
            player=player,
            dice=tuple(cleared),
        )
    wanted = _wanted(txn, player)
    first = txn.state.is_first_turn and player == txn.state.first_player
    text = f"{player} draws {wanted} dice" + (" (3 into Prep, a 4th Out of Play)" if first else "")
    txn.update(step=Step.CLEAR_AND_DRAW, pending=Request("draw", player, text, count=wanted))


def _wanted(txn: Txn, player: str) -> int:
    """How many dice the draw takes: 4 (or more, from effects), 3 + 1 Out of Play on the
    first turn, or all there are when even a refilled bag runs short (R5.1a)."""
    first = txn.state.is_first_turn and player == txn.state.first_player
    count = 3 if first else query.draw_count(txn.state, txn.cards, player)
    available = len(txn.state.zone(player, Zone.BAG)) + len(txn.state.zone(player, Zone.USED))
    return min(count + first, available)


def apply_draw(txn: Txn, action: Draw) -> None:
    state, player = txn.state, action.player
    first = state.is_first_turn and player == state.first_player
    if first and len(action.out_of_play) != 1:
        reject(
            "R3.3",
            "The first turn draws 3 dice into Prep and puts a 4th Out of Play.",
            hint=f"Write '{player} draw SK1 SK2 SK3 out SK4'.",
        )
    if not first and action.out_of_play:
        reject("R3.3", "Only the first player's first draw puts a die Out of Play.")
    drawn = draw_from_bag(
        txn,
        player,
        (*action.dice, *action.out_of_play),
        _wanted(txn, player),
        zone=Zone.PREP,
        single_event=False,
    )
    txn.emit(
        "drew",
        f"{player} drew {', '.join(action.dice)} into Prep",
        rule="R5.1",
        player=player,
        dice=tuple(d for d in drawn if d not in action.out_of_play),
    )
    if first:
        txn.move(action.out_of_play[0], Zone.OUT_OF_PLAY)
        txn.emit(
            "moved",
            f"{action.out_of_play[0]} went Out of Play for the first turn",
            rule="R3.3",
            die=action.out_of_play[0],
            player=player,
        )
    required = DRAW_COUNT if first else query.draw_count(txn.state, txn.cards, player)
    short = required - len(drawn)
    if short > 0:  # R5.1a: life loss (not damage) and virtual generic energy
        ops.lose_life(txn, player, short, why=f"{short} short in the draw", rule="R5.1a")
        left = txn.state.player(player).virtual_energy + short
        txn.state = txn.state.with_virtual(player, left)
        txn.emit(
            "shortfall",
            f"{player} could draw only {len(drawn)}: lost {short} life and "
            f"gained {short} generic virtual energy",
            rule="R5.1a",
            player=player,
            amount=short,
        )
    txn.update(pending=None, step=Step.ROLL_AND_REROLL)


def draw_from_bag(
    txn: Txn,
    player: str,
    dice: tuple[str, ...],
    count: int,
    *,
    zone: Zone,
    single_event: bool = True,
) -> tuple[str, ...]:
    """Check which dice were drawn and move them: from the bag, and from the Used Pile only
    once the bag is empty, which is then refilled with all of it (R4.1)."""
    if len(set(dice)) != len(dice):
        reject("R5.1", "A die is drawn twice.")
    if len(dice) != count:
        reject(
            "R5.1",
            f"{len(dice)} dice drawn; {count} must be drawn.",
            hint="All of the bag is drawn first, then the Used Pile refills it.",
        )
    bag = {d.id for d in txn.state.zone(player, Zone.BAG)}
    used = {d.id for d in txn.state.zone(player, Zone.USED)}
    for die_id in dice:
        die = txn.die(die_id, rule="R5.1")
        if die_id not in bag and die_id not in used:
            where = die.zone.value.replace("_", " ")
            reject("R4.1", f"{die_id} is in the {where}, not in {player}'s bag.", subject=die_id)
    from_used = [d for d in dice if d in used]
    if from_used and not bag <= set(dice):
        left = ", ".join(sorted(bag - set(dice)))
        reject(
            "R4.1",
            f"{from_used[0]} comes from the Used Pile, but the bag still holds {left}: "
            "the bag is refilled only when it is empty.",
            subject=from_used[0],
        )
    if from_used:  # R4.1: all of the Used Pile (not Out of Play) goes into the bag
        refill = sorted(used)
        for die_id in refill:
            txn.move(die_id, Zone.BAG)
        txn.emit(
            "bag_refilled",
            f"{player}'s bag was empty: refilled with {len(refill)} dice from the Used Pile",
            rule="R4.1",
            player=player,
            amount=len(refill),
        )
    for die_id in dice:
        txn.move(die_id, zone)
    if single_event:
        txn.emit(
            "drew",
            f"{player} drew {', '.join(dice)}",
            rule="R4.1" if from_used else "",
            player=player,
            dice=tuple(dice),
        )
    return tuple(dice)
