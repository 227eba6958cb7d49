import pytest

from rules.teams.errors import TeamListError
from rules.teams.notation.tb_link import format_tb_link, parse_tb_link
from rules.teams.team import Team, TeamEntry

BRASS_BAND = Team(
    (TeamEntry("1qa", 4), TeamEntry("3qa", 4), TeamEntry("10qa", 3), TeamEntry("8qb", 0)),
    "Brass Band",
)


def problems_of(text, cards):
    with pytest.raises(TeamListError) as raised:
        parse_tb_link(text, cards)
    return [(p.line, p.text, p.message, p.suggestions) for p in raised.value.problems]


@pytest.mark.parametrize(
    "text",
    [
        "https://tb.dicecoalition.com/?view&cards=4x1qa;4x3qa;3x10qa;0x8qb&name=Brass%20Band",
        "https://tb.dicecoalition.com/index.php?view&cards=4X1QA;4x3qa;3x10qa;0x8qb&name=Brass+Band",
        "  cards=4x1qa;4x3qa;3x10qa;0x8qb&name=Brass%20Band\n",
        "view&cards=4x1qa%3B4x3qa%3B3x10qa%3B0x8qb&name=%20Brass%20%20Band",
        "https://tb.dicecoalition.com/?view&cards=4x1qa;4x3qa;;3x10qa;0x8qb;&name=Brass%20Band#top",
    ],
)
def test_reads_link_query_or_item_list(sample_cards, text):
    assert parse_tb_link(text, sample_cards) == BRASS_BAND


def test_reads_a_bare_item_list_without_a_name(sample_cards):
    team = parse_tb_link("4x1qa; 4 x 3qa, 3x10qa\n0x8qb", sample_cards)
    assert team == Team(BRASS_BAND.entries)


def test_writes_the_full_link(sample_cards):
    assert format_tb_link(BRASS_BAND, sample_cards) == (
        "https://tb.dicecoalition.com/?view&cards=4x1qa;4x3qa;3x10qa;0x8qb&name=Brass%20Band"
    )
    assert format_tb_link(Team(BRASS_BAND.entries), sample_cards, "https://tb.example/") == (
        "https://tb.example/?view&cards=4x1qa;4x3qa;3x10qa;0x8qb"
    )


def test_doubles_partners_travel_in_their_own_parameter(sample_cards):
    team = Team((TeamEntry("1qa", 4, 1), TeamEntry("10qa", 3, 1), TeamEntry("2qb", 4, 2)))
    link = format_tb_link(team, sample_cards)
    assert link.endswith("?view&cards=4x1qa;3x10qa;4x2qb&partners=112")
    assert parse_tb_link(link, sample_cards) == team


def test_empty_input(sample_cards):
    assert problems_of("  \n", sample_cards) == [
        (0, "  \n", "The team list is empty: paste one card per line.", [])
    ]


def test_link_without_cards(sample_cards):
    [(line, _, message, _)] = problems_of("https://tb.dicecoalition.com/?view&name=x", sample_cards)
    assert line == 0
    assert message.startswith("The link has no cards= list")
    [(line, _, message, _)] = problems_of("cards=&name=x", sample_cards)
    assert (line, message) == (0, "The link lists no cards.")


def test_every_bad_item_is_reported_by_position(sample_cards):
    problems = problems_of("cards=4x1qa;four x 3qa;4x99qa;3x10zz;2x;0x8qb", sample_cards)
    assert [(line, text) for line, text, _, _ in problems] == [
        (2, "four x 3qa"),
        (3, "4x99qa"),
        (4, "3x10zz"),
        (5, "2x"),
    ]
    assert problems[0][2] == "Item 2: 'four x 3qa' is not <dice>x<number><set>, e.g. 2x31xfc."
    assert problems[1][2] == "Item 3: no card has the code 99qa."
    assert "9qa: Rigmarole: Sidekick Card (QA)" in problems[1][3]
    assert problems[2][2] == "Item 4: 'zz' in 10zz is not a Team Builder set code."
    assert problems[3][2] == "Item 5: '2x' is not <dice>x<number><set>, e.g. 2x31xfc."


def test_items_are_split_on_separators_so_positions_count_items(sample_cards):
    [(line, text, message, _)] = problems_of("4x1qa,,4x3qa;bogus;", sample_cards)
    assert (line, text) == (3, "bogus")
    assert message.startswith("Item 3:")


@pytest.mark.parametrize("digits", ["12", "1123", "11a2"])
def test_bad_partner_digits(sample_cards, digits):
    [(line, _, message, _)] = problems_of(
        f"cards=4x1qa;3x10qa;4x2qb&partners={digits}", sample_cards
    )
    assert line == 0
    assert message == f"partners= must give 0, 1 or 2 for each of the 3 cards, not '{digits}'."


def test_writing_an_unknown_card_is_refused(sample_cards):
    with pytest.raises(TeamListError) as raised:
        format_tb_link(Team((TeamEntry("1qa", 4), TeamEntry("77zz", 1))), sample_cards)
    assert [p.message for p in raised.value.problems] == ["Entry 2: no card has the code '77zz'."]


def test_reads_the_example_link_of_the_tournament_rules(real_cards):
    link = "https://tb.dicecoalition.com/?view&cards=2x31xfc;2x16smc;3x27fus&name=My%20Team"
    team = parse_tb_link(link, real_cards)
    assert [(entry.card_key, entry.dice) for entry in team.entries] == [
        ("31xfc", 2),
        ("16smc", 2),
        ("27fus", 3),
    ]
    assert team.name == "My Team"
    assert format_tb_link(team, real_cards) == link
