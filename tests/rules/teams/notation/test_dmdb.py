import pytest

from rules.teams.errors import TeamListError
from rules.teams.notation.dmdb import format_dmdb, parse_dmdb
from rules.teams.team import Team, TeamEntry

EXPORT = """\
# Exported from DiceMastersDB
Team: Brass Band

Characters (4)
4 * Glimmerbat - Night Courier (qa)
4 * Mr. Tock-Tick - Clockwork Butler (qa)
3x Quarrel Mage - Spell: Unbound (qc)
2 Vesper (M) - Storm Herald (qa)

Basic Action Cards (2)
Basic Action Card - Upgrade - Steam Vent (qb)
0 * Basic Action Card - Halt, Intruder! (qa)
Total dice: 13
"""

BRASS_BAND = Team(
    (
        TeamEntry("1qa", 4),
        TeamEntry("3qa", 4),
        TeamEntry("10qc", 3),
        TeamEntry("4qa", 2),
        TeamEntry("11qb", 3),
        TeamEntry("11qa", 0),
    ),
    "Brass Band",
)


def problems_of(text, cards):
    with pytest.raises(TeamListError) as raised:
        parse_dmdb(text, cards)
    return [(p.line, p.text, p.message, p.suggestions) for p in raised.value.problems]


def test_reads_an_export(sample_cards):
    assert parse_dmdb(EXPORT, sample_cards) == BRASS_BAND


def test_writes_an_export(sample_cards):
    assert format_dmdb(BRASS_BAND, sample_cards) == (
        "Team: Brass Band\n"
        "4 * Glimmerbat - Night Courier (qa)\n"
        "4 * Mr. Tock-Tick - Clockwork Butler (qa)\n"
        "3 * Quarrel Mage - Spell: Unbound (qc)\n"
        "2 * Vesper (M) - Storm Herald (qa)\n"
        "Basic Action Card - Upgrade - Steam Vent (qb)\n"
        "0 * Basic Action Card - Halt, Intruder! (qa)\n"
    )


def test_a_first_line_that_is_no_card_names_the_team(sample_cards):
    team = parse_dmdb("Rusty Parade\n4 * Glimmerbat - Night Courier (qa)\n", sample_cards)
    assert team == Team((TeamEntry("1qa", 4),), "Rusty Parade")


def test_set_and_subtitle_are_optional_when_unambiguous(sample_cards):
    text = "3 * Thornback\n2 * Glimmerbat - Echo Scout\nBasic Action Card - Overload\n"
    assert parse_dmdb(text, sample_cards).entries == (
        TeamEntry("6qb", 3),
        TeamEntry("2qa", 2),
        TeamEntry("13qa", 3),
    )


def test_doubles_partners(sample_cards):
    team = Team((TeamEntry("1qa", 4, 1), TeamEntry("10qa", 3, 1), TeamEntry("2qb", 4, 2)), "Pair")
    text = format_dmdb(team, sample_cards)
    assert "Partner 1:\n4 * Glimmerbat" in text and "Partner 2:\n4 * Sable Knight" in text
    assert parse_dmdb(text, sample_cards) == team


def test_empty_input(sample_cards):
    assert problems_of("", sample_cards) == [
        (0, "", "The team list is empty: paste one card per line.", [])
    ]
    assert problems_of("# nothing\nCharacters:\n", sample_cards) == [
        (0, "# nothing\nCharacters:\n", "The team list names no cards.", [])
    ]


def test_every_bad_line_is_reported_with_its_number(sample_cards):
    text = """\
Team: Bad
4 * Glimerbat - Night Courier (qa)
4 * Glimmerbat - Night Courrier (qa)
4 * Glimmerbat - Night Courier (qc)
4 * Glimmerbat - Night Courier (zz)
Glimmerbat - Night Courier (qa)
Basic Action Card - Quick Step
Basic Action Card - Glimmerbat - Echo Scout (qa)
Partner 3:
Team: Again
2 * Glimmerbat
"""
    problems = problems_of(text, sample_cards)
    assert [(line, message) for line, _, message, _ in problems] == [
        (2, "Line 2: No card is named 'Glimerbat'."),
        (3, "Line 3: No Glimmerbat card has the subtitle 'Night Courrier'."),
        (4, "Line 4: No Glimmerbat: Night Courier card is in set QC."),
        (5, "Line 5: There is no set 'ZZ'."),
        (
            6,
            "Line 6: Glimmerbat: Night Courier (QA) needs a dice count, "
            "e.g. '4 * Glimmerbat - Night Courier (qa)'.",
        ),
        (7, "Line 7: 'Quick Step' matches 2 cards; write its set to pick one."),
        (8, "Line 8: Glimmerbat: Echo Scout (QA) is a character card, not a basic action."),
        (9, "Line 9: A Doubles pair has partners 1 and 2, not 3."),
        (10, "Line 10: The team name is given a second time."),
        (11, "Line 11: 'Glimmerbat' matches 3 cards; write its subtitle and set to pick one."),
    ]
    suggestions = {line: found for line, _, _, found in problems}
    assert suggestions[2][0] == "Glimmerbat"
    assert suggestions[3][0] == "Glimmerbat: Night Courier (QA)"
    assert suggestions[4] == ["Glimmerbat: Night Courier (QA)"]
    assert suggestions[7] == ["Quick Step (QA)", "Quick Step (QB)"]
    assert suggestions[11] == [
        "Glimmerbat: Night Courier (QA)",
        "Glimmerbat: Echo Scout (QA)",
        "Glimmerbat: Brass Wing (QB)",
    ]
    assert problems[0][1] == "4 * Glimerbat - Night Courier (qa)"


def test_a_misspelt_first_card_is_not_taken_for_a_team_name(sample_cards):
    [(line, _, message, suggestions)] = problems_of("Glimerbat\n", sample_cards)
    assert (line, message, suggestions[0]) == (
        1,
        "Line 1: No card is named 'Glimerbat'.",
        "Glimmerbat",
    )
