"""Import one event from its backup file (docs/backup.md): all of it, or nothing."""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.backup import BackupError, event_import


class Command(BaseCommand):
    help = (
        "Import an event backup written by export_event or the download button. Refuses a "
        "file with any problem (and says where), and an event whose slug already exists."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="The backup file, or - for standard input.")
        parser.add_argument(
            "--slug",
            default=None,
            help="Import the event under this slug instead (e.g. beside the original).",
        )

    def handle(self, *args, file: str, slug: str | None, **options):
        try:
            data = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
        except OSError as error:
            raise CommandError(f"Could not read {file}: {error.strerror}.") from error
        try:
            summary = event_import(document=data, slug=slug)
        except BackupError as error:
            raise CommandError(str(error)) from error
        for line in summary.lines():
            self.stdout.write(line)
