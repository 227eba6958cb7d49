"""Template family `triggers`: 'When <this die> attacks / blocks / is blocked / is KO'd /
is damaged, <effect>'."""

from rules.engine import Zone, query
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play

FIGHT = board("P1 die 19sww#1 field L1", "P2 die SK1 field L1", "P2 die SK2 field L1")


def test_when_this_die_attacks_by_name_or_pronoun():
    result = compiled(
        "19sww", ability_lines=["When Superman attacks, he gets +2A until end of turn"]
    )
    assert result.encoding["abilities"] == [
        {"when": "attacks", "effects": [{"do": "modify", "to": {"pick": "this"}, "attack": 2}]}
    ]
    cards = compiled_cards("19sww", ability_lines=["When Superman attacks, he gets +2A"])
    state = play(cards, FIGHT, "P1 attack 19sww#1").final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 6
    # Another card's name is not this die.
    assert compiled("19sww", ability_lines=["When Batman attacks, gain 1 life"]).status == "manual"


def test_when_this_die_attacks_damage_each_opposing_die():
    cards = compiled_cards(
        "19sww",
        ability_lines=["When this character attacks, deal 1 damage to each opposing character die"],
    )
    state = play(cards, FIGHT, "P1 attack 19sww#1").final
    assert state.die("P2:SK1").zone == Zone.PREP and state.die("P2:SK2").zone == Zone.PREP


def test_when_blocked_fires_once_however_many_blockers():
    cards = compiled_cards("19sww", ability_lines=["When Superman is blocked, gain 1 life"])
    setup = board(
        "P1 life 10", "P1 die 19sww#1 field L1", "P2 die SK1 field L1", "P2 die SK2 field L1"
    )
    state = play(cards, setup, "P1 attack 19sww#1", "P2 block SK1>19sww#1 SK2>19sww#1").final
    assert state.player("P1").life == 11


def test_when_this_die_blocks_and_when_kod():
    cards = compiled_cards(
        "5sww",
        ability_lines=[
            "When Cheetah blocks, gain 2 life",
            "When Cheetah is KO'd, your opponent loses 1 life",
        ],
    )
    setup = board("P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1", "P2 life 10")
    replay = play(cards, setup, "P1 attack 19sww#1", "P2 block 5sww#1>19sww#1", "P1 damage")
    assert replay.final.player("P2").life == 12  # blocked: +2
    assert replay.final.player("P1").life == 19  # KO'd: P1 loses 1
    assert replay.final.die("P2:5sww#1").zone == Zone.PREP


def test_burst_text_on_a_kod_trigger_stays_manual():
    """A KO'd die is unrolled (it shows no face), so a burst condition on it can't be read."""
    assert (
        compiled("5sww", ability_lines=["* When Cheetah is KO'd, gain 1 life"]).status == "manual"
    )
    lines = ["When Cheetah is KO'd, gain 1 life", "* Also, gain 1 life"]
    assert compiled("5sww", ability_lines=lines).status == "partial"
