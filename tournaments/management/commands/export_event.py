"""Write one event's backup (docs/backup.md) to a file or to standard output."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.backup import event_export_json
from tournaments.models import Event


class Command(BaseCommand):
    help = "Export one event (players, teams, rounds, results, life logs, rulings) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The event's slug, as in /events/<slug>/.")
        parser.add_argument(
            "-o", "--output", help="File to write (default: standard output).", default=None
        )

    def handle(self, *args, slug: str, output: str | None, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"No event has the slug {slug!r}.")
        text = event_export_json(event=event)
        if output is None:
            self.stdout.write(text, ending="")
            return
        path = Path(output)
        # Written beside the target then renamed, so a failed export never leaves half a file.
        partial = path.with_name(path.name + ".partial")
        try:
            partial.write_text(text, encoding="utf-8")
            partial.replace(path)
        except OSError as error:
            partial.unlink(missing_ok=True)
            raise CommandError(f"Could not write {path}: {error.strerror}.") from error
        self.stderr.write(f"Wrote {event.name} to {path} ({len(text.encode()):,} bytes).")
