"""Fuzzing the importer: a valid backup with any one part replaced or removed is imported or
refused with a BackupError naming a JSON path; never another exception, never half saved."""

import copy
import itertools

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments import factories
from tournaments import services
from tournaments.backup import BackupError, event_export, event_import

pytestmark = pytest.mark.django_db

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
_slugs = itertools.count(1)


@pytest.fixture(scope="module")
def small_backup(django_db_setup, django_db_blocker):
    """A started event with a played round, a report and a life log, exported once."""
    with django_db_blocker.unblock(), transaction.atomic():
        organiser = factories.user("fuzz-organiser")
        event = factories.event(players=4, start=True, organiser=organiser, name="Fuzz Cup")
        round_ = services.round_pair(event=event, seed=5)
        first, second = round_.matches.filter(player2__isnull=False).order_by("table")
        services.result_enter(
            match=first, games=[services.GameInput(first.player1_id)], by=organiser
        )
        services.result_report(
            match=second, games=[services.GameInput(second.player2_id)], reporter=second.player1
        )
        services.life_change(game=services.current_game(second), delta1=-2, reason="combat")
        document = event_export(event=event)
        transaction.set_rollback(True)
    return document


def _paths(value, prefix=()):
    """Every place in the document: (keys...) down to each leaf."""
    yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, (*prefix, index))


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_any_one_change_is_imported_or_refused_with_a_path(small_backup, data):
    document = copy.deepcopy(small_backup)
    places = [p for p in _paths(document) if p]
    place = data.draw(st.sampled_from(places))
    parent = document
    for key in place[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[place[-1]]
    else:
        parent[place[-1]] = data.draw(JSON_VALUES)
    with transaction.atomic():
        try:
            event_import(document=document, slug=f"fuzz-{next(_slugs)}")
        except BackupError as error:
            assert error.problems
            assert all(p.path.startswith(("$", "--slug")) and p.message for p in error.problems)
        transaction.set_rollback(True)
