"""The game-log notation round-trips (text and JSON), errors name line and column and what was
expected, and Replay steps, forks and feeds the replay command."""

import io
import json

import pytest
from django.core.management import call_command

from rules.engine import (
    Face,
    JsonLogError,
    NotationError,
    Purchase,
    Replay,
    Zone,
    format_action,
    format_log,
    log_from_json,
    log_to_json,
    parse_action,
    parse_log,
)
from tests.rules.engine.helpers import legal

LOG = """# Example of play (DC starter rules, 10-life demo game), turns 1-2
game demo life 10 first P1
P1 team 19sww:4 22sww:4 basic 34sww 31sww
P2 team 5sww:4 9sww:4 basic 34sww 32sww
P1 draw SK1 SK2 SK3 out SK4
P1 roll SK1=mask SK2=fist SK3=shield
P1 buy 34sww pay SK1 SK2 SK3   # Truce costs 3
P1 end
P2 draw SK1 SK2 SK3 SK4
P2 roll SK1=fist SK2=bolt SK3=L1 SK4=L1
P2 reroll SK3=mask SK4=wild
P2 buy 5sww pay SK1 SK2 SK3 SK4   # Cheetah: 4, with a mask
P2 end
P1 draw SK5 SK6 SK7 SK8
P1 roll SK5=mask SK6=bolt SK7=fist SK8=shield
P1 buy 22sww pay SK5 SK6 SK7 SK8   # Wonder Woman: 4, with a mask
P1 end
P2 draw SK5 SK6 SK7 SK8
P2 roll SK5=mask SK6=mask SK7=bolt SK8=shield
P2 buy 5sww pay SK5 SK6 SK7 SK8
P2 end
"""

# One line of every kind, to check that each round-trips through text and JSON.
EVERY_KIND = """\
game tournament life 20 first P2
P1 team 19sww:4 22sww:4 basic 34sww 31sww
P2 team 5sww:4 9sww:3 basic 34sww 32sww
board turn 7 active P1 step window priority P2
P1 life 9
P2 energy 2
P1 die 22sww#1 attack L2
P2 die SK1 attack L1 blocking 22sww#1
P2 die 5sww#1 field L3 damage 1
P2 die SK2 reserve bolt
P1 draw SK1 SK2 SK3 SK4 out SK5
P1 roll SK1=mask SK2=bolt+fist 19sww#1=L3 BA:31sww#1=action**
P1 reroll
P1 reroll SK1=wild
P1 buy 19sww pay SK1 SK2/bolt virtual2 suitup 22sww#1
P1 field 19sww#1 pay BA:31sww#1 virtual
P1 use BA:34sww#1 target P2:SK1
P1 global P2:9sww name global pay SK3 target P1:SK1 P2:SK2
P1 activate 22sww#1 pay SK4
P1 pass
P1 attack SK1 22sww#1
P2 block SK1>SK1 5sww#1>22sww#1
P1 damage 22sww#1>SK1=2 22sww#1>P2=3
P1 end
P1 order P1:5sww#1 P1:19sww
P1 choose P2:SK1 P2:SK2
P1 yes pay SK1
P1 no
judge move P1:SK1 prep -- a note
judge move BA:32sww#1 used for P2
judge face P1:SK1 L1
judge damage P1:SK1 +2
judge life P2 -3
judge modifier P1:SK1 +1A-1D
judge spin P1:22sww#1 down 1
judge ko P1:SK1
judge keyword P1:SK1 iron_will
judge energy P1 +1
judge draw P2 SK3 SK4
judge capture P2:SK1 by P1:19sww#1
judge control P2:SK1 by P1:19sww#1
judge release P2:SK1
judge copy P1:SK1 stats P2:5sww#1
judge swap P1:SK1 P1:SK2
judge token P1 2/2 Robot
judge reroll P1:SK1 fist
judge prep P1:SK2
"""


def test_example_of_play_turns_one_and_two(cards):
    replay = legal(cards, LOG)
    final = replay.final
    assert final.player("P1").life == final.player("P2").life == 10
    bought = {d.card for d in final.dice if d.owner == "P1" and d.zone == Zone.USED and d.card}
    assert bought == {"34sww", "22sww"}  # Truce, then Wonder Woman
    assert final.turn == 5 and final.active == "P1" and final.pending.kind == "draw"
    # Turn 3: Diane's bag is empty; her Used Pile (8 sidekicks + Truce + Wonder Woman) refills it.
    assert len(final.zone("P1", Zone.USED)) == 10


def test_every_kind_of_line_round_trips_through_text(cards):
    log = parse_log(EVERY_KIND, cards)
    assert len(log.actions) == 37
    text = format_log(log)
    again = parse_log(text, cards)
    assert [a for _, a in again.actions] == [a for _, a in log.actions]
    assert format_log(again) == text
    for line in text.splitlines()[11:]:
        assert format_action(parse_action(line, cards)) == line


def test_every_kind_of_line_round_trips_through_json(cards):
    log = parse_log(EVERY_KIND, cards)
    document = json.loads(json.dumps(log_to_json(log)))
    again = log_from_json(document, cards)
    assert [a for _, a in again.actions] == [a for _, a in log.actions]
    assert again.board == log.board and again.teams == log.teams
    assert log_to_json(again) == document


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("game demo life ten", 1, 16, "expected the starting life, a number"),
        ("P1 team 19sww:1\nP3 draw SK1", 2, 1, "expected P1, P2"),
        ("P1 roll SK1=purple", 1, 13, "not a face"),
        ("P1 jump", 1, 4, "unknown action 'jump'"),
        ("P1 team nothing:2", 1, 9, "unknown card 'nothing'"),
        ("P1 buy 19sww pay SK1/purple", 1, 18, "expected <die>/<symbol>"),
        ("P1 block SK1", 1, 10, "expected <blocker>><attacker>"),
        ("P1 damage 5sww#1>SK1=x", 1, 11, "expected <attacker>>"),
        ("judge ko SK1", 1, 10, "name the die with its player"),
        ("judge spin P1:SK1 sideways", 1, 19, "expected up or down"),
        ("P1 field SK1 pay", 1, 17, None),
        ("board turn 3 active P3", 1, 1, "expected P1 or P2"),
        ("P1 die SK1 field L1", 1, 4, "describe a board"),
        ("P1 buy 19sww pay SK1 pay SK2", 1, 22, "expected 'suitup'"),
    ],
)
def test_parse_errors_give_line_column_and_what_was_expected(cards, text, line, column, message):
    with pytest.raises(NotationError) as caught:
        parse_log(text, cards)
    error = caught.value
    assert error.line == line and error.column == column, str(error)
    if message:
        assert message in str(error)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["actions"][3].update(type="Teleport"), "action 3: unknown type 'Teleport'"),
        (lambda d: d["actions"][2].update(colour="red"), "unknown field(s) ['colour']"),
        (lambda d: d["actions"][1].update(faces=[["P1:SK1", "purple"]]), "action 1 (Roll)"),
        (lambda d: d["teams"]["P1"].append(["nothing", 1]), "teams.P1: unknown card 'nothing'"),
        (lambda d: d.pop("first"), "header"),
        # Values of the wrong kind are refused where they are, not crashed on later.
        (lambda d: d["actions"][2].update(card=34), "action 2 (Purchase): card should be a str"),
        (lambda d: d["actions"][0].update(dice="P1:SK1"), "dice should be a list of strings"),
        (lambda d: d["actions"][2].update(pay=[5]), "pay should be a list of payments"),
        (lambda d: d["actions"][0].update(player=None), "player should be a string, not None"),
    ],
)
def test_a_broken_json_log_says_where(cards, edit, message):
    document = log_to_json(parse_log(LOG, cards))
    edit(document)
    with pytest.raises(JsonLogError) as caught:
        log_from_json(document, cards)
    assert message in str(caught.value)


def test_an_illegal_step_stops_the_replay_with_its_rule(cards):
    text = LOG.replace("P1 buy 34sww pay SK1 SK2 SK3", "P1 buy 5sww pay SK1 SK2 SK3")
    replay = Replay.from_log(parse_log(text, cards), cards)
    assert not replay.legal
    last = replay.steps[-1]
    assert (last.rule, last.line, last.index) == ("R7.1", 7, 2)
    assert last.before is last.after and len(replay.steps) == 3


def test_replay_steps_keep_every_state_and_fork_at_any_step(cards):
    replay = legal(cards, LOG)
    assert replay.state_at(-1) is replay.start and replay.state_at(2) is replay.steps[2].after
    assert replay.steps[3].before is replay.steps[2].after
    assert "P1 life" not in " ".join(replay.steps[2].changes())
    assert "BA:34sww#1 unpurchased -> used (now P1's)" in replay.steps[2].changes()
    fork = replay.fork(2, Purchase("P1", "31sww", ("P1:SK1", "P1:SK2", "P1:SK3")))
    assert fork.legal and len(fork.steps) == 3
    assert fork.steps[:2] == replay.steps[:2]
    assert {d.card for d in fork.final.zone("P1", Zone.USED)} == {"31sww"}
    rest = replay.fork(2, Purchase("P1", "31sww", ("P1:SK1", "P1:SK2", "P1:SK3")), keep_rest=True)
    assert rest.legal and len(rest.steps) == len(replay.steps)


def test_replay_json_has_every_step_and_the_final_state(cards):
    document = json.loads(json.dumps(legal(cards, LOG).as_json()))
    first = document["steps"][0]
    assert {"index", "action", "legal", "rule", "reason", "events", "changes"} <= set(first)
    assert first["waiting_for"] == "P1 rolls P1:SK1, P1:SK2, P1:SK3"
    assert document["final"]["P1"]["life"] == 10 and "used" in document["final"]["P1"]["zones"]


def test_face_notation_round_trips():
    from rules.engine import parse_face

    for text in ("fist", "mask2", "bolt+fist", "wild", "generic2", "L1", "action*", "action**"):
        assert parse_face(text, None).notation() == text
    assert parse_face("mask2", None) == Face(energy=("mask", "mask"))


def _load_demo_catalogue():
    from rules.catalogue import DEMO_CATALOGUE_PATH
    from rules.services import catalogue_import

    catalogue_import(path=DEMO_CATALOGUE_PATH)


@pytest.mark.django_db
@pytest.mark.parametrize(("edit", "status"), [(None, 0), ("illegal", 1), ("garbled", 2)])
def test_replay_command_exit_status_and_json(tmp_path, edit, status):
    _load_demo_catalogue()
    text = {
        None: LOG,
        "illegal": LOG.replace("P1 buy 34sww", "P1 buy 5sww"),
        "garbled": LOG.replace("P1 end", "P1 fly", 1),
    }[edit]
    path = tmp_path / "game.log"
    path.write_text(text)
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("replay", str(path), "--json", stdout=out, stderr=err)
    assert exited.value.code == status
    if status == 2:
        assert "line 8, column 4" in err.getvalue() and "unknown action 'fly'" in err.getvalue()
        return
    document = json.loads(out.getvalue())
    assert {"index", "action", "legal", "rule", "reason"} <= set(document["steps"][0])
    assert document["final"]["P1"]["life"] == 10
    assert set(document["final"]["P1"]["zones"]) <= {z.value for z in Zone}
    if status == 1:
        assert document["steps"][-1]["rule"] == "R7.1" and not document["legal"]


@pytest.mark.django_db
def test_replay_command_prints_steps_and_reads_the_json_form_too(tmp_path, cards):
    _load_demo_catalogue()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log_to_json(parse_log(LOG, cards))))
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("replay", str(path), stdout=out)
    assert exited.value.code == 0
    printed = out.getvalue()
    assert "P2: life 10" in printed and "P1 buy 34sww pay SK1 SK2 SK3" in printed
    assert "[R6.1, R7.4]" in printed or "R7.4" in printed
    path.write_text('{"format": "demo"}')
    err = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("replay", str(path), stdout=io.StringIO(), stderr=err)
    assert exited.value.code == 2 and "header" in err.getvalue()


@pytest.mark.django_db
def test_replay_command_reports_an_impossible_board(tmp_path):
    _load_demo_catalogue()
    path = tmp_path / "board.log"
    path.write_text(
        LOG.splitlines()[1] + "\n" + "\n".join(LOG.splitlines()[2:4]) + "\n"
        "board turn 3 active P1 step main\nP1 die SK1 field mask\n"
    )
    err = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("replay", str(path), stdout=io.StringIO(), stderr=err)
    assert exited.value.code == 2 and "line 5" in err.getvalue() and "R4.4" in err.getvalue()


def test_the_documented_board_example_replays_and_the_json_example_reads(cards):
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[3] / "docs" / "game-log.md").read_text()
    blocks = [b.split("```", 1)[0] for b in doc.split("```text\n")[1:]]
    board = next(b for b in blocks if "board turn 6" in b)
    replay = legal(cards, board)
    assert replay.final.die("P1:SK1").zone == Zone.PREP
    example = json.loads(doc.split("```json\n")[1].split("```", 1)[0])
    log = log_from_json(example, cards)
    assert [format_action(a) for _, a in log.actions] == [
        "P1 draw SK1 SK2 SK3 out SK4", "P1 roll SK1=mask SK2=fist SK3=shield",
        "P1 buy 34sww pay SK1 SK2 SK3",
    ]  # fmt: skip
    assert log_to_json(log)["actions"] == example["actions"]
