"""parse(format(team)) == team for every notation, on legal teams and on any writable team."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.teams.cards import CardIndex
from rules.teams.formats import DOUBLES, TEN_TEN, TOURNAMENT, draft
from rules.teams.notation import (
    format_dmdb,
    format_plain,
    format_tb_link,
    parse_dmdb,
    parse_plain,
    parse_tb_link,
)
from rules.teams.team import Team, TeamEntry
from tests.rules.teams.strategies import legal_teams, team_names

NOTATIONS = {
    "tb_link": (format_tb_link, parse_tb_link),
    "dmdb": (format_dmdb, parse_dmdb),
    "plain": (format_plain, parse_plain),
}
FORMATS = [TOURNAMENT, DOUBLES, TEN_TEN, draft(12)]


def writable_teams(cards: CardIndex) -> st.SearchStrategy[Team]:
    """Any team the notations can write: known cards, any order, dice and partner tags."""
    entry = st.builds(
        TeamEntry,
        card_key=st.sampled_from(sorted(card.key for card in cards)).map(
            lambda key: key.upper() if key.endswith("a") else key
        ),
        dice=st.integers(0, 25),
        partner=st.sampled_from([None, 1, 2]),
    )
    return st.builds(Team, st.lists(entry, min_size=1, max_size=12).map(tuple), team_names)


@pytest.mark.parametrize("notation", NOTATIONS)
@pytest.mark.parametrize("fmt", FORMATS, ids=[fmt.code for fmt in FORMATS])
def test_legal_teams_round_trip(any_cards, notation, fmt):
    write, read = NOTATIONS[notation]

    @settings(max_examples=15, deadline=None)
    @given(legal_teams(any_cards, fmt))
    def check(team):
        assert read(write(team, any_cards), any_cards) == team

    check()


@pytest.mark.parametrize("notation", NOTATIONS)
def test_any_writable_team_round_trips_with_lowercase_keys(any_cards, notation):
    write, read = NOTATIONS[notation]

    @settings(max_examples=40, deadline=None)
    @given(writable_teams(any_cards))
    def check(team):
        expected = Team(
            tuple(
                TeamEntry(entry.card_key.lower(), entry.dice, entry.partner)
                for entry in team.entries
            ),
            team.name,
        )
        assert read(write(team, any_cards), any_cards) == expected

    check()
