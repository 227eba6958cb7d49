"""Round deletions are audited, and a match's result changes outlive its round: each change
names its event (filled from its match here) and may lose its match."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def events_of_changes(apps, schema_editor):
    ResultChange = apps.get_model("tournaments", "ResultChange")
    for change in ResultChange.objects.select_related("match__round").iterator():
        ResultChange.objects.filter(pk=change.pk).update(event_id=change.match.round.event_id)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_report_without_event"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="resultchange",
            name="event",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="result_changes",
                to="tournaments.event",
            ),
        ),
        migrations.RunPython(events_of_changes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="resultchange",
            name="event",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="result_changes",
                to="tournaments.event",
            ),
        ),
        migrations.AlterField(
            model_name="resultchange",
            name="match",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="changes",
                to="tournaments.match",
            ),
        ),
        migrations.AddField(
            model_name="resultchange",
            name="match_label",
            field=models.CharField(
                blank=True,
                default="",
                help_text="The match, named once its round is deleted.",
                max_length=200,
            ),
        ),
        migrations.CreateModel(
            name="RoundDeletion",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField()),
                (
                    "stage",
                    models.CharField(
                        choices=[("swiss", "Swiss"), ("top_cut", "Top cut")], max_length=10
                    ),
                ),
                ("deleted_at", models.DateTimeField(auto_now_add=True)),
                ("had_results", models.BooleanField()),
                (
                    "matches",
                    models.JSONField(
                        default=list,
                        help_text="[{label, table, players, result_status, games: [{winner, "
                        "ending, ...}]}], players named, so the record reads on its own.",
                    ),
                ),
                (
                    "deleted_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="round_deletions",
                        to="tournaments.event",
                    ),
                ),
            ],
            options={"ordering": ["deleted_at", "pk"]},
        ),
    ]
