"""The game-log notation round-trips, errors name line and column, and replays step and fork."""

import io
import json

import pytest
from django.core.management import call_command

from rules.engine import Face, NotationError, Purchase, Replay, Zone, format_log, parse_log

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


def test_example_of_play_turns_one_and_two(cards):
    replay = Replay.from_log(parse_log(LOG, cards), cards)
    assert replay.legal, [s.reason for s in replay.steps if not s.legal]
    final = replay.final
    assert final.player("P1").life == final.player("P2").life == 10
    bought = {d.card for d in final.dice if d.owner == "P1" and d.zone.value == "used" and d.card}
    assert bought == {"34sww", "22sww"}  # Truce, then Wonder Woman
    cheetahs = [d for d in final.dice if d.owner == "P2" and d.card == "5sww"]
    assert sum(d.zone.value == "used" for d in cheetahs) == 2  # two Cheetahs bought
    assert final.turn == 5 and final.active == "P1"
    # Turn 3: Diane's bag is empty; her Used Pile (8 sidekicks + Truce + Wonder Woman) refills it.
    assert len(final.zone("P1", Zone.USED)) == 10


def test_log_round_trips_through_text(cards):
    log = parse_log(LOG, cards)
    again = parse_log(format_log(log), cards)
    assert again.teams == log.teams and [a for _, a in again.actions] == [a for _, a in log.actions]
    assert format_log(again) == format_log(log)


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("game demo life ten", 1, 16, "life must be a number"),
        ("P1 team 19sww:1\nP3 draw SK1", 2, 1, "expected P1, P2"),
        ("P1 roll SK1=purple", 1, 4, "not a face"),
        ("P1 jump", 1, 4, "unknown action"),
        ("P1 team nothing:2", 1, 9, "unknown card"),
    ],
)
def test_parse_errors_give_line_column_and_what_was_expected(cards, text, line, column, message):
    with pytest.raises(NotationError) as caught:
        parse_log(text, cards)
    error = caught.value
    assert (error.line, message in str(error)) == (line, True)
    assert error.column >= 1


def test_an_illegal_step_stops_the_replay_with_its_rule(cards):
    text = LOG.replace("P1 buy 34sww pay SK1 SK2 SK3", "P1 buy 5sww pay SK1 SK2 SK3")
    replay = Replay.from_log(parse_log(text, cards), cards)
    assert not replay.legal
    last = replay.steps[-1]
    assert (last.rule, last.line) == ("R7.1", 7)
    assert last.before is last.after


def test_fork_tries_another_action_at_a_step(cards):
    replay = Replay.from_log(parse_log(LOG, cards), cards)
    fork = replay.fork(2, Purchase("P1", "31sww", ("P1:SK1", "P1:SK2", "P1:SK3")))
    assert fork.legal and len(fork.steps) == 3
    assert fork.steps[:2] == replay.steps[:2]
    assert {d.card for d in fork.final.zone("P1", Zone.USED)} == {"31sww"}


@pytest.mark.django_db
@pytest.mark.parametrize(("edit", "status"), [(None, 0), ("illegal", 1), ("garbled", 2)])
def test_replay_command_exit_status_and_json(tmp_path, edit, status):
    from rules.catalogue import DEMO_CATALOGUE_PATH
    from rules.services import catalogue_import

    catalogue_import(path=DEMO_CATALOGUE_PATH)
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
        assert "line 8" in err.getvalue()
        return
    document = json.loads(out.getvalue())
    assert {"index", "action", "legal", "rule", "reason"} <= set(document["steps"][0])
    assert document["final"]["P1"]["life"] == 10
    if status == 1:
        assert document["steps"][-1]["rule"] == "R7.1"


def test_face_notation_round_trips():
    from rules.engine import parse_face

    for text in ("fist", "mask2", "bolt+fist", "wild", "generic2", "L1", "action*"):
        assert parse_face(text, None).notation() == text
    assert parse_face("mask2", None) == Face(energy=("mask", "mask"))


@pytest.mark.django_db
def test_replay_command_reads_the_json_form_too(tmp_path, cards):
    from rules.catalogue import DEMO_CATALOGUE_PATH
    from rules.engine import log_to_json
    from rules.services import catalogue_import

    catalogue_import(path=DEMO_CATALOGUE_PATH)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log_to_json(parse_log(LOG, cards))))
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("replay", str(path), stdout=out)
    assert exited.value.code == 0
    assert "P2: life 10" in out.getvalue()
    path.write_text('{"format": "demo"}')
    with pytest.raises(SystemExit) as exited:
        call_command("replay", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert exited.value.code == 2
