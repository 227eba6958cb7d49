"""Writes for the judge console. Every function is keyword-only and atomic; a write that
would leave an unreadable log or an impossible board raises and saves nothing.

Concurrency: each write locks the dispute's row and, when the caller says which `version` its
form was built from, refuses a dispute changed since (two judges typing at once), so no update
is ever silently lost. Every write moves the version on.
"""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from judging.logtext import LogProblem, card_keys, fork_actions, setup_text, split_log
from judging.models import Branch, Dispute, Penalty, Ruling
from judging.selectors import replay_of
from rules.engine import Board, NotationError
from rules.engine.notation import format_board
from rules.engine.rulebook import RULES
from rules.selectors import engine_cards
from tournaments import services as tournament_services
from tournaments.models import Match, Registration
from tournaments.services import EventError

MAIN_BRANCH = "As played"


class DisputeError(ValueError):
    """A console action the dispute's state doesn't allow; `code` is stable for tests."""

    def __init__(self, message: str, *, code: str):
        self.code = code
        super().__init__(message)


class LogRejected(ValueError):
    """A log that can't be read or an impossible board: every problem, each with its place."""

    def __init__(self, problems: list[LogProblem]):
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


@dataclass(frozen=True)
class PenaltyInput:
    registration: Registration
    kind: str
    reason: str


def _check(setup: str, actions: str = "") -> None:
    """Refuse a log that can't be read, or whose board is impossible (LogRejected). The
    replay built to check it stays cached for the console's next page."""
    built = replay_of(setup, actions)
    if built.problems:
        raise LogRejected(built.problems)


def _locked(dispute: Dispute, version: int | None) -> Dispute:
    locked = Dispute.objects.select_for_update().get(pk=dispute.pk)
    if version is not None and locked.version != version:
        raise DisputeError(
            "Someone changed this dispute since you opened the page: reload it and apply "
            "your change again.",
            code="stale",
        )
    return locked


def _touch(dispute: Dispute, **fields) -> None:
    fields["updated_at"] = timezone.now()
    for name, value in fields.items():
        setattr(dispute, name, value)
    Dispute.objects.filter(pk=dispute.pk).update(version=F("version") + 1, **fields)
    dispute.refresh_from_db(fields=["version", "updated_at"])


# -- opening -------------------------------------------------------------------------------
def _team_pairs(registration: Registration | None) -> list[tuple[str, int]]:
    if registration is None or registration.team is None:
        return []
    return [
        (tc.card.key, 0 if tc.card.kind == "basic_action" else tc.dice)
        for tc in registration.team.cards.select_related("card")
    ]


def _table_moment(match: Match) -> tuple[int, str, dict[str, int]]:
    """The turn, the active player and the life totals of the game being played, from the
    table's life log (the first unfinished game, else the last)."""
    games = list(match.table_games.order_by("number"))
    game = next((g for g in games if not g.finished), games[-1] if games else None)
    if game is None:
        life = match.round.event.format.definition.get("starting_life", 20)
        return 1, "P1", {"P1": life, "P2": life}
    active = "P1" if game.active_side == 1 else "P2"
    return game.turn, active, {"P1": game.life1, "P2": game.life2}


@transaction.atomic
def dispute_open(*, match: Match, title: str, by, pause_clock: bool = False) -> Dispute:
    """A dispute at a table: the two registered teams, the table's turn, whose turn it is and
    life totals, and (when asked) the table's clock paused until the ruling."""
    title = " ".join(title.split())
    if not title:
        raise DisputeError("Say what the players disagree about.", code="title_missing")
    if match.player2_id is None:
        raise DisputeError("A bye has no game to dispute.", code="bye")
    event = match.round.event
    turn, active, life = _table_moment(match)
    starting_life = event.format.definition.get("starting_life", 20)
    first = active if turn % 2 else ("P2" if active == "P1" else "P1")
    board = Board(
        turn=turn,
        active=active,
        life=tuple((p, max(1, min(starting_life, life[p]))) for p in ("P1", "P2")),
    )
    setup = setup_text(
        teams={"P1": _team_pairs(match.player1), "P2": _team_pairs(match.player2)},
        starting_life=starting_life,
        first_player=first,
        board=board,
    )
    dispute = Dispute.objects.create(
        event=event,
        match=match,
        title=title[:200],
        player1_name=match.player1.display_name,
        player2_name=match.player2.display_name,
        setup=setup,
        opened_by=by,
    )
    Branch.objects.create(dispute=dispute, name=MAIN_BRANCH, created_by=by)
    if pause_clock:
        try:
            tournament_services.clock_pause(match=match, by=by)
        except EventError as error:
            raise DisputeError(str(error), code=error.code) from error
    return dispute


@transaction.atomic
def dispute_open_practice(
    *,
    title: str,
    by,
    teams: dict[str, list[tuple[str, int]]],
    names: dict[str, str] | None = None,
    format: str = "tournament",
    starting_life: int = 20,
) -> Dispute:
    """A practice dispute, on teams the judge chose, starting in turn 1's Main Step."""
    title = " ".join(title.split())
    if not title:
        raise DisputeError("Say what the practice dispute is about.", code="title_missing")
    if not 1 <= starting_life <= 99:
        raise DisputeError("Starting life is 1 to 99.", code="life")
    names = names or {}
    setup = setup_text(teams=teams, format=format, starting_life=starting_life, board=Board())
    _check(setup)
    dispute = Dispute.objects.create(
        title=title[:200],
        player1_name=(names.get("P1") or "Player 1")[:80],
        player2_name=(names.get("P2") or "Player 2")[:80],
        setup=setup,
        opened_by=by,
    )
    Branch.objects.create(dispute=dispute, name=MAIN_BRANCH, created_by=by)
    return dispute


# -- describing the moment and the sequence --------------------------------------------------
@transaction.atomic
def dispute_board_save(*, dispute: Dispute, board: Board, by, version: int | None) -> Dispute:
    """The board editor's board replaces the setup's board (teams and game line stay)."""
    dispute = _locked(dispute, version)
    lines = dispute.setup.splitlines()
    header = [line for line in lines if _setup_head(line) in ("game", "team")]
    setup = "\n".join(header + format_board(board)) + "\n"
    _check(setup)
    _touch(dispute, setup=setup)
    return dispute


def _setup_head(line: str) -> str:
    """'game', 'team', 'board', 'life', 'die' ...: what a setup line is ('' for a comment)."""
    words = line.split()
    if not words or words[0].startswith("#"):
        return ""
    if words[0] in ("P1", "P2") and len(words) > 1:
        return words[1]
    return words[0]


@transaction.atomic
def dispute_log_save(*, dispute: Dispute, text: str, by, version: int | None) -> Dispute:
    """A whole game log typed or pasted by the judge: its setup becomes the dispute's, its
    actions the sequence as played."""
    dispute = _locked(dispute, version)
    text = text.replace("\r\n", "\n")
    try:
        parts = split_log(text, engine_cards(card_keys(text)))
    except NotationError as error:
        message = str(error).split(": ", 1)[-1]
        problem = LogProblem("log", error.line, error.column, message, error.text)
        raise LogRejected([problem]) from error
    _check(parts.setup, parts.actions)
    main = dispute.branches.order_by("pk").first()
    main.actions = parts.actions
    main.save(update_fields=["actions"])
    _touch(dispute, setup=parts.setup)
    return dispute


@transaction.atomic
def branch_actions_save(*, branch: Branch, actions: str, by, version: int | None) -> Branch:
    """A branch's sequence. Illegal actions are welcome (that is what a dispute is about);
    a line that can't be read is refused with its line and column."""
    dispute = _locked(branch.dispute, version)
    actions = actions.replace("\r\n", "\n")
    if actions.strip():
        actions = actions.rstrip("\n") + "\n"
    _check(dispute.setup, actions)
    branch.actions = actions
    branch.save(update_fields=["actions"])
    _touch(dispute)
    return branch


@transaction.atomic
def branch_fork(
    *,
    branch: Branch,
    step: int,
    replacement: str,
    keep_rest: bool,
    name: str,
    by,
    version: int | None,
    sequence_line: int | None,
) -> Branch:
    """A new branch: the same steps before `step`, then `replacement` instead of it (and,
    with keep_rest, the steps after it). `sequence_line` is that step's line in the branch's
    sequence (None at the start of the board)."""
    dispute = _locked(branch.dispute, version)
    name = " ".join(name.split())[:80] or f"Fork at step {step}"
    if dispute.branches.filter(name=name).exists():
        raise DisputeError(f"There is already a branch called {name!r}.", code="branch_name")
    if not replacement.strip() and not keep_rest:
        raise DisputeError(
            "Give the action(s) to try instead of this step, or keep the steps after it.",
            code="fork_empty",
        )
    actions = fork_actions(branch.actions, sequence_line, replacement, keep_rest=keep_rest)
    _check(dispute.setup, actions)
    fork = Branch.objects.create(
        dispute=dispute,
        name=name,
        parent=branch,
        fork_step=step,
        actions=actions,
        created_by=by,
    )
    _touch(dispute)
    return fork


@transaction.atomic
def branch_delete(*, branch: Branch, by, version: int | None) -> None:
    """Drop a fork tried by mistake. The sequence as played and the branch a ruling upheld
    stay; forks of the dropped branch stay too (their own steps are whole)."""
    dispute = _locked(branch.dispute, version)
    if branch.parent_id is None:
        raise DisputeError("The sequence as played can't be deleted.", code="main_branch")
    if Ruling.objects.filter(dispute=dispute, upheld_branch=branch).exists():
        raise DisputeError(
            "The ruling upholds this branch: change the ruling first.", code="upheld"
        )
    branch.forks.update(parent=branch.parent)
    branch.delete()
    _touch(dispute)


# -- the table's clock -----------------------------------------------------------------------
def dispute_clock_pause(*, dispute: Dispute, by) -> None:
    if dispute.match is None:
        raise DisputeError("A practice dispute has no table clock.", code="practice")
    try:
        tournament_services.clock_pause(match=dispute.match, by=by)
    except EventError as error:
        raise DisputeError(str(error), code=error.code) from error


def dispute_clock_resume(*, dispute: Dispute, by):
    if dispute.match is None:
        return None
    return tournament_services.clock_resume(
        match=dispute.match, reason=f"Clock paused for a ruling: {dispute.title}", by=by
    )


# -- rulings and penalties -------------------------------------------------------------------
def _rule_ids(rules: list[str]) -> list[str]:
    ids = list(dict.fromkeys(r.strip().upper() for r in rules if r.strip()))
    known = {r.upper(): r for r in RULES}
    unknown = [r for r in ids if r not in known]
    if unknown:
        raise DisputeError(
            f"Unknown rule ID {', '.join(unknown)}: use the rule reference's IDs (R11.4, "
            "K-OVERCRUSH, T2.2, J1 ...).",
            code="rule_unknown",
        )
    return [known[r] for r in ids]


@transaction.atomic
def ruling_record(
    *,
    dispute: Dispute,
    question: str,
    answer: str,
    rules: list[str],
    upheld_branch: Branch | None,
    judge_notes: str = "",
    penalty: PenaltyInput | None = None,
    by,
    version: int | None,
) -> Ruling:
    """The ruling on a dispute (recorded again, it is corrected in place), with an optional
    penalty on the match. The table's clock runs again if it was paused."""
    dispute = _locked(dispute, version)
    question, answer = question.strip(), answer.strip()
    if not question or not answer:
        raise DisputeError("A ruling needs the question and the answer.", code="ruling_missing")
    rule_ids = _rule_ids(rules)
    if upheld_branch is not None and upheld_branch.dispute_id != dispute.pk:
        raise DisputeError("The upheld branch must be one of this dispute's.", code="branch")
    ruling, _ = Ruling.objects.update_or_create(
        dispute=dispute,
        defaults={
            "event": dispute.event,
            "match": dispute.match,
            "question": question,
            "answer": answer,
            "rules": rule_ids,
            "upheld_branch": upheld_branch,
            "judge_notes": judge_notes.strip(),
            "judge": by,
        },
    )
    if penalty is not None:
        if dispute.match is None:
            raise DisputeError("Penalties are given at events, not in practice.", code="practice")
        penalty_issue(
            match=dispute.match,
            registration=penalty.registration,
            kind=penalty.kind,
            reason=penalty.reason,
            ruling=ruling,
            by=by,
        )
    _touch(dispute, status=Dispute.Status.RULED)
    if dispute.match is not None:
        dispute_clock_resume(dispute=dispute, by=by)
    return ruling


@transaction.atomic
def penalty_issue(
    *, match: Match, registration: Registration, kind: str, reason: str, by, ruling=None
) -> Penalty:
    """A penalty to one of the match's players, with the reason (T5.5)."""
    reason = " ".join(reason.split())
    if kind not in Penalty.Kind.values:
        raise DisputeError(
            f"A penalty is one of: {', '.join(Penalty.Kind.labels)}.", code="penalty_kind"
        )
    if not reason:
        raise DisputeError("Give the reason for the penalty.", code="penalty_reason")
    if registration.pk not in match.player_ids():
        raise DisputeError("The penalty goes to one of this match's players.", code="player")
    return Penalty.objects.create(
        event=match.round.event,
        match=match,
        registration=registration,
        ruling=ruling,
        kind=kind,
        reason=reason[:300],
        issued_by=by,
    )


__all__ = [
    "MAIN_BRANCH",
    "DisputeError",
    "LogRejected",
    "PenaltyInput",
    "branch_actions_save",
    "branch_delete",
    "branch_fork",
    "dispute_board_save",
    "dispute_clock_pause",
    "dispute_clock_resume",
    "dispute_log_save",
    "dispute_open",
    "dispute_open_practice",
    "penalty_issue",
    "ruling_record",
]
