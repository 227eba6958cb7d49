"""Events, players, registrations, rounds, matches and games."""

from django.conf import settings
from django.db import models


class Player(models.Model):
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
    points_win = models.PositiveSmallIntegerField(default=3)
    points_draw = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    teams_revealed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self):
        return self.name


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    team = models.OneToOneField(
        "rules.Team", on_delete=models.PROTECT, null=True, blank=True, related_name="registration"
    )
    checked_in = models.BooleanField(default=False)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player__display_name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="registration_unique_player")
        ]

    def __str__(self):
        return f"{self.player} at {self.event}"


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField(help_text="Random seed used to pair, so pairings reproduce.")
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_unique_number")
        ]

    def __str__(self):
        return f"{self.event} round {self.number}"


class Match(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Empty for a bye.")
    player1 = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    player2 = models.ForeignKey(
        Registration, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["round", "table"]
        verbose_name_plural = "matches"

    def __str__(self):
        opponent = self.player2.player if self.player2 else "bye"
        return f"Table {self.table}: {self.player1.player} v {opponent}"

    @property
    def is_bye(self) -> bool:
        return self.player2_id is None


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
