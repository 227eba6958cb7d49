"""Reader for the XDM per-set tables (`ma.txt`, `mb.txt`, `ya.txt`, `da.txt`).

Pipe-separated, CSV-quoted, one header row. `Number`, `Title` and `Rarity` are required; the
other columns are read when present and only they are marked `provided` (so `da.txt`, with
just `Number|Rarity|Title|SubTitle|Cost`, provides key, number, name, subtitle, rarity, cost).
An empty `Cost` or `Die Limit` cell means "not given", not zero.

Decisions:
- Keys are Team Builder keys, `<number><set code>`: main-set collector numbers agree between
  the two sources, and OP rows (`Rarity` = OP, numbered from 1) belong to the Team Builder's OP
  set of the group (avx -> avxop, uxm -> uxmop). Eleven UXM rows are numbered differently by
  the two sources (the Juggernaut, Quicksilver and Wolverine starters, and OP Kitty Pryde and
  Sentinel); those take the Team Builder's numbers, whose codes players use in team links.
- The set comes from the `Set` column; a table without one (`da.txt`) is named by its file
  (XDM's ma/mb/ya/da). "Yu-Gi-Oh: Series 2" labels one row of the Series 1 file (card 102).
- `Type` Action / Basic Action, or an empty type with subtitle "Basic Action Card", is a basic
  action (its subtitle becomes ""); an energy type with no die stats is a non-basic action.
- Faces come from the Field/Attack/Defense/Burst columns (`**` is two bursts); the compact
  `Level n` and `TFC` columns repeat them and are not read.
- Ability text is split into lines before each `*`, `**` or `*/**` burst marker. Icons take
  the Team Builder's markup (`[Mask]` becomes `[M]`, `[Thousand Dragon Fusion]` `[TDF]`) and
  a global line gets the "Global: " prefix the Team Builder keeps, so both sources read alike.
- `die_key` is `<set code>:<title>` for main-set cards; OP rows don't say which set's die they
  use, so they leave it out of `provided`.
"""

import csv
import io
import os
import re
from pathlib import PurePath

from rules.catalogue.errors import ErrorCollector
from rules.catalogue.records import (
    IDENTITY_FIELDS,
    CardRecord,
    CatalogueFile,
    FaceRecord,
    SetRecord,
    card_key,
    die_key,
)
from rules.catalogue.source_text import read_source_text

FORMAT = "xdm_table"

REQUIRED_COLUMNS = ("Number", "Title", "Rarity")

# Set column value -> set group (Team Builder code of the main set).
SET_GROUPS = {
    "avengers vs. x-men": "avx",
    "uncanny x-men": "uxm",
    "age of apocalypse": "uxm",
    "days of future past": "uxm",
    "dark phoenix saga": "uxm",
    "yu-gi-oh: series 1": "ygo",
    "yu-gi-oh: series 2": "ygo",
    "battle for faerun": "bff",
    "battle for faerûn": "bff",
}
SETS_BY_FILE = {"ma": "avx", "mb": "uxm", "ya": "ygo", "da": "bff"}
# Set names as the Team Builder spells them, so importing both sources doesn't rename sets.
MAIN_SETS = {
    "avx": SetRecord("avx", "Avengers Vs X-men", "avx", "Marvel"),
    "uxm": SetRecord("uxm", "Uncanny X-Men", "uxm", "Marvel"),
    "ygo": SetRecord("ygo", "Yu-Gi-Oh!", "ygo", "Yu-Gi-Oh!"),
    "bff": SetRecord("bff", "Battle for Faerun", "bff", "Dungeons & Dragons"),
}
OP_SETS = {
    group: SetRecord(f"{group}op", main.name, group, main.universe)
    for group, main in MAIN_SETS.items()
    if group != "ygo"
}

# (set code, title, subtitle) -> Team Builder collector number, where XDM numbers differently.
TEAM_BUILDER_NUMBERS = {
    ("uxm", "juggernaut", "cain marko"): 10,
    ("uxm", "juggernaut", "unstoppable"): 11,
    ("uxm", "juggernaut", "archvillain"): 12,
    ("uxm", "quicksilver", "pietro maximoff"): 19,
    ("uxm", "quicksilver", "thanks to isotope e"): 20,
    ("uxm", "quicksilver", "former villain"): 21,
    ("uxm", "wolverine", "the best there is"): 22,
    ("uxm", "wolverine", "not very nice"): 23,
    ("uxm", "wolverine", "superhero"): 24,
    ("uxmop", "sentinel", "omega"): 4,
    ("uxmop", "kitty pryde", "on a mission"): 5,
}

RARITIES = {
    "starter": "starter",
    "common": "common",
    "uncommon": "uncommon",
    "rare": "rare",
    "super rare": "super_rare",
    "op": "promo",
    "promo": "promo",
}
ENERGY_NAMES = {"fist": "fist", "bolt": "bolt", "mask": "mask", "shield": "shield"}
BASIC_ACTION_TYPES = frozenset({"action", "basic action"})
BASIC_ACTION_SUBTITLE = "basic action card"
# XDM affiliation names -> Team Builder affiliation codes; others are lowercased, letters only.
AFFILIATIONS = {
    "fantastic four": "fantastic4",
    "thousand dragon fusion": "tdf",
    "egyptian god": "egyptian",
}
# XDM icon names -> the Team Builder's icon tokens.
ICON_TOKENS = {
    "mask": "M",
    "fist": "F",
    "bolt": "B",
    "shield": "S",
    "thousand dragon fusion": "TDF",
}
GLOBAL_PREFIX = "Global: "
MAX_STAT = 99
MAX_DIGITS = 9
LEVELS = (1, 2, 3)
STAT_COLUMNS = tuple(
    f"{stat}{level}" for level in LEVELS for stat in ("Field", "Attack", "Defense", "Burst")
)
BURSTS = {"": 0, "*": 1, "**": 2}

_BURST_MARKER = re.compile(r"(?<![^\s.!?)\"'])(?=(?:\*/\*\*|\*\*|\*)\s)")
_NOT_LETTERS = re.compile(r"[^a-z0-9]+")
_ICON = re.compile(r"\[([^\[\]]{1,40})\]")


def read_xdm_table(path: str | os.PathLike[str]) -> CatalogueFile:
    name = os.fspath(path)
    return parse_xdm_table(read_source_text(name), name)


def parse_xdm_table(text: str, path: str = "<text>") -> CatalogueFile:
    problems = ErrorCollector(path)
    if not text.strip():
        raise problems.fatal("the file is empty")
    rows = csv.reader(io.StringIO(text, newline=""), delimiter="|")
    try:
        header = [column.strip() for column in next(rows)]
    except csv.Error as error:
        raise problems.fatal(f"unreadable header: {error}", line=1) from error
    missing = [column for column in REQUIRED_COLUMNS if column not in header]
    if missing:
        raise problems.fatal(
            f"the header lacks the column(s) {', '.join(missing)}; expected a pipe-separated "
            f"table with {', '.join(REQUIRED_COLUMNS)}",
            line=1,
        )
    duplicated = sorted({column for column in header if header.count(column) > 1})
    if duplicated:
        raise problems.fatal(f"the header repeats the column(s) {', '.join(duplicated)}", line=1)
    file_set = None if "Set" in header else SETS_BY_FILE.get(PurePath(path).stem.lower())
    if "Set" not in header and file_set is None:
        raise problems.fatal(
            "the table has no Set column and its file name is not one of "
            f"{', '.join(f'{stem}.txt' for stem in SETS_BY_FILE)}",
            line=1,
        )

    cards: list[CardRecord] = []
    sets: dict[str, SetRecord] = {}
    first_row_of_key: dict[str, int] = {}
    row_number = rows.line_num + 1
    while True:
        try:
            cells = next(rows)
        except StopIteration:
            break
        except csv.Error as error:
            problems.add(f"unreadable row: {error}", record=row_number)
            break
        if any(cell.strip() for cell in cells):
            card = _read_row(header, cells, row_number, file_set, problems)
            if card is not None:
                if card.key in first_row_of_key:
                    problems.add(
                        f"duplicate key {card.key!r}: row {first_row_of_key[card.key]} has it too",
                        record=row_number,
                        field="Number",
                        label=card.name,
                    )
                else:
                    first_row_of_key[card.key] = row_number
                    cards.append(card)
                    group = _group_of(card.set_code)
                    sets.setdefault(
                        card.set_code,
                        MAIN_SETS[group] if card.set_code == group else OP_SETS[group],
                    )
        row_number = rows.line_num + 1
    if not cards and not problems:
        raise problems.fatal("the table has a header but no card rows")
    problems.raise_if_any()
    return CatalogueFile(path=path, format=FORMAT, sets=tuple(sets.values()), cards=tuple(cards))


class _Row:
    """One table row by column name; every problem goes to the file's collector."""

    def __init__(
        self, header: list[str], cells: list[str], row: int, problems: ErrorCollector
    ) -> None:
        self.cells = dict(zip(header, cells, strict=False))
        self.row = row
        self.problems = problems
        self.label = self.cells.get("Title", "").strip()
        self.ok = True

    def has(self, column: str) -> bool:
        return column in self.cells

    def cell(self, column: str) -> str:
        return self.cells.get(column, "").strip()

    def error(self, column: str | None, message: str) -> None:
        self.ok = False
        self.problems.add(message, record=self.row, field=column, label=self.label)

    def whole(self, column: str, low: int = 0, high: int | None = None) -> int | None:
        value = self.cell(column)
        if value == "":
            return None
        if not (value.isascii() and value.isdecimal()) or len(value) > MAX_DIGITS:
            self.error(column, f"expected a whole number, got {_shown(value)}")
            return None
        number = int(value)
        if number < low or (high is not None and number > high):
            bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
            self.error(column, f"expected a whole number {bounds}, got {number}")
            return None
        return number


def _read_row(
    header: list[str],
    cells: list[str],
    row_number: int,
    file_set: str | None,
    problems: ErrorCollector,
) -> CardRecord | None:
    row = _Row(header, cells, row_number, problems)
    if len(cells) != len(header):
        row.error(None, f"the row has {len(cells)} cells but the header has {len(header)}")
        return None
    provided = set(IDENTITY_FIELDS) | {"rarity"}

    title = row.cell("Title")
    if not title:
        row.error("Title", "the title is empty")
    number = row.whole("Number", low=1)
    if row.cell("Number") == "":
        row.error("Number", "the number is empty")
    rarity = RARITIES.get(row.cell("Rarity").lower())
    if rarity is None:
        row.error(
            "Rarity",
            f"unknown rarity {_shown(row.cell('Rarity'))}; expected one of "
            "Starter, Common, Uncommon, Rare, Super Rare, OP",
        )
    set_code = _set_code(row, file_set, rarity == "promo")
    subtitle = row.cell("SubTitle")
    if row.has("SubTitle"):
        provided.add("subtitle")

    kind, energy = _kind_and_energy(row, subtitle)
    if kind == "basic_action":
        subtitle = ""
    faces: tuple[FaceRecord, ...] = ()
    if kind == "action":
        faces = _faces(row)
        if faces:
            kind = "character"
        elif not _has_stat_columns(row):
            kind = "character_or_action"
    if row.has("Type"):
        provided.update({"kind", "energy"})
        if _has_stat_columns(row):
            provided.update({"faces", "stats_trust"})

    cost = row.whole("Cost")
    max_dice = row.whole("Die Limit")
    provided.update(
        field for field, value in (("cost", cost), ("max_dice", max_dice)) if value is not None
    )
    affiliations = _affiliations(row.cell("Affiliation"))
    ability_lines = split_burst_lines(with_icon_tokens(row.cell("Ability")))
    global_text = with_icon_tokens(row.cell("Global"))
    global_lines = (f"{GLOBAL_PREFIX}{global_text}",) if global_text else ()
    for column, field in (
        ("Affiliation", "affiliations"),
        ("Ability", "ability_lines"),
        ("Global", "global_lines"),
    ):
        if row.has(column):
            provided.add(field)

    if not row.ok or number is None or set_code is None or rarity is None or kind is None:
        return None
    number = TEAM_BUILDER_NUMBERS.get((set_code, title.lower(), subtitle.lower()), number)
    group = _group_of(set_code)
    key_of_die = ""
    if row.has("Type") and set_code == group:
        key_of_die = die_key(group, title) if kind != "basic_action" else ""
        provided.add("die_key")
    return CardRecord(
        key=card_key(number, set_code),
        set_code=set_code,
        number=number,
        name=title,
        subtitle=subtitle,
        kind=kind,
        cost=cost,
        energy=energy,
        affiliations=affiliations,
        rarity=rarity,
        max_dice=max_dice,
        ability_lines=ability_lines,
        global_lines=global_lines,
        die_key=key_of_die,
        faces=faces,
        stats_trust="explicit_columns" if faces else "",
        provided=frozenset(provided),
    )


def _set_code(row: _Row, file_set: str | None, is_op: bool) -> str | None:
    if file_set is not None:
        group = file_set
    else:
        group = SET_GROUPS.get(row.cell("Set").lower())
        if group is None:
            row.error("Set", f"unknown set {_shown(row.cell('Set'))}")
            return None
    if not is_op:
        return group
    if group not in OP_SETS:
        row.error("Rarity", f"the Team Builder has no OP set for {MAIN_SETS[group].name}")
        return None
    return OP_SETS[group].code


def _kind_and_energy(row: _Row, subtitle: str) -> tuple[str | None, tuple[str, ...]]:
    if not row.has("Type"):
        return "character_or_action", ()
    card_type = row.cell("Type").lower()
    if card_type in BASIC_ACTION_TYPES or (
        card_type == "" and subtitle.lower() == BASIC_ACTION_SUBTITLE
    ):
        return "basic_action", ()
    if card_type == "":
        row.error("Type", "the energy type is empty")
        return None, ()
    names = [name.strip() for name in re.split(r"[/+,]", card_type)]
    energy = tuple(ENERGY_NAMES.get(name, "") for name in names)
    if "" in energy or len(set(energy)) != len(energy):
        row.error(
            "Type",
            f"unknown energy type {_shown(row.cell('Type'))}; expected Fist, Bolt, Mask, "
            "Shield, Action or Basic Action",
        )
        return None, ()
    return "action", energy


def _faces(row: _Row) -> tuple[FaceRecord, ...]:
    """The character faces, or () when the row has no die stats at all."""
    if not _has_stat_columns(row):
        return ()
    if not any(row.cell(column) for column in STAT_COLUMNS if not column.startswith("Burst")):
        return ()
    faces = []
    for level in LEVELS:
        fielding = _stat(row, f"Field{level}")
        attack = _stat(row, f"Attack{level}")
        defense = _stat(row, f"Defense{level}")
        bursts = _bursts(row, f"Burst{level}")
        if fielding is None or attack is None or defense is None or bursts is None:
            return ()
        faces.append(FaceRecord(level, fielding, attack, defense, bursts))
    return tuple(faces)


def _has_stat_columns(row: _Row) -> bool:
    return all(row.has(column) for column in STAT_COLUMNS)


def _stat(row: _Row, column: str) -> int | None:
    if row.cell(column) == "":
        row.error(column, "this die stat is empty while others are given")
        return None
    return row.whole(column, high=MAX_STAT)


def _bursts(row: _Row, column: str) -> int | None:
    bursts = BURSTS.get(row.cell(column))
    if bursts is None:
        row.error(column, f"expected '*', '**' or nothing, got {_shown(row.cell(column))}")
    return bursts


def _affiliations(cell: str) -> tuple[str, ...]:
    names = [name.strip().lower() for name in re.split(r"[/,;]", cell)]
    codes = (AFFILIATIONS.get(name, _NOT_LETTERS.sub("", name)) for name in names)
    return tuple(code for code in codes if code)


def split_burst_lines(text: str) -> tuple[str, ...]:
    """ "Gets +1A. * Gets +2A instead." -> ("Gets +1A.", "* Gets +2A instead.")."""
    return tuple(part.strip() for part in _BURST_MARKER.split(text) if part.strip())


def with_icon_tokens(text: str) -> str:
    """ "Pay [Mask]." -> "Pay [M]."; unknown bracketed words are left alone."""
    return _ICON.sub(lambda found: _icon_token(found.group(1), found.group(0)), text)


def _icon_token(name: str, original: str) -> str:
    token = ICON_TOKENS.get(name.strip().lower())
    return f"[{token}]" if token else original


def _group_of(set_code: str) -> str:
    for group, op_set in OP_SETS.items():
        if op_set.code == set_code:
            return group
    return set_code


def _shown(value: str) -> str:
    return repr(value if len(value) <= 40 else f"{value[:37]}...")
