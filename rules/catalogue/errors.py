"""Errors raised when a card file can't be read.

Readers check a whole file before returning anything, collect every problem they find and raise
one `CardFileErrors` listing them, so a caller never imports half a file. `CardFileErrors` is a
`CardFileError`, so `except CardFileError` catches both.

Where a problem is: `record` is the card's key when the reader knows it, otherwise a 1-based
position (`unit` says of what: a "row" of a pipe table, which counts lines like an editor or a
spreadsheet, so the header is row 1; a "card" or "set" in a JSON list); `field` is the column
or JSON field; `line`/`column` locate JSON syntax errors.
"""

from collections.abc import Sequence
from pathlib import PurePath

MAX_REPORTED_ERRORS = 50


class CardFileError(ValueError):
    """One problem in a card file."""

    def __init__(
        self,
        path: str,
        message: str,
        *,
        record: int | str | None = None,
        field: str | None = None,
        label: str = "",
        unit: str = "row",
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.path = path
        self.message = message
        self.record = record
        self.field = field
        self.label = label
        self.unit = unit
        self.line = line
        self.column = column
        super().__init__(self.describe())

    def describe(self) -> str:
        """E.g. `ma.txt, row 17 (Beast), field 'Die Limit': expected a whole number, got 'x'`."""
        parts = [PurePath(self.path).name or self.path]
        if self.line is not None:
            parts.append(f"line {self.line}" + (f", column {self.column}" if self.column else ""))
        if self.record is not None:
            parts.append(f"{self.unit} {self.record}" + (f" ({self.label})" if self.label else ""))
        if self.field:
            parts.append(f"field '{self.field}'")
        return f"{', '.join(parts)}: {self.message}"

    def __str__(self) -> str:
        return self.describe()


class CardFileErrors(CardFileError):
    """Every problem found in one file (at most `MAX_REPORTED_ERRORS` kept; `total` counts all).

    Its own `path`, `record`, `field` and `message` are those of the first problem.
    """

    def __init__(self, errors: Sequence[CardFileError], total: int | None = None) -> None:
        if not errors:
            raise ValueError("CardFileErrors needs at least one error")
        self.errors = tuple(errors[:MAX_REPORTED_ERRORS])
        self.total = max(total if total is not None else len(errors), len(self.errors))
        first = self.errors[0]
        super().__init__(
            first.path,
            first.message,
            record=first.record,
            field=first.field,
            label=first.label,
            unit=first.unit,
            line=first.line,
            column=first.column,
        )

    def describe(self) -> str:
        if self.total == 1:
            return self.errors[0].describe()
        name = PurePath(self.path).name or self.path
        lines = [f"{name}: {self.total} problems"]
        lines.extend(f"  - {error.describe()}" for error in self.errors)
        hidden = self.total - len(self.errors)
        if hidden:
            lines.append(f"  ... and {hidden} more")
        return "\n".join(lines)


class ErrorCollector:
    """Gathers the problems of one file, then raises them together."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.errors: list[CardFileError] = []
        self.total = 0

    def add(
        self,
        message: str,
        *,
        record: int | str | None = None,
        field: str | None = None,
        label: str = "",
        unit: str = "row",
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.total += 1
        if len(self.errors) < MAX_REPORTED_ERRORS:
            self.errors.append(
                CardFileError(
                    self.path,
                    message,
                    record=record,
                    field=field,
                    label=label,
                    unit=unit,
                    line=line,
                    column=column,
                )
            )

    def __bool__(self) -> bool:
        return self.total > 0

    def raise_if_any(self) -> None:
        if self.errors:
            raise CardFileErrors(self.errors, self.total)

    def fatal(
        self, message: str, *, line: int | None = None, column: int | None = None
    ) -> CardFileErrors:
        """Record a problem that stops reading; returns the exception for the caller to raise."""
        self.add(message, line=line, column=column)
        return CardFileErrors(self.errors, self.total)
