import io
import json

import pytest
from django.core.management import CommandError, call_command

from rules.catalogue import CardFileError
from rules.models import Card, CardSet, Die
from rules.services import catalogue_import

pytestmark = pytest.mark.django_db


def run_import(*paths) -> str:
    out = io.StringIO()
    call_command("import_cards", *map(str, paths), stdout=out, stderr=out)
    return out.getvalue()


def test_fixture_import_creates_cards_and_a_second_import_changes_nothing(mini_catalogue):
    first = catalogue_import(path=mini_catalogue)
    assert (first.cards.created, first.cards.updated) == (6, 0)
    assert Card.objects.count() == 6
    second = catalogue_import(path=mini_catalogue)
    assert (second.cards.created, second.cards.updated, second.cards.unchanged) == (0, 0, 6)
    assert not second.changed


def test_cards_of_one_character_in_a_set_share_one_die(mini_catalogue):
    catalogue_import(path=mini_catalogue)
    knights = Card.objects.filter(name="Copper Knight")
    assert knights.count() == 2
    assert len({card.die_id for card in knights}) == 1
    die = knights.first().die
    assert [face["attack"] for face in die.faces] == [1, 2, 3]
    assert Die.objects.count() == 5  # four characters share three dice; one per basic action


def test_reimport_updates_a_changed_card_in_place(mini_catalogue, tmp_path):
    catalogue_import(path=mini_catalogue)
    data = json.loads(mini_catalogue.read_text())
    data["cards"][2]["cost"] = 6
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(data))
    summary = catalogue_import(path=changed)
    assert (summary.cards.created, summary.cards.updated) == (0, 1)
    assert Card.objects.get(key="3tst").cost == 6
    assert Card.objects.count() == 6


def test_malformed_file_names_file_record_and_field_and_saves_nothing(mini_catalogue, tmp_path):
    data = json.loads(mini_catalogue.read_text())
    data["cards"][3]["max_dice"] = "four"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(CardFileError) as caught:
        catalogue_import(path=bad)
    message = str(caught.value)
    assert "bad.json" in message
    assert "max_dice" in message
    assert "4tst" in message or "card 4" in message
    assert Card.objects.count() == 0
    assert CardSet.objects.count() == 0


def test_command_prints_counts_and_fails_clearly_on_a_bad_file(mini_catalogue, tmp_path):
    output = run_import(mini_catalogue)
    assert "cards: 6 created, 0 updated, 0 unchanged" in output
    bad = tmp_path / "broken.json"
    bad.write_text('{"cards": [')
    with pytest.raises(CommandError, match="1 of 1 file"):
        run_import(bad)
    assert Card.objects.count() == 6


def test_real_teambuilder_file_and_set_tables_import_and_reimport_changes_nothing(carddata):
    output = run_import(carddata / "tdc-teambuilder-cards.json")
    assert "cards: 4079 created, 0 updated" in output
    assert Card.objects.count() == 4079
    again = run_import(carddata / "tdc-teambuilder-cards.json")
    assert again.count("0 created, 0 updated") == 4  # sets, dice, cards and formats

    tables = [carddata / name for name in ("ma.txt", "mb.txt", "ya.txt", "da.txt")]
    run_import(*tables)
    assert Card.objects.count() == 4079  # the same cards by key: updated, never duplicated
    again = run_import(*tables)
    assert again.count("0 created, 0 updated") == 3 * len(tables)

    beast = Card.objects.get(key="1avx")
    assert (beast.name, beast.subtitle, beast.max_dice) == ("Beast", "Big Boy Blue", 4)
    # The set tables know double bursts, which the Team Builder data cannot hold.
    assert any(
        face["bursts"] == 2
        for die in Die.objects.filter(key__startswith="ygo:")
        for face in die.faces
    )


def test_the_team_builder_format_lists_become_rotation_formats(carddata):
    from rules.models import Format
    from rules.teams import Format as Definition

    output = run_import(carddata / "tdc-teambuilder-cards.json")
    assert "formats: 6 created" in output
    golden = Definition.from_dict(Format.objects.get(code="golden").definition)
    assert golden.legal_sets is None  # Golden Age: every set, minus banned cards
    assert "31uxm" in golden.banned
    modern = Definition.from_dict(Format.objects.get(code="modern").definition)
    assert "avx" not in modern.legal_sets and modern.legal_sets
    assert (modern.max_cards, modern.max_dice, modern.starting_life) == (8, 20, 20)


def test_where_two_files_describe_a_card_the_last_import_wins(carddata):
    """As the README says: the Team Builder first, then the set tables (double bursts)."""

    def blue_titan_level_3_bursts() -> int:
        return Card.objects.get(key="1ygo").die.faces[2]["bursts"]

    run_import(carddata / "tdc-teambuilder-cards.json", carddata / "ya.txt")
    assert blue_titan_level_3_bursts() == 2
    output = run_import(carddata / "tdc-teambuilder-cards.json")
    assert blue_titan_level_3_bursts() == 0  # the Team Builder can't hold a double burst
    assert "cards: 0 created, 0 updated" not in output  # it says what it changed back
    run_import(carddata / "ya.txt")
    assert blue_titan_level_3_bursts() == 2
    assert Card.objects.count() == 4079


def test_a_non_basic_action_card_is_imported_as_an_action_card_with_unknown_faces(carddata):
    """Issue 28 item 4: the Team Builder file gives Millennium Puzzle (58ygo, Continuous) no die
    faces; it is imported as an action card (no numbers on any face, R1.3), and the engine
    takes its die's faces as declared. The set table says the same of every action card."""
    from rules.engine import Replay, parse_log
    from rules.selectors import engine_cards

    run_import(carddata / "tdc-teambuilder-cards.json")
    puzzle = Card.objects.select_related("die").get(key="58ygo")
    assert puzzle.kind == "action" and not puzzle.die.faces
    engine = engine_cards(["58ygo", "40ygo", "2ygo", "111ygo", "112ygo"])
    assert engine["58ygo"].kind == "action" and not engine["58ygo"].faces_known
    assert "continuous" in engine["58ygo"].keywords  # it may stay in the Field (R9.3)
    setup = (
        "game casual life 20 first P1\n"
        "P1 team 2ygo:4 basic 111ygo 112ygo\n"
        "P2 team 58ygo:1 2ygo:4 basic 111ygo 112ygo\n"
        "board turn 3 active P2 step main\n"
        "P2 die 58ygo#1 field action*\n"
    )
    state = Replay.from_log(parse_log(setup, engine), engine).final
    assert state.die("P2:58ygo#1").face.declared
    # Trap Hole has no continuous text: the Team Builder file can't place it ...
    assert Card.objects.get(key="40ygo").kind == "character_or_action"
    assert not engine["40ygo"].faces_known
    # ... the set table can (an energy type and no die stats).
    run_import(carddata / "ya.txt")
    assert Card.objects.get(key="40ygo").kind == "action"
