"""Every answer carries the Content-Security-Policy (scripts and styles from the app only, no
framing, no plugins) and a Permissions-Policy turning off the browser features no page uses;
the one inline style (a report's printable page) is let in by the request's nonce alone."""

import re
from pathlib import Path

import pytest

from tests import roles

pytestmark = pytest.mark.django_db

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)


@pytest.mark.parametrize("path", ["/", "/cards/", "/api/cards/", "/api/schema/", "/healthz"])
def test_pages_and_api_answers_carry_both_policies(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response["Content-Security-Policy"] == POLICY
    permissions = response["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in permissions


def test_a_report_page_lets_its_own_style_in_by_nonce_and_nothing_else(client):
    world = roles.build(players=4, prefix="csp-")
    client.force_login(world.users["organiser"])
    response = client.get(f"/manage/{world.event.slug}/reports/preview/standings/")
    assert response.status_code == 200
    nonce = re.search(r"style-src 'self' 'nonce-([\w-]+)'", response["Content-Security-Policy"])
    assert nonce, response["Content-Security-Policy"]
    styles = re.findall(r"<style([^>]*)>", response.content.decode())
    assert styles == [f' nonce="{nonce.group(1)}"']
    again = client.get(f"/manage/{world.event.slug}/reports/preview/standings/")
    assert nonce.group(1) not in again["Content-Security-Policy"]  # a new one each answer


def test_no_template_has_an_inline_script_handler_or_style_attribute():
    """What the policy would refuse in a browser, found in the templates themselves."""
    root = Path(__file__).resolve().parents[2]
    found = []
    for template in root.glob("**/templates/**/*.html"):
        if ".venv" in template.parts:
            continue
        text = template.read_text()
        for pattern in (
            r"<script(?![^>]*\bsrc=)[^>]*>",
            r"\son[a-z]+\s*=",
            r"\sstyle\s*=",
            r"=\s*[\"']?\s*javascript:",  # a javascript: link is an inline script too
        ):
            found += [f"{template.relative_to(root)}: {m}" for m in re.findall(pattern, text)]
    assert found == []


def test_the_api_docs_start_up_script_is_a_file_of_its_own(client):
    page = client.get("/api/docs/")
    assert b'<script src="/api/docs/?script="></script>' in page.content
    script = client.get("/api/docs/?script=")
    assert script["Content-Type"] == "application/javascript"
    assert b"SwaggerUIBundle(" in script.content


@pytest.mark.django_db
def test_a_refused_form_says_why_on_a_page_the_policy_lets_render():
    """Django's own CSRF failure page carries an inline <style> the policy refuses; ours is
    the site's page, with what happened and what to do."""
    from django.test import Client

    answer = Client(enforce_csrf_checks=True).post("/accounts/login/", {"username": "x"})
    page = answer.content.decode()
    assert answer.status_code == 403
    assert "Form expired" in page and "reload the page and send the form again" in page
    assert "<style" not in page and "Content-Security-Policy" in answer.headers
