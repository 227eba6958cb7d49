"""Hypothesis strategies: legal teams drawn from a card index, arbitrary teams, garbage text."""

import string

from hypothesis import strategies as st

from rules.teams.cards import CardIndex, CardInfo, title_key
from rules.teams.formats import TOURNAMENT, Format
from rules.teams.team import Team, TeamEntry

TEAM_NAME_ALPHABET = string.ascii_letters + string.digits + " '!&-.%+=?#/"

team_names = st.text(TEAM_NAME_ALPHABET, max_size=24).map(lambda name: " ".join(name.split()))


def playable_cards(cards: CardIndex, fmt: Format) -> tuple[list[CardInfo], list[CardInfo]]:
    """The character/action cards and basic actions a legal team of `fmt` may use."""
    allowed = [
        card
        for card in cards
        if card.key not in fmt.banned
        and (fmt.legal_sets is None or card.set_code in fmt.legal_sets)
    ]
    characters = [card for card in allowed if not card.is_basic_action and card.max_dice >= 1]
    basics = [card for card in allowed if card.is_basic_action]
    return characters, basics


@st.composite
def legal_teams(draw: st.DrawFn, cards: CardIndex, fmt: Format = TOURNAMENT) -> Team:
    if fmt.doubles is not None:
        return draw(legal_doubles_teams(cards, fmt))
    characters, basics = playable_cards(cards, fmt)
    max_cards = fmt.max_cards if fmt.max_cards is not None else 8
    if fmt.max_dice is not None:
        max_cards = min(max_cards, fmt.max_dice)

    def title(card: CardInfo) -> str:
        return title_key(card.name)

    def set_code(card: CardInfo) -> str:
        return card.set_code

    distinct = (title, set_code) if fmt.one_card_per_set else (title,)
    chosen_basics = draw(
        st.lists(
            st.sampled_from(basics),
            min_size=fmt.basic_actions_required,
            max_size=fmt.basic_actions_required,
            unique_by=distinct,
        )
    )
    taken = [{key(card) for card in chosen_basics} for key in distinct]
    free = [
        card
        for card in characters
        if not any(key(card) in used for key, used in zip(distinct, taken, strict=True))
    ]
    chosen = draw(
        st.lists(st.sampled_from(free), min_size=1, max_size=max_cards, unique_by=distinct)
    )
    entries = _character_entries(draw, chosen, fmt.max_dice, partner=None)
    entries += [TeamEntry(card.key, draw(st.sampled_from([3, 0]))) for card in chosen_basics]
    return Team(tuple(draw(st.permutations(entries))), draw(team_names))


@st.composite
def legal_doubles_teams(draw: st.DrawFn, cards: CardIndex, fmt: Format) -> Team:
    assert fmt.doubles is not None
    characters, basics = playable_cards(cards, fmt)
    per_partner = fmt.doubles.cards_per_partner
    chosen = draw(
        st.lists(
            st.sampled_from(characters),
            min_size=2,
            max_size=2 * per_partner,
            unique_by=lambda card: title_key(card.name),
        )
    )
    taken = {title_key(card.name) for card in chosen}
    free_basics = [card for card in basics if title_key(card.name) not in taken]
    chosen_basics = draw(
        st.lists(
            st.sampled_from(free_basics),
            min_size=2,
            max_size=2,
            unique_by=lambda card: title_key(card.name),
        )
    )
    split = draw(st.integers(max(1, len(chosen) - per_partner), min(per_partner, len(chosen) - 1)))
    entries = _character_entries(draw, chosen[:split], None, partner=1)
    entries += _character_entries(draw, chosen[split:], None, partner=2)
    entries += [
        TeamEntry(card.key, draw(st.sampled_from([3, 6, 0])), partner)
        for card, partner in zip(chosen_basics, (1, 2), strict=True)
    ]
    return Team(tuple(draw(st.permutations(entries))), draw(team_names))


def _character_entries(
    draw: st.DrawFn, chosen: list[CardInfo], max_dice: int | None, partner: int | None
) -> list[TeamEntry]:
    budget = max_dice if max_dice is not None else sum(card.max_dice for card in chosen)
    entries = []
    for position, card in enumerate(chosen):
        still_to_place = len(chosen) - position - 1
        dice = draw(st.integers(1, min(card.max_dice, budget - still_to_place)))
        budget -= dice
        entries.append(TeamEntry(card.key, dice, partner))
    return entries


def arbitrary_teams(cards: CardIndex) -> st.SearchStrategy[Team]:
    """Any team at all: unknown keys, silly dice, stray partners, too many of everything."""
    keys = st.one_of(
        st.sampled_from(sorted(card.key for card in cards)),
        st.text(max_size=8),
        st.from_regex(r"\A[0-9]{1,3}[a-zA-Z]{1,5}\Z"),
    )
    entry = st.builds(
        TeamEntry,
        card_key=keys,
        dice=st.integers(-3, 30),
        partner=st.sampled_from([None, None, 1, 2, 0, 3]),
    )
    return st.builds(
        Team, entries=st.lists(entry, max_size=14).map(tuple), name=st.text(max_size=10)
    )


def card_like_lines(cards: CardIndex) -> st.SearchStrategy[str]:
    """Lines that look almost like card lines of any notation, to stress the parsers."""
    some_cards = sorted(cards, key=lambda card: card.key)[:200]
    fragments = st.sampled_from(
        [card.name for card in some_cards]
        + [card.subtitle for card in some_cards]
        + [f"({card.set_code})" for card in some_cards]
        + [card.key for card in some_cards]
        + ["Basic Actions:", "Basic Action Card -", "Team:", "Partner 1:", "Partner 3", "#", "x"]
        + [" - ", ": ", " and ", ", ", "*", "(", ")", "?view&cards=", ";", "&name=", "%"]
    )
    count = st.integers(-2, 12).map(lambda n: f"{n}x ")
    return st.lists(st.one_of(fragments, count, st.text(max_size=6)), max_size=8).map("".join)


garbage_text = st.one_of(
    st.text(max_size=200),
    st.lists(st.text(max_size=30), max_size=8).map("\n".join),
)
