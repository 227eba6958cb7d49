"""Card lists without dice (organisers' ban lists): codes or names, every bad line at once."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.teams.errors import TeamListError
from rules.teams.notation import parse_card_names
from tests.rules.teams.strategies import card_like_lines, garbage_text


def keys(text, cards) -> list[str]:
    return [card.key for card in parse_card_names(text, cards)]


def test_codes_names_and_counts_in_order_without_repeats(sample_cards):
    text = "1QA\n\n# banned in May\nOverload (QA)\n2x Cinder Fox: Trickster\n// again:\n1qa\n"
    assert keys(text, sample_cards) == ["1qa", "13qa", "3qb"]


def test_every_bad_line_is_reported_with_its_number_and_closest_cards(sample_cards):
    with pytest.raises(TeamListError) as caught:
        parse_card_names("99qa\n1qa\nGlimerbat\nQuick Step\n", sample_cards)
    found = [(p.line, p.text, p.message, p.suggestions) for p in caught.value.problems]
    assert found == [
        (1, "99qa", "Line 1: No card has the code '99qa'.", ["9qa: Rigmarole: Sidekick Card (QA)"]),
        (3, "Glimerbat", "Line 3: No card is named 'Glimerbat'.", ["Glimmerbat"]),
        (
            4,
            "Quick Step",
            "Line 4: 'Quick Step' matches 2 cards; write its set to pick one.",
            ["Quick Step (QA)", "Quick Step (QB)"],
        ),
    ]


def test_an_empty_list_names_no_cards(sample_cards):
    assert parse_card_names(" \n# nothing banned\n", sample_cards) == ()


def test_random_text_gives_cards_or_numbered_problems(any_cards):
    @settings(max_examples=60, deadline=None)
    @given(st.one_of(garbage_text, st.lists(card_like_lines(any_cards), max_size=6).map("\n".join)))
    def check(text):
        try:
            found = parse_card_names(text, any_cards)
        except TeamListError as error:
            lines = text.splitlines()
            for problem in error.problems:
                assert 1 <= problem.line <= len(lines)
                assert problem.text == lines[problem.line - 1].strip()
                assert problem.message.startswith(f"Line {problem.line}: ")
            return
        assert all(card.key in any_cards for card in found)

    check()
