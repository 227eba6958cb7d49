"""Team lists stay hidden before the event starts (T4.2), on every page and API answer about
the event: nobody but the staff and the team's own player sees a card of it. Once the event
starts, the same crawl finds them (the control: the crawl does reach the teams).

Every GET URL of the URLconf with an event slug, a registration or a player in it is crawled,
as well as the API's lists, for each role; the secret is each team's card names and keys.
"""

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests import roles
from tournaments import services
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def event_urls(world) -> list[str]:
    """Every URL of the URLconf whose only parameters are the event's slug and, optionally, a
    registration of it, filled in."""
    urls = []

    def walk(patterns, namespace=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                space = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                walk(pattern.url_patterns, space)
            elif isinstance(pattern, URLPattern) and pattern.name:
                name = namespace + pattern.name
                params = set(pattern.pattern.converters) | set(
                    re.findall(r"\?P<(\w+)>", str(pattern.pattern))
                )
                if params == {"slug"}:
                    urls.append(reverse(name, kwargs={"slug": world.slug}))
                elif params == {"slug", "registration_id"}:
                    for registration in world.event.registrations.all():
                        kwargs = {"slug": world.slug, "registration_id": registration.pk}
                        urls.append(reverse(name, kwargs=kwargs))

    walk(get_resolver().url_patterns)
    registrations = world.event.registrations.all()
    urls += [f"/api/registrations/?event={world.slug}", f"/api/events/{world.slug}/"]
    urls += [f"/api/registrations/{r.pk}/" for r in registrations]
    return urls


def secrets(registration: Registration) -> set[str]:
    cards = registration.team.cards.select_related("card")
    return {c.card.name for c in cards if c.card.kind != "basic_action"} | {
        c.card.key for c in cards
    }


def seen(client: Client, urls: list[str], secret: set[str]) -> dict[str, set[str]]:
    found = {}
    for url in urls:
        response = client.get(url, HTTP_ACCEPT="text/html,application/json")
        if response.status_code != 200 or response.streaming:
            continue
        text = response.content.decode(errors="replace")
        hits = {s for s in secret if re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text)}
        if hits:
            found[url] = hits
    return found


@pytest.fixture
def world():
    return roles.build(started=False, players=4)


def clients(world) -> dict[str, Client]:
    made = {}
    for role, user in world.users.items():
        client = Client()
        if user is not None:
            client.force_login(user)
        made[role] = client
    return made


def test_before_the_start_only_the_staff_and_the_owner_see_a_team(world):
    urls = event_urls(world)
    assert len(urls) > 10
    other = world.other_registration  # the team of "other_player"
    secret = secrets(other)
    for role, client in clients(world).items():
        found = seen(client, urls, secret)
        if role in ("judge", "organiser", "other_player"):
            assert found, f"{role} should see the team (the control)"
        else:
            assert not found, f"{role} sees another player's team before the start: {found}"


def test_after_the_start_everyone_sees_every_team(world):
    services.event_start(event=world.event)
    urls = event_urls(world)
    secret = secrets(world.other_registration)
    for role, client in clients(world).items():
        assert seen(client, urls, secret), role
