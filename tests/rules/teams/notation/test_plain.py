import pytest

from rules.teams.errors import TeamListError
from rules.teams.notation.plain import format_plain, parse_plain
from rules.teams.team import Team, TeamEntry

LIST = """\
Team: Brass Band
// characters first
4x Glimmerbat: Night Courier (QA)
4 x Mr. Tock-Tick: Clockwork Butler (qa)
3 * Quarrel Mage: Spell: Unbound (QC)
2 Vesper (M): Storm Herald
Basic Actions: Halt, Intruder! (QA) and 0x Upgrade - Steam Vent (QB)
"""

BRASS_BAND = Team(
    (
        TeamEntry("1qa", 4),
        TeamEntry("3qa", 4),
        TeamEntry("10qc", 3),
        TeamEntry("4qa", 2),
        TeamEntry("11qa", 3),
        TeamEntry("11qb", 0),
    ),
    "Brass Band",
)


def problems_of(text, cards):
    with pytest.raises(TeamListError) as raised:
        parse_plain(text, cards)
    return [(p.line, p.text, p.message, p.suggestions) for p in raised.value.problems]


def test_reads_a_plain_list(sample_cards):
    assert parse_plain(LIST, sample_cards) == BRASS_BAND


def test_writes_a_plain_list(sample_cards):
    assert format_plain(BRASS_BAND, sample_cards) == (
        "Team: Brass Band\n"
        "4x Glimmerbat: Night Courier (QA)\n"
        "4x Mr. Tock-Tick: Clockwork Butler (QA)\n"
        "3x Quarrel Mage: Spell: Unbound (QC)\n"
        "2x Vesper (M): Storm Herald (QA)\n"
        "Basic Actions: Halt, Intruder! (QA) and 0x Upgrade - Steam Vent (QB)\n"
    )


@pytest.mark.parametrize(
    "basic_actions",
    [
        "Basic Actions: Smoke and Mirrors (QA) and Echo Chamber (QB)",
        "Basic Actions: Smoke and Mirrors, Echo Chamber",
        "BAC: Smoke and Mirrors & Echo Chamber (qb)",
        "Basic Actions:\nSmoke and Mirrors (QA)\n3x Echo Chamber",
        "Basic Action Cards: smoke & mirrors; echo chamber,",
    ],
)
def test_basic_action_lists(sample_cards, basic_actions):
    team = parse_plain(f"4x Thornback: Sentinel\n{basic_actions}\n", sample_cards)
    assert team.entries == (TeamEntry("6qb", 4), TeamEntry("10qa", 3), TeamEntry("8qb", 3))


def test_a_comma_list_of_three(sample_cards):
    team = parse_plain("Basic Actions: Overload, Halt, Intruder! and Echo Chamber", sample_cards)
    assert [entry.card_key for entry in team.entries] == ["13qa", "11qa", "8qb"]


def test_titles_match_without_builder_tags_accents_or_punctuation(sample_cards):
    text = "1x Vesper: Tide Caller (QA)\n2x senora brava\n3x Mr Tock Tick: clockwork butler\n"
    assert [entry.card_key for entry in parse_plain(text, sample_cards).entries] == [
        "5qa",
        "11qc",
        "3qa",
    ]


def test_a_first_line_that_is_no_card_names_the_team(sample_cards):
    team = parse_plain("Rusty Parade\n4x Thornback\n", sample_cards)
    assert team == Team((TeamEntry("6qb", 4),), "Rusty Parade")


def test_doubles_partners_and_order_survive(sample_cards):
    team = Team(
        (
            TeamEntry("1qa", 4),
            TeamEntry("10qa", 3, 1),
            TeamEntry("2qb", 4, 1),
            TeamEntry("8qb", 3, 2),
            TeamEntry("6qb", 5, 2),
            TeamEntry("9qb", 3, 2),
            TeamEntry("13qa", 6, 2),
        )
    )
    text = format_plain(team, sample_cards)
    assert text == (
        "4x Glimmerbat: Night Courier (QA)\n"
        "Partner 1:\n"
        "3x Smoke and Mirrors (QA)\n"
        "4x Sable Knight: Oathbound (QB)\n"
        "Partner 2:\n"
        "3x Echo Chamber (QB)\n"
        "5x Thornback: Sentinel (QB)\n"
        "Basic Actions: Overgrowth (QB) and 6x Overload (QA)\n"
    )
    assert parse_plain(text, sample_cards) == team


def test_empty_input(sample_cards):
    assert problems_of("\n\n", sample_cards) == [
        (0, "\n\n", "The team list is empty: paste one card per line.", [])
    ]


def test_every_bad_line_is_reported_with_its_number(sample_cards):
    text = """\
Team: Bad
4x Glimmerbatt: Night Courier (QA)
Glimmerbat: Night Courier (QA)
4x Thornback: Sentinel (QQ)
4x Glimmerbat
Basic Actions: Quick Step and Glimmerbat: Echo Scout (QA), Smoke and Mirorrs
"""
    problems = problems_of(text, sample_cards)
    assert [(line, text, message) for line, text, message, _ in problems] == [
        (2, "4x Glimmerbatt: Night Courier (QA)", "Line 2: No card is named 'Glimmerbatt'."),
        (
            3,
            "Glimmerbat: Night Courier (QA)",
            "Line 3: Glimmerbat: Night Courier (QA) needs a dice count, "
            "e.g. '4x Glimmerbat: Night Courier (QA)'.",
        ),
        (4, "4x Thornback: Sentinel (QQ)", "Line 4: There is no set 'QQ'."),
        (
            5,
            "4x Glimmerbat",
            "Line 5: 'Glimmerbat' matches 3 cards; write its subtitle and set to pick one.",
        ),
        (
            6,
            "Quick Step",
            "Line 6: 'Quick Step' matches 2 cards; write its set to pick one.",
        ),
        (
            6,
            "Glimmerbat: Echo Scout (QA)",
            "Line 6: Glimmerbat: Echo Scout (QA) is a character card, not a basic action.",
        ),
        (6, "Smoke and Mirorrs", "Line 6: No card is named 'Smoke and Mirorrs'."),
    ]
    assert problems[0][3][0] == "Glimmerbat"
    assert problems[2][3] == ["Thornback: Sentinel (QB)"]
    assert problems[4][3] == ["Quick Step (QA)", "Quick Step (QB)"]
    assert problems[6][3] == ["Smoke and Mirrors"]
