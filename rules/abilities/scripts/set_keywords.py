"""Effect scripts for set keywords (rules/abilities/templates/set_keywords.py)."""

from rules.abilities.scripts import effect_script
from rules.engine.effects import ops
from rules.engine.state import Zone


@effect_script("swarm_extra_draw")
def swarm_extra_draw(ctx, bursts) -> None:
    """Swarm: one more die drawn into Prep for each of the card's dice the Clear and Draw
    drew; Prep is rolled in the Roll and Reroll Step that follows (R5.2), so this is 'draw
    and roll an extra die'. The extra draw is an effect's, so it does not trigger Swarm."""
    event = ctx.event
    mine = [d for d in event.dice if (die := ctx.state.die(d)) is not None and die.card == ctx.card]
    if mine:
        ctx.draw(ctx.holder, len(mine))


@effect_script("infiltrate")
def infiltrate(ctx, bursts) -> None:
    """Infiltrate: each of the card's attacking dice that no blocker blocks may go back to the
    Field, and then deals the opponent 1 damage (it no longer attacks: no combat damage)."""
    unblocked = [
        d.id
        for d in ctx.state.dice
        if d.card == ctx.card
        and d.controller == ctx.holder
        and d.zone == Zone.ATTACK
        and d.blocking is None
        and "blocked" not in d.flags
    ]
    for die_id in unblocked:
        prompt = f"Infiltrate: return {die_id} to the Field to deal {ctx.opponent} 1 damage?"
        if not ctx.may(prompt):
            continue
        ctx.move(die_id, Zone.FIELD)
        ctx.emit(
            "moved",
            f"{die_id} returned to the Field (Infiltrate)",
            die=die_id,
            player=ctx.holder,
        )
        ops.deal_damage(ctx, ctx.opponent, 1, source=die_id)
