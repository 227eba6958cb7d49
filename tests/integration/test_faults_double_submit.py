"""A result submitted twice (a double click, a resubmitted form, two tabs, a client retrying)
gives one result: one set of games, one audit record, and no error for the repeat.

Through the real forms (read from the page, CSRF token included, enforced) and through the
API; one after the other, and both at the same moment on PostgreSQL (two connections)."""

import threading
from html.parser import HTMLParser

import pytest
from django.contrib.messages import get_messages
from django.db import connections
from django.test import Client
from django.urls import reverse

from tests.tournaments import factories
from tournaments import services
from tournaments.models import ApiToken, Game, Match, ResultChange, ResultReport


class FormReader(HTMLParser):
    """The fields of the page's <form> posting to `action` (or to the page itself, when
    `action` is empty), with the values a browser would send untouched."""

    def __init__(self, action: str):
        super().__init__()
        self.action, self.inside, self.forms, self.select = action, False, [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("action", "") == self.action and attrs.get("method") == "post"
            if self.inside:
                self.forms.append({})
        elif self.inside and tag == "input" and attrs.get("name"):
            if attrs.get("type") not in ("checkbox", "radio") or "checked" in attrs:
                self.forms[-1][attrs["name"]] = attrs.get("value", "")
        elif self.inside and tag == "select":
            self.select = attrs["name"]
            self.forms[-1].setdefault(self.select, "")
        elif self.inside and tag == "option" and self.select and "selected" in attrs:
            self.forms[-1][self.select] = attrs.get("value", "")
        elif self.inside and tag == "button" and attrs.get("name"):
            self.forms[-1][attrs["name"]] = attrs.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None


def read_form(client: Client, page: str, action: str = "", index: int = -1) -> dict:
    response = client.get(page)
    assert response.status_code == 200, page
    reader = FormReader(action)
    reader.feed(response.content.decode())
    assert reader.forms, f"no form posting to {action or page} on {page}"
    form = reader.forms[index]
    assert form.get("csrfmiddlewaretoken"), "the form carries its CSRF token"
    return form


def one_result(match: Match, kind: str = "entered") -> None:
    match.refresh_from_db()
    assert match.result_status == Match.ResultStatus.CONFIRMED
    assert Game.objects.filter(match=match).count() == 1
    assert list(ResultChange.objects.filter(match=match).values_list("kind", flat=True)) == [kind]
    assert not ResultReport.objects.filter(match=match).exists()


def messages_of(response) -> list[str]:
    return [f"{m.level_tag}: {m.message}" for m in get_messages(response.wsgi_request)]


def at_once(*calls):
    """Run the calls in threads released together; each on its own database connection."""
    barrier = threading.Barrier(len(calls))
    answers, errors = [None] * len(calls), []

    def run(n, call):
        try:
            barrier.wait(timeout=10)
            answers[n] = call()
        except BaseException as error:  # surfaced below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(n, c)) for n, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    return answers


@pytest.fixture
def match():
    event = factories.event(players=2, start=True)
    services.round_pair(event=event, seed=5)
    match = Match.objects.select_related("round__event", "player1__player", "player2__player").get(
        round__event=event
    )
    for registration in (match.player1, match.player2):
        registration.player.user = factories.user()
        registration.player.save()
    return match


def organiser_form(match):
    """The organiser's result form on the round page, filled in: player 1 won."""
    event = match.round.event
    client = Client(enforce_csrf_checks=True)
    client.force_login(event.organiser)
    action = reverse("manage:match-result", args=[event.slug, match.pk])
    form = read_form(client, reverse("manage:round", args=[event.slug, 1]), action)
    form[f"m{match.pk}-game1_winner"] = str(match.player1_id)
    return lambda: client.post(action, form)


def player_form(match, registration):
    client = Client(enforce_csrf_checks=True)
    client.force_login(registration.player.user)
    page = reverse("tournaments:match-report", args=[match.round.event.slug, match.pk])
    form = read_form(client, page)
    form["game1_winner"] = str(match.player1_id)
    return lambda: client.post(page, form)


def api_result(match):
    token = ApiToken.working_or_new(match.round.event.organiser)
    client = Client(HTTP_AUTHORIZATION=f"Token {token.key}")
    body = {"games": [{"winner": match.player1_id, "life1": 4, "life2": 0}]}
    return lambda: client.post(
        f"/api/matches/{match.pk}/result/", body, content_type="application/json"
    )


# -- one after the other (a double click the browser sends twice, a resubmission) --------------
@pytest.mark.django_db
def test_the_organisers_form_sent_twice_saves_one_result_and_says_saved_twice(match):
    send = organiser_form(match)
    first, second = send(), send()
    for response in (first, second):
        assert response.status_code == 302
        assert set(messages_of(response)) == {f"success: Result saved for table {match.table}."}
    one_result(match)


@pytest.mark.django_db
def test_two_tabs_of_the_round_page_save_one_result(match):
    tab1, tab2 = organiser_form(match), organiser_form(match)  # both opened before either sends
    assert tab1().status_code == 302 and tab2().status_code == 302
    one_result(match)


@pytest.mark.django_db
def test_a_players_report_sent_twice_is_one_report_and_the_confirmation_twice_one_result(match):
    report = player_form(match, match.player1)
    assert report().status_code == 302 and report().status_code == 302
    assert ResultReport.objects.filter(match=match).count() == 1
    match.refresh_from_db()
    assert match.result_status == Match.ResultStatus.REPORTED

    confirm = player_form(match, match.player2)  # the opponent reports the same: confirmed
    assert confirm().status_code == 302
    again = confirm()
    assert again.status_code == 200 and "already confirmed" in again.content.decode()
    one_result(match, "confirmed")


@pytest.mark.django_db
def test_the_api_result_sent_twice_answers_200_twice_with_one_result(match):
    send = api_result(match)
    first, second = send(), send()
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json()
    one_result(match)


# -- at the same moment (two tabs sent together, a double click racing itself) ----------------
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(3))
def test_the_organisers_form_sent_twice_at_once_saves_one_result(match, attempt):
    answers = at_once(organiser_form(match), organiser_form(match))
    assert [a.status_code for a in answers] == [302, 302]
    assert all(m.startswith("success") for a in answers for m in messages_of(a))
    one_result(match)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(3))
def test_the_api_result_sent_twice_at_once_saves_one_result(match, attempt):
    send = api_result(match)
    answers = at_once(send, send)
    assert [a.status_code for a in answers] == [200, 200]
    one_result(match)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_confirming_report_sent_twice_at_once_confirms_once(match):
    services.result_report(
        match=match, games=[services.GameInput(match.player1_id)], reporter=match.player1
    )
    send = player_form(match, match.player2)
    answers = at_once(send, send)
    assert sorted(a.status_code for a in answers) == [200, 302]  # the second: already confirmed
    one_result(match, "confirmed")
