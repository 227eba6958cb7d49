"""Effect scripts for set keywords (rules/abilities/templates/set_keywords.py)."""

from rules.abilities.scripts import effect_script


@effect_script("swarm_extra_draw")
def swarm_extra_draw(ctx, bursts) -> None:
    """Swarm: one more die drawn into Prep for each of the card's dice the Clear and Draw
    drew; Prep is rolled in the Roll and Reroll Step that follows (R5.2), so this is 'draw
    and roll an extra die'. The extra draw is an effect's, so it does not trigger Swarm."""
    event = ctx.event
    mine = [d for d in event.dice if (die := ctx.state.die(d)) is not None and die.card == ctx.card]
    if mine:
        ctx.draw(ctx.holder, len(mine))
