"""Properties: random teams never crash the validator, legal teams pass, injected faults show."""

import dataclasses
import functools
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.teams.cards import CardIndex, CardInfo, title_key
from rules.teams.formats import BASIC, DOUBLES, TEN_TEN, TOURNAMENT, draft, rotation
from rules.teams.legality import RULES, Violation, validate_team
from rules.teams.team import Team, TeamEntry
from tests.rules.teams.strategies import arbitrary_teams, legal_teams, playable_cards

FORMATS = [TOURNAMENT, BASIC, DOUBLES, draft(8), draft(20), TEN_TEN]
EXAMPLES = settings(max_examples=20, deadline=None)


@pytest.mark.parametrize("fmt", FORMATS, ids=[fmt.code for fmt in FORMATS])
def test_legal_teams_pass(any_cards, fmt):
    @EXAMPLES
    @given(legal_teams(any_cards, fmt))
    def check(team):
        assert validate_team(team, fmt, any_cards) == []

    check()


def test_random_teams_never_crash_and_cite_known_rules(any_cards):
    modern = rotation(
        "modern", "Modern", legal_sets=sorted(any_cards.set_codes)[:3], banned=["1qa"]
    )

    @settings(max_examples=100, deadline=None)
    @given(arbitrary_teams(any_cards), st.sampled_from([*FORMATS, modern]))
    def check(team, fmt):
        violations = validate_team(team, fmt, any_cards)
        for violation in violations:
            assert isinstance(violation, Violation)
            assert violation.rule in RULES
            assert violation.code and violation.code.isidentifier()
            assert violation.message.endswith(".") and "\n" not in violation.message
        assert validate_team(team, fmt, any_cards) == violations

    check()


@functools.cache
def pools(cards: CardIndex) -> tuple[list[CardInfo], dict[str, list[CardInfo]]]:
    characters, _ = playable_cards(cards, TOURNAMENT)
    by_title: dict[str, list[CardInfo]] = defaultdict(list)
    for card in characters:
        by_title[title_key(card.name)].append(card)
    return characters, by_title


def codes_of(team: Team, fmt, cards: CardIndex) -> set[str]:
    return {violation.code for violation in validate_team(team, fmt, cards)}


def with_entries(team: Team, entries: list[TeamEntry]) -> Team:
    return Team(tuple(entries), team.name)


def character_positions(team: Team, cards: CardIndex) -> list[int]:
    return [
        position
        for position, entry in enumerate(team.entries)
        if not cards.get(entry.card_key).is_basic_action
    ]


def basic_positions(team: Team, cards: CardIndex) -> list[int]:
    return [
        position
        for position, entry in enumerate(team.entries)
        if cards.get(entry.card_key).is_basic_action
    ]


def fresh_titles(team: Team, cards: CardIndex) -> list[CardInfo]:
    used = {title_key(cards.get(entry.card_key).name) for entry in team.entries}
    return [card for card in pools(cards)[0] if title_key(card.name) not in used]


@EXAMPLES
@given(st.data())
def test_injected_card_count_is_caught(any_cards, data):
    team = data.draw(legal_teams(any_cards))
    entries = list(team.entries)
    needed = TOURNAMENT.max_cards + 1 - len(character_positions(team, any_cards))
    extra = data.draw(
        st.lists(
            st.sampled_from(fresh_titles(team, any_cards)),
            min_size=needed,
            max_size=needed,
            unique_by=lambda card: title_key(card.name),
        )
    )
    entries += [TeamEntry(card.key, 1) for card in extra]
    assert "too_many_cards" in codes_of(with_entries(team, entries), TOURNAMENT, any_cards)


@EXAMPLES
@given(st.data())
def test_injected_dice_total_is_caught(any_cards, data):
    team = data.draw(legal_teams(any_cards))
    entries = [
        TeamEntry(entry.card_key, max(entry.dice, any_cards.get(entry.card_key).max_dice))
        for entry in team.entries
    ]
    total = sum(entries[position].dice for position in character_positions(team, any_cards))
    tight = dataclasses.replace(TOURNAMENT, max_dice=min(TOURNAMENT.max_dice, total - 1))
    assert "too_many_dice" in codes_of(with_entries(team, entries), tight, any_cards)


@EXAMPLES
@given(st.data(), st.sampled_from(["too_few_dice", "too_many_dice_on_card"]))
def test_injected_dice_on_a_card_is_caught(any_cards, data, code):
    team = data.draw(legal_teams(any_cards))
    position = data.draw(st.sampled_from(character_positions(team, any_cards)))
    entries = list(team.entries)
    card = any_cards.get(entries[position].card_key)
    dice = 0 if code == "too_few_dice" else card.max_dice + data.draw(st.integers(1, 3))
    entries[position] = TeamEntry(card.key, dice)
    violations = validate_team(with_entries(team, entries), TOURNAMENT, any_cards)
    assert (code, card.key) in {(violation.code, violation.card_key) for violation in violations}


@EXAMPLES
@given(st.data())
def test_injected_duplicate_title_is_caught(any_cards, data):
    team = data.draw(legal_teams(any_cards))
    shared = [group for group in pools(any_cards)[1].values() if len(group) > 1]
    first, second = data.draw(st.sampled_from(shared))[:2]
    entries = [
        entry
        for entry in team.entries
        if title_key(any_cards.get(entry.card_key).name) != title_key(first.name)
    ]
    entries += [TeamEntry(first.key, 1), TeamEntry(second.key, 1)]
    assert "duplicate_title" in codes_of(with_entries(team, entries), TOURNAMENT, any_cards)


@EXAMPLES
@given(st.data(), st.sampled_from(["drop", "repeat"]))
def test_injected_basic_action_fault_is_caught(any_cards, data, fault):
    team = data.draw(legal_teams(any_cards))
    position = data.draw(st.sampled_from(basic_positions(team, any_cards)))
    entries = list(team.entries)
    if fault == "drop":
        del entries[position]
        assert "wrong_basic_action_count" in codes_of(
            with_entries(team, entries), TOURNAMENT, any_cards
        )
    else:
        entries.insert(data.draw(st.integers(0, len(entries))), entries[position])
        codes = codes_of(with_entries(team, entries), TOURNAMENT, any_cards)
        assert "duplicate_basic_action" in codes
        assert codes & {"wrong_basic_action_count", "basic_action_among_cards"}


@EXAMPLES
@given(st.data())
def test_injected_basic_action_among_the_cards_is_caught(any_cards, data):
    """A third, different basic action: named as taking a card place when one is free."""
    team = data.draw(legal_teams(any_cards))
    taken = {title_key(any_cards.get(entry.card_key).name) for entry in team.entries}
    fresh = [
        card for card in any_cards if card.is_basic_action and title_key(card.name) not in taken
    ]
    extra = data.draw(st.sampled_from(fresh))
    entries = list(team.entries)
    entries.insert(data.draw(st.integers(0, len(entries))), TeamEntry(extra.key, 3))
    violations = validate_team(with_entries(team, entries), TOURNAMENT, any_cards)
    found = {(violation.code, violation.card_key) for violation in violations}
    if len(character_positions(team, any_cards)) < TOURNAMENT.max_cards:
        first_basic = next(
            entry.card_key for entry in entries if any_cards.get(entry.card_key).is_basic_action
        )
        assert found == {("basic_action_among_cards", any_cards.get(first_basic).key)}
    else:
        assert found == {("wrong_basic_action_count", None)}


@EXAMPLES
@given(st.data())
def test_injected_unknown_card_is_caught(any_cards, data):
    team = data.draw(legal_teams(any_cards))
    key = data.draw(st.from_regex(r"\A[0-9]{1,3}zz[a-z]{0,3}\Z"))
    entries = [*team.entries, TeamEntry(key, 2)]
    violations = validate_team(with_entries(team, entries), TOURNAMENT, any_cards)
    assert ("unknown_card", key) in {
        (violation.code, violation.card_key) for violation in violations
    }


@EXAMPLES
@given(st.data())
def test_injected_rotation_faults_are_caught(any_cards, data):
    team = data.draw(legal_teams(any_cards))
    card = any_cards.get(data.draw(st.sampled_from(team.entries)).card_key)
    banned = rotation("banned", "Banned", banned=[card.key])
    assert "banned_card" in codes_of(team, banned, any_cards)
    legal_sets = any_cards.set_codes - {card.set_code}
    narrow = rotation("narrow", "Narrow", legal_sets=legal_sets)
    assert "set_not_legal" in codes_of(team, narrow, any_cards)


@EXAMPLES
@given(st.data())
def test_injected_second_card_from_a_set_is_caught_in_ten_ten(any_cards, data):
    team = data.draw(legal_teams(any_cards, TEN_TEN))
    taken_sets = {any_cards.get(entry.card_key).set_code for entry in team.entries}
    same_set = [card for card in fresh_titles(team, any_cards) if card.set_code in taken_sets]
    card = data.draw(st.sampled_from(same_set))
    entries = [*team.entries, TeamEntry(card.key, 1)]
    assert "same_set_twice" in codes_of(with_entries(team, entries), TEN_TEN, any_cards)


@EXAMPLES
@given(st.data(), st.sampled_from(["untag", "move_basic", "outside"]))
def test_injected_partner_faults_are_caught(any_cards, data, fault):
    team = data.draw(legal_teams(any_cards, DOUBLES))
    entries = list(team.entries)
    if fault == "outside":
        assert "partner_outside_doubles" in codes_of(team, TOURNAMENT, any_cards)
        return
    if fault == "untag":
        position = data.draw(st.integers(0, len(entries) - 1))
        entries[position] = dataclasses.replace(entries[position], partner=None)
        expected = "missing_partner"
    else:
        position = data.draw(st.sampled_from(basic_positions(team, any_cards)))
        moved = entries[position]
        entries[position] = dataclasses.replace(moved, partner=3 - moved.partner)
        expected = "partner_basic_action_count"
    assert expected in codes_of(with_entries(team, entries), DOUBLES, any_cards)
