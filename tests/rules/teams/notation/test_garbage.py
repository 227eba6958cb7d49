"""Random and almost-right text never crashes or hangs a parser: it is a Team (or, for card
names, the cards) or a TeamListError whose problems each name their line."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.teams.errors import TeamListError, TeamListProblem
from rules.teams.notation import (
    parse_card_names,
    parse_dmdb,
    parse_plain,
    parse_tb_link,
    parse_team_list,
)
from rules.teams.team import Team
from tests.reliability.bounded import at_most
from tests.rules.teams.strategies import card_like_lines, garbage_text

# Every notation, and the entry point the forms and the API use (it detects the notation).
PARSERS = {
    "tb_link": parse_tb_link,
    "dmdb": parse_dmdb,
    "plain": parse_plain,
    "detected": parse_team_list,
    "card_names": parse_card_names,
}


def assert_team_or_problems(parse, text, cards):
    try:
        with at_most(what=parse.__name__):
            team = parse(text, cards)
    except TeamListError as error:
        assert error.problems
        line_count = max(1, len(text.splitlines()))
        for problem in error.problems:
            assert isinstance(problem, TeamListProblem)
            assert 0 <= problem.line <= max(line_count, len(text))
            assert problem.message.strip()
            assert all(isinstance(suggestion, str) for suggestion in problem.suggestions)
        assert str(error)
        return
    if parse is parse_card_names:  # the cards named (the format editor's ban list)
        assert all(card.key in cards for card in team)
        return
    assert isinstance(team, Team) and team.entries
    assert all(entry.card_key in cards for entry in team.entries)


@pytest.mark.parametrize("notation", PARSERS)
def test_random_text_never_crashes(any_cards, notation):
    @settings(max_examples=60, deadline=None)
    @given(garbage_text)
    def check(text):
        assert_team_or_problems(PARSERS[notation], text, any_cards)

    check()


@pytest.mark.parametrize("notation", PARSERS)
def test_almost_right_lines_never_crash(any_cards, notation):
    @settings(max_examples=60, deadline=None)
    @given(st.lists(card_like_lines(any_cards), min_size=1, max_size=6).map("\n".join))
    def check(text):
        assert_team_or_problems(PARSERS[notation], text, any_cards)

    check()
