"""A ruled dispute at a played event, for the reports built from the judge console."""

from judging import services as judging
from judging.models import Ruling
from tests.judging.logs import SEQUENCE, SETUP
from tournaments.models import Match


def ruled_dispute(event) -> Ruling:
    """A judge's ruling at round 3's first table, with the replay of the disputed moment (the
    judge console tests' board: an attack, two blockers, then a blocker added too late) and a
    warning given with it."""

    judge = event.judges.get()
    match = (
        Match.objects.filter(round__event=event, round__number=3, player2__isnull=False)
        .select_related("round__event", "player1__player", "player2__player")
        .order_by("table")
        .first()
    )
    dispute = judging.dispute_open(match=match, title="A blocker added too late?", by=judge)
    attack, block = SEQUENCE.splitlines()[:2]
    dispute = judging.dispute_log_save(
        dispute=dispute,
        text=f"{SETUP}{attack}\n{block}\nP1 block SK1>5sww#1\n",
        by=judge,
        version=None,
    )
    return judging.ruling_record(
        dispute=dispute,
        question="May a blocker be added after blockers were declared?",
        answer="No: blockers are declared once, in the declare blockers step.",
        rules=["R11.2"],
        upheld_branch=dispute.branches.get(),
        judge_notes="Explained the attack step to both players.",
        penalty=judging.PenaltyInput(match.player1, "warning", "Tried to add a blocker late"),
        by=judge,
        version=None,
    )
