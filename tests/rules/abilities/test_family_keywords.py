"""Template family `keywords`: bare keyword lines the engine's plugins implement."""

from rules.engine import Zone
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play


def test_keyword_lines_compile_to_the_engines_keywords():
    result = compiled("22sww", ability_lines=["Overcrush <em>(reminder text)</em>", "Fast"])
    assert result.status == "automated"
    assert result.encoding == {"keywords": ["overcrush", "fast"]}
    assert compiled("22sww", ability_lines=["Iron Will and Ally"]).encoding == {
        "keywords": ["iron_will", "ally"]
    }
    # Not an engine plugin: left to the judge.
    assert compiled("22sww", ability_lines=["Gadgeteer"]).status == "manual"


def test_overcrush_from_card_text_sends_leftover_damage_to_the_player():
    # Wonder Woman L3 (A5) with 'Overcrush' in her text, blocked by a sidekick (D1): 4 go over.
    cards = compiled_cards("22sww", ability_lines=["Overcrush"])
    setup = board("P1 die 22sww#1 field L3", "P2 die SK1 field L1")
    replay = play(cards, setup, "P1 attack 22sww#1", "P2 block SK1>22sww#1", "P1 damage")
    assert replay.final.player("P2").life == 16
    assert replay.final.die("P2:SK1").zone == Zone.PREP


def test_without_the_line_no_damage_goes_over():
    cards = compiled_cards("22sww", ability_lines=[])
    setup = board("P1 die 22sww#1 field L3", "P2 die SK1 field L1")
    replay = play(cards, setup, "P1 attack 22sww#1", "P2 block SK1>22sww#1", "P1 damage")
    assert replay.final.player("P2").life == 20
