"""Team legality: every way a team breaks its format, reported at once."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from rules.teams.cards import CardIndex, CardInfo, title_key
from rules.teams.formats import Format
from rules.teams.team import PARTNERS, Team, TeamEntry

RULES: dict[str, str] = {
    "R1.2": "A card is identified by its set and collector number.",
    "R1.6": "Basic action dice come with the card; a negative number of them means nothing.",
    "R2.1": "Tournament team: up to 8 cards, 20 dice, 1 to Max dice a card, 2 different BACs.",
    "R2.2": "No two cards in a team may share a title, whatever their subtitles or sets.",
    "R2.3": "Basic team: at most 6 cards and 15 dice, and 2 different basic actions.",
    "R2.4": "Draft team: at most N dice (N from 8 to 20), no basic actions of its own.",
    "R2.5": "Doubles: each partner brings 4 cards and 1 basic action; the pair has no dice cap.",
    "T4.6": "Rotations: only the event's legal sets, no banned cards, 10/10 one card per set.",
}


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: `rule` is an ID in RULES, `code` a stable machine-readable name."""

    rule: str
    message: str
    card_key: str | None = None
    code: str = field(kw_only=True)


_Resolved = tuple[TeamEntry, CardInfo]


def validate_team(team: Team, fmt: Format, cards: CardIndex) -> list[Violation]:
    """All violations of `team` under `fmt`, in a fixed order.

    The order: unknown cards, each card's own faults (ban, set, dice) in team order, the team's
    counts, shared titles, 10/10 sets, Doubles partners. Unknown cards are reported once and left
    out of every count, since their kind is unknown.
    """
    violations: list[Violation] = []
    resolved: list[_Resolved] = []
    for entry in team.entries:
        card = cards.get(entry.card_key)
        if card is None:
            violations.append(
                Violation(
                    "R1.2",
                    f"No card has the code {entry.card_key!r}.",
                    entry.card_key,
                    code="unknown_card",
                )
            )
        else:
            resolved.append((entry, card))
    for entry, card in resolved:
        violations.extend(_card_violations(entry, card, fmt))
    violations.extend(_count_violations(resolved, fmt))
    violations.extend(_duplicate_title_violations(resolved, fmt))
    if fmt.one_card_per_set:
        violations.extend(_one_card_per_set_violations(resolved, fmt))
    violations.extend(_partner_violations(team.entries, resolved, fmt, cards))
    return violations


def _card_violations(entry: TeamEntry, card: CardInfo, fmt: Format) -> Iterable[Violation]:
    name = card.full_name
    if card.key in fmt.banned:
        yield Violation("T4.6", f"{name} is banned in {fmt.name}.", card.key, code="banned_card")
    if fmt.legal_sets is not None and card.set_code not in fmt.legal_sets:
        yield Violation(
            "T4.6",
            f"{name} is from set {card.set_code.upper()}, which is not legal in {fmt.name}.",
            card.key,
            code="set_not_legal",
        )
    if card.is_basic_action:
        if entry.dice < 0:
            yield Violation(
                "R1.6",
                f"{name} is listed with {entry.dice} dice, which is below zero.",
                card.key,
                code="negative_basic_action_dice",
            )
    elif entry.dice < 1:
        yield Violation(
            "R2.1",
            f"{name} has {_dice(entry.dice)} but every card needs at least 1.",
            card.key,
            code="too_few_dice",
        )
    elif entry.dice > card.max_dice:
        yield Violation(
            "R2.1",
            f"{name} has {_dice(entry.dice)} but its Max is {card.max_dice}.",
            card.key,
            code="too_many_dice_on_card",
        )


def _count_violations(resolved: list[_Resolved], fmt: Format) -> Iterable[Violation]:
    characters = [entry for entry, card in resolved if not card.is_basic_action]
    if fmt.max_cards is not None and len(characters) > fmt.max_cards:
        yield Violation(
            fmt.rule,
            f"The team has {len(characters)} character and action cards "
            f"but {fmt.name} allows at most {fmt.max_cards}.",
            code="too_many_cards",
        )
    total_dice = sum(entry.dice for entry in characters)
    if fmt.max_dice is not None and total_dice > fmt.max_dice:
        yield Violation(
            fmt.rule,
            f"The team has {_dice(total_dice)} on its character and action cards "
            f"but {fmt.name} allows at most {fmt.max_dice}.",
            code="too_many_dice",
        )
    yield from _basic_action_count_violations(resolved, len(characters), fmt)


def _basic_action_count_violations(
    resolved: list[_Resolved], character_count: int, fmt: Format
) -> Iterable[Violation]:
    basic_actions = [card for _, card in resolved if card.is_basic_action]
    required = fmt.basic_actions_required
    extra = len(basic_actions) - required
    if extra > 0 and fmt.max_cards is not None and character_count + extra <= fmt.max_cards:
        # The extra basic actions fit in the free card places: the player counted them among
        # the cards. Name the ones listed first, usually written among the characters.
        for card in basic_actions[:extra]:
            yield Violation(
                fmt.rule,
                f"{card.name} is a basic action card, so it can't take one of the "
                f"{fmt.max_cards} character and action card places: {fmt.name} needs exactly "
                f"{required} basic actions and the team lists {len(basic_actions)}.",
                card.key,
                code="basic_action_among_cards",
            )
    elif extra and required == 0:
        names = _and_list([card.name for card in basic_actions])
        are = "is a basic action card" if len(basic_actions) == 1 else "are basic action cards"
        yield Violation(
            fmt.rule,
            f"{names} {are} but a {fmt.name} team brings none: "
            "the table's basic actions are drawn for everyone.",
            basic_actions[0].key,
            code="wrong_basic_action_count",
        )
    elif extra:
        yield Violation(
            fmt.rule,
            f"The team has {_count(len(basic_actions), 'basic action card')} "
            f"but {fmt.name} needs exactly {required}.",
            code="wrong_basic_action_count",
        )


def _duplicate_title_violations(resolved: list[_Resolved], fmt: Format) -> Iterable[Violation]:
    for group in _groups(resolved, lambda card: title_key(card.name)):
        listed = ", ".join(_listing(card) for _, card in group)
        second_key = group[1][1].key
        if all(card.is_basic_action for _, card in group):
            yield Violation(
                fmt.rule,
                f"The team lists the basic action {group[0][1].name} {len(group)} times "
                f"({listed}) but its basic actions must all be different.",
                second_key,
                code="duplicate_basic_action",
            )
        else:
            yield Violation(
                "R2.2",
                f"The team has {len(group)} cards titled {group[0][1].name} ({listed}) "
                "but no two cards may share a title.",
                second_key,
                code="duplicate_title",
            )


def _one_card_per_set_violations(resolved: list[_Resolved], fmt: Format) -> Iterable[Violation]:
    for group in _groups(resolved, lambda card: card.set_code):
        listed = ", ".join(card.full_name for _, card in group)
        yield Violation(
            "T4.6",
            f"The team has {len(group)} cards from set {group[0][1].set_code.upper()} "
            f"({listed}) but {fmt.name} allows one card per set.",
            group[1][1].key,
            code="same_set_twice",
        )


def _partner_violations(
    entries: tuple[TeamEntry, ...], resolved: list[_Resolved], fmt: Format, cards: CardIndex
) -> Iterable[Violation]:
    limits = fmt.doubles
    if limits is None:
        tagged = [entry for entry in entries if entry.partner is not None]
        if tagged:
            yield Violation(
                "R2.5",
                f"The team tags {_count(len(tagged), 'card')} with a Doubles partner "
                f"but {fmt.name} is not a Doubles format.",
                tagged[0].card_key,
                code="partner_outside_doubles",
            )
        return
    for entry in entries:
        if entry.partner not in PARTNERS:
            card = cards.get(entry.card_key)
            shown = card.full_name if card else f"Card {entry.card_key!r}"
            yield Violation(
                "R2.5",
                f"{shown} is not assigned to partner 1 or partner 2.",
                entry.card_key,
                code="missing_partner",
            )
    for partner in PARTNERS:
        mine = [card for entry, card in resolved if entry.partner == partner]
        characters = sum(not card.is_basic_action for card in mine)
        basic_actions = len(mine) - characters
        if characters > limits.cards_per_partner:
            yield Violation(
                "R2.5",
                f"Partner {partner} brings {_count(characters, 'character and action card')} "
                f"but {fmt.name} allows at most {limits.cards_per_partner} each.",
                code="partner_too_many_cards",
            )
        if basic_actions != limits.basic_actions_per_partner:
            yield Violation(
                "R2.5",
                f"Partner {partner} brings {_count(basic_actions, 'basic action card')} "
                f"but {fmt.name} needs exactly {limits.basic_actions_per_partner} each.",
                code="partner_basic_action_count",
            )


def _groups(resolved: list[_Resolved], key: Callable[[CardInfo], str]) -> list[list[_Resolved]]:
    """Entries sharing a key, for each key held by more than one entry, in first-seen order."""
    by_key: dict[str, list[_Resolved]] = {}
    for item in resolved:
        by_key.setdefault(key(item[1]), []).append(item)
    return [group for group in by_key.values() if len(group) > 1]


def _listing(card: CardInfo) -> str:
    return f"{card.full_name} [{card.key}]"


def _and_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _dice(count: int) -> str:
    return _count(count, "die", "dice")


def _count(count: int, singular: str, plural: str | None = None) -> str:
    word = singular if count == 1 else (plural or f"{singular}s")
    return f"{count} {word}"
