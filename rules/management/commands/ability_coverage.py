"""Print how much of a card pool the ability compiler automates."""

from django.core.management.base import BaseCommand, CommandError

from rules.abilities import coverage, format_table
from rules.catalogue import DEMO_CATALOGUE_PATH, CardFileError, read_catalogue


class Command(BaseCommand):
    help = (
        "Compile the abilities of every card in the given card files (default: the demo "
        "catalogue) and print how many are fully automated, partial or manual, overall, for "
        "character cards with known dice, for basic action cards, and by set. A card whose text "
        "has a hand-written encoding (the demo catalogue's) counts with it."
    )

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="*", metavar="PATH", help="card files to compile")

    def handle(self, *args, paths: list[str], **options):
        records = []
        for path in paths or [str(DEMO_CATALOGUE_PATH)]:
            try:
                records += read_catalogue(path).cards
            except (CardFileError, OSError) as exc:
                raise CommandError(f"{path}: can't be read: {exc}") from exc
        self.stdout.write(format_table(coverage(records)))
