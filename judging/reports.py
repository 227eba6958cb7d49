"""The judge console's part of the reports: the ruling report kind and the penalties of the
event report. Registered from JudgingConfig.ready(), as tournaments/reports asks.

Who sees the judges' notes: a ruling report is requested, followed and downloaded only by
those who may judge its dispute (the event's judges and organiser; a practice dispute's own
judge), so by default it is the judges' copy, notes included, marked as not for players on
every page. Asked for with `notes=omit`, it leaves them out and says so: the copy a judge may
hand to a player. Players never reach a ruling report through the site either way.
"""

from dataclasses import dataclass

from django.urls import reverse
from django.utils import timezone

from judging.boardview import BoardView
from judging.models import Penalty, Ruling
from judging.permissions import can_judge
from judging.selectors import penalties_for_event, ruling_report, step_page
from rules.engine.state import Zone
from tournaments.reports.registry import CSV, PDF, CsvTable, ReportError, ReportKind, register
from tournaments.reports.sections import PenaltyLine

NOTES = {"include": "with the judges' notes", "omit": "without the judges' notes"}


def _ruling_id(raw) -> int:
    if raw in (None, ""):
        raise ReportError("Say which ruling the report is about.", field="ruling")
    try:
        return int(raw)
    except (TypeError, ValueError):
        raise ReportError(f"Ruling must be a ruling's ID, not {raw!r}.", field="ruling") from None


def _ruling(raw) -> Ruling:
    number = _ruling_id(raw)
    ruling = (
        Ruling.objects.select_related(
            "dispute__event__format", "dispute__match__round", "dispute__opened_by", "judge",
            "upheld_branch",
        )
        .filter(pk=number)
        .first()
    )  # fmt: skip
    if ruling is None:
        raise ReportError(
            f"There is no ruling {number}: its dispute may have been deleted.", field="ruling"
        )
    return ruling


def _name(user) -> str:
    return (user.get_full_name() or user.get_username()) if user else ""


@dataclass(frozen=True)
class PrintedStep:
    """One step of the upheld branch as the report prints it: the text `ruling_report` gives,
    and the board after the step as the console draws it (every die's face, level, A, D)."""

    data: dict
    board: BoardView

    @property
    def illegal(self) -> bool:
        return not self.data["legal"]

    @property
    def sides(self) -> list[dict]:
        """Each player's zones that hold dice, the bag as a count (its dice show nothing)."""
        return [
            {
                "player": player,
                "zones": [z for z in player.zones if z.dice and z.key != Zone.BAG.value],
                "bag": sum(len(z.dice) for z in player.zones if z.key == Zone.BAG.value),
            }
            for player in self.board.players
        ]


@register
class RulingReport(ReportKind):
    code = "ruling"
    label = "Ruling report"
    description = (
        "The dispute, every step of the branch upheld with its verdict, rules and the board "
        "after it, the ruling and the penalties."
    )
    formats = (PDF, CSV)
    param_names = ("ruling", "notes")
    template = "judging/reports/ruling.html"
    on_event_page = False
    refusal = (
        "Only the event's judges and organiser (for a practice dispute, the judge who opened "
        "it) can request its ruling report."
    )

    def event_for(self, event, raw):
        ruling = _ruling(raw.get("ruling"))
        if event is not None and ruling.dispute.event_id != event.pk:
            raise ReportError(f"Ruling {ruling.pk} was not given at {event.name}.", field="ruling")
        return ruling.dispute.event

    def may_request(self, user, event, raw=None):
        return can_judge(user, _ruling((raw or {}).get("ruling")).dispute)

    def may_see(self, user, report):
        ruling = (
            Ruling.objects.select_related("dispute").filter(pk=report.params.get("ruling")).first()
        )
        if ruling is not None:
            return can_judge(user, ruling.dispute)
        if report.event is not None:  # the dispute was deleted: the event's staff keep it
            return super().may_see(user, report)
        return user.is_authenticated and (user.is_superuser or report.requested_by_id == user.pk)

    def download_path(self, report):
        return reverse("judging:ruling-report-download", args=[report.pk])

    def clean_params(self, event, raw):
        notes = "include" if raw.get("notes") in (None, "") else str(raw["notes"])
        if notes not in NOTES:
            raise ReportError(
                f"Notes must be 'include' (the judges' copy) or 'omit' (a copy for the "
                f"players), not {notes!r}.",
                field="notes",
            )
        ruling = _ruling(raw.get("ruling"))
        # The event's pages (the preview) read parameters for their own event only.
        if ruling.dispute.event_id != (event.pk if event is not None else None):
            where = f"at {event.name}" if event is not None else "in this practice"
            raise ReportError(f"Ruling {ruling.pk} was not given {where}.", field="ruling")
        return {"ruling": ruling.pk, "notes": notes}

    def title(self, event, params):
        ruling = _ruling(params["ruling"])
        suffix = " (without judges' notes)" if params["notes"] == "omit" else ""
        title = f"Ruling report: {ruling.dispute.title}"
        return title[: 200 - len(suffix)] + suffix

    def filename_stem(self, event, params):
        where = event.slug if event is not None else "practice"
        stem = f"{where}-ruling-{params['ruling']}"
        return stem + ("-without-notes" if params["notes"] == "omit" else "")

    def context(self, event, params, *, progress, site_url):
        try:
            ruling = _ruling(params["ruling"])
        except ReportError:
            raise ReportError(
                "The ruling was deleted (with its dispute) after the report was asked for."
            ) from None
        dispute = ruling.dispute
        data = ruling_report(ruling)
        progress(15, f"{len(data['steps'])} steps replayed")
        branch = ruling.upheld_branch or dispute.branches.order_by("pk").first()
        steps = []
        for entry in data["steps"]:
            page = step_page(dispute, branch, entry["number"])
            steps.append(PrintedStep(entry, page.board))
        progress(30, "Boards drawn")
        match = dispute.match
        penalties = list(
            Penalty.objects.filter(ruling=ruling).select_related(
                "registration__player", "issued_by", "match__round"
            )
        )
        return {
            "event": dispute.event,
            "generated_at": timezone.now(),
            "title": self.title(event, params),
            "dispute": dispute,
            "match": match,
            "where": (
                f"Round {match.round.number}, table {match.table}"
                if match is not None
                else ("Practice dispute" if dispute.is_practice else "Its round was deleted")
            ),
            "ruling": ruling,
            "rules": ruling.rule_titles(),
            "branch": branch,
            "branch_upheld": ruling.upheld_branch is not None,
            "problems": data["problems"],
            "before": steps[0] if steps else None,
            "steps": steps[1:],
            "penalties": [
                {
                    "player": p.registration.display_name,
                    "kind": p.get_kind_display(),
                    "reason": p.reason,
                    "issued_by": _name(p.issued_by),
                    "issued_at": p.issued_at,
                }
                for p in penalties
            ],
            "with_notes": params["notes"] == "include",
            "judge_notes": ruling.judge_notes if params["notes"] == "include" else "",
            "judge": _name(ruling.judge),
            "opened_by": _name(dispute.opened_by),
        }

    def csv_table(self, context):
        """The upheld branch's steps, one row each, with the life and energy after it."""
        names = context["dispute"].names
        header = [
            "Step", "Turn", "Active player", "Game step", "Action", "Verdict", "Rule",
            "Rule title", "Reason", "Events", "Changes",
            f"P1 {names['P1']} life", "P1 energy", f"P2 {names['P2']} life", "P2 energy",
            "Attacks",
        ]  # fmt: skip
        rows = []
        for step in ([context["before"]] if context["before"] else []) + context["steps"]:
            data, board = step.data, step.board
            players = {p.id: p for p in board.players}
            rows.append(
                [
                    data["number"],
                    board.turn,
                    board.active,
                    board.step_title,
                    data["action"] or "(the board before the sequence)",
                    "illegal" if step.illegal else ("legal" if data["number"] else ""),
                    data["rule"] or "",
                    data["rule_title"] or "",
                    data["reason"] or "",
                    "; ".join(
                        e["text"] + (f" ({e['rule']})" if e["rule"] else "") for e in data["events"]
                    ),
                    "; ".join(data["changes"]),
                    players["P1"].life,
                    _energy(players["P1"]),
                    players["P2"].life,
                    _energy(players["P2"]),
                    "; ".join(_attack_text(e) for e in board.combat),
                ]
            )
        return CsvTable(header, rows)


def _energy(player) -> str:
    text = str(player.energy)
    return text + (f" +{player.virtual_energy} virtual" if player.virtual_energy else "")


def _attack_text(engagement) -> str:
    text = engagement.attacker.id
    if engagement.blockers:
        text += " blocked by " + ", ".join(b.id for b in engagement.blockers)
    return text


# -- the event report's penalties ------------------------------------------------------------
def penalty_lines(event) -> list[PenaltyLine]:
    """Every penalty given at the event, in the order given, for the event report."""
    lines = []
    for penalty in penalties_for_event(event):
        match = penalty.match
        lines.append(
            PenaltyLine(
                round=match.round.number if match else None,
                table=match.table if match else None,
                player=penalty.registration.display_name,
                penalty=penalty.get_kind_display(),
                reason=penalty.reason,
                judge=_name(penalty.issued_by),
            )
        )
    return lines
