"""Card automation status and ability encoding (issue 8), compiled for the cards already
stored."""

from django.db import migrations, models


def compile_existing(apps, schema_editor):
    from rules.abilities import compile_card

    Card = apps.get_model("rules", "Card")
    changed = []
    for card in Card.objects.all().only("key", "name", "kind", "ability_lines", "global_lines"):
        compiled = compile_card(
            {
                "key": card.key,
                "name": card.name,
                "kind": card.kind,
                "ability_lines": card.ability_lines,
                "global_lines": card.global_lines,
            }
        )
        card.automation = compiled.status
        card.automation_note = compiled.note
        card.ability_encoding = compiled.encoding
        changed.append(card)
    Card.objects.bulk_update(
        changed, ["automation", "automation_note", "ability_encoding"], batch_size=500
    )


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0004_die_energy_faces"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="automation",
            field=models.CharField(
                choices=[
                    ("automated", "Automated"),
                    ("partial", "Partly automated"),
                    ("manual", "Manual"),
                ],
                default="manual",
                max_length=10,
            ),
        ),
        migrations.AddField(
            model_name="card",
            name="automation_note",
            field=models.TextField(blank=True, default="", help_text="What stays manual."),
        ),
        migrations.AddField(
            model_name="card",
            name="ability_encoding",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(compile_existing, migrations.RunPython.noop),
    ]
