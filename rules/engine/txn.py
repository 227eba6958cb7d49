"""A change in progress: the current (immutable) state, the cards, the events so far, and the
answers an effect may consume. `apply` works through one; an illegal step raises `Rejected`
and the whole Txn is dropped, so the state the caller holds never changes.

Zone moves live here because every rule moves dice, and the moving rules are few and shared:
a die leaving the rolled zones loses its face, damage and effects (R13.1, R12.2); a token
leaving the Field ceases to exist (R1.7); a controlled die that becomes unrolled goes to its
owner's Prep (R15.2); dice sent to Used from the Field or Reserve on their owner's turn go
Out of Play instead (R4.6).
"""

from collections.abc import Mapping

from rules.engine.events import Event
from rules.engine.faces import CardDef
from rules.engine.state import (
    IN_FIELD,
    ROLLED,
    Departure,
    Die,
    GameState,
    Request,
    Step,
    Zone,
    other,
    replace,
)
from rules.engine.verdicts import reject

_UNROLLED = {
    "face": None, "damage": 0, "modifiers": (), "blocking": None, "keywords": (),
    "copy": None, "held_by": None, "held_from": None, "attached_to": None,
}  # fmt: skip


HURT_BY = "hurt_by:"  # a die flag: '<player>:<action|global>' of its last damage's source


class NeedAnswer(Exception):  # noqa: N818 - control flow: an effect waits for an input
    def __init__(self, request: Request):
        self.request = request
        super().__init__(request.text)


class Txn:
    def __init__(
        self,
        state: GameState,
        cards: Mapping[str, CardDef],
        *,
        answers: tuple = (),
        entry: int | None = None,
    ):
        self.state = state
        self.cards = cards
        self.events: list[Event] = []
        self.rules: list[str] = []
        self.answers = answers
        self.entry = entry  # the queued effect being resolved, if any
        self._used_answers = 0

    # -- events ------------------------------------------------------------------------
    def emit(self, kind: str, text: str, *, rule: str = "", **details) -> Event:
        event = Event(kind, text, rule=rule, **details)
        self.events.append(event)
        if rule and rule not in self.rules:
            self.rules.append(rule)
        return event

    def cite(self, *rules: str) -> None:
        for rule in rules:
            if rule not in self.rules:
                self.rules.append(rule)

    # -- reading ---------------------------------------------------------------------------
    def die(self, die_id: str, *, rule: str = "R3.1") -> Die:
        die = self.state.die(die_id)
        if die is None:
            reject(rule, f"There is no die {die_id}.", subject=die_id)
        return die

    def card(self, die: Die) -> CardDef | None:
        return self.cards.get(die.card) if die.card else None

    def name(self, die: Die) -> str:
        card = self.card(die)
        return f"{die.id} ({card.name})" if card else die.id

    @property
    def active(self) -> str:
        return self.state.active

    # -- changing --------------------------------------------------------------------------
    def put(self, *dice: Die) -> None:
        self.state = self.state.with_dice(*dice)

    def update(self, **changes) -> None:
        self.state = replace(self.state, **changes)

    def new_id(self) -> int:
        number = self.state.next_id
        self.update(next_id=number + 1)
        return number

    def spent_zone(self, player: str) -> Zone:
        """Where dice a player spends or sends 'to the Used Pile' go now (R4.6, R6.1)."""
        return Zone.OUT_OF_PLAY if player == self.state.active else Zone.USED

    def move(
        self,
        die_id: str,
        zone: Zone,
        *,
        controller: str | None = None,
        kod: bool = False,
        lethal: bool = False,
    ) -> Die | None:
        """Move a die; returns it as it now is (None if a token ceased to exist). A character
        die leaving the Field is recorded for the turn (`GameState.departed`, with `kod` for a
        KO and `lethal` for a KO by its damage) and a 'left_field' event says so."""
        die = self.die(die_id)
        leaving = die.is_character and die.zone in IN_FIELD and zone not in IN_FIELD
        if leaving and not die.is_token:
            self._note_departure(die, zone, kod=kod, lethal=lethal)
        if die.is_token and zone not in (Zone.FIELD, Zone.ATTACK):
            self._host_leaves(die, zone, ceases=True)
            self.state = self.state.without_dice(die.id)  # R1.7
            self.emit(
                "token_removed",
                f"{die.id} left the Field and ceased to exist",
                rule="R1.7",
                die=die.id,
                player=die.controller,
            )
            return None
        if die.controller != die.owner and zone in (
            Zone.BAG,
            Zone.PREP,
            Zone.USED,
            Zone.OUT_OF_PLAY,
        ):
            zone, controller = Zone.PREP, die.owner  # R15.2
            self.emit(
                "control_ended",
                f"{die.id} became unrolled and went to its owner's Prep",
                rule="R15.2",
                die=die.id,
                player=die.owner,
            )
        to_bag = zone == Zone.USED and _used_to_bag(self, die)
        if to_bag:
            zone = Zone.BAG  # a replacement effect (Immortal): the bag instead of the Used Pile
        if die.zone in IN_FIELD and zone not in IN_FIELD:
            self._host_leaves(die, zone)
        changes: dict = {"zone": zone, "controller": controller or die.controller}
        if zone not in ROLLED:  # unrolled dice show nothing and carry nothing (R12.2, R13.1)
            changes.update(_UNROLLED)
            changes["controller"] = die.owner
            if die.flags:
                changes["flags"] = die.flags & {"token"}
        else:
            if die.zone in (Zone.FIELD, Zone.ATTACK) and zone == Zone.RESERVE:
                # A character rerolled to energy leaves the Field and loses its effects (R14.1).
                changes.update(damage=0, modifiers=(), keywords=(), blocking=None)
                changes["attached_to"] = None  # no longer in the Field, so attached to nothing
                changes["flags"] = die.flags - {"damaged", "damaged2", "fresh", "blocked"}
            if die.zone == Zone.RESERVE and zone != Zone.RESERVE and "partially_spent" in die.flags:
                changes["flags"] = changes.get("flags", die.flags) - {"partially_spent"}
            if zone == Zone.FIELD:
                changes["blocking"] = None
        moved = replace(die, **changes)
        self.put(moved)
        if leaving and not die.is_token:
            left = self.state.departed[-1]
            why = f" ({left.by}'s {left.means} {'die' if left.means == 'action' else 'ability'})"
            self.emit(
                "left_field",
                f"{die.id} left the Field" + (why if left.by else ""),
                die=die.id,
                player=left.controller,
                other=left.by,
            )
        if to_bag:
            self.emit(
                "moved",
                f"{die.id} went to its owner's bag instead of the Used Pile",
                rule="R13.7",
                die=die.id,
                player=die.owner,
            )
        return moved

    def cause(self) -> tuple[str, str]:
        """(player, 'action' | 'global') when the effect resolving now is that player's action
        die or global ability (R9, R10), else ('', '')."""
        queued = getattr(self, "queued", None)  # an EffectContext's queued effect
        if queued is None:
            return "", ""
        from rules.engine import abilities

        found = abilities.ability(self.cards, queued.ability)
        if found is None or found.kind not in ("action", "global"):
            return "", ""
        return queued.controller, found.kind

    def _note_departure(self, die: Die, zone: Zone, *, kod: bool, lethal: bool) -> None:
        from rules.engine import query

        by, means = self.cause()
        if not by and lethal and die.damage > 0:  # KO'd by damage: its last damage's source
            hurt = next((f for f in die.flags if f.startswith(HURT_BY)), "")
            if hurt:
                by, means = hurt[len(HURT_BY) :].split(":", 1)
        left = Departure(
            die.id,
            die.card,
            die.owner,
            die.controller,
            zone,
            kod=kod,
            by=by,
            means=means,
            level=die.level,
            attack=query.attack(self.state, self.cards, die).value,
            defense=query.defense(self.state, self.cards, die).value,
            flags=die.flags,
        )
        self.update(departed=(*self.state.departed, left))

    def _host_leaves(self, host: Die, zone: Zone, *, ceases: bool = False) -> None:
        """Dice attached to a die leaving the Field (capture is `effects.dice.capture`):
        attached continuous dice follow a character KO'd to Prep or sent to the Used Pile
        (R15.1, as the rulebooks' ruling says); any other attached die (equipment) stays in
        the Field, attached to nothing."""
        from rules.engine import query
        from rules.engine.keywords import continuous

        attached = [d for d in self.state.dice if d.attached_to == host.id and d.zone in IN_FIELD]
        for die in attached:
            follows = not ceases and zone in (Zone.PREP, Zone.USED, Zone.OUT_OF_PLAY)
            if follows and continuous.KEYWORD in query.keywords(self.state, self.cards, die):
                where = zone  # Out of Play exists only on its owner's turn (R4.6)
                if zone == Zone.OUT_OF_PLAY and die.owner != self.state.active:
                    where = Zone.USED
                self.move(die.id, where, controller=die.owner)
                self.emit(
                    "moved",
                    f"{die.id}, attached to {host.id}, followed it to the "
                    f"{where.value.replace('_', ' ')}",
                    rule="R15.1",
                    die=die.id,
                    player=die.owner,
                )
            else:
                self.put(replace(die, attached_to=None))
                self.emit(
                    "detached",
                    f"{die.id} is no longer attached: {host.id} left the Field; it stays there",
                    rule="R15.1",
                    die=die.id,
                    player=die.controller,
                )

    def change_life(self, player: str, amount: int, *, rule: str, text: str) -> int:
        """Gain (capped at the starting life, R12.4) or lose life; returns the change made."""
        life = self.state.player(player).life
        new = min(life + amount, self.state.starting_life) if amount > 0 else life + amount
        self.state = self.state.with_life(player, new)
        if new != life or amount:
            kind = "life_gained" if amount > 0 else "life_lost"
            self.emit(
                kind, f"{text}: {player} at {new} life", rule=rule, player=player, amount=new - life
            )
        return new - life

    def check_game_over(self) -> bool:
        """R16.1: a player at 0 or less loses at once; both at once is a tie."""
        if self.state.winner is not None:
            return True
        down = [p.id for p in self.state.players if p.life <= 0]
        if not down:
            return False
        winner = "draw" if len(down) == 2 else other(down[0])
        self.update(
            winner=winner, step=Step.GAME_OVER, pending=None, priority=None, queue=(), unordered=()
        )
        if winner == "draw":
            text = "both players reached 0 life at once: the game is a tie"
        else:
            life = self.state.player(down[0]).life
            text = f"{down[0]} is at {life} life and loses; {winner} wins"
        self.emit("game_over", text, rule="R16.1", player=winner)
        return True

    # -- inputs ------------------------------------------------------------------------
    def ask(self, request: Request, *answer_types):
        """The next answer given for this effect, of one of `answer_types`; NeedAnswer when
        none is left (the engine then waits for it), Illegal when it is of another kind."""
        if self._used_answers >= len(self.answers):
            raise NeedAnswer(replace(request, entry=self.entry))
        answer = self.answers[self._used_answers]
        self._used_answers += 1
        if not isinstance(answer, answer_types) or answer.player != request.player:
            reject(
                "R13.3",
                f"The game waits for this: {request.text}",
                hint=_ANSWER_HINTS.get(request.kind, ""),
            )
        return answer


_ANSWER_HINTS = {
    "draw": "Write the dice drawn, e.g. 'P1 draw SK3'.",
    "roll": "Write how the dice landed, e.g. 'P1 roll SK3=mask'.",
    "choose": "Write the choice, e.g. 'P1 choose P2:SK1'.",
    "may": "Write 'P1 yes' (with 'pay ...' when it costs) or 'P1 no'.",
    "order": "Write the order, e.g. 'P1 order P1:5sww#1 P1:5sww#2'.",
}


def _used_to_bag(txn: "Txn", die: Die) -> bool:
    """Whether a static ability sends this die to its owner's bag when it would go to the
    Used Pile (the stat query layer's 'used_to_bag' question)."""
    from rules.engine import query

    return query.used_to_bag(txn.state, txn.cards, die)
