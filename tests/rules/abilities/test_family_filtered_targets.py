"""Shared clauses with energy/affiliation filters, rerolls and 'Prep a die from your bag'."""

from rules.engine import Zone
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play, run

SETUP = board(
    "P1 die 19sww#1 reserve L1", "P1 die SK1 reserve shield", "P1 die SK5 bag",
    "P2 die 5sww#1 field L1", "P2 die 9sww#1 used", "P2 die SK1 field L1",
)  # fmt: skip


def test_ko_target_villain_offers_only_villains():
    line = "When fielded, KO target [DCV] character die"
    assert compiled("19sww", ability_lines=[line]).encoding["abilities"][0]["effects"] == [
        {"do": "ko", "to": {"pick": "target", "affiliation": ["villain"]}}
    ]
    cards = compiled_cards("19sww", ability_lines=[line])
    assert run(cards, SETUP + "P1 field 19sww#1 pay SK1\n").final.pending.options == ("P2:5sww#1",)
    state = play(cards, SETUP, "P1 field 19sww#1 pay SK1", "P1 choose P2:5sww#1").final
    assert state.die("P2:5sww#1").zone == Zone.PREP


def test_damage_to_a_target_of_an_energy_type_or_not_of_an_affiliation():
    cards = compiled_cards(
        "19sww", ability_lines=["When fielded, deal 2 damage to target [M] character die"]
    )
    options = run(cards, SETUP + "P1 field 19sww#1 pay SK1\n").final.pending.options
    assert options == ("P2:5sww#1",)  # Cheetah is a Mask card; sidekicks have no card energy
    cards = compiled_cards(
        "19sww", ability_lines=["When fielded, deal 1 damage to target non-[DCV] character die"]
    )
    options = run(cards, SETUP + "P1 field 19sww#1 pay SK1\n").final.pending.options
    assert set(options) == {"P1:19sww#1", "P2:SK1"}


def test_prep_a_die_from_the_bag_and_reroll_a_target():
    cards = compiled_cards("19sww", ability_lines=["When fielded, Prep a die from your bag"])
    state = play(cards, SETUP, "P1 field 19sww#1 pay SK1", "P1 draw SK5").final
    assert state.die("P1:SK5").zone == Zone.PREP
    cards = compiled_cards("19sww", ability_lines=["When fielded, reroll target character die"])
    state = play(cards, SETUP, "P1 field 19sww#1 pay SK1", "P1 choose P2:SK1",
                 "P2 roll SK1=fist").final  # fmt: skip
    assert state.die("P2:SK1").zone == Zone.RESERVE and state.die("P2:SK1").face.energy == ("fist",)
