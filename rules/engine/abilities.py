"""Automated abilities: the interface card effects plug into.

The card abilities layer (an effect vocabulary plus per-card scripts) builds `Ability` values
and puts them on `CardDef.abilities`; the engine never branches on a card. An ability is
one of:

- triggered (`trigger` names an event kind: fielded, attacks, blocks, blocked, damaged, kod,
  purchased, drew, turn_started, end_of_turn, action_used ...): queued when its event happens
  (R13.3) and resolved by `resolve(ctx)`;
- static (`continuous(query)` yields Contributions to a stat or cost, `restrict(query)` says
  why something can't be done, R13.7), usually `while_active` (R13.1);
- global (`kind="global"`, named like the card's GlobalDef) or activated (a die's own ability
  with a `cost`): used by a player action, then resolved;
- action: what an action die does when used (R9), with `ctx.bursts` for burst text (R9.2).

`interrupt=True` marks prevent/reduce/redirect abilities (R13.4): they are offered when
damage is about to be dealt and resolve before it, through `ctx.prevent(n)` and
`ctx.redirect(target)`; their `condition` sees the pending damage as `ctx.event` (with
`target`, `amount`, `source`, `to_player`). A global with `interrupt=True` and a `cost` is a
reactive global: the engine asks its holder whether to pay for it when its condition holds.

`resolve(ctx)` receives an `EffectContext` (rules.engine.effects.context): the state, the
holder, the source die, the triggering event, the bursts of an action die, questions
(`choose`, `may`, `draw`, `roll`) and the engine's operations (`damage`, `ko`, `spin`,
`modify`, `grant`, `prep`, `field`, `token`, `capture`, `control`, `copy`, `swap`,
`gain_life`, `lose_life`, `send_to_used`, `last` for lasting effects, `release` (a capture
ending when the card says), `attach` and `detach` for equipment and other attached dice, R15.1).

A global's uses paid for in one batch resolve as one effect (R10.3): `ctx.times` says how many
('pay [B]: +1A' paid three times is `ctx.modify(die, attack=ctx.times)`). A script that never
reads it resolves one use, and the engine tells the judge to enter the rest.
"""

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine.faces import CardDef, EnergyCost
from rules.engine.state import IN_FIELD, Die, GameState

ABILITY_KINDS = ("triggered", "static", "global", "activated", "action", "lasting")
LIMITS = ("", "once_per_turn", "once_per_turn_per_die", "first_time")


@dataclass(frozen=True)
class Contribution:
    """One modifier to a derived value, with its source for the explanation (R12.1).

    stat: "attack", "defense", "fielding", "purchase_cost", "draw", "prevent" (damage
    prevented), "damage_multiplier" (`amount` the factor, 2 for 'double damage'), "keyword"
    or "affiliation" (then `value` names it).
    """

    stat: str
    amount: int = 0
    source: str = ""
    value: str = ""


@dataclass(frozen=True)
class Query:
    """What a static ability is asked: `stat` (or a restriction such as "attack", "block",
    "use_global", "target"), about `die` (and `other`), for the ability's `holder`."""

    state: GameState
    cards: Mapping[str, CardDef]
    holder: str
    card: str
    stat: str
    die: Die | None = None
    other: Die | None = None
    player: str = ""
    amount: int = 0
    params: tuple = ()
    combat: bool = False  # a "prevent" question about combat damage (R11.4)
    # A lasting effect's query: its `params` are the effect's own (subject first), so the
    # question's own params (which card is bought, which kind of target) come here.
    asked: tuple = ()


@dataclass(frozen=True)
class TriggerContext:
    state: GameState
    cards: Mapping[str, CardDef]
    event: Any  # Event
    holder: str
    card: str
    die: Die | None  # the die whose ability triggered, for per-die triggers


@dataclass(frozen=True)
class Ability:
    name: str
    kind: str
    text: str = ""
    trigger: str = ""
    subject: str = "self"  # "self": the event's die is one of this card's; "card": once per card
    while_active: bool = False
    condition: Callable[[TriggerContext], bool] | None = None
    resolve: Callable[[Any], None] | None = None  # (EffectContext) -> None
    continuous: Callable[[Query], Iterable[Contribution]] | None = None
    restrict: Callable[[Query], str | None] | None = None
    cost: EnergyCost | None = None
    limit: str = ""
    interrupt: bool = False
    optional: bool = False
    has_target: Callable[[Query], bool] | None = None
    params: tuple = field(default=())

    def __post_init__(self) -> None:
        if self.kind not in ABILITY_KINDS:
            raise ValueError(f"Unknown ability kind {self.kind!r}.")
        if self.limit not in LIMITS:
            raise ValueError(f"Unknown limit {self.limit!r}.")


def ability(cards: Mapping[str, CardDef], key: str) -> Ability | None:
    """The ability named '<card key>.<name>'."""
    card_key, _, name = key.partition(".")
    card = cards.get(card_key)
    if card is None:
        return None
    return next((a for a in card.abilities if a.name == name), None)


def is_active(state: GameState, card: str, holder: str) -> bool:
    """'While active': one or more of this card's dice in the holder's Field (R13.1)."""
    return any(d.card == card and d.controller == holder and d.zone in IN_FIELD for d in state.dice)


def holders(state: GameState, cards: Mapping[str, CardDef]) -> Iterator[tuple[str, CardDef]]:
    """Every (player, card) whose static and card-wide abilities are in the game: each team's
    cards (R13.8: a player's own cards), the basic action cards for both players, and cards
    whose abilities a die copies."""
    for player in state.players:
        for key in player.team:
            card = cards.get(key)
            if card is not None and card.abilities:
                yield player.id, card
        for key in state.basic_actions:
            card = cards.get(key)
            if card is not None and card.abilities:
                yield player.id, card
    for die in state.dice:
        if die.copy is not None and die.copy.mode in ("abilities", "die") and die.zone in IN_FIELD:
            card = cards.get(die.copy.card)
            if card is not None and card.abilities:
                yield die.controller, card


def lasting(state: GameState, cards: Mapping[str, CardDef]) -> Iterator[tuple[Any, Ability]]:
    """(LastingEffect, its Ability) for every lasting effect in the game."""
    for effect in state.effects:
        found = ability(cards, effect.ability)
        if found is not None:
            yield effect, found


_AUTOMATED: dict[int, tuple[Mapping, bool]] = {}


def any_automated(cards: Mapping[str, CardDef]) -> bool:
    """Whether any card carries abilities (cached per card mapping: most games without
    automated cards then skip every ability lookup)."""
    cached = _AUTOMATED.get(id(cards))
    if cached is None or cached[0] is not cards:
        cached = (cards, any(card.abilities for card in cards.values()))
        _AUTOMATED[id(cards)] = cached
    return cached[1]


def in_play(state: GameState, cards: Mapping[str, CardDef]) -> bool:
    """Whether any ability can act in this game now."""
    return bool(state.effects) or (
        any_automated(cards) and any(cards[k].abilities for k in _keys(state) if k in cards)
    )


def contributions(
    state: GameState, cards: Mapping[str, CardDef], stat: str, **about
) -> list[Contribution]:
    """Every static ability's contribution to `stat` (about a die, card or player)."""
    found: list[Contribution] = []
    if not in_play(state, cards):
        return found
    for holder, card in holders(state, cards):
        for entry in card.abilities:
            if entry.continuous is None or entry.kind != "static":
                continue
            if entry.while_active and not is_active(state, card.key, holder):
                continue
            query = Query(state, cards, holder, card.key, stat, **about)
            found.extend(c for c in entry.continuous(query) if c.stat == stat)
    for effect, entry in lasting(state, cards):
        if entry.continuous is not None:
            query = _lasting_query(state, cards, effect, stat, about)
            found.extend(c for c in entry.continuous(query) if c.stat == stat)
    return found


def restriction(state: GameState, cards: Mapping[str, CardDef], what: str, **about) -> str | None:
    """Why a static ability forbids `what` ("attack", "block", "use_global", "target"), if
    one does: 'can't' beats 'can' (R13.7)."""
    if not in_play(state, cards):
        return None
    for holder, card in holders(state, cards):
        for entry in card.abilities:
            if entry.restrict is None:
                continue
            if entry.while_active and not is_active(state, card.key, holder):
                continue
            reason = entry.restrict(Query(state, cards, holder, card.key, what, **about))
            if reason:
                return reason
    for effect, entry in lasting(state, cards):
        if entry.restrict is None:
            continue
        if reason := entry.restrict(_lasting_query(state, cards, effect, what, about)):
            return reason
    return None


def _lasting_query(state: GameState, cards, effect, stat: str, about: dict) -> Query:
    about = dict(about)
    asked = about.pop("params", ())
    card = effect.ability.split(".")[0]
    params = (effect.subject, *effect.params)
    return Query(state, cards, effect.holder, card, stat, params=params, asked=asked, **about)


def _keys(state: GameState) -> Iterator[str]:
    for player in state.players:
        yield from player.team
    yield from state.basic_actions
    for die in state.dice:
        if die.copy is not None:
            yield die.copy.card
