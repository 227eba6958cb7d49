"""Globals paid for in a batch resolve as one effect (R10.3), and dice attached to other dice
(equipment, continuous dice on a character) go along with them (R15.1): in the engine, the
notation (text and JSON) and the replay."""

import json
from dataclasses import replace

import pytest

from rules.engine import (
    Ability,
    BoardError,
    NotationError,
    UseGlobal,
    Zone,
    format_log,
    log_from_json,
    log_to_json,
    parse_action,
    parse_log,
    query,
)
from tests.rules.engine.helpers import events, header, legal, refused, run, with_abilities

BATCH_BOARD = (
    header()
    + """\
board turn 3 active P1 step main
P1 die SK1 reserve shield
P1 die SK2 reserve shield
P1 die SK4 reserve wild
P1 die SK5 reserve fist
P1 die SK3 field L1
P2 die SK1 reserve shield
P2 die SK2 reserve shield
P2 die SK3 field L1
"""
)


def _plus_defense_per_use(ctx):
    """Take Cover as a script: 'Pay [S]: one character die gets +1D', paid N times: +N D."""
    target = ctx.choose("+1D to a character die", [d.id for d in ctx.characters()])[0]
    ctx.modify(target, defense=ctx.times)


def _plus_one_defense(ctx):  # a script that ignores the batch size
    ctx.modify(ctx.choose("+1D", [d.id for d in ctx.characters()])[0], defense=1)


@pytest.fixture
def take_cover(cards):
    ability = Ability("global", "global", "+1D", resolve=_plus_defense_per_use)
    return with_abilities(cards, "31sww", ability)


# -- R10.3: a batch of uses resolves as one effect ------------------------------------------
def test_a_global_paid_for_three_times_resolves_once_with_three_times_the_effect(take_cover):
    text = BATCH_BOARD + "P1 global 31sww times 3 pay SK1 SK2 SK4 target P1:SK3\n"
    replay = legal(take_cover, text)
    step = replay.steps[-1]
    kinds = [e.kind for e in step.events]
    # One use of priority, one payment, one effect, one modifier of +3D (not three of +1D).
    assert kinds.count("global_used") == 1 and kinds.count("spent") == 1
    assert kinds.count("effect_resolved") == 1 and kinds.count("modified") == 1
    die = replay.final.die("P1:SK3")
    assert [m.defense for m in die.modifiers] == [3]
    assert query.defense(replay.final, take_cover, die).value == 4
    assert "3 times, paid in one batch: one effect" in events(step)
    assert "R10.3" in step.rules
    assert all(replay.final.die(f"P1:SK{n}").zone == Zone.OUT_OF_PLAY for n in (1, 2, 4))


def test_an_unautomated_global_batch_is_entered_by_the_judge_as_one_effect(cards):
    replay = legal(cards, BATCH_BOARD + "P1 global 31sww times 2 pay SK1 SK2\n")
    text = events(replay.steps[-1])
    assert "2 times, paid in one batch" in text and "not automated" in text
    assert replay.steps[-1].manual


def test_a_script_that_counts_one_use_leaves_the_rest_of_the_batch_to_the_judge(cards):
    scripted = with_abilities(
        cards, "31sww", Ability("global", "global", "+1D", resolve=_plus_one_defense)
    )
    replay = legal(scripted, BATCH_BOARD + "P1 global 31sww times 2 pay SK1 SK2 target P1:SK3\n")
    manual = [e for e in replay.steps[-1].events if e.manual]
    assert manual and "paid for 2 times in one batch" in manual[0].text
    # Once, it is just a use: nothing is left for the judge.
    once = legal(scripted, BATCH_BOARD + "P1 global 31sww pay SK1 target P1:SK3\n")
    assert not once.steps[-1].manual


def test_a_batch_must_pay_the_cost_exactly_that_many_times(take_cover):
    refused(take_cover, BATCH_BOARD + "P1 global 31sww times 3 pay SK1 SK2 target SK3\n", "R6.1")
    # Two uses of [S] need two shields (a wild stands in for one): not a shield and a fist.
    step = refused(
        take_cover, BATCH_BOARD + "P1 global 31sww times 2 pay SK1 SK5 target SK3\n", "R6.5"
    )
    assert "2 times ([S] each)" in step.reason
    # Paying three times for two uses spends a die for nothing.
    refused(
        take_cover, BATCH_BOARD + "P1 global 31sww times 2 pay SK1 SK2 SK4 target SK3\n", "R6.1"
    )


def test_a_limited_global_cannot_be_paid_for_in_a_batch(cards):
    once = Ability("global", "global", "+1D", resolve=_plus_defense_per_use, limit="once_per_turn")
    scripted = with_abilities(cards, "31sww", once)
    step = refused(
        scripted, BATCH_BOARD + "P1 global 31sww times 2 pay SK1 SK2 target SK3\n", "R10.1"
    )
    assert "once per turn" in step.reason
    legal(scripted, BATCH_BOARD + "P1 global 31sww pay SK1 target SK3\n")


def test_a_batch_is_the_inactive_players_one_global(take_cover):
    text = BATCH_BOARD + "P1 pass\nP2 global 31sww times 2 pay SK1 SK2 target P2:SK3\n"
    replay = legal(take_cover, text)
    assert replay.final.priority == "P1"
    assert [m.defense for m in replay.final.die("P2:SK3").modifiers] == [2]
    refused(take_cover, text + "P2 global 31sww pay SK1 target P2:SK3\n", "R10.4")


def test_a_batch_of_no_uses_is_refused_in_text_json_and_by_the_engine(take_cover, cards):
    with pytest.raises(NotationError) as error:
        parse_log(BATCH_BOARD + "P1 global 31sww times 0 pay SK1\n", cards)
    assert error.value.line == 13 and error.value.column == 23
    assert "uses paid for in one batch" in str(error.value)
    with pytest.raises(NotationError):
        parse_log(BATCH_BOARD + "P1 global 31sww times pay SK1\n", cards)
    state = run(take_cover, BATCH_BOARD).final
    from rules.engine import apply

    result = apply(state, UseGlobal("P1", "31sww", times=0), take_cover)
    assert not result.legal and result.verdict.rule == "R10.3"
    log = log_to_json(parse_log(BATCH_BOARD + "P1 global 31sww times 2 pay SK1 SK2\n", cards))
    log["actions"][0]["times"] = "2"
    with pytest.raises(ValueError, match="times should be a whole number"):
        log_from_json(log, cards)


def test_a_batch_round_trips_through_text_and_json_and_replays(take_cover, cards):
    line = "P1 global 31sww times 3 pay SK1 SK2 SK4 target P1:SK3"
    action = parse_action(line, cards)
    assert action.times == 3 and action.pay[2].die == "P1:SK4"
    log = parse_log(BATCH_BOARD + line + "\n", cards)
    assert format_log(log).splitlines()[-1] == line
    again = log_from_json(json.loads(json.dumps(log_to_json(log))), cards)
    assert again.actions == log.actions
    assert log_to_json(log)["actions"][0]["times"] == 3
    # A log without 'times' (older JSON too) is one use.
    old = log_to_json(parse_log(BATCH_BOARD + "P1 global 31sww pay SK1\n", cards))
    del old["actions"][0]["times"]
    assert log_from_json(old, cards).actions[0][1].times == 1
    replay = legal(take_cover, BATCH_BOARD + line + "\n")
    step = replay.steps[-1].as_json()
    assert step["action"] == line and step["action_json"]["times"] == 3
    # Forking the step with one use instead gives +1D.
    fork = replay.fork(0, UseGlobal("P1", "31sww", ("P1:SK1",), ("P1:SK3",)))
    assert fork.legal and [m.defense for m in fork.final.die("P1:SK3").modifiers] == [1]


# -- R15.1: attached dice --------------------------------------------------------------------
ATTACH_BOARD = (
    header()
    + """\
board turn 3 active P1 step main
P1 die 22sww#1 field L2
P1 die SK1 field L1 attached 22sww#1
P1 die BA:34sww#1 field action attached 22sww#1
P1 die 19sww#1 field L1
P1 die SK2 reserve mask
P2 die 5sww#1 field L1
P2 die SK1 field L1
"""
)


@pytest.fixture
def continuous_truce(cards):
    """Truce (34sww) as a continuous action die, so it can sit in the Field on a character."""
    updated = dict(cards)
    updated["34sww"] = replace(cards["34sww"], keywords=("continuous",))
    return updated


def test_a_board_describes_attachments_and_round_trips(continuous_truce):
    log = parse_log(ATTACH_BOARD, continuous_truce)
    assert format_log(log) == format_log(parse_log(format_log(log), continuous_truce))
    assert "P1 die SK1 field L1 attached 22sww#1" in format_log(log)
    again = log_from_json(json.loads(json.dumps(log_to_json(log))), continuous_truce)
    assert again.board == log.board
    state = run(continuous_truce, ATTACH_BOARD).start
    assert state.die("P1:SK1").attached_to == "P1:22sww#1"
    assert state.die("BA:34sww#1").attached_to == "P1:22sww#1"
    assert "P1:SK1=L1 attached to P1:22sww#1" in state.summary()["P1"]["zones"]["field"]


@pytest.mark.parametrize(
    "line, message",
    [
        ("P1 die SK3 used attached 22sww#1", "only dice in the Field are attached"),
        ("P1 die SK3 field L1 attached SK3", "can't be attached to itself"),
        ("P1 die SK3 field L1 attached SK2", "not a character die in the Field"),
        ("P1 die SK3 field L1 attached SK1", "an attached die has nothing attached"),
        ("P1 die SK3 field L1 attached 19sww#4", "not a character die in the Field"),
    ],
)
def test_an_impossible_attachment_on_a_board_is_refused(continuous_truce, line, message):
    with pytest.raises(BoardError) as error:
        run(continuous_truce, ATTACH_BOARD + line + "\n")
    assert [(v.rule, message in v.message) for _, v in error.value.problems] == [("R15.1", True)]
    assert error.value.line == 12


def test_attached_dice_go_along_with_a_captured_die_and_come_back_with_it(continuous_truce):
    text = ATTACH_BOARD + "judge capture P1:22sww#1 by P2:5sww#1\n"
    replay = legal(continuous_truce, text)
    state = replay.final
    for die_id in ("P1:22sww#1", "P1:SK1", "BA:34sww#1"):
        assert state.die(die_id).zone == Zone.CAPTURED  # not in the game (R15.1)
    assert state.die("P1:SK1").attached_to == "P1:22sww#1"
    assert "with P1:SK1, BA:34sww#1 attached" in events(replay.steps[-1])
    # The attachments can't be released on their own: they come back with their character.
    refused(continuous_truce, text + "judge release P1:SK1\n", "R15.1")
    refused(continuous_truce, text + "judge detach P1:SK1\n", "R15.1")
    # The captor is KO'd: the capture ends, and all three return to the Field, still attached.
    state = legal(continuous_truce, text + "judge ko P2:5sww#1\n").final
    for die_id in ("P1:22sww#1", "P1:SK1", "BA:34sww#1"):
        assert state.die(die_id).zone == Zone.FIELD
    assert state.die("P1:SK1").attached_to == "P1:22sww#1"
    assert state.die("P1:22sww#1").level == 2  # on the same level
    # Or at end of turn.
    state = legal(continuous_truce, text + "P1 end\n").final
    assert state.die("BA:34sww#1").zone == Zone.FIELD
    assert state.die("BA:34sww#1").attached_to == "P1:22sww#1"


def test_a_captured_attachment_leaves_its_character(continuous_truce):
    text = ATTACH_BOARD + "judge capture P1:SK1 by P2:5sww#1\n"
    state = legal(continuous_truce, text).final
    assert state.die("P1:SK1").zone == Zone.CAPTURED and state.die("P1:SK1").attached_to is None
    state = legal(continuous_truce, text + "judge release P1:SK1\n").final
    assert state.die("P1:SK1").zone == Zone.FIELD and state.die("P1:SK1").attached_to is None


def test_a_ko_takes_continuous_attachments_along_and_leaves_equipment(continuous_truce):
    replay = legal(continuous_truce, ATTACH_BOARD + "judge ko P1:22sww#1\n")
    state = replay.final
    assert state.die("P1:22sww#1").zone == Zone.PREP
    truce = state.die("BA:34sww#1")
    assert truce.zone == Zone.PREP and truce.owner == "P1" and truce.attached_to is None
    sidekick = state.die("P1:SK1")  # not continuous: stays in the Field, attached to nothing
    assert sidekick.zone == Zone.FIELD and sidekick.attached_to is None
    text = events(replay.steps[-1])
    assert "BA:34sww#1, attached to P1:22sww#1, followed it to the prep" in text
    assert "P1:SK1 is no longer attached" in text


def test_a_character_sent_to_the_used_pile_takes_its_continuous_die_along(continuous_truce):
    state = legal(continuous_truce, ATTACH_BOARD + "judge move P1:22sww#1 used\n").final
    assert state.die("P1:22sww#1").zone == state.die("BA:34sww#1").zone == Zone.USED
    assert state.die("P1:SK1").zone == Zone.FIELD


def test_an_attachment_ends_when_its_character_is_rerolled_or_swapped_away(continuous_truce):
    state = legal(continuous_truce, ATTACH_BOARD + "judge reroll P1:22sww#1 mask\n").final
    assert state.die("P1:22sww#1").zone == Zone.RESERVE
    assert state.die("P1:SK1").zone == Zone.FIELD and state.die("P1:SK1").attached_to is None
    assert state.die("BA:34sww#1").attached_to is None
    state = legal(continuous_truce, ATTACH_BOARD + "judge swap P1:22sww#1 P1:SK2\n").final
    assert state.die("P1:SK1").attached_to is None  # its character is in the Reserve now


def test_attach_and_detach_as_judge_adjustments_and_their_rules(continuous_truce):
    text = ATTACH_BOARD + "judge detach P1:SK1\n"
    state = legal(continuous_truce, text).final
    assert state.die("P1:SK1").attached_to is None
    state = legal(continuous_truce, text + "judge attach P1:SK1 to P1:19sww#1\n").final
    assert state.die("P1:SK1").attached_to == "P1:19sww#1"
    refused(continuous_truce, ATTACH_BOARD + "judge attach P1:SK2 to P1:19sww#1\n", "R15.1")
    refused(continuous_truce, ATTACH_BOARD + "judge attach P1:SK1 to P1:SK1\n", "R15.1")
    refused(continuous_truce, ATTACH_BOARD + "judge attach P1:19sww#1 to P1:SK1\n", "R15.1")
    refused(continuous_truce, ATTACH_BOARD + "judge attach P1:22sww#1 to P1:19sww#1\n", "R15.1")
    refused(continuous_truce, ATTACH_BOARD + "judge detach P1:19sww#1\n", "R15.1")
    line = "judge attach P1:SK1 to P1:19sww#1 -- Magic Sword: equip"
    assert parse_action(line, continuous_truce).other == "P1:19sww#1"
    log = parse_log(ATTACH_BOARD + line + "\n", continuous_truce)
    assert format_log(log).splitlines()[-1] == line


def test_a_die_captured_from_the_attack_zone_comes_back_to_the_field(cards):
    text = (
        header()
        + """\
board turn 3 active P1 step main
P1 die 22sww#1 field L2
P2 die 5sww#1 field L1
P1 attack 22sww#1
P2 block
judge capture P1:22sww#1 by P2:5sww#1
P1 pass
P2 pass
P1 pass
"""
    )
    state = legal(cards, text).final
    assert state.turn == 4 and state.die("P1:22sww#1").zone == Zone.FIELD


# -- A board that starts with dice captured (and their attachments with them) ---------------
CAPTURED_BOARD = (
    header()
    + """\
board turn 3 active P1 step main
P1 die 19sww#1 field L1
P1 die SK2 reserve mask
P2 die 5sww#1 field L1
P2 die P1:22sww#1 captured L2 by 5sww#1
P2 die P1:SK1 captured L1 attached P1:22sww#1
P2 die P1:SK3 captured by 5sww#1 from used
"""
)


def test_a_board_describes_captured_dice_and_what_is_attached_to_them(cards):
    log = parse_log(CAPTURED_BOARD, cards)
    text = format_log(log)
    assert "P2 die P1:22sww#1 captured L2 by 5sww#1" in text
    assert "P2 die P1:SK3 captured by 5sww#1 from used" in text
    assert format_log(parse_log(text, cards)) == text
    assert log_from_json(json.loads(json.dumps(log_to_json(log))), cards).board == log.board
    start = run(cards, CAPTURED_BOARD).start
    wonder = start.die("P1:22sww#1")
    assert (wonder.zone, wonder.held_by, wonder.controller) == (Zone.CAPTURED, "P2:5sww#1", "P2")
    assert start.die("P1:SK1").attached_to == "P1:22sww#1"
    assert start.die("P1:SK3").held_from == Zone.USED and start.die("P1:SK3").face is None
    assert "P1:22sww#1=L2 under P2:5sww#1" in start.summary()["P2"]["zones"]["captured"]
    # The captor is KO'd: each die returns where it came from, the attachment with its die.
    state = legal(cards, CAPTURED_BOARD + "judge ko P2:5sww#1\n").final
    assert state.die("P1:22sww#1").zone == Zone.FIELD and state.die("P1:22sww#1").level == 2
    assert state.die("P1:SK1").zone == Zone.FIELD
    assert state.die("P1:SK1").attached_to == "P1:22sww#1"
    assert state.die("P1:SK3").zone == Zone.USED and state.die("P1:SK3").controller == "P1"


@pytest.mark.parametrize(
    "line, rule, message",
    [
        ("P2 die P1:SK4 captured L1", "R15.1", "Say which die captured"),
        ("P2 die P1:SK4 captured L1 by 5sww#2", "R15.1", "must be in P2's Field"),
        ("P2 die P1:SK4 captured by 5sww#1", "R1.3", "give the face it shows"),
        ("P2 die P1:SK4 captured L1 by 5sww#1 from prep", "R1.3", "it shows no face"),
        ("P2 die P1:SK4 captured by 5sww#1 from out_of_play", "R15.1", "can't be captured from"),
        ("P2 die P1:SK4 captured L1 attached P1:19sww#1", "R15.1", "must be captured too"),
        ("P2 die P1:SK4 captured L1 damage 1 by 5sww#1", "R12.2", "carries no damage"),
    ],
)
def test_an_impossible_capture_on_a_board_is_refused(cards, line, rule, message):
    with pytest.raises(BoardError) as error:
        run(cards, CAPTURED_BOARD + line + "\n")
    found = [(n, v.rule, v.message) for n, v in error.value.problems]
    assert [(n, r) for n, r, _ in found] == [(11, rule)] and message in found[0][2], found


def test_by_and_from_are_only_for_a_captured_die(cards):
    with pytest.raises(NotationError) as error:
        parse_log(CAPTURED_BOARD + "P1 die SK4 field L1 by 19sww#1\n", cards)
    assert (error.value.line, error.value.column) == (11, 21)
    assert "describes a captured die" in str(error.value)


def _capture_then_release(ctx):
    """A card that captures a die and, as its text states, lets it go again at once."""
    target = ctx.choose("a die to capture", [d.id for d in ctx.characters(ctx.opponent)])[0]
    ctx.capture(target, captor="P2:5sww#1")
    assert ctx.die(target).zone == Zone.CAPTURED
    ctx.release(target)


def test_an_effect_ends_a_capture_at_the_time_it_states(cards):
    scripted = with_abilities(
        cards,
        "32sww",
        Ability("global", "global", "capture, then release", resolve=_capture_then_release),
    )
    text = CAPTURED_BOARD.replace("P2 die P1:SK3 captured by 5sww#1 from used\n", "")
    text = text.replace(
        "P1 die SK2 reserve mask", "P1 die SK2 reserve mask\nP1 die SK4 reserve shield"
    )
    state = legal(scripted, text + "P1 global 31sww pay SK4 target P1:19sww#1\n").final
    assert state.die("P1:19sww#1").zone == Zone.FIELD and state.die("P1:19sww#1").held_by is None


@pytest.mark.django_db
def test_the_replay_command_plays_batches_and_attachments_and_refuses_bad_json(tmp_path, cards):
    import io

    from django.core.management import call_command

    from tests.rules.engine.test_notation_and_replay import _load_demo_catalogue

    _load_demo_catalogue()
    path = tmp_path / "game.log"
    path.write_text(
        BATCH_BOARD.replace(
            "P1 die SK3 field L1", "P1 die SK3 field L1\nP1 die SK6 field L1 attached SK3"
        )
        + "P1 global 31sww times 2 pay SK1 SK2\njudge capture P1:SK3 by P2:SK3\n"
    )
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("replay", str(path), "--json", stdout=out)
    assert exited.value.code == 0
    document = json.loads(out.getvalue())
    assert document["steps"][0]["action"] == "P1 global 31sww times 2 pay SK1 SK2"
    assert "R10.3" in [r["id"] for r in document["steps"][0]["rules"]]
    captured = document["final"]["P2"]["zones"]["captured"]
    assert captured == ["P1:SK3=L1 under P2:SK3", "P1:SK6=L1 attached to P1:SK3"]
    # A JSON log with a value of the wrong kind can't be read: exit status 2, and where.
    log = log_to_json(parse_log(path.read_text(), cards))
    log["actions"][0]["times"] = "2"
    path.write_text(json.dumps(log))
    err = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("replay", str(path), stdout=io.StringIO(), stderr=err)
    assert exited.value.code == 2
    assert "action 0 (UseGlobal): times should be a whole number" in err.getvalue()
