"""The judge console's inputs fuzzed through its views: the board editor's fields and the game
log editor's text. Whatever is posted, the page answers (the form again with its errors, or a
redirect once saved), never a server error, never a hang; an error names its field, die or line.
"""

import re

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judging import selectors
from tests.judging.logs import BOARD, SEQUENCE
from tests.reliability.bounded import at_most

pytestmark = pytest.mark.django_db
FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
garbage = st.text(max_size=12) | st.sampled_from(["", "-1", "0", "99999999999999999999", "\x00"])


@st.composite
def board_posts(draw, editor) -> dict:
    """The editor's fields, each either a value it offers or garbage; some left out."""
    post = {
        "turn": draw(st.sampled_from(["1", "6"]) | garbage),
        "active": draw(st.sampled_from(["P1", "P2"]) | garbage),
        "step": draw(st.sampled_from(["main", "attack", "blocks", "damage"]) | garbage),
        "priority": draw(st.sampled_from(["", "P1", "P2"]) | garbage),
    }
    for player in ("P1", "P2"):
        post[f"life-{player}"] = draw(st.sampled_from(["20", "1"]) | garbage)
        post[f"energy-{player}"] = draw(st.sampled_from(["", "2"]) | garbage)
    dice = [row.die for row in editor.rows]
    for row in draw(st.lists(st.sampled_from(editor.rows), max_size=6, unique_by=lambda r: r.die)):
        zones = [zone for zone, _ in row.zones] or [""]
        post[f"zone-{row.die}"] = draw(st.sampled_from(zones) | garbage)
        post[f"face-{row.die}"] = draw(st.sampled_from(row.faces or [""]) | garbage)
        post[f"damage-{row.die}"] = draw(st.sampled_from(["", "0", "2"]) | garbage)
        post[f"blocking-{row.die}"] = draw(st.sampled_from(["", *dice]) | garbage)
        post[f"side-{row.die}"] = draw(st.sampled_from(["", "P1", "P2"]) | garbage)
    return {k: v.replace("\x00", "") for k, v in post.items()}  # browsers never send NUL


def test_the_board_editor_answers_any_post_with_the_form_or_a_save(client, table, dispute):
    client.force_login(table.judge)
    url = reverse("judging:board", args=[dispute.pk])
    editor = selectors.board_editor(dispute)

    @FUZZ
    @given(post=board_posts(editor))
    def check(post):
        dispute.refresh_from_db()
        with at_most(what="the board editor"):
            response = client.post(url, {**post, "version": dispute.version})
        assert response.status_code in (200, 302)
        if response.status_code == 200:
            # Refused: the engine's verdict (role=alert) or a field's message beside it.
            page = response.content.decode()
            assert re.search(r'role="alert"|class="row-error">[^<]', page), post

    check()


@st.composite
def log_texts(draw) -> str:
    lines = (BOARD + SEQUENCE).splitlines()
    for _ in range(draw(st.integers(1, 3))):
        n = draw(st.integers(0, len(lines) - 1))
        parts = lines[n].split() or [""]
        parts[draw(st.integers(0, len(parts) - 1))] = draw(garbage)
        lines[n] = " ".join(parts)
    return "\n".join(lines)


def test_the_log_editor_answers_any_text_with_the_form_or_a_save(client, table, dispute):
    client.force_login(table.judge)
    url = reverse("judging:log", args=[dispute.pk])
    teams = "\n".join(line for line in dispute.setup.splitlines() if " team " in line)

    @FUZZ
    @given(body=log_texts() | st.text(max_size=200))
    def check(body):
        dispute.refresh_from_db()
        text = f"game tournament life 20 first P1\n{teams}\n{body}".replace("\x00", "")
        with at_most(what="the log editor"):
            response = client.post(url, {"text": text, "version": dispute.version})
        assert response.status_code in (200, 302)
        if response.status_code == 200:  # refused: each problem names its line
            page = response.content.decode()
            assert re.search(r"<li><strong>(Setup|Sequence|Log) line \d+", page), body

    check()
