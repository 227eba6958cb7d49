"""Die faces and the engine's view of a card (R1.3-R1.5)."""

from dataclasses import dataclass

ENERGY_TYPES = ("fist", "bolt", "mask", "shield")


@dataclass(frozen=True, slots=True)
class Face:
    """What a rolled die shows.

    Energy: `energy` holds the symbols ("mask", "mask" for a double; "wild"), or `generic` N.
    Character: `level` with fielding cost, attack, defense and bursts. Action: `action` set.
    """

    energy: tuple[str, ...] = ()
    generic: int = 0
    level: int = 0
    fielding: int = 0
    attack: int = 0
    defense: int = 0
    bursts: int = 0
    action: bool = False

    @property
    def is_energy(self) -> bool:
        return bool(self.energy) or self.generic > 0

    @property
    def is_character(self) -> bool:
        return self.level > 0

    @property
    def symbols(self) -> int:
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
class CardDef:
    """A card as the engine needs it. `levels` are the character faces, level 1 first; energy
    faces of character dice are not in the card data, so rolls may name any energy of the
    card's own types (or wild) for them."""

    key: str
    name: str
    kind: str  # "character", "action" or "basic_action"
    cost: int
    energy: tuple[str, ...] = ()
    levels: tuple[Face, ...] = ()

    def can_show(self, face: Face) -> bool:
        if face.is_character:
            return face in self.levels
        if face.action:
            return self.kind != "character"
        allowed = set(self.energy) | {"wild"}
        return face.generic > 0 or set(face.energy) <= allowed


def parse_face(text: str, card: CardDef | None) -> Face:
    """ "fist", "mask2", "bolt+fist", "wild", "generic2", "L2", "action*"; ValueError if not."""
    text = text.strip().lower()
    if text.startswith("l") and text[1:].isdigit():
        level = int(text[1:])
        levels = SIDEKICK_FACES[5:] if card is None else card.levels
        match = next((f for f in levels if f.level == level), None)
        if match is None:
            raise ValueError(f"this die has no level {level} face")
        return match
    if text.startswith("action"):
        return Face(action=True, bursts=text.count("*"))
    if text.startswith("generic") and text[7:].isdigit():
        return Face(generic=int(text[7:]))
    if text.endswith("2") and text[:-1] in (*ENERGY_TYPES, "wild"):
        return Face(energy=(text[:-1], text[:-1]))
    parts = tuple(text.split("+"))
    if parts and all(p in (*ENERGY_TYPES, "wild") for p in parts) and len(parts) <= 2:
        return Face(energy=parts)
    raise ValueError(f"{text!r} is not a face (try fist, mask2, bolt+fist, wild, generic2, L1)")
