"""Security checks over every URL the project serves, enumerated from the URLconf (a new URL is
checked without anyone remembering to add it):

- CSRF: a POST without a token is refused with 403 (Django's CSRF check for pages, DRF's for
  the API with a session), for every URL, logged in;
- no unauthenticated writes: an anonymous POST is refused by the gate (the login page, 401,
  403) or the URL does not take POSTs (405), except the few that must work without an account
  (logging in, signing up, a password reset, checking a team list), each listed with why.

Who may do what once logged in, across events and other players' data, is the role matrix
(tests/test_role_matrix.py), which runs every URL for six roles with real data.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve

pytestmark = pytest.mark.django_db

# POSTs without an account, on purpose.
ANONYMOUS_POSTS = {
    "login": "logging in",
    "signup": "making an account",
    "password_reset": "asking for a password reset e-mail",
    "password_reset_confirm": "setting a new password from the e-mailed link",
    "team-check": "checking a team list (API) writes nothing",
    "rules:team-check": "checking a team list (page) writes nothing",
    "auth-token": "trading a username and password for an API token",
    "admin:login": "Django admin's login page",
    "logout": "logging out (nothing to protect when not logged in)",
}
# Not protected by a CSRF token, on purpose.
CSRF_EXEMPT = {
    # Not cookie-authenticated: it takes a username and password and sets no session.
    "auth-token": "the API's token login",
}


def _sample(regex: str) -> str:
    """A value a URL's regex group accepts: the first alternative, or a plain word/number."""
    if "|" in regex and not regex.startswith("["):
        return regex.strip("()").split("|")[0]
    if regex.startswith((r"\d", "[0-9]")):  # \d+, [0-9]{1,9}...
        return "1"
    return "abc1"


def _path(route: str) -> str:
    route = route.lstrip("^").rstrip("$").replace("\\Z", "").replace("\\.", ".")
    route = re.sub(r"\(\?P<\w+>((?:[^()]|\([^()]*\))+)\)", lambda m: _sample(m.group(1)), route)
    route = re.sub(r"<int:\w+>", "1", route)
    route = re.sub(r"<(?:\w+:)?\w+>", "abc1", route)
    return route.replace("?", "")


CALLBACKS = {}


def every_url() -> list[tuple[str, str]]:
    """(name, a concrete path) for every pattern of the URLconf."""
    found = []

    def walk(patterns, prefix="", namespace=""):
        for pattern in patterns:
            route = prefix + _path(str(pattern.pattern))
            if isinstance(pattern, URLResolver):
                space = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                walk(pattern.url_patterns, route, space)
            elif isinstance(pattern, URLPattern):
                name = f"{namespace}{pattern.name or pattern.lookup_str}"
                CALLBACKS[name, "/" + route] = pattern.callback
                found.append((name, "/" + route))

    walk(get_resolver().url_patterns)
    return found


URLS = every_url()


def test_every_url_is_enumerated_and_resolves_to_its_own_pattern():
    assert len(URLS) > 100
    unresolved = []
    for name, path in URLS:
        try:
            match = resolve(path)
        except Exception:
            match = None
        if match is None or match.func is not CALLBACKS[name, path]:
            unresolved.append((name, path))
    assert not unresolved


@pytest.fixture
def user():
    return get_user_model().objects.create_user("someone", password="pw-for-tests-only")


def with_token(client: Client) -> dict:
    """The headers a page's JavaScript (or a form's hidden field) would send."""
    client.get("/accounts/login/")  # sets the CSRF cookie
    return {"HTTP_X_CSRFTOKEN": client.cookies["csrftoken"].value}


@pytest.mark.parametrize(("name", "path"), URLS, ids=[n for n, _ in URLS])
def test_a_post_without_a_csrf_token_is_refused(user, name, path):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post(path, {"anything": "1"})
    if name in CSRF_EXEMPT:
        assert "CSRF" not in response.content.decode()
        return
    assert response.status_code == 403, (name, path, response.status_code)
    if "CSRF" not in response.content.decode():  # e.g. an HTML API page's bare "403 Forbidden"
        again = client.post(path, {"anything": "1"}, **with_token(client))
        assert again.status_code != 403, (name, path, "refused for another reason")


def test_the_same_post_with_the_token_passes_the_csrf_check(user):
    """The control: the refusals above are the token's doing."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get("/manage/new/")  # the form's page sets the CSRF cookie
    without = client.post("/manage/new/", {"name": ""})
    with_field = client.post(
        "/manage/new/", {"name": "", "csrfmiddlewaretoken": client.cookies["csrftoken"].value}
    )
    assert without.status_code == 403 and with_field.status_code == 200  # the form's errors


def _without_tokens(response) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", response.content.decode())


@pytest.mark.parametrize(("name", "path"), URLS, ids=[n for n, _ in URLS])
def test_an_anonymous_post_is_refused_or_is_only_a_read(name, path, worlds):
    """Anonymous, on a running event's own slug: the gate refuses (the login page, 401, 403),
    the URL takes no POST (405), there is no such object (404), or the view ignored the POST
    (it answers exactly what a GET does); and no row changes anywhere."""
    path = path.replace("/abc1/", f"/{worlds['running'].slug}/")
    before = _row_counts()
    client = Client()
    response = client.post(path, {"anything": "1"})
    assert _row_counts() == before, (name, path)
    if name in ANONYMOUS_POSTS:
        return
    status = response.status_code
    to_login = status == 302 and re.search(r"/(accounts|admin)/login/", response["Location"])
    if to_login or status in (401, 403, 404, 405):
        return
    read = client.get(path)
    assert (status, _without_tokens(response)) == (read.status_code, _without_tokens(read)), (
        name, path, status,
    )  # fmt: skip


def _row_counts() -> dict:
    from django.apps import apps

    return {model._meta.label: model.objects.count() for model in apps.get_models()}


def test_the_exemptions_name_real_urls():
    names = {name.split(":")[-1] for name, _ in URLS} | {name for name, _ in URLS}
    assert set(ANONYMOUS_POSTS) <= names and set(CSRF_EXEMPT) <= names
