"""Reader for the Team Builder JSON layout: `{meta, sets[], format_lists{}, cards[]}`.

Required card fields: `tb_code`, `set`, `number`, `name`, `type`, `rarity`. Every other field
the reader uses is optional; when it is absent (or null) the record leaves it out of
`provided`. `meta`, `raw` and fields not listed below are ignored.

Decisions:
- `die_key` comes from the `die_id` groups, not from the numbers themselves (which are internal
  to one export): a die is named after the first main-set card using it, as
  `<set group>:<title>` (`name_key` when the Team Builder tells same-named dice apart, e.g.
  "Splinter@A" gives "tmnt:splinter-a"). OP card 3uxmop, printed for the AvX Beast die, gets
  "avx:beast" like 1avx. A die used by no main-set card is named after the first card's own
  set ("dc2017:robin"). Should two dice still get one name, later ones (in file order) take
  "#2", "#3".
- A basic action card's subtitle "Basic Action Card" is a type label, not a subtitle: it becomes
  "", as in the XDM tables.
- `stats_source` becomes `stats_trust`; `faces` and `stats_trust` are provided together.
- A `character_or_action` card (the export's type for a card without die stats) whose ability
  text opens a line with the printed keyword "Continuous:" is an action card: only action dice
  are continuous (R9.3). It is read as `action` with no character faces (R1.3); no source
  gives an action die's faces, so they stay unknown (the engine takes declared ones). Other
  `character_or_action` cards stay so: nothing in the export tells them apart.
- `energy_faces` (not in the Team Builder export, which has none; a file that knows them may
  add it): a list of `{"symbols": [...]}` (one or two of fist/bolt/mask/shield/wild) or
  `{"generic": N}` faces, each with an optional `"bursts"` of 0-2.
"""

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from rules.catalogue.errors import ErrorCollector
from rules.catalogue.records import (
    CARD_KINDS,
    ENERGY_SYMBOLS,
    ENERGY_TYPES,
    IDENTITY_FIELDS,
    RARITIES,
    CardRecord,
    CatalogueFile,
    EnergyFaceRecord,
    FaceRecord,
    SetRecord,
    card_key,
    die_key,
)
from rules.catalogue.source_text import read_source_text

FORMAT = "tdc_json"

# Team Builder format-list letters: (our code, what the list holds).
FORMAT_LIST_NAMES = {
    "G": ("golden", "Golden Age bans"),
    "M": ("modern", "Modern Age: sets and cards not legal"),
    "P": ("global_escalation", "Global Escalation bans"),
    "K": ("silver_age", "Silver Age exclusions"),
    "N": ("dice_fight_legacy", "Dice Fight Legacy exclusions"),
    "T": ("two_team_takedown", "Two Team Takedown exclusions"),
}

BASIC_ACTION_TYPE_LABELS = frozenset({"basic action card", "basic action"})
MAX_STAT = 99
MAX_LEVELS = 6
MAX_DIE_FACES = 6
MAX_GENERIC = 9

_CARD_ENTRY = re.compile(r"\d+[a-z][a-z0-9]*")
_CONTINUOUS = re.compile(r"\s*(?:<[^>]+>\s*)*continuous\s*:", re.IGNORECASE)
_MISSING = object()


def read_tdc_json(path: str | os.PathLike[str]) -> CatalogueFile:
    name = os.fspath(path)
    return parse_tdc_json(read_source_text(name), name)


def parse_tdc_json(text: str, path: str = "<text>") -> CatalogueFile:
    problems = ErrorCollector(path)
    if not text.strip():
        raise problems.fatal("the file is empty")
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise problems.fatal(
            f"invalid JSON: {error.msg}", line=error.lineno, column=error.colno
        ) from error
    except (ValueError, RecursionError) as error:
        raise problems.fatal(f"invalid JSON: {error}") from error
    if not isinstance(document, dict) or "cards" not in document:
        raise problems.fatal("expected a JSON object with a 'cards' list (Team Builder layout)")
    raw_cards = document["cards"]
    if not isinstance(raw_cards, list):
        raise problems.fatal(f"'cards' must be a list, got {_shown(raw_cards)}")
    if not raw_cards:
        raise problems.fatal("the file has no cards")

    sets = _read_sets(document.get("sets", _MISSING), problems)
    cards = [_read_card(position, raw, sets, problems) for position, raw in enumerate(raw_cards, 1)]
    read = [card for card in cards if card is not None]
    _check_unique_keys(read, problems)
    if sets is None:
        sets = _sets_from_cards(read)
    format_lists = _read_format_lists(document.get("format_lists"), sets, problems)
    problems.raise_if_any()
    return CatalogueFile(
        path=path,
        format=FORMAT,
        sets=tuple(sets.values()),
        cards=_with_die_keys(read),
        format_lists=format_lists,
    )


@dataclass(slots=True)
class _ReadCard:
    position: int
    values: dict[str, Any]
    provided: set[str]
    set_group: str
    set_name: str
    universe: str
    die_id: int | None
    die_name: str


class _CardFields:
    """Typed access to one card object; every problem goes to the file's collector."""

    def __init__(self, raw: dict[str, Any], position: int, problems: ErrorCollector) -> None:
        self.raw = raw
        self.problems = problems
        code = raw.get("tb_code")
        self.record: int | str = code if isinstance(code, str) and code else position
        name = raw.get("name")
        self.label = name if isinstance(name, str) else ""
        self.ok = True

    def error(self, field: str, message: str) -> None:
        self.ok = False
        self.problems.add(message, record=self.record, field=field, label=self.label, unit="card")

    def value(self, field: str, required: bool = False) -> Any:
        """The field's value; `_MISSING` when it is absent or null (a problem if required)."""
        value = self.raw.get(field)
        if value is None:
            if required:
                self.error(field, "this field is required")
            return _MISSING
        return value

    def text(self, field: str, required: bool = False) -> str | None:
        value = self.value(field, required)
        if value is _MISSING:
            return None
        if not isinstance(value, str):
            self.error(field, f"expected text, got {_shown(value)}")
            return None
        return value

    def whole(
        self, field: str, low: int, high: int | None = None, required: bool = False
    ) -> int | None:
        value = self.value(field, required)
        if value is _MISSING:
            return None
        return _checked_whole(value, low, high, partial(self.error, field))

    def text_list(self, field: str) -> tuple[str, ...] | None:
        value = self.value(field)
        if value is _MISSING:
            return None
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            self.error(field, f"expected a list of text, got {_shown(value)}")
            return None
        return tuple(value)


def _read_card(
    position: int, raw: Any, sets: dict[str, SetRecord] | None, problems: ErrorCollector
) -> _ReadCard | None:
    if not isinstance(raw, dict):
        problems.add(f"expected a card object, got {_shown(raw)}", record=position, unit="card")
        return None
    card = _CardFields(raw, position, problems)
    values: dict[str, Any] = {}
    provided = set(IDENTITY_FIELDS)

    code = card.text("tb_code", required=True)
    set_code = card.text("set", required=True)
    number = card.whole("number", 1, required=True)
    name = card.text("name", required=True)
    if name is not None and not name.strip():
        card.error("name", "the name is empty")
    kind = card.text("type", required=True)
    if kind is not None and kind not in CARD_KINDS:
        card.error(
            "type", f"unknown card type {_shown(kind)}; expected one of {_listed(CARD_KINDS)}"
        )
    rarity = card.text("rarity", required=True)
    if rarity is not None and rarity not in RARITIES:
        card.error(
            "rarity", f"unknown rarity {_shown(rarity)}; expected one of {_listed(RARITIES)}"
        )
    values["rarity"] = rarity
    provided.update({"kind", "rarity"})

    set_group, set_name, universe = _card_set(card, set_code, sets)
    if code is not None and set_code is not None and number is not None:
        expected = card_key(number, set_code)
        if code.lower() != expected:
            card.error(
                "tb_code", f"{_shown(code)} does not match number {number} and set {set_code!r}"
            )
    values.update(key=(code or "").lower(), set_code=(set_code or "").lower(), number=number)
    values.update(name=name, kind=kind)

    subtitle = card.text("subtitle")
    if subtitle is not None:
        if kind == "basic_action" and subtitle.strip().lower() in BASIC_ACTION_TYPE_LABELS:
            subtitle = ""
        values["subtitle"] = subtitle
        provided.add("subtitle")
    for field in ("cost", "max_dice"):
        amount = card.whole(field, 0)
        if amount is not None:
            values[field] = amount
            provided.add(field)
    energy = _read_energy(card)
    if energy is not None:
        values["energy"] = energy
        provided.add("energy")
    for field in ("affiliations", "ability_lines", "global_lines", "keywords"):
        lines = card.text_list(field)
        if lines is not None:
            values[field] = lines
            provided.add(field)

    if kind == "character_or_action" and _is_continuous(values.get("ability_lines", ())):
        values["kind"] = kind = "action"
    faces = _read_faces(card)
    if faces is None and kind in ("basic_action", "action") and card.raw.get("levels") is None:
        faces = ()
    if faces is not None:
        trust = card.text("stats_source")
        values.update(faces=faces, stats_trust=trust or "")
        provided.update({"faces", "stats_trust"})

    energy_faces = _read_energy_faces(card)
    if energy_faces is not None:
        values["energy_faces"] = energy_faces
        provided.add("energy_faces")

    die_id = card.whole("die_id", 0)
    if "die_id" in card.raw:
        provided.add("die_key")
    die_name = card.text("name_key") or name or ""

    if not card.ok:
        return None
    return _ReadCard(
        position=position,
        values=values,
        provided=provided,
        set_group=set_group,
        set_name=set_name,
        universe=universe,
        die_id=die_id,
        die_name=die_name,
    )


def _is_continuous(ability_lines: tuple[str, ...]) -> bool:
    return any(_CONTINUOUS.match(line) for line in ability_lines)


def _card_set(
    card: _CardFields, set_code: str | None, sets: dict[str, SetRecord] | None
) -> tuple[str, str, str]:
    """The card's set group, set name and universe, checked against the sets list."""
    group = card.text("set_group")
    set_name = card.text("set_name")
    universe = card.text("universe")
    if set_code is None:
        return "", "", ""
    known = sets.get(set_code.lower()) if sets is not None else None
    if sets is not None and known is None:
        card.error("set", f"set {set_code!r} is not in the file's sets list")
        return "", "", ""
    if known is not None:
        if group is not None and group.lower() != known.group:
            card.error(
                "set_group", f"{group!r} disagrees with the sets list, which says {known.group!r}"
            )
        return known.group, known.name, known.universe
    return (group or set_code).lower(), set_name or set_code, universe or ""


def _read_energy(card: _CardFields) -> tuple[str, ...] | None:
    energy = card.text_list("energy")
    if energy is None:
        return None
    unknown = [item for item in energy if item not in ENERGY_TYPES]
    if unknown:
        card.error(
            "energy",
            f"unknown energy type {_shown(unknown[0])}; expected {_listed(ENERGY_TYPES)}",
        )
        return None
    if len(set(energy)) != len(energy):
        card.error("energy", f"an energy type is listed twice: {_shown(list(energy))}")
        return None
    return energy


def _read_faces(card: _CardFields) -> tuple[FaceRecord, ...] | None:
    levels = card.value("levels")
    if levels is _MISSING:
        return None
    if not isinstance(levels, list) or len(levels) > MAX_LEVELS:
        card.error("levels", f"expected a list of up to {MAX_LEVELS} faces, got {_shown(levels)}")
        return None
    faces = []
    for position, level in enumerate(levels, 1):
        where = f"levels[{position}]"
        if not isinstance(level, dict):
            card.error(where, f"expected a face object, got {_shown(level)}")
            return None
        stats = {}
        for stat, high in (
            ("level", MAX_LEVELS),
            ("fielding", MAX_STAT),
            ("attack", MAX_STAT),
            ("defense", MAX_STAT),
            ("burst", 2),
        ):
            value = level.get(stat, _MISSING)
            if value is _MISSING:
                card.error(f"{where}.{stat}", "this field is required")
                return None
            checked = _checked_whole(value, 0, high, partial(card.error, f"{where}.{stat}"))
            if checked is None:
                return None
            stats[stat] = checked
        if stats["level"] != position:
            card.error(f"{where}.level", f"expected level {position}, got {stats['level']}")
            return None
        faces.append(
            FaceRecord(
                level=stats["level"],
                fielding=stats["fielding"],
                attack=stats["attack"],
                defense=stats["defense"],
                bursts=stats["burst"],
            )
        )
    return tuple(faces)


def _read_energy_faces(card: _CardFields) -> tuple[EnergyFaceRecord, ...] | None:
    raw = card.value("energy_faces")
    if raw is _MISSING:
        return None
    if not isinstance(raw, list) or len(raw) > MAX_DIE_FACES:
        card.error(
            "energy_faces", f"expected a list of up to {MAX_DIE_FACES} faces, got {_shown(raw)}"
        )
        return None
    faces = []
    for position, face in enumerate(raw, 1):
        where = f"energy_faces[{position}]"
        if not isinstance(face, dict) or set(face) - {"symbols", "generic", "bursts"}:
            card.error(
                where,
                f"expected an object with symbols or generic (and bursts), got {_shown(face)}",
            )
            return None
        bursts = _checked_whole(face.get("bursts", 0), 0, 2, partial(card.error, f"{where}.bursts"))
        if bursts is None:
            return None
        symbols, generic = face.get("symbols"), face.get("generic")
        if (symbols is None) == (generic is None):
            card.error(where, "a face has either symbols or a generic amount")
            return None
        if generic is not None:
            amount = _checked_whole(
                generic, 1, MAX_GENERIC, partial(card.error, f"{where}.generic")
            )
            if amount is None:
                return None
            faces.append(EnergyFaceRecord(generic=amount, bursts=bursts))
            continue
        if (
            not isinstance(symbols, list)
            or not 1 <= len(symbols) <= 2
            or not all(symbol in ENERGY_SYMBOLS for symbol in symbols)
        ):
            card.error(
                f"{where}.symbols",
                f"expected one or two of {_listed(ENERGY_SYMBOLS)}, got {_shown(symbols)}",
            )
            return None
        faces.append(EnergyFaceRecord(symbols=tuple(symbols), bursts=bursts))
    return tuple(faces)


def _read_sets(raw_sets: Any, problems: ErrorCollector) -> dict[str, SetRecord] | None:
    if raw_sets is _MISSING:
        return None
    if not isinstance(raw_sets, list):
        problems.add(f"'sets' must be a list, got {_shown(raw_sets)}", field="sets")
        return None
    sets: dict[str, SetRecord] = {}
    for position, raw in enumerate(raw_sets, 1):
        if not isinstance(raw, dict):
            problems.add(f"expected a set object, got {_shown(raw)}", record=position, unit="set")
            continue
        texts = {}
        for field in ("set", "set_group", "set_name", "universe"):
            value = raw.get(field, "" if field == "universe" else _MISSING)
            if not isinstance(value, str) or (field != "universe" and not value.strip()):
                shown = "nothing" if value is _MISSING else _shown(value)
                problems.add(
                    f"expected text, got {shown}", record=position, field=field, unit="set"
                )
                break
            texts[field] = value
        else:
            code = texts["set"].lower()
            if code in sets:
                problems.add(f"set {texts['set']!r} is listed twice", record=position, unit="set")
                continue
            sets[code] = SetRecord(
                code=code,
                name=texts["set_name"],
                group=texts["set_group"].lower(),
                universe=texts["universe"],
            )
    return sets


def _sets_from_cards(cards: list[_ReadCard]) -> dict[str, SetRecord]:
    sets: dict[str, SetRecord] = {}
    for card in cards:
        code = card.values["set_code"]
        if code not in sets:
            sets[code] = SetRecord(code, card.set_name, card.set_group, card.universe)
    return sets


def _check_unique_keys(cards: list[_ReadCard], problems: ErrorCollector) -> None:
    first_seen: dict[str, int] = {}
    for card in cards:
        key = card.values["key"]
        if key in first_seen:
            problems.add(
                f"duplicate key {key!r}: card {first_seen[key]} has it too",
                record=key,
                field="tb_code",
                label=card.values["name"],
                unit="card",
            )
        else:
            first_seen[key] = card.position


def _with_die_keys(cards: list[_ReadCard]) -> tuple[CardRecord, ...]:
    homes: dict[int, _ReadCard] = {}
    for card in cards:
        if card.die_id is None:
            continue
        home = homes.get(card.die_id)
        if home is None or (not _in_main_set(home) and _in_main_set(card)):
            homes[card.die_id] = card
    keys_by_die: dict[int, str] = {}
    taken: set[str] = set()
    # `homes` keeps the order in which dice first appear, so suffixes follow file order.
    for die_id, home in homes.items():
        base = die_key(
            home.set_group if _in_main_set(home) else home.values["set_code"], home.die_name
        )
        key, suffix = base, 1
        while key in taken:
            suffix += 1
            key = f"{base}#{suffix}"
        taken.add(key)
        keys_by_die[die_id] = key
    return tuple(
        CardRecord(
            **card.values,
            die_key=keys_by_die.get(card.die_id, "") if card.die_id is not None else "",
            provided=frozenset(card.provided),
        )
        for card in cards
    )


def _in_main_set(card: _ReadCard) -> bool:
    return card.values["set_code"] == card.set_group


def _read_format_lists(
    raw_lists: Any, sets: dict[str, SetRecord], problems: ErrorCollector
) -> dict[str, dict[str, Any]]:
    if raw_lists is None:
        return {}
    if not isinstance(raw_lists, dict):
        problems.add(f"'format_lists' must be an object, got {_shown(raw_lists)}")
        return {}
    lists: dict[str, dict[str, Any]] = {}
    for letter, entries in raw_lists.items():
        field = f"format_lists.{letter}"
        if not isinstance(entries, list) or not all(isinstance(entry, str) for entry in entries):
            problems.add(
                f"expected a list of set codes and card keys, got {_shown(entries)}", field=field
            )
            continue
        code, name = FORMAT_LIST_NAMES.get(letter, (f"list_{letter.lower()}", f"List {letter}"))
        excluded_sets: list[str] = []
        excluded_cards: list[str] = []
        for entry in entries:
            lowered = entry.strip().lower()
            if lowered in sets:
                excluded_sets.append(lowered)
            elif _CARD_ENTRY.fullmatch(lowered):
                excluded_cards.append(lowered)
            else:
                problems.add(
                    f"{_shown(entry)} is neither a known set code nor a card key", field=field
                )
        lists[code] = {
            "name": name,
            "excluded_sets": excluded_sets,
            "excluded_cards": excluded_cards,
        }
    return lists


def _checked_whole(
    value: Any, low: int, high: int | None, report: Callable[[str], None]
) -> int | None:
    if type(value) is not int:
        report(f"expected a whole number, got {_shown(value)}")
        return None
    if value < low or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
        report(f"expected a whole number {bounds}, got {value}")
        return None
    return value


def _shown(value: Any) -> str:
    if isinstance(value, str):
        shown = repr(value)
    else:
        try:
            shown = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            shown = repr(value)
    return shown if len(shown) <= 40 else f"{shown[:37]}..."


def _listed(options: tuple[str, ...]) -> str:
    return ", ".join(options)
