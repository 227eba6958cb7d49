"""Which dice or player a selector means, and what an amount or condition comes to, read from
a game state for the player holding the ability. Pure: no choices asked here."""

from collections.abc import Mapping
from typing import Any

from rules.engine import query
from rules.engine.faces import CardDef
from rules.engine.state import IN_FIELD, Die, GameState, other


def matches(
    state: GameState,
    cards: Mapping[str, CardDef],
    selector: Mapping[str, Any],
    die: Die,
    *,
    holder: str,
    source: str = "",
    card: str = "",
    printed_sidekick: bool = False,
) -> bool:
    """Whether `die` is one the selector means (the pick aside): a character die in the Field
    (R13.2) on the right side, passing every filter. `source` is the ability's own die;
    `card` its card, for 'this' in a continuous ability (each of the card's dice).
    `printed_sidekick` counts only real sidekicks (not Ally): what a keyword query uses, since
    Ally is itself a keyword."""
    if not die.is_character or die.zone not in IN_FIELD:
        return False
    pick = selector["pick"]
    if pick == "this":
        return die.id == source if source else (die.card == card and die.controller == holder)
    side = selector.get("side", "any")
    if side == "yours" and die.controller != holder:
        return False
    if side == "opposing" and die.controller == holder:
        return False
    if selector.get("other") and (die.id == source or (not source and die.card == card)):
        return False
    what = selector.get("what", "character")
    if what != "character":
        sidekick = die.is_sidekick if printed_sidekick else query.is_sidekick(state, cards, die)
        if sidekick != (what == "sidekick"):
            return False
    card_def = query.card_of(cards, die)
    if "energy" in selector:
        types = set(card_def.energy) if card_def else set()
        if not types & set(selector["energy"]):
            return False
    if "affiliation" in selector or "not_affiliation" in selector:
        found = query.affiliations(state, cards, die)
        if "affiliation" in selector and not found & set(selector["affiliation"]):
            return False
        if found & set(selector.get("not_affiliation", ())):
            return False
    if "name" in selector and query.title(cards, die).lower() != selector["name"].lower():
        return False
    if "max_level" in selector and die.level > selector["max_level"]:
        return False
    if selector.get("level_at_most_this"):  # 'of equal or lower level' than this die
        own = state.die(source) if source else None
        if own is None or not own.is_character or die.level > own.level:
            return False
    if "max_cost" in selector:
        cost = card_def.cost if card_def else 0
        if cost > selector["max_cost"]:
            return False
    return True


def dice(
    state: GameState,
    cards: Mapping[str, CardDef],
    selector: Mapping[str, Any],
    *,
    holder: str,
    source: str = "",
    card: str = "",
) -> list[Die]:
    return [
        d
        for d in state.dice
        if matches(state, cards, selector, d, holder=holder, source=source, card=card)
    ]


def players(selector: Mapping[str, Any], holder: str) -> list[str]:
    side = selector.get("side", "opposing")
    if side == "yours":
        return [holder]
    if side == "opposing":
        return [other(holder)]
    return [holder, other(holder)]


def amount(
    value,
    state: GameState,
    cards: Mapping[str, CardDef],
    *,
    holder: str,
    this: Die | None = None,
    card: str = "",
    bursts: int = 0,
) -> int:
    """A fixed number, a count of matching dice ('for each'), a stat of this die, or a number
    by the bursts shown."""
    if isinstance(value, int):
        return value
    if "count" in value:
        found = dice(
            state, cards, value["count"], holder=holder, source=this.id if this else "", card=card
        )
        return len(found) * value.get("times", 1)
    if "per_burst" in value:
        return value["per_burst"][min(bursts, 2)]
    if this is None:
        return 0
    if value["stat"] == "level":
        return this.level
    stat = query.attack if value["stat"] == "attack" else query.defense
    return stat(state, cards, this).value


def condition(
    test: Mapping[str, Any] | None,
    state: GameState,
    cards: Mapping[str, CardDef],
    *,
    holder: str,
    this: Die | None = None,
    card: str = "",
) -> bool:
    if test is None:
        return True
    kind = test["test"]
    if kind == "opponent_more_life":
        return state.player(other(holder)).life > state.player(holder).life
    if kind in ("count_at_least", "count_at_most"):
        found = len(
            dice(state, cards, test["of"], holder=holder, source=this.id if this else "", card=card)
        )
        return found >= test["n"] if kind == "count_at_least" else found <= test["n"]
    if kind == "attacking":
        return this is not None and this.zone.value == "attack" and not this.blocking
    if kind == "blocking":
        return this is not None and bool(this.blocking)
    raise ValueError(f"Unknown condition {kind!r}.")
