"""Benchmark: import the whole community card file (4,079 cards) into a fresh database.

    python bench/bench_import.py [--runs 5]

Uses DATABASE_URL when set (e.g. PostgreSQL), otherwise a throwaway SQLite file. Each run
starts from an empty catalogue; a re-import of the same file is timed too.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="bench-import-")
    os.environ.setdefault("VAR_DIR", scratch)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    from rules.models import Card, CardSet, Die
    from rules.services import catalogue_import

    path = Path(settings.CARDDATA_DIR) / "tdc-teambuilder-cards.json"
    if not path.exists():
        sys.exit(f"{path} not found: set DICEMASTERS_CARDDATA to the card data folder.")
    call_command("migrate", verbosity=0)

    fresh, again = [], []
    for _ in range(args.runs):
        Card.objects.all().delete()
        Die.objects.all().delete()
        CardSet.objects.all().delete()
        started = time.perf_counter()
        summary = catalogue_import(path=path)
        fresh.append(time.perf_counter() - started)
        assert summary.cards.created == Card.objects.count() == 4079
        started = time.perf_counter()
        catalogue_import(path=path)
        again.append(time.perf_counter() - started)

    vendor = django.db.connection.vendor
    print(f"command: python bench/bench_import.py --runs {args.runs}  (database: {vendor})")
    print("| import | median | min | max |")
    print("| --- | --- | --- | --- |")
    for label, times in (("4,079 cards, empty catalogue", fresh), ("same file again", again)):
        print(
            f"| {label} | {statistics.median(times):.2f} s | {min(times):.2f} s | "
            f"{max(times):.2f} s |"
        )


if __name__ == "__main__":
    main()
