"""Stored teams: exact cards and dice, validated on the way in, fixed once locked."""

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
