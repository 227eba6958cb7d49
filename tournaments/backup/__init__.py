"""Event backups: one event and everything that belongs to it as one versioned JSON file.

`event_export` writes the document, `event_import` reads it back into a database (all or
nothing). The format is described in docs/backup.md; what goes in it, in schema.py.
"""

from tournaments.backup.exporter import event_export, event_export_json
from tournaments.backup.importer import BackupError, ImportSummary, Problem, event_import, read_json
from tournaments.backup.schema import FILE_KIND, VERSION

__all__ = [
    "FILE_KIND",
    "VERSION",
    "BackupError",
    "ImportSummary",
    "Problem",
    "event_export",
    "event_export_json",
    "event_import",
    "read_json",
]
