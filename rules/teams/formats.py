"""Team formats as data (R2, T4), serialisable to the plain dicts the Django layer stores."""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

DRAFT_LIMITS = range(8, 21)


@dataclass(frozen=True, slots=True)
class DoublesLimits:
    """What each player of a Doubles pair brings (R2.5, T4.5)."""

    cards_per_partner: int = 4
    basic_actions_per_partner: int = 1


@dataclass(frozen=True, slots=True)
class Format:
    """The team-building limits of one format.

    `rule` is the digest rule that states the card, dice and basic-action limits; violations of
    those limits cite it. None for `max_cards`, `max_dice` or `legal_sets` means no limit.
    Set codes and banned card keys are Team Builder codes, stored lowercase.
    """

    code: str
    name: str
    starting_life: int
    max_cards: int | None
    max_dice: int | None
    basic_actions_required: int = 2
    rule: str = "R2.1"
    doubles: DoublesLimits | None = None
    legal_sets: frozenset[str] | None = None
    banned: frozenset[str] = field(default_factory=frozenset)
    one_card_per_set: bool = False

    def __post_init__(self) -> None:
        if self.legal_sets is not None:
            object.__setattr__(self, "legal_sets", _lowercase_set(self.legal_sets))
        object.__setattr__(self, "banned", _lowercase_set(self.banned))

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "starting_life": self.starting_life,
            "max_cards": self.max_cards,
            "max_dice": self.max_dice,
            "basic_actions_required": self.basic_actions_required,
            "rule": self.rule,
            "doubles": None
            if self.doubles is None
            else {
                "cards_per_partner": self.doubles.cards_per_partner,
                "basic_actions_per_partner": self.doubles.basic_actions_per_partner,
            },
            "legal_sets": None if self.legal_sets is None else sorted(self.legal_sets),
            "banned": sorted(self.banned),
            "one_card_per_set": self.one_card_per_set,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Format":
        unknown = sorted(set(data) - _FIELD_NAMES)
        if unknown:
            raise ValueError(f"Unknown format field(s): {', '.join(unknown)}.")
        missing = sorted(_REQUIRED_FIELDS - set(data))
        if missing:
            raise ValueError(f"Missing format field(s): {', '.join(missing)}.")
        doubles = data.get("doubles")
        legal_sets = data.get("legal_sets")
        return cls(
            code=_expect(data, "code", str),
            name=_expect(data, "name", str),
            starting_life=_expect(data, "starting_life", int),
            max_cards=_expect_optional_int(data, "max_cards"),
            max_dice=_expect_optional_int(data, "max_dice"),
            basic_actions_required=_expect(data, "basic_actions_required", int, default=2),
            rule=_expect(data, "rule", str, default="R2.1"),
            doubles=None if doubles is None else _doubles_from_dict(doubles),
            legal_sets=None if legal_sets is None else _string_set(legal_sets, "legal_sets"),
            banned=_string_set(data.get("banned", []), "banned"),
            one_card_per_set=_expect(data, "one_card_per_set", bool, default=False),
        )


_FIELD_NAMES = frozenset(Format.__dataclass_fields__)
_REQUIRED_FIELDS = frozenset({"code", "name", "starting_life", "max_cards", "max_dice"})


def _lowercase_set(values: Iterable[str]) -> frozenset[str]:
    return frozenset(value.strip().lower() for value in values)


def _expect(data: Mapping[str, Any], key: str, kind: type, default: Any = None) -> Any:
    value = data.get(key, default)
    # bool is an int subclass; a life total of True is a data error, not 1.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"Format field {key!r} must be {kind.__name__}, not {value!r}.")
    return value


def _expect_optional_int(data: Mapping[str, Any], key: str) -> int | None:
    return None if data.get(key) is None else _expect(data, key, int)


def _string_set(values: Any, key: str) -> frozenset[str]:
    if isinstance(values, str) or not isinstance(values, list | tuple | set | frozenset):
        raise ValueError(f"Format field {key!r} must be a list of strings, not {values!r}.")
    if not all(isinstance(value, str) for value in values):
        raise ValueError(f"Format field {key!r} must hold only strings.")
    return _lowercase_set(values)


def _doubles_from_dict(data: Any) -> DoublesLimits:
    if not isinstance(data, Mapping):
        raise ValueError(f"Format field 'doubles' must be an object or null, not {data!r}.")
    unknown = sorted(set(data) - set(DoublesLimits.__dataclass_fields__))
    if unknown:
        raise ValueError(f"Unknown doubles field(s): {', '.join(unknown)}.")
    return DoublesLimits(
        cards_per_partner=_expect(data, "cards_per_partner", int, default=4),
        basic_actions_per_partner=_expect(data, "basic_actions_per_partner", int, default=1),
    )


TOURNAMENT = Format(
    code="tournament", name="Tournament", starting_life=20, max_cards=8, max_dice=20, rule="R2.1"
)

BASIC = Format(code="basic", name="Basic", starting_life=15, max_cards=6, max_dice=15, rule="R2.3")

DOUBLES = Format(
    code="doubles",
    name="Doubles",
    starting_life=30,
    max_cards=8,
    max_dice=None,
    rule="R2.5",
    doubles=DoublesLimits(cards_per_partner=4, basic_actions_per_partner=1),
)


def draft(dice_limit: int) -> Format:
    """Draft with a force limit of N dice and N life (R2.4).

    The draft rules cap only dice. There is no card cap: every card brought needs at least one
    die, so N dice already means at most N cards. The basic actions of a draft are three or four
    cards drawn at random for the whole table, not part of a player's team, so a draft team lists
    none.
    """
    if dice_limit not in DRAFT_LIMITS:
        raise ValueError(f"A draft limit must be between 8 and 20, not {dice_limit}.")
    return Format(
        code=f"draft-{dice_limit}",
        name=f"Draft ({dice_limit} dice)",
        starting_life=dice_limit,
        max_cards=None,
        max_dice=dice_limit,
        basic_actions_required=0,
        rule="R2.4",
    )


def rotation(
    code: str,
    name: str,
    legal_sets: Iterable[str] | None = None,
    banned: Iterable[str] = (),
    base: Format = TOURNAMENT,
    one_card_per_set: bool = False,
) -> Format:
    """An organiser's rotation (T4.6): `base`'s limits, only `legal_sets`, minus `banned` cards.

    None for `legal_sets` keeps the base's sets (all sets for the built-ins). The ban list adds
    to the base's.
    """
    return replace(
        base,
        code=code,
        name=name,
        legal_sets=base.legal_sets if legal_sets is None else frozenset(legal_sets),
        banned=base.banned | frozenset(banned),
        one_card_per_set=one_card_per_set,
    )


TEN_TEN = rotation("ten-ten", "10/10", one_card_per_set=True)

BUILT_IN_FORMATS: dict[str, Format] = {
    fmt.code: fmt for fmt in (TOURNAMENT, BASIC, DOUBLES, TEN_TEN, *map(draft, DRAFT_LIMITS))
}
