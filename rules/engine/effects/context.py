"""The API an ability's `resolve(ctx)` uses: read the state, ask for choices and chance
outcomes, and change the game through the engine's own operations.

Resolution is pure and repeatable: the engine runs `resolve` from the start with the answers
given so far. When an answer is missing (a target, a "may", which die was drawn, how it
rolled), the run stops, nothing of it is kept, and the engine waits; the next log line
supplies the answer and the effect runs again, further. So a card script never stores
anything between runs: it asks, and acts on the answers.
"""

from collections.abc import Iterable

from rules.engine import energy, query
from rules.engine.actions import Answer, Choose, Draw, Roll
from rules.engine.effects import dice as dice_ops
from rules.engine.effects import ops
from rules.engine.faces import CardDef, EnergyCost
from rules.engine.state import (
    IN_FIELD,
    Die,
    LastingEffect,
    Request,
    Zone,
    replace,
)
from rules.engine.txn import Txn
from rules.engine.verdicts import reject


def expand(name: str, options: tuple[str, ...], player: str) -> str:
    """A pick as written ('SK1', 'P2:SK1'): an option itself, or the one option it ends
    (the player's own die first)."""
    if name in options:
        return name
    if f"{player}:{name}" in options:
        return f"{player}:{name}"
    matches = [o for o in options if o.endswith(f":{name}")]
    return matches[0] if len(matches) == 1 else name


class EffectContext(Txn):
    def __init__(self, state, cards, entry):
        super().__init__(state, cards, answers=entry.answers, entry=entry.id)
        self.queued = entry
        self.holder = entry.controller  # the player whose effect this is
        self.card: str = entry.card
        self.source: str = entry.source  # the die whose ability it is, if any
        self.event = entry.event
        self.bursts = entry.bursts
        self.pending_damage = None  # set while an interrupting ability resolves
        self._times = entry.times
        self.times_read = False

    @property
    def times(self) -> int:
        """How many uses of a global were paid for in one batch: they resolve as this one
        effect (R10.3), so 'pay [B]: +1A' paid three times gives +3A once."""
        self.times_read = True
        return self._times

    # -- reading -------------------------------------------------------------------------
    @property
    def card_def(self) -> CardDef | None:
        return self.cards.get(self.card)

    @property
    def opponent(self) -> str:
        return ops.opponent(self.holder)

    def attack(self, die: Die) -> int:
        return query.attack(self.state, self.cards, die).value

    def defense(self, die: Die) -> int:
        return query.defense(self.state, self.cards, die).value

    def characters(self, player: str | None = None) -> list[Die]:
        """Character dice in the Field (Attack Zone included): what effects may target
        unless they say otherwise (R13.2)."""
        return [
            d
            for d in self.state.dice
            if d.is_character and d.zone in IN_FIELD and (player is None or d.controller == player)
        ]

    # -- asking ----------------------------------------------------------------------------
    def choose(
        self,
        prompt: str,
        options: Iterable[str],
        *,
        count: int = 1,
        minimum: int | None = None,
        player: str | None = None,
    ) -> tuple[str, ...]:
        """Ask a player to pick `count` of `options` (at least `minimum`, default `count`)."""
        player = player or self.holder
        options = tuple(options)
        minimum = count if minimum is None else minimum
        if not options and minimum:
            reject("R10.3", f"There is no valid choice for: {prompt}")
        request = Request("choose", player, f"{player}: {prompt}", options, count)
        answer = self.ask(request, Choose)
        picks = tuple(expand(pick, options, player) for pick in answer.picks)
        if len(set(picks)) != len(picks) or not minimum <= len(picks) <= count:
            wanted = f"{count}" if minimum == count else f"{minimum} to {count}"
            reject("R13.2", f"{prompt}: choose {wanted}, not {len(picks)}.")
        for pick in picks:
            if pick not in options:
                reject(
                    "R13.2",
                    f"{pick} is not a valid choice for: {prompt}",
                    hint=f"Valid: {', '.join(options)}.",
                    subject=pick,
                )
        return picks

    def may(
        self, prompt: str, *, player: str | None = None, cost: EnergyCost | None = None
    ) -> bool:
        """Ask a yes/no ('you may'); with a cost, a yes pays it (R6.5)."""
        player = player or self.holder
        answer = self.ask(Request("may", player, prompt), Answer)
        if answer.yes and cost is not None:
            energy.pay(self, player, answer.pay, cost, what=prompt, type_rule="R6.5")
        elif answer.pay:
            reject("R6.1", "Nothing to pay for: energy can't be spent for no reason.")
        return answer.yes

    def draw(self, player: str, count: int = 1, *, to: Zone = Zone.PREP) -> tuple[str, ...]:
        """Draw dice from the bag (refilling it from the Used Pile when empty, R4.1): which
        dice is a recorded input. To the Reserve Pool, they are rolled once (R4.3)."""
        from rules.engine.steps.clear_and_draw import draw_from_bag

        available = len(self.state.zone(player, Zone.BAG)) + len(self.state.zone(player, Zone.USED))
        count = min(count, available)
        if count == 0:
            return ()
        text = f"{player} draws {count} {'die' if count == 1 else 'dice'} from the bag"
        answer = self.ask(Request("draw", player, text, count=count), Draw)
        if answer.out_of_play:
            reject("R3.3", "Only the first player's first draw puts a die Out of Play.")
        drawn = draw_from_bag(self, player, answer.dice, count, zone=Zone.PREP)
        if to == Zone.RESERVE:
            self.roll(player, drawn)
        return drawn

    def roll(self, player: str, dice: tuple[str, ...]) -> None:
        """Roll dice once into the Reserve Pool (how they landed is a recorded input)."""
        text = f"{player} rolls {', '.join(dice)}"
        answer = self.ask(Request("roll", player, text, options=tuple(dice)), Roll)
        faces = dict(answer.faces)
        if set(faces) != set(dice):
            reject("R5.2", f"Roll exactly {', '.join(dice)}.")
        for die_id, face in faces.items():
            die = self.die(die_id)
            faces[die_id] = dice_ops.check_face(self, die, face)
            self.put(replace(die, zone=Zone.RESERVE, face=faces[die_id]))
        shown = ", ".join(f"{d}={f.described()}" for d, f in faces.items())
        self.emit("rolled", f"{player} rolled {shown}", player=player, dice=tuple(faces))

    def reroll_face(self, die_id: str, why: str):
        """How one die landed when an effect rerolls it where it is (a recorded input, checked
        against the die's faces); the caller says where it goes then."""
        die = self.die(die_id)
        text = f"{die.owner} rerolls {die_id} ({why})"
        answer = self.ask(Request("roll", die.owner, text, options=(die_id,)), Roll)
        faces = dict(answer.faces)
        if set(faces) != {die_id}:
            reject("R14.1", f"Say how {die_id} landed.")
        return dice_ops.check_face(self, die, faces[die_id])

    # -- acting ----------------------------------------------------------------------------
    def damage(self, target: str, amount: int) -> int:
        """Deal ability damage to a die or a player ('P1'/'P2'); returns the damage dealt."""
        return ops.deal_damage(self, target, amount, source=self.source or self.card)

    def ko(self, die_id: str) -> bool:
        return ops.ko(self, die_id)

    def lose_life(self, player: str, amount: int) -> None:
        ops.lose_life(self, player, amount, why=self.label)

    def gain_life(self, player: str, amount: int) -> int:
        return ops.gain_life(self, player, amount, why=self.label)

    def modify(self, die_id: str, attack: int = 0, defense: int = 0) -> None:
        dice_ops.modify(self, die_id, attack, defense, source=self.label)

    def grant(self, die_id: str, keyword: str) -> None:
        dice_ops.grant_keyword(self, die_id, keyword, source=self.label)

    def spin(self, die_id: str, levels: int) -> bool:
        if dice_ops.can_spin(self, self.die(die_id), levels):
            return False
        return dice_ops.spin(self, die_id, levels, source=self.label)

    def prep(self, die_id: str) -> None:
        dice_ops.prep(self, die_id, source=self.label)

    def field(self, die_id: str, level: int = 1) -> None:
        """An effect that fields a die (from the Used Pile, the bag, the Prep Area ...): free,
        at `level` (level 1 unless the card says otherwise), and it is fielding: 'when fielded'
        triggers (R8.2)."""
        die = self.die(die_id)
        levels = dice_ops.character_card_levels(self, die)
        if not 0 < level <= len(levels):
            reject("R8.2", f"{die.id} has no level {level} to be fielded at.", subject=die.id)
        if die.zone in (Zone.FIELD, Zone.ATTACK, Zone.OUT_OF_PLAY, Zone.CAPTURED, Zone.UNPURCHASED):
            reject(
                "R8.2",
                f"{die.id} is in the {die.zone.value.replace('_', ' ')} and can't be "
                "fielded from there.",
                subject=die.id,
            )
        self.put(replace(die, zone=Zone.FIELD, face=levels[level - 1], controller=die.owner))
        self.emit(
            "fielded",
            f"{die.id} was fielded at level {level} ({self.label})",
            rule="R8.2",
            die=die.id,
            player=die.owner,
        )
        from rules.engine.keywords import strike

        strike.note_fielded(self, die.owner, die.id)  # K-STRIKE

    def send_to_used(self, die_id: str) -> None:
        """'Send to the Used Pile': Out of Play on its owner's turn (R4.6)."""
        die = self.die(die_id)
        self.move(die.id, self.spent_zone(die.owner))
        self.emit(
            "moved",
            f"{die.id} was sent to the Used Pile ({self.label})",
            rule="R4.6",
            die=die.id,
            player=die.owner,
        )

    def token(self, attack: int, defense: int, name: str = "Token", player: str = "") -> str:
        return dice_ops.create_token(
            self, player or self.holder, attack, defense, name=name, source=self.label
        )

    def capture(self, die_id: str, captor: str | None = None) -> None:
        dice_ops.capture(self, captor or self.source, die_id, source=self.label)

    def control(self, die_id: str, controller: str | None = None) -> None:
        dice_ops.control(self, controller or self.source, die_id, source=self.label)

    def release(self, die_id: str) -> None:
        """End a capture at the time the card states (R15.1): the die, and what is attached to
        it, return where they came from."""
        dice_ops.release(self, die_id, why=self.label)

    def attach(self, die_id: str, host: str) -> None:
        """Attach a die in the Field (equipment, a continuous die) to a character die (R15.1)."""
        dice_ops.attach(self, die_id, host, source=self.label)

    def detach(self, die_id: str) -> None:
        dice_ops.detach(self, die_id, source=self.label)

    def attachments(self, host: str) -> list[Die]:
        """The dice attached to `host`."""
        return [d for d in self.state.dice if d.attached_to == host]

    def copy(self, die_id: str, source: str, mode: str) -> None:
        dice_ops.copy(self, die_id, source, mode, source=self.label)

    def swap(self, first: str, second: str) -> None:
        dice_ops.swap(self, first, second, source=self.label)

    def last(
        self, ability: str, *, subject: str = "", params: tuple = (), until: str = "end_of_turn"
    ) -> None:
        """Start a lasting effect (R13.1): `ability` ('<card>.<name>') keeps acting, through its
        continuous, restrict and trigger hooks, until `until`."""
        effect = LastingEffect(ability, self.holder, subject, params, until)
        self.update(effects=(*self.state.effects, effect))

    # -- interrupts (R13.4) ------------------------------------------------------------
    def prevent(self, amount: int | None = None) -> None:
        """Prevent some (or all) of the damage being interrupted."""
        pending = self.pending_damage
        stopped = pending.amount if amount is None else min(amount, pending.amount)
        pending.amount -= stopped
        self.emit(
            "prevented",
            f"{stopped} damage to {pending.target} prevented ({self.label})",
            rule="R13.4",
            amount=stopped,
            die="" if pending.to_player else pending.target,
            player=pending.target if pending.to_player else "",
        )

    def reduce_damage(self, die_id: str, amount: int) -> int:
        """Take back up to `amount` of the damage a die took (a 'when damaged' prevention,
        resolved before KOs, R11.5); returns how much."""
        die = self.die(die_id)
        taken = min(amount, die.damage)
        if taken:
            self.put(replace(die, damage=die.damage - taken))
            self.emit(
                "prevented",
                f"{taken} of the damage to {die.id} prevented ({self.label})",
                rule="R13.4",
                die=die.id,
                amount=taken,
                player=die.controller,
            )
        return taken

    def redirect(self, target: str) -> None:
        """Redirect the damage being interrupted; its source stays the same (R13.4)."""
        pending = self.pending_damage
        self.emit(
            "redirected",
            f"{pending.amount} damage redirected from {pending.target} to {target} ({self.label})",
            rule="R13.4",
            die=target,
            other=pending.target,
            amount=pending.amount,
        )
        pending.target = target

    def run_interrupt(self, ability, holder: str, card: str, pending) -> None:
        saved = (self.holder, self.card, self.pending_damage)
        self.holder, self.card, self.pending_damage = holder, card, pending
        try:
            ability.resolve(self)
        finally:
            self.holder, self.card, self.pending_damage = saved

    @property
    def label(self) -> str:
        return self.queued.label or self.card
