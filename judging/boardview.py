"""What the judge console draws from a game state: both players' zones with every die (face,
level, A and D as the engine computes them, with their explanations, damage, attack and block
pairing), life, energy, turn, step and priority; and what differs between two states. Pure:
no Django, only the engine and its query layer.
"""

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules.engine import query
from rules.engine.faces import CardDef
from rules.engine.state import Die, GameState, Step, Zone

ZONE_TITLES = {
    Zone.FIELD: "Field",
    Zone.ATTACK: "Attack Zone",
    Zone.RESERVE: "Reserve Pool",
    Zone.PREP: "Prep Area",
    Zone.OUT_OF_PLAY: "Out of Play",
    Zone.USED: "Used Pile",
    Zone.BAG: "Bag",
    Zone.CAPTURED: "Captured",
    Zone.UNPURCHASED: "On its card",
}
# The zones drawn in each player's area (the Attack Zone is drawn between the players).
PLAYER_ZONES = (Zone.FIELD, Zone.RESERVE, Zone.PREP, Zone.OUT_OF_PLAY, Zone.USED, Zone.BAG)
STEP_TITLES = {
    Step.START_OF_TURN: "Start of turn",
    Step.CLEAR_AND_DRAW: "Clear and Draw",
    Step.ROLL_AND_REROLL: "Roll and Reroll",
    Step.MAIN: "Main Step",
    Step.NO_ATTACK: "No attack declared: no attack step, Cleanup next",
    Step.ATTACKERS: "Attack step: attackers declared",
    Step.BLOCKERS: "Attack step: declare blockers",
    Step.WINDOW: "Attack step: actions and globals",
    Step.DAMAGE: "Attack step: damage",
    Step.CLEANUP: "Cleanup",
    Step.GAME_OVER: "Game over",
}


@dataclass(frozen=True)
class DieView:
    id: str
    short: str  # the name on its owner's lines: SK3, 22sww#1, BA:34sww#1
    name: str
    card: str
    owner: str
    controller: str
    zone: str
    kind: str  # "character", "energy", "action" or "unrolled"
    face: str | None = None
    declared: bool = False  # the face was stated, the card data can't check it (R1.3)
    level: int = 0
    fielding: int | None = None
    fielding_cost: dict | None = None  # Stat.as_json(), with any reduction's source
    attack: dict | None = None  # Stat.as_json(): value, printed, parts, explanation
    defense: dict | None = None
    damage: int = 0
    blocking: str | None = None
    energy: tuple[str, ...] = ()
    generic: int = 0
    bursts: int = 0
    flags: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    held_by: str | None = None
    copy: dict | None = None
    partner: str | None = None  # the die it is paired up with (K-HEROIC)
    marks: frozenset[str] = frozenset()  # "changed", "involved", "differs"

    @property
    def is_sidekick(self) -> bool:
        return self.card == "Sidekick"

    @property
    def attack_modified(self) -> bool:
        return bool(self.attack and self.attack["parts"])

    @property
    def defense_modified(self) -> bool:
        return bool(self.defense and self.defense["parts"])

    @property
    def energy_text(self) -> str:
        if self.generic:
            return f"{self.generic} generic"
        return " + ".join(self.energy)

    def description(self) -> str:
        """One sentence for a screen reader and a tooltip: what the die is and shows."""
        parts = [f"{self.id} {self.name}"]
        if self.kind == "character":
            parts.append(f"level {self.level}")
            parts.append(f"A {self.attack['explanation']}")
            parts.append(f"D {self.defense['explanation']}")
        elif self.kind == "energy":
            parts.append(f"energy {self.energy_text}")
        elif self.kind == "action":
            parts.append("action" + (f" with {self.bursts} burst(s)" if self.bursts else ""))
        if self.declared:
            parts.append("face declared (the card data doesn't give this die's faces)")
        if self.damage:
            parts.append(f"{self.damage} damage")
        if self.blocking:
            parts.append(f"blocking {self.blocking}")
        if self.partner:
            parts.append(f"paired up with {self.partner}")
        if self.controller != self.owner:
            parts.append(f"{self.owner}'s die controlled by {self.controller}")
        if self.keywords:
            parts.append("keywords " + ", ".join(self.keywords))
        return "; ".join(parts)

    def as_json(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "card": self.card,
            "owner": self.owner,
            "controller": self.controller,
            "zone": ZONE_TITLES[Zone(self.zone)],
            "face": self.face,
            "declared": self.declared,
            "level": self.level or None,
            "fielding": self.fielding_cost,
            "attack": self.attack,
            "defense": self.defense,
            "damage": self.damage,
            "blocking": self.blocking,
            "flags": list(self.flags),
            "keywords": list(self.keywords),
            "held_by": self.held_by,
            "copy": self.copy,
            "partner": self.partner,
            "description": self.description(),
        }


@dataclass(frozen=True)
class ZoneView:
    key: str
    title: str
    dice: tuple[DieView, ...]


@dataclass(frozen=True)
class PlayerView:
    id: str
    name: str
    life: int
    starting_life: int
    virtual_energy: int
    energy: int  # symbols in the Reserve Pool (R6.2)
    energy_by_type: tuple[tuple[str, int], ...]
    is_active: bool
    has_priority: bool
    zones: tuple[ZoneView, ...]
    # (card name, key, dice still on the card, purchase cost explained: "4 = 6 printed -2 (...)")
    on_cards: tuple[tuple[str, str, int, str], ...]
    marks: frozenset[str] = frozenset()  # "life", "energy" when they differ

    @property
    def main_zones(self) -> tuple[ZoneView, ...]:
        """The Field and the Reserve Pool, drawn large."""
        return tuple(z for z in self.zones if z.key in (Zone.FIELD.value, Zone.RESERVE.value))

    @property
    def side_zones(self) -> tuple[ZoneView, ...]:
        """Prep, Out of Play, Used, the bag (and captured dice), drawn small beside them."""
        return tuple(z for z in self.zones if z.key not in (Zone.FIELD.value, Zone.RESERVE.value))


@dataclass(frozen=True)
class Engagement:
    """An attacker in the Attack Zone with the dice blocking it and the damage it assigned."""

    attacker: DieView
    blockers: tuple[DieView, ...]
    assigned: tuple[tuple[str, int], ...] = ()  # (blocker or player, amount)


@dataclass(frozen=True)
class BoardView:
    turn: int
    active: str
    step: str
    step_title: str
    priority: str | None
    waiting_for: str | None
    winner: str | None
    queue: tuple[str, ...]
    players: tuple[PlayerView, ...]
    combat: tuple[Engagement, ...]
    shared: tuple[tuple[str, str, int], ...]  # basic action dice not yet bought
    dice: dict[str, DieView] = field(default_factory=dict)

    def player(self, player_id: str) -> PlayerView:
        return next(p for p in self.players if p.id == player_id)

    def dice_json(self) -> dict[str, dict]:
        return {die_id: die.as_json() for die_id, die in self.dice.items()}

    @property
    def modified(self) -> tuple[DieView, ...]:
        """Character dice whose A or D is not the printed value, for the explanation list."""
        return tuple(d for d in self.dice.values() if d.attack_modified or d.defense_modified)


def die_view(
    state: GameState, cards: Mapping[str, CardDef], die: Die, marks=frozenset()
) -> DieView:
    face = die.face
    if face is None or die.zone not in (Zone.RESERVE, Zone.FIELD, Zone.ATTACK):
        kind = "unrolled"
    elif face.is_character:
        kind = "character"
    elif face.action:
        kind = "action"
    else:
        kind = "energy"
    data = query.die_view(state, cards, die) if kind == "character" else None
    card = query.card_of(cards, die)
    name = query.title(cards, die)
    if die.is_token:
        name = f"{(die.card or 'token:Token').removeprefix('token:')} (token)"
    return DieView(
        id=die.id,
        short=die.id.removeprefix(f"{die.owner}:"),
        name=name,
        card=card.name if card else ("Token" if die.is_token else "Sidekick"),
        owner=die.owner,
        controller=die.controller,
        zone=die.zone.value,
        kind=kind,
        face=face.notation() if face and kind != "unrolled" else None,
        declared=bool(face and face.declared) and kind != "unrolled",
        level=die.level if kind == "character" else 0,
        fielding=data["fielding"] if data else None,
        fielding_cost=query.fielding_cost(state, cards, die).as_json() if data else None,
        attack=data["attack"] if data else None,
        defense=data["defense"] if data else None,
        damage=die.damage,
        blocking=die.blocking,
        energy=face.energy if kind == "energy" else (),
        generic=face.generic if kind == "energy" else 0,
        bursts=face.bursts if kind == "action" else 0,
        flags=tuple(sorted(die.flags)),
        keywords=tuple(sorted(query.keywords(state, cards, die))) if kind == "character" else (),
        held_by=die.held_by,
        copy={"mode": die.copy.mode, "card": die.copy.card} if die.copy else None,
        partner=state.partner(die.id),
        marks=frozenset(marks),
    )


def board_view(
    state: GameState,
    cards: Mapping[str, CardDef],
    names: Mapping[str, str],
    *,
    marks: Mapping[str, Iterable[str]] | None = None,
) -> BoardView:
    """The whole board. `marks` maps a die ID (or 'P1'/'P2' for a player's totals) to marks
    the console highlights: 'changed' by this step, 'involved' in its action, 'differs' from
    the other branch."""
    marks = marks or {}
    views = {
        d.id: die_view(state, cards, d, marks.get(d.id, ()))
        for d in state.dice
        if d.zone != Zone.UNPURCHASED
    }
    players = tuple(_player_view(state, cards, p.id, names, views, marks) for p in state.players)
    combat = _combat(state, views)
    unbought = Counter(d.card for d in state.dice if d.owner == "BA" and d.zone == Zone.UNPURCHASED)
    shared = tuple((cards[key].name, key, n) for key, n in sorted(unbought.items()))
    return BoardView(
        turn=state.turn,
        active=state.active,
        step=state.step.value,
        step_title=STEP_TITLES.get(state.step, state.step.value),
        priority=state.priority,
        waiting_for=state.pending.text if state.pending else None,
        winner=state.winner,
        queue=tuple(entry.label or entry.ability for entry in state.queue),
        players=players,
        combat=combat,
        shared=shared,
        dice=views,
    )


def _player_view(state, cards, player_id, names, views, marks) -> PlayerView:
    player = state.player(player_id)
    mine = [views[d.id] for d in state.dice if d.controller == player_id and d.id in views]
    zones = tuple(
        ZoneView(zone.value, ZONE_TITLES[zone], tuple(d for d in mine if d.zone == zone.value))
        for zone in PLAYER_ZONES
    )
    captured = tuple(d for d in mine if d.zone == Zone.CAPTURED.value)
    if captured:
        zones += (ZoneView(Zone.CAPTURED.value, ZONE_TITLES[Zone.CAPTURED], captured),)
    symbols: Counter = Counter()
    for die in state.zone(player_id, Zone.RESERVE):
        if die.face is not None and die.face.is_energy:
            symbols.update(die.face.energy)
            if die.face.generic:
                symbols["generic"] += die.face.generic
    on_cards = Counter(
        d.card for d in state.dice if d.owner == player_id and d.zone == Zone.UNPURCHASED
    )
    return PlayerView(
        id=player_id,
        name=names.get(player_id, player_id),
        life=player.life,
        starting_life=state.starting_life,
        virtual_energy=player.virtual_energy,
        energy=sum(symbols.values()),
        energy_by_type=tuple(sorted(symbols.items())),
        is_active=state.active == player_id,
        has_priority=state.priority == player_id,
        zones=zones,
        on_cards=tuple(
            (cards[key].name, key, n, query.purchase_cost(state, cards, player_id, key).explain())
            for key, n in sorted(on_cards.items())
        ),
        marks=frozenset(marks.get(player_id, ())),
    )


def _combat(state: GameState, views: dict[str, DieView]) -> tuple[Engagement, ...]:
    in_attack = [d for d in state.dice if d.zone == Zone.ATTACK]
    assignments = state.combat.assignments if state.combat else ()
    engagements = []
    for attacker in in_attack:
        if attacker.blocking:
            continue
        blockers = tuple(views[d.id] for d in in_attack if d.blocking == attacker.id)
        assigned = tuple((target, n) for a, target, n in assignments if a == attacker.id)
        engagements.append(Engagement(views[attacker.id], blockers, assigned))
    # A blocker whose attacker left the Attack Zone still shows, on its own.
    attackers = {e.attacker.id for e in engagements}
    for die in in_attack:
        if die.blocking and die.blocking not in attackers:
            engagements.append(Engagement(views[die.id], ()))
    return tuple(engagements)


# -- what changed, what differs -----------------------------------------------------------
def changed_dice(before: GameState, after: GameState) -> set[str]:
    """Dice that moved, turned, took damage, changed hands or appeared in one step."""
    old = {d.id: d for d in before.dice}
    return {d.id for d in after.dice if old.get(d.id) != d}


def involved_dice(action, state: GameState) -> set[str]:
    """The dice an action names (a die, dice drawn or rolled, blockers, payments...)."""
    names: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, str):
            names.add(value.split("/", 1)[0])
        elif isinstance(value, tuple | list):
            for item in value:
                walk(item)
        elif hasattr(value, "__dataclass_fields__"):
            for name in value.__dataclass_fields__:
                walk(getattr(value, name))

    walk(action)
    return {name for name in names if state.die(name) is not None}


def _signature(state: GameState, cards, die: Die) -> tuple:
    stats = (None, None)
    if die.is_character:
        stats = (
            query.attack(state, cards, die).value,
            query.defense(state, cards, die).value,
        )
    face = die.face.notation() if die.face else None
    partner = state.partner(die.id)
    return (die.zone, face, die.damage, die.blocking, die.controller, die.held_by, partner, *stats)


@dataclass(frozen=True)
class Differences:
    dice: frozenset[str]
    players: dict[str, frozenset[str]]  # player -> {"life", "energy"}
    lines: tuple[str, ...]

    def marks(self) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {die: {"differs"} for die in self.dice}
        for player, what in self.players.items():
            if what:
                found[player] = set(what)
        return found


def differences(a: GameState, b: GameState, cards: Mapping[str, CardDef]) -> Differences:
    """What a judge must see between two branches' states: life and energy, turn and step,
    and each die whose zone, face, damage, pairing, controller, A or D differ."""
    lines: list[str] = []
    players: dict[str, frozenset[str]] = {}
    for left, right in zip(a.players, b.players, strict=True):
        what = set()
        if left.life != right.life:
            what.add("life")
            lines.append(f"{left.id} life {left.life} / {right.life}")
        energy = (_energy(a, left.id), left.virtual_energy)
        other = (_energy(b, right.id), right.virtual_energy)
        if energy != other:
            what.add("energy")
            lines.append(
                f"{left.id} energy {energy[0]}+{energy[1]} virtual / {other[0]}+{other[1]} virtual"
            )
        players[left.id] = frozenset(what)
    if (a.turn, a.active, a.step) != (b.turn, b.active, b.step):
        lines.append(
            f"turn {a.turn} {a.active} {STEP_TITLES[a.step]} / "
            f"turn {b.turn} {b.active} {STEP_TITLES[b.step]}"
        )
    if a.winner != b.winner:
        lines.append(f"winner {a.winner or 'none'} / {b.winner or 'none'}")
    dice = set()
    right_dice = {d.id: d for d in b.dice}
    for die in a.dice:
        other = right_dice.pop(die.id, None)
        if other is None:
            dice.add(die.id)
            lines.append(f"{die.id} only on the left")
            continue
        left_sig, right_sig = _signature(a, cards, die), _signature(b, cards, other)
        if left_sig != right_sig:
            dice.add(die.id)
            lines.append(f"{die.id}: {_describe(left_sig)} / {_describe(right_sig)}")
    for die_id in right_dice:
        dice.add(die_id)
        lines.append(f"{die_id} only on the right")
    return Differences(frozenset(dice), players, tuple(lines))


def _energy(state: GameState, player: str) -> int:
    return sum(
        d.face.symbols for d in state.zone(player, Zone.RESERVE) if d.face and d.face.is_energy
    )


def _describe(signature: tuple) -> str:
    zone, face, damage, blocking, controller, held_by, partner, attack, defense = signature
    text = ZONE_TITLES[zone] + (f" {face}" if face else "")
    if attack is not None:
        text += f" A{attack}/D{defense}"
    if damage:
        text += f", {damage} damage"
    if blocking:
        text += f", blocking {blocking}"
    if held_by:
        text += f", held by {held_by}"
    if partner:
        text += f", paired with {partner}"
    return text + f" ({controller}'s)"
