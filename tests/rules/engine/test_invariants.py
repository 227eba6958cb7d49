"""Engine-wide guarantees: cited rules exist; random legal play never loses or invents a die."""

import itertools
import random
import re
from pathlib import Path

import pytest

from rules.engine import (
    RULES,
    SIDEKICK_FACES,
    Draw,
    EndTurn,
    Face,
    FieldDie,
    Purchase,
    Reroll,
    Roll,
    Zone,
    apply,
    new_game,
)  # fmt: skip
from tests.rules.engine.test_turn import TEAMS

ENGINE = Path(__file__).resolve().parents[3] / "rules" / "engine"


def test_every_rule_the_engine_cites_is_in_the_rulebook():
    cited = set()
    for path in ENGINE.glob("*.py"):
        cited |= set(
            re.findall(r'"((?:R\d+\.\d+a?)|(?:K-[A-Z]+)|(?:T\d+\.\d+))"', path.read_text())
        )
    assert cited, "no rule IDs found"
    assert cited <= set(RULES), sorted(cited - set(RULES))


def random_face(die, cards, rng) -> Face:
    if die.card is None:
        return rng.choice(SIDEKICK_FACES)
    card = cards[die.card]
    if card.kind == "basic_action":
        return rng.choice([Face(action=True), Face(energy=("wild",))])
    energy = [Face(energy=(t,)) for t in card.energy] + [Face(energy=(t, t)) for t in card.energy]
    return rng.choice(list(card.levels) + energy)


def try_first_legal(state, actions, cards):
    for action in actions:
        result = apply(state, action, cards)
        if result.legal:
            return result.state
    return state


def payments(state, player, rng, limit=40):
    energy = [d.id for d in state.zone(player, Zone.RESERVE) if d.face.is_energy]
    options = [c for n in range(len(energy) + 1) for c in itertools.combinations(energy, n)]
    rng.shuffle(options)
    return options[:limit]


def play(seed: int, cards, turns: int = 10):
    rng = random.Random(seed)
    state = new_game(TEAMS, cards, first_player=rng.choice(["P1", "P2"]))
    all_ids = sorted(d.id for d in state.dice)
    for _ in range(turns):
        player = state.active
        bag = [d.id for d in state.zone(player, Zone.BAG)]
        # Clear and Draw first moves the Reserve to Used (R5.1): those dice can be redrawn.
        used = [d.id for d in state.zone(player, Zone.USED) + state.zone(player, Zone.RESERVE)]
        rng.shuffle(bag)
        rng.shuffle(used)
        drawn = (bag + used)[:4] if len(bag) < 4 else bag[:4]
        first = state.is_first_turn and player == state.first_player
        action = (
            Draw(player, tuple(drawn[:3]), tuple(drawn[3:4]))
            if first
            else Draw(player, tuple(drawn))
        )
        state = yield_checked(state, action, cards, all_ids)
        prep = state.zone(player, Zone.PREP)
        state = yield_checked(
            state, Roll(player, tuple((d.id, random_face(d, cards, rng)) for d in prep)), cards,
            all_ids,
        )  # fmt: skip
        if rng.random() < 0.5:
            reserve = [d for d in state.zone(player, Zone.RESERVE) if rng.random() < 0.5]
            state = yield_checked(
                state, Reroll(player, tuple((d.id, random_face(d, cards, rng)) for d in reserve)),
                cards, all_ids,
            )  # fmt: skip
        buyable = list(state.player(player).team) + list(state.basic_actions)
        for key in rng.sample(buyable, k=min(3, len(buyable))):
            state = try_first_legal(
                state, [Purchase(player, key, pay) for pay in payments(state, player, rng)], cards
            )
            check(state, all_ids)
        for die in [d for d in state.zone(player, Zone.RESERVE) if d.face.is_character]:
            state = try_first_legal(
                state, [FieldDie(player, die.id, pay) for pay in payments(state, player, rng, 10)],
                cards,
            )  # fmt: skip
            check(state, all_ids)
        state = yield_checked(state, EndTurn(player), cards, all_ids)
        if state.winner:
            break
    return state


def yield_checked(state, action, cards, all_ids):
    result = apply(state, action, cards)
    assert result.legal, (action, result.verdict)
    check(result.state, all_ids)
    return result.state


def check(state, all_ids):
    assert sorted(d.id for d in state.dice) == all_ids  # no die lost or duplicated
    for player in ("P1", "P2"):
        sidekicks = [d for d in state.dice if d.owner == player and d.card is None]
        assert len(sidekicks) == 8
        assert state.player(player).life <= state.starting_life
    for die in state.dice:
        if die.face is not None:
            assert min(die.face.attack, die.face.defense, die.face.fielding) >= 0
        if die.zone in (Zone.BAG, Zone.PREP, Zone.USED, Zone.UNPURCHASED):
            assert die.face is None  # unrolled dice show nothing


@pytest.mark.parametrize("block", range(10))
def test_random_legal_games_keep_every_die_and_never_raise_life(cards, block):
    for seed in range(block * 100, block * 100 + 100):  # 1,000 games across the blocks
        play(seed, cards)
