"""Engine-wide guarantees: cited rules exist; random legal play never loses or invents a die."""

import re
from pathlib import Path

import pytest

from rules.engine import RULES, Zone
from rules.engine.selfplay import RandomPlayer
from tests.rules.engine.test_turn import TEAMS

ENGINE = Path(__file__).resolve().parents[3] / "rules" / "engine"


def test_every_rule_the_engine_cites_is_in_the_rulebook():
    cited = set()
    pattern = r'"((?:R\d+\.\d+a?)|(?:K-[A-Z]+)|(?:T\d+\.\d+)|(?:J\d+))"'
    for path in ENGINE.glob("*.py"):
        cited |= set(re.findall(pattern, path.read_text()))
    assert cited, "no rule IDs found"
    assert cited <= set(RULES), sorted(cited - set(RULES))


def checker(all_ids, starting_life):
    def check(state, action):
        assert sorted(d.id for d in state.dice) == all_ids  # no die lost or duplicated
        for player in ("P1", "P2"):
            assert len([d for d in state.dice if d.owner == player and d.card is None]) == 8
            assert state.player(player).life <= starting_life
        for die in state.dice:
            if die.face is not None:
                assert min(die.face.attack, die.face.defense, die.face.fielding) >= 0
            if die.zone in (Zone.BAG, Zone.PREP, Zone.USED, Zone.UNPURCHASED):
                assert die.face is None and die.damage == 0  # unrolled dice show nothing

    return check


@pytest.mark.parametrize("block", range(10))
def test_random_legal_games_keep_every_die_and_never_raise_life(cards, block):
    from rules.engine import new_game

    all_ids = sorted(d.id for d in new_game(TEAMS, cards).dice)
    ended = 0
    for seed in range(block * 100, block * 100 + 100):  # 1,000 games across the blocks
        # 10 life (the demo game, R2.6) so that games also reach their end within 20 turns.
        player = RandomPlayer(cards, seed, on_step=checker(all_ids, 10))
        final = player.play(TEAMS, turns=20, starting_life=10)
        ended += final.winner is not None
    assert ended, "no random game reached a winner: combat is not being exercised"
