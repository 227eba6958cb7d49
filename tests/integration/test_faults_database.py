"""The database connection dropped in the middle of a result submission, at every point.

The server side of the request's connection is terminated (pg_terminate_backend from another
connection, as a restarted PostgreSQL, a failover or a killed backend would) just before each
SQL statement the submission makes in turn, and just before its COMMIT. Every time:

- the client gets an error (a 500 page or API answer), or a success if the drop came after the
  result was committed (then it is saved: the drop cost the client only its confirmation);
- the result is saved completely or not at all: the match's status, its games (what standings
  are computed from), its pending reports and its audit record (ResultChange) are either all
  as a clean submission leaves them, or all as they were before;
- submitting again afterwards gives exactly one result and one audit record.

Run for the three ways a result comes in: the organiser's form, a player's report through the
form, and the API.
"""

import logging

import psycopg
import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.tournaments import factories
from tournaments import live, services
from tournaments.models import ApiToken, Match, ResultChange

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def terminate_backend(pid: int) -> None:
    """Kill the server process of another connection and wait until it is gone."""
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**params, autocommit=True) as other:
        (done,) = other.execute("SELECT pg_terminate_backend(%s, 5000)", [pid]).fetchone()
    assert done, f"backend {pid} did not terminate"


class DropConnection:
    """Counts the request's SQL statements and commits; drops the connection just before
    statement number `before_statement`, or just before or just after commit number
    `before_commit` / `after_commit`."""

    def __init__(
        self,
        *,
        before_statement: int | None = None,
        before_commit: int | None = None,
        after_commit: int | None = None,
    ):
        self.before_statement = before_statement
        self.before_commit, self.after_commit = before_commit, after_commit
        self.statements, self.commits, self.dropped_at = 0, 0, None

    def _drop(self, where: str) -> None:
        self.dropped_at = where
        terminate_backend(connection.connection.info.backend_pid)

    def __call__(self, execute, sql, params, many, context):
        self.statements += 1
        if self.statements == self.before_statement:
            self._drop(f"before statement {self.statements}: {sql[:80]}")
        return execute(sql, params, many, context)

    def commit(self, original):
        def commit():
            self.commits += 1
            if self.commits == self.before_commit:
                self._drop(f"before commit {self.commits}")
            committed = original()
            if self.commits == self.after_commit:
                self._drop(f"after commit {self.commits}")
            return committed

        return commit


def submit(entry, match, drop: DropConnection, monkeypatch):
    send = entry(match)  # logging in etc. happens before: only the submission is cut
    monkeypatch.setattr(connection, "_commit", drop.commit(connection._commit))
    # The event page the writer renders once its answer has gone out (RenderAfterWrites) is
    # not part of the submission, and its statements vary with what is cached already: it
    # runs after the counted submission.
    after_the_answer = []
    monkeypatch.setattr(live, "render_event_pages", lambda *args: after_the_answer.append(args))
    try:
        with connection.execute_wrapper(drop):
            return send()
    finally:
        monkeypatch.undo()
        if drop.dropped_at:
            connection.close()  # Django would at the end of a real request
        for args in after_the_answer:
            live.render_event_pages(*args)


def snapshot(match: Match) -> dict:
    """Everything a result submission writes, with registrations as sides 1 and 2."""
    match = Match.objects.get(pk=match.pk)
    side = {match.player1_id: 1, match.player2_id: 2, None: None}
    return {
        "status": match.result_status,
        "games": [
            (g.number, side[g.winner_id], g.is_draw, g.ending, g.life1, g.life2)
            for g in match.games.order_by("number")
        ],
        "reports": sorted(
            (side[r.reported_by_id], [g["winner"] == match.player1_id for g in r.games])
            for r in match.reports.all()
        ),
        "audit": [
            (c.kind, [g["winner"] == match.player1_id for g in c.after])
            for c in ResultChange.objects.filter(match=match).order_by("pk")
        ],
    }


# -- the three ways in ---------------------------------------------------------------------------
def organiser_form(event):
    client = Client(raise_request_exception=False)
    client.force_login(event.organiser)

    def enter(match):
        return lambda: client.post(
            reverse("manage:match-result", args=[event.slug, match.pk]),
            {
                f"m{match.pk}-game1_winner": match.player1_id,
                f"m{match.pk}-game1_ending": "life",
                f"m{match.pk}-game1_life1": 5,
                f"m{match.pk}-game1_life2": 0,
            },
        )

    return enter


def player_form(event):
    """Player 1 reports a win that player 2 has already reported: this confirms the result."""

    def enter(match):
        client = Client(raise_request_exception=False)
        client.force_login(match.player1.player.user)
        return lambda: client.post(
            reverse("tournaments:match-report", args=[event.slug, match.pk]),
            {"game1_winner": match.player1_id, "game1_ending": "life", "game1_life1": 5,
             "game1_life2": 0},
        )  # fmt: skip

    return enter


def api(event):
    token = ApiToken.issue(event.organiser)
    client = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {token.key}")

    def enter(match):
        return lambda: client.post(
            f"/api/matches/{match.pk}/result/",
            {"games": [{"winner": match.player1_id, "ending": "life", "life1": 5, "life2": 0}]},
            content_type="application/json",
        )

    return enter


ENTRIES = {"organiser form": organiser_form, "player form": player_form, "api": api}
SUCCESS = {"organiser form": 302, "player form": 302, "api": 200}


@pytest.fixture
def matches():
    event = factories.event(players=80, start=True)
    round_ = services.round_pair(event=event, seed=11)
    played = list(round_.matches.filter(player2__isnull=False).order_by("table"))
    for match in played:
        for registration in (match.player1, match.player2):
            registration.player.user = factories.user()
            registration.player.save()
        # The opponent has reported player 1's win (only the player form uses it; staff entry
        # replaces pending reports, so it must clear it too).
        services.result_report(
            match=match, games=[services.GameInput(match.player1_id, life1=5, life2=0)],
            reporter=match.player2,
        )  # fmt: skip
    return event, played


@pytest.mark.parametrize("way", ENTRIES)
def test_a_connection_dropped_at_any_point_saves_all_or_nothing(matches, way, monkeypatch, caplog):
    caplog.set_level(logging.CRITICAL, logger="django.request")  # the expected 500s
    event, played = matches
    entry = ENTRIES[way](event)
    before = snapshot(played[0])

    # A clean submission: what "saved completely" looks like, and how many statements it makes.
    clean = DropConnection()
    response = submit(entry, played[0], clean, monkeypatch)
    assert response.status_code == SUCCESS[way]
    saved = snapshot(played[0])
    assert saved["status"] == Match.ResultStatus.CONFIRMED and len(saved["audit"]) == 1
    assert saved != before
    points = [{"before_statement": n} for n in range(1, clean.statements + 1)]
    for n in range(1, clean.commits + 1):
        points += [{"before_commit": n}, {"after_commit": n}]
    assert len(points) < len(played), "one fresh match per point"

    outcomes = []
    for match, point in zip(played[1:], points, strict=False):
        assert snapshot(match) == before
        drop = DropConnection(**point)
        response = submit(entry, match, drop, monkeypatch)
        assert drop.dropped_at, point
        after = snapshot(match)
        assert after in (before, saved), f"half-saved after a drop {drop.dropped_at}: {after}"
        if after == before:
            assert response.status_code == 500, f"{drop.dropped_at}: not saved, yet no error"
        outcomes.append(after == saved)

        # The client tries again: one result, one audit record. (A player whose report did
        # confirm the result before the drop is told so: only a judge changes it now.)
        response = submit(entry, match, DropConnection(), monkeypatch)
        assert response.status_code == SUCCESS[way] or (
            way == "player form" and "already confirmed" in response.content.decode()
        ), drop.dropped_at
        assert snapshot(match) == saved

    # Both outcomes happened: drops before the commit lose the submission, a drop after it
    # keeps it.
    assert False in outcomes and True in outcomes
