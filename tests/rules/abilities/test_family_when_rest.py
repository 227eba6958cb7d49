"""Template family `when_rest`: triggered lines the other families decline for a spelling
(rewritten and read again), the clauses `wr_field_from`, `wr_draw_split`, watch_tail's
`wt_place` from one zone and `wt_draw_keep` in a one-sentence spelling, and the trigger
`wr_combat_survived` with `wr_each_survivor` (a die blocked / blocking and not KO'd). Real
lines are read from the card file by key at test time (their text is never copied here) and
played through the engine against real_cards' opposing board (P2: a Sidekick 1A 1D, Cheetah
L2 4A 4D, Wolverine L1 5A 2D, Quicksilver L2 3A 2D, Superman L1 4A 6D)."""

import pytest

from rules.abilities import compile_card
from rules.engine import Zone
from tests.rules.abilities.real_cards import real_cards, real_compiled, scene, spec_of
from tests.rules.abilities.scenario import compiled, play


# -- blocked / blocking and not KO'd: when combat ends -------------------------------------------
def test_blocked_and_not_kod_reads_as_combat_survived():
    # 65avx (Angel): blocked but not KO'd, he deals 2 damage to the opposing player
    spec = spec_of("65avx", "If Angel is blocked")
    assert spec == {
        "when": "wr_combat_survived",
        "effects": [
            {
                "do": "wr_each_survivor",
                "as": "blocked",
                "effects": [
                    {"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": 2}
                ],
            }
        ],
    }
    _, result = real_compiled("65avx", "If Angel is blocked")
    assert result.description == (
        "When combat ends: for each of this card's dice that was blocked and is back in the "
        "Field (not KO'd): deal 2 damage to your opponent."
    )


@pytest.mark.parametrize(
    ("level", "blocker", "life"),
    [
        ("L3", "SK1", 18),  # Angel 3A 4D survives the Sidekick: 2 damage
        ("L1", "19sww#1", 20),  # Angel 2A 2D KO'd by Superman (4A): nothing
        ("L3", None, 17),  # unblocked: its 3 combat damage only
    ],
)
def test_blocked_and_not_kod_plays(level, blocker, life):
    cards = real_cards("65avx", "If Angel is blocked")
    setup = scene("65avx", f"P1 die 65avx#1 field {level}")
    block = f"P2 block {blocker}>65avx#1" if blocker else "P2 block"
    state = play(cards, setup, "P1 attack 65avx#1", block, "P1 damage").final
    assert state.player("P2").life == life


def test_blocked_and_not_kod_deals_its_attack():
    # 62ygo (Obelisk, L1 6A 6D): damage equal to its attack to the opponent
    cards = real_cards("62ygo", "If this monster is blocked")
    setup = scene("62ygo", "P1 die 62ygo#1 field L1")
    state = play(cards, setup, "P1 attack 62ygo#1", "P2 block SK1>62ygo#1", "P1 damage").final
    assert state.die("P2:SK1").zone == Zone.PREP
    assert state.player("P2").life == 14


def test_blocks_and_not_kod_spins_the_blocker_up():
    # 8ork (Mogrok, L1 2A 5D): blocking the Sidekick, not KO'd: up to level 2
    cards = real_cards("8ork", "When Mogrok blocks")
    setup = scene("8ork", "P1 die 8ork#1 field L1", active="P2")
    state = play(cards, setup, "P2 attack SK1", "P1 block 8ork#1>SK1", "P2 damage").final
    assert state.die("P1:8ork#1").level == 2
    # attacking (blocked, not KO'd) is not blocking: no spin
    setup = scene("8ork", "P1 die 8ork#1 field L1")
    state = play(cards, setup, "P1 attack 8ork#1", "P2 block SK1>8ork#1", "P1 damage").final
    assert state.die("P1:8ork#1").level == 1
