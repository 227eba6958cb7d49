"""Every stored row of the project's apps as plain values, without surrogate ids.

Written apart from the backup code on purpose: it walks the models itself, so a model or a
field the backup forgets shows up as a difference between the source and the imported database.
A link becomes the position of the linked row among its model's rows (in id order, which the
import keeps), or the natural key of a catalogue row, format or account.
"""

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection, models

from rules.models import Card, CardSet, Die, Format, TeamCard
from tournaments.models import Event, Registration, ResultChange, ResultReport

APPS = ("rules", "tournaments", "judging")
NOT_COMPARED = {"tournaments.Report"}  # built files, left out of backups (see schema.py)
NATURAL = {CardSet: "code", Die: "key", Card: "key", Format: "code"}
GAME_LISTS = {ResultReport: ("games",), ResultChange: ("before", "after")}
# A claim code is a secret of its database: the import makes a new one (schema.RECOMPUTED).
# What must come back is whether the registration still waits for its player to claim it.
COMPARED_AS = {(Registration, "claim_code"): lambda code: code is not None}


def _rows_of(model, event: Event) -> models.QuerySet:
    """Catalogue rows and formats are shared: only those the event uses count."""
    if model is Card:
        return Card.objects.filter(pk__in=TeamCard.objects.values("card")).order_by("key")
    if model is Die:
        return Die.objects.filter(pk__in=_rows_of(Card, event).values("die")).order_by("key")
    if model is CardSet:
        cards, dice = _rows_of(Card, event), _rows_of(Die, event)
        used = set(cards.values_list("card_set", flat=True)) | set(
            dice.values_list("card_set", flat=True)
        )
        return CardSet.objects.filter(pk__in=used).order_by("code")
    if model is Format:
        return Format.objects.filter(pk=event.format_id)
    return model.objects.order_by("pk")


def snapshot(event: Event) -> dict[str, list[dict]]:
    user_model = get_user_model()
    project_models = [
        m
        for name in APPS
        for m in apps.get_app_config(name).get_models()
        if m._meta.label not in NOT_COMPARED
    ]
    position = {
        model: {pk: n for n, pk in enumerate(_rows_of(model, event).values_list("pk", flat=True))}
        for model in project_models
    }
    registration_at = position[Registration]

    def link(field, value):
        if value is None:
            return None
        related = field.related_model
        if related is user_model:
            return user_model.objects.get(pk=value).username
        if related in NATURAL:
            return related.objects.filter(pk=value).values_list(NATURAL[related], flat=True).get()
        return (related.__name__, position[related][value])

    def game_list(games):
        return [
            {k: registration_at.get(v, ("unknown", v)) if k in ("winner", "first_player")
             and v is not None else v for k, v in game.items()}
            for game in games
        ]  # fmt: skip

    found = {}
    for model in project_models:
        rows = []
        for obj in _rows_of(model, event):
            row = {}
            for field in model._meta.concrete_fields:
                if field.primary_key:
                    continue
                value = getattr(obj, field.attname)
                if (model, field.name) in COMPARED_AS:
                    value = COMPARED_AS[model, field.name](value)
                row[field.name] = link(field, value) if field.is_relation else value
            for field in model._meta.many_to_many:
                row[field.name] = sorted(link(field, o.pk) for o in getattr(obj, field.name).all())
            for name in GAME_LISTS.get(model, ()):
                row[name] = game_list(row[name])
            rows.append(row)
        found[model._meta.label] = rows
    found["accounts"] = sorted(
        user_model.objects.values_list("username", "first_name", "last_name")
    )
    return found


def empty_the_database() -> None:
    """Delete every row of every table, as in a database that never held anything."""
    if connection.vendor == "postgresql" and connection.in_atomic_block:
        # Deferred foreign-key checks of this test's inserts would block TRUNCATE: run them now.
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    call_command("flush", interactive=False, verbosity=0)
    for name in APPS:
        for model in apps.get_app_config(name).get_models():
            assert not model.objects.exists(), f"{model._meta.label} still has rows"
    assert not get_user_model().objects.exists()
