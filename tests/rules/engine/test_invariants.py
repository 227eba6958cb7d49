"""Engine-wide guarantees: every cited rule exists, and random legal games never lose or
duplicate a die, never raise life above the start, never show a stat below zero, and always
end or continue legally (1,000 games in all)."""

import re
from dataclasses import replace
from pathlib import Path

import pytest

from rules.engine import RULES, Ability, Step, Zone, new_game, query
from rules.engine.selfplay import RandomPlayer

ENGINE = Path(__file__).resolve().parents[3] / "rules" / "engine"
TEAMS = {
    "P1": [("19sww", 4), ("22sww", 4), ("10uxm", 2), ("34sww", 0), ("31sww", 0)],
    "P2": [("5sww", 4), ("9uxm", 3), ("21uxm", 3), ("26uxm", 0), ("32sww", 0)],
}


def test_every_rule_the_engine_cites_is_in_the_rulebook():
    cited = set()
    pattern = r'"((?:R\d+\.\d+a?)|(?:K-[A-Z]+)|(?:T\d+\.\d+)|(?:J\d+))"'
    for path in ENGINE.rglob("*.py"):
        cited |= set(re.findall(pattern, path.read_text()))
    assert len(cited) > 50, sorted(cited)
    assert cited <= set(RULES), sorted(cited - set(RULES))


def _ping(ctx):
    targets = [d.id for d in ctx.characters(ctx.opponent)]
    if targets:
        ctx.damage(ctx.choose("1 damage to an opposing character die", targets)[0], 1)


def _plus_defense(ctx):
    ctx.modify(ctx.choose("+1D to a character die", [d.id for d in ctx.characters()])[0], defense=1)


def _melee(ctx):
    for die in ctx.characters():
        ctx.damage(die.id, 1)
    if ctx.bursts:
        ctx.damage("P1", 1)
        ctx.damage("P2", 1)


def _any_character(q):
    return any(d.is_character and d.zone in (Zone.FIELD, Zone.ATTACK) for d in q.state.dice)


def _own_die_damaged(ctx):
    return not ctx.event.to_player and ctx.state.die(ctx.event.target).controller == ctx.holder


SCRIPTED = {
    "19sww": Ability("ping", "triggered", "when fielded, 1 damage", trigger="fielded",
                     resolve=_ping),
    "5sww": Ability("revenge", "triggered", "when KO'd, the opponent loses 1 life",
                    trigger="kod", resolve=lambda ctx: ctx.lose_life(ctx.opponent, 1)),
    "31sww": Ability("global", "global", "+1D", resolve=_plus_defense, has_target=_any_character),
    "26uxm": Ability("action", "action", "1 damage to every character", resolve=_melee),
    "32sww": Ability("shield", "triggered", "prevent 1 damage to one of your dice", subject="card",
                     trigger="would_be_damaged", interrupt=True, optional=True,
                     resolve=lambda ctx: ctx.prevent(1), condition=_own_die_damaged),
}  # fmt: skip


def keyword_cards(cards):
    """The demo cards, with keywords on some and scripted abilities on others, so random games
    exercise the keyword plugins, the queue, choices, globals and interrupts."""
    updated = dict(cards)
    keywords = {"22sww": ("overcrush",), "5sww": ("fast",), "10uxm": ("iron_will",),
                "21uxm": ("ally",), "19sww": ("iron_will", "overcrush")}  # fmt: skip
    for key, words in keywords.items():
        updated[key] = replace(cards[key], keywords=words)
    for key, ability in SCRIPTED.items():
        updated[key] = replace(updated[key], abilities=(ability,))
    return updated


def checker(cards, all_ids, starting_life):
    def check(state, action):
        ids = sorted(d.id for d in state.dice if not d.is_token)
        assert ids == all_ids  # no die lost or duplicated
        for player in ("P1", "P2"):
            sidekicks = [d for d in state.dice if d.owner == player and d.card is None]
            assert len(sidekicks) == 8
            assert state.player(player).life <= starting_life
            assert state.player(player).virtual_energy >= 0
        for die in state.dice:
            if die.zone in (Zone.BAG, Zone.PREP, Zone.USED, Zone.UNPURCHASED):
                assert die.face is None and die.damage == 0  # unrolled dice show nothing
            if die.face is not None and die.face.is_character:
                assert query.attack(state, cards, die).value >= 0
                assert query.defense(state, cards, die).value >= 0
                assert query.fielding_cost(state, cards, die).value >= 0
            if die.zone == Zone.RESERVE and die.controller != state.active:
                assert die.face.is_energy  # R4.3
            if die.zone == Zone.OUT_OF_PLAY:
                assert die.owner == state.active  # R4.6
        # The game either is over, or waits for a request, or a player may act.
        if state.winner is None:
            assert (
                state.pending is not None
                or state.step in (Step.MAIN, Step.WINDOW)
                or (state.step == Step.ROLL_AND_REROLL and state.phase == "rolled")
            )
        else:
            assert state.step == Step.GAME_OVER

    return check


@pytest.mark.parametrize("block", range(10))
def test_random_legal_games_keep_every_die_and_never_raise_life(cards, block):
    cards = keyword_cards(cards)
    all_ids = sorted(d.id for d in new_game(TEAMS, cards).dice)
    ended, attacks = 0, 0
    for seed in range(block * 100, block * 100 + 100):  # 1,000 games across the blocks
        # 10 life (the demo game, R2.6) so that games also reach their end within 20 turns.
        player = RandomPlayer(cards, seed, on_step=checker(cards, all_ids, 10))
        final = player.play(TEAMS, turns=20, starting_life=10)
        ended += final.winner is not None
        attacks += sum(type(a).__name__ == "DeclareAttackers" for a in player.log)
        assert (
            final.winner is not None
            or final.turn > 20
            or final.pending is not None
            or (final.step in (Step.MAIN, Step.WINDOW))
        )
    assert ended >= 20, "too few random games reached a winner: combat is not exercised"
    assert attacks >= 300
