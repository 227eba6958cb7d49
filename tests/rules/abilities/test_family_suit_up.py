"""Template family `suit_up`: 'Suit Up - <names>' for the engine's Suit Up plugin."""

from rules.engine import Zone
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play


def test_suit_up_names_what_it_may_ko():
    result = compiled("22sww", ability_lines=["Suit Up - Superman or Supergirl"])
    assert result.status == "automated"
    assert result.encoding == {"keywords": ["suit_up"], "suit_up": ["Superman", "Supergirl"]}
    assert "Suit Up may KO: Superman, Supergirl." in result.description


def test_suit_up_from_card_text_puts_the_die_in_the_field_at_level_2():
    cards = compiled_cards("22sww", ability_lines=["Suit Up - Superman"])
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die SK1 reserve mask", "P1 die SK2 reserve mask",
        "P1 die SK3 reserve mask", "P1 die SK4 reserve mask",
    )  # fmt: skip
    state = play(cards, setup, "P1 buy 22sww pay SK1 SK2 SK3 SK4 suitup 19sww#1").final
    bought = [d for d in state.zone("P1", Zone.FIELD) if d.card == "22sww"]
    assert len(bought) == 1 and bought[0].level == 2
    assert state.die("P1:19sww#1").zone == Zone.PREP
