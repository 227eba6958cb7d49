"""Scenario helpers for real card lines: the line is read from the real card file at test
time (WizKids' text is never copied into the repository), compiled alone onto the real card
(its own name, dice and energy), and played through the engine against a fixed opposing
board.

    cards = real_cards("39uxm", "When Cable is blocked")
    setup = scene("39uxm", "P1 die 39uxm#1 field L1")
    replay = play(cards, setup, "P1 attack 39uxm#1", "P2 block SK1>39uxm#1", "P1 choose ...")
"""

import json
import re
from dataclasses import replace
from functools import cache

from rules.abilities import compile_card
from rules.abilities.cards import engine_card
from rules.catalogue import read_catalogue
from tests.rules.abilities.scenario import real_pool_path
from tests.rules.engine.conftest import demo_cards

P2_TEAM = "5sww:2 22uxm:2 21uxm:2 19sww:2 basic 34sww"
# P2's Field: a Sidekick (1A 1D), Cheetah L2 (Mask, Villain, 4A 4D, cost 4), Wolverine L1
# (Fist, X-Men, 5A 2D, cost 5), Quicksilver L2 (Bolt, X-Men, 3A 2D, cost 4), Superman L1
# (Shield, Justice League, 4A 6D, cost 6).
OPPOSING = (
    "P2 die SK1 field L1",
    "P2 die 5sww#1 field L2",
    "P2 die 22uxm#1 field L1",
    "P2 die 21uxm#1 field L2",
    "P2 die 19sww#1 field L1",
)


@cache
def pool() -> dict:
    return {r.key: r for r in read_catalogue(str(real_pool_path())).cards}


def real_line(key: str, start: str) -> str:
    """The card's ability line that starts with `start` (bursts stars aside)."""
    record = pool()[key]
    found = [
        line
        for line in record.ability_lines
        if line.lstrip("* ").lower().startswith(start.lower())
        or line.lower().startswith(start.lower())
    ]
    assert len(found) == 1, (key, start, record.ability_lines)
    return found[0]


def real_compiled(key: str, start: str):
    record = pool()[key]
    one = replace(record, ability_lines=(real_line(key, start),), global_lines=())
    return one, compile_card(one)


def real_cards(key: str, start: str, expect: str = "automated"):
    """The demo cards plus real card `key` with only its line `start`, compiled."""
    record, result = real_compiled(key, start)
    assert result.status == expect, (result.status, result.manual_lines)
    cards = demo_cards()
    cards[key] = engine_card(record, result.encoding)
    return cards


def spec_of(key: str, start: str) -> dict:
    _, result = real_compiled(key, start)
    assert result.status == "automated", result.manual_lines
    (spec,) = result.encoding["abilities"]
    return spec


def scene(
    key: str, *lines: str, opposing=OPPOSING, turn: int = 3, active: str = "P1", team: str = ""
) -> str:
    """A board: P1's team is the real card with Superman (19sww) and `team` (more 'key:n'
    entries); P2's the demo X-Men and Villains above, on the board `opposing`."""
    extra = f" {team}" if team else ""
    head = (
        "game tournament life 20 first P1\n"
        f"P1 team {key}:2 19sww:2{extra} basic 31sww\n"
        f"P2 team {P2_TEAM}\n"
        f"board turn {turn} active {active} step main\n"
    )
    return head + "".join(f"{line}\n" for line in (*opposing, *lines))


def to_field(key: str) -> tuple[list[str], str]:
    """Board lines putting the card's die in P1's Reserve Pool at level 1 with the energy its
    fielding cost needs, and the log line fielding it."""
    fielding = pool()[key].faces[0].fielding
    payers = [f"SK{n}" for n in range(5, 5 + fielding)]
    lines = [f"P1 die {key}#1 reserve L1", *(f"P1 die {sk} reserve wild" for sk in payers)]
    pay = f" pay {' '.join(payers)}" if payers else ""
    return lines, f"P1 field {key}#1{pay}"


def whole_card(key: str, expect: str = "automated"):
    """The demo cards plus real card `key` with all its lines compiled."""
    record = pool()[key]
    result = compile_card(record)
    assert result.status == expect, (result.status, result.manual_lines)
    cards = demo_cards()
    cards[key] = engine_card(record, result.encoding)
    return cards


# -- lines moved onto a demo card (the while-active and self-static families' tests) ----------
@cache
def raw_pool() -> dict[str, dict]:
    """The pool's raw card entries by `tb_code`."""
    return {card["tb_code"]: card for card in json.loads(real_pool_path().read_text())["cards"]}


def demo_line(code: str, contains: str = "", *, as_name: str = "Superman") -> str:
    """The one ability line of card `code` containing `contains`, its name made `as_name` (the
    demo card that plays it)."""
    card = raw_pool()[code]
    lines = list(
        dict.fromkeys(line for line in card["ability_lines"] if contains.lower() in line.lower())
    )  # a flip card may print the same line on both sides
    assert len(lines) == 1, (code, contains, card["ability_lines"])
    return re.sub(re.escape(card["name"]), as_name, lines[0], flags=re.IGNORECASE)
