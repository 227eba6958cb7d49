"""A team as a player lists it: cards by Team Builder key with the dice brought for each."""

from dataclasses import dataclass

PARTNERS = (1, 2)


@dataclass(frozen=True, slots=True)
class TeamEntry:
    """One card of a team.

    For a basic action card, `dice` is what the player lists (usually 3 or 0); it never counts
    towards the dice cap. `partner` (1 or 2) says which player of a Doubles pair brings the card
    and stays None in every other format. Values are not checked here: validate_team reports
    impossible ones as violations, so a bad list can still be shown back to its author.
    """

    card_key: str
    dice: int
    partner: int | None = None


@dataclass(frozen=True, slots=True)
class Team:
    """An ordered list of entries; the order is the author's and survives every notation."""

    entries: tuple[TeamEntry, ...]
    name: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.entries, tuple):
            object.__setattr__(self, "entries", tuple(self.entries))
