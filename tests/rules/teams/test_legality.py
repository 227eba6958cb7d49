"""Each kind of violation on hand-built teams of invented cards, with hand-computed results."""

import dataclasses

import pytest

from rules.teams.formats import BASIC, DOUBLES, TEN_TEN, TOURNAMENT, draft, rotation
from rules.teams.legality import RULES, Violation, validate_team
from rules.teams.team import Team, TeamEntry

# Glimmerbat, Mr. Tock-Tick, Sable Knight, Cinder Fox, Pebble Golem at 4 dice each (20), and the
# basic actions Smoke and Mirrors and Echo Chamber.
LEGAL = (("1qa", 4), ("3qa", 4), ("2qb", 4), ("3qb", 4), ("1qc", 4), ("10qa", 3), ("8qb", 3))
BASICS = (("10qa", 3), ("8qb", 3))


def team(*entries: tuple) -> Team:
    return Team(tuple(TeamEntry(*entry) for entry in entries))


def found(violations: list[Violation]) -> list[tuple[str, str, str | None]]:
    return [(violation.rule, violation.code, violation.card_key) for violation in violations]


def test_legal_team_has_no_violations(sample_cards):
    assert validate_team(team(*LEGAL), TOURNAMENT, sample_cards) == []


def test_too_many_cards(sample_cards):
    nine = [(key, 2) for key in ("1qa", "3qa", "2qb", "3qb", "5qb", "6qb", "1qc", "2qc", "3qc")]
    violations = validate_team(team(*nine, *BASICS), TOURNAMENT, sample_cards)
    assert found(violations) == [("R2.1", "too_many_cards", None)]
    assert violations[0].message == (
        "The team has 9 character and action cards but Tournament allows at most 8."
    )


def test_action_and_character_or_action_cards_count_as_cards(sample_cards):
    seven = [(key, 1) for key in ("1qa", "3qa", "2qb", "3qb", "5qb", "6qb", "1qc")]
    entries = [*seven, ("7qa", 1), ("8qa", 1), *BASICS]
    assert found(validate_team(team(*entries), TOURNAMENT, sample_cards)) == [
        ("R2.1", "too_many_cards", None)
    ]


def test_basic_actions_never_count_among_the_cards(sample_cards):
    eight = [(key, 2) for key in ("1qa", "3qa", "2qb", "3qb", "5qb", "6qb", "1qc", "2qc")]
    assert validate_team(team(*eight, *BASICS), TOURNAMENT, sample_cards) == []
    violations = validate_team(team(*eight, *BASICS, ("13qa", 3)), TOURNAMENT, sample_cards)
    assert found(violations) == [("R2.1", "wrong_basic_action_count", None)]
    assert violations[0].message == (
        "The team has 3 basic action cards but Tournament needs exactly 2."
    )


def test_too_many_dice(sample_cards):
    violations = validate_team(team(*LEGAL, ("4qc", 2)), TOURNAMENT, sample_cards)
    assert found(violations) == [("R2.1", "too_many_dice", None)]
    assert violations[0].message == (
        "The team has 22 dice on its character and action cards but Tournament allows at most 20."
    )


def test_basic_action_dice_do_not_count_towards_the_cap(sample_cards):
    entries = [*LEGAL[:5], ("10qa", 6), ("8qb", 6)]
    assert validate_team(team(*entries), TOURNAMENT, sample_cards) == []


def test_card_with_no_dice(sample_cards):
    entries = [("1qa", 0), *LEGAL[1:]]
    violations = validate_team(team(*entries), TOURNAMENT, sample_cards)
    assert found(violations) == [("R2.1", "too_few_dice", "1qa")]
    assert violations[0].message == (
        "Glimmerbat: Night Courier has 0 dice but every card needs at least 1."
    )


def test_card_over_its_max(sample_cards):
    entries = [("6qa", 3), *LEGAL[1:]]
    violations = validate_team(team(*entries), TOURNAMENT, sample_cards)
    assert found(violations) == [("R2.1", "too_many_dice_on_card", "6qa")]
    assert violations[0].message == "Ironbloom: Rooted Guard has 3 dice but its Max is 2."


def test_card_with_max_zero_can_not_be_brought(sample_cards):
    violations = validate_team(team(*LEGAL[1:], ("9qa", 1)), TOURNAMENT, sample_cards)
    assert found(violations) == [("R2.1", "too_many_dice_on_card", "9qa")]
    assert violations[0].message == "Rigmarole: Sidekick Card has 1 die but its Max is 0."


@pytest.mark.parametrize(
    ("first", "second", "title"),
    [
        ("1qa", "2qa", "Glimmerbat"),  # same set, different subtitles
        ("1qa", "1qb", "Glimmerbat"),  # different sets
        ("2qb", "4qb", "Sable Knight"),  # "Sable Knight" and "Sable-Knight"
        ("4qa", "5qa", "Vesper (M)"),  # the Team Builder's "(M)" and "(F)" tags
    ],
)
def test_two_cards_with_one_title(sample_cards, first, second, title):
    entries = [(first, 1), (second, 1), *BASICS]
    violations = validate_team(team(*entries), TOURNAMENT, sample_cards)
    assert found(violations) == [("R2.2", "duplicate_title", second)]
    assert violations[0].message.startswith(f"The team has 2 cards titled {title} (")
    assert violations[0].message.endswith("but no two cards may share a title.")


def test_duplicate_title_message_lists_the_cards(sample_cards):
    entries = [("1qa", 1), ("2qa", 1), ("1qb", 1), *BASICS]
    [violation] = validate_team(team(*entries), TOURNAMENT, sample_cards)
    assert violation.message == (
        "The team has 3 cards titled Glimmerbat (Glimmerbat: Night Courier [1qa], "
        "Glimmerbat: Echo Scout [2qa], Glimmerbat: Brass Wing [1qb]) "
        "but no two cards may share a title."
    )


def test_same_card_twice_is_a_duplicate_title(sample_cards):
    entries = [("1qa", 2), ("1qa", 2), *BASICS]
    assert found(validate_team(team(*entries), TOURNAMENT, sample_cards)) == [
        ("R2.2", "duplicate_title", "1qa")
    ]


def test_basic_action_sharing_a_title_with_a_character(sample_cards):
    entries = [("6qa", 2), ("10qb", 3), ("10qa", 3)]
    assert found(validate_team(team(*entries), TOURNAMENT, sample_cards)) == [
        ("R2.2", "duplicate_title", "10qb")
    ]


@pytest.mark.parametrize("second", ["12qa", "7qb"])
def test_the_same_basic_action_twice(sample_cards, second):
    violations = validate_team(team(*LEGAL[:5], ("12qa", 3), (second, 3)), TOURNAMENT, sample_cards)
    assert found(violations) == [("R2.1", "duplicate_basic_action", second)]
    assert violations[0].message.startswith("The team lists the basic action Quick Step 2 times (")


def test_a_basic_action_counted_among_the_cards(sample_cards):
    # Seven characters and three basic actions: the player took "8 cards" to include one.
    seven = [(key, 2) for key in ("1qa", "3qa", "2qb", "3qb", "5qb", "6qb", "1qc")]
    violations = validate_team(team(*seven, ("13qa", 3), *BASICS), TOURNAMENT, sample_cards)
    assert found(violations) == [("R2.1", "basic_action_among_cards", "13qa")]
    assert violations[0].message == (
        "Overload is a basic action card, so it can't take one of the 8 character and action "
        "card places: Tournament needs exactly 2 basic actions and the team lists 3."
    )
    four = seven[:4]  # Basic: 6 card places, so two basic actions fit in the free ones
    violations = validate_team(team(*four, ("13qa", 3), ("9qb", 3), *BASICS), BASIC, sample_cards)
    assert found(violations) == [
        ("R2.3", "basic_action_among_cards", "13qa"),
        ("R2.3", "basic_action_among_cards", "9qb"),
    ]


@pytest.mark.parametrize("basics", [(), (("10qa", 3),)])
def test_too_few_basic_actions(sample_cards, basics):
    violations = validate_team(team(*LEGAL[:5], *basics), TOURNAMENT, sample_cards)
    assert found(violations) == [("R2.1", "wrong_basic_action_count", None)]
    assert violations[0].message == (
        f"The team has {len(basics)} basic action card{'' if basics else 's'} "
        "but Tournament needs exactly 2."
    )


def test_negative_basic_action_dice(sample_cards):
    violations = validate_team(team(*LEGAL[:6], ("8qb", -1)), TOURNAMENT, sample_cards)
    assert found(violations) == [("R1.6", "negative_basic_action_dice", "8qb")]


def test_unknown_card_is_reported_and_left_out_of_the_counts(sample_cards):
    violations = validate_team(team(*LEGAL, ("99zz", 9)), TOURNAMENT, sample_cards)
    assert found(violations) == [("R1.2", "unknown_card", "99zz")]
    assert violations[0].message == "No card has the code '99zz'."


def test_card_keys_are_case_insensitive(sample_cards):
    entries = [(key.upper(), dice) for key, dice in LEGAL]
    assert validate_team(team(*entries), TOURNAMENT, sample_cards) == []


def test_banned_card(sample_cards):
    golden = rotation("golden", "Golden Age", banned=["1QA"])
    violations = validate_team(team(*LEGAL), golden, sample_cards)
    assert found(violations) == [("T4.6", "banned_card", "1qa")]
    assert violations[0].message == "Glimmerbat: Night Courier is banned in Golden Age."


def test_set_not_legal(sample_cards):
    modern = rotation("modern", "Modern Age", legal_sets=["qa", "QB"])
    violations = validate_team(team(*LEGAL), modern, sample_cards)
    assert found(violations) == [("T4.6", "set_not_legal", "1qc")]
    assert violations[0].message == (
        "Pebble Golem: Steady is from set QC, which is not legal in Modern Age."
    )


def test_ten_ten_allows_one_card_per_set(sample_cards):
    violations = validate_team(team(*LEGAL), TEN_TEN, sample_cards)
    assert found(violations) == [
        ("T4.6", "same_set_twice", "3qa"),
        ("T4.6", "same_set_twice", "3qb"),
    ]
    assert violations[0].message == (
        "The team has 3 cards from set QA (Glimmerbat: Night Courier, "
        "Mr. Tock-Tick: Clockwork Butler, Smoke and Mirrors) but 10/10 allows one card per set."
    )
    spread = team(("1qa", 4), ("5qb", 4), ("1qbop", 4), ("1q2015", 4), ("1qc", 4))
    assert found(validate_team(spread, TEN_TEN, sample_cards)) == [
        ("R2.1", "wrong_basic_action_count", None)
    ]


def test_basic_format_limits(sample_cards):
    seven = [(key, 2) for key in ("1qa", "3qa", "2qb", "3qb", "5qb", "6qb", "1qc")]
    violations = validate_team(team(*seven, *BASICS), BASIC, sample_cards)
    assert found(violations) == [("R2.3", "too_many_cards", None)]
    assert violations[0].message == (
        "The team has 7 character and action cards but Basic allows at most 6."
    )
    assert found(validate_team(team(*LEGAL), BASIC, sample_cards)) == [
        ("R2.3", "too_many_dice", None)
    ]


def test_draft_counts_only_dice_and_takes_no_basic_actions(sample_cards):
    ten_dice = team(("1qa", 4), ("3qa", 4), ("2qb", 2))
    assert validate_team(ten_dice, draft(10), sample_cards) == []
    violations = validate_team(team(*LEGAL), draft(10), sample_cards)
    assert found(violations) == [
        ("R2.4", "too_many_dice", None),
        ("R2.4", "wrong_basic_action_count", "10qa"),
    ]
    assert violations[0].message == (
        "The team has 20 dice on its character and action cards "
        "but Draft (10 dice) allows at most 10."
    )
    assert violations[1].message == (
        "Smoke and Mirrors and Echo Chamber are basic action cards but a Draft (10 dice) team "
        "brings none: the table's basic actions are drawn for everyone."
    )


DOUBLES_PAIR = (
    ("1qa", 4, 1),
    ("3qa", 4, 1),
    ("2qb", 4, 1),
    ("3qb", 4, 1),
    ("10qa", 6, 1),
    ("1qc", 4, 2),
    ("2qc", 3, 2),
    ("3qc", 4, 2),
    ("4qc", 4, 2),
    ("8qb", 6, 2),
)


def test_legal_doubles_pair_has_no_dice_cap(sample_cards):
    assert validate_team(team(*DOUBLES_PAIR), DOUBLES, sample_cards) == []


def test_doubles_partner_limits(sample_cards):
    partner_one = [*DOUBLES_PAIR[:5], ("5qc", 1, 1)]
    partner_two = [*DOUBLES_PAIR[5:], ("13qa", 3, 2), ("9qb", 3, 2)]
    entries = [*partner_one, *partner_two]
    violations = validate_team(team(*entries), DOUBLES, sample_cards)
    assert found(violations) == [
        ("R2.5", "too_many_cards", None),
        ("R2.5", "wrong_basic_action_count", None),
        ("R2.5", "partner_too_many_cards", None),
        ("R2.5", "partner_basic_action_count", None),
    ]
    assert violations[2].message == (
        "Partner 1 brings 5 character and action cards but Doubles allows at most 4 each."
    )
    assert violations[3].message == (
        "Partner 2 brings 3 basic action cards but Doubles needs exactly 1 each."
    )


def test_doubles_cards_need_a_partner(sample_cards):
    entries = [*DOUBLES_PAIR[:9], ("8qb", 6, None)]
    violations = validate_team(team(*entries), DOUBLES, sample_cards)
    assert found(violations) == [
        ("R2.5", "missing_partner", "8qb"),
        ("R2.5", "partner_basic_action_count", None),
    ]
    assert violations[0].message == "Echo Chamber is not assigned to partner 1 or partner 2."


def test_doubles_names_are_unique_across_the_pair(sample_cards):
    entries = [*DOUBLES_PAIR[:8], ("2qa", 3, 2), DOUBLES_PAIR[9]]
    assert found(validate_team(team(*entries), DOUBLES, sample_cards)) == [
        ("R2.2", "duplicate_title", "2qa")
    ]


def test_partner_tags_outside_doubles(sample_cards):
    entries = [(*LEGAL[0], 1), *LEGAL[1:]]
    violations = validate_team(team(*entries), TOURNAMENT, sample_cards)
    assert found(violations) == [("R2.5", "partner_outside_doubles", "1qa")]
    assert violations[0].message == (
        "The team tags 1 card with a Doubles partner but Tournament is not a Doubles format."
    )


def test_every_violation_at_once_in_a_fixed_order(sample_cards):
    modern = rotation("modern", "Modern", legal_sets=["qa", "qb"], banned=["3qb"])
    entries = [
        ("99zz", 1),
        ("1qa", 0),
        ("2qa", 3),
        ("6qa", 3),
        ("3qb", 4),
        ("5qb", 4),
        ("6qb", 5),
        ("1qc", 4),
        ("2qc", 3),
        ("3qc", 4),
        ("12qa", 3),
        ("7qb", 3),
        ("13qa", 3),
    ]
    violations = validate_team(team(*entries), modern, sample_cards)
    assert found(violations) == [
        ("R1.2", "unknown_card", "99zz"),
        ("R2.1", "too_few_dice", "1qa"),
        ("R2.1", "too_many_dice_on_card", "6qa"),
        ("T4.6", "banned_card", "3qb"),
        ("T4.6", "set_not_legal", "1qc"),
        ("T4.6", "set_not_legal", "2qc"),
        ("T4.6", "set_not_legal", "3qc"),
        ("R2.1", "too_many_cards", None),
        ("R2.1", "too_many_dice", None),
        ("R2.1", "wrong_basic_action_count", None),
        ("R2.2", "duplicate_title", "2qa"),
        ("R2.1", "duplicate_basic_action", "7qb"),
    ]
    assert validate_team(team(*entries), modern, sample_cards) == violations


def test_violation_needs_a_code_and_is_frozen():
    with pytest.raises(TypeError):
        Violation("R2.1", "message")  # type: ignore[call-arg]
    violation = Violation("R2.1", "message", code="too_many_cards")
    assert violation.card_key is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        violation.rule = "R2.2"  # type: ignore[misc]


def test_rules_have_titles():
    assert set(RULES) == {"R1.2", "R1.6", "R2.1", "R2.2", "R2.3", "R2.4", "R2.5", "T4.6"}
    assert all(title.strip() for title in RULES.values())
