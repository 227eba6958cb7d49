"""Read-side queries for the card catalogue."""

from rules.models import Card, Format, Team
from rules.teams import CardIndex, CardInfo, TeamEntry
from rules.teams import Format as FormatDefinition
from rules.teams import Team as TeamList


def card_info(card: Card) -> CardInfo:
    return CardInfo(
        key=card.key,
        set_code=card.card_set.code,
        set_name=card.card_set.name,
        number=card.number,
        name=card.name,
        subtitle=card.subtitle,
        kind=card.kind,
        max_dice=card.max_dice or 0,
        cost=card.cost,
    )


def card_index() -> CardIndex:
    """Every card of the catalogue, for team-list parsing and legality checks."""
    return CardIndex(card_info(card) for card in Card.objects.select_related("card_set"))


def team_list(team: Team) -> TeamList:
    """A stored team as the pure team list it was created from: same cards, dice, order."""
    entries = team.cards.select_related("card").order_by("id")
    return TeamList(tuple(TeamEntry(tc.card.key, tc.dice, tc.partner) for tc in entries), team.name)


def format_definition(fmt: Format) -> FormatDefinition:
    return FormatDefinition.from_dict(fmt.definition)


def engine_cards(keys=None) -> dict:
    """The engine's view of catalogue cards (all, or those keys), by key."""
    from rules.abilities import with_encoding
    from rules.engine.faces import build_card

    cards = Card.objects.select_related("die")
    if keys is not None:
        cards = cards.filter(key__in=[k.lower() for k in keys])
    # Each card's automated abilities come from its compiled encoding (issue 8).
    return {
        card.key: with_encoding(build_card(
            key=card.key, name=card.name, subtitle=card.subtitle, kind=card.kind,
            cost=card.cost, energy=card.energy, faces=card.die.faces if card.die else (),
            affiliations=card.affiliations, keywords=(),  # the encoding's (abilities.cards)
            global_lines=card.global_lines,
        ), card.ability_encoding)
        for card in cards
    }  # fmt: skip
