"""The API's rules, errors and shapes, through the schema-driven client (every response is
validated against the schema as well)."""

import pytest
from rest_framework.test import APIClient

from rules.models import Card
from tests import roles
from tests.api.conftest import as_user
from tests.api.schema_client import SchemaClient
from tests.tournaments import factories
from tournaments import services
from tournaments.models import Event, ForbiddenPair, Match, Registration, ResultChange

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("shared_catalogue")]


@pytest.fixture
def world():
    return roles.build()


@pytest.fixture
def client_for(api, world):
    def make(role):
        if role == "opponent":
            return as_user(api, world.opponent)
        return as_user(api, world.users[role])

    return make


# ---------------------------------------------------------------- authentication, errors


def test_token_authentication(api):
    factories.user("tess")
    wrong = api.call("auth_token_create", body={"username": "tess", "password": "nope"})
    assert wrong.status == 401 and wrong.data["code"] == "authentication_failed"
    token = api.call(
        "auth_token_create", body={"username": "tess", "password": "pw-for-tests-only"}
    ).data["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    mine = SchemaClient(client, api.spec).call("events_list", query={"role": "organiser"})
    assert mine.status == 200 and mine.data["count"] == 0
    client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    bad = SchemaClient(client, api.spec).call("events_list")
    assert bad.status == 401 and bad.data["code"] == "authentication_failed"


def test_anonymous_writes_are_401_and_wrong_roles_403(world, client_for):
    body = {"event": world.slug}
    anonymous = client_for("anonymous").call("rounds_create", body=body)
    assert anonymous.status == 401 and anonymous.data["code"] == "not_authenticated"
    player = client_for("player").call("rounds_create", body=body)
    assert player.status == 403 and player.data["code"] == "permission_denied"
    assert "organiser and judges" in player.data["message"]


def test_field_errors_name_every_field(client_for):
    answer = client_for("organiser").call(
        "events_create",
        body={"name": "", "date": "someday", "tiebreakers": ["omw", "omw", "luck"],
              "round_minutes": 10**9},
    )  # fmt: skip
    assert answer.status == 400 and answer.data["code"] == "invalid"
    assert set(answer.data["errors"]) == {"name", "date", "tiebreakers.2", "round_minutes"}
    assert "date" in answer.data["message"] or "name" in answer.data["message"]


def test_the_models_own_checks_come_back_as_field_errors(client_for):
    answer = client_for("organiser").call(
        "events_create", body={"name": "Cup", "date": "2026-12-01", "percentage_floor": "2/1"}
    )
    assert answer.status == 400
    assert "between 0 and 1" in answer.data["errors"]["percentage_floor"][0]
    assert not Event.objects.filter(name="Cup").exists()


def test_a_broken_json_body_is_a_400(client_for):
    answer = client_for("organiser").call("events_create", raw_body=b'{"name": ')
    assert answer.status == 400 and answer.data["code"] == "parse_error"


def test_unknown_api_urls_answer_json(client):
    response = client.get("/api/no-such-thing/1.5/")
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert "text/html" in client.get("/no-such-page/").get("Content-Type")


def test_nul_bytes_in_urls_are_refused_before_any_lookup(client):
    # PostgreSQL refuses NUL in text parameters: without the middleware these were 500s.
    assert client.get("/cards/%00/").status_code == 400
    assert client.get("/api/cards/%00/").json()["code"] == "bad_request"
    assert client.get("/events/", {"q": "a\x00b"}).status_code == 400


# ---------------------------------------------------------------- events


def test_settings_lock_at_the_start_and_judges_are_invited_by_username(world, client_for, api):
    organiser = client_for("organiser")
    slug = {"slug": world.slug}
    locked = organiser.call("events_partial_update", path=slug, body={"format": "basic"})
    assert locked.status == 409 and locked.data["code"] == "locked"
    malformed = organiser.call("events_partial_update", path=slug, body={"judges": ["no one!"]})
    assert malformed.status == 400 and "not a username" in malformed.data["errors"]["judges"][0]
    second = factories.user("second_judge")
    changed = organiser.call(
        "events_partial_update",
        path=slug,
        body={"name": "Main Event", "judges": ["judge", "second_judge", "nobody"]},
        expect=200,
    ).data
    # Named judges are only invited: no one judges before accepting, whether or not the
    # account exists.
    assert changed["name"] == "Main Event" and changed["judges"] == ["judge"]
    assert changed["judge_invitations"] == ["second_judge", "nobody"]
    assert client_for("judge").call("events_retrieve", path=slug).data["judge_invitations"] is None
    mine = as_user(api, second).call("judge_invitations_list", expect=200).data["results"]
    assert [(i["event"], i["username"]) for i in mine] == [(world.slug, "second_judge")]
    accepted = (
        as_user(api, second)
        .call("judge_invitations_accept_create", path={"id": mine[0]["id"]}, expect=200)
        .data
    )
    assert accepted["judges"] == ["judge", "second_judge"] and accepted["your_roles"] == ["judge"]
    # Removing a judge needs no one's agreement.
    removed = organiser.call(
        "events_partial_update", path=slug, body={"judges": ["second_judge"]}, expect=200
    ).data
    assert removed["judges"] == ["second_judge"] and removed["judge_invitations"] == ["nobody"]
    denied = client_for("judge").call("events_partial_update", path=slug, body={"name": "x"})
    assert denied.status == 403


def test_filters_and_pages(world, client_for):
    anonymous = client_for("anonymous")
    running = anonymous.call("events_list", query={"status": "running", "q": "main"}).data
    assert [e["slug"] for e in running["results"]] == [world.slug]
    first = anonymous.call("registrations_list", query={"event": world.slug, "page_size": 2})
    assert first.data["count"] == 5 and len(first.data["results"]) == 2 and first.data["next"]
    past_end = anonymous.call("registrations_list", query={"event": world.slug, "page": 99})
    assert past_end.status == 404 and past_end.data["code"] == "not_found"
    bad = anonymous.call("matches_list", query={"round": "first"})
    assert bad.status == 400 and "round" in bad.data["errors"]
    mine = client_for("player").call("matches_list", query={"registration": world.registration.pk})
    assert [m["id"] for m in mine.data["results"]] == [world.match.pk]
    named = anonymous.call("matches_list", query={"q": world.match.player2.display_name})
    assert world.match.pk in [m["id"] for m in named.data["results"]]


# ---------------------------------------------------------------- registrations


def test_self_registration_checks_the_team_like_the_organisers_form(api):
    world = roles.build(started=False)
    newcomer = as_user(api, factories.user("newcomer"))
    link = factories.team_links()[0]
    illegal = newcomer.call(
        "registrations_create",
        body={"event": world.slug, "display_name": "New",
              "team_list": link.replace("cards=", "cards=9x19sww;9x19sww;")},
    )  # fmt: skip
    assert illegal.status == 400 and illegal.data["code"] == "team_illegal"
    assert len(illegal.data["problems"]) == len(illegal.data["errors"]["team_list"]) >= 1
    unreadable = newcomer.call(
        "registrations_create",
        body={"event": world.slug, "display_name": "New",
              "team_list": "3x Not A Real Card\n2x Neither Is This"},
    )  # fmt: skip
    assert unreadable.status == 400 and unreadable.data["code"] == "team_list_unreadable"
    assert [p["line"] for p in unreadable.data["problems"]] == [1, 2]
    assert not Registration.objects.filter(display_name="New").exists()

    someone_else = newcomer.call(
        "registrations_create",
        body={"event": world.slug, "display_name": "New", "team_list": link, "username": "judge"},
    )
    # No one names an account to register: the field is refused, whoever sends it.
    assert someone_else.status == 400 and "username" in someone_else.data["errors"]
    assert not Registration.objects.filter(display_name="New").exists()
    mine = newcomer.call(
        "registrations_create",
        body={"event": world.slug, "display_name": "New", "team_list": link},
        expect=201,
    ).data
    assert mine["is_you"] and mine["account"] == "newcomer"
    twice = newcomer.call(
        "registrations_create",
        body={"event": world.slug, "display_name": "Newer", "team_list": link},
    )
    assert twice.status == 409 and twice.data["code"] == "duplicate_account"


def test_teams_and_private_details_before_the_start(api):
    world = roles.build(started=False)
    Registration.objects.filter(pk=world.other_registration.pk).update(fixed_table=4)
    world.other_registration.player.contact = "call me"
    world.other_registration.player.save()
    path = {"id": world.other_registration.pk}

    def seen(role):
        client = as_user(api, world.users[role])
        return client.call("registrations_retrieve", path=path, expect=200).data

    for role in ("anonymous", "player", "other_organiser"):
        view = seen(role)
        assert view["team"] is None and view["team_visible"] is False, role
        assert view["contact"] is None and view["fixed_table"] is None and view["account"] is None
    for role in ("other_player", "judge", "organiser"):
        view = seen(role)
        assert view["team"]["cards"] and view["contact"] == "call me", role
        assert view["fixed_table"] == 4 and view["account"] == "other_player"
    services.event_start(event=world.event)
    after = seen("anonymous")
    assert after["team"]["cards"] and after["contact"] is None


def test_organiser_registers_walk_ins_and_late_entries(world, client_for):
    organiser = client_for("organiser")
    link = factories.team_links()[0]
    closed = organiser.call(
        "registrations_create",
        body={"event": world.slug, "display_name": "Late", "team_list": link},
    )
    assert closed.status == 409 and closed.data["code"] == "closed"
    late = organiser.call(
        "registrations_create",
        body={"event": world.slug, "display_name": "Late", "team_list": link,
              "missed_rounds_as": "loss"},
        expect=201,
    ).data  # fmt: skip
    assert late["late_entry_round"] == 2 and late["checked_in"]
    player = client_for("player").call(
        "registrations_create",
        body={"event": world.slug, "display_name": "Sneaky", "team_list": link,
              "missed_rounds_as": "bye"},
    )  # fmt: skip
    assert player.status == 403


# ---------------------------------------------------------------- results


def test_report_confirm_and_the_confirmation_rules(world, client_for):
    match = {"id": world.match.pk}
    games = {"games": [{"winner": world.match.player2_id, "ending": "life"}]}
    assert (
        client_for("other_player").call("matches_report_create", path=match, body=games).status
        == 403
    )
    reported = client_for("player").call("matches_report_create", path=match, body=games).data
    assert reported["result_status"] == "reported"
    assert reported["pending_reports"][0]["reported_by"] == world.match.player1_id
    hidden = client_for("other_player").call("matches_retrieve", path=match).data
    assert hidden["pending_reports"] is None
    assert client_for("player").call("matches_confirm_create", path=match).status == 409
    confirmed = client_for("opponent").call("matches_confirm_create", path=match, expect=200).data
    assert confirmed["result_status"] == "confirmed"
    assert confirmed["games"][0]["winner"] == world.match.player2_id
    again = client_for("player").call("matches_report_create", path=match, body=games)
    assert again.status == 409 and again.data["code"] == "confirmed"


def test_disagreeing_reports_go_to_a_judge_who_corrects_with_a_reason(world, client_for):
    match = {"id": world.match.pk}
    p1, p2 = world.match.player1_id, world.match.player2_id
    client_for("player").call("matches_report_create", path=match, body={"games": [{"winner": p1}]})
    disputed = (
        client_for("opponent")
        .call("matches_report_create", path=match, body={"games": [{"winner": p2}]})
        .data
    )
    assert disputed["result_status"] == "disputed"
    judge = client_for("judge")
    judge.call("matches_result_create", path=match, body={"games": [{"winner": p1}]}, expect=200)
    no_reason = judge.call("matches_result_create", path=match, body={"games": [{"winner": p2}]})
    assert no_reason.status == 400 and no_reason.data["code"] == "reason_missing"
    assert no_reason.data["errors"] == {"reason": [no_reason.data["message"]]}
    judge.call(
        "matches_result_create",
        path=match,
        body={"games": [{"winner": p2}], "reason": "Slip was wrong"},
        expect=200,
    )
    assert ResultChange.objects.filter(match=world.match, kind="corrected").get().reason == (
        "Slip was wrong"
    )


def test_games_are_checked_field_by_field(world, client_for):
    match = {"id": world.match.pk}
    judge = client_for("judge")
    stranger = judge.call(
        "matches_result_create",
        path=match,
        body={"games": [{"winner": world.other_match.player1_id}]},
    )
    assert stranger.status == 400 and list(stranger.data["errors"]) == ["games.0.winner"]
    two = judge.call(
        "matches_result_create",
        path=match,
        body={"games": [{"winner": world.match.player1_id}, {"winner": None}]},
    )
    assert two.status == 400 and two.data["code"] == "game_count" and "games" in two.data["errors"]
    wrong_types = judge.call(
        "matches_result_create", path=match, body={"games": [{"winner": "me", "life1": 500}]}
    )
    assert set(wrong_types.data["errors"]) == {"games.0.winner", "games.0.life1"}
    assert Match.objects.get(pk=world.match.pk).result_status == "pending"


def test_pairing_the_next_round_waits_for_every_result(world, client_for):
    judge = client_for("judge")
    open_round = judge.call("rounds_create", body={"event": world.slug})
    assert open_round.status == 409 and open_round.data["code"] == "round_open"
    for match in world.round.matches.filter(player2__isnull=False):
        services.result_enter(match=match, games=[services.GameInput(match.player1_id)],
                              by=world.event.organiser)  # fmt: skip
    paired = judge.call("rounds_create", body={"event": world.slug}, expect=201).data
    assert paired["number"] == 2 and len(paired["matches"]) == 3
    standings = (
        client_for("anonymous")
        .call("events_standings_retrieve", path={"slug": world.slug}, query={"after_round": 1})
        .data
    )
    assert standings["after_round"] == 1 and standings["rows"][0]["points"] == 3
    bad = client_for("anonymous").call(
        "events_standings_retrieve", path={"slug": world.slug}, query={"after_round": "x"}
    )
    assert bad.status == 400 and "after_round" in bad.data["errors"]


def test_swaps_with_warnings_need_confirming(world, client_for):
    ForbiddenPair.objects.create(
        event=world.event, first=world.match.player1, second=world.other_match.player2
    )
    judge = client_for("judge")
    path = {"id": world.round.pk}
    body = {"first": world.match.player2_id, "second": world.other_match.player2_id}
    warned = judge.call("rounds_swap_create", path=path, body=body)
    assert warned.status == 409 and warned.data["code"] == "pairing_warnings"
    assert [p["code"] for p in warned.data["problems"]] == ["forbidden"]
    assert Match.objects.get(pk=world.match.pk).player2_id == body["first"]
    done = judge.call("rounds_swap_create", path=path, body={**body, "confirm": True}, expect=200)
    assert done.data["confirmed_warnings"] == [warned.data["problems"][0]["message"]]
    assert Match.objects.get(pk=world.match.pk).player2_id == body["second"]
    outsider = judge.call(
        "rounds_swap_create", path=path, body={"first": world.other_event_match.player1_id,
                                               "second": world.match.player2_id}
    )  # fmt: skip
    assert outsider.status == 400 and set(outsider.data["errors"]) == {"first"}


# ---------------------------------------------------------------- life at the table


def test_life_at_the_table_for_its_players_and_staff(world, client_for):
    match = {"id": world.match.pk}
    state = (
        client_for("player")
        .call(
            "matches_life_create", path=match, body={"delta2": -4, "reason": "combat"}, expect=200
        )
        .data
    )
    assert state["life"] == [20, 16]
    assert (
        client_for("other_player")
        .call("matches_life_create", path=match, body={"delta1": -1, "reason": "combat"})
        .status
        == 403
    )
    assert client_for("anonymous").call("matches_table_retrieve", path=match).status == 401
    undone = client_for("opponent").call("matches_life_undo_create", path=match, expect=200)
    assert undone.data["life"] == [20, 20]
    history = client_for("anonymous").call("matches_life_list", path=match, expect=200).data
    assert [(c["delta2"], c["undone"]) for c in history] == [(-4, True)]
    nothing = client_for("judge").call(
        "matches_life_create", path=match, body={"delta1": 0, "reason": "combat"}
    )
    assert nothing.status == 400 and "delta1" in nothing.data["errors"]
    bye = client_for("organiser").call("matches_table_retrieve", path={"id": world.bye.pk})
    assert bye.status == 409 and bye.data["code"] == "no_opponent"


def test_cards_carry_their_automation_status(world, client):
    card = Card.objects.exclude(ability_encoding={}).exclude(automation="manual").first()
    data = client.get(f"/api/cards/{card.key}/").json()
    assert data["automation"] == card.automation
    assert data["automation_note"] == card.automation_note
    assert data["automation_description"] == card.ability_description != ""
