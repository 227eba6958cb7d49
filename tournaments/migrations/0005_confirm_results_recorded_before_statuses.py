"""Matches recorded before results had a status (0002) were official when entered: games
written by staff, or byes. Mark them confirmed so standings keep counting them."""

from django.db import migrations


def confirm_existing(apps, schema_editor):
    Match = apps.get_model("tournaments", "Match")
    Match.objects.filter(result_status="pending", games__isnull=False).update(
        result_status="confirmed"
    )
    Match.objects.filter(result_status="pending", player2__isnull=True).update(
        result_status="confirmed"
    )


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_life_tracking_and_clock")]

    operations = [migrations.RunPython(confirm_existing, migrations.RunPython.noop)]
