"""The role matrix: every URL the project serves (pages and API), walked from the URL resolver
and the DRF router, against every role, with the set of roles allowed asserted.

Outcomes, per role:
  allowed  the gate lets the role through and the action happens (its effect changes) or,
           for a read with `sees`, the role sees the guarded data;
  refused  the gate lets the role through, but the event's state refuses it (400/409, or a
           page that explains) and nothing changes; or, for `sees`, the data stays hidden;
  denied   401/403 or a redirect to the login page, and nothing changes.

A URL added without an entry here fails `test_every_url_has_expectations` (and every method of
an API route needs its own case). The judge console's routes are here too: the event's judges
and organiser work on its disputes, players read only the final ruling of their own match.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from judging import services as judging_services
from judging.models import Dispute, Penalty, Ruling
from rules.models import Card, CardSet, Format
from rules.services import format_save
from tests import roles
from tests.tournaments import factories
from tournaments import services
from tournaments.models import (
    Event,
    ForbiddenPair,
    JudgeInvitation,
    LifeChange,
    Match,
    PairingChange,
    Player,
    Registration,
    ResultReport,
    Round,
    TimeExtension,
)
from tournaments.reports.models import Report

pytestmark = pytest.mark.django_db

ALL = frozenset(roles.ROLES)
AUTHENTICATED = ALL - {"anonymous"}
STAFF = frozenset({"judge", "organiser"})
ORGANISER = frozenset({"organiser"})
PLAYER = frozenset({"player"})
TABLE = frozenset({"player", "judge", "organiser"})
# Judges and organisers of any event (the practice console, the rule and card references).
JUDGING_STAFF = frozenset({"judge", "other_organiser", "organiser"})
# Django's admin checks is_staff itself; none of the six roles is staff (asserted below).
EXCLUDED_PREFIXES = ("admin/",)


@dataclass(frozen=True)
class Case:
    method: str = "get"
    allowed: frozenset = ALL
    refused: frozenset = frozenset()
    world: str = "running"  # running, registration, between_rounds, reported
    kwargs: Callable[[roles.World], dict] = lambda w: {}
    data: Callable[[roles.World], Any] | None = None
    effect: Callable[[roles.World], Any] | None = None  # must change for allowed roles only
    sees: Callable[[Any], bool] | None = None  # for reads: does the answer show the data?
    prepare: Callable[[roles.World], None] | None = None
    json: bool = False
    note: str = ""


def slug(w):
    return {"slug": w.slug}


def match_kwargs(w):
    return {"slug": w.slug, "match_id": w.match.pk}


def pk(obj_of):
    return lambda w: {"pk": obj_of(w).pk}


def api(method="get", allowed=ALL, **kw):
    return Case(method=method, allowed=allowed, json=True, **kw)


def event_form(name):
    return {
        "name": name, "date": "2026-12-12", "venue": "", "format": "tournament",
        "match_type": "single", "round_minutes": 30, "swiss_rounds": "", "top_cut": 0,
        "points_win": 3, "points_draw": 1, "points_loss": 0,
        "tiebreakers": "omw, gw, ogw, random", "percentage_floor": "1/3",
        "team_list_required": "on",
    }  # fmt: skip


def count(model, **filters):
    return lambda w: model.objects.filter(**filters).count()


def events():
    return Event.objects.count()


def invitation_of(w):
    """The organiser's pending invitation to other_player (not a judge of the event)."""
    invitee = w.users["other_player"]
    found = JudgeInvitation.objects.filter(event=w.event, invitee=invitee).first()
    return found or services.judge_invite(event=w.event, username=invitee.get_username())


def judge_count(w):
    return w.event.judges.count()


INVITEE = frozenset({"other_player"})


def unlinked(w):
    """A registration the organiser made by name, which no account has claimed."""
    return w.event.registrations.filter(player__user__isnull=True).order_by("pk").first()


def claim_kwargs(w):
    return {"slug": w.slug, "code": unlinked(w).claim_code}


def linked_registrations(w):
    return w.event.registrations.filter(player__user__isnull=False).count()


def team_link(n=0):
    return factories.team_links()[n]


def own_report_count(w):
    return ResultReport.objects.filter(match=w.match).count()


def life_changes(w):
    return LifeChange.objects.filter(table_game__match=w.match, undone=False).count()


def opponent_reports(w):
    services.result_report(
        match=w.match, games=[services.GameInput(w.match.player2_id)], reporter=w.match.player2
    )


def player_reports(w):
    services.result_report(
        match=w.match, games=[services.GameInput(w.match.player1_id)], reporter=w.match.player1
    )


def life_lost(w):
    services.life_change(game=services.current_game(w.match), delta1=-2, reason="combat")


def team_shown(response) -> bool:
    if response.get("Content-Type", "").startswith("application/json"):
        return response.json()["team"] is not None
    return "Teams are revealed when the event starts" not in response.content.decode()


def reports_shown(response) -> bool:
    return response.json()["pending_reports"] is not None


def no_top_cut(w):
    Event.objects.filter(pk=w.event.pk).update(top_cut=0)


def built_report(w) -> Report:
    """A finished standings CSV of the event, as a worker leaves it."""
    report = Report.objects.create(
        event=w.event,
        kind="standings",
        file_format="csv",
        request_key=f"matrix-{w.event.pk}",
        title="Standings",
        status=Report.Status.DONE,
        progress=100,
    )
    report.file.save("standings.csv", ContentFile(b"rank,player\n"), save=True)
    return report


def report_kwargs(w):
    report = Report.objects.filter(event=w.event, status=Report.Status.DONE).first()
    return {"slug": w.slug, "report_id": (report or built_report(w)).pk}


def api_report(w):
    report = Report.objects.filter(event=w.event, status=Report.Status.DONE).first()
    return {"pk": (report or built_report(w)).pk}


def ruling_report_kwargs(w):
    """A finished ruling report (steps CSV) on the world's ruled dispute."""
    ruled(w)
    ruling = dispute_of(w).ruling
    report = Report.objects.filter(kind="ruling", status=Report.Status.DONE).first()
    if report is None:
        report = Report.objects.create(
            event=w.event, kind="ruling", file_format="csv", title="Ruling report",
            params={"ruling": ruling.pk, "notes": "include"}, status=Report.Status.DONE,
            request_key=f"matrix-ruling-{ruling.pk}", progress=100,
        )  # fmt: skip
        report.file.save("ruling.csv", ContentFile(b"step,action\n"), save=True)
    return {"report_id": report.pk}


def own_format(w):
    """A format the organiser made and no event uses yet."""
    found = Format.objects.filter(code="matrix-league").first()
    return found or format_save(
        by=w.users["organiser"], name="Matrix league", base="tournament", legal_sets=None,
        banned=[], one_card_per_set=False,
    )  # fmt: skip


def dispute_of(w):
    """A dispute the event's judge opened on the world's match (made afresh per role)."""
    found = Dispute.objects.filter(match=w.match).first()
    return found or judging_services.dispute_open(
        match=w.match, title="Who blocks first?", by=w.users["judge"]
    )


def dispute_kwargs(w):
    return {"pk": dispute_of(w).pk}


def branch_kwargs(w):
    dispute = dispute_of(w)
    return {"pk": dispute.pk, "branch_id": dispute.branches.first().pk}


def forked(w):
    dispute = dispute_of(w)
    main = dispute.branches.first()
    return dispute.branches.exclude(pk=main.pk).first() or judging_services.branch_fork(
        branch=main,
        step=0,
        name="Other reading",
        replacement="judge life P1 -1",
        keep_rest=False,
        by=w.users["judge"],
        version=dispute.version,
        sequence_line=None,
    )


def ruled(w):
    dispute = dispute_of(w)
    judging_services.ruling_record(
        dispute=dispute,
        question="Can Wonder Woman block twice?",
        answer="No: each blocker blocks one attacker.",
        rules=["R11.2"],
        upheld_branch=None,
        judge_notes="Player 2 argued from an old rulebook.",
        by=w.users["judge"],
        version=dispute.version,
    )


def practice_of(w):
    """A practice dispute the event's judge opened (theirs alone)."""
    found = Dispute.objects.filter(event__isnull=True, opened_by=w.users["judge"]).first()
    return found or judging_services.dispute_open_practice(
        title="Overcrush through two blockers",
        by=w.users["judge"],
        teams={"P1": [("19sww", 2), ("31sww", 0)], "P2": [("5sww", 2), ("34sww", 0)]},
    )


def ruling_of(w):
    return Ruling.objects.get(dispute=dispute_of(w))


def penalised(w):
    judging_services.penalty_issue(
        match=w.match, registration=w.match.player2, kind="warning", reason="Slow play",
        by=w.users["judge"],
    )  # fmt: skip


def format_form(name):
    return {"name": name, "base": "tournament", "banned": ""}


MATRIX: dict[str, list[Case]] = {
    # ------------------------------------------------------------ public pages
    "home": [Case()],
    "healthz": [Case()],
    "tournaments:events": [Case()],
    "tournaments:event": [Case(kwargs=slug)],
    "tournaments:event-live": [Case(kwargs=slug)],
    "tournaments:bracket": [Case(kwargs=slug)],
    "tournaments:round": [Case(kwargs=lambda w: {"slug": w.slug, "number": 1})],
    "tournaments:player": [
        Case(kwargs=lambda w: {"slug": w.slug, "registration_id": w.registration.pk}),
        Case(
            note="a team before the reveal: its player and the staff only",
            world="registration",
            kwargs=lambda w: {"slug": w.slug, "registration_id": w.other_registration.pk},
            allowed=frozenset({"other_player", "judge", "organiser"}),
            refused=frozenset({"anonymous", "player", "other_organiser"}),
            sees=team_shown,
        ),
    ],
    "tournaments:match": [Case(kwargs=match_kwargs)],
    "tournaments:register": [
        Case(world="registration", kwargs=slug, allowed=AUTHENTICATED),
        Case(
            "post",
            world="registration",
            kwargs=slug,
            data=lambda w: {"display_name": "Newcomer", "team_list": team_link(1)},
            effect=count(Registration),
            allowed=frozenset({"judge", "other_organiser", "organiser"}),
            refused=frozenset({"player", "other_player"}),
            note="anyone with an account registers themselves, once",
        ),
    ],
    "tournaments:claim": [
        Case(world="registration", kwargs=slug, allowed=AUTHENTICATED),
        Case(
            "post",
            world="registration",
            kwargs=slug,
            data=lambda w: {"code": unlinked(w).claim_code},
            effect=linked_registrations,
            allowed=frozenset({"judge", "other_organiser", "organiser"}),
            refused=frozenset({"player", "other_player"}),
            note="whoever has the claim code links their own account, once per event",
        ),
    ],
    "tournaments:claim-code": [
        Case(world="registration", kwargs=claim_kwargs, allowed=AUTHENTICATED),
        Case(
            "post",
            world="registration",
            kwargs=claim_kwargs,
            data=lambda w: {"code": unlinked(w).claim_code},
            effect=linked_registrations,
            allowed=frozenset({"judge", "other_organiser", "organiser"}),
            refused=frozenset({"player", "other_player"}),
            note="the claim link: the same as entering the code",
        ),
    ],
    # ------------------------------------------------------------ the table and own results
    "tournaments:table": [Case(kwargs=match_kwargs, allowed=TABLE)],
    "tournaments:table-state": [Case(kwargs=match_kwargs, allowed=TABLE)],
    "tournaments:table-action": [
        Case(
            "post",
            kwargs=lambda w: {**match_kwargs(w), "action": "life"},
            data=lambda w: {"delta1": "-1", "reason": "combat"},
            effect=life_changes,
            allowed=TABLE,
        ),
        Case(
            "post",
            kwargs=lambda w: {**match_kwargs(w), "action": "turn"},
            effect=lambda w: services.current_game(w.match).turn,
            allowed=TABLE,
        ),
    ],
    "tournaments:match-report": [
        Case(kwargs=match_kwargs, allowed=PLAYER),
        Case(
            "post",
            kwargs=match_kwargs,
            data=lambda w: {"game1_winner": w.match.player1_id, "game1_ending": "life"},
            effect=own_report_count,
            allowed=PLAYER,
        ),
    ],
    # ------------------------------------------------------------ organiser and judge pages
    "manage:events": [Case(allowed=AUTHENTICATED)],
    "manage:event-create": [
        Case(allowed=AUTHENTICATED),
        Case(
            "post",
            data=lambda w: event_form("Brand new"),
            effect=lambda w: events(),
            allowed=AUTHENTICATED,
            note="any account may organise an event of its own",
        ),
    ],
    "manage:event": [
        Case(kwargs=slug, allowed=STAFF),
        Case(
            "post",
            world="registration",
            kwargs=slug,
            data=lambda w: {"register-display_name": "Walk-in", "register-team_list": team_link()},
            effect=count(Registration),
            allowed=ORGANISER,
        ),
    ],
    "manage:event-edit": [
        Case(kwargs=slug, allowed=ORGANISER),
        Case(
            "post",
            kwargs=slug,
            data=lambda w: event_form("Renamed"),
            effect=lambda w: Event.objects.get(pk=w.event.pk).name,
            allowed=ORGANISER,
        ),
    ],
    "manage:judge-invitation-withdraw": [
        Case(
            "post",
            kwargs=lambda w: {"slug": w.slug, "invitation_id": invitation_of(w).pk},
            prepare=invitation_of,
            effect=count(JudgeInvitation),
            allowed=ORGANISER,
        )
    ],
    "manage:event-start": [
        Case(
            "post",
            world="registration",
            kwargs=slug,
            effect=lambda w: Event.objects.get(pk=w.event.pk).status,
            allowed=ORGANISER,
        )
    ],
    "manage:round-pair": [
        Case(
            "post",
            world="between_rounds",
            kwargs=slug,
            effect=lambda w: w.event.rounds.count(),
            allowed=STAFF,
        )
    ],
    "manage:top-cut-start": [
        Case(
            "post",
            world="between_rounds",
            kwargs=slug,
            effect=lambda w: w.event.rounds.count(),
            allowed=ORGANISER,
        )
    ],
    "manage:floor": [Case(kwargs=slug, allowed=STAFF)],
    "manage:floor-state": [Case(kwargs=slug, allowed=STAFF)],
    "manage:round-clock": [
        Case(
            "post",
            kwargs=lambda w: {"slug": w.slug, "number": 1},
            effect=lambda w: Round.objects.get(pk=w.round.pk).started_at,
            allowed=STAFF,
        )
    ],
    "manage:extend": [
        Case(
            "post",
            kwargs=match_kwargs,
            data=lambda w: {"minutes": "5", "reason": "Long ruling"},
            effect=count(TimeExtension),
            allowed=STAFF,
        )
    ],
    "manage:forbidden-pair-add": [
        Case(
            "post",
            kwargs=slug,
            data=lambda w: {
                "first": w.registration.pk,
                "second": w.other_registration.pk,
                "until_round": 3,
            },  # fmt: skip
            effect=count(ForbiddenPair),
            allowed=ORGANISER,
        )
    ],
    "manage:registration-action": [
        Case(
            "post",
            kwargs=lambda w: {
                "slug": w.slug,
                "registration_id": w.other_registration.pk,
                "action": "drop",
            },  # fmt: skip
            effect=lambda w: (
                Registration.objects.get(pk=w.other_registration.pk).dropped_after_round
            ),
            allowed=ORGANISER,
        )
    ],
    "manage:round": [
        Case(kwargs=lambda w: {"slug": w.slug, "number": 1}, allowed=STAFF),
        Case(
            "post",
            kwargs=lambda w: {"slug": w.slug, "number": 1},
            data=lambda w: {
                "first": w.match.player2_id,
                "second": w.other_match.player2_id,
                "confirm": "on",
            },  # fmt: skip
            effect=count(PairingChange),
            allowed=STAFF,
        ),
    ],
    "manage:round-repair": [
        Case(
            "post",
            kwargs=lambda w: {"slug": w.slug, "number": 1},
            effect=lambda w: sorted(Match.objects.filter(round=w.round).values_list("pk")),
            allowed=ORGANISER,
        )
    ],
    "manage:round-delete": [
        Case(
            "post",
            kwargs=lambda w: {"slug": w.slug, "number": 1},
            data=lambda w: {"confirm": "yes"},
            effect=lambda w: w.event.rounds.count(),
            allowed=ORGANISER,
        )
    ],
    "manage:match-result": [
        Case(
            "post",
            kwargs=match_kwargs,
            data=lambda w: {
                f"m{w.match.pk}-game1_winner": w.match.player1_id,
                f"m{w.match.pk}-game1_ending": "life",
            },
            effect=lambda w: Match.objects.get(pk=w.match.pk).result_status,
            allowed=STAFF,
        )
    ],
    "manage:event-finish": [
        Case(
            "post",
            world="between_rounds",
            kwargs=slug,
            prepare=no_top_cut,
            effect=lambda w: Event.objects.get(pk=w.event.pk).status,
            allowed=ORGANISER,
            note="an event without a top cut is finished by its organiser",
        )
    ],
    "manage:registration-team": [
        Case(
            world="registration",
            kwargs=lambda w: {"slug": w.slug, "registration_id": w.other_registration.pk},
            allowed=ORGANISER,
        ),
        Case(
            "post",
            world="registration",
            kwargs=lambda w: {"slug": w.slug, "registration_id": w.other_registration.pk},
            data=lambda w: {"team_list": team_link(2)},
            effect=lambda w: Registration.objects.get(pk=w.other_registration.pk).team_id,
            allowed=ORGANISER,
        ),
    ],
    # ------------------------------------------------------------ reports (organiser and judges)
    "manage:reports": [Case(kwargs=slug, allowed=STAFF)],
    "manage:report-status": [Case(kwargs=slug, allowed=STAFF)],
    "manage:report-request": [
        Case(
            "post",
            kwargs=slug,
            data=lambda w: {"kind": "standings", "format": "csv"},
            effect=count(Report),
            allowed=STAFF,
        )
    ],
    "manage:report-download": [Case(kwargs=report_kwargs, allowed=STAFF)],
    "manage:report-preview": [
        Case(kwargs=lambda w: {"slug": w.slug, "kind": "standings"}, allowed=STAFF)
    ],
    "manage:event-backup": [Case(kwargs=slug, allowed=ORGANISER)],
    # ------------------------------------------------------------ the judge console
    "judging:home": [Case(allowed=JUDGING_STAFF)],
    "judging:practice-new": [
        Case(allowed=JUDGING_STAFF, note="any judge or organiser practises rulings"),
        Case(
            "post",
            data=lambda w: {
                "title": "Overcrush",
                "player1_name": "Ann",
                "team1": team_link(0),
                "player2_name": "Ben",
                "team2": team_link(1),
                "format": "tournament",
                "starting_life": 20,
            },
            effect=count(Dispute),
            allowed=JUDGING_STAFF,
        ),
    ],
    "judging:rules": [Case(allowed=JUDGING_STAFF)],
    "judging:cards": [Case(allowed=JUDGING_STAFF)],
    "judging:dispute-new": [
        Case(kwargs=lambda w: {"match_id": w.match.pk}, allowed=STAFF),
        Case(
            "post",
            kwargs=lambda w: {"match_id": w.match.pk},
            data=lambda w: {"title": "Did the attacker have Overcrush?"},
            effect=count(Dispute),
            allowed=STAFF,
        ),
    ],
    "judging:dispute": [Case(kwargs=dispute_kwargs, allowed=STAFF)],
    "judging:board": [
        Case(kwargs=dispute_kwargs, allowed=STAFF),
        Case(
            "post",
            kwargs=dispute_kwargs,
            data=lambda w: {
                "turn": "3",
                "active": "P1",
                "step": "main",
                "life-P1": "12",
                "life-P2": "11",
                "version": dispute_of(w).version,
            },
            effect=lambda w: Dispute.objects.get(pk=dispute_of(w).pk).setup,
            allowed=STAFF,
        ),
    ],
    "judging:log": [
        Case(kwargs=dispute_kwargs, allowed=STAFF),
        Case(
            "post",
            kwargs=dispute_kwargs,
            data=lambda w: {"text": dispute_of(w).setup, "version": dispute_of(w).version},
            effect=lambda w: Dispute.objects.get(pk=dispute_of(w).pk).version,
            allowed=STAFF,
        ),
    ],
    "judging:compare": [Case(kwargs=dispute_kwargs, allowed=STAFF)],
    "judging:sequence": [
        Case(kwargs=branch_kwargs, allowed=STAFF),
        Case(
            "post",
            kwargs=branch_kwargs,
            data=lambda w: {"actions": "judge life P1 -1", "version": dispute_of(w).version},
            effect=lambda w: dispute_of(w).branches.first().actions,
            allowed=STAFF,
        ),
    ],
    "judging:step": [Case(kwargs=lambda w: {**branch_kwargs(w), "number": 0}, allowed=STAFF)],
    "judging:clock": [
        Case(
            "post",
            kwargs=dispute_kwargs,
            data=lambda w: {"action": "pause"},
            allowed=STAFF,
            note="the clock has not started: staff are told so; others are refused",
        )
    ],
    "judging:adjustment": [
        Case(
            "post",
            kwargs=dispute_kwargs,
            data=lambda w: {"kind": "life", "player": "P1", "amount": "-2"},
            allowed=STAFF,
        )
    ],
    "judging:fork": [
        Case(
            "post",
            kwargs=branch_kwargs,
            data=lambda w: {
                "step": 0,
                "name": "Their reading",
                "replacement": "judge life P1 -1",
                "version": dispute_of(w).version,
            },
            effect=lambda w: dispute_of(w).branches.count(),
            allowed=STAFF,
        )
    ],
    "judging:branch-delete": [
        Case(
            "post",
            kwargs=lambda w: {"pk": dispute_of(w).pk, "branch_id": forked(w).pk},
            prepare=forked,
            data=lambda w: {"version": dispute_of(w).version},
            effect=lambda w: dispute_of(w).branches.count(),
            allowed=STAFF,
        )
    ],
    "judging:ruling": [
        Case(kwargs=dispute_kwargs, allowed=STAFF),
        Case(
            "post",
            kwargs=dispute_kwargs,
            data=lambda w: {
                "question": "Can one die block two attackers?",
                "answer": "No (R11.2).",
                "rules": "R11.2",
                "version": dispute_of(w).version,
            },
            effect=lambda w: hasattr(Dispute.objects.get(pk=dispute_of(w).pk), "ruling"),
            allowed=STAFF,
        ),
    ],
    "judging:penalty": [
        Case(
            "post",
            kwargs=dispute_kwargs,
            data=lambda w: {
                "player": "P1",
                "kind": "warning",
                "reason": "Drew an extra die",
            },  # fmt: skip
            effect=count(Penalty),
            allowed=STAFF,
        )
    ],
    "judging:event": [Case(kwargs=slug, allowed=STAFF)],
    "judging:player": [
        Case(
            kwargs=lambda w: {"slug": w.slug, "registration_id": w.registration.pk},
            allowed=STAFF,
        )
    ],
    "judging:match-rulings": [
        Case(kwargs=lambda w: {"match_id": w.match.pk}, allowed=TABLE),
        Case(
            note="the ruling on a match: its two players and the event's staff read it",
            kwargs=lambda w: {"match_id": w.match.pk},
            prepare=ruled,
            allowed=TABLE,
            sees=lambda response: "Can Wonder Woman block twice?" in response.content.decode(),
        ),
    ],
    # the ruling report (judge console), requested from the dispute page
    "judging:ruling-report": [
        Case(
            "post",
            kwargs=dispute_kwargs,
            prepare=ruled,
            data=lambda w: {"format": "csv"},
            effect=count(Report),
            allowed=STAFF,
        )
    ],
    "judging:ruling-report-status": [Case(kwargs=dispute_kwargs, prepare=ruled, allowed=STAFF)],
    "judging:ruling-report-preview": [Case(kwargs=dispute_kwargs, prepare=ruled, allowed=STAFF)],
    "judging:ruling-report-download": [Case(kwargs=ruling_report_kwargs, allowed=STAFF)],
    # ------------------------------------------------------------ cards and rules pages
    "rules:format-list": [Case()],
    "rules:format-detail": [Case(kwargs=lambda w: {"code": "tournament"})],
    "rules:format-create": [
        Case(allowed=AUTHENTICATED),
        Case(
            "post",
            data=lambda w: format_form("Store rotation"),
            effect=lambda w: Format.objects.count(),
            allowed=AUTHENTICATED,
            note="any account may define a format of its own",
        ),
    ],
    "rules:format-edit": [
        Case(kwargs=lambda w: {"code": own_format(w).code}, allowed=ORGANISER),
        Case(
            "post",
            kwargs=lambda w: {"code": own_format(w).code},
            data=lambda w: format_form("Matrix league renamed"),
            effect=lambda w: Format.objects.get(code=own_format(w).code).name,
            allowed=ORGANISER,
            note="only the organiser who made a format changes it",
        ),
    ],
    "rules:card-list": [Case()],
    "rules:card-detail": [Case(kwargs=lambda w: {"key": Card.objects.first().key})],
    "rules:team-check": [
        Case(),
        Case("post", data=lambda w: {"format": "tournament", "team_list": team_link()}),
    ],
    # ------------------------------------------------------------ accounts
    "signup": [
        Case(),
        Case(
            "post",
            data=lambda w: {
                "username": "freshface",
                "password1": "dice-and-more-dice",
                "password2": "dice-and-more-dice",
            },  # fmt: skip
            effect=lambda w: get_user_model().objects.count(),
            allowed=frozenset({"anonymous"}),
            refused=AUTHENTICATED,
            note="signed-in users are sent to their account page instead",
        ),
    ],
    "profile": [Case(allowed=AUTHENTICATED)],
    "profile-player": [
        Case(allowed=AUTHENTICATED),
        Case(
            "post",
            data=lambda w: {"display_name": "Matrix Me", "contact": "me@example.org"},
            effect=count(Player, display_name="Matrix Me"),
            allowed=AUTHENTICATED,
            note="each account changes its own name and contact only",
        ),
    ],
    "judge-invitation-answer": [
        Case(
            "post",
            kwargs=lambda w: {"invitation_id": invitation_of(w).pk},
            prepare=invitation_of,
            data=lambda w: {"answer": "accept"},
            effect=judge_count,
            allowed=INVITEE,
            refused=AUTHENTICATED - INVITEE,
            note="only the invited account makes itself a judge; anyone else is told it is "
            "not theirs",
        )
    ],
    "api-token": [Case("post", allowed=AUTHENTICATED, effect=lambda w: _token_count())],
    "login": [Case()],
    "logout": [Case("post")],
    "password_change": [Case(allowed=AUTHENTICATED)],
    "password_change_done": [Case(allowed=AUTHENTICATED)],
    "password_reset": [Case()],
    "password_reset_done": [Case()],
    "password_reset_confirm": [Case(kwargs=lambda w: {"uidb64": "MQ", "token": "set-password"})],
    "password_reset_complete": [Case()],
    # ------------------------------------------------------------ API: catalogue and docs
    "api-root": [api()],
    "api-schema": [api()],
    "api-docs": [Case()],
    "team-check": [api("post", data=lambda w: {"format": "tournament", "team_list": team_link()})],
    "auth-token": [
        api(
            "post",
            data=lambda w: {
                "username": w.users["organiser"].username,
                "password": "pw-for-tests-only",
            },  # fmt: skip
        )
    ],
    "card-list": [api()],
    "card-detail": [api(kwargs=lambda w: {"key": Card.objects.first().key})],
    "cardset-list": [api()],
    "cardset-detail": [api(kwargs=lambda w: {"code": CardSet.objects.first().code})],
    "format-list": [api()],
    "format-detail": [api(kwargs=lambda w: {"code": "tournament"})],
    # ------------------------------------------------------------ API: events
    "event-list": [
        api(),
        api(
            "post",
            AUTHENTICATED,
            data=lambda w: {"name": "API Cup", "date": "2026-12-12"},
            effect=lambda w: events(),
        ),
    ],
    "event-detail": [
        api(kwargs=slug),
        api(
            "patch",
            ORGANISER,
            kwargs=slug,
            data=lambda w: {"name": "Renamed"},
            effect=lambda w: Event.objects.get(pk=w.event.pk).name,
        ),
    ],
    "event-standings": [api(kwargs=slug)],
    "event-backup": [api(kwargs=slug, allowed=ORGANISER)],
    "event-start": [
        api(
            "post",
            ORGANISER,
            world="registration",
            kwargs=slug,
            effect=lambda w: Event.objects.get(pk=w.event.pk).status,
        )
    ],
    "event-top-cut": [
        api(
            "post",
            ORGANISER,
            world="between_rounds",
            kwargs=slug,
            effect=lambda w: w.event.rounds.count(),
        )
    ],
    # ------------------------------------------------------------ API: judge invitations
    "judge-invitation-list": [
        api(
            allowed=frozenset({"other_player", "organiser"}),
            refused=AUTHENTICATED - {"other_player", "organiser"},
            prepare=invitation_of,
            sees=lambda response: response.json()["count"] > 0,
            note="an invitation is seen by its event's organiser and its addressee only",
        ),
        api(
            "post",
            ORGANISER,
            data=lambda w: {"event": w.slug, "username": "newcomer"},
            effect=count(JudgeInvitation),
        ),
    ],
    "judge-invitation-detail": [
        api(
            "delete",
            ORGANISER,
            kwargs=pk(invitation_of),
            prepare=invitation_of,
            effect=count(JudgeInvitation),
        )
    ],
    "judge-invitation-accept": [
        api(
            "post",
            INVITEE,
            kwargs=pk(invitation_of),
            prepare=invitation_of,
            effect=judge_count,
        )
    ],
    "judge-invitation-decline": [
        api(
            "post",
            INVITEE,
            kwargs=pk(invitation_of),
            prepare=invitation_of,
            effect=count(JudgeInvitation),
        )
    ],
    # ------------------------------------------------------------ API: registrations
    "registration-list": [
        api(),
        api(
            "post",
            frozenset({"judge", "other_organiser", "organiser"}),
            refused=frozenset({"player", "other_player"}),
            world="registration",
            data=lambda w: {"event": w.slug, "display_name": "Newcomer", "team_list": team_link()},
            effect=count(Registration),
            note="the organiser registers a walk-in; anyone else themselves, once",
        ),
    ],
    "registration-detail": [
        api(kwargs=pk(lambda w: w.registration)),
        api(
            note="a team before the reveal: its player and the staff only",
            world="registration",
            kwargs=pk(lambda w: w.other_registration),
            allowed=frozenset({"other_player", "judge", "organiser"}),
            refused=frozenset({"anonymous", "player", "other_organiser"}),
            sees=team_shown,
        ),
    ],
    "registration-claim": [
        api(
            "post",
            frozenset({"judge", "other_organiser", "organiser"}),
            refused=frozenset({"player", "other_player"}),
            world="registration",
            data=lambda w: {"event": w.slug, "code": unlinked(w).claim_code},
            effect=linked_registrations,
            note="whoever has the claim code links their own account, once per event",
        )
    ],
    "registration-check-in": [
        api(
            "post",
            ORGANISER,
            kwargs=pk(lambda w: w.other_registration),
            data=lambda w: {"checked_in": False},
            effect=lambda w: Registration.objects.get(pk=w.other_registration.pk).checked_in,
        )
    ],
    "registration-drop": [
        api(
            "post",
            ORGANISER,
            kwargs=pk(lambda w: w.other_registration),
            effect=lambda w: (
                Registration.objects.get(pk=w.other_registration.pk).dropped_after_round
            ),
        )
    ],
    # ------------------------------------------------------------ API: rounds
    "round-list": [
        api(),
        api(
            "post",
            STAFF,
            world="between_rounds",
            data=lambda w: {"event": w.slug},
            effect=lambda w: w.event.rounds.count(),
        ),
    ],
    "round-detail": [
        api(kwargs=pk(lambda w: w.round)),
        api(
            "delete",
            ORGANISER,
            kwargs=pk(lambda w: w.round),
            effect=lambda w: w.event.rounds.count(),
        ),
    ],
    "round-clock": [
        api(
            "post",
            STAFF,
            kwargs=pk(lambda w: w.round),
            effect=lambda w: Round.objects.get(pk=w.round.pk).started_at,
        )
    ],
    "round-repair": [
        api(
            "post",
            ORGANISER,
            kwargs=pk(lambda w: w.round),
            effect=lambda w: sorted(Match.objects.filter(round=w.round).values_list("pk")),
        )
    ],
    "round-swap": [
        api(
            "post",
            STAFF,
            kwargs=pk(lambda w: w.round),
            data=lambda w: {
                "first": w.match.player2_id,
                "second": w.other_match.player2_id,
                "confirm": True,
            },  # fmt: skip
            effect=count(PairingChange),
        )
    ],
    # ------------------------------------------------------------ API: matches and results
    "match-list": [api()],
    "match-detail": [
        api(kwargs=pk(lambda w: w.match)),
        api(
            note="pending reports: the match's players and the staff only",
            world="reported",
            kwargs=pk(lambda w: w.match),
            allowed=TABLE,
            refused=frozenset({"anonymous", "other_player", "other_organiser"}),
            sees=reports_shown,
        ),
    ],
    "match-report": [
        api(
            "post",
            PLAYER,
            kwargs=pk(lambda w: w.match),
            data=lambda w: {"games": [{"winner": w.match.player1_id}]},
            effect=own_report_count,
        )
    ],
    "match-confirm": [
        api(
            "post",
            PLAYER,
            world="reported",
            kwargs=pk(lambda w: w.match),
            effect=lambda w: Match.objects.get(pk=w.match.pk).result_status,
        )
    ],
    "match-result": [
        api(
            "post",
            STAFF,
            kwargs=pk(lambda w: w.match),
            data=lambda w: {"games": [{"winner": w.match.player2_id}]},
            effect=lambda w: Match.objects.get(pk=w.match.pk).result_status,
        )
    ],
    "match-extend": [
        api(
            "post",
            STAFF,
            kwargs=pk(lambda w: w.match),
            data=lambda w: {"minutes": 3, "reason": "Ruling"},
            effect=count(TimeExtension),
        )
    ],
    "match-table": [api(kwargs=pk(lambda w: w.match), allowed=TABLE)],
    "match-life": [
        api(kwargs=pk(lambda w: w.match), note="life history is public, like the match page"),
        api(
            "post",
            TABLE,
            kwargs=pk(lambda w: w.match),
            data=lambda w: {"delta2": -3, "reason": "combat"},
            effect=life_changes,
        ),
    ],
    "match-life-undo": [
        api("post", TABLE, kwargs=pk(lambda w: w.match), prepare=life_lost, effect=life_changes)
    ],
    "match-turn": [
        api(
            "post",
            TABLE,
            kwargs=pk(lambda w: w.match),
            effect=lambda w: services.current_game(w.match).turn,
        )
    ],
    "match-first": [
        api(
            "post",
            TABLE,
            kwargs=pk(lambda w: w.match),
            data=lambda w: {"side": 2},
            effect=lambda w: services.current_game(w.match).active_side,
        )
    ],
    # ------------------------------------------------------------ API: reports
    "report-list": [
        api(allowed=AUTHENTICATED, note="each sees the reports of their own events"),
        api(
            "post",
            STAFF,
            data=lambda w: {"event": w.slug, "kind": "standings", "format": "csv"},
            effect=count(Report),
        ),
    ],
    "report-detail": [api(kwargs=api_report, allowed=STAFF)],
    "report-download": [api(kwargs=api_report, allowed=STAFF)],
    # ------------------------------------------------------------ API: the judge console
    "dispute-list": [
        api(
            allowed=STAFF,
            refused=AUTHENTICATED - STAFF,
            prepare=dispute_of,
            sees=lambda response: response.json()["count"] > 0,
            note="each lists only the disputes they judge",
        ),
        api(
            allowed=frozenset({"judge"}),
            refused=AUTHENTICATED - {"judge"},
            prepare=practice_of,
            sees=lambda response: any(d["practice"] for d in response.json()["results"]),
            note="a practice dispute is its judge's alone",
        ),
        api(
            "post",
            STAFF,
            data=lambda w: {"match": w.match.pk, "title": "Who blocks first?"},
            effect=count(Dispute),
        ),
    ],
    "dispute-practice": [
        api(
            "post",
            JUDGING_STAFF,
            data=lambda w: {"title": "Overcrush", "team1": team_link(0), "team2": team_link(1)},
            effect=count(Dispute),
            note="any judge or organiser practises rulings",
        )
    ],
    "dispute-detail": [
        api(kwargs=dispute_kwargs, allowed=STAFF),
        api(kwargs=lambda w: {"pk": practice_of(w).pk}, allowed=frozenset({"judge"})),
    ],
    "dispute-log": [
        api(
            "post",
            STAFF,
            kwargs=dispute_kwargs,
            data=lambda w: {"version": dispute_of(w).version, "text": dispute_of(w).setup},
            effect=lambda w: Dispute.objects.get(pk=dispute_of(w).pk).version,
        )
    ],
    "dispute-ruling": [
        api(
            "post",
            STAFF,
            kwargs=dispute_kwargs,
            data=lambda w: {
                "version": dispute_of(w).version,
                "question": "Can one die block two attackers?",
                "answer": "No.",
                "rules": ["R11.2"],
            },
            effect=lambda w: Ruling.objects.filter(dispute=dispute_of(w)).count(),
        )
    ],
    "branch-detail": [
        api(kwargs=pk(lambda w: dispute_of(w).branches.first()), allowed=STAFF),
        api(
            "delete",
            STAFF,
            kwargs=pk(forked),
            prepare=forked,
            data=lambda w: {"version": dispute_of(w).version},
            effect=lambda w: dispute_of(w).branches.count(),
            note="a fork tried by mistake; the version goes in the query",
        ),
    ],
    "dispute-clock": [
        api(
            "post",
            STAFF,
            kwargs=dispute_kwargs,
            prepare=lambda w: services.round_start(round_=w.round),
            data=lambda w: {"action": "pause"},
            effect=lambda w: Match.objects.get(pk=w.match.pk).clock_paused_at,
        )
    ],
    "branch-step": [
        api(
            kwargs=lambda w: {"pk": dispute_of(w).branches.first().pk, "number": 0},
            allowed=STAFF,
        )
    ],
    "branch-sequence": [
        api(
            "post",
            STAFF,
            kwargs=pk(lambda w: dispute_of(w).branches.first()),
            data=lambda w: {"version": dispute_of(w).version, "actions": "judge life P1 -1\n"},
            effect=lambda w: dispute_of(w).branches.first().actions,
        )
    ],
    "branch-fork": [
        api(
            "post",
            STAFF,
            kwargs=pk(lambda w: dispute_of(w).branches.first()),
            data=lambda w: {
                "version": dispute_of(w).version,
                "step": 0,
                "replacement": "judge life P1 -1",
                "name": "Their reading",
            },
            effect=lambda w: dispute_of(w).branches.count(),
        )
    ],
    "ruling-list": [
        api(
            allowed=TABLE,
            refused=frozenset({"other_player", "other_organiser"}),
            prepare=ruled,
            sees=lambda response: response.json()["count"] > 0,
            note="the ruling on a match: its two players and the event's staff",
        ),
        api(
            allowed=STAFF,
            refused=AUTHENTICATED - STAFF,
            prepare=ruled,
            sees=lambda response: any(r["judge_notes"] for r in response.json()["results"]),
            note="the judges' notes: the event's staff only",
        ),
    ],
    "ruling-detail": [
        api(kwargs=pk(ruling_of), prepare=ruled, allowed=TABLE),
        api(
            kwargs=pk(ruling_of),
            prepare=ruled,
            allowed=STAFF,
            refused=PLAYER,
            sees=lambda response: response.json()["judge_notes"] is not None,
            note="the match's players read the ruling, never the judges' notes",
        ),
    ],
    "penalty-list": [
        api(
            allowed=STAFF,
            refused=AUTHENTICATED - STAFF,
            prepare=penalised,
            sees=lambda response: response.json()["count"] > 0,
            note="each lists the penalties of the events they judge",
        ),
        api(
            "post",
            STAFF,
            data=lambda w: {"match": w.match.pk, "player": "P1", "kind": "warning", "reason": "x"},
            effect=count(Penalty),
        ),
    ],
    "penalty-by-player": [api(data=lambda w: {"event": w.slug}, allowed=STAFF)],
}


def _token_count():
    from tournaments.models import ApiToken

    return ApiToken.objects.count()


# ---------------------------------------------------------------- walking the URLs


@dataclass
class Route:
    name: str
    route: str
    methods: set = field(default_factory=set)  # for DRF routes: the methods they map


def served_routes() -> dict[str, Route]:
    found: dict[str, Route] = {}

    def walk(patterns, prefix="", namespace=None):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                space = ":".join(n for n in (namespace, pattern.namespace) if n) or None
                yield from walk(pattern.url_patterns, route, space)
            elif isinstance(pattern, URLPattern):
                yield pattern, route, namespace

    for pattern, route, namespace in walk(get_resolver().url_patterns):
        if route.startswith(EXCLUDED_PREFIXES):
            continue
        assert pattern.name, f"{route} has no name: name it and give it a row in MATRIX"
        name = f"{namespace}:{pattern.name}" if namespace else pattern.name
        actions = getattr(pattern.callback, "actions", None) or {}
        methods = set(actions) - {"head", "options"}
        found.setdefault(name, Route(name, route)).methods |= methods
    return found


def test_every_url_has_expectations():
    served = served_routes()
    missing = sorted(set(served) - set(MATRIX))
    stale = sorted(set(MATRIX) - set(served))
    assert not missing, f"URLs without a row in the role matrix: {missing}"
    assert not stale, f"Rows for URLs that no longer exist: {stale}"
    for name, route in served.items():
        covered = {case.method for case in MATRIX[name]}
        uncovered = route.methods - covered
        assert not uncovered, f"{name} ({route.route}): no case for {sorted(uncovered)}"


def test_none_of_the_roles_reaches_the_admin(client):
    world = roles.build()
    for role, user in world.users.items():
        assert user is None or not (user.is_staff or user.is_superuser), role
        if user:
            client.force_login(user)
        response = client.get("/admin/")
        assert response.status_code == 302 and "/admin/login/" in response["Location"], role
        client.logout()


# ---------------------------------------------------------------- running the matrix


def denied(response) -> bool:
    if response.status_code in (401, 403):
        return True
    return response.status_code == 302 and "/accounts/login/" in response.get("Location", "")


def send(client: Client, case: Case, world: roles.World, name: str):
    url = reverse(name, kwargs=case.kwargs(world))
    data = case.data(world) if case.data else None
    if case.method == "get":
        return client.get(url, data or {})  # a read's data is its query
    if case.method == "delete" and data:
        return client.delete(f"{url}?{urlencode(data)}")  # a DELETE's data is its query
    if case.json:
        return getattr(client, case.method)(url, data or {}, content_type="application/json")
    return getattr(client, case.method)(url, data or {})


def outcome(case: Case, response, before, after) -> str:
    if denied(response):
        return "denied" if before == after else "denied but changed!"
    status = response.status_code
    if status >= 500 or status in (404, 405):
        return f"broken ({status})"
    if case.sees is not None:
        if status != 200:
            return f"broken ({status})"
        return "allowed" if case.sees(response) else "refused"
    if case.effect is not None:
        return "allowed" if before != after else "refused"
    return "allowed" if status < 400 else "refused"


CASES = [
    pytest.param(name, index, id=f"{name}[{index}]")
    for name, cases in MATRIX.items()
    for index in range(len(cases))
]


@pytest.mark.parametrize(("name", "index"), CASES)
def test_role_matrix(name, index, worlds):
    case = MATRIX[name][index]
    world = worlds[case.world]
    expected = {
        role: "allowed" if role in case.allowed else "refused" if role in case.refused else "denied"
        for role in roles.ROLES
    }
    found = {}
    for role in roles.ROLES:
        try:
            with transaction.atomic():  # each role starts from the same world
                if case.prepare:
                    case.prepare(world)
                client = Client()
                if world.users[role] is not None:
                    client.force_login(world.users[role])
                before = case.effect(world) if case.effect else None
                response = send(client, case, world, name)
                after = case.effect(world) if case.effect else None
                found[role] = outcome(case, response, before, after)
                raise Rollback
        except Rollback:
            pass
    assert found == expected, case.note or name


class Rollback(Exception):
    pass
