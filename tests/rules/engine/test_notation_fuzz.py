"""Game logs and boards from anywhere (typed by a judge, pasted, sent as JSON) never crash or
hang the engine: a log reads, or raises a NotationError at a line and column (JsonLogError
naming the part, for JSON); a board that reads is set up, or raises a BoardError naming each
impossible line; a log that sets up replays, stopping at the first illegal action.

Inputs: random text, and the engine's dispute example (docs/game-log.md) with its lines
dropped, repeated, swapped and its words replaced by other words of the notation or garbage.
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import (
    BoardError,
    NotationError,
    Replay,
    parse_log,
)
from rules.engine.notation import JsonLogError, log_from_json, log_to_json
from tests.judging.logs import SEQUENCE, SETUP
from tests.reliability.bounded import at_most
from tests.rules.engine.conftest import demo_cards

CARDS = demo_cards()
FUZZ = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
EXAMPLE = (SETUP + SEQUENCE).splitlines()
# Words of the notation, so that mutations often read and reach the board and the replay.
VOCABULARY = sorted(
    {word for line in EXAMPLE for word in line.split()}
    | {"P1", "P2", "SK9", "BA:34sww#1", "T1", "reserve", "used", "prep", "out", "attack",
       "field", "bag", "-1", "0", "99", "999999999999", "L4", "wild", "mask+wild", "#", ">", "=",
       "5sww#9", "22sww#1>5sww#1", "x" * 200, "\x00", "é", "∞"}
)  # fmt: skip
words = st.sampled_from(VOCABULARY) | st.text(max_size=8)


@st.composite
def mutated_logs(draw) -> str:
    lines = list(EXAMPLE)
    for _ in range(draw(st.integers(1, 4))):
        n = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["drop", "repeat", "swap", "word", "word", "word", "append"]))
        if kind == "drop" and len(lines) > 1:
            lines.pop(n)
        elif kind == "repeat":
            lines.insert(n, lines[n])
        elif kind == "swap":
            m = draw(st.integers(0, len(lines) - 1))
            lines[n], lines[m] = lines[m], lines[n]
        elif kind == "append":
            lines.append(" ".join(draw(st.lists(words, min_size=1, max_size=6))))
        else:
            parts = lines[n].split() or [""]
            parts[draw(st.integers(0, len(parts) - 1))] = draw(words)
            lines[n] = " ".join(parts)
    return "\n".join(lines) + "\n"


def read_set_up_and_replay(text: str) -> None:
    line_count = len(text.splitlines())
    try:
        with at_most(what="parse_log"):
            log = parse_log(text, CARDS)
    except NotationError as error:
        assert 1 <= error.line <= line_count + 1, (error.line, line_count)
        assert error.column >= 0 and str(error).startswith(f"line {error.line}, column ")
        return
    try:
        with at_most(what="the replay"):
            replay = Replay.from_log(log, CARDS)
    except BoardError as error:
        assert error.problems
        for line, verdict in error.problems:
            assert 0 <= line <= line_count and verdict.message.strip()
        return
    legal = [step.legal for step in replay.steps]
    assert all(legal[:-1]), "the replay stops at the first illegal action"


@FUZZ
@given(st.text(max_size=300))
def test_random_text_is_read_or_refused_at_a_line_and_column(text):
    read_set_up_and_replay(text)


@FUZZ
@given(mutated_logs())
def test_a_mangled_example_log_is_read_set_up_and_replayed_or_refused(text):
    read_set_up_and_replay(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.floats() | words,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(words, inner, max_size=4),
    max_leaves=12,
)


@st.composite
def mutated_json_logs(draw) -> dict:
    """The example's JSON form with a value somewhere replaced by another JSON value."""
    document = json.loads(json.dumps(log_to_json(parse_log(SETUP + SEQUENCE, CARDS))))
    for _ in range(draw(st.integers(1, 3))):
        node = document
        while True:
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            child = node[key]
            if isinstance(child, dict | list) and child and draw(st.booleans()):
                node = child
                continue
            node[key] = draw(json_values)
            break
    return document


def read_json(document) -> None:
    try:
        with at_most(what="log_from_json"):
            log = log_from_json(document, CARDS)
    except JsonLogError as error:
        assert str(error).strip()
        return
    try:
        with at_most(what="the replay"):
            Replay.from_log(log, CARDS)
    except BoardError as error:
        assert error.problems


@FUZZ
@given(json_values)
def test_random_json_is_read_or_refused(document):
    read_json(document)


@FUZZ
@given(mutated_json_logs())
def test_a_mangled_json_log_is_read_or_refused_naming_the_part(document):
    read_json(document)
