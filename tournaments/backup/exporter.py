"""Write one event, and everything that belongs to it, as a backup document (a JSON object)."""

import datetime
import decimal
import json
import uuid

from django.contrib.auth import get_user_model
from django.db import connection, models, transaction
from django.utils import timezone

from rules.models import Card, CardSet, Die, TeamCard
from tournaments.backup.schema import (
    CATALOGUE,
    FILE_KIND,
    GAME_LINKS,
    NATURAL_KEYS,
    SECTIONS,
    USER_FIELDS,
    VERSION,
    SchemaError,
    many_fields,
    reference_kind,
    stored_fields,
)
from tournaments.models import Event, Registration


def plain_value(field: models.Field, value):
    """A field's Python value as JSON: dates and times in ISO 8601, with their UTC offset."""
    if value is None or isinstance(field, models.JSONField):
        return value
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, bool | int | float | str):
        return value
    raise SchemaError(
        f"{field.model.__name__}.{field.name} holds a {type(value).__name__}, which event "
        "backups do not write yet: teach tournaments/backup/exporter.py about it."
    )


class _Writer:
    def __init__(self, event: Event):
        self.event = event
        self.refs: dict[type[models.Model], dict[int, int]] = {}
        self.usernames: dict[int, str] = {}
        self.natural: dict[tuple[type[models.Model], int], str] = {}

    def username(self, user_id: int | None) -> str | None:
        if user_id is None:
            return None
        if user_id not in self.usernames:
            self.usernames[user_id] = (
                get_user_model().objects.filter(pk=user_id).values_list("username", flat=True).get()
            )
        return self.usernames[user_id]

    def link(self, field: models.Field, obj: models.Model):
        target_id = getattr(obj, field.attname)
        if target_id is None:
            return None
        kind = reference_kind(field)
        if kind == "user":
            return self.username(target_id)
        if kind == "natural":
            model = field.related_model
            if (model, target_id) not in self.natural:
                self.natural[model, target_id] = (
                    model.objects.filter(pk=target_id)
                    .values_list(NATURAL_KEYS[model], flat=True)
                    .get()
                )
            return self.natural[model, target_id]
        if kind == "ref":
            try:
                return self.refs[field.related_model][target_id]
            except KeyError:
                raise SchemaError(
                    f"{obj.__class__.__name__} {obj.pk}.{field.name} links to "
                    f"{field.related_model.__name__} {target_id}, which is not part of the event."
                ) from None
        return None  # the event: implied

    def record(self, obj: models.Model) -> dict:
        record = {}
        for field in stored_fields(obj.__class__):
            if field.is_relation:
                record[field.name] = self.link(field, obj)
            else:
                record[field.name] = plain_value(field, getattr(obj, field.attname))
        for field in many_fields(obj.__class__):
            record[field.name] = sorted(
                self.username(pk) for pk in getattr(obj, field.name).values_list("pk", flat=True)
            )
        return record

    def registration_ref(self, registration_id, where: str):
        if registration_id is None:
            return None
        refs = self.refs[Registration]
        if registration_id not in refs:
            raise SchemaError(f"{where} names registration {registration_id}, not of this event.")
        return refs[registration_id]

    def section(self, section) -> list[dict]:
        rows = list(section.rows(self.event).distinct().order_by("pk"))
        self.refs[section.model] = {obj.pk: n for n, obj in enumerate(rows, start=1)}
        records = []
        for obj in rows:
            record = {"ref": self.refs[section.model][obj.pk], **self.record(obj)}
            for name in section.game_lists:
                record[name] = [
                    {
                        **game,
                        **{
                            key: self.registration_ref(game.get(key), f"{section.key}.{name}")
                            for key in GAME_LINKS
                            if key in game
                        },
                    }
                    for game in record[name]
                ]
            records.append(record)
        return records

    def catalogue(self) -> dict[str, list[dict]]:
        cards = Card.objects.filter(
            pk__in=TeamCard.objects.filter(team__registration__event=self.event).values("card")
        )
        dice = Die.objects.filter(pk__in=cards.values("die"))
        sets = CardSet.objects.filter(pk__in=cards.values("card_set")) | CardSet.objects.filter(
            pk__in=dice.values("card_set")
        )
        rows = {CardSet: sets.distinct(), Die: dice, Card: cards}
        return {
            key: [self.record(obj) for obj in rows[model].order_by(NATURAL_KEYS[model])]
            for key, model in CATALOGUE
        }

    def document(self) -> dict:
        event = self.event
        head = {"event": self.record(event), "format": self.record(event.format)}
        catalogue = self.catalogue()
        sections = {section.key: self.section(section) for section in SECTIONS}
        users = get_user_model().objects.filter(pk__in=self.usernames).order_by("username")
        return {
            "kind": FILE_KIND,
            "version": VERSION,
            "exported_at": timezone.now().isoformat(),
            "users": [{name: getattr(user, name) for name in USER_FIELDS} for user in users],
            **head,
            "catalogue": catalogue,
            **sections,
        }


def event_export(*, event: Event) -> dict:
    """The backup document of one event, read as one consistent snapshot.

    On PostgreSQL the reads share one REPEATABLE READ transaction, so a result entered while
    the backup is being written is either wholly in it or wholly out of it.
    """
    # Inside another atomic block (a test) queries may already have run and the isolation
    # level can no longer change: the outer transaction decides.
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        event = Event.objects.select_related("format").get(pk=event.pk)
        return _Writer(event).document()


def event_export_json(*, event: Event) -> str:
    return json.dumps(event_export(event=event), ensure_ascii=False, indent=1) + "\n"
