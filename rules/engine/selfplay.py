"""A random legal player: drives whole games through `apply`, for property tests and the
benchmark. It rolls the dice the engine never rolls itself (as a recording would)."""

import itertools
import random
from collections.abc import Mapping

from rules.engine.actions import (
    AssignDamage,
    DeclareAttackers,
    DeclareBlockers,
    Draw,
    EndTurn,
    FieldDie,
    Purchase,
    Reroll,
    Roll,
)
from rules.engine.faces import SIDEKICK_FACES, CardDef, Face
from rules.engine.game import apply, new_game
from rules.engine.state import Die, GameState, Zone


def random_face(die: Die, cards: Mapping[str, CardDef], rng: random.Random) -> Face:
    if die.card is None:
        return rng.choice(SIDEKICK_FACES)
    card = cards[die.card]
    if card.kind == "basic_action":
        return rng.choice([Face(action=True), Face(energy=("wild",))])
    energy = [Face(energy=(t,)) for t in card.energy] + [Face(energy=(t, t)) for t in card.energy]
    return rng.choice(list(card.levels) + energy)


class RandomPlayer:
    """Plays random legal actions; `on_step(state, action)` sees every accepted step."""

    def __init__(self, cards: Mapping[str, CardDef], seed: int, on_step=None):
        self.cards, self.rng = cards, random.Random(seed)
        self.on_step = on_step or (lambda state, action: None)
        self.actions = 0

    def _do(self, state: GameState, action) -> GameState:
        result = apply(state, action, self.cards)
        if not result.legal:
            raise AssertionError(f"random player chose an illegal action: {result.verdict}")
        self.actions += 1
        self.on_step(result.state, action)
        return result.state

    def _try(self, state: GameState, candidates) -> GameState:
        for action in candidates:
            result = apply(state, action, self.cards)
            if result.legal:
                self.actions += 1
                self.on_step(result.state, action)
                return result.state
        return state

    def _payments(self, state: GameState, player: str, limit: int):
        energy = [d.id for d in state.zone(player, Zone.RESERVE) if d.face.is_energy]
        options = [c for n in range(len(energy) + 1) for c in itertools.combinations(energy, n)]
        self.rng.shuffle(options)
        return options[:limit]

    def play(self, teams, *, turns: int = 20, starting_life: int = 20) -> GameState:
        rng = self.rng
        state = new_game(
            teams, self.cards, first_player=rng.choice(["P1", "P2"]), starting_life=starting_life
        )
        for _ in range(turns):
            state = self.turn(state)
            if state.winner:
                break
        return state

    def turn(self, state: GameState) -> GameState:
        rng, player = self.rng, state.active
        bag = [d.id for d in state.zone(player, Zone.BAG)]
        # Clear and Draw moves the Reserve to Used first (R5.1): those dice can be redrawn.
        used = [d.id for d in state.zone(player, Zone.USED) + state.zone(player, Zone.RESERVE)]
        rng.shuffle(bag)
        rng.shuffle(used)
        drawn = bag[:4] if len(bag) >= 4 else (bag + used)[:4]
        first = state.is_first_turn and player == state.first_player
        state = self._do(
            state,
            Draw(player, tuple(drawn[:3]), tuple(drawn[3:4]))
            if first
            else Draw(player, tuple(drawn)),
        )
        prep = state.zone(player, Zone.PREP)
        state = self._do(
            state, Roll(player, tuple((d.id, random_face(d, self.cards, rng)) for d in prep))
        )
        if rng.random() < 0.5:
            again = [d for d in state.zone(player, Zone.RESERVE) if rng.random() < 0.5]
            state = self._do(
                state, Reroll(player, tuple((d.id, random_face(d, self.cards, rng)) for d in again))
            )
        buyable = list(state.player(player).team) + list(state.basic_actions)
        for key in rng.sample(buyable, k=min(3, len(buyable))):
            state = self._try(
                state, [Purchase(player, key, pay) for pay in self._payments(state, player, 40)]
            )
        for die in [d for d in state.zone(player, Zone.RESERVE) if d.face.is_character]:
            state = self._try(
                state, [FieldDie(player, die.id, pay) for pay in self._payments(state, player, 10)]
            )
        field = [d.id for d in state.zone(player, Zone.FIELD)]
        attackers = tuple(d for d in field if rng.random() < 0.6)
        if attackers and not (state.tournament and first):
            state = self._do(state, DeclareAttackers(player, attackers))
            defenders = [d.id for d in state.zone(state.inactive, Zone.FIELD)]
            blocks = tuple((b, rng.choice(attackers)) for b in defenders if rng.random() < 0.5)
            state = self._do(state, DeclareBlockers(state.inactive, blocks))
            state = self._do(state, AssignDamage(player, self._splits(state, attackers)))
            if state.winner:
                return state
        return self._do(state, EndTurn(player))

    def _splits(self, state: GameState, attackers) -> tuple[tuple[str, str, int], ...]:
        from rules.engine import query

        splits = []
        for attacker in attackers:
            blockers = [d.id for d in state.dice if d.blocking == attacker]
            if len(blockers) < 2:
                continue
            power = query.attack(state.die(attacker)).value
            cuts = sorted(self.rng.randint(0, power) for _ in range(len(blockers) - 1))
            amounts = [b - a for a, b in zip([0, *cuts], [*cuts, power], strict=True)]
            splits += [(attacker, b, n) for b, n in zip(blockers, amounts, strict=True)]
        return tuple(splits)
