"""Acceptance: a client that knows only the OpenAPI schema runs an event end to end: create,
register (one illegal team refused with its violations), check in, start, pair, report and
confirm or enter results, track life, and read the standings."""

import pytest
from rest_framework.test import APIClient

from tests.api.schema_client import SchemaClient
from tests.tournaments import factories

pytestmark = pytest.mark.django_db
PLAYERS = 8
ROUNDS = 3


def logged_in(spec: dict, username: str, password: str) -> SchemaClient:
    """Log in the way an outside program does: trade the password for a token."""
    anonymous = SchemaClient(APIClient(), spec)
    token = anonymous.call(
        "auth_token_create", body={"username": username, "password": password}, expect=200
    ).data["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return SchemaClient(client, spec)


def test_an_event_end_to_end_through_the_schema(spec):
    factories.demo_catalogue()
    links = factories.team_links()
    for name in ("orga", "ann", "ben"):
        factories.user(name)
    orga = logged_in(spec, "orga", "pw-for-tests-only")
    players = {name: logged_in(spec, name, "pw-for-tests-only") for name in ("ann", "ben")}

    event = orga.call(
        "events_create",
        body={"name": "Schema Saturday", "date": "2026-12-05", "match_type": "single"},
        expect=201,
    ).data
    slug = event["slug"]
    assert event["your_roles"] == ["organiser"] and event["status"] == "registration"

    refused = orga.call(
        "registrations_create",
        body={"event": slug, "display_name": "Greedy Gus",
              "team_list": links[0].replace("cards=", "cards=9x19sww;")},
        expect=400,
    ).data  # fmt: skip
    assert refused["code"] == "team_illegal"
    assert any("R2.1" in message for message in refused["errors"]["team_list"])
    assert all(problem["rule"] for problem in refused["problems"])

    registrations = []
    for n, (name, client) in enumerate(players.items()):
        mine = client.call(
            "registrations_create",
            body={"event": slug, "display_name": name.title(), "team_list": links[n]},
            expect=201,
        ).data
        assert mine["is_you"] and mine["team_visible"] and mine["team"]["cards"]
        registrations.append(mine)
    for n in range(len(players), PLAYERS):
        registrations.append(
            orga.call(
                "registrations_create",
                body={"event": slug, "display_name": f"Walk-in {n}",
                      "team_list": links[n % len(links)]},
                expect=201,
            ).data
        )  # fmt: skip
    hidden = players["ann"].call("registrations_retrieve", path={"id": registrations[1]["id"]})
    assert hidden.data["team"] is None and hidden.data["contact"] is None

    for registration in registrations:
        orga.call(
            "registrations_check_in_create",
            path={"id": registration["id"]},
            body={"checked_in": True},
            expect=200,
        )
    started = orga.call("events_start_create", path={"slug": slug}, expect=200).data
    assert started["status"] == "running" and started["teams_revealed_at"]

    points = {r["id"]: 0 for r in registrations}
    self_reported = 0
    for number in range(1, ROUNDS + 1):
        round_ = orga.call("rounds_create", body={"event": slug}, expect=201).data
        assert round_["number"] == number
        orga.call("rounds_clock_create", path={"id": round_["id"]}, expect=200)
        for match in round_["matches"]:
            one, two = (
                match["player1"]["registration"],
                (match["player2"] or {}).get("registration"),
            )
            if two is None:
                points[one] += 3
                continue
            winner = min(one, two)
            points[winner] += 3
            clients = {r["id"]: players[r["display_name"].lower()]
                       for r in registrations[:2]}  # fmt: skip
            if one in clients and two in clients or (one in clients) != (two in clients):
                reporter_id = one if one in clients else two
                reporter = clients[reporter_id]
                reporter.call(
                    "matches_life_create",
                    path={"id": match["id"]},
                    body={"delta2" if reporter_id == one else "delta1": -5, "reason": "combat"},
                    expect=200,
                )
                reported = reporter.call(
                    "matches_report_create",
                    path={"id": match["id"]},
                    body={"games": [{"winner": winner, "ending": "life"}]},
                    expect=200,
                ).data
                assert reported["result_status"] == "reported"
                other = two if reporter_id == one else one
                if other in clients:
                    clients[other].call("matches_confirm_create", path={"id": match["id"]},
                                        expect=200)  # fmt: skip
                else:
                    orga.call(
                        "matches_result_create",
                        path={"id": match["id"]},
                        body={"games": [{"winner": winner}]},
                        expect=200,
                    )
                self_reported += 1
            else:
                orga.call(
                    "matches_result_create",
                    path={"id": match["id"]},
                    body={"games": [{"winner": winner, "life1": 3, "life2": 0}]},
                    expect=200,
                )
        listed = orga.call(
            "matches_list", query={"event": slug, "round": number, "result_status": "confirmed"}
        ).data
        assert listed["count"] == len(round_["matches"])

    assert self_reported >= ROUNDS  # ann and ben played every round
    standings = (
        players["ben"].call("events_standings_retrieve", path={"slug": slug}, expect=200).data
    )
    assert [row["rank"] for row in standings["rows"]] == list(range(1, PLAYERS + 1))
    assert {row["registration"]: row["points"] for row in standings["rows"]} == points
    points_in_order = [row["points"] for row in standings["rows"]]
    assert points_in_order == sorted(points_in_order, reverse=True)
    assert set(standings["rows"][0]["figures"]) == {"omw", "gw", "ogw"}

    revealed = players["ann"].call("registrations_list", query={"event": slug}).data
    assert revealed["count"] == PLAYERS
    assert all(r["team_visible"] and r["team"] for r in revealed["results"])
    assert all(r["contact"] is None for r in revealed["results"] if not r["is_you"])
