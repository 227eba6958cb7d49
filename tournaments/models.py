"""Events, players, registrations, rounds, matches, games and the result audit trail."""

import secrets
from fractions import Fraction

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower

DEFAULT_TIEBREAKERS = ["omw", "gw", "ogw", "random"]
TIEBREAKER_NAMES = {
    "omw": "Opponents' match-win %",
    "gw": "Game-win %",
    "ogw": "Opponents' game-win %",
    "random": "Random draw",
}


def default_tiebreakers() -> list[str]:
    return list(DEFAULT_TIEBREAKERS)


def random_draw() -> int:
    """The recorded random final tiebreaker (T3.2), drawn once per registration."""
    return secrets.randbelow(2**31)


def swiss_rounds_for(players: int) -> int:
    """WizKids' recommended number of Swiss rounds (T1.3), with the defaults beyond the table."""
    for most, rounds in ((5, None), (8, 3), (16, 4), (32, 5), (64, 6), (128, 7), (256, 8)):
        if players <= most:
            return rounds if rounds is not None else max(1, players - 1)
    return (players - 1).bit_length()


CLAIM_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread


def claim_code() -> str:
    """A code the person an organiser registered by name enters to link their account."""
    return "".join(secrets.choice(CLAIM_CODE_ALPHABET) for _ in range(12))


class Player(models.Model):
    """A person. With an account (user) it is theirs: only they change its name and contact.
    Without one it is the name and contact an organiser gave for one registration."""

    display_name = models.CharField(max_length=80)
    contact = models.CharField(max_length=200, blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )

    class Meta:
        ordering = ["display_name"]

    def __str__(self):
        return self.display_name


class Event(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", "Registration open"
        RUNNING = "running", "Swiss rounds running"
        TOP_CUT = "top_cut", "Top cut"
        FINISHED = "finished", "Finished"

    class MatchType(models.TextChoices):
        SINGLE_GAME = "single", "Single game"
        BEST_OF_THREE = "bo3", "Best of 3"

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140, unique=True)
    date = models.DateField()
    venue = models.CharField(max_length=200, blank=True)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_events"
    )
    format = models.ForeignKey("rules.Format", on_delete=models.PROTECT, related_name="events")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REGISTRATION)
    match_type = models.CharField(
        max_length=10, choices=MatchType.choices, default=MatchType.SINGLE_GAME
    )
    round_minutes = models.PositiveSmallIntegerField(default=30)
    swiss_rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Empty: the WizKids table by player count (T1.3)."
    )
    top_cut = models.PositiveSmallIntegerField(default=0, help_text="0 for no top cut.")
    top_cut_best_of_three = models.BooleanField(
        default=True, help_text="Top cut matches are best of 3 (T2.1); untick for single games."
    )
    points_win = models.PositiveSmallIntegerField(default=3)
    points_draw = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    tiebreakers = models.JSONField(
        default=default_tiebreakers,
        help_text="Order of tiebreakers after match points: omw, gw, ogw, random (T3.2).",
    )
    percentage_floor = models.CharField(
        max_length=12, default="1/3", help_text="Floor for win percentages, e.g. 1/3, 0.33 or 0."
    )
    team_list_required = models.BooleanField(
        default=True, help_text="Every player must register a legal team before the start."
    )
    teams_revealed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the teams became public (the event start)."
    )
    judges = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="judged_events"
    )

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self):
        return self.name

    def clean(self):
        unknown = [name for name in self.tiebreakers if name not in TIEBREAKER_NAMES]
        if unknown or len(set(self.tiebreakers)) != len(self.tiebreakers):
            raise ValidationError(
                {"tiebreakers": f"Use each of {', '.join(TIEBREAKER_NAMES)} at most once."}
            )
        try:
            floor = self.floor
        except (ValueError, ZeroDivisionError):
            floor = None
        if floor is None or not 0 <= floor < 1:
            raise ValidationError(
                {"percentage_floor": "Give a fraction between 0 and 1, such as 1/3 or 0.33."}
            )
        if self.top_cut and (self.top_cut < 2 or self.top_cut & (self.top_cut - 1)):
            raise ValidationError(
                {"top_cut": "A top cut has 2, 4, 8, 16, ... players, or 0 for none."}
            )
        if not self.round_minutes:
            raise ValidationError({"round_minutes": "A round lasts at least one minute."})
        if not self.points_win > self.points_draw >= self.points_loss:
            raise ValidationError(
                {"points_win": "A win scores more than a draw, and a draw at least a loss."}
            )

    @property
    def floor(self) -> Fraction:
        return Fraction(self.percentage_floor.strip())

    @property
    def planned_swiss_rounds(self) -> int:
        if self.swiss_rounds:
            return self.swiss_rounds
        return swiss_rounds_for(self.registrations.filter(dropped_after_round__isnull=True).count())

    @property
    def is_best_of_three(self) -> bool:
        return self.match_type == self.MatchType.BEST_OF_THREE


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    display_name = models.CharField(
        max_length=80, help_text="The player's name at this event (tournaments.names.clean)."
    )
    name_key = models.CharField(
        max_length=400,
        editable=False,
        help_text="tournaments.names.key of the name: look-alike names share it.",
    )
    claim_code = models.CharField(
        max_length=12,
        unique=True,
        null=True,
        blank=True,
        editable=False,
        help_text="Registered by name: the player enters it to link their account; then empty.",
    )
    team = models.OneToOneField(
        "rules.Team", on_delete=models.PROTECT, null=True, blank=True, related_name="registration"
    )
    checked_in = models.BooleanField(default=False)
    dropped_after_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Not paired after this round (0: dropped before round 1)."
    )
    late_entry_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="First round played, for a late entry."
    )
    random_draw = models.BigIntegerField(default=random_draw)
    fixed_table = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="A table this player must always sit at (accessibility)."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="registration_unique_player"),
            models.UniqueConstraint(fields=["event", "name_key"], name="registration_unique_name"),
        ]

    def __str__(self):
        return f"{self.display_name} at {self.event}"


class Round(models.Model):
    class Stage(models.TextChoices):
        SWISS = "swiss", "Swiss"
        TOP_CUT = "top_cut", "Top cut"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=10, choices=Stage.choices, default=Stage.SWISS)
    seed = models.BigIntegerField(help_text="Random seed used to pair, so pairings reproduce.")
    pairing_record = models.JSONField(
        default=dict, blank=True, help_text="How the round was paired: method, quality, notes."
    )
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_unique_number")
        ]

    def __str__(self):
        return f"{self.event} round {self.number}"

    @property
    def is_top_cut(self) -> bool:
        return self.stage == self.Stage.TOP_CUT

    @property
    def is_best_of_three(self) -> bool:
        # Top cut matches are best of 3 by default (T2.1), whatever the Swiss rounds use.
        if self.is_top_cut:
            return self.event.top_cut_best_of_three
        return self.event.is_best_of_three


class Match(models.Model):
    class ResultStatus(models.TextChoices):
        PENDING = "pending", "No result yet"
        REPORTED = "reported", "Reported, awaiting the opponent"
        DISPUTED = "disputed", "Players disagree: a judge decides"
        CONFIRMED = "confirmed", "Confirmed"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Empty for a bye.")
    player1 = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    player2 = models.ForeignKey(
        Registration, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    result_status = models.CharField(
        max_length=12, choices=ResultStatus.choices, default=ResultStatus.PENDING
    )
    missed_round = models.BooleanField(
        default=False, help_text="A late entry's missed round, scored as a loss (no opponent)."
    )
    extra_seconds = models.PositiveIntegerField(
        default=0, help_text="Extra time given to this table by judges (see TimeExtension)."
    )
    clock_paused_at = models.DateTimeField(
        null=True, blank=True, help_text="While a judge rules, this table's clock stands still."
    )

    class Meta:
        ordering = ["round", "table"]
        verbose_name_plural = "matches"

    def __str__(self):
        opponent = self.player2.display_name if self.player2 else "bye"
        return f"Table {self.table}: {self.player1.display_name} v {opponent}"

    @property
    def is_bye(self) -> bool:
        return self.player2_id is None and not self.missed_round

    def player_ids(self) -> set[int]:
        return {self.player1_id} | ({self.player2_id} if self.player2_id else set())


class Game(models.Model):
    class Ending(models.TextChoices):
        LIFE = "life", "Life reached 0"
        TIME = "time", "Time call, decided by life totals"
        CONCESSION = "concession", "Concession"
        NO_SHOW = "no_show", "No-show"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    first_player = models.ForeignKey(
        Registration, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    winner = models.ForeignKey(
        Registration,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="Empty with is_draw for a drawn game.",
    )
    is_draw = models.BooleanField(default=False)
    ending = models.CharField(max_length=20, choices=Ending.choices)
    life1 = models.SmallIntegerField(null=True, blank=True)
    life2 = models.SmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="game_unique_number"),
            models.CheckConstraint(
                condition=~(models.Q(is_draw=True) & models.Q(winner__isnull=False)),
                name="game_draw_has_no_winner",
            ),
        ]

    def __str__(self):
        return f"{self.match} game {self.number}"


class ResultReport(models.Model):
    """A player's own report of their match, waiting for the opponent's confirmation; or, with
    no reporter, the life tracker's proposal after the game ended, for either player to confirm."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    reported_by = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    games = models.JSONField(help_text="[{winner: registration id or null for a draw, ...}]")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self):
        who = self.reported_by.display_name if self.reported_by else "The life tracker"
        return f"{who} reports {self.match}"


class ResultChange(models.Model):
    """Audit trail: every official result written or changed, by whom, when and why."""

    class Kind(models.TextChoices):
        ENTERED = "entered", "Entered by staff"
        CONFIRMED = "confirmed", "Confirmed by both players"
        CORRECTED = "corrected", "Corrected"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="result_changes")
    # Kept when the match's round is deleted: the match goes, its audit stays (RoundDeletion).
    match = models.ForeignKey(
        Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="changes"
    )
    match_label = models.CharField(
        max_length=200,
        blank=True,
        default="",
        help_text="The match, named once its round is deleted.",
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField(default=list, blank=True)
    after = models.JSONField(default=list)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["changed_at", "pk"]

    def __str__(self):
        return f"{self.get_kind_display()} {self.match} by {self.changed_by}"


class RoundDeletion(models.Model):
    """Audit trail: a round its organiser deleted, by whom and when, with its matches and their
    results as they stood. The round's result changes stay (ResultChange.match_label) and its
    disputes keep which match they were about (Dispute.match_label)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_deletions")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=10, choices=Round.Stage.choices)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    deleted_at = models.DateTimeField(auto_now_add=True)
    had_results = models.BooleanField()
    matches = models.JSONField(
        default=list,
        help_text="[{label, table, players, result_status, games: [{winner, ending, ...}]}], "
        "players named, so the record reads on its own.",
    )

    class Meta:
        ordering = ["deleted_at", "pk"]

    def __str__(self):
        return f"{self.event} round {self.number}, deleted by {self.deleted_by}"


class ForbiddenPair(models.Model):
    """Two players not to be paired in early rounds (family, team-mates), if avoidable."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="forbidden_pairs")
    first = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    until_round = models.PositiveSmallIntegerField(default=3)

    def __str__(self):
        return (
            f"{self.first.display_name} / {self.second.display_name} until round {self.until_round}"
        )


class PairingChange(models.Model):
    """A judge's hand edit of a round's pairings, with the warnings they confirmed."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairing_changes")
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)
    description = models.TextField()
    confirmed_warnings = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["changed_at", "pk"]

    def __str__(self):
        return self.description


class TableGame(models.Model):
    """A game as it is played at the table: life totals, whose turn, the time call."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="table_games")
    number = models.PositiveSmallIntegerField(default=1)
    starting_life = models.SmallIntegerField()
    life1 = models.SmallIntegerField()
    life2 = models.SmallIntegerField()
    turn = models.PositiveSmallIntegerField(default=1)
    active_side = models.PositiveSmallIntegerField(default=1, help_text="1 or 2: whose turn.")
    time_called_turn = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The turn in progress when time was called (turn 0)."
    )
    finished = models.BooleanField(default=False)
    winner_side = models.PositiveSmallIntegerField(null=True, blank=True)
    ending = models.CharField(max_length=20, choices=Game.Ending.choices, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    revision = models.PositiveIntegerField(
        default=0, help_text="Counts writes, so a phone acting on an old view is told so."
    )

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="tablegame_unique_number")
        ]

    def __str__(self):
        return f"{self.match} game {self.number}: {self.life1}-{self.life2}"

    @property
    def first_side(self) -> int:
        """Who took the first turn: turns alternate, so it follows from whose turn it is."""
        return self.active_side if self.turn % 2 else 3 - self.active_side

    @property
    def extra_turn(self) -> int | None:
        """0 for the turn in progress at the time call, then 1..5 (T2.4); None before it."""
        return None if self.time_called_turn is None else self.turn - self.time_called_turn


class LifeChange(models.Model):
    """One change to one or both life totals, as entered at the table. Never edited: an undo
    marks it undone, so the history stays whole."""

    class Reason(models.TextChoices):
        COMBAT = "combat", "Combat damage"
        ABILITY = "ability", "Ability damage"
        LOSS = "loss", "Life loss"
        SHORTFALL = "shortfall", "Shortfall on draw"
        GAIN = "gain", "Life gain"
        CORRECTION = "correction", "Correction"

    table_game = models.ForeignKey(TableGame, on_delete=models.CASCADE, related_name="changes")
    delta1 = models.SmallIntegerField(default=0)
    delta2 = models.SmallIntegerField(default=0)
    life1 = models.SmallIntegerField(help_text="Player 1's total after the change.")
    life2 = models.SmallIntegerField(help_text="Player 2's total after the change.")
    wasted1 = models.PositiveSmallIntegerField(default=0, help_text="Gain above the start, lost.")
    wasted2 = models.PositiveSmallIntegerField(default=0)
    reason = models.CharField(max_length=12, choices=Reason.choices)
    turn = models.PositiveSmallIntegerField()
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    undone = models.BooleanField(default=False)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return f"{self.delta1:+d}/{self.delta2:+d} ({self.get_reason_display()})"


class TimeExtension(models.Model):
    """Extra time a judge gave one table, e.g. for a ruling."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="time_extensions")
    seconds = models.PositiveIntegerField()
    reason = models.CharField(max_length=200)
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    granted_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"+{self.seconds // 60} min for {self.match}: {self.reason}"


class JudgeInvitation(models.Model):
    """An organiser's invitation to judge their event, pending until its addressee answers.

    `username` is the name the organiser typed; `invitee` is the account of that name when the
    invitation was made, or None: an invitation to an unknown name is stored the same way (so
    the organiser's answer never tells whether the account exists) and never becomes anything.
    Accepting makes the invitee one of the event's judges; answering or withdrawing deletes it.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="judge_invitations")
    username = models.CharField(max_length=150)
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="judge_invitations",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            # One pending invitation per name and event, whatever its case.
            models.UniqueConstraint(
                "event", Lower("username"), name="one_judge_invitation_per_name"
            ),
        ]

    def __str__(self):
        return f"{self.username} invited to judge {self.event}"


# Reports built by Celery workers: the model lives beside its builders (tournaments/reports/).
from tournaments.reports.models import Report  # noqa: E402,F401

# API tokens (scoped, expiring, revoked by a password change): tournaments/tokens.py.
from tournaments.tokens import ApiToken  # noqa: E402,F401
