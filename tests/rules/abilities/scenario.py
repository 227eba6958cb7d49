"""Scenario tests for card abilities: setup (a board or game log on demo cards whose text is
replaced by the card text under test) -> actions (log lines) -> expected result, all through
the engine's own replay (rules.engine Replay/apply).

    cards = compiled_cards("19sww", ability_lines=["When fielded, gain 2 life"])
    replay = play(cards, board("P1 die 19sww#1 reserve L1", "P1 die SK1 reserve shield"),
                  "P1 field 19sww#1 pay SK1")
    assert replay.final.player("P1").life == 12
"""

from dataclasses import replace

from rules.abilities import compile_card, with_encoding
from rules.catalogue import read_demo_catalogue
from tests.rules.engine.conftest import demo_cards
from tests.rules.engine.helpers import header, legal, refused, run

__all__ = [
    "board",
    "demo_cards_automated",
    "compiled",
    "compiled_cards",
    "encoded_cards",
    "legal",
    "play",
    "refused",
    "run",
]

_DEMO = {r.key: r for r in read_demo_catalogue().cards}


def compiled(key: str, *, ability_lines=(), global_lines=(), kind: str | None = None):
    """Compile demo card `key` as if its text were these lines (the compiler's result)."""
    record = replace(
        _DEMO[key],
        ability_lines=tuple(ability_lines),
        global_lines=tuple(global_lines),
        **({"kind": kind} if kind else {}),
    )
    return compile_card(record)


def compiled_cards(key: str, *, ability_lines=(), global_lines=(), expect="automated", cards=None):
    """The demo cards with card `key` compiled from these lines and its abilities built from
    the encoding; fails unless the compiler gives status `expect`."""
    result = compiled(key, ability_lines=ability_lines, global_lines=global_lines)
    assert result.status == expect, (result.status, result.manual_lines)
    return encoded_cards({key: result.encoding}, cards=cards, global_lines={key: global_lines})


def encoded_cards(encodings: dict, *, cards=None, global_lines=None):
    """The demo cards with these encodings (by card key) built onto them; `global_lines`
    replaces a card's Global: lines (the engine takes a global's cost from them)."""
    from rules.engine.faces import global_defs

    cards = dict(cards or demo_cards())
    for key, encoding in encodings.items():
        card = cards[key]
        if global_lines and key in global_lines:
            card = replace(card, globals=global_defs(global_lines[key]))
        cards[key] = with_encoding(replace(card, abilities=()), encoding)
    return cards


def board(
    *lines: str, turn: int = 3, active: str = "P1", step: str = "main", teams=None, life=20
) -> str:
    """A game log starting from a described board: the demo teams of the engine tests, or
    `teams=("19sww:2 basic 31sww", "5sww:2 basic 34sww")` (each player's team line)."""
    head = header(life=life)
    if teams is not None:
        head = f"game tournament life {life} first P1\nP1 team {teams[0]}\nP2 team {teams[1]}\n"
    return (
        head
        + f"board turn {turn} active {active} step {step}\n"
        + "".join(f"{line}\n" for line in lines)
    )


def demo_cards_automated():
    """The demo catalogue's cards with their hand-written automation (cached)."""
    global _AUTOMATED
    if _AUTOMATED is None:
        from rules.abilities.cards import demo_engine_cards

        _AUTOMATED = demo_engine_cards()
    return _AUTOMATED


_AUTOMATED = None


def play(cards, setup: str, *actions: str):
    """Replay setup + actions; every step must be legal."""
    return legal(cards, setup + "".join(f"{a}\n" for a in actions))


def real_pool_path():
    """The real community card file (never copied into the repo): DICEMASTERS_CARDDATA, as
    the settings read it, or ../shared/carddata beside the repository."""
    import os
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    folder = os.environ.get("DICEMASTERS_CARDDATA") or str(root.parent / "shared" / "carddata")
    return Path(folder) / "tdc-teambuilder-cards.json"
