"""The readers on the real card files, read by path; absent files skip (fail under CI=true)."""

from collections import Counter
from pathlib import Path

import pytest

from rules.catalogue import CatalogueFile, read_catalogue, read_xdm_table

XDM_SET_COUNTS = {
    "ma.txt": {"avx": 132, "avxop": 13},
    "mb.txt": {"uxm": 126, "uxmop": 9},
    "ya.txt": {"ygo": 120},
    "da.txt": {"bff": 128},
}
# Titles and subtitles the two sources spell differently (typos, punctuation), by key.
SPELLING_DIFFERENCES = {
    "21avx",
    "108avx",
    "119avx",
    "33uxm",
    "68uxm",
    "60ygo",
    "75ygo",
    "19bff",
    "20bff",
    "21bff",
    "39bff",
    "101bff",
    "102bff",
    "105bff",
}

# Die faces the two sources disagree on: the Team Builder can't hold double bursts (YGO dragons)
# and has a few stat differences (UXM Iceman, Juggernaut, Captain America; see SOURCE.md).
FACE_DIFFERENCES = {
    "13avxop",
    "7uxm",
    "8uxm",
    "9uxm",
    "10uxm",
    "11uxm",
    "12uxm",
    "40uxm",
    "69uxm",
    "72uxm",
    "73uxm",
    "100uxm",
    "1ygo",
    "10ygo",
    "12ygo",
    "42ygo",
    "72ygo",
    "74ygo",
}


@pytest.fixture(scope="module")
def xdm_tables(real_carddata: Path) -> dict[str, CatalogueFile]:
    return {name: read_xdm_table(real_carddata / name) for name in XDM_SET_COUNTS}


def test_the_team_builder_file_has_all_its_cards(team_builder: CatalogueFile):
    kinds = Counter(card.kind for card in team_builder.cards)

    assert len(team_builder.cards) == 4079
    assert len({card.key for card in team_builder.cards}) == 4079
    # 28 cards without die stats are continuous, so action cards (R9.3).
    assert kinds == {
        "character": 3005,
        "character_or_action": 723,
        "action": 28,
        "basic_action": 323,
    }
    assert sum(1 for card in team_builder.cards if card.faces) == 3005
    assert {"avx", "avxop", "uxm", "uxmop", "ygo", "bff", "sww"} <= {
        s.code for s in team_builder.sets
    }


def test_the_team_builder_format_lists_are_normalised(team_builder: CatalogueFile):
    lists = team_builder.format_lists

    assert set(lists) == {
        "golden",
        "modern",
        "global_escalation",
        "silver_age",
        "dice_fight_legacy",
        "two_team_takedown",
    }
    assert "31uxm" in lists["golden"]["excluded_cards"]
    assert "avx" in lists["modern"]["excluded_sets"]


def test_op_cards_carry_the_key_of_the_die_they_were_printed_for(team_builder: CatalogueFile):
    cards = team_builder.cards_by_key()

    assert cards["3uxmop"].die_key == cards["1avx"].die_key == "avx:beast"
    assert cards["1uxmop"].die_key == cards["16uxm"].die_key == "uxm:magneto"
    assert cards["43tmnt"].die_key != cards["46tmnt"].die_key


@pytest.mark.parametrize("name", sorted(XDM_SET_COUNTS))
def test_each_xdm_table_has_its_cards(xdm_tables: dict[str, CatalogueFile], name: str):
    counts = Counter(card.set_code for card in xdm_tables[name].cards)

    assert counts == XDM_SET_COUNTS[name]


def test_the_same_card_gets_the_same_key_in_both_files(
    xdm_tables: dict[str, CatalogueFile], team_builder: CatalogueFile
):
    builder_cards = team_builder.cards_by_key()
    spelled_differently = set()
    for table in xdm_tables.values():
        for card in table.cards:
            twin = builder_cards[card.key]
            if (card.name, card.subtitle.lower()) != (twin.name, twin.subtitle.lower()):
                spelled_differently.add(card.key)

    assert spelled_differently == SPELLING_DIFFERENCES


def test_die_stats_differ_only_where_the_sources_are_known_to_disagree(
    xdm_tables: dict[str, CatalogueFile], team_builder: CatalogueFile
):
    builder_cards = team_builder.cards_by_key()
    differing = {
        card.key
        for table in xdm_tables.values()
        for card in table.cards
        if card.faces and card.faces != builder_cards[card.key].faces
    }

    assert differing == FACE_DIFFERENCES


@pytest.mark.parametrize("name", ["ma.txt", "mb.txt", "ya.txt"])
def test_xdm_facts_agree_with_the_team_builder(
    xdm_tables: dict[str, CatalogueFile], team_builder: CatalogueFile, name: str
):
    builder_cards = team_builder.cards_by_key()
    disagreements = Counter()
    for card in xdm_tables[name].cards:
        twin = builder_cards[card.key]
        for field in ("cost", "max_dice", "energy", "rarity", "die_key"):
            if field in card.provided and getattr(card, field) != getattr(twin, field):
                disagreements[field] += 1

    # One AvX card's rarity differs between the sources; nothing else does.
    assert disagreements == ({"rarity": 1} if name == "ma.txt" else {})


def test_xdm_sets_are_named_as_in_the_team_builder_file(
    xdm_tables: dict[str, CatalogueFile], team_builder: CatalogueFile
):
    builder_sets = {record.code: record for record in team_builder.sets}

    for table in xdm_tables.values():
        for record in table.sets:
            assert record == builder_sets[record.code]


def test_double_bursts_come_from_the_xdm_table(xdm_tables: dict[str, CatalogueFile]):
    ygo = xdm_tables["ya.txt"].cards_by_key()

    assert [face.bursts for face in ygo["1ygo"].faces] == [1, 1, 2]
    doubles = [card.key for card in ygo.values() if any(f.bursts == 2 for f in card.faces)]
    assert len(doubles) >= 3


def test_the_partial_table_provides_only_its_columns(xdm_tables: dict[str, CatalogueFile]):
    fields = {card.provided for card in xdm_tables["da.txt"].cards}

    assert fields == {
        frozenset({"key", "set_code", "number", "name", "subtitle", "rarity", "cost"})
    }


def test_the_format_is_detected_for_every_real_file(real_carddata: Path):
    formats = {
        path.name: read_catalogue(path).format
        for path in sorted(real_carddata.iterdir())
        if path.suffix in (".json", ".txt")
    }

    assert formats == {
        "da.txt": "xdm_table",
        "ma.txt": "xdm_table",
        "mb.txt": "xdm_table",
        "tdc-teambuilder-cards.json": "tdc_json",
        "ya.txt": "xdm_table",
    }


def test_a_real_continuous_action_card_is_an_action_card_whose_faces_are_declared(
    team_builder: CatalogueFile,
):
    """Issue 28 item 4: Millennium Puzzle (58ygo) comes without die faces; it is an action card
    (Continuous, R9.3) whose die may be stated to show an action face, marked declared (R1.3)."""
    from rules.engine import BoardError, Replay, parse_log
    from rules.engine.faces import build_card

    records = team_builder.cards_by_key()
    puzzle = records["58ygo"]
    assert (puzzle.kind, puzzle.faces, puzzle.energy) == ("action", (), ("shield",))
    assert puzzle.energy_faces == () and "energy_faces" not in puzzle.provided

    keys = ("58ygo", "1ygo", "2ygo", "111ygo", "112ygo")
    cards = {
        key: build_card(
            key=key, name=r.name, subtitle=r.subtitle, kind=r.kind, cost=r.cost,
            energy=r.energy, faces=r.faces, affiliations=r.affiliations, keywords=r.keywords,
            global_lines=r.global_lines,
        )
        for key, r in records.items() if key in keys
    }  # fmt: skip
    setup = (
        "game casual life 20 first P1\n"
        "P1 team 1ygo:4 2ygo:4 basic 111ygo 112ygo\n"
        "P2 team 58ygo:1 2ygo:4 basic 111ygo 112ygo\n"
        "board turn 3 active P2 step main\n"
    )
    state = Replay.from_log(parse_log(setup + "P2 die 58ygo#1 field action*\n", cards), cards)
    assert state.final.die("P2:58ygo#1").face.declared
    with pytest.raises(BoardError) as caught:
        Replay.from_log(parse_log(setup + "P2 die 58ygo#1 reserve L1\n", cards), cards)
    assert caught.value.verdict.rule == "R1.3"


def test_cards_without_die_stats_other_than_actions_stay_unplaced(team_builder: CatalogueFile):
    unplaced = [card for card in team_builder.cards if card.kind == "character_or_action"]

    assert len(unplaced) == 723 and not any(card.faces for card in unplaced)
    assert not any(card.energy_faces for card in team_builder.cards)
