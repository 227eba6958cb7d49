"""The event reports: pairings for the wall, result slips, standings and the event report."""

from dataclasses import dataclass

from django.urls import reverse
from django.utils import timezone

from tournaments.models import Event, Match, Round
from tournaments.reports import data
from tournaments.reports.registry import CSV, PDF, CsvTable, ReportError, ReportKind, register
from tournaments.reports.render import qr_data_uri
from tournaments.reports.sections import penalties_for


def _round_param(event: Event, raw, *, swiss_only: bool = False) -> Round:
    """The round asked for, or the latest one (the latest Swiss round for `swiss_only`)."""
    rounds = data.rounds_of(event)
    if swiss_only:
        rounds = [r for r in rounds if not r.is_top_cut]
    if not rounds:
        raise ReportError("This event has no rounds yet: pair round 1 first.", field="round")
    if raw in (None, ""):
        return rounds[-1]
    try:
        number = int(raw)
    except (TypeError, ValueError):
        raise ReportError(f"Round must be a round number, not {raw!r}.", field="round") from None
    for round_ in rounds:
        if round_.number == number:
            return round_
    if swiss_only and any(r.number == number for r in data.rounds_of(event)):
        raise ReportError(
            f"Round {number} is a top-cut round; standings are after Swiss rounds "
            f"(1 to {rounds[-1].number}).",
            field="round",
        )
    raise ReportError(
        f"There is no round {number}: this event has rounds 1 to {rounds[-1].number}.",
        field="round",
    )


def _common(event: Event) -> dict:
    return {"event": event, "generated_at": timezone.now()}


def _choice(raw, choices: dict[str, str], *, field: str, default: str) -> str:
    value = default if raw in (None, "") else str(raw)
    if value not in choices:
        options = " or ".join(f"{k!r} ({v})" for k, v in choices.items())
        raise ReportError(f"{field.capitalize()} must be {options}, not {value!r}.", field=field)
    return value


@dataclass(frozen=True)
class NameLine:
    name: str
    table: int | None
    opponent: str  # empty for a bye
    points: int | None

    @property
    def initial(self) -> str:
        first = self.name[:1].upper()
        return first if first.isalpha() else "#"


@register
class PairingsReport(ReportKind):
    code = "pairings"
    label = "Pairings"
    description = "A round's pairings for the wall: by table, or alphabetical by player."
    formats = (PDF, CSV)
    param_names = ("round", "order")
    template = "tournaments/reports/pairings.html"
    ORDERS = {"table": "by table", "name": "by player name"}

    def clean_params(self, event, raw):
        return {
            "round": _round_param(event, raw.get("round")).number,
            "order": _choice(raw.get("order"), self.ORDERS, field="order", default="table"),
        }

    def title(self, event, params):
        return f"Round {params['round']} pairings {self.ORDERS[params['order']]}"

    def filename_stem(self, event, params):
        return f"{event.slug}-round-{params['round']}-pairings-by-{params['order']}"

    def context(self, event, params, *, progress, site_url):
        round_ = _round_param(event, params["round"])
        points = data.points_before(event, round_)
        matches = [m for m in data.matches_with_games(event, round_number=round_.number)]
        lines = data.table_order(
            [data.match_line(m, points) for m in matches if not m.missed_round]
        )
        progress(20, f"{len(lines)} pairings read")
        by_name = []
        for line in lines:
            by_name.append(NameLine(line.player1, line.table, line.player2, line.points1))
            if line.player2:
                by_name.append(NameLine(line.player2, line.table, line.player1, line.points2))
        by_name.sort(key=lambda entry: entry.name.casefold())
        return {
            **_common(event),
            "round": round_,
            "round_label": data.round_label(round_),
            "order": params["order"],
            "order_label": self.ORDERS[params["order"]],
            "tables": [line for line in lines if not line.is_bye],
            "byes": [line for line in lines if line.is_bye],
            "by_name": by_name,
            "show_points": bool(points),
            "players": len(by_name),
        }

    def csv_table(self, context):
        if context["order"] == "name":
            return CsvTable(
                ["Player", "Table", "Opponent", "Points before the round"],
                [
                    [e.name, e.table or "", e.opponent or "bye", e.points or 0]
                    for e in context["by_name"]
                ],
            )
        return CsvTable(
            ["Table", "Player 1", "Points", "Player 2", "Points"],
            [
                [line.table or "", line.player1, line.points1 or 0,
                 line.player2 or "bye", line.points2 or 0 if line.player2 else ""]
                for line in context["tables"] + context["byes"]
            ],
        )  # fmt: skip


@register
class ResultSlipsReport(ReportKind):
    code = "slips"
    label = "Result slips"
    description = "One slip per table to write the result on, with a QR code to the table page."
    formats = (PDF,)
    param_names = ("round",)
    template = "tournaments/reports/slips.html"

    def clean_params(self, event, raw):
        return {"round": _round_param(event, raw.get("round")).number}

    def title(self, event, params):
        return f"Round {params['round']} result slips"

    def filename_stem(self, event, params):
        return f"{event.slug}-round-{params['round']}-result-slips"

    def context(self, event, params, *, progress, site_url):
        if not site_url:
            raise ReportError(
                "The site's address is unknown, so the QR codes could not link to the tables; "
                "request the slips from the site's pages."
            )
        round_ = _round_param(event, params["round"])
        matches = [
            m
            for m in data.matches_with_games(event, round_number=round_.number)
            if m.player2_id is not None
        ]
        if not matches:
            raise ReportError(f"Round {round_.number} has no tables to play, only byes.")
        games = 3 if round_.is_best_of_three else 1
        slips = []
        for n, match in enumerate(matches, start=1):
            url = site_url.rstrip("/") + reverse("tournaments:table", args=[event.slug, match.pk])
            slips.append(
                {
                    "table": match.table,
                    "player1": match.player1.display_name,
                    "player2": match.player2.display_name,
                    "url": url,
                    "qr": qr_data_uri(url),
                }
            )
            if n % 16 == 0:
                progress(5 + 25 * n // len(matches), f"{n} of {len(matches)} QR codes drawn")
        return {
            **_common(event),
            "round": round_,
            "round_label": data.round_label(round_),
            "slips": slips,
            "games": range(1, games + 1),
            "best_of_three": games == 3,
        }


@register
class StandingsReport(ReportKind):
    code = "standings"
    label = "Standings"
    description = "Standings after a Swiss round, with every tiebreaker figure."
    formats = (PDF, CSV)
    param_names = ("round",)
    template = "tournaments/reports/standings.html"

    def clean_params(self, event, raw):
        return {"round": _round_param(event, raw.get("round"), swiss_only=True).number}

    def title(self, event, params):
        return f"Standings after round {params['round']}"

    def filename_stem(self, event, params):
        return f"{event.slug}-standings-after-round-{params['round']}"

    def context(self, event, params, *, progress, site_url):
        after = _round_param(event, params["round"], swiss_only=True).number
        lines = data.standing_lines(event, after_round=after)
        progress(25, f"{len(lines)} players ranked")
        return {
            **_common(event),
            "after_round": after,
            "standings": lines,
            "tiebreakers": data.tiebreaker_columns(event),
            "pending": _pending_results(event, up_to=after),
        }

    def csv_table(self, context):
        return _standings_csv(context)


@register
class EventReport(ReportKind):
    code = "event"
    label = "Event report"
    description = (
        "Standings with tiebreakers, every round's pairings and results, the top cut, team "
        "lists and penalties."
    )
    formats = (PDF, CSV)
    template = "tournaments/reports/event.html"

    def title(self, event, params):
        return "Final event report" if event.status == Event.Status.FINISHED else "Event report"

    def filename_stem(self, event, params):
        return f"{event.slug}-event-report"

    def context(self, event, params, *, progress, site_url):
        swiss = [r for r in data.rounds_of(event) if not r.is_top_cut]
        after = swiss[-1].number if swiss else None
        standings = data.standing_lines(event, after_round=after) if swiss else []
        tiebreakers = data.tiebreaker_columns(event)
        standings_header, standings_blocks = data.fixed_width_standings(
            standings, tiebreakers, cut_at=event.top_cut
        )
        progress(10, "Standings computed")
        rounds = data.all_round_lines(event)
        progress(20, f"{sum(len(r.lines) for r in rounds)} matches read")
        bracket, placings = data.top_cut(event)
        teams = data.team_lines(event)
        progress(28, "Team lists read")
        judges = [u.get_full_name() or u.get_username() for u in event.judges.all()]
        organiser = event.organiser.get_full_name() or event.organiser.get_username()
        return {
            **_common(event),
            "title": self.title(event, params),
            "finished": event.status == Event.Status.FINISHED,
            "organiser": organiser,
            "judges": judges,
            "players": len(standings),
            "swiss_rounds": len(swiss),
            "after_round": after,
            "standings": standings,
            "standings_header": standings_header,
            "standings_blocks": standings_blocks,
            "tiebreakers": tiebreakers,
            "rounds": rounds,
            "match_header": data.fixed_width_header(),
            "bracket": bracket,
            "placings": placings,
            "teams": teams,
            "penalties": penalties_for(event),
            "pending": _pending_results(event),
        }

    def csv_table(self, context):
        """The event's every match, one row each: the tabular part of the event report, with
        the penalties given in the match (a penalty whose round was deleted is in the PDF)."""
        given: dict[tuple, list[str]] = {}
        for penalty in context["penalties"].lines:
            if penalty.round is not None and penalty.table is not None:
                given.setdefault((penalty.round, penalty.table), []).append(
                    f"{penalty.player}: {penalty.penalty} ({penalty.reason}"
                    + (f"; {penalty.judge})" if penalty.judge else ")")
                )
        return CsvTable(
            ["Round", "Stage", "Table", "Player 1", "Player 2", "Result", "Games", "Status",
             "Penalties"],
            [
                [r.number, "top cut" if r.is_top_cut else "Swiss", line.table or "",
                 line.player1, line.player2 or ("" if line.outcome.startswith("missed") else "bye"),
                 line.outcome, line.games, line.status,
                 "; ".join(given.get((r.number, line.table), ()))]
                for r in context["rounds"]
                for line in r.lines
            ],
        )  # fmt: skip


def _pending_results(event: Event, *, up_to: int | None = None) -> int:
    matches = Match.objects.filter(round__event=event, player2__isnull=False).exclude(
        result_status=Match.ResultStatus.CONFIRMED
    )
    if up_to is not None:
        matches = matches.filter(round__number__lte=up_to)
    return matches.count()


def _standings_csv(context: dict) -> CsvTable:
    header = ["Rank", "Player", "Points", "Wins", "Draws", "Losses", *context["tiebreakers"]]
    rows = []
    for line in context["standings"]:
        wins, draws, losses = line.record.split("–")
        rows.append(
            [line.rank, line.name, line.points, wins, draws, losses, *line.figures]
            + [line.dropped_after if line.dropped_after is not None else ""]
        )
    return CsvTable([*header, "Dropped after round"], rows)
