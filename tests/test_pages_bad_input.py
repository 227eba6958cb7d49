"""No page answers 500 to odd input: every page of the role matrix, as the organiser and as a
player, with unexpected query strings and with each form field given a wrong value."""

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from tests.test_role_matrix import MATRIX, Rollback

pytestmark = pytest.mark.django_db
BAD_VALUES = ["", "abc", "-1", "9" * 30, "x" * 5000, "ünï ✓"]
PAGES = sorted(
    (name, index)
    for name, cases in MATRIX.items()
    for index, case in enumerate(cases)
    if not case.json and name not in ("api-docs", "logout")
)


def _attempts(case, world, role):
    yield {"after_round": "1e9", "stale": "x", "page": "-1", "q": "x" * 200}, None
    # Form values past the role check: the organiser everywhere, a player where players write.
    if case.method == "post" and (role == "organiser" or role in case.allowed):
        data = case.data(world) if case.data else {}
        for field in data or {"unexpected": ""}:
            for value in BAD_VALUES:
                yield None, {**data, field: value}


@pytest.mark.parametrize(("name", "index"), PAGES, ids=[f"{n}[{i}]" for n, i in PAGES])
def test_odd_input_never_breaks_a_page(name, index, worlds):
    case = MATRIX[name][index]
    world = worlds[case.world]
    url = reverse(name, kwargs=case.kwargs(world))
    for role in ("organiser", "player"):
        for query, data in _attempts(case, world, role):
            try:
                with transaction.atomic():
                    client = Client(raise_request_exception=True)
                    client.force_login(world.users[role])
                    if data is None:
                        response = getattr(client, case.method)(url + "?x=1", query)
                    else:
                        response = client.post(url, data)
                    assert response.status_code < 500, (role, query, data)
                    raise Rollback
            except Rollback:
                pass


def test_every_page_of_the_matrix_is_tried():
    pages = {name for name, cases in MATRIX.items() if any(not case.json for case in cases)}
    assert pages - {name for name, _ in PAGES} == {"api-docs", "logout"}
