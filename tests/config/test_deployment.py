"""docker-compose.yml describes the deployment the README promises.

No Docker engine runs where the suite does, so this checks the file's structure; `docker-compose
config` (where installed) validates it against the Compose schema.
"""

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker-compose.yml"


@pytest.fixture(scope="module")
def services() -> dict:
    return yaml.safe_load(COMPOSE.read_text())["services"]


def test_the_four_services_and_their_images(services):
    assert set(services) == {"web", "worker", "db", "redis"}
    assert services["db"]["image"] == "postgres:16"
    assert services["redis"]["image"] == "redis:7"
    assert services["web"]["build"] == services["worker"]["build"] == "."


def test_every_service_has_a_health_check(services):
    for name, service in services.items():
        assert service["healthcheck"]["test"], name


def test_web_migrates_on_start_then_serves_with_gunicorn(services):
    command = " ".join(services["web"]["command"].split())
    assert command.index("manage.py migrate --noinput") < command.index("gunicorn")
    assert "-c python:config.gunicorn" in command
    assert services["web"]["healthcheck"]["test"] == ["CMD", "python", "-m", "config.healthcheck"]


def test_worker_runs_celery_and_waits_for_the_migrated_web(services):
    worker = services["worker"]
    assert worker["command"].startswith("celery -A config")
    assert worker["depends_on"]["web"] == {"condition": "service_healthy"}
    assert "inspect ping" in " ".join(worker["healthcheck"]["test"])


def test_environment_points_the_app_at_the_services(services):
    env = services["web"]["environment"]
    assert env["DEBUG"] == "false"
    assert env["DATABASE_URL"].startswith("postgres://") and "@db:5432/" in env["DATABASE_URL"]
    assert env["REDIS_URL"] == "redis://redis:6379/0"
    for required in ("SECRET_KEY", "ALLOWED_HOSTS"):
        assert env[required].startswith("${" + required + ":?"), "must be required, not defaulted"
    assert services["worker"]["environment"] == env


def test_the_database_and_broker_keep_their_data_in_volumes(services):
    volumes = yaml.safe_load(COMPOSE.read_text())["volumes"]
    assert "pgdata:/var/lib/postgresql/data" in services["db"]["volumes"]
    assert "redisdata:/data" in services["redis"]["volumes"]
    assert {"pgdata", "redisdata"} <= set(volumes)
