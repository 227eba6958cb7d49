"""Helpers for the long-tail family tests: a real card's lines, read from the community card
file at test time (never copied into the repository), compiled as that card and built onto
a demo card's dice so the engine plays them."""

from dataclasses import replace

from rules.abilities import compile_card
from tests.rules.abilities.real_cards import pool, raw_pool
from tests.rules.abilities.scenario import _DEMO, encoded_cards


def real(tb_code: str) -> dict:
    """The real card record (name, ability_lines ...) by its tb_code, e.g. '73asm'."""
    return raw_pool()[tb_code]


def real_line(tb_code: str, starts: str) -> str:
    """The card's one ability line that starts with `starts` (case-insensitive)."""
    found = [
        line for line in real(tb_code)["ability_lines"] if line.lower().startswith(starts.lower())
    ]
    assert len(found) == 1, (tb_code, starts, real(tb_code)["ability_lines"])
    return found[0]


def compiled_real(tb_code: str, *lines: str, onto: str = "19sww"):
    """Compile demo card `onto` as if it were the real card: the real card's name and the
    given lines (default: all the real card's ability lines)."""
    card = real(tb_code)
    record = replace(
        _DEMO[onto],
        name=card["name"],
        ability_lines=tuple(lines or card["ability_lines"]),
        global_lines=(),
    )
    return compile_card(record)


def real_cards(tb_code: str, *lines: str, onto: str = "19sww"):
    """The demo cards with `onto`'s dice playing the real card's (automated) lines."""
    result = compiled_real(tb_code, *lines, onto=onto)
    assert result.status == "automated", (result.status, result.manual_lines)
    return encoded_cards({onto: result.encoding})


def real_engine_cards(*tb_codes: str) -> dict:
    """The demo cards plus these real cards, each compiled from its own text and built as
    the engine plays it (a game may then field the real cards' dice)."""
    from rules.abilities.cards import engine_card
    from tests.rules.engine.conftest import demo_cards

    cards = dict(demo_cards())
    for key in tb_codes:
        cards[key] = engine_card(pool()[key])
    return cards


def real_status(tb_code: str) -> str:
    """The compiler's status for the real card as printed (all its lines)."""
    return compile_card(pool()[tb_code]).status
