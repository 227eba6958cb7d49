import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from rules.models import Card, Format, Team
from tournaments.models import Event, Game, Match, Registration

pytestmark = pytest.mark.django_db


def load(**options) -> str:
    out = io.StringIO()
    call_command("load_demo", stdout=out, **options)
    return out.getvalue()


def test_demo_event_has_players_legal_teams_and_rounds_played(settings):
    settings.DEBUG = True
    output = load()
    event = Event.objects.get(slug="demo-store-championship")
    assert event.registrations.count() == 16
    assert Registration.objects.filter(event=event, team__isnull=True).count() == 0
    assert event.rounds.count() == 3  # two played, the third paired and in progress
    played = Game.objects.filter(match__round__event=event)
    assert played.count() == 16  # 8 matches in each of the two played rounds
    assert Match.objects.filter(round__event=event, round__number=3).count() == 8
    assert Format.objects.filter(code="tournament", is_builtin=True).exists()
    assert "admin / dicemasters-admin" in output
    assert "http://127.0.0.1:8000/" in output


def test_no_rematches_in_the_demo_rounds(settings):
    settings.DEBUG = True
    load()
    seen = set()
    for p1, p2 in Match.objects.filter(player2__isnull=False).values_list("player1", "player2"):
        pair = frozenset((p1, p2))
        assert pair not in seen
        seen.add(pair)


def test_second_run_changes_nothing(settings):
    settings.DEBUG = True
    load()
    counts = (Card.objects.count(), Team.objects.count(), Game.objects.count())
    output = load()
    assert (Card.objects.count(), Team.objects.count(), Game.objects.count()) == counts
    assert "already loaded" in output
    assert "0 created, 0 updated" in output


def test_refuses_published_passwords_without_debug(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG is off"):
        load()


def test_the_demo_player_sees_their_own_match(settings, client):
    settings.DEBUG = True
    output = load()
    assert "player / dicemasters-player" in output
    client.post("/accounts/login/", {"username": "player", "password": "dicemasters-player"})
    page = client.get("/events/demo-store-championship/").content.decode()
    assert "You: Diane Okafor" in page and "Report or confirm the result" in page
    load()  # idempotent
    assert Registration.objects.filter(player__user__username="player").count() == 1


def test_the_demo_organiser_and_judge_have_their_roles_but_no_admin(settings, client):
    settings.DEBUG = True
    load()
    User = get_user_model()
    User.objects.filter(username__in=["organiser", "judge"]).update(is_staff=True)  # an old run
    load()  # sets them right again
    assert not User.objects.filter(username__in=["organiser", "judge"], is_staff=True).exists()
    assert User.objects.get(username="admin").is_staff
    for username in ("organiser", "judge"):
        client.post(
            "/accounts/login/", {"username": username, "password": f"dicemasters-{username}"}
        )
        admin = client.get("/admin/")
        assert admin.status_code == 302 and "/admin/login/" in admin["Location"], username
        assert client.get("/manage/demo-store-championship/").status_code == 200, username
        assert client.get("/judging/").status_code == 200, username
        client.logout()
