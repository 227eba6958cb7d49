"""The project's own demo catalogue: legal demo teams, rulebook facts, agreement with real data."""

import re
from collections import Counter

import pytest

from rules.catalogue import (
    CardRecord,
    CatalogueFile,
    DemoTeam,
    read_catalogue,
    read_demo_catalogue,
    read_demo_teams,
)
from rules.catalogue.demo import DEMO_CATALOGUE_PATH

TOURNAMENT_MAX_CARDS = 8
TOURNAMENT_MAX_DICE = 20
BASIC_ACTION_DICE = 3
BASIC_ACTIONS_PER_TEAM = 2

# Cards the rulebooks' worked examples use, by the key of the version they name.
RULEBOOK_EXAMPLE_CARDS = {
    "19sww": "Superman: Phone Booth",
    "22sww": "Wonder Woman: Child of Clay",
    "5sww": "Cheetah: Goddess of the Hunt",
    "9sww": "Giganta: Standing Tall",
    "4sww": "Cheetah: Feline Fury",
    "8sww": "Giganta: Villainy, Inc.",
    "31sww": "Take Cover",
    "32sww": "Team Up",
    "34sww": "Truce",
    "14uxm": "Kitty Pryde: Sprite",
    "4uxm": "Cyclops: Optic Blast",
    "1uxm": "Angel: Air Transport",
    "2uxm": "Angel: Inspiring",
    "10uxm": "Juggernaut: Cain Marko",
    "21uxm": "Quicksilver: Former Villain",
    "9uxm": "Iceman: Too Cool for Words",
    "7uxm": "Iceman: Cryokinetic",
    "18uxm": "Magneto: Archvillain",
    "76uxm": "Magneto: Hellfire Club",
    "25uxm": "Ambush",
    "26uxm": "Enrage",
    "30uxm": "Reckless Melee",
    # Avengers Infinity, the newest rulebook: June vs Paul ("Arnim Zola: Scientist" in the book).
    "11ai": "Black Widow: Red Alert",
    "15ai": "Captain America: The Good Old Days",
    "1ai": "Arnim Zola: Scientist Supreme",
    "34ai": "Red Skull: Cut off One Head...",
    "56ai": "Take Cover",
    "52ai": "Crowd Fighting",
    # Yu-Gi-Oh!: first game (the starter's versions), examples and the detailed combat.
    "4ygo": "Harpie Lady: Furious Fowl",
    "1ygo": "Blue-Eyes White Dragon: Blue Titan",
    "5ygo": "Kuriboh: Cute Furball",
    "7ygo": "Red-Eyes B. Dragon: Plated Body",
    "112ygo": "Crush Card Virus",
    "116ygo": "Monster Reborn",
    "120ygo": "Waboku",
    "8ygo": "Time Wizard: Time Roulette",
    "115ygo": "Mirror Wall",
    "2ygo": "Celtic Guardian: Elven Warden",
    "6ygo": "La Jinn the Mystical Genie of the Lamp: Mighty Genie",
    "113ygo": "Horn of the Unicorn",
    "114ygo": "Mirror Force",
    "117ygo": "Mystic Box",
    "17ygo": "Dark Magician: Master Spellcaster",
    "71ygo": "Baby Dragon: Cute but Dangerous",
}
# Fields checked against the Team Builder file, and the differences we chose (see
# demo/README.md): the Team Builder can't hold a double burst, its AvI stats are borrowed from
# older same-named characters (the demo leaves those faces out), and it can't tell that Arnim
# Zola, whom the rulebook fields, is a character.
CHECKED_FIELDS = (
    "name",
    "subtitle",
    "kind",
    "cost",
    "energy",
    "affiliations",
    "max_dice",
    "rarity",
    "faces",
    "die_key",
)
DOCUMENTED_DIFFERENCES: dict[tuple[str, str], str] = {
    ("1ygo", "faces"): "level 3 has a double burst (the set table and its ** text agree)",
    ("11ai", "faces"): "borrowed stats left out",
    ("15ai", "faces"): "borrowed stats left out",
    ("34ai", "faces"): "borrowed stats left out",
    ("1ai", "kind"): "a character: Paul fields him in the rulebook",
}
SHARED_WORDS_LIMIT = 6

_WORD = re.compile(r"[a-z0-9+']+")


@pytest.fixture(scope="module")
def demo() -> CatalogueFile:
    return read_demo_catalogue()


@pytest.fixture(scope="module")
def demo_cards(demo: CatalogueFile) -> dict[str, CardRecord]:
    return demo.cards_by_key()


@pytest.fixture(scope="module")
def teams() -> tuple[DemoTeam, ...]:
    return read_demo_teams()


def tournament_problems(team: DemoTeam, cards: dict[str, CardRecord]) -> list[str]:
    """What makes a team illegal in the Tournament format (R2.1, R2.2)."""
    problems = [f"unknown card {key}" for key, _ in team.cards if key not in cards]
    if problems:
        return problems
    chosen = [(cards[key], dice) for key, dice in team.cards]
    characters = [(card, dice) for card, dice in chosen if not card.is_basic_action]
    basic_actions = [(card, dice) for card, dice in chosen if card.is_basic_action]
    if len(characters) > TOURNAMENT_MAX_CARDS:
        problems.append(f"{len(characters)} character/action cards")
    for card, dice in characters:
        if not 1 <= dice <= (card.max_dice or 0):
            problems.append(f"{card.key}: {dice} dice, Max {card.max_dice}")
    if sum(dice for _, dice in characters) > TOURNAMENT_MAX_DICE:
        problems.append(f"{sum(dice for _, dice in characters)} dice")
    names = Counter(card.name for card, _ in characters)
    problems += [f"{name} twice" for name, count in names.items() if count > 1]
    if (
        len({card.name for card, _ in basic_actions}) != BASIC_ACTIONS_PER_TEAM
        or len(basic_actions) != BASIC_ACTIONS_PER_TEAM
    ):
        problems.append("not exactly 2 different basic action cards")
    problems += [
        f"{card.key}: {dice} basic action dice" for card, dice in basic_actions if dice != 3
    ]
    return problems


def test_the_demo_catalogue_reads_with_the_generic_reader(demo: CatalogueFile):
    again = read_catalogue(DEMO_CATALOGUE_PATH)

    assert again.format == "tdc_json"
    assert again.cards == demo.cards


def test_the_demo_catalogue_has_its_planned_size(demo: CatalogueFile):
    kinds = Counter(card.kind == "basic_action" for card in demo.cards)
    sets = {card.set_code for card in demo.cards}

    assert 40 <= kinds[False] <= 45
    assert 15 <= kinds[True] <= 18
    assert sets == {"sww", "uxm", "ai", "ygo"}


def test_every_rulebook_example_card_is_there(demo_cards: dict[str, CardRecord]):
    present = {
        key: demo_cards[key].full_name for key in RULEBOOK_EXAMPLE_CARDS if key in demo_cards
    }

    assert present == RULEBOOK_EXAMPLE_CARDS


def test_the_facts_the_rulebook_examples_rely_on(demo_cards: dict[str, CardRecord]):
    superman, wonder_woman = demo_cards["19sww"], demo_cards["22sww"]
    cheetah, giganta, iceman = demo_cards["5sww"], demo_cards["9sww"], demo_cards["7uxm"]

    assert (superman.cost, superman.energy) == (6, ("shield",))
    assert wonder_woman.cost == 4
    assert (wonder_woman.faces[1].fielding, wonder_woman.faces[1].attack) == (1, 3)
    assert wonder_woman.faces[1].defense == 5
    assert cheetah.cost == 4
    assert (cheetah.faces[0].attack, cheetah.faces[0].defense) == (4, 2)
    assert cheetah.faces[2].attack == 5
    assert (giganta.cost, giganta.energy) == (5, ("fist",))
    assert giganta.global_lines
    assert (iceman.cost, iceman.energy) == (4, ("bolt",))
    assert {demo_cards[key].cost for key in ("31sww", "34sww")} == {3}


def test_the_facts_the_newer_and_yugioh_examples_rely_on(demo_cards: dict[str, CardRecord]):
    # June pays 2 for Black Widow; Paul buys two Arnim Zola dice with 4 energy, can't yet afford
    # Red Skull, then spends all four energy on one.
    assert (demo_cards["11ai"].cost, demo_cards["1ai"].cost, demo_cards["34ai"].cost) == (2, 2, 4)
    assert demo_cards["1ai"].kind == "character"
    # "Time Wizard: Time Roulette has a cost of 4 and is a mask monster"; Mirror Wall has no type.
    assert (demo_cards["8ygo"].cost, demo_cards["8ygo"].energy) == (4, ("mask",))
    assert demo_cards["115ygo"].energy == () and demo_cards["115ygo"].is_basic_action
    # John's level-1 Celtic Guardian gets its burst bonus from the other bolt monsters.
    guardian = demo_cards["2ygo"]
    assert guardian.faces[0].bursts == 1 and guardian.energy == ("bolt",)
    assert {demo_cards[key].energy for key in ("1ygo", "7ygo")} == {("bolt",)}
    # Blue Titan's ** text needs a double burst on some face.
    assert max(face.bursts for face in demo_cards["1ygo"].faces) == 2


def test_there_are_sixteen_different_demo_teams(teams: tuple[DemoTeam, ...]):
    assert len(teams) == 16
    assert len({team.name for team in teams}) == 16
    assert len({frozenset(team.cards) for team in teams}) == 16


def test_every_demo_team_key_is_in_the_demo_catalogue(
    teams: tuple[DemoTeam, ...], demo_cards: dict[str, CardRecord]
):
    missing = {key for team in teams for key, _ in team.cards if key not in demo_cards}

    assert missing == set()


def test_every_demo_team_is_tournament_legal(
    teams: tuple[DemoTeam, ...], demo_cards: dict[str, CardRecord]
):
    illegal = {team.name: tournament_problems(team, demo_cards) for team in teams}

    assert {name: found for name, found in illegal.items() if found} == {}


def test_the_legality_check_catches_broken_teams(demo_cards: dict[str, CardRecord]):
    too_many = DemoTeam("x", (("19sww", 5), ("21sww", 1), ("31sww", 3), ("31sww", 3)))

    assert tournament_problems(too_many, demo_cards) == [
        "19sww: 5 dice, Max 4",
        "Superman twice",
        "not exactly 2 different basic action cards",
    ]


def test_the_demo_facts_agree_with_the_team_builder_file(
    demo: CatalogueFile, team_builder: CatalogueFile
):
    real = team_builder.cards_by_key()
    differences = {}
    for card in demo.cards:
        twin = real[card.key]
        for field in CHECKED_FIELDS:
            if getattr(card, field) != getattr(twin, field):
                differences[(card.key, field)] = (
                    f"{getattr(card, field)!r} vs {getattr(twin, field)!r}"
                )

    assert set(differences) == set(DOCUMENTED_DIFFERENCES)


def test_the_demo_ability_text_is_not_the_card_text(
    demo: CatalogueFile, team_builder: CatalogueFile
):
    real = team_builder.cards_by_key()
    copied = {}
    for card in demo.cards:
        ours = _word_runs(card.ability_lines + card.global_lines)
        theirs = _word_runs(real[card.key].ability_lines + real[card.key].global_lines)
        if ours & theirs:
            copied[card.key] = sorted(ours & theirs)

    assert copied == {}


def _word_runs(lines: tuple[str, ...]) -> set[tuple[str, ...]]:
    runs = set()
    for line in lines:
        words = _WORD.findall(re.sub(r"<[^>]+>", " ", line.lower()))
        runs |= {
            tuple(words[start : start + SHARED_WORDS_LIMIT])
            for start in range(len(words) - SHARED_WORDS_LIMIT + 1)
        }
    return runs


def test_the_demo_yugioh_dice_agree_with_the_set_table(demo: CatalogueFile, real_carddata):
    """The pipe-separated YGO table knows double bursts: every demo YGO die matches it."""
    table = read_catalogue(real_carddata / "ya.txt").cards_by_key()
    ygo = [card for card in demo.cards if card.set_code == "ygo"]
    assert len(ygo) == 16
    assert {card.key: card.faces for card in ygo} == {
        card.key: table[card.key].faces for card in ygo
    }
    assert {card.key: card.cost for card in ygo} == {card.key: table[card.key].cost for card in ygo}
