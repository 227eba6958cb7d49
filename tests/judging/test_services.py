"""Opening disputes, describing the board, recording sequences, forking and ruling: every
write checked, nothing saved half-way, no update lost to a second judge."""

import datetime

import pytest
from django.utils import timezone

from judging import services
from judging.models import Branch, Dispute, Penalty, Ruling
from judging.selectors import branch_replay
from rules.engine import Board, Placement, Zone
from tests.judging.logs import BOARD, SEQUENCE
from tournaments import services as tournament_services
from tournaments.models import Match, TimeExtension

pytestmark = pytest.mark.django_db


def open_dispute(table, **kwargs) -> Dispute:
    return services.dispute_open(
        match=table.match, title="Can Cheetah be blocked twice?", by=table.judge, **kwargs
    )


def with_board(dispute: Dispute, table, actions: str = "") -> Dispute:
    """The engine example's board, typed as a game log over the dispute's own teams."""
    teams = "\n".join(line for line in dispute.setup.splitlines() if " team " in line)
    text = f"game tournament life 20 first P1\n{teams}\n{BOARD}{actions}"
    return services.dispute_log_save(dispute=dispute, text=text, by=table.judge, version=None)


def test_a_dispute_from_a_match_loads_both_teams_and_the_tables_life_turn_and_player(table):
    game = tournament_services.current_game(table.match)
    tournament_services.life_change(game=game, delta1=-6, delta2=-2, reason="combat")
    tournament_services.turn_end(game=game)
    tournament_services.turn_end(game=game)
    tournament_services.turn_end(game=game)  # turn 4, player 2's turn
    dispute = open_dispute(table)
    assert (dispute.event, dispute.match, dispute.status) == (table.event, table.match, "open")
    assert (dispute.player1_name, dispute.player2_name) == ("Player 01", "Player 02")
    lines = dispute.setup.splitlines()
    assert lines[0] == "game tournament life 20 first P1"
    assert lines[1].startswith("P1 team 19sww:4 22sww:4") and "basic 31sww 32sww" in lines[1]
    assert lines[2].startswith("P2 team 5sww:4 9sww:4") and "basic 34sww 26uxm" in lines[2]
    assert lines[3:] == ["board turn 4 active P2 step main", "P1 life 14", "P2 life 18"]
    assert [b.name for b in dispute.branches.all()] == [services.MAIN_BRANCH]
    built = branch_replay(dispute.branches.get())
    assert built.ok and built.state_at(0).player("P1").life == 14


def test_opening_a_dispute_can_pause_the_tables_clock(table):
    tournament_services.round_start(round_=table.match.round)
    open_dispute(table, pause_clock=True)
    assert Match.objects.get(pk=table.match.pk).clock_paused_at is not None


def test_a_dispute_needs_a_title_and_a_game_and_a_refused_pause_saves_nothing(table):
    with pytest.raises(services.DisputeError) as no_title:
        services.dispute_open(match=table.match, title="  ", by=table.judge)
    assert no_title.value.code == "title_missing"
    with pytest.raises(services.DisputeError) as not_running:
        open_dispute(table, pause_clock=True)  # the round's clock hasn't started
    assert not_running.value.code == "clock_not_running"
    assert not Dispute.objects.exists()


def test_a_practice_dispute_plays_the_teams_the_judge_chose(table):
    dispute = services.dispute_open_practice(
        title="Overcrush through two blockers",
        by=table.judge,
        teams={"P1": [("19sww", 2), ("31sww", 0)], "P2": [("5sww", 2), ("34sww", 0)]},
        names={"P1": "Ann"},
        format="casual",
        starting_life=15,
    )
    assert dispute.is_practice and dispute.event is None
    assert dispute.names == {"P1": "Ann", "P2": "Player 2"}
    assert dispute.setup.splitlines()[:3] == [
        "game casual life 15 first P1",
        "P1 team 19sww:2 basic 31sww",
        "P2 team 5sww:2 basic 34sww",
    ]


def test_the_board_editor_replaces_the_board_and_keeps_the_teams(table):
    dispute = open_dispute(table)
    board = Board(
        turn=6,
        active="P2",
        life=(("P1", 9), ("P2", 14)),
        placements=(Placement(0, "P1", "P1:22sww#1", Zone.FIELD, None),),  # no face
    )
    with pytest.raises(services.LogRejected) as refused:
        services.dispute_board_save(dispute=dispute, board=board, by=table.judge, version=1)
    assert refused.value.problems[0].rule == "R1.3"
    assert Dispute.objects.get(pk=dispute.pk).version == 1  # nothing saved
    face = branch_replay(dispute.branches.get()).cards["22sww"].level(2)
    board = Board(
        turn=6,
        active="P2",
        life=(("P1", 9), ("P2", 14)),
        placements=(Placement(0, "P1", "P1:22sww#1", Zone.FIELD, face, damage=1),),
    )
    dispute = services.dispute_board_save(dispute=dispute, board=board, by=table.judge, version=1)
    assert dispute.version == 2
    assert dispute.setup.splitlines()[3:] == [
        "board turn 6 active P2 step main",
        "P1 life 9",
        "P2 life 14",
        "P1 die 22sww#1 field L2 damage 1",
    ]
    assert dispute.setup.splitlines()[1].startswith("P1 team 19sww:4")


def test_a_pasted_log_becomes_the_setup_and_the_sequence_as_played(table):
    dispute = with_board(open_dispute(table), table, "# the disputed sequence\n" + SEQUENCE)
    main = dispute.branches.get()
    assert dispute.setup.endswith("P2 die 5sww#2 reserve mask\n")
    assert main.actions == "# the disputed sequence\n" + SEQUENCE
    assert branch_replay(main).step_count == 3


def test_a_log_that_cant_be_read_is_refused_where_it_is_wrong_and_nothing_is_saved(table):
    dispute = open_dispute(table)
    before = dispute.setup
    with pytest.raises(services.LogRejected) as refused:
        services.dispute_log_save(
            dispute=dispute, text=before + "P2 atack 5sww#1\n", by=table.judge, version=None
        )
    (problem,) = refused.value.problems
    assert (problem.part, problem.line, problem.column) == ("log", 7, 4)
    dispute.refresh_from_db()
    assert dispute.setup == before and dispute.version == 1


def test_a_sequence_with_an_illegal_step_is_kept_and_a_typo_is_refused(table):
    dispute = with_board(open_dispute(table), table)
    main = dispute.branches.get()
    services.branch_actions_save(
        branch=main, actions="P2 attack 5sww#1\r\nP1 block 19sww#1>5sww#1", by=table.judge,
        version=dispute.version,
    )  # fmt: skip
    main.refresh_from_db()
    assert main.actions == "P2 attack 5sww#1\nP1 block 19sww#1>5sww#1\n"
    assert branch_replay(main).illegal_step == 2
    with pytest.raises(services.LogRejected) as typo:
        services.branch_actions_save(
            branch=main, actions="P2 attack 5sww#1\nP1 blokc SK1>5sww#1\n", by=table.judge,
            version=None,
        )  # fmt: skip
    (problem,) = typo.value.problems
    assert (problem.part, problem.line, problem.column) == ("sequence", 2, 4)
    main.refresh_from_db()
    assert "blokc" not in main.actions


def test_a_judge_working_from_an_old_page_is_told_and_loses_nothing(table):
    dispute = with_board(open_dispute(table), table)
    seen = dispute.version
    main = dispute.branches.get()
    services.branch_actions_save(branch=main, actions=SEQUENCE, by=table.judge, version=seen)
    with pytest.raises(services.DisputeError) as stale:
        services.branch_actions_save(
            branch=main, actions="P2 pass\n", by=table.organiser, version=seen
        )
    assert stale.value.code == "stale"
    main.refresh_from_db()
    assert main.actions == SEQUENCE


def test_a_fork_keeps_the_steps_before_and_tries_another_action(table):
    actions = "# as played\nP2 attack 5sww#1\nP1 block 19sww#1>5sww#1\n"
    dispute = with_board(open_dispute(table), table, actions)
    main = dispute.branches.get()
    built = branch_replay(main)
    fork = services.branch_fork(
        branch=main,
        step=2,
        replacement="P1 block 22sww#1>5sww#1 SK1>5sww#1\nP2 damage 5sww#1>22sww#1=4 5sww#1>SK1=1",
        keep_rest=False,
        name="Blocks from the Field",
        by=table.judge,
        version=None,
        sequence_line=built.sequence_line(2),
    )
    assert (fork.parent, fork.fork_step) == (main, 2)
    assert fork.actions.splitlines()[:2] == ["# as played", "P2 attack 5sww#1"]
    assert branch_replay(fork).step_count == 3 and branch_replay(fork).illegal_step is None
    with pytest.raises(services.DisputeError) as same_name:
        services.branch_fork(
            branch=main, step=1, replacement="P2 pass", keep_rest=False,
            name="Blocks from the Field", by=table.judge, version=None, sequence_line=2,
        )  # fmt: skip
    assert same_name.value.code == "branch_name"
    assert Branch.objects.filter(dispute=dispute).count() == 2


def test_a_ruling_with_a_penalty_is_recorded_on_the_match_and_the_clock_runs_again(table):
    tournament_services.round_start(round_=table.match.round)
    dispute = with_board(open_dispute(table, pause_clock=True), table, SEQUENCE)
    Match.objects.filter(pk=table.match.pk).update(
        clock_paused_at=timezone.now() - datetime.timedelta(seconds=150)
    )
    ruling = services.ruling_record(
        dispute=dispute,
        question="Can two dice block Cheetah?",
        answer="Yes: several blockers may block one attacker.",
        rules=["r11.2", "R11.4", "R11.2"],
        upheld_branch=dispute.branches.get(),
        judge_notes="Checked with the head judge.",
        penalty=services.PenaltyInput(table.match.player2, "warning", "Argued with the opponent"),
        by=table.judge,
        version=dispute.version,
    )
    assert ruling.rules == ["R11.2", "R11.4"]
    assert (ruling.event, ruling.match) == (table.event, table.match)
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.RULED
    penalty = Penalty.objects.get()
    assert (penalty.registration, penalty.kind, penalty.ruling, penalty.match) == (
        table.match.player2,
        "warning",
        ruling,
        table.match,
    )
    match = Match.objects.get(pk=table.match.pk)
    assert match.clock_paused_at is None
    extension = TimeExtension.objects.get(match=match)
    assert extension.seconds >= 150 and "ruling" in extension.reason
    # Recorded again, the ruling is corrected in place.
    services.ruling_record(
        dispute=dispute, question="Can two dice block Cheetah?", answer="Yes.", rules=[],
        upheld_branch=None, by=table.organiser, version=None,
    )  # fmt: skip
    assert Ruling.objects.get().answer == "Yes." and Ruling.objects.count() == 1


def test_a_ruling_cites_known_rules_and_needs_an_answer(table):
    dispute = open_dispute(table)
    with pytest.raises(services.DisputeError) as unknown:
        services.ruling_record(
            dispute=dispute, question="Q", answer="A", rules=["R99.9"], upheld_branch=None,
            by=table.judge, version=None,
        )  # fmt: skip
    assert unknown.value.code == "rule_unknown" and "R99.9" in str(unknown.value)
    with pytest.raises(services.DisputeError):
        services.ruling_record(
            dispute=dispute, question="Q", answer=" ", rules=[], upheld_branch=None,
            by=table.judge, version=None,
        )  # fmt: skip
    assert not Ruling.objects.exists()


def test_a_penalty_goes_to_a_player_of_the_match_with_a_reason(table):
    other = table.event.registrations.get(display_name="Player 03")
    with pytest.raises(services.DisputeError) as not_in_match:
        services.penalty_issue(
            match=table.match, registration=other, kind="warning", reason="x", by=table.judge
        )
    assert not_in_match.value.code == "player"
    with pytest.raises(services.DisputeError):
        services.penalty_issue(
            match=table.match, registration=table.match.player1, kind="warning", reason=" ",
            by=table.judge,
        )  # fmt: skip
    with pytest.raises(services.DisputeError):
        services.penalty_issue(
            match=table.match, registration=table.match.player1, kind="yellow_card",
            reason="x", by=table.judge,
        )  # fmt: skip
    assert not Penalty.objects.exists()


def test_practice_disputes_have_no_penalties(table):
    dispute = services.dispute_open_practice(
        title="Practice", by=table.judge, teams={"P1": [("19sww", 1)], "P2": [("5sww", 1)]}
    )
    with pytest.raises(services.DisputeError) as practice:
        services.ruling_record(
            dispute=dispute, question="Q", answer="A", rules=[], upheld_branch=None,
            penalty=services.PenaltyInput(table.match.player1, "warning", "x"),
            by=table.judge, version=None,
        )  # fmt: skip
    assert practice.value.code == "practice"
    assert not Ruling.objects.exists()


def test_a_match_without_team_lists_still_opens_with_the_sidekicks(table):
    for registration in (table.match.player1, table.match.player2):
        registration.team = None
        registration.save()
    dispute = open_dispute(table)
    assert dispute.setup.splitlines()[1:3] == ["P1 team", "P2 team"]
    built = branch_replay(dispute.branches.get())
    assert built.ok and len(built.state_at(0).dice) == 16


def test_rulings_and_penalties_outlive_a_deleted_round(table):
    dispute = with_board(open_dispute(table), table, SEQUENCE)
    services.ruling_record(
        dispute=dispute, question="Q?", answer="A.", rules=[], upheld_branch=None,
        penalty=services.PenaltyInput(table.match.player1, "warning", "Slow play"),
        by=table.judge, version=None,
    )  # fmt: skip
    tournament_services.round_delete(
        round_=table.match.round, by=table.event.organiser, confirm=True
    )
    penalty = Penalty.objects.get()
    assert (penalty.match, penalty.event, penalty.registration) == (
        None,
        table.event,
        table.event.registrations.get(display_name="Player 01"),
    )
    ruling = Ruling.objects.get()
    assert (ruling.match, ruling.event, ruling.dispute.match) == (None, table.event, None)
    # The dispute still says which match it was about.
    match = table.match
    assert ruling.dispute.match_label == (
        f"Round 1, table {match.table}: {match.player1.display_name} v {match.player2.display_name}"
    )


def test_a_fork_tried_by_mistake_can_be_deleted_but_not_the_sequence_or_the_upheld_one(table):
    dispute = with_board(open_dispute(table), table, SEQUENCE)
    main = dispute.branches.get()

    def fork(parent, name):
        return services.branch_fork(
            branch=parent, step=2, replacement="P1 block", keep_rest=False, name=name,
            by=table.judge, version=None, sequence_line=2,
        )  # fmt: skip

    mistake = fork(main, "Mistake")
    child = fork(mistake, "Its fork")
    services.branch_delete(branch=mistake, by=table.judge, version=None)
    child.refresh_from_db()
    assert child.parent == main and not Branch.objects.filter(pk=mistake.pk).exists()
    with pytest.raises(services.DisputeError) as played:
        services.branch_delete(branch=main, by=table.judge, version=None)
    assert played.value.code == "main_branch"
    services.ruling_record(
        dispute=dispute, question="Q?", answer="A.", rules=[], upheld_branch=child,
        by=table.judge, version=None,
    )  # fmt: skip
    with pytest.raises(services.DisputeError) as upheld:
        services.branch_delete(branch=child, by=table.judge, version=None)
    assert upheld.value.code == "upheld"
