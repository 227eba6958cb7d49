"""JSON log lines on stdout for every process: Django, Celery and gunicorn."""

from pythonjsonlogger.json import JsonFormatter

JSON_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
RENAMED_FIELDS = {"asctime": "time", "levelname": "level", "name": "logger"}

# gunicorn's access-log atoms worth a field of their own, by the names they get in the JSON.
ACCESS_FIELDS = {
    "remote": "h",
    "method": "m",
    "path": "U",
    "query": "q",
    "status": "s",
    "bytes": "B",
    "duration_ms": "M",
    "user_agent": "a",
}


class AccessJsonFormatter(JsonFormatter):
    """gunicorn logs a request as a format string with its atoms as the record's args; keep the
    atoms as fields so a log search can filter on status or path without parsing the line."""

    def add_fields(self, log_record, record, message_dict):
        super().add_fields(log_record, record, message_dict)
        atoms = record.args
        if not isinstance(atoms, dict):  # gunicorn passes a dict subclass; others a tuple
            return
        for field, atom in ACCESS_FIELDS.items():
            value = atoms.get(atom)
            if value not in (None, "-"):
                log_record[field] = value


def json_formatter_config(access: bool = False) -> dict:
    return {
        "()": "config.logging.AccessJsonFormatter" if access else JsonFormatter,
        "fmt": JSON_FORMAT,
        "rename_fields": RENAMED_FIELDS,
    }
