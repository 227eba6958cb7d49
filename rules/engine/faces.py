"""Die faces, energy costs and the engine's view of a card (R1.3-R1.7, R6, R7)."""

import re
from dataclasses import dataclass, field
from dataclasses import replace as _replace
from typing import Any

ENERGY_TYPES = ("fist", "bolt", "mask", "shield")
SYMBOLS = (*ENERGY_TYPES, "wild")


@dataclass(frozen=True, slots=True)
class Face:
    """What a rolled die shows.

    Energy: `energy` holds the symbols ("mask", "mask" for a double; "wild"), or `generic` N.
    Character: `level` with fielding cost, attack, defense and bursts. Action: `action` set.
    `declared`: the die's printed faces are not in the card data, so this face is the one the
    log or the judge stated, checked only against what is known (R1.3); it is not part of the
    face's identity (a declared action* equals action*).
    """

    energy: tuple[str, ...] = ()
    generic: int = 0
    level: int = 0
    fielding: int = 0
    attack: int = 0
    defense: int = 0
    bursts: int = 0
    action: bool = False
    declared: bool = field(default=False, compare=False)

    @property
    def is_energy(self) -> bool:
        return bool(self.energy) or self.generic > 0

    @property
    def is_character(self) -> bool:
        return self.level > 0

    @property
    def symbols(self) -> int:
        """Energy counted in symbols, not dice (R6.2)."""
        return len(self.energy) + self.generic

    def notation(self) -> str:
        if self.is_character:
            return f"L{self.level}"
        if self.action:
            return "action" + "*" * self.bursts
        if self.generic:
            return f"generic{self.generic}"
        if len(self.energy) == 2 and self.energy[0] == self.energy[1]:
            return f"{self.energy[0]}2"
        return "+".join(self.energy)

    def described(self) -> str:
        """The notation, marked when the face was declared rather than checked."""
        return self.notation() + (" (declared)" if self.declared else "")

    def __repr__(self) -> str:
        return f"Face({self.described()!r})"


SIDEKICK_LEVEL = Face(level=1, fielding=0, attack=1, defense=1)
# R1.5: the four energy types and wild, plus one level-1 character face.
SIDEKICK_FACES = (
    Face(energy=("fist",)),
    Face(energy=("bolt",)),
    Face(energy=("mask",)),
    Face(energy=("shield",)),
    Face(energy=("wild",)),
    SIDEKICK_LEVEL,
)


@dataclass(frozen=True, slots=True)
class EnergyCost:
    """An energy cost: `amount` energy in all, among which one symbol of each entry of
    `types` (a wild stands in for one). A purchase needs each of the card's types once (R7.2);
    a global costing [B][B] needs two bolts."""

    amount: int
    types: tuple[str, ...] = ()

    def notation(self) -> str:
        letters = "".join(f"[{t[0].upper()}]" for t in self.types)
        extra = self.amount - len(self.types)
        return (letters + (str(extra) if extra else "")) or "0"


_COST_TOKEN = re.compile(r"\[(\d*)([FBMS]*)\]|(\d+)")
_LETTER = {"F": "fist", "B": "bolt", "M": "mask", "S": "shield"}


def parse_cost(text: str) -> EnergyCost:
    """'[B][B]' or '[BB]' -> two bolts; '[S]2' or '[2][S]' -> a shield and 2 more; '[2F]' -> two
    fists; '[0]' -> nothing; ValueError if not a cost."""
    types, generic, position = [], 0, 0
    text = text.replace(" ", "")
    for match in _COST_TOKEN.finditer(text):
        if match.start() != position:
            break
        position = match.end()
        count, letter, plain = match.groups()
        if plain is not None:
            generic += int(plain)
        elif letter:
            for one in letter:
                types += [_LETTER[one]] * int(count or 1)
        elif count:
            generic += int(count)
        else:
            position = -1
            break
    if position != len(text) or not text:
        raise ValueError(f"{text!r} is not an energy cost (write it like [B][B] or [S]2)")
    return EnergyCost(len(types) + generic, tuple(types))


@dataclass(frozen=True, slots=True)
class GlobalDef:
    """A card's 'Global:' ability as the engine needs it: its cost and our short text. Its
    effect is automated when the card carries an Ability with the same `name`; otherwise the
    engine takes the payment and the effect is entered as judge adjustments."""

    name: str
    cost: EnergyCost
    text: str = ""


# Printed keywords the engine implements as plugins (rules/engine/keywords/), by the spelling
# card data uses.
KEYWORD_NAMES = {
    "ally": "ally",
    "continuous": "continuous",
    "fast": "fast",
    "iron will": "iron_will",
    "overcrush": "overcrush",
    "suit up": "suit_up",
}


def keyword_id(name: str) -> str:
    return KEYWORD_NAMES.get(name.strip().lower(), name.strip().lower().replace(" ", "_"))


@dataclass(frozen=True)
class CardDef:
    """A card as the engine needs it.

    `levels` are the character faces, level 1 first; energy faces of character dice are not in
    the card data, so rolls may name any energy of the card's own types (or wild) for them.
    `unplaced`: the card data can't tell whether the card is a character or an action (no die
    stats, no other evidence); it counts as a character, but its die's faces, like a non-basic
    action die's, are in no card source: `faces_known` is False and its faces are declared
    (see `can_show`).
    `title` is the name without subtitle (names are what Suit Up and R13.8 compare).
    `abilities` are automated abilities (`rules.engine.abilities.Ability`), filled by the card
    abilities layer; a card without them is played with judge adjustments.
    """

    key: str
    name: str
    kind: str  # "character", "action" or "basic_action"
    cost: int
    energy: tuple[str, ...] = ()
    levels: tuple[Face, ...] = ()
    title: str = ""
    affiliations: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    suit_up: tuple[str, ...] = ()  # the names Suit Up may KO (K-SUITUP)
    globals: tuple[GlobalDef, ...] = ()
    abilities: tuple[Any, ...] = field(default=(), compare=False)
    unplaced: bool = False

    @property
    def display_title(self) -> str:
        return self.title or self.name.split(":", 1)[0].strip()

    @property
    def max_level(self) -> int:
        return len(self.levels)

    def level(self, number: int) -> Face | None:
        return self.levels[number - 1] if 0 < number <= len(self.levels) else None

    @property
    def faces_known(self) -> bool:
        """False when no card source lists the die's faces: a non-basic action die, or the die
        of a card the data can't place. Its faces are declared, never read from the card."""
        return self.kind != "action" and not self.unplaced

    def can_show(self, face: Face) -> bool:
        if face.is_character:
            return face in self.levels
        if not self.faces_known:
            # What is known (R1.3): action faces carry 0-2 bursts and no numbers; energy faces
            # are of the card's own type(s).
            if face.action:
                return 0 <= face.bursts <= 2
            return face.generic == 0 and bool(face.energy) and set(face.energy) <= set(self.energy)
        if face.action:
            return self.kind != "character"
        allowed = set(self.energy) | {"wild"}
        return face.generic > 0 or set(face.energy) <= allowed

    def as_shown(self, face: Face) -> Face:
        """`face` as this card's die shows it: marked declared when the card data can't
        check it."""
        return face if self.faces_known else _replace(face, declared=True)

    def face_hint(self) -> str:
        """What a die of this card may show, for a refused face."""
        if self.faces_known:
            return ""
        energy = "/".join(self.energy) or "none"
        unplaced = (
            " (nor whether it is a character: a character face can't be placed without its numbers)"
            if self.unplaced
            else ""
        )
        return (
            f"The card data doesn't give {self.name}'s die faces{unplaced}: state an action "
            f"face (action, action* or action**) or an energy face of its type ({energy}); "
            "it is recorded as declared."
        )


def parse_face(text: str, card: CardDef | None) -> Face:
    """'fist', 'mask2', 'bolt+fist', 'wild', 'generic2', 'L2', 'action*'; ValueError if not.

    `card` is the die's card (None for a sidekick): it gives the numbers of a level face. A
    card without character faces gets a level face without numbers, for the engine to refuse
    with its rule (R1.3).
    """
    text = text.strip().lower()
    if text.startswith("l") and text[1:].isdecimal():
        level = int(text[1:])
        levels = SIDEKICK_FACES[5:] if card is None else card.levels
        match = next((f for f in levels if f.level == level), None)
        if match is None and card is not None and not card.levels and level > 0:
            return Face(level=level)
        if match is None:
            raise ValueError(f"this die has no level {level} face")
        return match
    if text.startswith("action") and set(text[6:]) <= {"*"} and len(text) <= 8:
        return Face(action=True, bursts=len(text) - 6)
    if text.startswith("generic") and text[7:].isdecimal() and int(text[7:]) > 0:
        return Face(generic=int(text[7:]))
    if text.endswith("2") and text[:-1] in SYMBOLS:
        return Face(energy=(text[:-1], text[:-1]))
    parts = tuple(text.split("+"))
    if parts and all(p in SYMBOLS for p in parts) and len(parts) <= 2:
        return Face(energy=parts)
    raise ValueError(
        f"{text!r} is not a face (expected fist, bolt, mask, shield, wild, a double like "
        "mask2 or bolt+fist, generic2, a level like L1, or action*)"
    )


def possible_faces(card: CardDef | None) -> tuple[Face, ...]:
    """Every face a die of `card` (None: a sidekick) could show, for a board editor to offer:
    a sidekick's six (R1.5); a character die's levels, then energy of its card's types (one,
    two of a kind, two types) or wild, since the card data doesn't list those faces (R1.3);
    a basic action die's action faces with their bursts and its energy (generic or wild); a die
    whose faces the card data doesn't give (a non-basic action die, a card it can't place),
    the faces that may be declared for it: action faces and energy of its card's types."""
    if card is None:
        return SIDEKICK_FACES
    types = card.energy
    energy = [Face(energy=(t,)) for t in types] + [Face(energy=(t, t)) for t in types]
    energy += [Face(energy=(a, b)) for i, a in enumerate(types) for b in types[i + 1 :]]
    actions = tuple(Face(action=True, bursts=n) for n in range(3))
    if not card.faces_known:
        return tuple(card.as_shown(face) for face in (*actions, *energy))
    if card.kind == "character":
        return (*card.levels, *energy, Face(energy=("wild",)))
    energy = tuple(Face(energy=(t,)) for t in card.energy)
    return (*actions, *energy, Face(generic=1), Face(generic=2), Face(energy=("wild",)))


_GLOBAL_COST = re.compile(
    r"(?:\b(?:pay|use)\s+|^global\s*)((?:\s*(?:\[\d*[FBMS]*\]|\d+))+)", re.IGNORECASE
)


def global_defs(lines) -> tuple[GlobalDef, ...]:
    """The globals of a card's 'Global:' lines, with the cost of each ('Pay [B][B] ...');
    a line whose cost can't be read costs nothing to the engine (entered by the judge)."""
    found = []
    for number, line in enumerate(lines, start=1):
        text = re.sub(r"<[^>]+>", "", line).strip()
        match = _GLOBAL_COST.search(text)
        cost = EnergyCost(0)
        if match:
            try:
                cost = parse_cost(match.group(1))
            except ValueError:
                cost = EnergyCost(0)
        name = "global" if number == 1 else f"global{number}"
        found.append(GlobalDef(name, cost, text))
    return tuple(found)


def build_card(
    *,
    key: str,
    name: str,
    subtitle: str = "",
    kind: str,
    cost: int | None,
    energy=(),
    faces=(),
    affiliations=(),
    keywords=(),
    global_lines=(),
) -> CardDef:
    """A CardDef from catalogue data (the Team Builder layout): `faces` are mappings or
    objects with level, fielding, attack, defense and bursts; `kind` 'character_or_action'
    counts as a character, `unplaced` when it has no faces either."""

    def get(face, name):
        return face[name] if isinstance(face, dict) else getattr(face, name)

    levels = tuple(
        Face(
            level=get(f, "level"),
            fielding=get(f, "fielding"),
            attack=get(f, "attack"),
            defense=get(f, "defense"),
            bursts=get(f, "bursts"),
        )
        for f in faces
    )
    return CardDef(
        key=key,
        name=f"{name}: {subtitle}" if subtitle else name,
        kind="character" if kind == "character_or_action" else kind,
        cost=cost or 0,
        energy=tuple(energy),
        levels=levels,
        title=name,
        affiliations=tuple(a.lower() for a in affiliations),
        keywords=tuple(keyword_id(k) for k in keywords),
        globals=global_defs(global_lines),
        unplaced=kind == "character_or_action" and not levels,
    )
