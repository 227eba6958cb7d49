import pytest

from rules.teams import (
    Team,
    TeamEntry,
    detect_notation,
    format_dmdb,
    format_plain,
    format_tb_link,
    parse_team_list,
)


@pytest.mark.parametrize(
    ("text", "notation"),
    [
        ("https://tb.dicecoalition.com/?view&cards=2x31xfc;2x16smc&name=X", "tb_link"),
        ("cards=2x31xfc;3x27fus", "tb_link"),
        ("2x31xfc;2x16smc;3x27fus", "tb_link"),
        ("4 * Beast - Big Boy Blue (avx)\nBasic Action Card - Distraction (avx)", "dmdb"),
        ("Basic Action Card - Distraction (avx)", "dmdb"),
        ("4x Beast: Big Boy Blue (AvX)\nBasic Actions: A (AvX) and B (AvX)", "plain"),
        ("", "plain"),
    ],
)
def test_detects_the_notation_from_its_shape(text, notation):
    assert detect_notation(text) == notation


@pytest.mark.parametrize("formatter", [format_tb_link, format_dmdb, format_plain])
def test_any_notation_pasted_as_is_reads_back_the_same_team(any_cards, formatter):
    keys = [card.key for card in any_cards if card.kind == "character"][:3]
    basics = [card.key for card in any_cards if card.kind == "basic_action"][:2]
    team = Team(
        entries=tuple(TeamEntry(key, 1) for key in keys)
        + tuple(TeamEntry(key, 3) for key in basics),
        name="Paste test",
    )
    assert parse_team_list(formatter(team, any_cards), any_cards) == team
