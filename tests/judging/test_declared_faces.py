"""A die whose faces the card data doesn't give (R1.3): the judge console's board editor offers
the faces that may be declared for it, places one, and the board shows it marked declared.
On the demo catalogue that is Giganta (9sww): neither community source has her die stats, so
her card is `character_or_action` without faces."""

from django.urls import reverse

from judging import selectors
from judging.boardview import board_view
from judging.logtext import parse_parts
from rules.engine import Replay
from tests.judging.logs import SETUP
from tests.rules.engine.conftest import demo_cards


def test_the_board_view_marks_a_declared_face_and_only_that():
    cards = demo_cards()
    setup = SETUP + "P2 die 9sww#1 reserve fist2\n"
    state = Replay.from_log(parse_parts(setup, "", cards), cards).start
    board = board_view(state, cards, {"P1": "Diane", "P2": "Carlos"})
    giganta = board.dice["P2:9sww#1"]
    assert (giganta.kind, giganta.face, giganta.declared) == ("energy", "fist2", True)
    assert "face declared" in giganta.description() and giganta.as_json()["declared"] is True
    assert not board.dice["P2:5sww#2"].declared and not board.dice["P1:22sww#1"].declared


def test_the_board_editor_offers_and_places_a_declared_face(client, table, dispute):
    editor = selectors.board_editor(dispute)
    giganta = editor.row("P2:9sww#1")
    assert giganta.faces_declared and giganta.faces[:3] == ["action", "action*", "action**"]
    assert not editor.row("P2:5sww#1").faces_declared
    client.force_login(table.judge)
    url = reverse("judging:board", args=[dispute.pk])
    page = client.get(url).content.decode()
    assert '<option value="action*">action* (declared)</option>' in page
    assert "faces declared: not in the card data" in page
    response = client.post(
        url,
        {
            "version": dispute.version, "turn": "6", "active": "P2", "step": "main",
            "life-P1": "9", "life-P2": "14",
            "zone-P2:9sww#1": "reserve", "face-P2:9sww#1": "action*",
        },
    )  # fmt: skip
    assert response.status_code == 302
    dispute.refresh_from_db()
    assert "P2 die 9sww#1 reserve action*" in dispute.setup.splitlines()
    branch = dispute.branches.order_by("pk").first()
    page = client.get(reverse("judging:step", args=[dispute.pk, branch.pk, 0])).content.decode()
    assert '<span class="die-declared"' in page and "face declared" in page


def test_the_board_editor_refuses_a_face_that_contradicts_the_card(client, table, dispute):
    client.force_login(table.judge)
    response = client.post(
        reverse("judging:board", args=[dispute.pk]),
        {
            "version": dispute.version, "turn": "6", "active": "P2", "step": "main",
            "life-P1": "9", "life-P2": "14",
            "zone-P2:9sww#1": "reserve", "face-P2:9sww#1": "mask",  # Giganta is fist
        },
    )  # fmt: skip
    assert response.status_code == 200
    page = response.content.decode()
    assert "(R1.3) P2:9sww#1 has no mask face." in page
    dispute.refresh_from_db()
    assert "9sww#1" not in dispute.setup
