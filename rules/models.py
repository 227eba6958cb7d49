"""The card catalogue, formats and teams. Legality itself is pure Python in rules.teams."""

from django.conf import settings
from django.db import models, transaction


class CardKind(models.TextChoices):
    CHARACTER = "character", "Character"
    ACTION = "action", "Action"
    BASIC_ACTION = "basic_action", "Basic action"
    # The community data cannot tell these apart when a card's die stats were never entered.
    CHARACTER_OR_ACTION = "character_or_action", "Character or action"


class Automation(models.TextChoices):
    """How much of a card the engine plays by itself (rules.abilities): the rest is entered
    by the judge as adjustments."""

    AUTOMATED = "automated", "Automated"
    PARTIAL = "partial", "Partly automated"
    MANUAL = "manual", "Manual"


class CardSet(models.Model):
    code = models.SlugField("set code", max_length=20, unique=True)
    name = models.CharField(max_length=100)
    group = models.SlugField(max_length=20, help_text="The main set an OP/promo set belongs to.")
    universe = models.CharField(max_length=50, blank=True)

    class Meta:
        ordering = ["code"]

    def __str__(self):
        return f"{self.name} ({self.code})"


class Die(models.Model):
    """One physical die, shared by the cards of the same character in a set."""

    key = models.CharField(max_length=80, unique=True)
    card_set = models.ForeignKey(CardSet, on_delete=models.CASCADE, related_name="dice")
    # [{"level": 1, "fielding": 0, "attack": 1, "defense": 2, "bursts": 1}, ...]
    faces = models.JSONField(default=list, blank=True)
    # Where known (no community source has them): [{"symbols": ["fist", "fist"], "generic": 0,
    # "bursts": 0}, {"symbols": [], "generic": 2, "bursts": 1}, ...]
    energy_faces = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["key"]

    def __str__(self):
        return self.key


class Card(models.Model):
    key = models.CharField(
        max_length=20, unique=True, help_text="Team Builder code: <number><set code>, e.g. 1avx."
    )
    card_set = models.ForeignKey(CardSet, on_delete=models.CASCADE, related_name="cards")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=100, db_index=True)
    subtitle = models.CharField(max_length=150, blank=True)
    kind = models.CharField(max_length=20, choices=CardKind.choices)
    cost = models.PositiveSmallIntegerField(null=True, blank=True)
    energy = models.JSONField(default=list, blank=True)
    affiliations = models.JSONField(default=list, blank=True)
    rarity = models.CharField(max_length=20, blank=True)
    max_dice = models.PositiveSmallIntegerField(null=True, blank=True)
    ability_lines = models.JSONField(default=list, blank=True)
    global_lines = models.JSONField(default=list, blank=True)
    keywords = models.JSONField(default=list, blank=True)
    die = models.ForeignKey(
        Die, on_delete=models.SET_NULL, null=True, blank=True, related_name="cards"
    )
    stats_trust = models.CharField(max_length=40, blank=True)
    # Compiled from the ability text at import (rules.abilities.compile_card); the engine
    # builds the card's abilities from `ability_encoding`.
    automation = models.CharField(
        max_length=10, choices=Automation.choices, default=Automation.MANUAL
    )
    automation_note = models.TextField(blank=True, default="", help_text="What stays manual.")
    ability_encoding = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["card_set__code", "number"]
        constraints = [
            models.UniqueConstraint(fields=["card_set", "number"], name="card_unique_number")
        ]

    def __str__(self):
        return f"{self.name}: {self.subtitle}" if self.subtitle else self.name

    @property
    def ability_description(self) -> str:
        """Our own words for what the engine automates, generated from the encoding."""
        from rules.abilities import describe

        return describe(self.ability_encoding)

    def compiled_automation(self) -> dict:
        """automation, automation_note and ability_encoding compiled from the card's text."""
        from rules.abilities import compile_card

        compiled = compile_card(
            {
                "key": self.key,
                "name": self.name,
                "kind": self.kind,
                "ability_lines": self.ability_lines,
                "global_lines": self.global_lines,
            }
        )
        return {
            "automation": compiled.status,
            "automation_note": compiled.note,
            "ability_encoding": compiled.encoding,
        }


class TeamLocked(Exception):
    """A locked team's cards and dice can't change (T4.2: teams are fixed for the event)."""


class Format(models.Model):
    """A play format as data; `definition` is rules.teams.formats.Format.to_dict()."""

    code = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=100)
    definition = models.JSONField()
    is_builtin = models.BooleanField(default=False)
    # The organiser who defined it; None for the built-in formats and imported rotations.
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    def clean(self):
        from django.core.exceptions import ValidationError

        from rules.teams import Format as Definition

        try:
            definition = Definition.from_dict(self.definition)
        except (ValueError, TypeError, AttributeError) as error:
            raise ValidationError({"definition": str(error)}) from error
        if definition.code != self.code:
            raise ValidationError(
                {"definition": f"The definition's code {definition.code!r} must be {self.code!r}."}
            )


class Team(models.Model):
    """A team list: exact cards and dice. Locked once its event starts."""

    name = models.CharField(max_length=100, blank=True)
    locked_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.name or f"Team {self.pk}"

    @property
    def is_locked(self) -> bool:
        return self.locked_at is not None


class TeamCard(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    dice = models.PositiveSmallIntegerField()
    partner = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Doubles: which player of the pair brings it (1 or 2)."
    )

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["team", "card"], name="teamcard_unique")]

    def __str__(self):
        return f"{self.dice}x {self.card}"

    def save(self, *args, **kwargs):
        with transaction.atomic():
            self._refuse_if_locked()
            super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        with transaction.atomic():
            self._refuse_if_locked()
            return super().delete(*args, **kwargs)

    def _refuse_if_locked(self) -> None:
        # The team row stays locked until the change commits, so a lock taken at the same
        # moment (teams_lock) waits for it, or this waits for the lock and then refuses.
        locked_at = (
            Team.objects.select_for_update()
            .filter(pk=self.team_id)
            .values_list("locked_at", flat=True)
            .first()
        )
        if locked_at is not None:
            raise TeamLocked(f"{self.team} is locked: its cards and dice can't change.")
