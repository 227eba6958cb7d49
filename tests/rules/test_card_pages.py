import json
import re

import pytest

from rules.models import Die
from rules.services import catalogue_import
from rules.templatetags.card_display import card_text, energy_face_label, global_text

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def catalogue(mini_catalogue):
    catalogue_import(path=mini_catalogue)


SEARCHES = [
    ("q=knight", {"1tst", "2tst"}),
    ("q=mirror", {"3tst"}),
    ("name=copper", {"1tst", "2tst"}),
    ("subtitle=lance", {"2tst"}),
    ("name=copper&subtitle=lance", {"2tst"}),
    ("set=tst&kind=basic_action", {"5tst", "6tst"}),
    ("kind=character", {"1tst", "2tst", "3tst", "4tst"}),
    ("energy=bolt", {"4tst"}),
    ("energy=shield", {"1tst", "2tst"}),
    ("affiliation=coven", {"3tst"}),
    ("affiliation=guild&subtitle=bearer", {"1tst"}),
]


@pytest.mark.parametrize(("query", "expected"), SEARCHES)
def test_card_search_api_filters(client, query, expected):
    response = client.get(f"/api/cards/?{query}")
    assert response.status_code == 200
    assert {card["key"] for card in response.json()["results"]} == expected


@pytest.mark.parametrize(("query", "expected"), SEARCHES)
def test_card_search_page_filters(client, query, expected):
    html = client.get(f"/cards/?{query}").content.decode()
    shown = set(re.findall(r'href="/cards/(\d+tst)/"', html))
    assert shown == expected
    assert f"{len(expected)} card" in html


def test_the_search_form_offers_each_filter_with_plain_choices(client):
    html = client.get("/cards/").content.decode()
    for label in ("Name", "Subtitle", "Set", "Kind", "Energy type", "Affiliation"):
        assert f"<label>{label} " in html
    assert '<option value="" selected>Any set</option>' in html
    assert '<option value="tst">Test Set (TST)</option>' in html
    assert '<option value="" selected>Any affiliation</option>' in html
    # The affiliations the catalogue has, by name; no free text to guess codes into.
    assert '<option value="coven">Coven</option>' in html
    assert '<option value="guild">Guild</option>' in html
    assert "---------" not in html


def test_an_unknown_filter_value_is_a_clear_api_error(client):
    response = client.get("/api/cards/?affiliation=nobody&energy=heart")
    assert response.status_code == 400
    errors = response.json()["errors"]  # the API's common error body, field by field
    assert "nobody is not one of the available choices" in errors["affiliation"][0]
    assert "heart is not one of the available choices" in errors["energy"][0]


def test_card_api_detail_includes_die_faces(client):
    body = client.get("/api/cards/3tst/").json()
    assert body["name"] == "Glass Witch"
    assert body["faces"][2] == {"level": 3, "fielding": 3, "attack": 4, "defense": 4, "bursts": 2}
    assert body["energy_faces"] == [
        {"symbols": ["mask"], "generic": 0, "bursts": 0},
        {"symbols": ["mask", "mask"], "generic": 0, "bursts": 0},
        {"symbols": [], "generic": 2, "bursts": 1},
    ]


def test_card_detail_page_draws_each_face_as_an_svg_die(client):
    html = client.get("/cards/3tst/").content.decode()
    assert html.count("<svg") == 6
    assert 'aria-label="Level 3: fielding cost 3, attack 4, defense 4, 2 bursts"' in html
    assert 'aria-label="Energy: mask"' in html
    assert 'aria-label="Energy: 2 mask"' in html
    assert 'aria-label="Energy: 2 generic energy, 1 burst"' in html


def test_a_die_without_known_energy_faces_says_so(client):
    html = client.get("/cards/1tst/").content.decode()
    assert html.count("<svg") == 3
    assert "doesn't say which energy faces this die has" in html


def test_card_detail_shows_names_not_codes(client):
    html = client.get("/cards/3tst/").content.decode()
    assert "Test Set (TST) #3" in html
    assert '<span class="energy mask">Mask</span>' in html
    assert "<dd>Rare</dd>" in html
    basic = client.get("/cards/5tst/").content.decode()
    assert "<dt>Use</dt><dd>3 dice, shared by both players</dd>" in basic


def test_unknown_card_is_404(client):
    assert client.get("/cards/999zzz/").status_code == 404
    assert client.get("/api/cards/999zzz/").status_code == 404


def test_energy_faces_are_stored_on_the_die_and_kept_when_a_file_lacks_them(
    mini_catalogue, tmp_path
):
    die = Die.objects.get(cards__key="3tst")
    assert die.energy_faces[1] == {"symbols": ["mask", "mask"], "generic": 0, "bursts": 0}
    data = json.loads(mini_catalogue.read_text())
    for card in data["cards"]:
        card.pop("energy_faces", None)
    without = tmp_path / "without.json"
    without.write_text(json.dumps(data))
    summary = catalogue_import(path=without)
    assert not summary.changed
    assert Die.objects.get(pk=die.pk).energy_faces == die.energy_faces


@pytest.mark.parametrize(
    ("line", "html"),
    [
        ("Pay [S]: +1D.", 'Pay <span class="energy shield">Shield</span>: +1D.'),
        (
            "* Deal 2 damage <em>(to anyone)</em>.",
            '<span class="burst" role="img" aria-label="Burst:">✸</span> '
            "Deal 2 damage <em>(to anyone)</em>.",
        ),
        (
            "**Double.",
            '<span class="burst" role="img" aria-label="Double burst:">✸✸</span> Double.',
        ),
        (
            "Spend [2] or [Q].",
            'Spend <span class="generic" role="img" aria-label="2 generic energy">2</span> '
            'or <span class="energy wild">Wild</span>.',
        ),
        ("[XMEN] friends", '<span class="token">XMEN</span> friends'),
        (
            "<script>alert(1)</script> & <b>",
            "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;",
        ),
    ],
)
def test_card_text_draws_symbols_and_escapes_everything_else(line, html):
    assert card_text(line) == html


def test_global_text_drops_its_own_prefix():
    assert global_text("Global: Pay [F].") == 'Pay <span class="energy fist">Fist</span>.'


def test_energy_face_labels():
    assert energy_face_label({"symbols": ["fist", "bolt"], "bursts": 0}) == "Energy: fist and bolt"
    assert energy_face_label({"symbols": ["wild"], "bursts": 2}) == "Energy: wild, 2 bursts"
