"""What an event backup holds, derived from the models' _meta so new fields travel by themselves.

Every section lists one model's rows of the event. A record carries each concrete field of its
model under the field's name, except the primary key and the link to the event (implied).
Links are written so the file stands alone:

- to the event: left out (the record belongs to the file's event);
- to an account: its username (listed once in `users`);
- to catalogue rows and the format: their natural key (card key, set code, die key, format
  code), the rows themselves being in `catalogue` and `format`;
- to another section's row: that row's `ref`, a number 1, 2, ... given in database order.

A link to any other model has no encoding, and `reference_kind` refuses it: a model change the
backup does not know about stops the export instead of losing data silently.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import models

from judging.models import Branch, Dispute, Penalty, Ruling
from rules.models import Card, CardSet, Die, Format, Team, TeamCard
from tournaments.models import (
    Event,
    ForbiddenPair,
    Game,
    LifeChange,
    Match,
    PairingChange,
    Player,
    Registration,
    ResultChange,
    ResultReport,
    Round,
    RoundDeletion,
    TableGame,
    TimeExtension,
)

FILE_KIND = "dice-masters-event-backup"
VERSION = 1

# Catalogue rows and formats are shared by events: a backup names them by these natural keys.
NATURAL_KEYS: dict[type[models.Model], str] = {
    CardSet: "code",
    Die: "key",
    Card: "key",
    Format: "code",
}
# Fields a backup leaves out because the import computes them afresh: a registration's
# look-alike key (tournaments.names.key of its name) and its claim code (a secret of this
# database; an imported registration without an account gets a new one).
RECOMPUTED: dict[type[models.Model], tuple[str, ...]] = {
    Registration: ("name_key", "claim_code"),
}
# The user fields a backup keeps: enough to link or recreate the account, no password, no email.
USER_FIELDS = ("username", "first_name", "last_name")


@dataclass(frozen=True)
class Section:
    key: str
    model: type[models.Model]
    rows: Callable[[Event], models.QuerySet]
    # JSON fields holding a list of games whose `winner` and `first_player` are registration
    # ids (tournaments.services.results.GameInput): written as registration refs.
    game_lists: tuple[str, ...] = ()
    # Added after files were written without it: a file that lacks it holds no such rows.
    may_be_missing: bool = False


# In import order: a section only links to earlier sections (or to itself, see SELF_LINKS).
SECTIONS: tuple[Section, ...] = (
    Section("players", Player, lambda e: Player.objects.filter(registrations__event=e)),
    Section("teams", Team, lambda e: Team.objects.filter(registration__event=e)),
    Section("team_cards", TeamCard, lambda e: TeamCard.objects.filter(team__registration__event=e)),
    Section("registrations", Registration, lambda e: Registration.objects.filter(event=e)),
    Section("forbidden_pairs", ForbiddenPair, lambda e: ForbiddenPair.objects.filter(event=e)),
    Section("rounds", Round, lambda e: Round.objects.filter(event=e)),
    Section(
        "round_deletions",
        RoundDeletion,
        lambda e: RoundDeletion.objects.filter(event=e),
        may_be_missing=True,
    ),
    Section(
        "pairing_changes", PairingChange, lambda e: PairingChange.objects.filter(round__event=e)
    ),
    Section("matches", Match, lambda e: Match.objects.filter(round__event=e)),
    Section("games", Game, lambda e: Game.objects.filter(match__round__event=e)),
    Section(
        "result_reports",
        ResultReport,
        lambda e: ResultReport.objects.filter(match__round__event=e),
        game_lists=("games",),
    ),
    Section(
        "result_changes",
        ResultChange,
        lambda e: ResultChange.objects.filter(event=e),
        game_lists=("before", "after"),
    ),
    Section("table_games", TableGame, lambda e: TableGame.objects.filter(match__round__event=e)),
    Section(
        "life_changes",
        LifeChange,
        lambda e: LifeChange.objects.filter(table_game__match__round__event=e),
    ),
    Section(
        "time_extensions",
        TimeExtension,
        lambda e: TimeExtension.objects.filter(match__round__event=e),
    ),
    Section("disputes", Dispute, lambda e: Dispute.objects.filter(event=e)),
    Section("branches", Branch, lambda e: Branch.objects.filter(dispute__event=e)),
    Section("rulings", Ruling, lambda e: Ruling.objects.filter(dispute__event=e)),
    Section("penalties", Penalty, lambda e: Penalty.objects.filter(event=e)),
)
SECTION_OF: dict[type[models.Model], Section] = {s.model: s for s in SECTIONS}
GAME_LINKS = ("winner", "first_player")

# Catalogue sections, in import order (a die names its set, a card its set and die).
CATALOGUE: tuple[tuple[str, type[models.Model]], ...] = (
    ("card_sets", CardSet),
    ("dice", Die),
    ("cards", Card),
)

# Models of the project's apps that a backup leaves out on purpose, and why. A model in none of
# SECTIONS, CATALOGUE, this table or {Event, Format} fails tests/tournaments/backup.
NOT_EXPORTED: dict[str, str] = {
    "tournaments.Report": "built report files: rebuilt on demand from the imported data",
    "tournaments.ApiToken": "accounts' API credentials, not the event's: never in a file",
    "tournaments.JudgeInvitation": (
        "pending questions to accounts of this site, answered here; the judges who accepted "
        "are in event.judges"
    ),
}


class SchemaError(RuntimeError):
    """A model links somewhere a backup cannot describe: the backup code needs updating."""


def reference_kind(field: models.Field) -> str:
    """How a link is written: event, user, natural, ref (see the module docstring)."""
    related = field.related_model
    if related is Event:
        return "event"
    if related is get_user_model():
        return "user"
    if related in NATURAL_KEYS:
        return "natural"
    if related in SECTION_OF:
        return "ref"
    raise SchemaError(
        f"{field.model.__name__}.{field.name} links to {related.__name__}, which event backups "
        "do not describe: add it to tournaments/backup/schema.py."
    )


def stored_fields(model: type[models.Model]) -> list[models.Field]:
    """The fields a record carries: every concrete field but the key and the event link."""
    fields = []
    for field in model._meta.concrete_fields:
        if field.primary_key or field.name in RECOMPUTED.get(model, ()):
            continue
        if field.is_relation and reference_kind(field) == "event" and model is not Event:
            continue
        fields.append(field)
    return fields


def many_fields(model: type[models.Model]) -> list[models.ManyToManyField]:
    """Many-to-many links, written as lists of usernames (only accounts are supported)."""
    found = []
    for field in model._meta.many_to_many:
        if reference_kind(field) != "user":
            raise SchemaError(
                f"{model.__name__}.{field.name} is a many-to-many link to "
                f"{field.related_model.__name__}; event backups only carry lists of accounts."
            )
        found.append(field)
    return found
