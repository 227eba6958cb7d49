"""Real card lines for scenario tests, read from the card pool at test time (the card text is
WizKids' and is never copied into the repository): a line is named by its card's set code and
number (the pool's `tb_code`) and a few words it contains, and the real card's name is replaced
by the demo card's that plays it."""

import functools
import json
import re
from pathlib import Path

POOL = Path("/work/shared/carddata/tdc-teambuilder-cards.json")


@functools.cache
def pool() -> dict[str, dict]:
    return {card["tb_code"]: card for card in json.loads(POOL.read_text())["cards"]}


def real_line(code: str, contains: str = "", *, as_name: str = "Superman") -> str:
    """The one ability line of card `code` containing `contains`, its name made `as_name`."""
    card = pool()[code]
    lines = list(
        dict.fromkeys(line for line in card["ability_lines"] if contains.lower() in line.lower())
    )  # a flip card may print the same line on both sides
    assert len(lines) == 1, (code, contains, card["ability_lines"])
    return re.sub(re.escape(card["name"]), as_name, lines[0], flags=re.IGNORECASE)
