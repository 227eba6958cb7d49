"""R13.4: only prevent, reduce and redirect abilities interrupt. When damage is about to be
dealt, each player in turn (the active player first, R10.5) is offered the interrupting
abilities they hold whose condition matches: a reactive global is offered only when its cost
can be paid, and once per damage event (R10.2); a "you may" ability is asked; others simply
resolve. They act on the pending damage (prevent part or all of it, or redirect it), before
anything can react to the damage itself.

Interrupts are offered only while an effect or combat damage resolves (an EffectContext,
which can wait for the players' answers); a judge's manual damage is dealt as entered.
"""

from rules.engine import abilities
from rules.engine.abilities import TriggerContext
from rules.engine.state import Zone
from rules.engine.txn import Txn


def offer(txn: Txn, pending) -> None:
    from rules.engine.effects.context import EffectContext

    if not isinstance(txn, EffectContext):
        return
    state, cards = txn.state, txn.cards
    if not abilities.in_play(state, cards) or not any(
        a.interrupt for _, card in abilities.holders(state, cards) for a in card.abilities
    ):
        return
    for player in (state.active, state.inactive):
        for holder, card in list(abilities.holders(txn.state, cards)):
            if holder != player:
                continue
            for ability in card.abilities:
                if pending.amount <= 0:
                    return
                if not ability.interrupt or ability.resolve is None:
                    continue
                if ability.while_active and not abilities.is_active(txn.state, card.key, holder):
                    continue
                check = TriggerContext(txn.state, cards, pending, holder, card.key, None)
                if ability.condition is not None and not ability.condition(check):
                    continue
                prompt = f"{player} may use {card.name}: {ability.text or ability.name}"
                if ability.cost is not None:
                    if not _can_afford(txn, player, ability.cost.amount):
                        continue
                    if not txn.may(
                        prompt + f" (pay {ability.cost.notation()})",
                        player=player,
                        cost=ability.cost,
                    ):
                        continue
                elif ability.optional and not txn.may(prompt, player=player):
                    continue
                txn.run_interrupt(ability, holder, card.key, pending)


def _can_afford(txn: Txn, player: str, amount: int) -> bool:
    energy = sum(
        d.face.symbols
        for d in txn.state.zone(player, Zone.RESERVE)
        if d.face is not None and d.face.is_energy
    )
    return energy + txn.state.player(player).virtual_energy >= amount
