"""The console's pages and who may open them: the event's judges and organiser work on its
disputes; a practice dispute is its judge's; players read the final ruling on their match and
never the judges' notes."""

import re

import pytest
from django.urls import reverse

from judging import services
from judging.models import Dispute, Penalty
from tests.tournaments import factories
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "player", "opponent", "other_player", "judge", "organiser",
         "other_organiser", "stranger")  # fmt: skip
STAFF = {"judge", "organiser"}


@pytest.fixture
def users(table):
    other_organiser = factories.user("other_organiser")
    factories.event(players=2, organiser=other_organiser, name="Elsewhere")
    return {
        "anonymous": None,
        "player": table.player,
        "opponent": table.opponent,
        "other_player": table.other_player,
        "judge": table.judge,
        "organiser": table.organiser,
        "other_organiser": other_organiser,
        "stranger": table.stranger,
    }


def client_for(client, user):
    if user is not None:
        client.force_login(user)
    return client


def outcome(response) -> str:
    if response.status_code == 302 and "/accounts/login/" in response["Location"]:
        return "login"
    return {200: "ok", 302: "ok", 400: "ok", 403: "denied", 404: "missing"}[response.status_code]


def console_urls(dispute: Dispute) -> list[tuple[str, str, dict]]:
    branch = dispute.branches.get()
    pk = dispute.pk
    return [
        ("get", reverse("judging:dispute", args=[pk]), {}),
        ("get", reverse("judging:board", args=[pk]), {}),
        ("get", reverse("judging:log", args=[pk]), {}),
        ("get", reverse("judging:ruling", args=[pk]), {}),
        ("get", reverse("judging:compare", args=[pk]), {}),
        ("get", reverse("judging:sequence", args=[pk, branch.pk]), {}),
        ("get", reverse("judging:step", args=[pk, branch.pk, 2]), {}),
        ("get", reverse("judging:step", args=[pk, branch.pk, 2]) + "?partial=1", {}),
        ("post", reverse("judging:adjustment", args=[pk]), {"kind": "ko", "die": "P1:SK1"}),
        ("post", reverse("judging:fork", args=[pk, branch.pk]), {"step": 1}),
        ("post", reverse("judging:branch-delete", args=[pk, branch.pk]), {}),
        ("post", reverse("judging:clock", args=[pk]), {"action": "resume"}),
        ("post", reverse("judging:penalty", args=[pk]), {}),
        ("get", reverse("judging:dispute-new", args=[dispute.match_id]), {}),
        ("get", reverse("judging:event", args=[dispute.event.slug]), {}),
        ("get", reverse("judging:player", args=[dispute.event.slug, dispute.match.player1_id]), {}),
    ]


@pytest.mark.parametrize("role", ROLES)
def test_only_the_events_judges_and_organiser_open_its_disputes(client, users, dispute, role):
    client = client_for(client, users[role])
    expected = "ok" if role in STAFF else ("login" if role == "anonymous" else "denied")
    for method, url, data in console_urls(dispute):
        response = getattr(client, method)(url, data)
        assert outcome(response) == expected, (role, method, url, response.status_code)


@pytest.mark.parametrize("role", ROLES)
def test_practice_disputes_are_for_judges_and_organisers_and_each_is_its_judges(
    client, users, table, role
):
    practice = services.dispute_open_practice(
        title="Practice", by=table.judge, teams={"P1": [("19sww", 1)], "P2": [("5sww", 1)]}
    )
    client = client_for(client, users[role])
    staff = role in {"judge", "organiser", "other_organiser"}
    expected = "ok" if staff else ("login" if role == "anonymous" else "denied")
    for name in ("judging:home", "judging:practice-new", "judging:rules", "judging:cards"):
        assert outcome(client.get(reverse(name))) == expected, (role, name)
    # The practice dispute itself is the judge's alone.
    mine = "ok" if role == "judge" else ("login" if role == "anonymous" else "denied")
    assert outcome(client.get(reverse("judging:dispute", args=[practice.pk]))) == mine


def test_site_staff_may_practise(client, table):
    client.force_login(factories.user("staffer", is_staff=True))
    assert client.get(reverse("judging:practice-new")).status_code == 200


@pytest.mark.parametrize("role", ROLES)
def test_the_players_of_the_match_read_its_ruling_without_the_judges_notes(
    client, users, table, dispute, role
):
    services.ruling_record(
        dispute=dispute,
        question="Can two dice block Cheetah?",
        answer="Yes: several blockers may block one attacker.",
        rules=["R11.2"],
        upheld_branch=None,
        judge_notes="SECRET judges' note",
        penalty=services.PenaltyInput(table.match.player1, "warning", "Slow play"),
        by=table.judge,
        version=None,
    )
    client = client_for(client, users[role])
    response = client.get(reverse("judging:match-rulings", args=[table.match.pk]))
    allowed = role in STAFF | {"player", "opponent"}
    expected = "ok" if allowed else ("login" if role == "anonymous" else "denied")
    assert outcome(response) == expected
    if allowed:
        page = response.content.decode()
        assert "several blockers may block one attacker" in page
        assert "R11.2" in page and "Slow play" in page
        assert "SECRET" not in page
    match_page = client.get(reverse("tournaments:match", args=[table.event.slug, table.match.pk]))
    assert ("ruling on this match" in match_page.content.decode()) == allowed


def test_the_judges_see_their_notes_on_the_dispute(client, table, dispute):
    services.ruling_record(
        dispute=dispute, question="Q?", answer="A.", rules=[], upheld_branch=None,
        judge_notes="SECRET judges' note", by=table.judge, version=None,
    )  # fmt: skip
    client.force_login(table.organiser)
    page = client.get(reverse("judging:dispute", args=[dispute.pk])).content.decode()
    assert "SECRET judges&#x27; note" in page


def test_a_dispute_whose_round_was_deleted_still_names_its_match(client, table, dispute):
    match = table.match
    label = (
        f"Round 1, table {match.table}: {match.player1.player.display_name} v "
        f"{match.player2.player.display_name}"
    )
    tournament_services.round_delete(round_=match.round, by=table.organiser)
    client.force_login(table.judge)
    page = client.get(reverse("judging:dispute", args=[dispute.pk])).content.decode()
    assert f"{label} (its round was deleted)" in page
    home = client.get(reverse("judging:home")).content.decode()
    assert f"{label} (round deleted)" in home


def test_the_round_page_offers_a_dispute_for_each_table(client, table):
    client.force_login(table.judge)
    page = client.get(reverse("manage:round", args=[table.event.slug, 1])).content.decode()
    assert reverse("judging:dispute-new", args=[table.match.pk]) in page


def test_opening_a_dispute_from_the_match_leads_to_the_board_editor(client, table):
    tournament_services.round_start(round_=table.match.round)
    client.force_login(table.judge)
    url = reverse("judging:dispute-new", args=[table.match.pk])
    assert "Pause this table&#x27;s clock" in client.get(url).content.decode()
    response = client.post(url, {"title": "Who blocks?", "pause_clock": "on"})
    dispute = Dispute.objects.get()
    assert response["Location"] == reverse("judging:board", args=[dispute.pk])
    table.match.refresh_from_db()
    assert table.match.clock_paused_at is not None
    assert client.post(url, {"title": ""}).status_code == 200  # the form again, with its error
    assert Dispute.objects.count() == 1


def test_the_board_editor_shows_the_engines_refusal_beside_the_die(client, table, dispute):
    client.force_login(table.judge)
    url = reverse("judging:board", args=[dispute.pk])
    page = client.get(url).content.decode()
    assert 'name="zone-P1:22sww#1"' in page and 'name="face-P1:22sww#1"' in page
    assert '<option value="L2" selected>' in page  # the saved board is shown
    response = client.post(
        url,
        {
            "version": dispute.version, "turn": "6", "active": "P2", "step": "main",
            "life-P1": "9", "life-P2": "14",
            "zone-P1:19sww#1": "reserve", "face-P1:19sww#1": "L1",
            "zone-P1:SK2": "field",  # a die in the Field with no face
        },
    )  # fmt: skip
    assert response.status_code == 200
    page = response.content.decode()
    assert "R4.3" in page and "opponent&#x27;s turn" in page
    assert "R1.3" in page
    dispute.refresh_from_db()
    assert "19sww#1" not in dispute.setup  # nothing saved


def test_the_board_editor_saves_the_board_and_goes_to_the_sequence(client, table, dispute):
    client.force_login(table.judge)
    response = client.post(
        reverse("judging:board", args=[dispute.pk]),
        {
            "version": dispute.version, "turn": "3", "active": "P1", "step": "main",
            "life-P1": "12", "life-P2": "20", "energy-P1": "1",
            "zone-P1:19sww#1": "field", "face-P1:19sww#1": "L1", "damage-P1:19sww#1": "1",
            "zone-BA:31sww#1": "used", "side-BA:31sww#1": "P1",
        },
    )  # fmt: skip
    assert response.status_code == 302
    dispute.refresh_from_db()
    lines = dispute.setup.splitlines()[3:]
    assert lines[:4] == ["board turn 3 active P1 step main", "P1 life 12", "P2 life 20",
                         "P1 energy 1"]  # fmt: skip
    # The dice already placed stay where they were; the new ones join them.
    assert "P1 die 22sww#1 field L2" in lines and "P2 die 5sww#2 reserve mask" in lines
    assert "P1 die 19sww#1 field L1 damage 1" in lines and "P1 die BA:31sww#1 used" in lines


def test_the_board_editor_pairs_dice_and_shows_a_refused_pair_beside_the_die(
    client, table, dispute
):
    """A die paired up with another (K-HEROIC) names its partner in the editor; an impossible
    pair (two dice of one card) is refused beside the die, with its rule, and nothing saved."""
    client.force_login(table.judge)
    url = reverse("judging:board", args=[dispute.pk])
    fields = {
        "version": dispute.version, "turn": "6", "active": "P2", "step": "main",
        "life-P1": "9", "life-P2": "14",
        "zone-P1:19sww#1": "field", "face-P1:19sww#1": "L1",
    }  # fmt: skip
    refused = client.post(url, {**fields, "paired-P1:22sww#1": "22sww#2",
                                "zone-P1:22sww#2": "field", "face-P1:22sww#2": "L1"})  # fmt: skip
    assert refused.status_code == 200 and "K-HEROIC" in refused.content.decode()
    dispute.refresh_from_db()
    assert "paired" not in dispute.setup
    saved = client.post(url, {**fields, "paired-P1:19sww#1": "22sww#1"})
    assert saved.status_code == 302
    dispute.refresh_from_db()
    assert "P1 die 19sww#1 field L1 paired 22sww#1" in dispute.setup.splitlines()
    page = client.get(url).content.decode()
    assert 'name="paired-P1:19sww#1" value="P1:22sww#1"' in page
    branch = dispute.branches.get()
    step = client.get(reverse("judging:step", args=[dispute.pk, branch.pk, 0])).content.decode()
    assert '<span class="die-partner">paired with P1:22sww#1</span>' in step


def test_a_stale_board_is_refused_with_a_message(client, table, dispute):
    client.force_login(table.judge)
    response = client.post(
        reverse("judging:board", args=[dispute.pk]),
        {"version": dispute.version - 1, "turn": "3", "active": "P1", "step": "main"},
    )
    assert "Someone changed this dispute" in response.content.decode()


def test_a_sequence_typo_is_shown_with_its_line_and_column(client, table, dispute):
    client.force_login(table.judge)
    branch = dispute.branches.get()
    response = client.post(
        reverse("judging:sequence", args=[dispute.pk, branch.pk]),
        {"version": dispute.version, "actions": "P2 attack 5sww#1\nP1 blokc SK1>5sww#1"},
    )
    page = response.content.decode()
    assert "Sequence line 2, column 4" in page and "unknown action" in page
    assert "P1 blokc SK1&gt;5sww#1\n   ^" in page


def test_the_adjustment_builder_answers_with_the_line_or_the_field_at_fault(client, table, dispute):
    client.force_login(table.judge)
    url = reverse("judging:adjustment", args=[dispute.pk])
    ok = client.post(url, {"kind": "life", "player": "P2", "amount": "-2", "note": "Ambush"})
    assert ok.json() == {"line": "judge life P2 -2 -- Ambush"}
    bad = client.post(url, {"kind": "face", "die": "P1:SK1", "face": "L3"})
    assert bad.status_code == 400 and bad.json()["field"] == "face"


def test_each_step_has_its_own_page_and_steps_outside_the_replay_are_missing(
    client, table, dispute
):
    client.force_login(table.judge)
    branch = dispute.branches.get()
    page = client.get(reverse("judging:step", args=[dispute.pk, branch.pk, 2])).content.decode()
    assert "Step <strong>2</strong> of 3" in page
    assert "P1 block 22sww#1&gt;5sww#1 SK1&gt;5sww#1" in page
    assert "R11.2" in page  # the rule of the block, with its title
    url = reverse("judging:step", args=[dispute.pk, branch.pk, 4])
    assert client.get(url).status_code == 404


def test_an_illegal_step_shows_its_rule_reason_and_the_lines_not_replayed(client, table, dispute):
    branch = dispute.branches.get()
    services.branch_actions_save(
        branch=branch, actions="P2 attack 5sww#1\nP1 block 19sww#1>5sww#1\nP2 pass\n",
        by=table.judge, version=None,
    )  # fmt: skip
    client.force_login(table.judge)
    page = client.get(reverse("judging:step", args=[dispute.pk, branch.pk, 2])).content.decode()
    assert "illegal-verdict" in page and "P1:19sww#1" in page
    assert "not-replayed" in page


def test_forking_a_step_makes_a_branch_and_compare_marks_the_differences(client, table, dispute):
    client.force_login(table.judge)
    branch = dispute.branches.get()
    response = client.post(
        reverse("judging:fork", args=[dispute.pk, branch.pk]),
        {"version": dispute.version, "step": 2, "name": "No block",
         "replacement": "P1 block\nP2 pass\nP1 pass\nP2 pass"},
    )  # fmt: skip
    fork = dispute.branches.get(name="No block")
    assert response["Location"] == reverse("judging:step", args=[dispute.pk, fork.pk, 2])
    page = client.get(
        reverse("judging:compare", args=[dispute.pk]) + f"?left={branch.pk}&right={fork.pk}"
    ).content.decode()
    assert "P1 life 9 / 4" in page
    assert re.search(r'class="die [^"]*differs[^"]*" data-die="P1:SK1"', page)


def test_the_ruling_form_records_the_ruling_with_its_penalty(client, table, dispute):
    client.force_login(table.judge)
    branch = dispute.branches.get()
    url = reverse("judging:ruling", args=[dispute.pk])
    bad = client.post(url, {"version": dispute.version, "question": "Q", "answer": "A",
                            "rules": "R11.2 R99", "penalty_kind": "warning"})  # fmt: skip
    page = bad.content.decode()
    assert "Unknown rule ID R99" in page and "Say which player gets the penalty" in page
    response = client.post(
        url,
        {"version": dispute.version, "question": "Two blockers?", "answer": "Yes.",
         "rules": "R11.2, r11.4", "upheld_branch": branch.pk, "penalty_player": "P2",
         "penalty_kind": "game_loss", "penalty_reason": "Drew extra dice"},
    )  # fmt: skip
    assert response.status_code == 302
    dispute.refresh_from_db()
    assert dispute.ruling.rules == ["R11.2", "R11.4"] and dispute.ruling.upheld_branch == branch
    assert Penalty.objects.get().registration == table.match.player2


def test_the_rule_reference_and_the_card_pool_are_searchable(client, table):
    client.force_login(table.judge)
    rules = client.get(reverse("judging:rules"), {"q": "overcrush", "format": "json"}).json()
    assert {"id": "K-OVERCRUSH", "title": rules["rules"][0]["title"]} in rules["rules"]
    by_id = client.get(reverse("judging:rules"), {"q": "R11.", "format": "json"}).json()
    assert [r["id"] for r in by_id["rules"]][:2] == ["R11.1", "R11.2"]
    cards = client.get(reverse("judging:cards"), {"q": "cheetah hunt", "format": "json"}).json()
    assert [c["key"] for c in cards["cards"]] == ["5sww"]
    assert cards["cards"][0]["faces"][2]["attack"] == 5
    partial = client.get(reverse("judging:cards"), {"q": "5sww", "partial": "1"}).content.decode()
    assert "Goddess of the Hunt" in partial and "data-automation" in partial


def test_the_event_page_lists_rulings_and_shows_repeat_infractions(client, table, dispute):
    for reason in ("Slow play", "Slow play again"):
        services.penalty_issue(
            match=table.match, registration=table.match.player1, kind="warning",
            reason=reason, by=table.judge,
        )  # fmt: skip
    client.force_login(table.judge)
    page = client.get(reverse("judging:event", args=[table.event.slug])).content.decode()
    assert "2 × Warning" in page and "repeat" in page
    player = client.get(
        reverse("judging:player", args=[table.event.slug, table.match.player1_id])
    ).content.decode()
    assert "Slow play again" in player and table.event.name in player


def test_stepping_through_a_replay_builds_it_once(client, table, dispute):
    from judging.replays import replays

    client.force_login(table.judge)
    branch = dispute.branches.get()
    replays.clear()
    builds = replays.builds
    for number in (0, 1, 2, 3, 2, 1):
        url = reverse("judging:step", args=[dispute.pk, branch.pk, number])
        assert client.get(url + "?partial=1").status_code == 200
    assert replays.builds == builds + 1
    page = client.get(reverse("judging:step", args=[dispute.pk, branch.pk, 2])).content.decode()
    assert page.count('aria-current="step"') == 1
    assert 'data-n="2" aria-current="step" class="current chip"' in page
    assert f'href="/judging/disputes/{dispute.pk}/branches/{branch.pk}/steps/3/"' in page


def test_a_practice_dispute_is_opened_from_two_team_lists_and_a_bad_list_is_explained(
    client, table
):
    client.force_login(table.judge)
    url = reverse("judging:practice-new")
    form = {
        "title": "Overcrush", "player1_name": "Ann", "player2_name": "Bob",
        "team1": factories.team_links()[0], "team2": "2x 999zzz\n", "format": "casual",
        "starting_life": "15",
    }  # fmt: skip
    page = client.post(url, form).content.decode()
    assert "999zzz" in page and not Dispute.objects.exists()
    form["team2"] = factories.team_links()[1]
    response = client.post(url, form)
    dispute = Dispute.objects.get()
    assert response["Location"] == reverse("judging:board", args=[dispute.pk])
    assert dispute.setup.startswith("game casual life 15 first P1\nP1 team 19sww:4")
    assert "basic 31sww 32sww" in dispute.setup.splitlines()[1]
