"""Each registration keeps its own name for its event (the account's Player is no longer
renamed by registering), with the look-alike key its duplicate check compares and, for a
player registered by name, the claim code that links their account."""

import secrets

from django.db import migrations, models

from tournaments import names


def copy_names(apps, schema_editor):
    Registration = apps.get_model("tournaments", "Registration")
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

    seen: set[tuple[int, str]] = set()
    rows = Registration.objects.select_related("player").order_by("pk")
    for registration in rows.iterator():
        shown = names.clean(registration.player.display_name) or registration.player.display_name
        key = names.key(shown) or shown
        if (registration.event_id, key) in seen:
            # Look-alikes registered before the check: both stay, with the name they had.
            key = f"{key}#{registration.pk}"
        seen.add((registration.event_id, key))
        registration.display_name = shown[:80]
        registration.name_key = key
        if registration.player.user_id is None:
            registration.claim_code = "".join(secrets.choice(alphabet) for _ in range(12))
        registration.save(update_fields=["display_name", "name_key", "claim_code"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0012_life_change_undone_by"),
    ]

    operations = [
        migrations.AddField(
            model_name="registration",
            name="display_name",
            field=models.CharField(
                default="",
                help_text="The player's name at this event (tournaments.names.clean).",
                max_length=80,
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="registration",
            name="name_key",
            field=models.CharField(
                default="",
                editable=False,
                help_text="tournaments.names.key of the name: look-alike names share it.",
                max_length=400,
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="registration",
            name="claim_code",
            field=models.CharField(
                blank=True,
                editable=False,
                help_text="Registered by name: the player enters it to link their account; "
                "then empty.",
                max_length=12,
                null=True,
                unique=True,
            ),
        ),
        migrations.RunPython(copy_names, migrations.RunPython.noop),
        migrations.AlterModelOptions(
            name="registration",
            options={"ordering": ["display_name"]},
        ),
        migrations.AddConstraint(
            model_name="registration",
            constraint=models.UniqueConstraint(
                fields=("event", "name_key"), name="registration_unique_name"
            ),
        ),
    ]
