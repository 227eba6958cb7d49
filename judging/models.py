"""Disputes, their lines of play (branches), rulings and penalties.

A dispute is a game log split in two: the `setup` (format, teams and the described board)
shared by every branch, and each branch's `actions` (the disputed sequence, or another
interpretation of it forked from a step). Text is the truth, as in the engine: the board
editor and the fork form only write log lines. `version` counts the dispute's writes; a form
sends the version it was built from, so two judges editing at once never lose an update.
"""

from django.conf import settings
from django.db import models

from rules.engine.rulebook import RULES


class Dispute(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Open"
        RULED = "ruled", "Ruled"

    event = models.ForeignKey(
        "tournaments.Event",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="disputes",
        help_text="Empty for a practice dispute.",
    )
    match = models.ForeignKey(
        "tournaments.Match",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="disputes",
    )
    match_label = models.CharField(
        max_length=200,
        blank=True,
        default="",
        help_text="The match, named once its round is deleted (the link then goes).",
    )
    title = models.CharField(max_length=200, help_text="What the players disagree about.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    player1_name = models.CharField(max_length=80, default="Player 1")
    player2_name = models.CharField(max_length=80, default="Player 2")
    setup = models.TextField(help_text="Game log lines before the first action.")
    version = models.PositiveIntegerField(default=1)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    opened_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-opened_at", "-pk"]

    def __str__(self):
        return f"Dispute {self.pk}: {self.title}"

    @property
    def is_practice(self) -> bool:
        return self.event_id is None

    @property
    def names(self) -> dict[str, str]:
        return {"P1": self.player1_name, "P2": self.player2_name}


class Branch(models.Model):
    """One line of play from the dispute's board: the sequence as played, or an
    interpretation forked from one of its steps."""

    dispute = models.ForeignKey(Dispute, on_delete=models.CASCADE, related_name="branches")
    name = models.CharField(max_length=80)
    parent = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="forks"
    )
    fork_step = models.PositiveIntegerField(
        null=True, blank=True, help_text="The parent's step this branch replaces (1 = first)."
    )
    actions = models.TextField(blank=True, help_text="Action lines, one per line.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["dispute", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["dispute", "name"], name="branch_unique_name")
        ]

    def __str__(self):
        return self.name


class Ruling(models.Model):
    """The judge's answer to a dispute. Players of the match see the question, the answer,
    the rules and the penalties; `judge_notes` stay with the event's judges."""

    dispute = models.OneToOneField(Dispute, on_delete=models.CASCADE, related_name="ruling")
    # Copied from the dispute so rulings list per event and match without joins.
    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    match = models.ForeignKey(
        "tournaments.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    question = models.TextField()
    answer = models.TextField()
    rules = models.JSONField(default=list, blank=True, help_text='Rule IDs, e.g. ["R11.4"].')
    upheld_branch = models.ForeignKey(
        Branch, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    judge_notes = models.TextField(blank=True, help_text="Seen by the event's judges only.")
    judge = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    recorded_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["recorded_at", "pk"]

    def __str__(self):
        return f"Ruling on {self.dispute}"

    def rule_titles(self) -> list[tuple[str, str]]:
        return [(rule, RULES.get(rule, "")) for rule in self.rules]


class Penalty(models.Model):
    """A penalty given to a player at an event (T5.5: no official guide; recorded with the
    reason and the judge, so repeat infractions are visible)."""

    class Kind(models.TextChoices):
        WARNING = "warning", "Warning"
        GAME_LOSS = "game_loss", "Game loss"
        MATCH_LOSS = "match_loss", "Match loss"
        DISQUALIFICATION = "disqualification", "Disqualification"

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="penalties"
    )
    match = models.ForeignKey(
        "tournaments.Match",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="penalties",
    )
    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="penalties"
    )
    ruling = models.ForeignKey(
        Ruling, on_delete=models.SET_NULL, null=True, blank=True, related_name="penalties"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    reason = models.CharField(max_length=300)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    issued_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["issued_at", "pk"]
        verbose_name_plural = "penalties"

    def __str__(self):
        return f"{self.get_kind_display()} for {self.registration.display_name}: {self.reason}"
