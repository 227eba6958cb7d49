"""Playwright driving Debian's Chromium against pytest-django's live server."""

from pathlib import Path

import pytest
from django.db import connections

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def is_csp_violation(text: str) -> bool:
    """Chromium's console error for anything the Content-Security-Policy refused."""
    return "Content Security Policy" in text


def watch_for_csp_violations(context, seen: list[str]) -> None:
    def on_console(message):
        if message.type == "error" and is_csp_violation(message.text):
            seen.append(f"{message.location.get('url', '?')}: {message.text}")

    context.on("console", on_console)


@pytest.fixture
def csp_violations() -> list[str]:
    """What the policy refused in any page of the test (every context the browser opens)."""
    return []


@pytest.fixture
def browser(monkeypatch, csp_violations, request):
    """One Chromium per test: Playwright's sync API keeps an event loop running in this thread
    while it is open, so it must not outlive the test (later ORM calls would be refused).

    Every context it opens reports what the Content-Security-Policy refused, and a test during
    which the policy refused anything fails: a page whose script or style the policy blocks
    is broken in every real browser, whatever the test checked."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package.")
    from playwright.sync_api import sync_playwright

    # The test's own ORM calls run beside that loop; they are synchronous and safe.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        open_context = browser.new_context

        def new_context(*args, **kwargs):
            context = open_context(*args, **kwargs)
            watch_for_csp_violations(context, csp_violations)
            return context

        browser.new_context = new_context
        yield browser
        browser.close()
        # While the loop runs, Django keeps the test body's ORM connections in a context-local
        # that pytest-django's teardown can't see; close them here, in that same context, or
        # PostgreSQL refuses to drop the test database at the end of the session.
        connections.close_all()
    if "expects_csp_violations" not in request.keywords:
        assert not csp_violations, "The Content-Security-Policy refused:\n" + "\n".join(
            csp_violations
        )


@pytest.fixture
def screenshot_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    yield context.new_page()
    context.close()


@pytest.fixture
def desktop(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context.new_page()
    context.close()
