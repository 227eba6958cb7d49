"""Schemathesis against the real server: gunicorn serving the demo database, over HTTP.

The in-process fuzz (test_api_fuzz.py) runs inside a test transaction; this one runs the app
as it is deployed (DEBUG off, its own database: a PostgreSQL database of its own beside the
suite's when the suite runs on PostgreSQL, a SQLite file otherwise; a gunicorn worker; the cache
in the process, so the suite's Redis is left alone), reads the schema
the server serves at /api/schema/, and calls every operation it lists as the demo event's
organiser (a token asked for once, from /api/auth/token/) and anonymously. Every answer must be
not a server error, a documented status code with the documented content type and a body
matching the schema, and data the schema forbids must be refused with a 4xx.

First, schemathesis' coverage phase (its CLI: boundary values and values of other types for
each parameter and body property, about 30 s for both roles); then generated requests, a fixed
budget (EXAMPLES per operation and role, derandomized: the same requests on every run). One to
three minutes in all. Writes stay on the server between operations, so the deletes run last,
after everything else has had the demo event to work on.
"""

import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
import requests
import schemathesis
from drf_spectacular.generators import SchemaGenerator
from hypothesis import given
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from tests.reliability.existing_objects import fuzzing, generated_cases
from tournaments.management.commands.load_demo import DEMO_EVENT_SLUG

EXAMPLES = 8
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]
ROOT = Path(__file__).resolve().parents[2]
# Every operation the code declares (the schema generated here, without a server), so that
# each is a test of its own; the run then takes the operation from the schema the server serves.
OPERATIONS = sorted(
    f"{method.upper()} {path}"
    for path, item in SchemaGenerator().get_schema(request=None, public=True)["paths"].items()
    for method in item
)
ORGANISER_PASSWORD = secrets.token_urlsafe(16)

# Path parameter values naming real objects, read from the server's database.
EXISTING = """
import json
from tests.reliability.existing_objects import existing_values
print(json.dumps(existing_values()))
"""
# The demo event's organiser, whatever load_demo names them, gets a password only this run knows.
ORGANISER = """
import os
from tournaments.management.commands.load_demo import DEMO_EVENT_SLUG
from tournaments.models import Event
organiser = Event.objects.get(slug=DEMO_EVENT_SLUG).organiser
organiser.set_password(os.environ["ORGANISER_PASSWORD"])
organiser.save()
print(organiser.get_username())
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def _database(var_dir: Path):
    """The server's database URL: a fresh PostgreSQL database when the suite runs on one
    (dropped afterwards), else a SQLite file."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        yield f"sqlite:///{var_dir / 'db.sqlite3'}"
        return
    import psycopg

    parts = urlsplit(url)
    name = f"{parts.path.lstrip('/') or 'postgres'}_live_api"
    maintenance = urlunsplit(parts._replace(path="/postgres"))

    def run(statement: str) -> None:
        with psycopg.connect(maintenance, autocommit=True) as connection:
            connection.execute(statement)

    run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    run(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _environment(var_dir: Path, port: int, database_url: str) -> dict:
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "DJANGO_SETTINGS_MODULE")
    }
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings.base",
        DEBUG="false",
        SECRET_KEY=secrets.token_urlsafe(50),
        VAR_DIR=str(var_dir),
        DATABASE_URL=database_url,
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="false",
        SESSION_COOKIE_SECURE="false",
        CSRF_COOKIE_SECURE="false",
        LOG_LEVEL="WARNING",
        LOG_FORMAT="plain",
        GUNICORN_BIND=f"127.0.0.1:{port}",
        WEB_CONCURRENCY="1",
        ORGANISER_PASSWORD=ORGANISER_PASSWORD,
    )
    return environment


def _manage(environment: dict, *arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"manage.py {' '.join(arguments)}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """gunicorn on a free port of 127.0.0.1, serving a migrated database with the demo loaded."""
    var_dir = tmp_path_factory.mktemp("live-server")
    with _database(var_dir) as database_url:
        yield from _serve(var_dir, _environment(var_dir, _free_port(), database_url))


def _serve(var_dir: Path, environment: dict):
    _manage(environment, "migrate", "--no-input", "-v", "0")
    _manage(environment, "load_demo", "--allow-production")
    organiser = _manage(environment, "shell", "-c", ORGANISER).strip().splitlines()[-1]
    existing = json.loads(_manage(environment, "shell", "-c", EXISTING).strip().splitlines()[-1])
    log = open(var_dir / "gunicorn.log", "w")  # noqa: SIM115 (closed after the server stops)
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:config.gunicorn", "config.wsgi"],
        cwd=ROOT,
        env=environment,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base_url = f"http://{environment['GUNICORN_BIND']}"
    try:
        for _ in range(300):
            assert process.poll() is None, (var_dir / "gunicorn.log").read_text()
            try:
                urllib.request.urlopen(f"{base_url}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        answer = requests.post(
            f"{base_url}/api/auth/token/",
            json={"username": organiser, "password": ORGANISER_PASSWORD},
            timeout=10,
        )
        assert answer.status_code == 200, answer.text
        yield {
            "base_url": base_url,
            "token": answer.json()["token"],
            "existing": existing,
            "schema": schemathesis.openapi.from_url(f"{base_url}/api/schema/"),
            "log": var_dir / "gunicorn.log",
        }
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()


# The coverage phase's path values: one real object per kind (the phase would otherwise try
# its own ids, all 404s before any body is read). Not for the branch's steps: with two path
# parameters schemathesis counts a wrong-typed `id` it sent as refused data even when the
# value set here replaced it.
COVERAGE_PATHS = (
    (r"^/api/events/\{slug\}", "slug", "events"),
    (r"^/api/matches/\{id\}", "id", "matches"),
    (r"^/api/registrations/\{id\}", "id", "registrations"),
    (r"^/api/rounds/\{id\}", "id", "rounds"),
    (r"^/api/disputes/\{id\}", "id", "disputes"),
    (r"^/api/branches/\{id\}/(fork/|sequence/)?$", "id", "branches"),
    (r"^/api/rulings/\{id\}", "id", "rulings"),
)


def _coverage_config(existing: dict) -> str:
    """schemathesis.toml giving each operation on one kind of object a real one (JSON strings
    are TOML strings)."""
    first = {kind: values[0] for kind, values in existing.items() if values}
    first["events"] = DEMO_EVENT_SLUG
    return "\n".join(
        f"[[operations]]\ninclude-path-regex = {json.dumps(regex)}\n"
        f"parameters = {{ {json.dumps('path.' + name)} = {json.dumps(first[kind])} }}\n"
        for regex, name, kind in COVERAGE_PATHS
        if kind in first
    )


@pytest.mark.parametrize("role", ["organiser", "anonymous"])
def test_the_served_api_refuses_the_coverage_phases_boundary_data(server, role, tmp_path):
    """Schemathesis' coverage phase: for every operation, each parameter and body property at
    its boundaries and given values the schema forbids (a number for a text, "0" for a
    boolean, a string for an object). Run with the CLI, which drives the phase. Before the
    deletes, so the demo's objects are still there; deletes are left to the generated runs."""
    config = tmp_path / "schemathesis.toml"
    config.write_text(_coverage_config(server["existing"]))
    headers = ["-H", f"Authorization: Token {server['token']}"] if role == "organiser" else []
    done = subprocess.run(
        [
            sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run",
            f"{server['base_url']}/api/schema/", "--phases", "coverage",
            "--checks", ",".join(check.__name__ for check in CHECKS),
            "--exclude-method", "DELETE", "--workers", "1", "--no-color", "--seed", "1",
            *headers,
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, (
        done.stdout[-12000:] + done.stderr[-2000:] + "\nServer log:\n"
        + server["log"].read_text()[-6000:]
    )  # fmt: skip


def _deletes_last(label: str) -> tuple:
    return (label.startswith("DELETE "), label)


@pytest.mark.parametrize("role", ["organiser", "anonymous"])
@pytest.mark.parametrize("label", sorted(OPERATIONS, key=_deletes_last))
def test_the_served_api_answers_every_generated_request_as_documented(server, role, label):
    method, path = label.split(" ", 1)
    operation = server["schema"][path][method]
    headers = {"Authorization": f"Token {server['token']}"} if role == "organiser" else {}
    strategy = generated_cases(operation, server["existing"])

    @fuzzing(EXAMPLES)
    @given(case=strategy)
    def call(case):
        response = case.call(base_url=server["base_url"], headers=headers, timeout=60)
        case.validate_response(response, checks=CHECKS, headers=headers)

    try:
        call()
    except Exception as failure:
        # What the server logged (a server error's traceback) belongs with the failure.
        failure.add_note("Server log:\n" + server["log"].read_text()[-6000:])
        raise


def test_the_served_schema_is_the_generated_one(server):
    """The run covers every operation the code declares, and only those."""
    operations = (result.ok() for result in server["schema"].get_all_operations())
    assert {f"{op.method.upper()} {op.path}" for op in operations} == set(OPERATIONS)
