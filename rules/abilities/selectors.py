"""Which dice or player a selector means, and what an amount or condition comes to, read from
a game state for the player holding the ability. Pure: no choices asked here."""

from collections.abc import Mapping
from functools import cache
from typing import Any

from rules.engine import query
from rules.engine.faces import CardDef
from rules.engine.state import IN_FIELD, Die, GameState, Zone, other


def in_combat(state: GameState, die: Die, role: str) -> bool:
    """'attacking' (in the Attack Zone, not blocking), 'blocking', 'blocked' (an attacker with
    a blocker, or that stays blocked, R11.4) or 'unblocked' (an attacker without)."""
    if role == "blocking":
        return bool(die.blocking)
    attacking = die.zone.value == "attack" and not die.blocking
    if role == "attacking" or not attacking:
        return attacking
    blocked = "blocked" in die.flags or any(d.blocking == die.id for d in state.dice)
    return blocked == (role == "blocked")


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
    anywhere: bool = False,
) -> bool:
    """Whether `die` is one the selector means (the pick aside): a character die in the Field
    (R13.2) on the right side, passing every filter. `source` is the ability's own die;
    `card` its card, for 'this' in a continuous ability (each of the card's dice).
    `printed_sidekick` counts only real sidekicks (not Ally): what a keyword query uses, since
    Ally is itself a keyword. `anywhere`: a character die outside the Field too (a die in
    the Reserve Pool being fielded, for a fielding cost)."""
    if not die.is_character or (die.zone not in IN_FIELD and not anywhere):
        return False
    if "shows_burst" in selector and (
        die.face is None or die.face.bursts not in selector["shows_burst"]
    ):
        return False  # a character's burst line (R9.2): the face shown has those bursts
    pick = selector["pick"]
    if pick == "this":
        return die.id == source if source else (die.card == card and die.controller == holder)
    side = selector.get("side", "any")
    if side == "yours" and die.controller != holder:
        return False
    if side == "opposing" and die.controller == holder:
        return False
    if "combat" in selector and not in_combat(state, die, selector["combat"]):
        return False
    if "min_attack" in selector and query.attack(state, cards, die).value < selector["min_attack"]:
        return False
    if selector.get("other") and (die.id == source or (not source and die.card == card)):
        return False
    what = selector.get("what", "character")
    if what in ("action", "basic_action"):  # cards to buy (card_matches), never a character
        return False
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
    if "trait" in selector and selector["trait"] not in traits(card_def):
        return False
    if "not_energy" in selector:
        types = set(card_def.energy) if card_def else set()
        if types & set(selector["not_energy"]):
            return False
    if selector.get("shares_affiliation") and not _shares_affiliation(state, cards, die, card):
        return False
    if "max_level" in selector and die.level > selector["max_level"]:
        return False
    if "level_vs_this" in selector:  # 'lower / higher level' than this die (statics_tail)
        own = state.die(source) if source else None
        if own is None or not own.is_character:
            return False
        if (die.level < own.level) != (selector["level_vs_this"] == "lower"):
            return False
        if die.level == own.level:
            return False
    if selector.get("level_at_most_this"):  # 'of equal or lower level' than this die
        own = state.die(source) if source else None
        if own is None or not own.is_character or die.level > own.level:
            return False
    if "max_cost" in selector:
        cost = card_def.cost if card_def else 0
        if cost > selector["max_cost"]:
            return False
    if "min_cost" in selector and (card_def.cost if card_def else 0) < selector["min_cost"]:
        return False
    if "min_level" in selector and die.level < selector["min_level"]:
        return False
    if "not_name" in selector and query.title(cards, die).lower() == selector["not_name"].lower():
        return False
    if "engaged_with" in selector and not any(
        matches(state, cards, selector["engaged_with"], d, holder=holder, card=card)
        for d in engaged(state, die)
    ):
        return False
    if selector.get("defense_at_most_this"):  # 'with D less than or equal to NAME's D'
        own = state.die(source) if source else None
        if own is None or not own.is_character or own.zone not in IN_FIELD:
            return False
        if query.defense(state, cards, die).value > query.defense(state, cards, own).value:
            return False
    if "max_attack" in selector and query.attack(state, cards, die).value > selector["max_attack"]:
        return False
    if selector.get("not_blocking_this") and source and die.blocking == source:
        return False  # attack_tail: 'target die not blocking NAME' (the ability's own die)
    if selector.get("level_same_as_this"):  # attack_tail: 'the same level as NAME'
        own = state.die(source) if source else None
        if own is None or not own.is_character or die.level != own.level:
            return False
    if "max_fielding" in selector and (
        die.face is None or die.face.fielding > selector["max_fielding"]
    ):
        return False  # the fielding cost printed on the face shown
    if "any_of" in selector and not any(
        matches(state, cards, {**one, "pick": "each"}, die, holder=holder, source=source, card=card)
        for one in selector["any_of"]
    ):
        return False
    types = set(card_def.energy) if card_def else set()  # a sidekick has no energy type
    return not types & set(selector.get("not_energy", ()))


def engaged(state: GameState, die: Die) -> list[Die]:
    """The dice engaged with `die`: the attacker it blocks, or the dice blocking it (R11.2)."""
    if die.blocking:
        found = state.die(die.blocking)
        return [found] if found is not None and found.zone == Zone.ATTACK else []
    if die.zone != Zone.ATTACK:
        return []
    return [d for d in state.dice if d.blocking == die.id and d.zone == Zone.ATTACK]


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
        if value.get("distinct"):  # 'different' characters: one per name
            return len({query.title(cards, d) for d in found}) * value.get("times", 1)
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
    # Underdog's reminder text
    if kind == "opponent_more_field_dice":
        mine = sum(1 for d in state.field(holder) if d.is_character)
        theirs = sum(1 for d in state.field(other(holder)) if d.is_character)
        return theirs > mine
    if kind == "opponent_more_life":
        return state.player(other(holder)).life > state.player(holder).life
    if kind in ("count_at_least", "count_at_most"):
        found = len(
            dice(state, cards, test["of"], holder=holder, source=this.id if this else "", card=card)
        )
        return found >= test["n"] if kind == "count_at_least" else found <= test["n"]
    if kind == "your_turn":
        return state.active == holder
    if kind == "attacking":
        return this is not None and this.zone.value == "attack" and not this.blocking
    if kind == "blocking":
        return this is not None and bool(this.blocking)
    if kind == "reserve_energy_at_least":
        return reserve_energy(state, holder, test["energy"]) >= test["n"]
    extension = _extension_conditions().get(kind)
    if extension:  # rules/abilities/extensions/
        return extension[1](test, state, cards, holder=holder, this=this, card=card)
    raise ValueError(f"Unknown condition {kind!r}.")


@cache
def _extension_conditions() -> dict:
    from rules.abilities import extensions

    return extensions.merged("CONDITIONS")


def reserve_energy(state: GameState, player: str, energy: str) -> int:
    """Symbols of one energy type among the player's Reserve Pool dice. A wild is not counted:
    'while you have [F] in your Reserve Pool' reads the face shown (the weaker reading, T5.1)."""
    return sum(
        d.face.energy.count(energy)
        for d in state.zone(player, Zone.RESERVE)
        if d.face is not None and d.face.is_energy
    )


def card_matches(
    cards: Mapping[str, CardDef],
    selector: Mapping[str, Any],
    key: str,
    *,
    holder: str = "",
    player: str = "",
    card: str = "",
) -> bool:
    """Whether a card being bought (by `player`) is one the selector means: its side is whose
    purchase it is, its filters read the card (energy, affiliation, name, cost); 'this' is
    the ability's own card `card`. Sidekicks are never bought."""
    found = cards.get(key)
    if found is None:
        return False
    if selector["pick"] == "this":
        return key == card
    side = selector.get("side", "any")
    if (side == "yours" and player != holder) or (side == "opposing" and player == holder):
        return False
    if selector.get("other") and key == card:
        return False
    what = selector.get("what", "character")
    character = found.kind in ("character", "character_or_action")
    if what in ("character", "non_sidekick") and not character:
        return False
    if what == "sidekick":
        return False  # sidekicks are never bought
    if what == "action" and found.kind not in ("action", "basic_action"):
        return False
    if what == "basic_action" and found.kind != "basic_action":
        return False
    if "energy" in selector and not set(found.energy) & set(selector["energy"]):
        return False
    if set(found.energy) & set(selector.get("not_energy", ())):
        return False
    affiliations = set(found.affiliations)
    if "affiliation" in selector and not affiliations & set(selector["affiliation"]):
        return False
    if affiliations & set(selector.get("not_affiliation", ())):
        return False
    if "name" in selector and found.display_title.lower() != selector["name"].lower():
        return False
    if "trait" in selector and selector["trait"] not in traits(found):
        return False
    if "max_cost" in selector and found.cost > selector["max_cost"]:
        return False
    if "min_cost" in selector and found.cost < selector["min_cost"]:
        return False
    return "max_level" not in selector and "min_level" not in selector


def _shares_affiliation(
    state: GameState, cards: Mapping[str, CardDef], die: Die, card: str
) -> bool:
    """'a character who shares an affiliation with <this card>'."""
    own = set(cards[card].affiliations) if card in cards else set()
    return bool(own & set(query.affiliations(state, cards, die)))


# Cards whose own text says they count as a trait their subtitle doesn't print ('Orcus counts
# as a fiend').
_COUNTS_AS = {"101fus": ("fiend",), "130fus": ("fiend",)}


def traits(card_def: CardDef | None) -> frozenset[str]:
    """The creature words of a card (while_tail's 'your fiend dice'): the words of its subtitle
    ('Minion Fiend'), lower case, and what its text says it counts as; none for a sidekick."""
    if card_def is None:
        return frozenset()
    title = card_def.display_title
    subtitle = card_def.name[len(title) + 2 :] if card_def.name.startswith(f"{title}: ") else ""
    words = {w.lower() for w in subtitle.split()}
    return frozenset(words | set(_COUNTS_AS.get(card_def.key, ())))
