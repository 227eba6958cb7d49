"""Dice whose printed faces no card source gives (non-basic action dice, R1.1): a log or a
board states the face, the engine checks it against what is known (R1.3: action faces carry
0-2 bursts and no numbers; energy faces are of the card's type) and records it as declared."""

import pytest

from rules.engine import BoardError, Replay, Zone, format_log, parse_log, possible_faces
from rules.engine.faces import build_card, parse_face
from rules.engine.notation.text import format_board
from rules.engine.state import die_label
from tests.rules.engine.helpers import events, legal, refused


@pytest.fixture(scope="module")
def action_cards(cards):
    """The demo cards and two invented non-basic action cards, read as the importer reads an
    action card: no faces (R1.3), energy type shield."""
    made = {
        "90zza": build_card(
            key="90zza", name="Test Relic", subtitle="Kept Close", kind="action", cost=5,
            energy=("shield",), keywords=("Continuous",),
        ),
        "91zza": build_card(
            key="91zza", name="Test Pitfall", subtitle="Shallow", kind="action", cost=3,
            energy=("shield",),
        ),
    }  # fmt: skip
    return {**cards, **made}


HEADER = """\
game casual life 20 first P1
P1 team 19sww:4 22sww:4 basic 34sww 31sww
P2 team 90zza:1 91zza:2 5sww:4 basic 34sww 32sww
"""
BOARD = HEADER + "board turn 5 active P2 step main\n"


def test_an_action_card_die_has_no_known_faces(action_cards):
    relic = action_cards["90zza"]
    assert relic.kind == "action" and relic.levels == () and not relic.faces_known
    assert action_cards["19sww"].faces_known and action_cards["34sww"].faces_known


def test_a_board_may_state_an_action_face_and_it_is_recorded_as_declared(action_cards):
    text = BOARD + "P2 die 91zza#1 reserve action*\nP2 die 90zza#1 reserve shield2\n"
    state = Replay.from_log(parse_log(text, action_cards), action_cards).final
    pitfall, relic = state.die("P2:91zza#1"), state.die("P2:90zza#1")
    assert pitfall.face.action and pitfall.face.bursts == 1 and pitfall.face.declared
    assert relic.face.energy == ("shield", "shield") and relic.face.declared
    assert die_label(pitfall) == "P2:91zza#1=action* (declared)"
    assert "P2:91zza#1=action* (declared)" in state.summary()["P2"]["zones"]["reserve"]


def test_faces_the_card_data_checks_are_not_declared(action_cards):
    text = (
        BOARD
        + "P2 die 5sww#1 field L2\nP2 die SK1 reserve wild\nP2 die BA:34sww#1 reserve action\n"
    )
    state = Replay.from_log(parse_log(text, action_cards), action_cards).final
    assert not any(state.die(d).face.declared for d in ("P2:5sww#1", "P2:SK1", "BA:34sww#1"))


def test_a_continuous_action_die_may_be_declared_in_the_field(action_cards):
    text = BOARD + "P2 die 90zza#1 field action**\n"
    state = Replay.from_log(parse_log(text, action_cards), action_cards).final
    assert state.die("P2:90zza#1").zone == Zone.FIELD and state.die("P2:90zza#1").face.declared


@pytest.mark.parametrize(
    "face, why",
    [
        ("L1", "a character face: action dice show no numbers"),
        ("generic2", "a number, not an energy type"),
        ("fist", "an energy type the card doesn't have"),
        ("shield+mask", "a second type the card doesn't have"),
        ("wild", "not the card's type"),
    ],
)
def test_a_face_that_contradicts_the_card_is_refused_with_r1_3(action_cards, face, why):
    text = BOARD + f"P2 die 91zza#1 reserve {face}\n"
    with pytest.raises(BoardError) as caught:
        Replay.from_log(parse_log(text, action_cards), action_cards)
    verdict = caught.value.verdict
    assert verdict.rule == "R1.3", why
    assert f"has no {face} face" in verdict.message
    assert "action, action* or action**" in verdict.hint and "(shield)" in verdict.hint


def test_a_declared_action_face_is_used_like_any_action_die(action_cards):
    text = BOARD + "P2 die 91zza#1 reserve action**\nP2 use 91zza#1\n"
    replay = legal(action_cards, text)
    use = replay.steps[-1]
    assert {"R9.1", "R9.2", "J1"} <= set(use.rules)
    assert "P2 used P2:91zza#1 (Test Pitfall: Shallow) with 2 bursts" in events(use)
    assert "face declared" in events(use) and "not automated" in events(use) and use.manual
    assert replay.final.die("P2:91zza#1").zone == Zone.OUT_OF_PLAY


def test_a_declared_continuous_action_goes_to_the_field_when_used(action_cards):
    replay = legal(action_cards, BOARD + "P2 die 90zza#1 reserve action\nP2 use 90zza#1\n")
    assert replay.final.die("P2:90zza#1").zone == Zone.FIELD
    assert "K-CONTINUOUS" in replay.steps[-1].rules


ROLL = (
    HEADER
    + """\
board turn 5 active P2 step roll_and_reroll
P2 die 91zza#1 prep
P2 die SK1 prep
"""
)


def test_a_rolled_face_is_declared_in_the_roll_and_the_reroll(action_cards):
    replay = legal(
        action_cards, ROLL + "P2 roll 91zza#1=shield SK1=fist\nP2 reroll 91zza#1=action*\n"
    )
    roll, reroll = replay.steps[-2], replay.steps[-1]
    assert "P2:91zza#1=shield (declared)" in events(roll) and "P2:SK1=fist" in events(roll)
    assert "P2:91zza#1=action* (declared)" in events(reroll)
    assert replay.final.die("P2:91zza#1").face.declared


def test_a_rolled_face_that_contradicts_the_card_is_refused_with_r1_3(action_cards):
    step = refused(action_cards, ROLL + "P2 roll 91zza#1=mask SK1=fist\n", "R1.3")
    assert "has no mask face" in step.reason and "declared" in step.hint


def test_a_judge_may_state_a_declared_face(action_cards):
    text = BOARD + "P2 die 91zza#1 reserve shield\njudge face P2:91zza#1 action*\n"
    replay = legal(action_cards, text)
    assert "now shows action* (declared)" in events(replay.steps[-1])
    refused(
        action_cards, BOARD + "P2 die 91zza#1 reserve shield\njudge face P2:91zza#1 L2\n", "R1.3"
    )


def test_a_partly_spent_declared_double_stays_declared(action_cards):
    dice = "".join(f"P2 die SK{n} reserve fist\n" for n in (1, 2, 3))
    text = BOARD + "P2 die 90zza#1 reserve shield2\n" + dice
    state = legal(action_cards, text + "P2 buy 32sww pay 90zza#1/shield SK1 SK2 SK3\n").final
    face = state.die("P2:90zza#1").face
    assert face.energy == ("shield",) and face.declared


def test_the_board_text_round_trips_through_the_state(action_cards):
    lines = [
        "P2 die 91zza#1 reserve action*",
        "P2 die 91zza#2 reserve shield2",
        "P2 die 90zza#1 field action**",
    ]
    text = BOARD + "\n".join(lines) + "\n"
    log = parse_log(text, action_cards)
    assert format_log(log) == text
    state = Replay.from_log(log, action_cards).final
    # The state's faces, written back as board lines, are the lines the log gave.
    written = [
        f"P2 die {d.removeprefix('P2:')} {state.die(d).zone.value} {state.die(d).face.notation()}"
        for d in ("P2:91zza#1", "P2:91zza#2", "P2:90zza#1")
    ]
    assert written == lines
    assert all(state.die(d).face.declared for d in ("P2:91zza#1", "P2:91zza#2", "P2:90zza#1"))
    assert format_board(log.board)[1:] == lines


def test_the_faces_offered_for_an_action_die_are_the_declarable_ones(action_cards):
    pitfall = action_cards["91zza"]
    offered = possible_faces(pitfall)
    assert [f.notation() for f in offered] == ["action", "action*", "action**", "shield", "shield2"]
    assert all(f.declared and pitfall.can_show(f) for f in offered)
    assert all(parse_face(f.notation(), pitfall) == f for f in offered)


def test_a_card_the_data_cant_place_counts_as_a_character_with_declared_faces(action_cards):
    giganta = action_cards["9sww"]  # no die stats in any source: character_or_action
    assert giganta.kind == "character" and giganta.unplaced and not giganta.faces_known
    text = HEADER.replace("90zza:1", "9sww:1") + "board turn 5 active P2 step main\n"
    with pytest.raises(BoardError) as caught:
        Replay.from_log(parse_log(text + "P2 die 9sww#1 field L1\n", action_cards), action_cards)
    assert caught.value.verdict.rule == "R1.3"
    assert "nor whether it is a character" in caught.value.verdict.hint
    state = Replay.from_log(
        parse_log(text + "P2 die 9sww#1 reserve fist\n", action_cards), action_cards
    )
    assert state.final.die("P2:9sww#1").face.declared
