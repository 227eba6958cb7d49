"""Replays are built once per log text and stepped through from the cache."""

from judging.boardview import board_view
from judging.replays import ReplayCache, build
from tests.judging.logs import SEQUENCE, SETUP
from tests.rules.engine.conftest import demo_cards

CARDS = demo_cards()


def load(keys):
    load.calls += 1
    return {k: CARDS[k] for k in keys if k in CARDS}


load.calls = 0


def test_the_same_text_is_built_once_and_an_edit_builds_anew():
    cache = ReplayCache(size=2)
    first = cache.get(SETUP, SEQUENCE, load)
    assert cache.get(SETUP, SEQUENCE, load) is first
    assert cache.builds == 1
    edited = cache.get(SETUP, SEQUENCE + "P1 draw SK3 SK4 SK5 SK6\n", load)
    assert edited is not first and cache.builds == 2 and edited.step_count == 4


def test_the_least_recently_used_replay_makes_room():
    cache = ReplayCache(size=2)
    a = cache.get(SETUP, "", load)
    cache.get(SETUP, SEQUENCE, load)
    cache.get(SETUP, "", load)  # a is used again
    cache.get(SETUP, "P2 pass\n", load)  # evicts the sequence, not a
    assert cache.get(SETUP, "", load) is a and cache.builds == 3
    cache.get(SETUP, SEQUENCE, load)
    assert cache.builds == 4


def test_a_built_replay_gives_each_step_its_state_line_and_timeline_entry():
    built = build(SETUP, "# as played\n" + SEQUENCE, load)
    assert built.ok and built.step_count == 3 and built.illegal_step is None
    assert built.state_at(0) is built.replay.start
    assert built.state_at(3) is built.replay.final
    assert [built.sequence_line(n) for n in (0, 1, 2, 3)] == [None, 2, 3, 4]
    entry = built.timeline[1]
    assert (entry.number, entry.player, entry.text, entry.turn, entry.active) == (
        2,
        "P1",
        "P1 block 22sww#1>5sww#1 SK1>5sww#1",
        6,
        "P2",
    )


def test_the_replay_stops_at_an_illegal_step_and_lists_the_lines_not_replayed():
    actions = "P2 attack 5sww#1\nP1 block 19sww#1>5sww#1\n# then\nP2 pass\nP1 pass\n"
    built = build(SETUP, actions, load)
    assert built.illegal_step == 2 and built.step_count == 2
    assert not built.timeline[1].legal and built.timeline[1].rule
    assert built.not_replayed == [(4, "P2 pass"), (5, "P1 pass")]


def test_a_log_that_cant_be_read_or_an_impossible_board_gives_problems_not_a_replay():
    unreadable = build(SETUP, "P2 attack 5sww#1\nP1 blokc SK1>5sww#1\n", load)
    assert not unreadable.ok
    (problem,) = unreadable.problems
    assert (problem.part, problem.line, problem.column) == ("sequence", 2, 4)
    impossible = build(SETUP + "P1 die SK2 reserve L1\n", "", load)
    assert not impossible.ok and impossible.problems[0].rule == "R4.3"
    assert impossible.problems[0].subject == "P1:SK2"


def test_the_no_attack_moment_is_a_step_of_its_own_in_the_timeline():
    """R5.4: after 'P2 no attack' the console shows the moment before Cleanup, where a global
    of P1's is refused with R5.4 (the shorthand 'P2 end' would have gone on to P1's turn)."""
    setup = SETUP.replace(
        "P1 die SK1 field L1\n", "P1 die SK1 field L1\nP1 die SK2 reserve shield\n"
    )
    built = build(setup, "P2 no attack\nP1 global 31sww pay SK2\n", load)
    assert [(e.text, e.legal, e.rule) for e in built.timeline] == [
        ("P2 no attack", True, None),
        ("P1 global 31sww pay SK2", False, "R5.4"),
    ]
    moment = board_view(built.state_at(1), CARDS, {})
    assert (moment.step, moment.active, moment.priority) == ("no_attack", "P2", None)
    assert moment.step_title == "No attack declared: no attack step, Cleanup next"
