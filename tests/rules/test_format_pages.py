"""Organisers define their own formats (legal sets, bans, 10/10); anyone reads what each allows."""

import re

import pytest
from django.contrib.auth import get_user_model

from rules.models import Format
from rules.selectors import format_definition
from rules.services import FormatRefused, format_save

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("demo_catalogue")]

# Superman: Phone Booth (SWW) is banned; only SWW is legal.
SWW_ONLY = {
    "name": "Store league",
    "base": "tournament",
    "legal_sets": ["sww"],
    "banned": "# banned at our store\nSuperman: Phone Booth (SWW)\n",
}


@pytest.fixture
def organiser(client):
    user = get_user_model().objects.create_user("org", password="pw-for-tests-only")
    client.force_login(user)
    return user


def create(client, **changes):
    return client.post("/cards/formats/new/", {**SWW_ONLY, **changes})


def test_anyone_reads_the_formats_and_what_each_allows(client):
    listing = client.get("/cards/formats/").content.decode()
    names = ["Tournament", "Basic", "Doubles", "10/10", "Draft (8 dice)", "Draft (20 dice)"]
    positions = [listing.index(f">{name}</a>") for name in names]
    assert positions[:4] == sorted(positions[:4])  # built-ins first, in their own order
    assert positions[4] < positions[5]  # drafts by size, not alphabetically
    doubles = client.get("/cards/formats/doubles/").content.decode()
    assert "30 shared by the pair" in doubles
    assert "4 character or action cards and 1 basic action" in doubles
    assert "no dice cap" in doubles


def test_defining_a_format_needs_a_login(client):
    response = client.get("/cards/formats/new/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_an_organiser_defines_a_rotation_with_a_ban_list(client, organiser):
    response = create(client)
    assert response.status_code == 302
    fmt = Format.objects.get(name="Store league")
    assert response["Location"] == f"/cards/formats/{fmt.code}/"
    definition = format_definition(fmt)
    assert (definition.legal_sets, definition.banned) == (frozenset({"sww"}), frozenset({"19sww"}))
    assert (definition.max_cards, definition.max_dice, definition.starting_life) == (8, 20, 20)
    assert fmt.created_by == organiser and not fmt.is_builtin
    page = client.get(response["Location"]).content.decode()
    assert "Superman Wonder Woman" in page and "Phone Booth" in page


def test_teams_are_checked_against_the_organisers_format(client, organiser):
    create(client)
    code = Format.objects.get(name="Store league").code
    team = (
        "4x Superman: Phone Booth (SWW)\n4x Kitty Pryde: Sprite (UXM)\n"
        "Basic Actions: Take Cover (SWW) and Team Up (SWW)"
    )
    body = client.post(
        "/api/teams/check/", {"format": code, "team_list": team}, content_type="application/json"
    ).json()
    assert {(v["code"], v["card_key"]) for v in body["violations"]} == {
        ("banned_card", "19sww"),
        ("set_not_legal", "14uxm"),
    }


def test_ten_ten_and_doubles_bases(client, organiser):
    create(client, name="Ten by ten", legal_sets=[], banned="", one_card_per_set="on")
    ten = format_definition(Format.objects.get(name="Ten by ten"))
    assert ten.one_card_per_set and ten.legal_sets is None and not ten.banned
    create(client, name="Store doubles", base="doubles", legal_sets=[], banned="")
    doubles = format_definition(Format.objects.get(name="Store doubles"))
    assert doubles.doubles is not None and doubles.starting_life == 30


def test_a_bad_ban_list_is_shown_line_by_line_and_nothing_is_saved(client, organiser):
    response = create(client, banned="19sww\nSupermann: Phone Booth\n999sww\n")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Line 2: No card is named &#x27;Supermann&#x27;. Did you mean: Superman?" in page
    assert "Line 3: No card has the code &#x27;999sww&#x27;." in page
    assert not Format.objects.filter(name="Store league").exists()


def test_an_unknown_set_or_base_is_refused(client, organiser):
    assert create(client, legal_sets=["nope"]).status_code == 200
    assert create(client, base="sealed").status_code == 200
    assert not Format.objects.filter(name="Store league").exists()


def test_two_formats_with_one_name_get_different_codes(client, organiser):
    create(client)
    create(client)
    codes = set(Format.objects.filter(name="Store league").values_list("code", flat=True))
    assert codes == {"store-league", "store-league-2"}


def test_a_format_named_like_a_built_in_one_gets_its_own_code(organiser):
    made = format_save(
        by=organiser, name="Tournament", base="basic", legal_sets=None, banned=[],
        one_card_per_set=False,
    )  # fmt: skip
    assert made.code == "tournament-2"
    assert format_definition(Format.objects.get(code="tournament")).max_cards == 8


def test_the_maker_changes_a_format_no_event_uses(client, organiser):
    create(client)
    fmt = Format.objects.get(name="Store league")
    form = client.get(f"/cards/formats/{fmt.code}/edit/").content.decode()
    assert re.search(r'<input type="checkbox" name="legal_sets" value="sww"[^>]* checked>', form)
    assert re.search(r"<textarea name=\"banned\"[^>]*>\s*19sww</textarea>", form)
    response = client.post(
        f"/cards/formats/{fmt.code}/edit/",
        {**SWW_ONLY, "name": "Store league 2", "legal_sets": ["sww", "uxm"], "banned": ""},
    )
    assert response.status_code == 302
    fmt.refresh_from_db()
    definition = format_definition(fmt)
    assert fmt.name == "Store league 2" and fmt.code == "store-league"
    assert definition.legal_sets == {"sww", "uxm"} and not definition.banned


def test_nobody_else_changes_it_and_built_in_formats_never_change(client, organiser):
    create(client)
    code = Format.objects.get(name="Store league").code
    other = get_user_model().objects.create_user("other", password="pw-for-tests-only")
    client.force_login(other)
    assert client.get(f"/cards/formats/{code}/edit/").status_code == 403
    assert client.post(f"/cards/formats/{code}/edit/", SWW_ONLY).status_code == 403
    admin = get_user_model().objects.create_superuser("boss", password="pw-for-tests-only")
    client.force_login(admin)
    assert client.get("/cards/formats/tournament/edit/").status_code == 403
    assert client.get(f"/cards/formats/{code}/edit/").status_code == 200


def test_a_format_an_event_has_chosen_stays_as_it_is(client, organiser):
    import datetime

    from tournaments import services as events

    create(client)
    fmt = Format.objects.get(name="Store league")
    events.event_create(
        organiser=organiser, name="League night", date=datetime.date(2026, 11, 22), format=fmt
    )
    page = client.get(f"/cards/formats/{fmt.code}/").content.decode()
    assert "Used by</dt><dd>1 event" in page and "make a new one" in page
    response = client.post(f"/cards/formats/{fmt.code}/edit/", {**SWW_ONLY, "banned": ""})
    assert "already chosen by 1 event" in response.content.decode()
    assert format_definition(Format.objects.get(pk=fmt.pk)).banned == {"19sww"}
    with pytest.raises(FormatRefused, match="already chosen by 1 event"):
        format_save(
            by=organiser, name="x", base="tournament", legal_sets=None, banned=[],
            one_card_per_set=False, fmt=fmt,
        )  # fmt: skip


def test_the_team_check_page_opens_on_a_chosen_format(client):
    page = client.get("/cards/team-check/?format=basic").content.decode()
    assert '<option value="basic" selected>' in page
