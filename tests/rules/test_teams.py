"""Stored teams: exact cards and dice, validated on the way in, fixed once locked."""

import re

import pytest
from django.core.exceptions import ValidationError

from rules.models import Format, Team, TeamCard, TeamLocked
from rules.services import (
    TeamIllegal,
    team_create,
    teams_lock,
)
from rules.teams import Team as TeamList
from rules.teams import rotation

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("demo_catalogue")]


@pytest.fixture
def team_list(demo_team_lists):
    return demo_team_lists[1]


def test_team_is_stored_with_its_exact_cards_and_dice(team_list):
    team = team_create(team=team_list, fmt=Format.objects.get(code="tournament"))
    stored = {(tc.card.key, tc.dice) for tc in team.cards.select_related("card")}
    assert stored == {(e.card_key, e.dice) for e in team_list.entries}
    assert team.name == team_list.name


def test_illegal_team_is_refused_with_every_violation_and_nothing_saved(team_list):
    too_many = TeamList(entries=team_list.entries[:1] * 1 + team_list.entries[1:2])
    with pytest.raises(TeamIllegal) as caught:
        team_create(team=too_many, fmt=Format.objects.get(code="tournament"))
    assert {v.code for v in caught.value.violations} >= {"wrong_basic_action_count"}
    assert Team.objects.count() == 0
    assert TeamCard.objects.count() == 0


def test_a_locked_team_cannot_change(team_list):
    team = team_create(team=team_list, fmt=Format.objects.get(code="tournament"))
    assert teams_lock(teams=[team]) == 1
    assert teams_lock(teams=[team]) == 0  # already locked
    card = team.cards.first()
    card.dice = 1
    with pytest.raises(TeamLocked):
        card.save()
    with pytest.raises(TeamLocked):
        card.delete()
    assert team.cards.count() == len(team_list.entries)


def test_an_organiser_defined_rotation_is_validated_before_it_is_saved():
    banned = rotation("store-league", "Store league", legal_sets=["sww"], banned=["19sww"])
    good = Format(code="store-league", name="Store league", definition=banned.to_dict())
    good.full_clean()
    broken = Format(code="broken", name="Broken", definition={"code": "broken", "name": "x"})
    with pytest.raises(ValidationError, match="Missing format field"):
        broken.full_clean()
    mismatched = Format(code="other", name="Other", definition=banned.to_dict())
    with pytest.raises(ValidationError, match="must be 'other'"):
        mismatched.full_clean()


def test_a_stored_team_reads_back_as_the_same_team_list(team_list):
    from rules.selectors import team_list as stored_list

    team = team_create(team=team_list, fmt=Format.objects.get(code="tournament"))
    assert stored_list(team) == team_list  # same cards, dice, order and name


def test_a_doubles_team_keeps_which_partner_brings_each_card(demo_team_lists):
    from rules.selectors import card_index
    from rules.selectors import team_list as stored_list
    from rules.services import formats_install_builtin
    from rules.teams import TeamEntry

    formats_install_builtin()
    cards = card_index()
    first, second = demo_team_lists[0].entries, demo_team_lists[3].entries
    characters = [e for e in first if not cards.get(e.card_key).is_basic_action][:4]
    taken = {cards.get(e.card_key).name for e in characters}
    others = [
        e
        for e in second
        if not cards.get(e.card_key).is_basic_action and cards.get(e.card_key).name not in taken
    ][:4]
    basics = [e for e in first if cards.get(e.card_key).is_basic_action]
    pair = TeamList(
        entries=(
            *(TeamEntry(e.card_key, e.dice, 1) for e in characters),
            TeamEntry(basics[0].card_key, 6, 1),
            *(TeamEntry(e.card_key, e.dice, 2) for e in others),
            TeamEntry(basics[1].card_key, 6, 2),
        ),
        name="Pair",
    )
    team = team_create(team=pair, fmt=Format.objects.get(code="doubles"))
    assert stored_list(team) == pair
    assert {tc.partner for tc in team.cards.all()} == {1, 2}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_change_racing_the_lock_waits_for_it_and_is_refused(team_list):
    """The event starts (teams locked) while someone saves a card change: the change must not
    slip in after the lock. The lock's transaction is held open while the change is tried."""
    import threading

    from django.db import connections, transaction

    team = team_create(team=team_list, fmt=Format.objects.get(code="tournament"))
    locked, release = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def start_event():
        try:
            with transaction.atomic():
                teams_lock(teams=[Team.objects.get(pk=team.pk)])
                locked.set()
                release.wait(timeout=10)
        except BaseException as error:  # surfaced below
            errors.append(error)
        finally:
            connections.close_all()

    thread = threading.Thread(target=start_event)
    thread.start()
    assert locked.wait(timeout=10)
    card = team.cards.first()
    original = card.dice
    card.dice = 1 if original != 1 else 2
    timer = threading.Timer(0.5, release.set)  # commit the lock while the save waits for it
    timer.start()
    with pytest.raises(TeamLocked):
        card.save()
    thread.join(timeout=10)
    assert errors == []
    assert TeamCard.objects.get(pk=card.pk).dice == original


def test_the_admin_shows_a_locked_teams_cards_without_letting_them_change(client, team_list):
    from django.contrib.auth import get_user_model

    team = team_create(team=team_list, fmt=Format.objects.get(code="tournament"))
    admin = get_user_model().objects.create_superuser("boss", password="pw-for-tests-only")
    client.force_login(admin)
    url = f"/admin/rules/team/{team.pk}/change/"
    assert 'name="cards-0-dice"' in client.get(url).content.decode()
    teams_lock(teams=[team])
    page = client.get(url).content.decode()
    assert 'name="cards-0-dice"' not in page  # shown read-only
    first = team.cards.first()
    assert f"{first.dice}" in page
    # Post back what the page holds (management forms included), with a new name.
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))
    fields.pop("csrfmiddlewaretoken", None)
    response = client.post(url, {**fields, "name": "Renamed", "locked_at": ""})
    assert response.status_code == 302, response.content.decode()[-2000:]
    team.refresh_from_db()
    assert team.name == "Renamed" and team.is_locked  # the lock can't be cleared here
    assert TeamCard.objects.get(pk=first.pk).dice == first.dice
