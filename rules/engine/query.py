"""Derived values, each with its explanation: a die's A and D (printed value plus every
modifier and its source, R12.1), costs, keywords, affiliations, whether it counts as a
sidekick. Continuous effects reach the game only through here (abilities' `continuous`
hooks), never through per-card flags.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine import abilities
from rules.engine.faces import CardDef, Face
from rules.engine.keywords import ally
from rules.engine.state import IN_FIELD, Die, GameState, other


@dataclass(frozen=True)
class Stat:
    value: int
    printed: int
    parts: tuple[tuple[str, int], ...]  # (source, amount)
    floor: str = "a stat can't go below 0, R12.1"  # why the value may exceed the sum

    def explain(self) -> str:
        """'5 = 3 printed +2 (Take Cover)': the value, then where it comes from."""
        text = f"{self.printed} printed" + "".join(
            f" {amount:+d} ({source})" for source, amount in self.parts
        )
        floored = self.value != self.printed + sum(a for _, a in self.parts)
        return f"{self.value} = {text}" + (f" ({self.floor})" if floored else "")

    def as_json(self) -> dict:
        return {
            "value": self.value,
            "printed": self.printed,
            "parts": [{"source": s, "amount": a} for s, a in self.parts],
            "explanation": self.explain(),
        }


def card_of(cards: Mapping[str, CardDef], die: Die) -> CardDef | None:
    """The card whose text a die uses: its own, or the one it copies entirely (R15.3)."""
    if die.copy is not None and die.copy.mode == "die":
        return cards.get(die.copy.card)
    return cards.get(die.card) if die.card else None


def ability_cards(cards: Mapping[str, CardDef], die: Die) -> list[CardDef]:
    """The cards whose abilities a die has: its own (or the one it copies entirely), and a
    card whose abilities it copies (R15.3)."""
    found = [card] if (card := card_of(cards, die)) is not None else []
    if die.copy is not None and die.copy.mode == "abilities" and die.copy.card in cards:
        found.append(cards[die.copy.card])
    return found


def printed_face(cards: Mapping[str, CardDef], die: Die) -> Face | None:
    """The face's printed numbers; a die copying stats uses the copied card's face of the
    same level, keeping its own bursts (R15.3)."""
    face = die.face
    if face is None or die.copy is None or die.copy.mode == "abilities":
        return face
    copied = cards.get(die.copy.card)
    level = copied.level(face.level) if copied and face.is_character else None
    if level is None:
        return face
    return Face(
        level=face.level,
        fielding=level.fielding,
        attack=level.attack,
        defense=level.defense,
        bursts=face.bursts,
    )


def _stat(state: GameState, cards, die: Die, name: str) -> Stat:
    face = printed_face(cards, die)
    printed = getattr(face, name) if face is not None else 0
    parts = [
        (m.source or "effect", getattr(m, name, 0)) for m in die.modifiers if getattr(m, name, 0)
    ]
    if die.is_character:
        for c in abilities.contributions(state, cards, name, die=die):
            if c.amount:
                parts.append((c.source, c.amount))
    return Stat(max(0, printed + sum(a for _, a in parts)), printed, tuple(parts))


def attack(state: GameState, cards: Mapping[str, CardDef], die: Die) -> Stat:
    return _stat(state, cards, die, "attack")


def defense(state: GameState, cards: Mapping[str, CardDef], die: Die) -> Stat:
    return _stat(state, cards, die, "defense")


def fielding_cost(state: GameState, cards: Mapping[str, CardDef], die: Die) -> Stat:
    return _stat(state, cards, die, "fielding")


def purchase_cost(state: GameState, cards: Mapping[str, CardDef], player: str, card: str) -> Stat:
    """The card's cost with reductions, never below 1 or its number of types (R7.3)."""
    printed = cards[card].cost
    parts = tuple(
        (c.source, c.amount)
        for c in abilities.contributions(
            state, cards, "purchase_cost", player=player, params=(card,)
        )
        if c.amount
    )
    value = printed + sum(a for _, a in parts)
    if parts and value < printed:
        value = max(value, 1, len(cards[card].energy))
    return Stat(max(0, value), printed, parts, "a reduced cost is never below 1, R7.3")


def draw_count(state: GameState, cards: Mapping[str, CardDef], player: str) -> int:
    """Four, plus the extra dice effects draw in the same Clear and Draw (R5.1)."""
    extra = abilities.contributions(state, cards, "draw", player=player)
    return max(0, 4 + sum(c.amount for c in extra))


def global_cost_change(
    state: GameState, cards: Mapping[str, CardDef], player: str, card: str, holder: str
) -> int:
    """The energy added to (or taken from) each use of a global ability by static abilities
    ('your opponents pay [1] more to use each Global Ability'): `player` uses the global of
    `card` on `holder`'s team (R10.1)."""
    found = abilities.contributions(
        state, cards, "global_cost", player=player, params=(card, holder)
    )
    return sum(c.amount for c in found)


def use_life_cost(state: GameState, cards: Mapping[str, CardDef], player: str, kind: str) -> int:
    """The life `player` pays, by static abilities, to use an action die (`kind` 'action') or
    a global ability ('global'): 'your opponent must pay 2 life to use an action die or
    global ability' (paying life is not damage, R12.4)."""
    found = abilities.contributions(state, cards, "use_life", player=player, params=(kind,))
    return max(0, sum(c.amount for c in found))


def life_to(
    state: GameState, cards: Mapping[str, CardDef], player: str, what: str, die: Die | None = None
) -> int:
    """The life `player` pays, by static abilities, to do `what`: 'reroll' (the Roll and Reroll
    Step's reroll), 'declare_blockers', 'block' (with the blocker `die`): 'your opponent must
    pay 2 life to reroll' (paying life is not damage, R12.4)."""
    found = abilities.contributions(state, cards, f"life_to_{what}", player=player, die=die)
    return max(0, sum(c.amount for c in found))


def extra_rerolls(
    state: GameState, cards: Mapping[str, CardDef], player: str, dice: tuple[str, ...] = ()
) -> list["abilities.Contribution"]:
    """The extra rerolls static abilities give `player` in their Roll and Reroll Step ('you
    gain an additional reroll'), for rerolling `dice` (none: any reroll): each Contribution's
    `value` names the grant (used once a turn), `amount` the life it costs (R5.2, R12.4)."""
    return abilities.contributions(state, cards, "extra_reroll", player=player, params=dice)


def kod_to_used(state: GameState, cards: Mapping[str, CardDef], die: Die) -> bool:
    """Whether a static ability sends this character die, about to be KO'd, to its owner's
    Used Pile instead of the Prep Area ('when [B] characters are KO'd, they go to the Used
    Pile')."""
    return any(c.amount for c in abilities.contributions(state, cards, "ko_to_used", die=die))


def used_to_bag(state: GameState, cards: Mapping[str, CardDef], die: Die) -> bool:
    """Whether a static ability sends this die, about to go to the Used Pile (not by being
    purchased: that puts it there), to its owner's bag instead (Immortal)."""
    return any(c.amount for c in abilities.contributions(state, cards, "used_to_bag", die=die))


def keywords(state: GameState, cards: Mapping[str, CardDef], die: Die) -> frozenset[str]:
    card = card_of(cards, die)
    found = set(card.keywords) if card else set()
    if die.copy is not None and die.copy.mode == "abilities":
        copied = cards.get(die.copy.card)
        found |= set(copied.keywords) if copied else set()
    found |= set(die.keywords)
    if die.zone in IN_FIELD:
        for c in abilities.contributions(state, cards, "keyword", die=die):
            found.add(c.value)
    return frozenset(found)


def is_sidekick(state: GameState, cards: Mapping[str, CardDef], die: Die) -> bool:
    """A sidekick die, or a character with Ally while in the Field (K-ALLY)."""
    return die.is_sidekick or ally.counts_as_sidekick(die, keywords(state, cards, die))


def title(cards: Mapping[str, CardDef], die: Die) -> str:
    """The die's character name ('Sidekick' for a sidekick), as card text names it."""
    if die.is_sidekick:
        return "Sidekick"
    card = card_of(cards, die)
    return card.display_title if card else die.card or ""


def affiliations(state: GameState, cards: Mapping[str, CardDef], die: Die) -> frozenset[str]:
    card = card_of(cards, die)
    found = set(card.affiliations) if card else set()
    if die.zone in IN_FIELD:
        for c in abilities.contributions(state, cards, "affiliation", die=die):
            found.add(c.value)
    return frozenset(found)


def opposing_field(state: GameState, player: str) -> tuple[Die, ...]:
    """The opposing character dice an ability counts: each die, but only those in the
    opponent's Field (Attack Zone included)."""
    return tuple(d for d in state.field(other(player)) if d.is_character)


def damage_prevented(
    state: GameState,
    cards: Mapping[str, CardDef],
    target: Die | None,
    source: Die | None,
    amount: int,
    player: str = "",
    *,
    combat: bool = False,
) -> list[tuple[str, int]]:
    """Static prevention of damage about to be dealt (R13.4): (source, amount) pairs; `combat`
    for combat damage (R11.4)."""
    return [
        (c.source, c.amount)
        for c in abilities.contributions(
            state,
            cards,
            "prevent",
            die=target,
            other=source,
            amount=amount,
            player=player,
            combat=combat,
        )
        if c.amount
    ]


@dataclass(frozen=True)
class Multiplier:
    """How many times damage is multiplied ('deals double damage'): the product of every
    static ability's factor, with their sources for the explanation."""

    factor: int = 1
    parts: tuple[tuple[str, int], ...] = ()  # (source, factor)

    def explain(self) -> str:
        """'x2 (Wolverine)': the factor and where it comes from; '' when there is none."""
        if self.factor == 1:
            return ""
        return f"x{self.factor} (" + ", ".join(source for source, _ in self.parts) + ")"


def damage_multiplier(
    state: GameState,
    cards: Mapping[str, CardDef],
    target: Die | None,
    source: Die | None,
    player: str = "",
    *,
    combat: bool = False,
) -> Multiplier:
    """The multiplier of damage `source` deals to the die `target` (or, `target` None, to
    `player`): static abilities answer the 'damage_multiplier' question, each with its factor
    (2 for 'double'); several multiply together. Combat damage is multiplied where the attack
    step assigns it (R11.4, K-OVERCRUSH takes its excess after the multiplier), other damage
    where it is dealt; prevention (R13.4) applies to the multiplied damage."""
    found = tuple(
        (c.source, c.amount)
        for c in abilities.contributions(
            state,
            cards,
            "damage_multiplier",
            die=target,
            other=source,
            player=player,
            combat=combat,
        )
        if c.amount > 1
    )
    factor = 1
    for _, amount in found:
        factor *= amount
    return Multiplier(factor, found)


def die_view(state: GameState, cards: Mapping[str, CardDef], die: Die) -> dict:
    """Everything a judge sees about a die, as plain data: where it is, what it shows, and,
    for a character, its A and D with their explanations."""
    card = card_of(cards, die)
    view = {
        "id": die.id,
        "name": title(cards, die),
        "card": card.name if card else ("Sidekick" if die.is_sidekick else die.card),
        "owner": die.owner,
        "controller": die.controller,
        "zone": die.zone.value,
        "face": die.face.notation() if die.face else None,
        "level": die.level or None,
        "damage": die.damage,
        "blocking": die.blocking,
        "flags": sorted(die.flags),
        "keywords": sorted(keywords(state, cards, die)),
    }
    if die.face is not None and die.face.is_character:
        view["attack"] = attack(state, cards, die).as_json()
        view["defense"] = defense(state, cards, die).as_json()
        view["fielding"] = fielding_cost(state, cards, die).value
    if die.held_by:
        view["held_by"] = die.held_by
    if die.attached_to:
        view["attached_to"] = die.attached_to
    if die.copy is not None:
        view["copy"] = {"mode": die.copy.mode, "card": die.copy.card, "of": die.copy.source}
    return view
