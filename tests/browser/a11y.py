"""Accessibility checks run in the page (a11y.js): accessible names of every control, WCAG
contrast of every visible text, target sizes, and no sideways scrolling on a phone."""

from pathlib import Path

CHECKS = (Path(__file__).parent / "a11y.js").read_text()


def problems(page, *, phone: bool = False) -> dict[str, list[str]]:
    """Every problem found, by kind; an empty dict when the page passes."""
    found = page.evaluate(CHECKS, phone)
    return {kind: items for kind, items in found.items() if items}
