"""Import card files: the Team Builder JSON layout or the pipe-separated per-set tables."""

import time

from django.core.management.base import BaseCommand, CommandError

from rules.catalogue import CardFileError
from rules.services import catalogue_import


class Command(BaseCommand):
    help = (
        "Import card data (Team Builder JSON or pipe-separated set tables). Each file is imported "
        "whole or not at all; importing again updates cards instead of duplicating them. Where "
        "two files describe a card, the last one imported wins for the fields it has: import "
        "the Team Builder file first, then the set tables."
    )

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", metavar="PATH", help="card files to import")

    def handle(self, *args, paths: list[str], **options):
        failed = []
        for path in paths:
            started = time.perf_counter()
            try:
                summary = catalogue_import(path=path)
            except (CardFileError, OSError) as exc:
                failed.append(path)
                self.stderr.write(self.style.ERROR(f"{path}: not imported, nothing saved."))
                self.stderr.write(str(exc))
                continue
            for line in summary.lines():
                self.stdout.write(line)
            self.stdout.write(f"  took {time.perf_counter() - started:.2f} s")
        if failed:
            raise CommandError(f"{len(failed)} of {len(paths)} file(s) failed: {', '.join(failed)}")
