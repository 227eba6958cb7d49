"""Read a backup document back into the database: checked whole first, then written whole.

Reading collects every problem with its JSON path (`$.matches[3].player1`) before anything is
written; writing happens in one transaction, so a refused file leaves no row behind. Accounts,
catalogue rows and the format are shared by events: existing ones are linked by their natural
key, missing ones created (accounts inactive, with no usable password).
"""

import json
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import DataError, IntegrityError, models, transaction

from rules.models import Format
from rules.teams import Format as FormatDefinition
from tournaments import names
from tournaments.backup.exporter import plain_value
from tournaments.backup.schema import (
    CATALOGUE,
    FILE_KIND,
    GAME_LINKS,
    NATURAL_KEYS,
    SECTION_OF,
    SECTIONS,
    USER_FIELDS,
    VERSION,
    SchemaError,
    many_fields,
    reference_kind,
    stored_fields,
)
from tournaments.models import Event, Game, Player, Registration, claim_code
from tournaments.services.results import GameInput

BATCH = 500
GAME_FIELDS = tuple(GameInput.__dataclass_fields__)
_INVALID = object()
_JSON_TYPES = {
    "BooleanField": (bool,),
    "CharField": (str,),
    "SlugField": (str,),
    "TextField": (str,),
    "EmailField": (str,),
    "URLField": (str,),
    "DateField": (str,),
    "DateTimeField": (str,),
    "TimeField": (str,),
    "DurationField": (str,),
    "DecimalField": (str, int),
    "UUIDField": (str,),
    "FloatField": (int, float),
}


@dataclass(frozen=True)
class Problem:
    path: str
    message: str

    def __str__(self):
        return f"{self.path}: {self.message}"


class BackupError(ValueError):
    """A backup that cannot be imported, with every problem found and where it is."""

    SHOWN = 25

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__(str(self))

    def __str__(self):
        count = len(self.problems)
        lines = [f"The backup was not imported ({count} problem{'s' if count != 1 else ''}):"]
        lines += [f"  {problem}" for problem in self.problems[: self.SHOWN]]
        if count > self.SHOWN:
            lines.append(f"  ... and {count - self.SHOWN} more.")
        return "\n".join(lines)


@dataclass
class ImportSummary:
    event: Event
    rows: dict[str, int] = field(default_factory=dict)
    users_created: list[str] = field(default_factory=list)
    users_linked: list[str] = field(default_factory=list)
    players_reused: list[str] = field(default_factory=list)
    catalogue_created: dict[str, int] = field(default_factory=dict)
    catalogue_kept: dict[str, int] = field(default_factory=dict)
    catalogue_differing: list[str] = field(default_factory=list)
    format_note: str = ""

    def lines(self) -> list[str]:
        event = self.event
        lines = [f"Imported {event.name} as /events/{event.slug}/."]
        lines.append(
            "Rows: " + ", ".join(f"{count} {key}" for key, count in self.rows.items() if count)
        )
        if self.users_created:
            lines.append(
                f"Accounts created (inactive, no password): {', '.join(self.users_created)}."
            )
        if self.users_linked:
            lines.append(f"Accounts linked by username: {', '.join(self.users_linked)}.")
        if self.players_reused:
            lines.append(
                "Players kept as they were (their account already had one): "
                + ", ".join(self.players_reused)
                + "."
            )
        made = ", ".join(f"{n} {key}" for key, n in self.catalogue_created.items() if n)
        kept = ", ".join(f"{n} {key}" for key, n in self.catalogue_kept.items() if n)
        lines.append(
            f"Catalogue: created {made or 'nothing'}; already present {kept or 'nothing'}."
        )
        if self.catalogue_differing:
            lines.append(
                "Kept as stored, though the file differs: " + ", ".join(self.catalogue_differing)
            )
        lines.append(self.format_note)
        return lines


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def read_json(data: str | bytes) -> Any:
    """The document in a backup file, or a BackupError saying where the JSON breaks."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise BackupError(
                [Problem("$", f"the file is not UTF-8 text (byte {error.start} is not).")]
            ) from error
    try:
        return json.loads(data, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        # Both mean the text stopped before the JSON did: a download or copy cut short.
        ended = error.pos >= len(data.rstrip()) or error.msg.startswith("Unterminated string")
        ending = " (the file ends too early: is it cut short?)" if ended else ""
        raise BackupError(
            [
                Problem(
                    "$",
                    f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
                    f"{ending}.",
                )
            ]
        ) from error
    except ValueError as error:
        raise BackupError([Problem("$", f"not valid JSON: {error}.")]) from error
    except RecursionError as error:
        raise BackupError([Problem("$", "nested too deeply to be an event backup.")]) from error


@dataclass
class _Record:
    path: str
    values: dict[str, Any]  # attname -> Python value
    links: dict[str, Any]  # field name -> username, natural key or ref (None for none)
    many: dict[str, list[str]]
    ref: int | None = None


class _Reader:
    """Checks a document and turns it into records; collects problems instead of stopping."""

    def __init__(self, document: Any):
        self.document = document
        self.problems: list[Problem] = []
        self.usernames: set[str] = set()
        self.natural: dict[type[models.Model], set[str]] = {}
        self.refs: dict[type[models.Model], set[int]] = {}
        self.format_code: str | None = None

    def problem(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    def stop_if_wrong(self) -> None:
        if self.problems:
            raise BackupError(self.problems)

    # ------------------------------------------------------------------ the whole file

    def read(self) -> dict:
        document = self.document
        if not isinstance(document, dict):
            self.problem("$", "a backup is a JSON object; this file holds something else.")
            self.stop_if_wrong()
        if document.get("kind") != FILE_KIND:
            self.problem("$.kind", f"must be {FILE_KIND!r}: this is not an event backup.")
        version = document.get("version")
        if "version" not in document:
            self.problem("$.version", "missing: the file does not say its format version.")
        elif not isinstance(version, int) or isinstance(version, bool):
            self.problem("$.version", f"must be a whole number, not {version!r}.")
        elif version > VERSION:
            self.problem(
                "$.version",
                f"version {version} was written by a newer release; this site reads version "
                f"{VERSION}. Import it with the release that wrote it, or a later one.",
            )
        elif version != VERSION:
            self.problem("$.version", f"version {version} is unknown; this site reads {VERSION}.")
        self.stop_if_wrong()
        expected = {
            "kind": str,
            "version": int,
            "exported_at": str,
            "users": list,
            "event": dict,
            "format": dict,
            "catalogue": dict,
            **{section.key: list for section in SECTIONS},
        }
        optional = {section.key for section in SECTIONS if section.may_be_missing}
        for key, kind in expected.items():
            if key not in document and key not in optional:
                self.problem(f"$.{key}", "missing.")
            elif key not in document:
                continue
            elif not isinstance(document[key], kind):
                self.problem(f"$.{key}", f"must be a JSON {_json_name(kind)}.")
        self.stop_if_wrong()
        for key in document:
            if key not in expected:
                self.problem(f"$.{key}", "unknown part: this site does not know what it holds.")

        parsed: dict[str, Any] = {"users": self.users(document["users"])}
        parsed["catalogue"] = self.catalogue(document["catalogue"])
        parsed["format"] = self.format(document["format"])
        parsed["event"] = self.record(Event, document["event"], "$.event")
        if parsed["event"] is not None:
            self.event_rules(parsed["event"])
        for section in SECTIONS:
            parsed[section.key] = self.section(section, document.get(section.key, []))
        self.stop_if_wrong()
        return parsed

    # ------------------------------------------------------------------ parts

    def users(self, rows: list) -> list[dict]:
        user_model = get_user_model()
        found = []
        for n, row in enumerate(rows):
            path = f"$.users[{n}]"
            if not isinstance(row, dict):
                self.problem(path, "must be an object.")
                continue
            for key in row:
                if key not in USER_FIELDS:
                    self.problem(f"{path}.{key}", "unknown field (accounts carry only names).")
            values = {}
            for name in USER_FIELDS:
                model_field = user_model._meta.get_field(name)
                if name not in row:
                    if name == "username":
                        self.problem(f"{path}.username", "missing.")
                    continue
                value = self.value(model_field, row[name], f"{path}.{name}")
                if value is not _INVALID:
                    values[name] = value
            username = values.get("username")
            if username is None:
                continue
            if username in self.usernames:
                self.problem(f"{path}.username", f"{username!r} is listed twice.")
            self.usernames.add(username)
            found.append(values)
        return found

    def catalogue(self, data: dict) -> dict[str, list[_Record]]:
        keys = [key for key, _ in CATALOGUE]
        for key in data:
            if key not in keys:
                self.problem(f"$.catalogue.{key}", "unknown part of the catalogue.")
        parsed = {}
        for key, model in CATALOGUE:
            rows = data.get(key)
            path = f"$.catalogue.{key}"
            if not isinstance(rows, list):
                self.problem(path, "missing." if rows is None else "must be a JSON array.")
                parsed[key] = []
                continue
            natural = NATURAL_KEYS[model]
            records = []
            for n, row in enumerate(rows):
                record = self.record(model, row, f"{path}[{n}]")
                if record is not None:
                    records.append(record)
            # Repeated keys, and cards repeating a set's number, are refused by `unique`.
            self.unique(model, records)
            # Later parts name these rows by their key (a card its set and die).
            self.natural[model] = {r.values[natural] for r in records if natural in r.values}
            parsed[key] = records
        return parsed

    def format(self, data: dict) -> _Record | None:
        record = self.record(Format, data, "$.format")
        if record is None:
            return None
        code = record.values.get("code")
        definition = record.values.get("definition")
        if code is not None and definition is not None:
            try:
                parsed = FormatDefinition.from_dict(definition)
            except (ValueError, TypeError, AttributeError) as error:
                self.problem("$.format.definition", str(error))
            else:
                if parsed.code != code:
                    self.problem(
                        "$.format.definition.code", f"is {parsed.code!r}; the format's is {code!r}."
                    )
        self.format_code = code
        return record

    def event_rules(self, record: _Record) -> None:
        """The settings' own rules (tiebreakers, floor, top cut, points), as the forms check."""
        tiebreakers = record.values.get("tiebreakers", [])
        if not isinstance(tiebreakers, list) or not all(isinstance(t, str) for t in tiebreakers):
            self.problem("$.event.tiebreakers", "must be a list of tiebreaker names.")
            return
        try:
            Event(**record.values).clean()
        except ValidationError as error:
            for name, messages in error.message_dict.items():
                self.problem(f"$.event.{name}", " ".join(messages))

    def section(self, section, rows: list) -> list[_Record]:
        path = f"$.{section.key}"
        refs: dict[int, int] = {}
        for n, row in enumerate(rows):
            ref = row.get("ref") if isinstance(row, dict) else None
            if not isinstance(ref, int) or isinstance(ref, bool) or ref < 1:
                self.problem(f"{path}[{n}].ref", f"must be a whole number from 1, not {ref!r}.")
            elif ref in refs:
                self.problem(f"{path}[{n}].ref", f"{ref} is also {path}[{refs[ref]}].ref.")
            else:
                refs[ref] = n
        self.refs[section.model] = set(refs)
        records = []
        for n, row in enumerate(rows):
            record = self.record(section.model, row, f"{path}[{n}]", with_ref=True)
            if record is None:
                continue
            for name in section.game_lists:
                if name in record.values:
                    self.game_list(record.values[name], f"{record.path}.{name}")
            records.append(record)
        self.unique(section.model, records)
        return records

    def game_list(self, games: Any, path: str) -> None:
        if not isinstance(games, list):
            self.problem(path, "must be a list of games.")
            return
        registrations = self.refs.get(Registration, set())
        endings = set(Game.Ending.values)
        for n, game in enumerate(games):
            if not isinstance(game, dict):
                self.problem(f"{path}[{n}]", "must be an object.")
                continue
            # The services rebuild GameInput(**game) from these: the same keys, or none at all.
            for key in sorted(set(game) - set(GAME_FIELDS)):
                self.problem(f"{path}[{n}].{key}", "unknown field of a game.")
            if "winner" not in game:
                self.problem(f"{path}[{n}].winner", "missing (null for a drawn game).")
            if "ending" in game and game["ending"] not in endings:
                self.problem(f"{path}[{n}].ending", f"must be one of {', '.join(sorted(endings))}.")
            for key in ("life1", "life2"):
                value = game.get(key)
                if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                    self.problem(f"{path}[{n}].{key}", "must be a whole number or null.")
            for key in GAME_LINKS:
                value = game.get(key)
                if value is not None and (
                    not isinstance(value, int)
                    or isinstance(value, bool)
                    or value not in registrations
                ):
                    self.problem(f"{path}[{n}].{key}", f"no registration has the ref {value!r}.")

    def unique(self, model: type[models.Model], records: list[_Record]) -> None:
        """Rows of the file that would collide on a unique field or constraint."""
        groups = [(f.name,) for f in stored_fields(model) if f.unique]
        groups += [tuple(c.fields) for c in model._meta.total_unique_constraints]
        names = {f.name: f for f in model._meta.concrete_fields}
        for group in groups:
            seen: dict[tuple, str] = {}
            for record in records:
                key = []
                for name in group:
                    model_field = names[name]
                    if model_field.is_relation and reference_kind(model_field) == "event":
                        key.append("event")
                    elif model_field.is_relation:
                        key.append(record.links.get(name))
                    else:
                        key.append(record.values.get(model_field.attname))
                if any(part is None for part in key):
                    continue
                if tuple(key) in seen:
                    shown = ", ".join(group)
                    self.problem(record.path, f"repeats the {shown} of {seen[tuple(key)]}.")
                else:
                    seen[tuple(key)] = record.path

    # ------------------------------------------------------------------ one record

    def record(
        self, model: type[models.Model], row: Any, path: str, *, with_ref: bool = False
    ) -> _Record | None:
        if not isinstance(row, dict):
            self.problem(path, "must be an object.")
            return None
        fields = stored_fields(model)
        many = many_fields(model)
        allowed = (
            {f.name for f in fields} | {f.name for f in many} | ({"ref"} if with_ref else set())
        )
        for key in row:
            if key not in allowed:
                self.problem(
                    f"{path}.{key}",
                    f"unknown field: {model._meta.verbose_name} has no {key!r} here "
                    "(written by a newer release?).",
                )
        record = _Record(path=path, values={}, links={}, many={})
        if with_ref:
            record.ref = row.get("ref")
        for model_field in fields:
            field_path = f"{path}.{model_field.name}"
            if model_field.name not in row:
                # A field added after the file was written takes its default; a registration
                # written before registrations kept their own name takes its player's.
                if model is Registration and model_field.name == "display_name":
                    continue
                if not (model_field.has_default() or model_field.null):
                    self.problem(field_path, "missing.")
                continue
            value = row[model_field.name]
            if model_field.is_relation:
                link = self.link(model_field, value, field_path)
                if link is not _INVALID:
                    record.links[model_field.name] = link
            else:
                value = self.value(model_field, value, field_path)
                if value is not _INVALID:
                    record.values[model_field.attname] = value
        for model_field in many:
            field_path = f"{path}.{model_field.name}"
            names = row.get(model_field.name, [])
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                self.problem(field_path, "must be a list of usernames.")
                continue
            for n, name in enumerate(names):
                if name not in self.usernames:
                    self.problem(f"{field_path}[{n}]", f"{name!r} is not in $.users.")
            record.many[model_field.name] = names
        return record

    def link(self, model_field: models.Field, value: Any, path: str) -> Any:
        if value is None:
            if model_field.null:
                return None
            self.problem(path, "must not be null.")
            return _INVALID
        kind = reference_kind(model_field)
        related = model_field.related_model
        if kind == "user":
            if not isinstance(value, str) or value not in self.usernames:
                self.problem(path, f"{value!r} is not in $.users.")
                return _INVALID
            return value
        if kind == "natural":
            known = {self.format_code} if related is Format else self.natural.get(related, set())
            if not isinstance(value, str) or value not in known:
                where = "$.format.code" if related is Format else "$.catalogue"
                self.problem(
                    path, f"no {related._meta.verbose_name} {value!r} in {where} of the file."
                )
                return _INVALID
            return value
        if kind == "ref":
            if related not in self.refs:
                raise SchemaError(f"{path} links to a part read later: reorder SECTIONS.")
            if (
                not isinstance(value, int)
                or isinstance(value, bool)
                or value not in self.refs[related]
            ):
                self.problem(
                    path,
                    f"no {related._meta.verbose_name} has the ref {value!r} "
                    f"in $.{SECTION_OF[related].key}.",
                )
                return _INVALID
            return value
        self.problem(path, "links to the event itself: leave it out.")
        return _INVALID

    def value(self, model_field: models.Field, value: Any, path: str) -> Any:
        if value is None:
            if model_field.null:
                return None
            self.problem(path, "must not be null.")
            return _INVALID
        if isinstance(model_field, models.JSONField):
            return value
        internal = model_field.get_internal_type()
        wanted = _JSON_TYPES.get(internal)
        if wanted is None and "IntegerField" in internal:
            wanted = (int,)
        if wanted is not None and (
            not isinstance(value, wanted) or (bool not in wanted and isinstance(value, bool))
        ):
            self.problem(path, f"must be a JSON {_json_name(wanted[0])}, not {value!r}.")
            return _INVALID
        try:
            python = model_field.to_python(value)
            if isinstance(model_field, models.DateTimeField) and python.tzinfo is None:
                raise ValidationError("give the time with its UTC offset, e.g. +00:00.")
            if model_field.choices and not (model_field.blank and python == ""):
                allowed = [str(choice) for choice, _ in model_field.flatchoices]
                if str(python) not in allowed:
                    raise ValidationError(f"{python!r} is not one of {', '.join(allowed)}.")
            model_field.run_validators(python)
        except ValidationError as error:
            self.problem(path, " ".join(error.messages))
            return _INVALID
        return python


def _json_name(kind: type) -> str:
    return {
        dict: "object",
        list: "array",
        str: "string",
        int: "number",
        float: "number",
        bool: "true or false",
    }.get(kind, kind.__name__)


class _Writer:
    """Writes checked records; runs inside the import's transaction."""

    def __init__(self, parsed: dict, summary: ImportSummary):
        self.parsed = parsed
        self.summary = summary
        self.users: dict[str, Any] = {}
        self.natural: dict[type[models.Model], dict[str, int]] = {}
        self.pks: dict[type[models.Model], dict[int, int]] = {}
        self.event: Event | None = None
        self.format: Format | None = None
        self.name_keys: set[str] = set()
        self.players_by_ref: dict[int, _Record] | None = None

    def resolve(self, model_field: models.Field, value: Any) -> Any:
        if value is None:
            return None
        kind = reference_kind(model_field)
        if kind == "user":
            return self.users[value].pk
        if kind == "natural":
            if model_field.related_model is Format:
                return self.format.pk
            return self.natural[model_field.related_model][value]
        return self.pks[model_field.related_model][value]

    def build(self, model: type[models.Model], record: _Record, *, skip_links=()) -> models.Model:
        obj = model(**record.values)
        for model_field in stored_fields(model):
            if model_field.is_relation and model_field.name in record.links:
                if model_field.name in skip_links:
                    continue
                setattr(
                    obj,
                    model_field.attname,
                    self.resolve(model_field, record.links[model_field.name]),
                )
        if model is not Event:
            for model_field in model._meta.concrete_fields:
                # Links to the event are implied by the file (schema.stored_fields).
                if model_field.is_relation and model_field.related_model is Event:
                    setattr(obj, model_field.attname, self.event.pk)
        return obj

    def insert(self, model: type[models.Model], objs: list, paths: list[str]) -> None:
        """bulk_create, then put back the times auto_now/auto_now_add replaced with now."""
        stamped = [
            f
            for f in model._meta.concrete_fields
            if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
        ]
        kept = [{f.attname: getattr(obj, f.attname) for f in stamped} for obj in objs]
        try:
            with transaction.atomic():
                model.objects.bulk_create(objs, batch_size=BATCH)
        except (IntegrityError, DataError) as error:
            self.locate(model, objs, kept, paths, error)
        if stamped and objs:
            for obj, values in zip(objs, kept, strict=True):
                for attname, value in values.items():
                    setattr(obj, attname, value)
            model.objects.bulk_update(objs, [f.name for f in stamped], batch_size=BATCH)

    def locate(self, model, objs, kept, paths, error) -> None:
        """Find the row the database refused, to say where it is in the file."""
        for obj, values, path in zip(objs, kept, paths, strict=True):
            obj.pk = None
            for attname, value in values.items():
                setattr(obj, attname, value)
            try:
                with transaction.atomic():
                    model.objects.bulk_create([obj])
            except (IntegrityError, DataError) as row_error:
                raise BackupError(
                    [Problem(path, f"the database refused it: {_first_line(row_error)}")]
                ) from row_error
        where = paths[0].rsplit("[", 1)[0] if paths else "$"
        raise BackupError(
            [Problem(where, f"the database refused these rows: {_first_line(error)}")]
        ) from error

    # ------------------------------------------------------------------ parts

    def write_users(self) -> None:
        user_model = get_user_model()
        rows = self.parsed["users"]
        existing = {
            u.username: u
            for u in user_model.objects.filter(username__in=[r["username"] for r in rows])
        }
        for row in rows:
            username = row["username"]
            if username in existing:
                self.users[username] = existing[username]
                self.summary.users_linked.append(username)
                continue
            user = user_model(**row, is_active=False)
            user.set_unusable_password()
            user.save()
            self.users[username] = user
            self.summary.users_created.append(username)

    def write_catalogue(self) -> None:
        for key, model in CATALOGUE:
            natural = NATURAL_KEYS[model]
            records = self.parsed["catalogue"][key]
            wanted = [r.values[natural] for r in records]
            existing = {
                getattr(o, natural): o for o in model.objects.filter(**{f"{natural}__in": wanted})
            }
            self.natural[model] = {k: o.pk for k, o in existing.items()}
            fresh, paths = [], []
            for record in records:
                stored = existing.get(record.values[natural])
                if stored is None:
                    fresh.append(self.build(model, record))
                    paths.append(record.path)
                elif _differs(stored, record):
                    self.summary.catalogue_differing.append(f"{key[:-1]} {record.values[natural]}")
            self.insert(model, fresh, paths)
            self.natural[model].update({getattr(o, natural): o.pk for o in fresh})
            self.summary.catalogue_created[key] = len(fresh)
            self.summary.catalogue_kept[key] = len(existing)

    def write_format(self) -> None:
        record = self.parsed["format"]
        code = record.values["code"]
        definition = record.values["definition"]
        stored = Format.objects.filter(code=code).first()
        if stored is not None and stored.definition == definition:
            self.format = stored
            self.summary.format_note = f"Format: {stored.name} ({code}), already present."
            return
        fmt = self.build(Format, record)
        if stored is not None:
            # Same code, other limits: the event keeps the limits its teams were checked against.
            fmt.code = _free_code(code)
            fmt.definition = {**definition, "code": fmt.code}
            fmt.is_builtin = False
            self.summary.format_note = (
                f"Format: a format coded {code!r} already exists with other limits; the event's "
                f"own format was imported as {fmt.code!r}."
            )
        else:
            self.summary.format_note = f"Format: {fmt.name} ({code}) created."
        self.insert(Format, [fmt], ["$.format"])
        self.format = fmt

    def write_event(self, slug: str | None) -> None:
        record = self.parsed["event"]
        event = self.build(Event, record)
        if slug:
            event.slug = slug
        if Event.objects.filter(slug=event.slug).exists():
            raise BackupError([Problem("$.event.slug", _slug_taken(event.slug))])
        try:
            self.insert(Event, [event], ["$.event"])
        except BackupError:
            if Event.objects.filter(slug=event.slug).exists():  # taken meanwhile by another
                raise BackupError([Problem("$.event.slug", _slug_taken(event.slug))]) from None
            raise
        self.event = event
        for name, usernames in record.many.items():
            getattr(event, name).set([self.users[u] for u in usernames])

    def write_section(self, section) -> None:
        model = section.model
        records = self.parsed[section.key]
        self_links = [
            f.name for f in stored_fields(model) if f.is_relation and f.related_model is model
        ]
        pks = self.pks.setdefault(model, {})
        fresh, fresh_records = [], []
        for record in records:
            if model is Player and self.reuse_player(record):
                continue
            obj = self.build(model, record, skip_links=self_links)
            if model is Registration:
                self.name_registration(obj, record)
            for name in section.game_lists:
                obj_value = getattr(obj, name)
                setattr(obj, name, [self.game(game) for game in obj_value])
            fresh.append(obj)
            fresh_records.append(record)
        self.insert(model, fresh, [r.path for r in fresh_records])
        pks.update({r.ref: obj.pk for r, obj in zip(fresh_records, fresh, strict=True)})
        linked = []
        for record, obj in zip(fresh_records, fresh, strict=True):
            for name in self_links:
                target = record.links.get(name)
                if target is not None:
                    setattr(obj, model._meta.get_field(name).attname, pks[target])
                    linked.append(obj)
        if linked:
            model.objects.bulk_update(linked, self_links, batch_size=BATCH)
        self.summary.rows[section.key] = len(records)

    def name_registration(self, registration: Registration, record: _Record) -> None:
        """The fields a backup leaves out (schema.RECOMPUTED): the look-alike key of the
        registration's name, and a fresh claim code when no account plays it."""
        if self.players_by_ref is None:
            self.players_by_ref = {r.ref: r for r in self.parsed["players"]}
        player = self.players_by_ref[record.links.get("player")]
        if not registration.display_name:
            registration.display_name = names.clean(player.values.get("display_name", ""))
        key = names.key(registration.display_name) or registration.display_name
        if key in self.name_keys:
            # Look-alikes registered before names were compared: both keep the name they had.
            key = f"{key}#{record.ref}"
        self.name_keys.add(key)
        registration.name_key = key
        registration.claim_code = None if player.links.get("user") else claim_code()

    def reuse_player(self, record: _Record) -> bool:
        """An account keeps one player (Player.user is one-to-one): link to it when it exists."""
        username = record.links.get("user")
        if username is None:
            return False
        found = Player.objects.filter(user=self.users[username]).first()
        if found is None:
            return False
        self.pks[Player][record.ref] = found.pk
        self.summary.players_reused.append(found.display_name)
        return True

    def game(self, game: dict) -> dict:
        registrations = self.pks[Registration]
        return {
            **game,
            **{
                key: None if game[key] is None else registrations[game[key]]
                for key in GAME_LINKS
                if key in game
            },
        }


def _differs(stored: models.Model, record: _Record) -> bool:
    for model_field in stored_fields(stored.__class__):
        if model_field.is_relation or model_field.attname not in record.values:
            continue
        if plain_value(model_field, getattr(stored, model_field.attname)) != plain_value(
            model_field, record.values[model_field.attname]
        ):
            return True
    return False


def _slug_taken(slug: str) -> str:
    return (
        f"an event with the slug {slug!r} already exists here. Import it under another slug "
        "(import_event --slug NEW), or delete that event first."
    )


def _free_code(code: str) -> str:
    stem = f"{code}-imported"[:36]
    candidate, number = stem, 1
    while Format.objects.filter(code=candidate).exists():
        number += 1
        candidate = f"{stem}-{number}"
    return candidate


def _first_line(error: Exception) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def event_import(*, document: Any, slug: str | None = None) -> ImportSummary:
    """Import one event backup: checked whole, then written in one transaction (all or
    nothing). `document` is the parsed JSON, or the file's text or bytes. `slug` imports the
    event under another slug, e.g. beside the event it was exported from."""
    if isinstance(document, str | bytes):
        document = read_json(document)
    parsed = _Reader(document).read()
    if slug is not None:
        try:
            validate_slug(slug)
            Event._meta.get_field("slug").run_validators(slug)
        except ValidationError as error:
            raise BackupError([Problem("--slug", " ".join(error.messages))]) from error
    with transaction.atomic():
        summary = ImportSummary(event=None)  # type: ignore[arg-type]
        writer = _Writer(parsed, summary)
        writer.write_users()
        writer.write_catalogue()
        writer.write_format()
        writer.write_event(slug)
        for section in SECTIONS:
            writer.write_section(section)
        summary.event = writer.event
        _announce(writer.event)
    return summary


def _announce(event: Event) -> None:
    """Bulk writes send no signals: tell the public pages' cache about the new event."""
    from tournaments.live import remember_slug, touch_on_commit

    touch_on_commit(event.pk)
    transaction.on_commit(lambda: remember_slug(event.slug, event.pk))
