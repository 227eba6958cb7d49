"""The judge console over the API: disputes, branches and steps, rulings and penalties, through
the schema-driven client (every answer is validated against the schema too)."""

import pytest
from django.utils import timezone

from judging.models import Branch, Dispute, Penalty, Ruling
from judging.replays import replays
from tests import roles
from tests.api.conftest import as_user
from tests.judging.logs import SEQUENCE, SETUP
from tests.tournaments import factories

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("shared_catalogue")]

ILLEGAL = "P2 attack 5sww#1\nP1 block 19sww#1>5sww#1\n"  # 19sww#1 is not in the Field


@pytest.fixture(autouse=True)
def fresh_replays():
    replays.clear()
    yield
    replays.clear()


@pytest.fixture
def world():
    return roles.build()


@pytest.fixture
def client_for(api, world):
    def make(role):
        return as_user(api, world.opponent if role == "opponent" else world.users[role])

    return make


def open_dispute(client_for, world, role="judge") -> dict:
    return (
        client_for(role)
        .call(
            "disputes_create", body={"match": world.match.pk, "title": "Two blockers?"}, expect=201
        )
        .data
    )


def with_log(client_for, world, text=SETUP + SEQUENCE) -> dict:
    dispute = open_dispute(client_for, world)
    return (
        client_for("judge")
        .call(
            "disputes_log_create",
            path={"id": dispute["id"]},
            body={"version": dispute["version"], "text": text},
            expect=200,
        )
        .data
    )


# ---------------------------------------------------------------- disputes, log, steps


def test_a_judge_opens_a_dispute_at_a_table_and_reads_it(client_for, world):
    dispute = open_dispute(client_for, world)
    assert (dispute["event"], dispute["match"], dispute["practice"]) == (
        world.slug,
        world.match.pk,
        False,
    )
    assert dispute["status"] == "open" and dispute["version"] == 1
    assert [b["name"] for b in dispute["branches"]] == ["As played"]
    assert dispute["setup"].startswith("game tournament")
    assert dispute["ruling"] is None and dispute["penalties"] == []
    organiser = client_for("organiser")
    again = organiser.call("disputes_retrieve", path={"id": dispute["id"]}, expect=200)
    assert again.data["id"] == dispute["id"]
    listed = organiser.call("disputes_list", query={"event": world.slug, "status": "open"})
    assert [d["id"] for d in listed.data["results"]] == [dispute["id"]]


def test_opening_a_dispute_refuses_a_bye_an_unknown_match_and_an_empty_title(client_for, world):
    judge = client_for("judge")
    bye = judge.call("disputes_create", body={"match": world.bye.pk, "title": "x"}, expect=400)
    assert bye.data["code"] == "bye" and "match" in bye.data["errors"]
    nothing = judge.call("disputes_create", body={"match": 10**12, "title": "x"}, expect=400)
    assert nothing.data["errors"] == {"match": ["No such match."]}
    blank = judge.call("disputes_create", body={"match": world.match.pk, "title": "  "})
    assert blank.status == 400 and "title" in blank.data["errors"]
    stopped = judge.call(
        "disputes_create",
        body={"match": world.match.pk, "title": "x", "pause_clock": True},
        expect=409,
    )
    assert stopped.data["code"] == "clock_not_running"
    assert not Dispute.objects.exists()


def test_the_game_log_becomes_the_setup_and_each_step_says_what_happened(client_for, world):
    dispute = with_log(client_for, world)
    assert dispute["version"] == 2
    (branch,) = dispute["branches"]
    assert (branch["steps"], branch["illegal_step"], branch["problems"]) == (3, None, [])
    judge = client_for("judge")
    read = judge.call("branches_retrieve", path={"id": branch["id"]}, expect=200).data
    assert [s["action"] for s in read["steps"]] == SEQUENCE.splitlines()
    assert all(s["legal"] and s["rule"] is None and s["reason"] is None for s in read["steps"])
    step = judge.call(
        "branches_steps_retrieve", path={"id": branch["id"], "number": 2}, expect=200
    ).data
    assert step["action"] == "P1 block 22sww#1>5sww#1 SK1>5sww#1"
    assert step["last"] == 3 and "R11.2" in [rule["id"] for rule in step["rules"]]
    p1 = next(p for p in step["board"]["players"] if p["id"] == "P1")
    blocker = next(d for d in p1["dice"] if d["id"] == "P1:22sww#1")
    assert blocker["blocking"] == "P2:5sww#1" and blocker["attack"]["value"] >= 0
    assert blocker["partner"] is None
    start = judge.call("branches_steps_retrieve", path={"id": branch["id"], "number": 0}).data
    assert start["action"] == "" and start["legal"] and start["board"]["turn"] == 6
    past = judge.call("branches_steps_retrieve", path={"id": branch["id"], "number": 4})
    assert past.status == 404 and "steps 0 to 3" in past.data["message"]


def test_a_step_names_the_partner_of_a_paired_die(client_for, world):
    """K-HEROIC: a die paired up on the board names its partner in the API's board."""
    text = SETUP.replace("P1 die SK1 field L1", "P1 die SK1 field L1\nP1 die 19sww#1 field L1")
    text = text.replace("P1 die 22sww#1 field L2", "P1 die 22sww#1 field L2 paired 19sww#1")
    branch = with_log(client_for, world, text + SEQUENCE)["branches"][0]
    step = (
        client_for("judge")
        .call("branches_steps_retrieve", path={"id": branch["id"], "number": 0}, expect=200)
        .data
    )
    dice = {d["id"]: d for p in step["board"]["players"] for d in p["dice"]}
    assert dice["P1:22sww#1"]["partner"] == "P1:19sww#1"
    assert dice["P1:19sww#1"]["partner"] == "P1:22sww#1"


def test_stepping_reads_the_cached_replay(client_for, world):
    branch = with_log(client_for, world)["branches"][0]
    judge = client_for("judge")
    built = replays.builds
    for number in range(4):
        judge.call("branches_steps_retrieve", path={"id": branch["id"], "number": number})
    judge.call("branches_retrieve", path={"id": branch["id"]})
    assert replays.builds == built


def test_an_illegal_action_is_kept_with_its_rule_and_reason(client_for, world):
    dispute = with_log(client_for, world)
    branch = dispute["branches"][0]
    saved = client_for("judge").call(
        "branches_sequence_create",
        path={"id": branch["id"]},
        body={"version": dispute["version"], "actions": ILLEGAL + "P2 pass\n"},
        expect=200,
    )
    assert saved.data["illegal_step"] == 2 and saved.data["version"] == 3
    first, second = saved.data["steps"]
    assert first["legal"] and not second["legal"]
    assert second["rule"] and second["rule_title"] and second["reason"]
    assert saved.data["not_replayed"] == ["P2 pass"]


def test_a_log_that_cant_be_read_names_the_line_and_column_and_saves_nothing(client_for, world):
    dispute = open_dispute(client_for, world)
    judge = client_for("judge")
    text = "\n# the table's account\n" + SETUP + "P2 attack 5sww#1\nP1 blokc SK1>5sww#1\n"
    refused = judge.call(
        "disputes_log_create",
        path={"id": dispute["id"]},
        body={"version": dispute["version"], "text": text},
        expect=400,
    )
    assert refused.data["code"] == "log_unreadable"
    (problem,) = refused.data["problems"]
    assert (problem["line"], problem["column"]) == (len(text.splitlines()), 4)
    assert f"line {problem['line']}, column 4" in refused.data["errors"]["text"][0]
    assert Dispute.objects.get(pk=dispute["id"]).version == dispute["version"]

    saved = with_log(client_for, world)
    branch = saved["branches"][0]
    typo = judge.call(
        "branches_sequence_create",
        path={"id": branch["id"]},
        body={"version": saved["version"], "actions": "P2 attack 5sww#1\nP1 blokc SK1>5sww#1\n"},
        expect=400,
    )
    (problem,) = typo.data["problems"]
    assert (problem["part"], problem["line"], problem["column"]) == ("sequence", 2, 4)
    assert typo.data["errors"]["actions"][0].startswith("sequence line 2, column 4")
    assert Branch.objects.get(pk=branch["id"]).actions == SEQUENCE


def test_an_impossible_board_names_the_rule(client_for, world):
    dispute = open_dispute(client_for, world)
    text = SETUP.replace("P2 die 5sww#2 reserve mask", "P1 die 5sww#2 field L1")
    refused = client_for("judge").call(
        "disputes_log_create",
        path={"id": dispute["id"]},
        body={"version": 1, "text": text},
    )
    assert refused.status == 400 and refused.data["code"] == "board_impossible"
    (problem,) = refused.data["problems"]
    assert (problem["part"], problem["line"], problem["rule"]) == ("setup", 10, "R3.1")
    assert refused.data["errors"]["text"][0].startswith("setup line 10: (R3.1)")


def test_a_write_from_an_old_version_is_a_409_and_loses_nothing(client_for, world):
    dispute = with_log(client_for, world)
    branch = dispute["branches"][0]
    seen = dispute["version"]
    judge, organiser = client_for("judge"), client_for("organiser")
    judge.call(
        "branches_sequence_create",
        path={"id": branch["id"]},
        body={"version": seen, "actions": ILLEGAL},
        expect=200,
    )
    stale = organiser.call(
        "branches_sequence_create",
        path={"id": branch["id"]},
        body={"version": seen, "actions": "P2 pass\n"},
        expect=409,
    )
    assert stale.data["code"] == "stale" and "reload" in stale.data["message"]
    assert stale.data["problems"] == [{"code": "stale", "current_version": seen + 1}]
    assert Branch.objects.get(pk=branch["id"]).actions == ILLEGAL
    for operation, body in (
        ("disputes_log_create", {"version": seen, "text": SETUP}),
        ("disputes_ruling_create", {"version": seen, "question": "q", "answer": "a"}),
    ):
        answer = organiser.call(operation, path={"id": dispute["id"]}, body=body, expect=409)
        assert answer.data["code"] == "stale"
    fork = organiser.call(
        "branches_fork_create",
        path={"id": branch["id"]},
        body={"version": seen, "step": 1, "replacement": "P2 pass"},
        expect=409,
    )
    assert fork.data["code"] == "stale" and not Ruling.objects.exists()
    missing = organiser.call(
        "branches_sequence_create", path={"id": branch["id"]}, body={"actions": ""}, expect=400
    )
    assert "version" in missing.data["errors"]


def test_a_fork_tries_another_action_from_a_step(client_for, world):
    dispute = with_log(client_for, world, SETUP + ILLEGAL)
    main = dispute["branches"][0]
    judge = client_for("judge")
    fork = judge.call(
        "branches_fork_create",
        path={"id": main["id"]},
        body={
            "version": dispute["version"],
            "step": 2,
            "replacement": "P1 block 22sww#1>5sww#1 SK1>5sww#1",
            "name": "Blocks from the Field",
        },
        expect=201,
    ).data
    assert (fork["parent"], fork["fork_step"], fork["name"]) == (
        main["id"],
        2,
        "Blocks from the Field",
    )
    assert fork["step_count"] == 2 and fork["illegal_step"] is None
    again = judge.call(
        "branches_fork_create",
        path={"id": main["id"]},
        body={"version": fork["version"], "step": 1, "replacement": "P2 pass",
              "name": "Blocks from the Field"},
    )  # fmt: skip
    assert again.status == 400 and again.data["errors"] == {"name": [again.data["message"]]}
    beyond = judge.call(
        "branches_fork_create",
        path={"id": main["id"]},
        body={"version": fork["version"], "step": 9, "replacement": "P2 pass"},
        expect=400,
    )
    assert beyond.data["errors"] == {"step": ["This branch has steps 0 to 2."]}
    empty = judge.call(
        "branches_fork_create",
        path={"id": main["id"]},
        body={"version": fork["version"], "step": 1},
        expect=400,
    )
    assert "replacement" in empty.data["errors"]
    listed = judge.call("disputes_retrieve", path={"id": dispute["id"]}).data["branches"]
    assert [b["name"] for b in listed] == ["As played", "Blocks from the Field"]


# ---------------------------------------------------------------- rulings and penalties


def _rule(client_for, world, dispute, **extra):
    body = {
        "version": dispute["version"],
        "question": "Can Wonder Woman block twice?",
        "answer": "No: each blocker blocks one attacker.",
        "rules": ["r11.2"],
        "judge_notes": "Player 2 argued from an old rulebook.",
        **extra,
    }
    return client_for("judge").call("disputes_ruling_create", path={"id": dispute["id"]}, body=body)


def test_a_ruling_checks_its_rule_ids_and_its_branch(client_for, world):
    dispute = open_dispute(client_for, world)
    bad = _rule(client_for, world, dispute, rules=["R11.2", "R99.9"])
    assert bad.status == 400 and list(bad.data["errors"]) == ["rules.1"]
    assert "R99.9" in bad.data["errors"]["rules.1"][0]
    other = open_dispute(client_for, world)
    wrong_branch = _rule(client_for, world, dispute, upheld_branch=other["branches"][0]["id"])
    assert wrong_branch.status == 400 and "upheld_branch" in wrong_branch.data["errors"]
    no_answer = _rule(client_for, world, dispute, answer="   ")
    assert no_answer.status == 400 and "answer" in no_answer.data["errors"]
    assert not Ruling.objects.exists()


def test_a_ruling_with_a_penalty_is_read_by_the_matchs_players_without_the_notes(client_for, world):
    dispute = open_dispute(client_for, world)
    ruled = _rule(
        client_for,
        world,
        dispute,
        upheld_branch=dispute["branches"][0]["id"],
        penalty={"player": "P2", "kind": "warning", "reason": "Argued at length"},
    )
    assert ruled.status == 200
    ruling = ruled.data
    assert ruling["rules"][0]["id"] == "R11.2" and ruling["rules"][0]["title"]
    assert ruling["judge_notes"] == "Player 2 argued from an old rulebook."
    assert ruling["dispute"] == dispute["id"]
    (penalty,) = ruling["penalties"]
    assert (penalty["registration"], penalty["kind"]) == (world.match.player2_id, "warning")
    assert Dispute.objects.get(pk=dispute["id"]).status == "ruled"

    for role in ("player", "opponent"):
        seen = client_for(role).call("rulings_retrieve", path={"id": ruling["id"]}, expect=200)
        assert seen.data["answer"] == ruling["answer"] and seen.data["penalties"]
        assert (seen.data["judge_notes"], seen.data["dispute"], seen.data["upheld_branch"]) == (
            None,
            None,
            None,
        )
        mine = client_for(role).call("rulings_list", query={"match": world.match.pk})
        assert [r["id"] for r in mine.data["results"]] == [ruling["id"]]
        refused = client_for(role).call("disputes_retrieve", path={"id": dispute["id"]})
        assert refused.status == 403
    for role in ("other_player", "other_organiser"):
        assert client_for(role).call("rulings_retrieve", path={"id": ruling["id"]}).status == 403
        assert client_for(role).call("rulings_list").data["count"] == 0
    assert client_for("anonymous").call("rulings_list").status == 401

    corrected = _rule(
        client_for,
        world,
        {**dispute, "version": Dispute.objects.get(pk=dispute["id"]).version},
        answer="No (R11.2).",
    )
    assert corrected.status == 200 and corrected.data["id"] == ruling["id"]
    assert Ruling.objects.get().answer == "No (R11.2)."
    by_event = client_for("organiser").call("rulings_list", query={"event": world.slug})
    assert by_event.data["count"] == 1
    by_player = client_for("judge").call(
        "rulings_list", query={"registration": world.match.player1_id}
    )
    assert by_player.data["count"] == 1


def test_penalties_are_given_listed_per_event_and_per_player(client_for, world):
    judge = client_for("judge")
    outsider = judge.call(
        "penalties_create",
        body={"match": world.match.pk, "registration": world.other_match.player1_id,
              "kind": "warning", "reason": "Slow play"},
        expect=400,
    )  # fmt: skip
    assert outsider.data["errors"] == {
        "registration": ["The penalty goes to one of this match's players."]
    }
    unknown = judge.call(
        "penalties_create",
        body={"match": world.match.pk, "player": "P1", "kind": "ban", "reason": "x"},
        expect=400,
    )
    assert "kind" in unknown.data["errors"]
    for reason in ("Slow play", "Slow play again"):
        judge.call(
            "penalties_create",
            body={"match": world.match.pk, "player": "P1", "kind": "warning", "reason": reason},
            expect=201,
        )
    other_event = world.other_event_match
    Penalty.objects.create(
        event=world.other_event, match=other_event, registration=other_event.player1,
        kind="game_loss", reason="Earlier", issued_by=world.users["other_organiser"],
    )  # fmt: skip
    listed = judge.call("penalties_list", query={"event": world.slug}).data
    assert listed["count"] == 2 and {p["player"] for p in listed["results"]} == {
        world.match.player1.display_name
    }
    mine = judge.call("penalties_list", query={"registration": world.match.player1_id})
    assert mine.data["count"] == 2
    rows = judge.call("penalties_by_player_list", query={"event": world.slug}, expect=200).data
    (row,) = rows
    assert (row["registration"], row["counts"], row["repeat"]) == (
        world.match.player1_id,
        {"Warning": 2},
        True,
    )
    assert client_for("other_organiser").call("penalties_list").data["count"] == 1
    assert client_for("player").call("penalties_list").data["count"] == 0
    refused = client_for("player").call("penalties_by_player_list", query={"event": world.slug})
    assert refused.status == 403
    missing = judge.call("penalties_by_player_list", expect=400)
    assert "event" in missing.data["errors"]
    player = client_for("player").call(
        "penalties_create",
        body={"match": world.match.pk, "player": "P2", "kind": "warning", "reason": "x"},
    )
    assert player.status == 403 and Penalty.objects.count() == 3


def test_a_penalty_can_go_with_a_ruling_on_the_same_match_only(client_for, world):
    dispute = open_dispute(client_for, world)
    ruling = _rule(client_for, world, dispute).data
    judge = client_for("judge")
    given = judge.call(
        "penalties_create",
        body={"match": world.match.pk, "player": "P1", "kind": "game_loss",
              "reason": "Drew an extra die", "ruling": ruling["id"]},
        expect=201,
    )  # fmt: skip
    assert given.data["ruling"] == ruling["id"]
    elsewhere = judge.call(
        "penalties_create",
        body={"match": world.other_match.pk, "player": "P1", "kind": "warning",
              "reason": "x", "ruling": ruling["id"]},
        expect=400,
    )  # fmt: skip
    assert "ruling" in elsewhere.data["errors"]


# ---------------------------------------------------------------- practice disputes


def test_a_practice_dispute_is_its_judges_alone(client_for, world):
    links = factories.team_links()
    body = {"title": "Overcrush", "team1": links[0], "team2": links[1], "player1_name": "Ann"}
    practice = client_for("judge").call("disputes_practice_create", body=body, expect=201).data
    assert practice["practice"] and practice["event"] is None and practice["match"] is None
    assert practice["player1_name"] == "Ann" and practice["branches"][0]["problems"] == []
    for role in ("organiser", "other_organiser", "player"):
        answer = client_for(role).call("disputes_retrieve", path={"id": practice["id"]})
        assert answer.status == 403, role
    assert (
        client_for("organiser").call("disputes_list", query={"practice": True}).data["count"] == 0
    )
    mine = client_for("judge").call("disputes_list", query={"practice": True}).data
    assert [d["id"] for d in mine["results"]] == [practice["id"]]
    penalised = _rule(
        client_for,
        world,
        practice,
        penalty={"player": "P1", "kind": "warning", "reason": "Practice"},
    )
    assert penalised.status == 400 and "penalty" in penalised.data["errors"]
    assert not Ruling.objects.exists()
    ruled = _rule(client_for, world, practice)
    assert ruled.status == 200 and ruled.data["event"] is None


def test_a_practice_dispute_needs_readable_teams_and_a_judging_role(client_for, world):
    links = factories.team_links()
    bad = client_for("other_organiser").call(
        "disputes_practice_create",
        body={"title": "x", "team1": "no such card", "team2": links[1]},
        expect=400,
    )
    assert list(bad.data["errors"]) == ["team1"]
    refused = client_for("player").call(
        "disputes_practice_create", body={"title": "x", "team1": links[0], "team2": links[1]}
    )
    assert refused.status == 403 and not Dispute.objects.exists()


# ---------------------------------------------------------------- who may see the console


def test_only_the_events_judges_and_organiser_reach_a_dispute(client_for, world):
    dispute = with_log(client_for, world)
    branch = dispute["branches"][0]
    for role, code in (
        ("anonymous", 401), ("player", 403), ("opponent", 403), ("other_player", 403),
        ("other_organiser", 403),
    ):  # fmt: skip
        client = client_for(role)
        assert client.call("disputes_retrieve", path={"id": dispute["id"]}).status == code
        assert client.call("branches_retrieve", path={"id": branch["id"]}).status == code
        step = client.call("branches_steps_retrieve", path={"id": branch["id"], "number": 1})
        assert step.status == code
        opened = client.call("disputes_create", body={"match": world.match.pk, "title": "x"})
        assert opened.status == code
        if role != "anonymous":
            assert client.call("disputes_list").data["count"] == 0
    assert Dispute.objects.count() == 1


def test_lists_cost_the_same_few_queries_however_long(client_for, world):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from judging import services

    def rule_once():
        dispute = services.dispute_open(match=world.match, title="x", by=world.users["judge"])
        services.ruling_record(
            dispute=dispute, question="q", answer="a", rules=["R11.2"], upheld_branch=None,
            by=world.users["judge"], version=None,
            penalty=services.PenaltyInput(world.match.player1, "warning", "Slow play"),
        )  # fmt: skip

    counts = {}
    for total in (1, 6):
        while Ruling.objects.count() < total:
            rule_once()
        for role, operation in (
            ("judge", "rulings_list"), ("player", "rulings_list"), ("judge", "disputes_list"),
            ("judge", "penalties_list"),
        ):  # fmt: skip
            with CaptureQueriesContext(connection) as queries:
                listed = client_for(role).call(operation, expect=200)
            assert listed.data["count"] == total
            counts[role, operation, total] = len(queries)
    for role, operation, _ in list(counts):
        assert counts[role, operation, 6] == counts[role, operation, 1], counts


def test_the_tables_clock_stands_still_for_a_ruling_and_the_time_is_given_back(client_for, world):
    from tournaments import services as tournament_services
    from tournaments.models import Match, TimeExtension

    dispute = open_dispute(client_for, world)
    judge = client_for("judge")
    stopped = judge.call(
        "disputes_clock_create", path={"id": dispute["id"]}, body={"action": "pause"}, expect=409
    )
    assert stopped.data["code"] == "clock_not_running"
    tournament_services.round_start(round_=world.round)
    paused = judge.call(
        "disputes_clock_create", path={"id": dispute["id"]}, body={"action": "pause"}, expect=200
    )
    assert paused.data == {"paused": True, "given_back_seconds": None}
    assert Match.objects.get(pk=world.match.pk).clock_paused_at is not None
    resumed = judge.call(
        "disputes_clock_create", path={"id": dispute["id"]}, body={"action": "resume"}, expect=200
    )
    assert resumed.data["paused"] is False and resumed.data["given_back_seconds"] >= 1
    assert TimeExtension.objects.filter(match=world.match).count() == 1
    wrong = judge.call("disputes_clock_create", path={"id": dispute["id"]}, body={"action": "x"})
    assert wrong.status == 400 and "action" in wrong.data["errors"]
    links = factories.team_links()
    practice = judge.call(
        "disputes_practice_create",
        body={"title": "x", "team1": links[0], "team2": links[1]},
        expect=201,
    ).data
    none = judge.call(
        "disputes_clock_create", path={"id": practice["id"]}, body={"action": "pause"}, expect=409
    )
    assert none.data["code"] == "practice"
    player = client_for("player").call(
        "disputes_clock_create", path={"id": dispute["id"]}, body={"action": "pause"}
    )
    assert player.status == 403


def test_a_fork_tried_by_mistake_is_deleted_but_never_the_sequence_as_played(client_for, world):
    dispute = with_log(client_for, world)
    main = dispute["branches"][0]
    judge = client_for("judge")
    fork = judge.call(
        "branches_fork_create",
        path={"id": main["id"]},
        body={"version": dispute["version"], "step": 1, "replacement": "P2 pass"},
        expect=201,
    ).data
    version = fork["version"]
    stale = judge.call(
        "branches_destroy", path={"id": fork["id"]}, query={"version": version - 1}, expect=409
    )
    assert stale.data["code"] == "stale"
    missing = judge.call("branches_destroy", path={"id": fork["id"]}, expect=400)
    assert "version" in missing.data["errors"]
    played = judge.call(
        "branches_destroy", path={"id": main["id"]}, query={"version": version}, expect=409
    )
    assert played.data["code"] == "main_branch"
    assert (
        client_for("player")
        .call("branches_destroy", path={"id": fork["id"]}, query={"version": version})
        .status
        == 403
    )
    judge.call("branches_destroy", path={"id": fork["id"]}, query={"version": version}, expect=204)
    assert list(Branch.objects.values_list("pk", flat=True)) == [main["id"]]


def test_a_table_clock_paused_for_a_ruling_is_answered_as_the_schema_says(client_for, world):
    world.round.started_at = timezone.now()
    world.round.save(update_fields=["started_at"])
    judge = client_for("judge")
    body = {"match": world.match.pk, "title": "Stop the clock", "pause_clock": True}
    judge.call("disputes_create", body=body, expect=201)
    match = judge.call("matches_retrieve", path={"id": world.match.pk}, expect=200).data
    assert match["clock"]["state"] == "paused" and match["clock"]["remaining_seconds"] > 0
