"""The template tags of the public pages' long tables."""

import pytest
from django.urls import reverse, set_script_prefix

from tournaments.templatetags.tournament_tags import event_url


@pytest.mark.parametrize(
    ("name", "slug", "pk"),
    [
        ("tournaments:player", "spring-open", 7),
        ("tournaments:match", "spring-open", 123456),
        ("tournaments:round", "x", 1),
        ("tournaments:player", "other-event_2", 98765),
    ],
)
def test_event_url_is_what_reverse_gives(name, slug, pk):
    assert event_url(name, slug, pk) == reverse(name, args=[slug, pk])


def test_event_url_follows_the_script_prefix():
    set_script_prefix("/dm/")
    try:
        assert event_url("tournaments:player", "cup", 3) == "/dm/events/cup/players/3/"
    finally:
        set_script_prefix("/")
    assert event_url("tournaments:player", "cup", 3) == "/events/cup/players/3/"


def test_event_url_refuses_a_value_that_is_not_an_id():
    with pytest.raises((TypeError, ValueError)):
        event_url("tournaments:player", "cup", "3/../../admin")
