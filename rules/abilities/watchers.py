"""While-active watchers: 'While NAME is active, when you field a [DCV] character die, ...',
'... when an opponent uses an action die, ...', '... when an opposing character die attacks,
deal 1 damage to it'. A card-wide triggered ability (`Ability.subject == "card"`) that fires
only while one of the card's dice is in its holder's Field (R13.1), when the event's die
matches the spec's `any` selector and/or the event's player is the spec's `by`. Effects may
name the event's die as `{"pick": "that"}`.
"""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.abilities import selectors as sel
from rules.abilities.trigger_events import paid
from rules.abilities.vocabulary import TRIGGER_EVENTS
from rules.engine.abilities import Ability, TriggerContext
from rules.engine.faces import SIDEKICK_LEVEL
from rules.engine.state import Zone, other


def is_watcher(spec: Mapping[str, Any]) -> bool:
    return "any" in spec or "by" in spec


def _player_matches(by: str, player: str, holder: str) -> bool:
    if by == "yours":
        return player == holder
    if by == "opposing":
        return player == other(holder)
    return bool(player)


def watcher(spec: Mapping[str, Any], index: int, text: str, resolve) -> Ability:
    when = spec["when"]

    def condition(tc: TriggerContext) -> bool:
        event = tc.event
        if "by" in spec and not _player_matches(spec["by"], event.player, tc.holder):
            return False
        if "any" in spec:
            die = tc.state.die(event.die) if event.die else None
            if die is not None and when in ("kod", "left_field"):
                die = as_it_was(tc.cards, die)
            if die is None or not sel.matches(
                tc.state, tc.cards, spec["any"], die, holder=tc.holder, card=tc.card
            ):
                return False
        if when == "spun_up" and not (event.amount or 0) > 0:
            return False
        return sel.condition(spec.get("if"), tc.state, tc.cards, holder=tc.holder, card=tc.card)

    return Ability(
        f"{when}{index}",
        "triggered",
        text,
        trigger="spun" if when == "spun_up" else TRIGGER_EVENTS[when],
        subject="card",
        while_active=True,
        condition=condition,
        resolve=paid(spec, resolve),  # 'you may pay [B]. If you do, ...': asks, a yes pays
        optional=bool(spec.get("optional")) and "cost" not in spec,
        limit=spec.get("limit", ""),
    )


def that(ctx, selector: Mapping[str, Any]) -> list[str]:
    """The event's die, while it is still a character die in the Field (else nothing)."""
    event = ctx.event
    die = ctx.state.die(event.die) if event is not None and event.die else None
    if die is None or not sel.matches(
        ctx.state, ctx.cards, {**selector, "pick": "each"}, die, holder=ctx.holder
    ):
        return []
    return [die.id]


def as_it_was(cards, die):
    """A KO'd die as the watcher reads it: back in the Field on a character face (its card's
    level 1, or a Sidekick's), under its owner, so its card's filters (affiliation, energy,
    name, cost, Sidekick) apply. Its level is gone: level filters are not offered for KOs."""
    if die.is_token:
        return None  # a token leaves the game when KO'd: no card to read it by
    card = cards.get(die.card) if die.card else None
    face = card.level(1) if card is not None else SIDEKICK_LEVEL
    if face is None:
        return None
    return replace(die, zone=Zone.FIELD, face=face, controller=die.owner)
