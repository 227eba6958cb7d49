"""Template family `damage_multipliers` (rules/abilities/templates/damage_multipliers.py,
effect `multiply_damage` in rules/abilities/extensions/damage_multipliers.py): 'deals double
damage' lines of real cards, compiled from their real text (read from the card file at test
time, never copied here) and played through the engine, whose attack step multiplies combat
damage where it is assigned (query.damage_multiplier, R11.4, K-OVERCRUSH).

P1 holds the card under test; P2's Field (tests.rules.abilities.real_cards.OPPOSING): a
Sidekick (1A 1D), Cheetah L2 (Mask, Villain, 4A 4D), Wolverine L1, Quicksilver L2 (Bolt,
3A 2D), Superman L1 (Shield, 4A 6D)."""

import pytest

from rules.abilities.describe import describe
from rules.engine import Zone
from tests.rules.abilities.real_cards import (
    demo_line,
    real_cards,
    real_compiled,
    scene,
    whole_card,
)
from tests.rules.abilities.scenario import board, compiled_cards, play, refused


@pytest.fixture(autouse=True)
def _real_card_file(carddata):
    """The real card file (the guarded fixture: a skip without it, a failure in CI)."""
    return carddata


def test_double_damage_to_its_blockers_then_overcrush_wolverine_22uxm():
    """The official ruling (WizKids rules forum, Wolverine and Anger Issues, 25 Jun 2015): a
    level 3 Wolverine (8A) with Overcrush blocked by a 1D die deals 16, 1 to the blocker and
    15 to the player."""
    cards = real_cards("22uxm", "Wolverine deals double damage")
    _, compiled = real_compiled("22uxm", "Wolverine deals double damage")
    assert "double damage to the character dice blocking it" in describe(compiled.encoding)
    setup = scene("22uxm", "P1 die 22uxm#1 field L3")
    overcrush = ("judge keyword P1:22uxm#1 overcrush", "P1 attack 22uxm#1", "P2 block SK1>22uxm#1")
    state = play(cards, setup, *overcrush, "P1 damage").final
    assert state.player("P2").life == 5 and state.die("P2:SK1").zone == Zone.PREP
    refused(
        cards,
        setup + "".join(f"{a}\n" for a in overcrush) + "P1 damage 22uxm#1>SK1=1 22uxm#1>P2=7\n",
        "R11.4",  # the split is of the 16 damage
    )
    # Blocked by Superman (D 6): 16 damage KO him, no Overcrush, nothing past.
    blocked = play(cards, setup, "P1 attack 22uxm#1", "P2 block 19sww#1>22uxm#1", "P1 damage")
    assert blocked.final.die("P2:19sww#1").zone == Zone.PREP
    assert blocked.final.player("P2").life == 20
    # Unblocked, the damage goes to a player, not to a blocker: 8.
    unblocked = play(cards, setup, "P1 attack 22uxm#1", "P2 block", "P1 damage").final
    assert unblocked.player("P2").life == 12


def test_double_damage_to_mask_dice_daredevil_20thor():
    """Daredevil L1 (2A) blocked by Cheetah (Mask, D 4) and the Sidekick: he splits his 2 (the
    blockers do not share the multiplier) and the damage assigned to Cheetah is doubled."""
    cards = real_cards("20thor", "Daredevil deals double damage")
    setup = scene("20thor", "P1 die 20thor#1 field L1")
    blocks = ("P1 attack 20thor#1", "P2 block 5sww#1>20thor#1")
    state = play(cards, setup, *blocks, "P1 damage").final
    assert state.die("P2:5sww#1").zone == Zone.PREP  # 4 damage on D 4
    two = ("P1 attack 20thor#1", "P2 block 5sww#1>20thor#1 SK1>20thor#1")
    split = play(cards, setup, *two, "P1 damage 20thor#1>5sww#1=2 20thor#1>SK1=0").final
    assert split.die("P2:5sww#1").zone == Zone.PREP and split.die("P2:SK1").zone == Zone.FIELD
    # Superman is a Shield die: 2 damage on D 6.
    shield = play(cards, setup, "P1 attack 20thor#1", "P2 block 19sww#1>20thor#1", "P1 damage")
    assert shield.final.die("P2:19sww#1").zone == Zone.FIELD


def test_overcrush_damage_to_an_opponent_doubled_thanos_23ki():
    """Thanos L3 (9A, Overcrush) blocked by Cheetah (D 4): 4 to her, the 5 past her doubled."""
    cards = whole_card("23ki")
    setup = scene("23ki", "P1 die 23ki#1 field L3")
    state = play(cards, setup, "P1 attack 23ki#1", "P2 block 5sww#1>23ki#1", "P1 damage").final
    assert state.player("P2").life == 10 and state.die("P2:5sww#1").zone == Zone.PREP
    # Unblocked, his damage is no Overcrush damage: 9.
    unblocked = play(cards, setup, "P1 attack 23ki#1", "P2 block", "P1 damage").final
    assert unblocked.player("P2").life == 11


def test_unblocked_avengers_deal_double_combat_damage_nick_fury_115avx():
    """While Nick Fury is active, P1's unblocked She-Hulk (Avengers, 5A) deals 10 to P2;
    Superman (Justice League) deals his 4; a blocked She-Hulk's damage is not doubled."""
    cards = real_cards("115avx", "While Nick Fury is active")
    setup = scene(
        "115avx",
        "P1 die 115avx#1 field L1",
        "P1 die 56uxm#1 field L1",
        "P1 die 19sww#1 field L1",
        team="56uxm:2",
    )
    state = play(cards, setup, "P1 attack 56uxm#1 19sww#1", "P2 block", "P1 damage").final
    assert state.player("P2").life == 6
    blocked = ("P1 attack 56uxm#1", "P2 block 19sww#1>56uxm#1", "P1 damage")
    assert play(cards, setup, *blocked).final.die("P2:19sww#1").zone == Zone.FIELD  # 5 on D 6


def test_double_all_damage_dealt_to_villain_dice_sp_dr_42thor():
    """'While SP//dr is active, double all damage dealt to [DCV] character dice' compiles to
    a multiplier on any damage to Villain dice (either player's, R13.8)."""
    _, compiled = real_compiled("42thor", "While SP//dr is active")
    assert compiled.status == "automated"
    (spec,) = compiled.encoding["abilities"]
    assert spec == {
        "when": "while_active",
        "effects": [
            {
                "do": "multiply_damage",
                "times": 2,
                "to": {"pick": "each", "affiliation": ["villain"]},
            }
        ],
    }
    assert "double all damage dealt to all Villain character dice" in describe(compiled.encoding)


def test_double_all_damage_dealt_to_villain_dice_played_on_a_demo_card():
    """SP//dr's line (no dice in the card file) put on Superman, who is then the card kept
    active: Superman's 4 damage to a blocking Cheetah (Villain) is doubled; Cheetah's damage
    back to Superman (Justice League) is not."""
    line = demo_line("42thor", "double all damage", as_name="Superman")
    cards = compiled_cards("19sww", ability_lines=[line])
    setup = board(
        "P1 die 19sww#1 field L1",
        "P2 die 5sww#1 field L1",
        "judge modifier P2:5sww#1 +0A+5D",  # D 7
    )
    state = play(cards, setup, "P1 attack 19sww#1", "P2 block 5sww#1>19sww#1", "P1 damage").final
    assert state.die("P2:5sww#1").zone == Zone.PREP  # 8 damage on D 7
    assert state.die("P1:19sww#1").zone == Zone.FIELD  # 4 on D 6


def test_double_damage_to_a_target_until_end_of_turn_lady_bullseye_20dp():
    """Lady Bullseye's 'When fielded' line (no dice in the card file) put on Superman: fielded,
    he picks Cheetah; Wonder Woman's 5 damage to Cheetah is doubled this turn (10 on D 10),
    and the lasting effect ends with the turn."""
    line = demo_line("20dp", "double all damage", as_name="Superman")
    cards = compiled_cards("19sww", ability_lines=[line])
    dice = (
        "P1 die 19sww#1 reserve L1",
        "P1 die SK1 reserve shield",
        "P1 die 22sww#1 field L3",
        "P2 die 5sww#1 field L1",
        "P2 die SK1 field L1",
        "judge modifier P2:5sww#1 +0A+8D",  # D 10
    )
    attack = ("P1 attack 22sww#1", "P2 block 5sww#1>22sww#1", "P1 damage")
    replay = play(cards, board(*dice), "P1 field 19sww#1 pay SK1", "P1 choose P2:5sww#1", *attack)
    assert replay.final.die("P2:5sww#1").zone == Zone.PREP
    assert not replay.final.effects  # ended with the turn
    # Another target picked: Cheetah takes 5 on D 10 and survives.
    other = play(cards, board(*dice), "P1 field 19sww#1 pay SK1", "P1 choose P2:SK1", *attack)
    assert other.final.die("P2:5sww#1").zone == Zone.FIELD
