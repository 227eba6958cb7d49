"""Errors raised when a team list can't be read."""

import re
from dataclasses import dataclass, field

_PLACE = re.compile(r"^((?:Line|Item) \d+): ")


@dataclass(frozen=True, slots=True)
class TeamListProblem:
    """One thing wrong with a team list.

    `line` is 1-based: a line of text, or for a Team Builder link the position of the item; 0
    means the input as a whole (it is empty, or a link has no cards= list). `message` starts
    with the place ("Line 3:", "Item 2:") when there is one.
    `suggestions` holds the closest card names when a name was not recognised, or the candidate
    cards when a name matched several.
    """

    line: int
    text: str
    message: str
    suggestions: list[str] = field(default_factory=list)

    @property
    def place(self) -> str:
        """ "Line 3" or "Item 2" as the message starts, or "" for the input as a whole."""
        match = _PLACE.match(self.message)
        return match[1] if match else ""

    @property
    def reason(self) -> str:
        """The message without its place, for a page that shows the place beside it."""
        return _PLACE.sub("", self.message, count=1)

    def describe(self) -> str:
        if not self.suggestions:
            return self.message
        return f"{self.message} Did you mean: {'; '.join(self.suggestions)}?"


class TeamListError(ValueError):
    """A team list with one or more problems; `problems` lists all of them in input order."""

    def __init__(self, problems: list[TeamListProblem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(problem.describe() for problem in self.problems))
