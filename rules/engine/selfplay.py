"""A random legal player: drives whole games through `apply`, for the property tests and the
benchmark. It answers every request (draws and rolls at random, as a recording would hold
them; orders, choices, blockers and damage splits at random) and tries random actions: buying,
fielding, action dice, globals from either player, partial spending, passing priority,
attacking. It only keeps what `apply` accepts, so every game it plays is legal.
"""

import random
from collections import Counter
from collections.abc import Callable, Mapping

from rules.engine import query
from rules.engine.actions import (
    Activate,
    Answer,
    AssignDamage,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    Draw,
    EndTurn,
    FieldDie,
    Order,
    PassPriority,
    Payment,
    Purchase,
    Reroll,
    Roll,
    UseAction,
    UseGlobal,
)
from rules.engine.faces import SIDEKICK_FACES, CardDef, Face, possible_faces
from rules.engine.game import apply
from rules.engine.setup import new_game
from rules.engine.state import IN_FIELD, Die, GameState, Step, Zone
from rules.engine.steps import attack as attack_step


def random_face(die: Die, cards: Mapping[str, CardDef], rng: random.Random) -> Face:
    if die.card is None:
        return rng.choice(SIDEKICK_FACES)
    card = cards[die.card]
    if not card.faces_known:  # no printed faces: one of those that may be declared
        return rng.choice(possible_faces(card))
    if card.kind == "basic_action":
        return rng.choice(
            [
                Face(action=True),
                Face(action=True, bursts=rng.randint(1, 2)),
                Face(generic=rng.randint(1, 2)),
                Face(energy=("wild",)),
            ]
        )
    energy = [Face(energy=(t,)) for t in card.energy] + [Face(energy=(t, t)) for t in card.energy]
    if len(card.energy) >= 1:
        energy.append(Face(energy=(card.energy[0], "wild")))
    return rng.choice(list(card.levels) + energy or [Face(energy=("wild",))])


class RandomPlayer:
    """Plays random legal games; `on_step(state, action)` sees every accepted step."""

    def __init__(
        self,
        cards: Mapping[str, CardDef],
        seed: int,
        on_step: Callable[[GameState, object], None] | None = None,
    ):
        self.cards, self.rng = cards, random.Random(seed)
        self.on_step = on_step or (lambda state, action: None)
        self.actions = 0
        self.log: list = []
        self.seen: Counter = Counter()  # what happened: batches of globals, captures ...

    # -- plumbing ----------------------------------------------------------------------
    def _do(self, state: GameState, action) -> GameState:
        result = apply(state, action, self.cards)
        if not result.legal:
            raise AssertionError(f"random player's {action!r} was refused: {result.verdict}")
        self._accept(result, action)
        return result.state

    def _try(self, state: GameState, candidates) -> GameState | None:
        for action in candidates:
            result = apply(state, action, self.cards)
            if result.legal:
                self._accept(result, action)
                return result.state
        return None

    def _accept(self, result, action) -> None:
        self.actions += 1
        self.log.append(action)
        if getattr(action, "times", 1) > 1:
            self.seen["batch"] += 1
        for event in result.events:
            if event.kind in ("captured", "attached", "detached", "released"):
                self.seen[event.kind] += 1
                self.seen["captured_along"] += event.kind == "captured" and bool(event.dice)
            elif event.rule == "R15.1":
                self.seen["followed"] += 1
        self.on_step(result.state, action)

    # -- a game ------------------------------------------------------------------------
    def play(self, teams, *, turns: int = 20, starting_life: int = 20, format: str = "tournament"):
        state = new_game(
            teams,
            self.cards,
            first_player=self.rng.choice(["P1", "P2"]),
            starting_life=starting_life,
            format=format,
        )
        self.start = state
        for _ in range(turns * 60):
            if state.winner is not None or state.turn > turns:
                break
            state = self.move(state)
        return state

    def move(self, state: GameState) -> GameState:
        """One accepted action: the answer to what the game waits for, or a free action."""
        if state.pending is not None:
            return self._answer(state)
        if state.step in (Step.ROLL_AND_REROLL, Step.MAIN, Step.WINDOW):
            return self._act(state)
        raise AssertionError(f"the game stopped without a request in {state.step}")

    def _answer(self, state: GameState) -> GameState:
        rng, request = self.rng, state.pending
        player = request.player
        if request.kind == "draw":
            bag = [d.id for d in state.zone(player, Zone.BAG)]
            used = [d.id for d in state.zone(player, Zone.USED)]
            rng.shuffle(bag)
            rng.shuffle(used)
            drawn = (
                (bag + used)[: request.count] if len(bag) < request.count else bag[: request.count]
            )
            first = (
                state.is_first_turn
                and player == state.first_player
                and state.step == Step.CLEAR_AND_DRAW
            )
            if first:
                return self._do(state, Draw(player, tuple(drawn[:3]), tuple(drawn[3:4])))
            return self._do(state, Draw(player, tuple(drawn)))
        if request.kind == "roll":
            faces = tuple((d, random_face(state.die(d), self.cards, rng)) for d in request.options)
            return self._do(state, Roll(player, faces))
        if request.kind == "order":
            labels = list(request.options)
            rng.shuffle(labels)
            return self._do(state, Order(player, tuple(labels)))
        if request.kind == "blocks":
            return self._blocks(state, player)
        if request.kind == "damage":
            return self._do(state, AssignDamage(player, self._splits(state, request.options)))
        if request.kind == "choose":
            picks = rng.sample(list(request.options), k=min(request.count, len(request.options)))
            return self._do(state, Choose(player, tuple(picks)))
        if request.kind == "may":
            return self._try(state, [Answer(player, False)]) or state
        raise AssertionError(f"unknown request {request.kind}")

    def _act(self, state: GameState) -> GameState:
        rng, active = self.rng, state.active
        if state.step == Step.ROLL_AND_REROLL and not state.rerolled and rng.random() < 0.5:
            again = [d for d in state.zone(active, Zone.RESERVE) if rng.random() < 0.5]
            reroll = Reroll(active, tuple((d.id, random_face(d, self.cards, rng)) for d in again))
            if (after := self._try(state, [reroll])) is not None:
                return after
        holder = state.priority or active
        tries = self._candidates(state, holder)
        for action in tries:
            result = apply(state, action, self.cards)
            if result.legal:
                self._accept(result, action)
                return result.state
        return self._finish(state)

    def _candidates(self, state: GameState, player: str):
        rng, cards = self.rng, self.cards
        if rng.random() < 0.1:
            return []  # done acting: pass or move on
        found = []
        if rng.random() < 0.15:  # now and then a global (its effect is usually manual)
            for key in self._global_cards(state):
                card = cards[key.rpartition(":")[2]]
                cost = card.globals[0].cost
                times = 1 if rng.random() < 0.7 else rng.randint(2, 3)  # R10.3: a batch
                payments = self._payments(
                    state, player, cost.amount * times, types=cost.types * times
                )
                found += [UseGlobal(player, key, pay, times=times) for pay in payments]
        for die in state.field(player):
            card = cards.get(die.card) if die.card else None
            for ability in card.abilities if card else ():
                if ability.kind == "activated" and ability.cost is not None:
                    found += [
                        Activate(player, die.id, pay)
                        for pay in self._payments(state, player, ability.cost.amount)
                    ]
        if player == state.active:
            buyable = list(state.player(player).team) + list(state.basic_actions)
            for key in buyable:
                cost = query.purchase_cost(state, cards, player, key).value
                types = cards[key].energy if cards[key].kind != "basic_action" else ()
                payments = self._payments(state, player, cost, types=types)
                found += [Purchase(player, key, pay) for pay in payments]
            for die in state.zone(player, Zone.RESERVE):
                if die.face is not None and die.face.is_character:
                    cost = query.fielding_cost(state, cards, die).value
                    found += [
                        FieldDie(player, die.id, pay) for pay in self._payments(state, player, cost)
                    ]
                elif die.face is not None and die.face.action:
                    found.append(UseAction(player, die.id))
        rng.shuffle(found)
        # Characters first, now and then: a random player buying only basic actions never fights.
        found.sort(
            key=lambda a: (
                not (
                    isinstance(a, (Purchase, FieldDie))
                    and rng.random() < 0.7
                    and getattr(a, "card", "") not in state.basic_actions
                )
            )
        )
        return found[:40]

    def _global_cards(self, state: GameState) -> list[str]:
        keys = []
        for key in state.basic_actions:
            if self.cards[key].globals:
                keys.append(key)
        for p in state.players:
            for key in p.team:
                if self.cards[key].globals:
                    shared = sum(key in q.team for q in state.players) > 1
                    keys.append(f"{p.id}:{key}" if shared else key)
        return keys

    def _finish(self, state: GameState) -> GameState:
        """Nothing more to do: pass, or end the Main Step by attacking or ending the turn."""
        rng, active = self.rng, state.active
        holder = state.priority or active
        if state.step == Step.WINDOW or holder != active:
            return self._do(state, PassPriority(holder))
        if state.priority is not None and rng.random() < 0.3:
            return self._do(state, PassPriority(active))
        field = [d.id for d in state.zone(active, Zone.FIELD) if d.is_character]
        attackers = tuple(d for d in field if rng.random() < 0.8)
        must = {d.id for d in state.zone(active, Zone.FIELD) if "must_attack" in d.keywords}
        attackers = tuple(sorted(set(attackers) | must))
        if attackers:
            after = self._try(state, [DeclareAttackers(active, attackers)])
            if after is not None:
                return after
        return self._do(state, EndTurn(active))

    def _blocks(self, state: GameState, defender: str) -> GameState:
        rng = self.rng
        attackers = [d.id for d in state.zone(state.active, Zone.ATTACK)]
        candidates = [d.id for d in state.zone(defender, Zone.FIELD) if d.is_character]
        must = {d.id for d in state.zone(defender, Zone.FIELD) if "must_block" in d.keywords}
        for _ in range(5):
            blocks = tuple(
                (b, rng.choice(attackers)) for b in candidates if b in must or rng.random() < 0.5
            )
            after = self._try(state, [DeclareBlockers(defender, blocks)])
            if after is not None:
                return after
        return self._do(state, DeclareBlockers(defender, ()))

    def _payments(self, state: GameState, player: str, cost: int, tries: int = 3, types=()):
        """A few random payments of about `cost`: dice in a random order (one of the needed
        type first) until they cover it, sometimes spending one symbol of a double (R6.3) or
        virtual energy (R6.4)."""
        if cost == 0:
            return [()]
        rng = self.rng
        energy = [
            d for d in state.zone(player, Zone.RESERVE) if d.face is not None and d.face.is_energy
        ]
        virtual = state.player(player).virtual_energy
        if sum(d.face.symbols for d in energy) + virtual < cost:
            return []
        found = []
        for _ in range(tries):
            rng.shuffle(energy)
            energy.sort(
                key=lambda d: not (set(types) & set(d.face.energy) or "wild" in d.face.energy)
            )
            pay, total = [], 0
            if virtual and rng.random() < 0.7:
                used = min(virtual, cost)
                pay.append(Payment(virtual=used))
                total += used
            for die in energy:
                if total >= cost:
                    break
                symbols = die.face.symbols
                if len(die.face.energy) == 2 and total + 1 == cost and rng.random() < 0.7:
                    pay.append(Payment(die.id, rng.choice(die.face.energy)))
                    total += 1
                else:
                    pay.append(Payment(die.id))
                    total += symbols
            if total >= cost:
                found.append(tuple(pay))
        return found

    def _splits(self, state: GameState, attackers) -> tuple[tuple[str, str, int], ...]:
        splits = []
        for attacker in attackers:
            blockers = [d.id for d in state.dice if d.blocking == attacker and d.zone in IN_FIELD]
            power, _ = attack_step.combat_damage(state, self.cards, state.die(attacker))
            cuts = sorted(self.rng.randint(0, power) for _ in range(len(blockers) - 1))
            amounts = [b - a for a, b in zip([0, *cuts], [*cuts, power], strict=True)]
            splits += [(attacker, b, n) for b, n in zip(blockers, amounts, strict=True)]
        return tuple(splits)
