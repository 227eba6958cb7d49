"""K-SUITUP: when a die with Suit Up is purchased, its buyer may KO a character die they
control whose name the card lists; if they do, the purchased die goes to the Field at level 2
(moved, not fielded: no 'when fielded', R8.2)."""

KEYWORD = "suit_up"
RULE = "K-SUITUP"


def may_suit_up(card_keywords: tuple[str, ...]) -> bool:
    return KEYWORD in card_keywords


def matches(names: tuple[str, ...], title: str) -> bool:
    return title.strip().lower() in {n.strip().lower() for n in names}
