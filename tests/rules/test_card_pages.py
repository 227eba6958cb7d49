import pytest

from rules.services import catalogue_import

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def catalogue(mini_catalogue):
    catalogue_import(path=mini_catalogue)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("q=knight", {"1tst", "2tst"}),
        ("q=mirror", {"3tst"}),
        ("set=tst&kind=basic_action", {"5tst", "6tst"}),
        ("energy=bolt", {"4tst"}),
        ("affiliation=coven", {"3tst"}),
        ("name=copper&subtitle=lance", {"2tst"}),
    ],
)
def test_card_search_api_filters(client, query, expected):
    response = client.get(f"/api/cards/?{query}")
    assert response.status_code == 200
    assert {card["key"] for card in response.json()["results"]} == expected


def test_card_api_detail_includes_die_faces(client):
    body = client.get("/api/cards/3tst/").json()
    assert body["name"] == "Glass Witch"
    assert body["faces"][2] == {"level": 3, "fielding": 3, "attack": 4, "defense": 4, "bursts": 2}


def test_card_search_page_lists_matches(client):
    html = client.get("/cards/?q=hound").content.decode()
    assert "Iron Hound" in html
    assert "Copper Knight" not in html
    assert "1 card" in html


def test_card_detail_page_draws_each_face_as_an_svg_die(client):
    html = client.get("/cards/3tst/").content.decode()
    assert html.count("<svg") == 3
    assert 'aria-label="Level 3: fielding cost 3, attack 4, defense 4, 2 bursts"' in html


def test_unknown_card_is_404(client):
    assert client.get("/cards/999zzz/").status_code == 404
    assert client.get("/api/cards/999zzz/").status_code == 404
