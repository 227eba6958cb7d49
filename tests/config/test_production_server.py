"""Production end to end: gunicorn with config.gunicorn and DEBUG off, as docker compose runs it.

One server for the module (it takes a few seconds to migrate and collect static files); each test
asks it one thing: WhiteNoise serves the collected files, HTTPS is enforced with HSTS, /healthz
answers the container health check, and every log line is JSON.
"""

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOST = "events.example.org"
# Variables of the test run that must not leak into the production-like server.
TEST_ONLY = {"DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "DEBUG"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def fetch(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Host": HOST, **headers})
    try:
        with OPENER.open(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    var = tmp_path_factory.mktemp("var")
    env = {k: v for k, v in os.environ.items() if k not in TEST_ONLY}
    port = free_port()
    env.update(
        DEBUG="false",
        SECRET_KEY="production-like-secret-for-the-server-test-" + "x" * 30,
        ALLOWED_HOSTS=HOST,
        VAR_DIR=str(var),
        DATABASE_URL=f"sqlite:///{var / 'db.sqlite3'}",
        GUNICORN_BIND=f"127.0.0.1:{port}",
        WEB_CONCURRENCY="1",
    )
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        done = subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stdout + done.stderr
    log = (var / "server.log").open("w+")
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:config.gunicorn", "config.wsgi"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                fetch(base + "/healthz")
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    pytest.fail(f"gunicorn did not start:\n{log.read()}")
                time.sleep(0.3)
        yield {"base": base, "log": log, "env": env}
    finally:
        process.terminate()
        process.wait(timeout=20)
        log.close()


def test_healthz_answers_over_plain_http_for_the_health_check(server):
    status, _, body = fetch(server["base"] + "/healthz")
    assert status == 200
    assert json.loads(body)["database"] == {"ok": True, "vendor": "sqlite"}

    probe = subprocess.run(
        [sys.executable, "-m", "config.healthcheck", server["base"] + "/healthz"],
        cwd=ROOT,
        env=server["env"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert probe.returncode == 0, probe.stderr


def test_plain_http_is_redirected_to_https(server):
    status, headers, _ = fetch(server["base"] + "/cards/")
    assert status == 301
    assert headers["Location"] == f"https://{HOST}/cards/"


def test_https_pages_carry_hsts_and_no_sniff(server):
    status, headers, _ = fetch(server["base"] + "/cards/", **{"X-Forwarded-Proto": "https"})
    assert status == 200
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"


def test_pages_api_answers_and_the_api_docs_carry_the_csp_and_permissions_policy(server):
    https = {"X-Forwarded-Proto": "https"}
    for path in ("/cards/", "/api/cards/", "/api/docs/", "/api/docs/?script=", "/no-such-page/"):
        _, headers, _ = fetch(server["base"] + path, **https)
        policy = headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "script-src 'self';" in policy, path
        assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy, path
        assert "camera=()" in headers["Permissions-Policy"], path
    # The docs page loads its start-up script from the app: no inline script to allow.
    _, _, page = fetch(server["base"] + "/api/docs/", **https)
    assert b'<script src="/api/docs/?script="></script>' in page
    assert b"<script>" not in page and b"<style" not in page


def test_whitenoise_serves_the_hashed_stylesheet_with_a_long_cache(server):
    _, _, page = fetch(server["base"] + "/cards/", **{"X-Forwarded-Proto": "https"})
    stylesheet = re.search(rb'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page)
    assert stylesheet, "the page should link the hashed (manifest) stylesheet"
    status, headers, body = fetch(
        server["base"] + stylesheet.group(1).decode(),
        **{"X-Forwarded-Proto": "https", "Accept-Encoding": "gzip"},
    )
    assert status == 200
    assert headers["Cache-Control"] == "max-age=315360000, public, immutable"
    assert headers["Content-Encoding"] == "gzip"  # compressed once, at collectstatic
    assert body


def test_every_log_line_is_json_including_the_access_log(server):
    fetch(server["base"] + "/healthz")
    time.sleep(0.5)  # let gunicorn flush the access line
    server["log"].seek(0)
    lines = [line for line in server["log"].read().splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]
    access = [r for r in records if r.get("logger") == "gunicorn.access"]
    assert any(r.get("path") == "/healthz" and r.get("status") == "200" for r in access)
    assert any(r.get("logger") == "gunicorn.error" for r in records)  # "Booting worker ..."
