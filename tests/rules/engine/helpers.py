"""Shared helpers for the engine tests: run a game log, check it is legal or that it stops at
the expected rule, and add scripted abilities to demo cards."""

from dataclasses import replace

from rules.engine import Replay, apply, parse_log

TEAMS_TEXT = """\
game {format} life {life} first P1
P1 team 19sww:4 22sww:4 basic 34sww 31sww
P2 team 5sww:4 9sww:3 basic 34sww 32sww
"""


def header(format="tournament", life=20) -> str:
    return TEAMS_TEXT.format(format=format, life=life)


def run(cards, text: str) -> Replay:
    return Replay.from_log(parse_log(text, cards), cards)


def legal(cards, text: str) -> Replay:
    """Replay a log that must be legal throughout."""
    replay = run(cards, text)
    bad = [(s.line, s.rule, s.reason) for s in replay.steps if not s.legal]
    assert not bad, bad
    return replay


def refused(cards, text: str, rule: str) -> "object":
    """Replay a log whose last line must be refused with `rule`; returns that step."""
    replay = run(cards, text)
    last = replay.steps[-1]
    assert not last.legal, f"expected the last line to be illegal; events: {last.events}"
    assert last.rule == rule, (last.rule, last.reason)
    assert last.before is last.after
    assert last.index == len(parse_log(text, cards).actions) - 1, "an earlier step was refused"
    return last


def events(step) -> str:
    return " | ".join(str(e) for e in step.events)


def with_abilities(cards, key: str, *abilities):
    """The cards with `abilities` scripted onto card `key` (the card abilities layer does
    this for real cards; tests script their own)."""
    updated = dict(cards)
    updated[key] = replace(cards[key], abilities=(*cards[key].abilities, *abilities))
    return updated


def step_by_step(state, cards, *actions):
    for action in actions:
        result = apply(state, action, cards)
        assert result.legal, result.verdict
        state = result.state
    return state
